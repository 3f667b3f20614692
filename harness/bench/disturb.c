/* disturb.c - disturbed-sample detection from getrusage(RUSAGE_THREAD) and sched_getcpu().
 *
 * A sample that was switched out (the timer kept running while another task or the hypervisor
 * had the cpu) or moved to another cpu (cold caches, maybe another clock) is not a clean
 * measurement.  The kernel counts each thread's voluntary and involuntary switches
 * (ru_nvcsw / ru_nivcsw, getrusage(2), RUSAGE_THREAD since Linux 2.6.26) whatever the PMU.  A
 * migration needs a switch, so the counts see it too; the cpu numbers say where it went.
 * A migration away and back between two checks shows only as switches. */
#include "bench/disturb.h"

#include <sched.h>
#include <stddef.h>
#include <sys/resource.h>

void disturb_begin(struct disturb_mark *m)
{
	struct rusage ru;

	m->cpu = sched_getcpu();
	if (getrusage(RUSAGE_THREAD, &ru) == 0) {
		m->nvcsw = ru.ru_nvcsw;
		m->nivcsw = ru.ru_nivcsw;
	} else {
		m->nvcsw = m->nivcsw = -1;
	}
}

int disturb_end(const struct disturb_mark *m, struct disturb_delta *out)
{
	struct disturb_delta d = { 0, 0, m->cpu, -1, 0 };
	struct rusage ru;
	int ok = m->nvcsw >= 0 && getrusage(RUSAGE_THREAD, &ru) == 0;

	d.cpu_after = sched_getcpu();
	if (ok) {
		d.nvcsw = ru.ru_nvcsw - m->nvcsw;
		d.nivcsw = ru.ru_nivcsw - m->nivcsw;
	}
	d.migrated = d.cpu_before >= 0 && d.cpu_after >= 0 && d.cpu_before != d.cpu_after;
	if (out)
		*out = d;
	if (d.migrated)
		return 1;
	if (!ok)
		return -1;
	return d.nvcsw > 0 || d.nivcsw > 0;
}

const char *disturb_method(void)
{
	return "getrusage(RUSAGE_THREAD) voluntary + involuntary context switches and "
	       "sched_getcpu() migrations around every sample";
}
