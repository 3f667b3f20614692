/* bench.h - the sampling engine: verify every kernel on the run's exact inputs (bench_setup.c),
 * then take interleaved samples of every (workload, kernel) with the null kernel in the
 * rotation (bench.c). */
#ifndef SB_BENCH_H
#define SB_BENCH_H

#include <signal.h>
#include <stddef.h>
#include <stdint.h>

#include "counters/counters.h"
#include "registry/registry.h"
#include "bench/threads.h"
#include "bench/timer.h"
#include "bench/workload.h"
#include "env/hostload.h"

struct iso_worker;
struct thread_pool;

#define BENCH_MAX_THREAD_COUNTS 8   /* --threads 1,2,4,...: counts in one run */

enum cell_state { CELL_TIMED, CELL_UNAVAILABLE, CELL_FAILED };

/* One kernel on one workload. */
struct cell {
	const struct sb_kernel *k;   /* &sb_null_kernel in column 0 */
	struct workload *w;
	struct sb_input *win;        /* [w->nwin]: each window's input after the kernel's
				      * prepare() (window 0 the whole input when nwin is 1) */
	int prepared;
	enum cell_state state;
	const char *why;             /* unavailable / failed: why */
	uint64_t *ticks;             /* [warmup + samples] */
	long long *ctr;              /* [(warmup + samples) * nev] */
	double *ghz;                 /* [warmup + samples]: core clock probed around the sample */
	unsigned char *disturbed;    /* [warmup + samples]: a context switch or migration seen */
	uint64_t *roots;             /* search: [2 * nperft], each root's nodes then best move
				      * and score as its verification found them (search.csv) */
	int wrong;                   /* a timed sample's checksum differed from the reference's */
	unsigned wrong_sample;       /* the first such sample */
};

struct bench {
	struct timer timer;
	struct counters *ctr;        /* may be NULL: no counters */
	size_t nev;
	struct workload *w;
	size_t nw;
	struct kentry **kern;
	size_t nk;
	struct cell *cells;          /* [nw][nk + 1]; column 0 is the null kernel */
	unsigned warmup, samples;
	unsigned epochs;             /* the measured rounds split into this many blocks */
	uint64_t *evict;             /* cold workloads: a buffer larger than the last-level */
	size_t evict_words;          /* cache, touched before each cold sample */
	unsigned taken;              /* samples (warm-up included) completed for every cell */
	int sim_child;               /* bracket each region for callgrind, label it */
	const char *sim_notes;       /* the --simulate child: where it notes a plugin it lost */
	volatile sig_atomic_t *stop; /* set by SIGINT: finish the current round and stop */
	const char *events;          /* --events as given (a plugin's sampling child reopens it) */
	double sample_limit;         /* seconds a plugin's sample may take (0: the default) */
	struct iso_worker *iso;      /* [nk + 1]: the sampling child of each plugin column */
	int pinned_cpu;              /* for the host load: the other CPUs are the others */
	struct host_snap host[HOST_MAX_EPOCHS + 1];  /* /proc/stat at each epoch's edges */
	unsigned nhost;              /* snapshots taken */
	/* Returns the lower bound of cell c in core cycles per lookup, or NaN (bounds.h); NULL:
	 * no bounds known */
	double (*bound)(const struct cell *c, const void *ctx);
	const void *bound_ctx;
	char trial_why[256];         /* why a plugin's trial of its setup failed (bench_setup) */
	struct thread_pool *pools[BENCH_MAX_THREAD_COUNTS];  /* one per thread count > 1 */
	size_t npools;
	char threads_note[BENCH_MAX_THREAD_COUNTS][256];  /* each pool's CPUs and why */
	char threads_cpus[BENCH_MAX_THREAD_COUNTS][128];  /* each pool's CPUs, "1 0" */
	char threads_busy[160];      /* the CPU busy with other work that left thread counts
				      * untimed ("cpu 1 was 85% busy ..."), or "" */
	uint64_t *noise[THREADS_MAX];  /* each neighbour's working set (neighbours modes) */
};

/* Returns the cell of workload wi, kernel column ki (0 = null). */
static inline struct cell *bench_cell(struct bench *b, size_t wi, size_t ki)
{
	return &b->cells[wi * (b->nk + 1) + ki];
}

/* Allocates the cells, runs each kernel's prepare() and the verification gate: the reference
 * checksum of every workload, then every kernel's queries and loop checksums against it.
 * A kernel that fails (verification or prepare()) is marked and never timed.  Returns the
 * number of failed kernels, or -1. */
int bench_setup(struct bench *b);
/* Returns the number of kernel columns verified on every workload they run (one at least; a
 * mode a plugin's ABI version lacks is unavailable, not run). */
size_t bench_verified(const struct bench *b);
/* Takes warm-up + samples rounds (fewer when *stop is set).  A plugin (--plugin) is sampled
 * in a child process (isolate.h): when it crashes, hangs or exits, its column is marked failed
 * with what happened and the rounds go on.  Returns the number of kernels that failed so. */
int bench_run(struct bench *b);
/* Takes sample s of one cell in this process (the in-process path, and a plugin's child). */
void bench_sample(struct bench *b, struct cell *c, unsigned s);
void bench_free(struct bench *b);
/* Marks every cell of kernel column ki that is still timed as failed with why (bench_setup.c,
 * for the setup and the sampling alike). */
void bench_fail_column(struct bench *b, size_t ki, const char *why);
/* Returns non-zero when kernel column ki is a --plugin, sampled in a child of its own. */
int bench_isolated(const struct bench *b, size_t ki);
/* In the --simulate child, where a plugin column is not run in a child of its own: runs
 * fn(arg), the column's code, under registry_guarded with a time limit of limit_s (the setting
 * limit_name); a crash or a hang withdraws the column, noted for the parent (which timed it
 * natively) with the step.  Returns 1 when it was withdrawn, else 0. */
int bench_sim_guarded(struct bench *b, size_t ki, void (*fn)(void *), void *arg,
		      unsigned limit_s, const char *limit_name, const char *step);
/* Brings cell c to its cache state for the sample slot (workload.h), run by kernel k (c->k, or
 * the instance of it a thread runs, tablecopies.h): warm, an untimed sample of the same kernel
 * on another window, the slot's queries read in and a large table read whole; cold, the caches
 * evicted. */
void bench_settle(struct bench *b, struct cell *c, const struct sb_kernel *k, unsigned slot);
/* Takes sample s of a multi-threaded cell (bench_threads.c): every thread settles its own slot,
 * then all time their windows at once; the cell's ticks are the threads' mean per lookup. */
void bench_sample_threads(struct bench *b, struct cell *c, unsigned s);
/* Checks every other instance of a kernel a thread runs (tablecopies.h) on the timed windows
 * (a wrong one fails its cell), then starts a pool for every thread count of b's workloads
 * (the CPUs chosen from the pinned one among those this process may run on, topology.h,
 * cpuset.h), the others idle between samples.  A CPU busy with other work is not used; a
 * thread count that would need one is left untimed (its cells unavailable, b->threads_busy
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
