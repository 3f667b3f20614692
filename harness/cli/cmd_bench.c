/* cmd_bench.c - `slidebench bench`: options, then load, verify, sample, write. */
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
#include "bench/perft.h"
#include "bench/search.h"
#include "bench/threads.h"
#include "sim/sim_bench.h"
#include "results/results_ranking.h"
#include "results/results_scaling.h"
#include "cli/cli.h"
#include "env/cpuset.h"
#include "env/env.h"
#include "env/hugepage.h"
#include "registry/layouts.h"
#include "registry/tablecopies.h"
#include "bench/tablewarm.h"
#include "util/output.h"
#include "results/results.h"
#include "sim/sim_callgrind.h"
#include "trace/trace.h"

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
	long search_depth, search_positions, search_tt;
	unsigned long long seed;
	int simulate, sim_child, quiet, cold, table_copies;
};

static volatile sig_atomic_t stop_flag;
static struct sim_info sim_info;  /* what --simulate runs (sim_bench.h) */
static struct bounds bounds_tab;   /* each loop's lower bound (bounds.h) */

/* SIGINT, SIGTERM and SIGHUP: finish the current round, write the complete ones. */
static void on_stop_signal(int sig)
{
	stop_flag = sig;
}

/* Until the sampling starts nothing is written: a stop signal during setup and verification
 * (a kernel's init() or a long verification) ends the process at once, its empty work
 * directory removed (async-signal-safe calls only); a lock left behind is released by the
 * kernel with the process, and the next run removes what it finds. */
static char setup_work_dir[PATH_MAX];

static void on_setup_signal(int sig)
{
	static const char msg[] = "slidebench: interrupted during setup or verification: "
				  "nothing written\n";
	ssize_t w = write(STDERR_FILENO, msg, sizeof msg - 1);

	(void)w;
	if (setup_work_dir[0])
		rmdir(setup_work_dir);
	signal(sig, SIG_DFL);
	raise(sig);
}

/* Installs the setup handler for SIGINT, SIGTERM and SIGHUP (see on_setup_signal). */
static void setup_signals(const char *work_dir)
{
	static const int SIGS[] = { SIGINT, SIGTERM, SIGHUP };
	struct sigaction sa = { .sa_handler = on_setup_signal };

	snprintf(setup_work_dir, sizeof setup_work_dir, "%s", work_dir ? work_dir : "");
	sigemptyset(&sa.sa_mask);
	for (size_t i = 0; i < sizeof SIGS / sizeof SIGS[0]; i++)
		sigaction(SIGS[i], &sa, NULL);
}

/* Installs (on 1) or removes (on 0) the stop handler for SIGINT, SIGTERM and SIGHUP; without
 * SA_RESTART, so a wait for the --simulate child returns to see the flag. */
static void stop_signals(int on)
{
	static const int SIGS[] = { SIGINT, SIGTERM, SIGHUP };
	struct sigaction sa = { .sa_handler = on ? on_stop_signal : SIG_DFL };

	sigemptyset(&sa.sa_mask);
	for (size_t i = 0; i < sizeof SIGS / sizeof SIGS[0]; i++)
		sigaction(SIGS[i], &sa, NULL);
	sim_stop = on ? &stop_flag : NULL;
}

enum { O_MAXQ = 256, O_MINL, O_RANDQ, O_SEED, O_SIM, O_D1, O_LL, O_CHILD, O_WARM, O_EPOCHS,
       O_COLD, O_LAYOUTS, O_PRESSURE, O_TABLES, O_L1, O_TLB, O_PDEPTH, O_PPOS, O_LIMIT, O_BOUNDS,
       O_THREADS, O_TCOPIES, O_NOTES, O_SDEPTH, O_SPOS, O_STT };

static void mode_list(FILE *f, int col);

static const struct cli_opt BENCH_OPTS[] = {
	{ "kernel", 'k', "LIST", "kernels, comma-separated (default all; see slidebench list)",
	  NULL },
	{ "mode", 'm', "LIST", "modes, comma-separated; the word default stands for the modes run "
	  "when --mode is not given", mode_list },
	{ "trace", 't', "FILE", "the positions to replay (default " DEFAULT_TRACE ")", NULL },
	{ "samples", 's', "N", "measured samples per kernel and mode (default 15)", NULL },
	{ "warmup", O_WARM, "N", "warm-up rounds first, kept in samples.csv as phase=warmup "
	  "(default 2)", NULL },
	{ "epochs", O_EPOCHS, "N", "split the measured rounds into N epochs; their spread is "
	  "reported beside the within-run spread (default 3)", NULL },
	{ "pressure", O_PRESSURE, "LIST", "pressure-mode working-set sizes (default "
	  PRESSURE_DEFAULT ")", NULL },
	{ "tables", O_TABLES, "MODE", "default, hugepage or nohugepage: madvise the kernels' tables "
	  "before they are built (context.json: what smaps read back)", NULL },
	{ "cold", O_COLD, NULL, "also time every workload cold: the caches flushed by touching a "
	  "buffer larger than the last-level cache before each sample, one pass", NULL },
	{ "layouts", O_LAYOUTS, "N", "also time N copies of each kernel that differ only in code "
	  "placement (bin/layouts/<i>/<kernel>.so, `make layouts`): layout_spread_pct", NULL },
	{ "cpu", 'c', "N", "pin to cpu N before calibrating (sched_setaffinity)", NULL },
	{ "table-copies", O_TCOPIES, NULL, "with --threads: each selected kernel with tables of "
	  "64 KiB or more also as <kernel>@shared (every thread reads one set of tables) and "
	  "<kernel>@per-thread (each thread its own), both from copies of bin/plugins/<kernel>.so "
	  "(`make plugins`)", NULL },
	{ "threads", O_THREADS, "LIST", "thread counts, e.g. 1,2,4 or 1,all (default 1): every "
	  "workload is timed with that many threads at once, each pinned to its own core from "
	  "--cpu on and running its own windows of the stream, in the same rounds; a row's times "
	  "are each thread's; only CPUs this process may run on (taskset) and not busy with other "
	  "work are used (docs/threads.md)", NULL },
	{ "events", 'e', "LIST", "PAPI preset or native names, or none (default, where countable: "
	  COUNTERS_DEFAULT_LIST "; the first five per lookup in summary.csv's hw_* columns)",
	  NULL },
	{ "plugin", 'p', "FILE.so", "load a kernel from a shared object (repeatable); it is timed "
	  "in a child process: a crash, hang or exit there fails it alone", NULL },
	{ "sample-limit", O_LIMIT, "S", "seconds a plugin's sample may take before it is stopped "
	  "(default 60)", NULL },
	{ "out", 'o', "DIR", "result directory (default results/<run-id>); never overwritten",
	  NULL },
	{ "max-queries", O_MAXQ, "N", "whole games, every k-th, so each piece has at most N "
	  "queries (default 0: the whole trace).  A sample times one window of the input, never a "
	  "query twice; an input shorter than two windows is replayed within the sample (the rows "
	  "say `replayed`)", NULL },
	{ "min-lookups", O_MINL, "N", "lookups per sample (window) at least (default 100000)",
	  NULL },
	{ "bounds", O_BOUNDS, "FILE", "each loop's lower bound in core cycles per lookup (default: "
	  "this program's path + .bounds.csv, from make); a bound above the figure is the bound's "
	  "error: dropped (flag bound-dropped), the figure kept", NULL },
	{ "random-queries", O_RANDQ, "N", "random-mode stream length (default 400000; the random "
	  "modes time at most four windows of it)", NULL },
	{ "seed", O_SEED, "N", "random-mode seed (default 1)", NULL },
	{ "perft-depth", O_PDEPTH, "N", "perft mode: depth of each tree, bulk-counted (default 3)",
	  NULL },
	{ "perft-positions", O_PPOS, "N", "perft mode: roots sampled evenly over the trace (default "
	  "64)", NULL },
	{ "search-depth", O_SDEPTH, "N", "search mode: depth of each root's iterative deepening "
	  "(default 4; quiescence on captures below it)", NULL },
	{ "search-positions", O_SPOS, "N", "search mode: roots sampled evenly over the trace, as "
	  "perft's (default 16)", NULL },
	{ "search-tt", O_STT, "MiB", "search mode: the transposition table's size (default 16; "
	  "zeroed before each pass)", NULL },
	{ "simulate", O_SIM, NULL, "also re-run under valgrind callgrind: simulated cache and "
	  "branch misses per lookup (sim_* columns), for machines without a PMU", NULL },
	{ "d1", O_D1, "S,A,L", "simulated D1 cache geometry (bytes, ways, line bytes)", NULL },
	{ "ll", O_LL, "S,A,L", "simulated last-level cache geometry (bytes, ways, line bytes)",
	  NULL },
	{ "l1", O_L1, "LIST", "also simulate these D1 sizes (SIZE or SIZE:WAYS, e.g. "
	  "16K,32K,48K:12)", NULL },
	{ "tlb", O_TLB, "N", "simulated data TLB entries (default 64; 0: no TLB pass)", NULL },
	{ "quiet", 'q', NULL, "no progress lines, no summary table", NULL },
	{ "sim-child", O_CHILD, NULL, NULL, NULL }, /* the --simulate child: not for users */
	{ "sim-notes", O_NOTES, "FILE", NULL, NULL }, /* where it notes a plugin it cannot run */
	CLI_OPT_HELP,
	CLI_OPT_END
};
const struct cli_cmd CLI_BENCH = {
	"bench", "[OPTIONS]",
	"Verifies every selected kernel on the run's exact inputs, then times it.\n",
	BENCH_OPTS,
	"Every sample is preceded by an untimed pass of the same kernel and workload (warm cache\n"
	"state), so a kernel's figure does not depend on which other kernels run beside it.\n"
	"Writes samples.csv, counters.csv, summary.csv and context.json; prints the summary.\n"
	"Exit: 0 ok; 1 a kernel failed verification or preparation, a plugin was refused, or I/O\n"
	"failed; 2 usage.\n"
};

/* Prints the modes under --mode in --help: the default ones, then each with what it times
 * (indented as the long options' names are, the widest column a mode's line can have). */
static void mode_list(FILE *f, int col)
{
	fprintf(f, "%*sdefault: %s\n", col, "", mode_names(1));
	for (int m = 0; m < MODE_COUNT; m++)
		fprintf(f, "      %-11s %s\n", MODES[m].name, MODES[m].help);
}

/* Returns the mode bit set of a comma list, or -1 after a message. */
static int parse_modes(const char *list)
{
	char buf[256], *tok, *save = NULL;
	int bits = 0;

	if (cli_check_list("--mode", list) < 0)
		return -1;
	if (strlen(list) >= sizeof buf) {
		fprintf(stderr, "slidebench bench: --mode \"%.80s\": an overlong list (%s)\n", list,
			mode_names(0));
		return -1;
	}
	snprintf(buf, sizeof buf, "%s", list);
	for (tok = strtok_r(buf, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
		int m = mode_find(tok);
		if (!strcmp(tok, "default")) {     /* the modes run when --mode is not given */
			for (int d = 0; d < MODE_COUNT; d++)
				bits |= MODES[d].by_default << d;
			continue;
		}
		if (m < 0) {
			fprintf(stderr, "slidebench bench: unknown mode \"%s\" (%s)\n", tok,
				mode_names(0));
			return -1;
		}
		bits |= 1 << m;
	}
	return bits;
}

/* Takes option c (its argument in optarg) into o.  Returns 0, or EXIT_USAGE / -1 (help
 * printed). */
static int take_option(int c, struct bench_opts *o)
{
	long seed;
	int bad = 0;

	switch (c) {
	case 'k': o->kernels = optarg; break;
	case 'm': o->modes = optarg; break;
	case 's': bad = cli_parse_long("--samples", optarg, 1, 100000, &o->samples); break;
	case O_WARM: bad = cli_parse_long("--warmup", optarg, 0, 1000, &o->warmup); break;
	case O_EPOCHS: bad = cli_parse_long("--epochs", optarg, 1, 100, &o->epochs); break;
	case O_COLD: o->cold = 1; break;
	case O_PRESSURE: o->pressure = optarg; break;
	case O_TABLES:
		if (hugepage_mode_parse(optarg, &o->tables) < 0) {
			fprintf(stderr, "slidebench bench: --tables: \"%s\": default, hugepage "
				"or nohugepage\n", optarg);
			return EXIT_USAGE;
		}
		break;
	case O_LIMIT: bad = cli_parse_long("--sample-limit", optarg, 1, 86400, &o->sample_limit); break;
	case O_LAYOUTS: bad = cli_parse_long("--layouts", optarg, 0, 16, &o->layouts); break;
	case 'c': bad = cli_parse_long("--cpu", optarg, 0, 4095, &o->cpu); break;
	case 'e': o->events = optarg; break;
	case 'p':
		if (o->nplugins == MAX_PLUGINS) {
			fprintf(stderr, "slidebench bench: at most %d --plugin\n", MAX_PLUGINS);
			return EXIT_USAGE;
		}
		o->plugins[o->nplugins++] = optarg;
		break;
	case 'o': o->out = optarg; break;
	case 't': o->trace = optarg; break;
	case O_BOUNDS: o->bounds = optarg; break;
	case O_THREADS: o->threads = optarg; break;
	case O_TCOPIES: o->table_copies = 1; break;
	case O_MAXQ: bad = cli_parse_long("--max-queries", optarg, 0, 100000000, &o->max_queries); break;
	case O_MINL: bad = cli_parse_long("--min-lookups", optarg, 1, 1000000000, &o->min_lookups); break;
	case O_RANDQ: bad = cli_parse_long("--random-queries", optarg, 16, 100000000, &o->random_queries); break;
	case O_SEED:
		bad = cli_parse_long("--seed", optarg, 0, 0x7FFFFFFFL, &seed);
		o->seed = bad ? o->seed : (unsigned long long)seed;
		break;
	case O_SIM: o->simulate = 1; break;
	case O_PDEPTH: bad = cli_parse_long("--perft-depth", optarg, 1, 8, &o->perft_depth); break;
	case O_PPOS: bad = cli_parse_long("--perft-positions", optarg, 1, 100000, &o->perft_positions); break;
	case O_SDEPTH: bad = cli_parse_long("--search-depth", optarg, 1, SEARCH_DEPTH_MAX, &o->search_depth); break;
	case O_SPOS: bad = cli_parse_long("--search-positions", optarg, 1, SEARCH_POSITIONS_MAX, &o->search_positions); break;
	case O_STT: bad = cli_parse_long("--search-tt", optarg, 1, SEARCH_TT_MAX_MIB, &o->search_tt); break;
	case O_D1: o->d1 = optarg; break;
	case O_LL: o->ll = optarg; break;
	case O_L1: o->l1 = optarg; break;
	case O_TLB: o->tlb = optarg; break;
	case O_CHILD: o->sim_child = 1; break;
	case O_NOTES: o->sim_notes = optarg; break;
	case 'q': o->quiet = 1; break;
	case 'h': cli_print_help(stdout, &CLI_BENCH); return -1;
	default: return EXIT_USAGE;
	}
	return bad ? EXIT_USAGE : 0;
}

/* Parses argv into o; returns 0, or EXIT_USAGE / -1 (help printed). */
static int parse(int argc, char **argv, struct bench_opts *o)
{
	struct cli_getopt g;
	int c, rc;

	cli_getopt_init(&g, BENCH_OPTS);
	while ((c = cli_getopt(&g, argc, argv)) != -1)
		if ((rc = take_option(c, o)) != 0)
			return rc;
	if (optind < argc) {
		fprintf(stderr, "slidebench bench: unexpected argument \"%s\"\n", argv[optind]);
		return EXIT_USAGE;
	}
	if (!o->simulate && (o->d1 || o->ll || o->l1 || o->tlb)) {
		fprintf(stderr, "slidebench bench: --%s only shapes --simulate; add --simulate or "
			"leave it out\n", o->d1 ? "d1" : o->ll ? "ll" : o->l1 ? "l1" : "tlb");
		return EXIT_USAGE;
	}
	return 0;
}

/* Returns 1 when one of the selected modes takes its input from in. */
static int modes_need(unsigned modes, enum mode_input in)
{
	for (int m = 0; m < MODE_COUNT; m++)
		if ((modes >> m & 1) && (MODES[m].input == in ||
		    (in == INPUT_TRACE_QUERIES && MODES[m].input == INPUT_TRACE_POSITIONS)))
			return 1;
	return 0;
}

/* Returns 1 when a selected mode has the flag at offset off of struct mode_def set. */
static int modes_flag(unsigned modes, size_t off)
{
	for (int m = 0; m < MODE_COUNT; m++)
		if ((modes >> m & 1) && *(const int *)((const char *)&MODES[m] + off))
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

/* Samples, simulates and writes the run; returns the exit status contribution. */
static int run_and_write(struct bench *b, struct bench_opts *o, int argc, char **argv,
			 unsigned modes, const char *run_id, const char *work_dir,
			 const char *final_dir)
{
	struct sim_counts *sim = NULL;
	struct results r;
	size_t nsim = 0;
	char err[PATH_MAX + 256], cmd[2048];
	int rc = EXIT_OK;

	if (bench_run(b) != 0)
		rc = EXIT_FAIL;  /* a plugin failed while sampled (named), or out of memory */
	if (o->sim_child)
		return EXIT_OK;
	if (stop_flag && b->taken == 0) {
		fprintf(stderr, "slidebench: interrupted (%s) before the first round: nothing "
			"to write\n", strsignal(stop_flag));
		if (out_run_abandon(work_dir, err, sizeof err) < 0)
			fprintf(stderr, "slidebench bench: %s\n", err);
		return 128 + stop_flag;
	}
	if (stop_flag)
		fprintf(stderr, "slidebench: interrupted (%s): writing the %u complete rounds\n",
			strsignal(stop_flag), b->taken);
	struct sim_opts so = { .d1 = o->d1, .ll = o->ll, .l1 = o->l1, .tlb = o->tlb,
			       .max_queries = o->max_queries };
	if (o->simulate && !stop_flag &&
	    sim_bench_run(argc, argv, &so, work_dir, &sim, &nsim, &sim_info) < 0)
		rc = EXIT_FAIL;
	struct run_meta m = { .run_id = run_id, .argv_line = join(argc, argv, cmd, sizeof cmd),
			      .trace = modes_need(modes, INPUT_TRACE_QUERIES) ? (o->trace ? o->trace : DEFAULT_TRACE) : NULL,
			      .cpu = (int)o->cpu, .interrupted = stop_flag, .simulated = nsim > 0,
			      .cold = o->cold, .layouts = (unsigned)o->layouts,
			      .sim = o->simulate ? &sim_info : NULL, .sim_counts = sim, .nsim = nsim,
			      .seed = o->seed, .max_queries = (size_t)o->max_queries,
			      .min_lookups = (size_t)o->min_lookups,
			      .bounds = bounds_tab.n ? bounds_tab.source : bounds_tab.why };
	if (results_compute(b, run_id, sim, nsim, &r) < 0) {
		fprintf(stderr, "slidebench bench: out of memory summarising the samples\n");
		free(sim);
		return EXIT_FAIL;
	}
	if (results_write(b, &r, &m, work_dir, err, sizeof err) < 0 ||
	    results_scaling_write(b, &r, work_dir, err, sizeof err) < 0 ||
	    search_write(b, work_dir, run_id, err, sizeof err) < 0) {
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

/* Returns the largest --threads count (1 when none was given). */
static unsigned max_threads(const struct bench_opts *o)
{
	unsigned m = 1;

	for (unsigned i = 0; i < o->nthreads; i++)
		m = o->thread_counts[i] > m ? o->thread_counts[i] : m;
	return m;
}

/* Parses --threads into o->thread_counts (default: 1) and refuses what multi-threaded samples
 * cannot be combined with.  Returns 0, or the exit status. */
static int check_threads(struct bench_opts *o)
{
	long ncpu = cpuset_count();
	const char *p = o->threads ? o->threads : "1";
	char note[400];
	int many = 0;

	if (o->threads && !o->sim_child && cpuset_note(note, sizeof note))
		fprintf(stderr, "slidebench bench: %s: --threads counts only those\n", note);
	o->nthreads = 0;
	if (cli_check_list("--threads", p) < 0)
		return EXIT_USAGE;
	while (*p) {
		char *end;
		int all = !strncmp(p, "all", 3), twice = 0;
		long n = all ? ncpu : strtol(p, &end, 10);
		if (all)
			end = (char *)p + 3;
		/* digits only, as cli_parse_long reads numbers: strtol also takes blanks and a sign */
		if (end == p || (*p != 'a' && (*p < '0' || *p > '9')) || (*end && *end != ',') ||
		    n < 1 || n > ncpu || n > THREADS_MAX ||
		    o->nthreads == BENCH_MAX_THREAD_COUNTS) {
			fprintf(stderr, "slidebench bench: --threads \"%.80s\": a list of at most %d "
				"counts from 1 to the %ld CPUs this process may run on, or all\n",
				o->threads, BENCH_MAX_THREAD_COUNTS, ncpu);
			return EXIT_USAGE;
		}
		for (unsigned i = 0; i < o->nthreads; i++)
			twice |= o->thread_counts[i] == (unsigned)n;
		/* (all is one of the counts given where few CPUs may be used: 1,all on one) */
		if (twice && !all) {
			fprintf(stderr, "slidebench bench: --threads \"%.80s\": %ld twice\n",
				o->threads, n);
			return EXIT_USAGE;
		}
		if (!twice)
			o->thread_counts[o->nthreads++] = (unsigned)n;
		many |= n > 1;
		p = *end ? end + 1 : end;
	}
	if (many && (o->simulate || o->sim_child || o->cold)) {
		fprintf(stderr, "slidebench bench: --threads above 1 with --%s: not built (%s)\n",
			o->simulate || o->sim_child ? "simulate" : "cold",
			o->simulate || o->sim_child ? "callgrind runs one thread at a time" :
			"a cold sample evicts the caches of one core");
		return EXIT_USAGE;
	}
	if (o->table_copies && !many) {
		fprintf(stderr, "slidebench bench: --table-copies compares tables shared between "
			"threads with one set per thread: give --threads a count above 1\n");
		return EXIT_USAGE;
	}
	return 0;
}

/* Checks what the options ask for before anything runs: the --simulate plan, the modes
 * (*modes) and the pressure sizes (ps).  Returns 0, or the exit status. */
static int check_request(struct bench_opts *o, int *modes, struct pressure_set *ps)
{
	char err[PATH_MAX + 256];
	int emu;

	/* an emulated program's times measure the emulator (env_timing_check) */
	if (!o->sim_child && (emu = env_timing_check(err, sizeof err)) != 0) {
		fprintf(stderr, "slidebench bench: %s\n", err);
		if (emu < 0)
			return EXIT_FAIL;
	}
	if (o->simulate && !o->sim_child) {
		struct sim_opts so = { .d1 = o->d1, .ll = o->ll, .l1 = o->l1, .tlb = o->tlb };
		if (sim_plan(&so, &sim_info, err, sizeof err) < 0) {
			fprintf(stderr, "slidebench bench: %s\n", err);
			return EXIT_USAGE;
		}
		if (sim_ready(&sim_info, err, sizeof err) < 0) {
			fprintf(stderr, "slidebench bench: --simulate: %s\n", err);
			return EXIT_FAIL;
		}
	}
	if ((*modes = parse_modes(o->modes ? o->modes : mode_names(1))) < 0)
		return EXIT_USAGE;
	if (modes_flag((unsigned)*modes, offsetof(struct mode_def, perft)) &&
	    (!PERFT_BUILT || o->simulate)) {
		fprintf(stderr, "slidebench bench: --mode %s: %s\n",
			*modes >> MODE_PERFT & 1 ? "perft" : "search", !PERFT_BUILT ? PERFT_NOT_BUILT :
			"not simulated: the simulation build has no perft loops (nothing it runs is perft; "
			"the search loop expands the same generator)");
		return EXIT_USAGE;
	}
	if (pressure_parse(o->pressure ? o->pressure : PRESSURE_DEFAULT, ps, err, sizeof err) < 0) {
		fprintf(stderr, "slidebench bench: %s\n", err);
		return EXIT_USAGE;
	}
	int rc = check_threads(o);
	if (!rc && max_threads(o) < 2 && modes_flag((unsigned)*modes,
						      offsetof(struct mode_def, neighbours))) {
		fprintf(stderr, "slidebench bench: --mode neighbours times one thread beside noisy "
			"neighbours on other cores: give --threads a count of 2 or more (e.g. "
			"--threads 1,2)\n");
		return EXIT_USAGE;
	}
	if (!rc && max_threads(o) > 1 && (*modes >> MODE_SEARCH & 1)) {
		fprintf(stderr, "slidebench bench: --mode search runs on one thread: threads sharing "
			"its transposition table would not search the same trees run after run; leave "
			"--threads out, or run search apart from the --threads modes\n");
		return EXIT_USAGE;
	}
	return rc;
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
		tablecopies_load(max_threads(o), TABLEWARM_MIN_BYTES, sel, nsel, MAX_SEL);
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
	b->stop = &stop_flag;
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
	setup_signals(o->sim_child ? NULL : work_dir);
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
		for (size_t i = 0; i < b->npools && !o->quiet; i++)
			fprintf(stderr, "slidebench: %s\n", b->threads_note[i]);
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
	struct bench_opts o = { .samples = 15, .warmup = 2, .epochs = 3, .cpu = -1,
				.max_queries = 0, .min_lookups = 100000, .random_queries = 400000,
				.perft_depth = 3, .perft_positions = 64, .seed = 1,
				.search_depth = SEARCH_DEPTH_DEFAULT,
				.search_positions = SEARCH_POSITIONS_DEFAULT,
				.search_tt = SEARCH_TT_DEFAULT_MIB };
	static struct kentry *sel[MAX_SEL];
	struct pressure_set ps = { 0 };
	struct workload w[MAX_WORKLOADS];
	struct workset ws;
	struct bench b = { 0 };
	char run_id[64], final_dir[PATH_MAX], work_dir[PATH_MAX];
	size_t nsel;
	int modes, n, rc = EXIT_OK;

	if ((n = parse(argc, argv, &o)) != 0)
		return n < 0 ? EXIT_OK : n;
	if (o.sim_child)
		o.cold = 0;  /* cold rows are timed, not simulated */
	if ((n = check_request(&o, &modes, &ps)) != 0 ||
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
	stop_signals(1); /* from here a signal ends in a written run or a removed work directory */
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
	stop_signals(0);
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
