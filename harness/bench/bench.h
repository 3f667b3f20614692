/* bench.h - the sampling engine: verify every kernel on the run's exact inputs
 * (bench_setup.c), then take interleaved samples of every (workload, kernel) with the null
 * kernel in the rotation (bench.c), each sample by the one sampler (bench_sample.c), a
 * plugin's in a child of its own (isolate.c). */
#ifndef SB_BENCH_H
#define SB_BENCH_H

#include "bench/bench_cells.h"
#include "bench/bench_sample.h"
#include "bench/bench_setup.h"
#include "bench/bench_threads.h"

/* Takes warm-up + samples rounds (fewer when *stop is set).  A plugin (--plugin) is sampled
 * in a child process (isolate.h): when it crashes, hangs or exits, its column is marked failed
 * with what happened and the rounds go on.  Returns the number of kernels that failed so. */
int bench_run(struct bench *b);

#endif
