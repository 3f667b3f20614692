/* hostload.c - steal time and the other CPUs' load, from /proc/stat. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "env/hostload.h"

/* Parses the counters after a "cpu" or "cpuN" label: sets *busy and *total (jiffies) and, for
 * the steal column, *steal.  Returns 0 or -1. */
static int parse_cpu_line(const char *line, unsigned long long *busy, unsigned long long *total,
			  unsigned long long *steal)
{
	unsigned long long v[10] = { 0 };
	const char *p = strchr(line, ' ');
	int n = 0;

	while (p && n < 10) {
		char *end;
		while (*p == ' ')
			p++;
		v[n] = strtoull(p, &end, 10);
		if (end == p)
			break;
		n++;
		p = end;
	}
	if (n < 4)
		return -1;
	/* user nice system idle iowait irq softirq steal guest guest_nice; guest time is
	 * already counted in user */
	*total = v[0] + v[1] + v[2] + v[3] + v[4] + v[5] + v[6] + v[7];
	*busy = *total - v[3] - v[4];
	*steal = v[7];
	return 0;
}

int hostload_cpus(const char *path, struct host_cpus *s)
{
	FILE *f = fopen(path ? path : "/proc/stat", "r");
	char line[512];

	memset(s, 0, sizeof *s);
	if (!f)
		return -1;
	while (fgets(line, sizeof line, f)) {
		unsigned long long busy, total, steal;
		int cpu = atoi(line + 3);
		if (strncmp(line, "cpu", 3) || parse_cpu_line(line, &busy, &total, &steal) < 0)
			continue;
		if (line[3] == ' ') {
			s->all_steal = steal, s->all_total = total, s->ok = 1;
		} else if (line[3] >= '0' && line[3] <= '9' && cpu < HOST_MAX_CPUS) {
			s->busy[cpu] = busy;
			s->total[cpu] = total;
		}
	}
	fclose(f);
	return s->ok ? 0 : -1;
}

int hostload_snap(const char *path, int pinned_cpu, struct host_snap *s)
{
	static struct host_cpus c;  /* (16 KiB: not on the stack) */

	memset(s, 0, sizeof *s);
	if (hostload_cpus(path, &c) < 0)
		return -1;
	s->steal = c.all_steal, s->total = c.all_total, s->ok = 1;
	for (int cpu = 0; cpu < HOST_MAX_CPUS; cpu++)
		if (cpu != pinned_cpu) {
			s->other_busy += c.busy[cpu];
			s->other_total += c.total[cpu];
		}
	return 0;
}

double hostload_busy_pct(const struct host_cpus *a, const struct host_cpus *b, int cpu)
{
	if (!a->ok || !b->ok || cpu < 0 || cpu >= HOST_MAX_CPUS ||
	    b->total[cpu] <= a->total[cpu] || b->busy[cpu] < a->busy[cpu])
		return -1;
	return 100.0 * (double)(b->busy[cpu] - a->busy[cpu]) /
	       (double)(b->total[cpu] - a->total[cpu]);
}

/* Returns 100 * part / whole (two decimals) as a JSON number, or null. */
static json_t *pct(unsigned long long part, unsigned long long whole, int ok)
{
	if (!ok || whole == 0)
		return json_null();
	return json_real(round(10000.0 * (double)part / (double)whole) / 100);
}

json_t *hostload_json(const struct host_snap *snap, unsigned n)
{
	json_t *arr = json_array();

	for (unsigned e = 0; arr && e < n; e++) {
		const struct host_snap *a = &snap[e], *b = &snap[e + 1];
		int ok = a->ok && b->ok && b->total >= a->total && b->other_total >= a->other_total;
		json_t *o = json_object();
		json_object_set_new(o, "steal_pct", pct(ok ? b->steal - a->steal : 0,
							b->total - a->total, ok));
		json_object_set_new(o, "other_cpus_busy_pct",
				    pct(ok ? b->other_busy - a->other_busy : 0,
					b->other_total - a->other_total,
					ok && b->other_total > a->other_total));
		json_array_append_new(arr, o);
	}
	return arr;
}
