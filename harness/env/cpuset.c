/* cpuset.c - the CPUs this process may run on (cpuset.h), read once from sched_getaffinity. */
#include <stdio.h>
#include <unistd.h>

#include "env/cpuset.h"

static cpu_set_t mask;
static int have_mask;

/* Reads the mask at the first call; where it cannot be read, every online CPU. */
static const cpu_set_t *allowed(void)
{
	if (!have_mask) {
		if (sched_getaffinity(0, sizeof mask, &mask) != 0 || CPU_COUNT(&mask) == 0) {
			long n = sysconf(_SC_NPROCESSORS_ONLN);
			CPU_ZERO(&mask);
			for (long c = 0; c < (n < 1 ? 1 : n) && c < CPU_SETSIZE; c++)
				CPU_SET((int)c, &mask);
		}
		have_mask = 1;
	}
	return &mask;
}

int cpuset_has(int cpu)
{
	return cpu >= 0 && cpu < CPU_SETSIZE && CPU_ISSET(cpu, allowed());
}

int cpuset_count(void)
{
	return CPU_COUNT(allowed());
}

void cpuset_mask(cpu_set_t *set)
{
	*set = *allowed();
}

char *cpuset_list(char *buf, size_t len)
{
	size_t at = 0;

	buf[0] = 0;
	for (int c = 0; c < CPU_SETSIZE && at + 12 < len; c++) {
		int end = c;
		if (!cpuset_has(c))
			continue;
		while (end + 1 < CPU_SETSIZE && cpuset_has(end + 1))
			end++;
		if (end > c)
			at += (size_t)snprintf(buf + at, len - at, "%s%d-%d", at ? "," : "", c, end);
		else
			at += (size_t)snprintf(buf + at, len - at, "%s%d", at ? "," : "", c);
		c = end;
	}
	return buf;
}

int cpuset_note(char *buf, size_t len)
{
	long online = sysconf(_SC_NPROCESSORS_ONLN);
	char list[256];

	buf[0] = 0;
	if (online < 1 || cpuset_count() >= online)
		return 0;
	snprintf(buf, len, "this process may run on %d of the %ld online CPUs (%s: taskset, a "
		 "cgroup cpuset or a batch allocation)", cpuset_count(), online,
		 cpuset_list(list, sizeof list));
	return 1;
}
