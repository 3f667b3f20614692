/* cmd_bench_opts.c - `slidebench bench`'s options: the table --help prints, each option taken
 * into struct bench_opts (cmd_bench.h), and --mode's list. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench/isolate.h"
#include "bench/modes.h"
#include "bench/perft.h"
#include "bench/search.h"
#include "cli/cli.h"
#include "cli/cmd_bench.h"

enum { O_MAXQ = 256, O_MINL, O_RANDQ, O_SEED, O_SIM, O_D1, O_LL, O_CHILD, O_WARM, O_EPOCHS,
       O_COLD, O_LAYOUTS, O_PRESSURE, O_TABLES, O_L1, O_TLB, O_PDEPTH, O_PPOS, O_LIMIT, O_BOUNDS,
       O_THREADS, O_TCOPIES, O_NOTES, O_SDEPTH, O_SPOS, O_STT };

static void mode_list(FILE *f, int col);

static const struct cli_opt BENCH_OPTS[] = {
	{ "kernel", 'k', "LIST", "kernels, comma-separated (default all; see slidebench list)",
	  NULL, NULL },
	{ "mode", 'm', "LIST", "modes, comma-separated; the word default stands for the modes run "
	  "when --mode is not given", mode_list, NULL },
	{ "trace", 't', "FILE", "the positions to replay (default " DEFAULT_TRACE ")", NULL, NULL },
	{ "samples", 's', "N", "measured samples per kernel and mode", NULL,
	  CLI_NUM(1, 100000, 15, struct bench_opts, samples) },
	{ "warmup", O_WARM, "N", "warm-up rounds first, kept in samples.csv as phase=warmup", NULL,
	  CLI_NUM(0, 1000, 2, struct bench_opts, warmup) },
	{ "epochs", O_EPOCHS, "N", "split the measured rounds into N epochs; their spread is "
	  "reported beside the within-run spread", NULL,
	  CLI_NUM(1, 100, 3, struct bench_opts, epochs) },
	{ "pressure", O_PRESSURE, "LIST", "pressure-mode working-set sizes (default "
	  PRESSURE_DEFAULT ")", NULL, NULL },
	{ "tables", O_TABLES, "MODE", "default, hugepage or nohugepage: madvise the kernels' tables "
	  "before they are built (context.json: what smaps read back)", NULL, NULL },
	{ "cold", O_COLD, NULL, "also time every workload cold: the caches flushed by touching a "
	  "buffer larger than the last-level cache before each sample, one pass", NULL, NULL },
	{ "layouts", O_LAYOUTS, "N", "also time N copies of each kernel that differ only in code "
	  "placement (bin/layouts/<i>/<kernel>.so, `make layouts`): layout_spread_pct", NULL,
	  CLI_NUM(0, 16, 0, struct bench_opts, layouts) },
	{ "cpu", 'c', "N", "pin to cpu N (sched_setaffinity) before calibrating; not given: not "
	  "pinned", NULL,
	  CLI_NUM(0, 4095, CLI_NO_DEFAULT, struct bench_opts, cpu) },
	{ "table-copies", O_TCOPIES, NULL, "with --threads: each selected kernel with tables of "
	  "64 KiB or more also as <kernel>@shared (every thread reads one set of tables) and "
	  "<kernel>@per-thread (each thread its own), both from copies of bin/plugins/<kernel>.so "
	  "(`make plugins`)", NULL, NULL },
	{ "threads", O_THREADS, "LIST", "thread counts, e.g. 1,2,4 or 1,all (default 1): every "
	  "workload is timed with that many threads at once, each pinned to its own core from "
	  "--cpu on and running its own windows of the stream, in the same rounds; a row's times "
	  "are each thread's; only CPUs this process may run on (taskset) and not busy with other "
	  "work are used (docs/threads.md)", NULL, NULL },
	{ "events", 'e', "LIST", "PAPI preset or native names, or none (default, where countable: "
	  COUNTERS_DEFAULT_LIST "; the first five per lookup in summary.csv's hw_* columns)",
	  NULL, NULL },
	{ "plugin", 'p', "FILE.so", "load a kernel from a shared object (repeatable); it is timed "
	  "in a child process: a crash, hang or exit there fails it alone", NULL, NULL },
	{ "sample-limit", O_LIMIT, "S", "seconds a plugin's sample may take before it is "
	  "stopped", NULL,
	  CLI_NUM(1, 86400, (long)ISOLATE_LIMIT_DEFAULT, struct bench_opts, sample_limit) },
	{ "out", 'o', "DIR", "result directory (default results/<run-id>); never overwritten",
	  NULL, NULL },
	{ "max-queries", O_MAXQ, "N", "whole games, every k-th, so each piece has at most N "
	  "queries (0: the whole trace).  A sample times one window of the input, never a query "
	  "twice; an input shorter than two windows is replayed within the sample (the rows say "
	  "`replayed`)", NULL,
	  CLI_NUM(0, 100000000, 0, struct bench_opts, max_queries) },
	{ "min-lookups", O_MINL, "N", "lookups per sample (window) at least", NULL,
	  CLI_NUM(1, 1000000000, 100000, struct bench_opts, min_lookups) },
	{ "bounds", O_BOUNDS, "FILE", "each loop's lower bound in core cycles per lookup (default: "
	  "this program's path + .bounds.csv, from make); a bound above the figure is the bound's "
	  "error: dropped (flag bound-dropped), the figure kept", NULL, NULL },
	{ "random-queries", O_RANDQ, "N", "random-mode stream length (the random modes time at "
	  "most four windows of it)", NULL,
	  CLI_NUM(16, 100000000, 400000, struct bench_opts, random_queries) },
	{ "seed", O_SEED, "N", "random-mode seed", NULL,
	  CLI_NUM(0, 0x7FFFFFFFL, 1, struct bench_opts, seed) },
	{ "perft-depth", O_PDEPTH, "N", "perft mode: depth of each tree, bulk-counted", NULL,
	  CLI_NUM(1, 8, 3, struct bench_opts, perft_depth) },
	{ "perft-positions", O_PPOS, "N", "perft mode: roots sampled evenly over the trace", NULL,
	  CLI_NUM(1, 100000, 64, struct bench_opts, perft_positions) },
	{ "search-depth", O_SDEPTH, "N", "search mode: depth of each root's iterative deepening "
	  "(quiescence on captures below it)", NULL,
	  CLI_NUM(1, SEARCH_DEPTH_MAX, SEARCH_DEPTH_DEFAULT, struct bench_opts, search_depth) },
	{ "search-positions", O_SPOS, "N", "search mode: roots sampled evenly over the trace, as "
	  "perft's", NULL,
	  CLI_NUM(1, SEARCH_POSITIONS_MAX, SEARCH_POSITIONS_DEFAULT, struct bench_opts,
		   search_positions) },
	{ "search-tt", O_STT, "MiB", "search mode: the transposition table's size (zeroed "
	  "before each pass)", NULL,
	  CLI_NUM(1, SEARCH_TT_MAX_MIB, SEARCH_TT_DEFAULT_MIB, struct bench_opts, search_tt) },
	{ "simulate", O_SIM, NULL, "also re-run under valgrind callgrind: simulated cache and "
	  "branch misses per lookup (sim_* columns), for machines without a PMU", NULL, NULL },
	{ "d1", O_D1, "S,A,L", "simulated D1 cache geometry (bytes, ways, line bytes)", NULL, NULL },
	{ "ll", O_LL, "S,A,L", "simulated last-level cache geometry (bytes, ways, line bytes)",
	  NULL, NULL },
	{ "l1", O_L1, "LIST", "also simulate these D1 sizes (SIZE or SIZE:WAYS, e.g. "
	  "16K,32K,48K:12)", NULL, NULL },
	{ "tlb", O_TLB, "N", "simulated data TLB entries (default 64; 0: no TLB pass)", NULL, NULL },
	{ "quiet", 'q', NULL, "no progress lines, no summary table", NULL, NULL },
	{ "sim-child", O_CHILD, NULL, NULL, NULL, NULL }, /* the --simulate child: not for users */
	{ "sim-notes", O_NOTES, "FILE", NULL, NULL, NULL }, /* where it notes a plugin it cannot run */
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

int bench_parse_modes(const char *list)
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

/* Takes --tables (optarg) into o.  Returns 0 or EXIT_USAGE. */
static int take_tables(struct bench_opts *o)
{
	if (hugepage_mode_parse(optarg, &o->tables) == 0)
		return 0;
	fprintf(stderr, "slidebench bench: --tables: \"%s\": default, hugepage or nohugepage\n",
		optarg);
	return EXIT_USAGE;
}

/* Takes --plugin (optarg) into o.  Returns 0 or EXIT_USAGE. */
static int take_plugin(struct bench_opts *o)
{
	if (o->nplugins == MAX_PLUGINS) {
		fprintf(stderr, "slidebench bench: at most %d --plugin\n", MAX_PLUGINS);
		return EXIT_USAGE;
	}
	o->plugins[o->nplugins++] = optarg;
	return 0;
}

/* Takes option c (its argument in optarg) into o.  Returns 0, or EXIT_USAGE / -1 (help
 * printed). */
static int take_option(int c, struct bench_opts *o)
{
	int n = cli_take_number(BENCH_OPTS, c, optarg, o);

	if (n)  /* a whole number: its range and field are in its row of BENCH_OPTS */
		return n < 0 ? EXIT_USAGE : 0;
	switch (c) {
	case 'k': o->kernels = optarg; break;
	case 'm': o->modes = optarg; break;
	case O_COLD: o->cold = 1; break;
	case O_PRESSURE: o->pressure = optarg; break;
	case O_TABLES: return take_tables(o);
	case 'e': o->events = optarg; break;
	case 'p': return take_plugin(o);
	case 'o': o->out = optarg; break;
	case 't': o->trace = optarg; break;
	case O_BOUNDS: o->bounds = optarg; break;
	case O_THREADS: o->threads = optarg; break;
	case O_TCOPIES: o->table_copies = 1; break;
	case O_SIM: o->simulate = 1; break;
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
	return 0;
}

struct bench_opts bench_defaults(void)
{
	struct bench_opts o = { .cpu = -1 };  /* not pinned */

	cli_number_defaults(BENCH_OPTS, &o);
	return o;
}

int bench_parse(int argc, char **argv, struct bench_opts *o)
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
