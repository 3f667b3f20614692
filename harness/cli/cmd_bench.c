/* cmd_bench.c - `slidebench bench`: the request checked, then load, verify, sample, write
 * (its options: cmd_bench_opts.c). */
#include <errno.h>
#include <sys/stat.h>
#include <signal.h>
#include <sched.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bench/bench.h"
#include "bench/inputs.h"
#include "bench/bounds.h"
#include "bench/search.h"
#include "bench/search_csv.h"
#include "sim/sim_bench.h"
#include "results/results_ranking.h"
#include "results/results_scaling.h"
#include "cli/cli.h"
#include "cli/cmd_bench.h"
#include "env/env.h"
#include "env/hugepage.h"
#include "registry/layouts.h"
#include "registry/tablecopies.h"
#include "bench/tablewarm.h"
#include "util/output.h"
#include "results/results.h"
#include "sim/sim_callgrind.h"
#include "trace/trace.h"

static struct sim_info sim_info;  /* what --simulate runs (sim_bench.h) */
static struct bounds bounds_tab;   /* each loop's lower bound (bounds.h) */

/* Returns 1 when one of the selected modes takes its input from in. */
static int modes_need(unsigned modes, enum mode_input in)
{
	for (int m = 0; m < MODE_COUNT; m++)
		if ((modes >> m & 1) && (MODES[m].input == in ||
		    (in == INPUT_TRACE_QUERIES && MODES[m].input == INPUT_TRACE_POSITIONS)))
			return 1;
	return 0;
}

/* Builds the inputs the modes need into ws: each mode's row names its builder (bench/inputs.h).
 * Returns 0 or -1. */
static int load_inputs(const struct bench_opts *o, unsigned modes, struct workset *ws,
		       struct pressure_set *ps)
{
	const struct input_args a = {
		.trace = o->trace ? o->trace : DEFAULT_TRACE, .trace_default = !o->trace,
		.max_queries = (size_t)o->max_queries, .random_queries = (size_t)o->random_queries,
		.seed = o->seed, .perft_positions = (size_t)o->perft_positions,
		.perft_depth = (unsigned)o->perft_depth, .search_positions = (size_t)o->search_positions,
		.search_depth = (unsigned)o->search_depth, .search_tt_mib = (size_t)o->search_tt,
		.pressure = ps, .quiet = o->quiet };

	return inputs_build(&a, modes, ws);
}

/* Returns argv joined by spaces (for context.json), in buf. */
static const char *join(int argc, char **argv, char *buf, size_t len)
{
	size_t at = 0;

	buf[0] = 0;
	for (int i = 0; i < argc && at < len; i++)
		at += (size_t)snprintf(buf + at, len - at, "%s%s", i ? " " : "slidebench ", argv[i]);
	return buf;
}

/* Allocates the eviction buffer of cold workloads: twice the last-level cache, at least 64 MiB
 * and at most 1 GiB (a guest may report an implausible L3).  Returns 0 or -1. */
static int cold_buffer(struct bench *b, int cpu)
{
	struct env_caches ec;
	size_t bytes = (size_t)64 << 20;

	if (env_caches(&ec, cpu < 0 ? 0 : cpu) == 0 && ec.l3 > 0 && (size_t)ec.l3 * 2 > bytes)
		bytes = (size_t)ec.l3 * 2 < ((size_t)1 << 30) ? (size_t)ec.l3 * 2 : (size_t)1 << 30;

	b->evict_words = bytes / sizeof(uint64_t);
	b->evict = calloc(b->evict_words, sizeof(uint64_t));
	return b->evict ? 0 : -1;
}

/* Advises the kernels' tables into or out of huge pages before any init() builds them, and
 * collapses what start-up touched already; what cannot be done is a note, never a stop. */
static struct hp_region hp_regions[32];
static int hp_nregions;

static void tables_advise(const struct bench_opts *o)
{
	char err[512];

	hp_nregions = hugepage_advise_ex(o->tables, (const char *const *)o->plugins, o->nplugins,
					 hp_regions, 32, err, sizeof err);
	if (hp_nregions < 0)
		fprintf(stderr, "slidebench: --tables %s: %s; the tables keep the default pages\n",
			hugepage_mode_name(o->tables), err);
}

/* After every init(): huge pages now for tables that were touched before the advice. */
static void tables_collapse(const struct bench_opts *o)
{
	char err[512];

	if (o->tables == HP_HUGEPAGE && hp_nregions > 0 &&
	    hugepage_collapse(hp_regions, (size_t)(hp_nregions < 32 ? hp_nregions : 32), err,
			      sizeof err) < 0)
		fprintf(stderr, "slidebench: --tables hugepage: %s (context.json says what became "
			"huge)\n", err);
}

/* Summarises b's samples (and the simulated counts sim[0..nsim), freed here) into work_dir
 * with m, moves it to final_dir and prints the tables.  Returns the exit status contribution. */
static int write_run(struct bench *b, const struct bench_opts *o, const struct run_meta *m,
		     struct sim_counts *sim, size_t nsim, const char *work_dir,
		     const char *final_dir)
{
	struct results r;
	char err[PATH_MAX + 256];
	int rc = EXIT_OK;

	if (results_compute(b, m->run_id, sim, nsim, &r) < 0) {
		fprintf(stderr, "slidebench bench: out of memory summarising the samples\n");
		free(sim);
		return EXIT_FAIL;
	}
	if (results_write(b, &r, m, work_dir, err, sizeof err) < 0 ||
	    results_scaling_write(b, &r, work_dir, err, sizeof err) < 0 ||
	    search_write(b, work_dir, m->run_id, err, sizeof err) < 0) {
		char err2[PATH_MAX + 256];
		fprintf(stderr, "slidebench bench: %s: no results written\n", err);
		if (out_run_abandon(work_dir, err2, sizeof err2) < 0)
			fprintf(stderr, "slidebench bench: %s\n", err2);
		rc = EXIT_FAIL;
	} else if (out_run_finish(work_dir, final_dir, err, sizeof err) < 0) {
		fprintf(stderr, "slidebench bench: %s\n", err); /* complete: kept where it is */
		rc = EXIT_FAIL;
	} else if (!o->quiet) {
		results_print(&r, stdout);
		results_ranking_print(b, &r, stdout);
		results_scaling_report(b, &r, stdout);
		results_tables_report(b, &r, stdout);
		printf("results: %s\n", final_dir);
	}
	results_free(&r);
	free(sim);
	return rc;
}

/* Samples, simulates and writes the run; returns the exit status contribution. */
static int run_and_write(struct bench *b, struct bench_opts *o, int argc, char **argv,
			 unsigned modes, const char *run_id, const char *work_dir,
			 const char *final_dir)
{
	struct sim_counts *sim = NULL;
	size_t nsim = 0;
	char err[PATH_MAX + 256], cmd[2048];
	int rc = EXIT_OK, wrc;

	if (bench_run(b) != 0)
		rc = EXIT_FAIL;  /* a plugin failed while sampled (named), or out of memory */
	if (o->sim_child)
		return EXIT_OK;
	if (bench_stop_flag && b->taken == 0) {
		fprintf(stderr, "slidebench: interrupted (%s) before the first round: nothing "
			"to write\n", strsignal(bench_stop_flag));
		if (out_run_abandon(work_dir, err, sizeof err) < 0)
			fprintf(stderr, "slidebench bench: %s\n", err);
		return 128 + bench_stop_flag;
	}
	if (bench_stop_flag)
		fprintf(stderr, "slidebench: interrupted (%s): writing the %u complete rounds\n",
			strsignal(bench_stop_flag), b->taken);
	struct sim_opts so = { .d1 = o->d1, .ll = o->ll, .l1 = o->l1, .tlb = o->tlb,
			       .max_queries = o->max_queries };
	if (o->simulate && !bench_stop_flag &&
	    sim_bench_run(argc, argv, &so, work_dir, &sim, &nsim, &sim_info) < 0)
		rc = EXIT_FAIL;
	struct run_meta m = { .run_id = run_id, .argv_line = join(argc, argv, cmd, sizeof cmd),
			      .trace = modes_need(modes, INPUT_TRACE_QUERIES) ? (o->trace ? o->trace : DEFAULT_TRACE) : NULL,
			      .cpu = (int)o->cpu, .interrupted = bench_stop_flag, .simulated = nsim > 0,
			      .cold = o->cold, .layouts = (unsigned)o->layouts,
			      .sim = o->simulate ? &sim_info : NULL, .sim_counts = sim, .nsim = nsim,
			      .seed = o->seed, .max_queries = (size_t)o->max_queries,
			      .min_lookups = (size_t)o->min_lookups,
			      .bounds = bounds_tab.n ? bounds_tab.source : bounds_tab.why };
	wrc = write_run(b, o, &m, sim, nsim, work_dir, final_dir);
	return wrc != EXIT_OK ? wrc : rc;
}

/* Readies the process: the plugins and the kernels (sel, *nsel; a refused plugin sets *rc),
 * the layout copies, the pinned CPU, the timer and the counters of b.  Returns 0, or the exit
 * status. */
static int ready_process(struct bench_opts *o, struct bench *b, struct kentry **sel,
			 size_t *nsel, int *rc)
{
	char err[PATH_MAX + 256];
	int n;

	if (o->sim_child)
		sim_child_plugins(o->plugins, o->nplugins, o->sim_notes);
	else if (cli_load_plugins(o->plugins, o->nplugins))
		*rc = EXIT_FAIL;
	if ((n = cli_select_kernels(o->kernels, sel, MAX_SEL)) < 0)
		return EXIT_USAGE;
	*nsel = (size_t)n;
	if (!o->sim_child)
		layouts_load((unsigned)o->layouts, sel, nsel, MAX_SEL);
	if (o->table_copies)
		tablecopies_load(bench_max_threads(o), TABLEWARM_MIN_BYTES, sel, nsel, MAX_SEL);
	/* the --simulate children run side by side, unpinned: nothing they time is kept */
	if (o->cpu >= 0 && !o->sim_child && env_pin_cpu((int)o->cpu, err, sizeof err) < 0) {
		fprintf(stderr, "slidebench bench: --cpu: %s\n", err);
		return EXIT_USAGE;
	}
	/* Under valgrind (the --simulate child) nothing is timed, and valgrind 3.19 does not decode
	 * rdtscp: the child uses clock_gettime. */
	if (timer_calibrate(&b->timer, !o->sim_child && env_tsc_invariant()) < 0)
		fprintf(stderr, "slidebench: the TSC disagrees with CLOCK_MONOTONIC_RAW; timing "
			"with clock_gettime instead\n");
	if (!o->sim_child && (!o->events || strcmp(o->events, "none"))) {
		if (counters_open(o->events, &b->ctr, err, sizeof err) < 0) {
			fprintf(stderr, "slidebench bench: --events: %s\n", err);
			return EXIT_USAGE;
		}
		b->nev = counters_n(b->ctr);
	}
	return 0;
}

/* Fills b from the options: its workloads (built into w from ws), kernels and settings. */
static void configure(struct bench *b, const struct bench_opts *o, struct workload *w,
		      struct workset *ws, unsigned modes, struct kentry **sel, size_t nsel)
{
	b->w = w;
	b->nw = workloads_build(ws, modes, (size_t)o->min_lookups, o->cold, w, MAX_WORKLOADS);
	b->nw = workloads_threaded(w, b->nw, o->thread_counts, o->nthreads, MAX_WORKLOADS);
	b->kern = sel;
	b->nk = nsel;
	b->pinned_cpu = o->cpu >= 0 ? (int)o->cpu : sched_getcpu();
	b->warmup = (unsigned)o->warmup;
	b->samples = (unsigned)o->samples;
	b->epochs = (unsigned)o->epochs;
	b->sim_child = o->sim_child;
	b->sim_notes = o->sim_notes;
	b->stop = &bench_stop_flag;
	b->events = o->events;
	b->sample_limit = (double)o->sample_limit;
}

/* Gives b this program's lower bounds, or says why there are none. */
static void load_bounds(struct bench *b, const struct bench_opts *o)
{
	if (!o->sim_child && bounds_load(o->bounds, &bounds_tab) == 0) {
		b->bound = bounds_cell;
		b->bound_ctx = &bounds_tab;
	} else if (!o->sim_child && !o->quiet) {
		fprintf(stderr, "slidebench: no lower bounds: %s; bound_cycles stays empty\n",
			bounds_tab.why);
	}
}

/* Begins the run: its id and, but in a --simulate child, its work directory; installs the
 * setup signal handler.  Returns 0, or -1 (named). */
static int begin_run(const struct bench_opts *o, char *run_id, size_t idlen, char *final_dir,
		     char *work_dir, size_t len)
{
	char err[PATH_MAX + 256];

	out_run_id(run_id, idlen);
	if (!o->sim_child && out_run_begin(o->out, run_id, final_dir, work_dir, len, err,
					   sizeof err) < 0) {
		fprintf(stderr, "slidebench bench: %s\n", err);
		return -1;
	}
	bench_setup_signals(o->sim_child ? NULL : work_dir);
	if (o->tables != HP_DEFAULT)
		tables_advise(o);
	return 0;
}

/* Sets the kernels up and verifies them (bench_setup: a kernel that fails is reported, sets
 * *rc and is not timed), then starts the --threads pools.  Returns -1 when no kernel is left
 * or a pool cannot start, the work directory removed; else 0. */
static int setup_kernels(struct bench *b, const struct bench_opts *o, const char *work_dir,
			 int *rc)
{
	char err[PATH_MAX + 256];
	int n = bench_setup(b), t;

	if (n != 0)
		*rc = EXIT_FAIL;
	if (n >= 0 && (t = bench_threads_start(b, err, sizeof err)) >= 0) {
		if (t > 0)
			*rc = EXIT_FAIL;
		for (size_t i = 0; i < b->threads.n && !o->quiet; i++)
			fprintf(stderr, "slidebench: %s\n", b->threads.note[i]);
		return 0;
	}
	if (n >= 0) {
		fprintf(stderr, "slidebench bench: --threads: %s\n", err);
		*rc = EXIT_FAIL;
	}
	if (!o->sim_child && out_run_abandon(work_dir, err, sizeof err) < 0)
		fprintf(stderr, "slidebench bench: %s\n", err);
	return -1;
}

int cmd_bench(int argc, char **argv)
{
	struct bench_opts o = bench_defaults();
	static struct kentry *sel[MAX_SEL];
	struct pressure_set ps = { 0 };
	struct workload w[MAX_WORKLOADS];
	struct workset ws;
	struct bench b = { 0 };
	char run_id[64], final_dir[PATH_MAX], work_dir[PATH_MAX];
	size_t nsel;
	int modes, n, rc = EXIT_OK;

	if ((n = bench_parse(argc, argv, &o)) != 0)
		return n < 0 ? EXIT_OK : n;
	if (o.sim_child)
		o.cold = 0;  /* cold rows are timed, not simulated */
	if ((n = bench_check_request(&o, &modes, &ps, &sim_info)) != 0 ||
	    (n = ready_process(&o, &b, sel, &nsel, &rc)) != 0) {
		rc = n;
		goto close_counters;
	}
	if (load_inputs(&o, (unsigned)modes, &ws, &ps) < 0 || (o.cold && cold_buffer(&b, (int)o.cpu) < 0)) {
		rc = EXIT_FAIL;
		goto close_counters;
	}
	configure(&b, &o, w, &ws, (unsigned)modes, sel, nsel);
	if (begin_run(&o, run_id, sizeof run_id, final_dir, work_dir, sizeof final_dir) < 0) {
		rc = EXIT_FAIL;
		goto free_inputs;
	}
	if (setup_kernels(&b, &o, work_dir, &rc) < 0)
		goto free_bench;
	bench_stop_signals(1); /* from here a signal ends in a written run or a removed work directory */
	tables_collapse(&o);
	load_bounds(&b, &o);
	if (!o.quiet)
		fprintf(stderr, "slidebench: %zu of %zu kernels verified on the run's inputs (%zu "
			"workloads); sampling (%ld warm-up + %ld samples, %ld epochs)...\n",
			bench_verified(&b), b.nk, b.nw, o.warmup, o.samples, o.epochs);
	if ((n = run_and_write(&b, &o, argc, argv, (unsigned)modes, run_id, work_dir,
			       final_dir)) != EXIT_OK)
		rc = n;
free_bench:
	bench_stop_signals(0);
	bench_threads_stop(&b);
	bench_free(&b);
	bounds_free(&bounds_tab);
free_inputs:
	workset_free(&ws);
	pressure_free(&ps);
close_counters:
	if (b.ctr)
		counters_close(b.ctr);
	layouts_free();
	tablecopies_free();
	return rc;
}
