/* disturb.h - was a sample disturbed?  Context switches (getrusage RUSAGE_THREAD: voluntary and
 * involuntary) and cpu migration (sched_getcpu before and after) around one sample.  Needs no
 * PAPI and no PMU: it works on every Linux machine.  Two syscalls and a vDSO-speed getcpu per
 * bracket, so bracket a whole sample (>= 10^4 lookups), never a lookup. */
#ifndef SB_DISTURB_H
#define SB_DISTURB_H

/* Taken by disturb_begin() right before the timed region. */
struct disturb_mark {
	long nvcsw, nivcsw; /* the thread's context switches so far (-1: getrusage failed) */
	int cpu;            /* sched_getcpu(), or -1 when unknown */
};

/* What happened between disturb_begin() and disturb_end(). */
struct disturb_delta {
	long nvcsw;          /* voluntary switches (the thread blocked: I/O, sleep, page fault) */
	long nivcsw;         /* involuntary switches (preempted: another task or the hypervisor) */
	int cpu_before, cpu_after; /* -1 when unknown */
	int migrated;        /* 1 when cpu_after != cpu_before (both known) */
};

/* Returns nothing; records the thread's switch counts and cpu now.  Call it last before the
 * timed region starts. */
void disturb_begin(struct disturb_mark *m);
/* Returns 1 when the sample since m was disturbed (any context switch, or a migration), 0 when
 * not, -1 when it cannot be told (getrusage failed; out is zeroed but for the cpus).  Call it
 * first after the timed region ends.  out may be NULL. */
int disturb_end(const struct disturb_mark *m, struct disturb_delta *out);
/* Returns a one-line description of the method, for context.json's counter sources. */
const char *disturb_method(void);

#endif
