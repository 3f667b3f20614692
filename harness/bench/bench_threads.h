/* bench_threads.h - the thread pools a run's multi-threaded workloads sample on: one per
 * thread count, its CPUs chosen from the pinned one, started before the rounds and stopped
 * after them. */
#ifndef SB_BENCH_THREADS_H
#define SB_BENCH_THREADS_H

#include <stddef.h>

#include "bench/bench_cells.h"

/* Checks every other instance of a kernel a thread runs (tablecopies.h) on the timed windows
 * (a wrong one fails its cell), then starts a pool for every thread count of b's workloads
 * (the CPUs chosen from the pinned one among those this process may run on, topology.h,
 * cpuset.h), the others idle between samples.  A CPU busy with other work is not used; a
 * thread count that would need one is left untimed (its cells unavailable, b->threads.busy
 * says why, one line on stderr).  Returns 0, 1 when an instance failed its check, or -1 with
 * err. */
int bench_threads_start(struct bench *b, char *err, size_t errlen);
/* In a plugin's sampling child (isolate.c), forked after bench_threads_start: the pools'
 * workers stayed in the parent, so starts the child's own pools on the same CPUs and points
 * the workloads at them; the plugin's threads then run in its child as the built-in kernels'
 * run in slidebench.  Returns 0, or -1 with err. */
int bench_threads_restart(struct bench *b, char *err, size_t errlen);
void bench_threads_stop(struct bench *b);

#endif
