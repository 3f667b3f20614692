/* bench_cells.h - what the sampling engine works on: one cell per (workload, kernel), the
 * null kernel in column 0, and the run's state around them (struct bench).  Setup
 * (bench_setup.c), the sampler (bench_sample.c), the thread pools (bench_threads.c), a plugin's
 * sampling child (isolate.c) and the rounds (bench.c) all read these; none of them calls the
 * others through this header. */
#ifndef SB_BENCH_CELLS_H
#define SB_BENCH_CELLS_H

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
/* A noisy neighbour's working set (the neighbours modes): far larger than a core's L2. */
#define BENCH_NOISE_BYTES (8u << 20)

/* The pools a run's multi-threaded workloads sample on, one per thread count > 1, and what
 * their threads need (bench_threads.c starts and stops them). */
struct bench_pools {
	struct thread_pool *pool[BENCH_MAX_THREAD_COUNTS];
	size_t n;
	char note[BENCH_MAX_THREAD_COUNTS][256];  /* each pool's CPUs and why */
	char cpus[BENCH_MAX_THREAD_COUNTS][128];  /* each pool's CPUs, "1 0" */
	char busy[160];              /* the CPU busy with other work that left thread counts
				      * untimed ("cpu 1 was 85% busy ..."), or "" */
	uint64_t *noise[THREADS_MAX];  /* each neighbour's working set, BENCH_NOISE_BYTES */
};

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
	struct bench_pools threads;  /* the --threads pools (bench_threads.c) */
};

/* Returns the cell of workload wi, kernel column ki (0 = null). */
static inline struct cell *bench_cell(struct bench *b, size_t wi, size_t ki)
{
	return &b->cells[wi * (b->nk + 1) + ki];
}

#endif
