/* bench_setup.h - before any sample: the cells allocated, each kernel's prepare() run and the
 * verification gate passed (a plugin's in a trial child first); after the run, freed. */
#ifndef SB_BENCH_SETUP_H
#define SB_BENCH_SETUP_H

#include <stddef.h>

#include "bench/bench_cells.h"

/* Allocates the cells, runs each kernel's prepare() and the verification gate: the reference
 * checksum of every workload, then every kernel's queries and loop checksums against it.
 * A kernel that fails (verification or prepare()) is marked and never timed.  Returns the
 * number of failed kernels, or -1. */
int bench_setup(struct bench *b);
/* Returns the number of kernel columns verified on every workload they run (one at least; a
 * mode a plugin's ABI version lacks is unavailable, not run). */
size_t bench_verified(const struct bench *b);
void bench_free(struct bench *b);
/* Marks every cell of kernel column ki that is still timed as failed with why (for the setup
 * and the sampling alike). */
void bench_fail_column(struct bench *b, size_t ki, const char *why);
/* Returns non-zero when kernel column ki is a --plugin, sampled in a child of its own. */
int bench_isolated(const struct bench *b, size_t ki);
/* In the --simulate child, where a plugin column is not run in a child of its own: runs
 * fn(arg), the column's code, under registry_guarded with a time limit of limit_s (the setting
 * limit_name); a crash or a hang withdraws the column, noted for the parent (which timed it
 * natively) with the step.  Returns 1 when it was withdrawn, else 0. */
int bench_sim_guarded(struct bench *b, size_t ki, void (*fn)(void *), void *arg,
		      unsigned limit_s, const char *limit_name, const char *step);

#endif
