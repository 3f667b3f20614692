/* bench_sample.h - one sample of one cell: its caches brought to the cell's state, then its
 * window's passes timed, on one thread or on T at once (threads are a dimension of the
 * sample, not another path), the checksum of what was timed checked against the
 * reference's. */
#ifndef SB_BENCH_SAMPLE_H
#define SB_BENCH_SAMPLE_H

#include "bench/bench_cells.h"

/* Takes sample s of cell c in this process (the in-process path, and a plugin's child): with
 * T threads (workload_threads, T > 1 from the workload's pool), every thread settles its own
 * slot s * T + i, then all time their windows at once; the cell's ticks are the timed
 * threads' mean per lookup (thread 0's alone beside noisy neighbours). */
void bench_sample(struct bench *b, struct cell *c, unsigned s);

#endif
