/* cmd_bench.h - `slidebench bench`'s options (cmd_bench_opts.c) and their check before
 * anything runs (cmd_bench_check.c), read by the command (cmd_bench.c). */
#ifndef SB_CMD_BENCH_H
#define SB_CMD_BENCH_H

#include <signal.h>

#include "bench/bench.h"
#include "env/hugepage.h"

#define MAX_SEL 512
#define MAX_PLUGINS 32
#define MAX_WORKLOADS 64
#define DEFAULT_TRACE "datasets/master-2000.trace"

struct bench_opts {
	const char *kernels, *modes, *events, *out, *trace, *d1, *ll, *pressure, *l1, *tlb, *bounds;
	const char *threads, *sim_notes;
	unsigned nthreads, thread_counts[BENCH_MAX_THREAD_COUNTS];
	enum hp_mode tables;
	char *plugins[MAX_PLUGINS];
	size_t nplugins;
	long samples, warmup, epochs, layouts, cpu, max_queries, min_lookups, random_queries;
	long perft_depth, perft_positions, sample_limit;
	long search_depth, search_positions, search_tt, seed;
	int simulate, sim_child, quiet, cold, table_copies;
};

/* The stop signal that arrived while sampling (0: none): the run finishes its round and
 * writes the complete ones (cmd_bench_signals.c). */
extern volatile sig_atomic_t bench_stop_flag;
/* Installs the setup handler for SIGINT, SIGTERM and SIGHUP: until the sampling starts, a
 * signal ends the process at once, work_dir (NULL: none) removed when it is still empty. */
void bench_setup_signals(const char *work_dir);
/* Installs (on 1) or removes (on 0) the stop handler, which sets bench_stop_flag; without
 * SA_RESTART, so a wait for the --simulate child returns to see the flag. */
void bench_stop_signals(int on);
/* Returns the options as they are when none is given. */
struct bench_opts bench_defaults(void);
/* Returns the mode bit set of a comma list, or -1 after a message. */
int bench_parse_modes(const char *list);
/* Parses argv into o; returns 0, or EXIT_USAGE / -1 (help printed). */
int bench_parse(int argc, char **argv, struct bench_opts *o);
/* Returns the largest --threads count (1 when none was given). */
unsigned bench_max_threads(const struct bench_opts *o);
struct pressure_set;
struct sim_info;
/* Checks what the options ask for before anything runs: the --simulate plan (si), the modes
 * (*modes) and the pressure sizes (ps).  Returns 0, or the exit status. */
int bench_check_request(struct bench_opts *o, int *modes, struct pressure_set *ps,
			struct sim_info *si);

#endif
