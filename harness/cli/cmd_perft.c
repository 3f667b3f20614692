/* cmd_perft.c - `slidebench perft FEN DEPTH`: the engine workload of one position, per kernel. */
#include <stdio.h>
#include <string.h>

#include "bench/perft.h"
#include "bench/timer.h"
#include "cli/cli.h"

#define MAX_SEL 128
#define MAX_PLUGINS 32
#define MAX_DEPTH 12

#define MIN_SECONDS 0.2 /* perft runs again until this much time has passed, for nodes/s */

enum { PERFT_BULK = 256, PERFT_DIVIDE };

static const struct cli_opt PERFT_OPTS[] = {
	{ "kernel", 'k', "LIST", "kernels, comma-separated (default: reference; \"all\" for every "
	  "kernel)", NULL, NULL },
	{ "bulk", PERFT_BULK, NULL, "count the last ply's moves instead of playing them (as "
	  "engines' perft do)", NULL, NULL },
	{ "divide", PERFT_DIVIDE, NULL, "also print each root move's count (UCI), for finding a "
	  "wrong move", NULL, NULL },
	{ "plugin", 'p', "FILE.so", "load a kernel from a shared object (repeatable)", NULL, NULL },
	CLI_OPT_HELP,
	CLI_OPT_END
};
const struct cli_cmd CLI_PERFT = {
	"perft", "POSITION DEPTH [OPTIONS]",
	"Counts the leaves of the legal move tree of POSITION to DEPTH (0 to " CLI_STR(MAX_DEPTH)
	") with each kernel's\n"
	"lookups inlined into the move generator: moves, the king's danger squares, checkers, pins\n"
	"and en passant's discovered checks all come from the kernel.\n"
	"POSITION is a FEN in quotes, or a name: startpos (the initial position), kiwipete,\n"
	"position3 ... position6 (the chessprogramming wiki's perft positions).\n",
	PERFT_OPTS,
	"Prints per kernel: nodes, the first run's seconds, and nodes per second over all runs (a\n"
	"tree that takes less than " CLI_STR(MIN_SECONDS) " s is counted again until that much time "
	"has passed; the first run,\n"
	"cold, is slower than their mean).  Every kernel must agree with the first.\n"
	"Exit: 0 ok; 1 kernels disagree, or a plugin was refused; 2 usage (a bad FEN too).\n"
};

/* Writes v with thousands separators ("4,865,609") into buf.  Returns buf. */
static const char *grouped(char *buf, size_t len, uint64_t v)
{
	char d[32];
	int n = snprintf(d, sizeof d, "%llu", (unsigned long long)v);
	size_t o = 0;

	for (int i = 0; i < n && o + 2 < len; i++) {
		if (i && (n - i) % 3 == 0)
			buf[o++] = ',';
		buf[o++] = d[i];
	}
	buf[o] = 0;
	return buf;
}

/* Returns the FEN of a named position (startpos, kiwipete, position3 ...), arg itself when it
 * is a FEN (every FEN has a '/' between ranks), or NULL for a name not known. */
static const char *position_fen(const char *arg)
{
	if (!strcmp(arg, "startpos"))
		return PERFT_STD[0].fen;
	for (size_t i = 0; i < PERFT_STD_COUNT; i++)
		if (!strcmp(arg, PERFT_STD[i].name))
			return PERFT_STD[i].fen;
	return strchr(arg, '/') ? arg : NULL;
}

/* Prints kernel k's divide of p at depth. */
static void print_divide(const struct sb_kernel *k, const struct sb_perft_pos *p,
			 unsigned depth, int bulk)
{
	uint32_t moves[SB_PERFT_MAX_MOVES];
	uint64_t counts[SB_PERFT_MAX_MOVES];
	int n = perft_divide(k, p, depth, bulk, moves, counts);
	char uci[6];

	for (int i = 0; i < n; i++) {
		perft_move_uci(moves[i], uci);
		printf("  %s: %llu\n", uci, (unsigned long long)counts[i]);
	}
	printf("  moves: %d\n", n < 0 ? 0 : n);
}

/* One kernel's perft: its count, timed over at least MIN_SECONDS, and its divide. */
struct perft_call {
	const struct sb_kernel *k;
	const struct sb_perft_pos *p;
	unsigned depth;
	int bulk, divide;
	struct timer *t;
	uint64_t nodes;
};

/* Runs and prints one kernel's perft (for registry_guarded: a plugin's code). */
static void perft_one(void *arg)
{
	struct perft_call *c = arg;
	uint64_t t0 = timer_now(c->t);
	double s, all;
	unsigned runs = 1;
	char nb[32], rb[32];

	c->nodes = perft_run(c->k, c->p, 1, c->depth, c->bulk, NULL);
	s = all = timer_ns(c->t, timer_now(c->t) - t0) / 1e9;
	while (all < MIN_SECONDS && runs < 1000000) {  /* nodes/s over at least 0.2 s */
		(void)perft_run(c->k, c->p, 1, c->depth, c->bulk, NULL);
		runs++;
		all = timer_ns(c->t, timer_now(c->t) - t0) / 1e9;
	}
	/* the first run is cold (tables, code), the later ones warm: say which is which */
	printf("%-36s nodes %s  first run %.3f s  mean of %u run%s: %s nodes/s\n", c->k->name,
	       grouped(nb, sizeof nb, c->nodes), s, runs, runs == 1 ? "" : "s",
	       grouped(rb, sizeof rb, all > 0 ? (uint64_t)((double)c->nodes * runs / all) : 0));
	if (c->divide)
		print_divide(c->k, c->p, c->depth, c->bulk);
}

/* Runs perft with every selected kernel (a plugin's under registry_guarded: a crash refuses
 * it, the others go on); returns the exit status. */
static int run_kernels(struct kentry **sel, size_t n, const struct sb_perft_pos *p,
		       unsigned depth, int bulk, int divide)
{
	struct timer t;
	uint64_t first = 0;
	int rc = EXIT_OK, have = 0;

	timer_calibrate(&t, 0);
	for (size_t i = 0; i < n; i++) {
		const struct sb_kernel *k = sel[i]->k;
		struct perft_call c = { k, p, depth, bulk, divide, &t, 0 };
		char why[REGISTRY_WHY_MAX];
		if (registry_prepare(sel[i]) < 0) {
			printf("%-36s %s: %s\n", k->name, sel[i]->refused ? "refused" :
			       "unavailable", sel[i]->why_not);
			rc = sel[i]->refused ? EXIT_FAIL : rc;
			continue;
		}
		if (registry_loop_missing(k, SB_LOOP_PERFT)) {  /* a plugin of an older ABI */
			printf("%-36s unavailable: %s\n", k->name, registry_loop_missing(k, SB_LOOP_PERFT));
			continue;
		}
		fflush(stdout);
		if (!registry_is_plugin(sel[i])) {
			perft_one(&c);
		} else if (registry_guarded("its perft loop", 0, NULL, perft_one, &c, why,
					    sizeof why) < 0) {
			fflush(stdout);
			registry_refuse_loaded(sel[i], why);
			printf("%-36s refused: %s\n", k->name, why);
			rc = EXIT_FAIL;
			continue;
		}
		if (have && c.nodes != first) {
			char div[256];
			perft_first_divergence(k, p, depth, bulk, div, sizeof div);
			fprintf(stderr, "slidebench perft: kernel %s: %llu nodes, %s %llu; first "
				"diverging move %s\n", k->name, (unsigned long long)c.nodes,
				sel[0]->k->name, (unsigned long long)first, div);
			rc = EXIT_FAIL;
		}
		if (!have)
			first = c.nodes;
		have = 1;
	}
	return rc;
}

/* Reads the operands after the options: the POSITION (a name or a FEN) into p and the DEPTH
 * into depth.  Returns 0, or EXIT_USAGE after a message. */
static int read_position(int argc, char **argv, struct sb_perft_pos *p, long *depth)
{
	char err[512];

	if (argc - optind != 2) {
		fprintf(stderr, "slidebench perft: %s (slidebench perft --help)\n",
			argc == optind ? "missing POSITION (a FEN in quotes, or startpos) and DEPTH" :
			argc - optind == 1 ? "missing DEPTH after the position" :
			"too many arguments: give one POSITION (a FEN in quotes) and one DEPTH");
		return EXIT_USAGE;
	}
	if (cli_parse_long("DEPTH", argv[optind + 1], 0, MAX_DEPTH, depth) < 0)
		return EXIT_USAGE;
	if (!PERFT_BUILT) {
		fprintf(stderr, "slidebench perft: %s\n", PERFT_NOT_BUILT);
		return EXIT_USAGE;
	}
	if (!position_fen(argv[optind])) {
		fprintf(stderr, "slidebench perft: unknown position name '%s': known names startpos, "
			"kiwipete, position3..6, or give a FEN (in quotes)\n", argv[optind]);
		return EXIT_USAGE;
	}
	if (perft_from_fen(position_fen(argv[optind]), p, err, sizeof err) < 0) {
		fprintf(stderr, "slidebench perft: %s\n", err);
		return EXIT_USAGE;
	}
	return 0;
}

int cmd_perft(int argc, char **argv)
{
	static struct kentry *sel[MAX_SEL];
	char *plugins[MAX_PLUGINS];
	size_t nplugins = 0;
	const char *list = "reference";
	struct sb_perft_pos p;
	struct cli_getopt g;
	long depth;
	int c, n, bulk = 0, divide = 0, rc;

	for (int i = 1; i < argc; i++)   /* getopt would read "-1" as an option */
		if (argv[i][0] == '-' && argv[i][1] >= '0' && argv[i][1] <= '9') {
			fprintf(stderr, "slidebench perft: DEPTH %s: expected a whole number from 0 "
				"to %d\n", argv[i], MAX_DEPTH);
			return EXIT_USAGE;
		}
	cli_getopt_init(&g, PERFT_OPTS);
	while ((c = cli_getopt(&g, argc, argv)) != -1) {
		switch (c) {
		case 'k': list = optarg; break;
		case PERFT_BULK: bulk = 1; break;
		case PERFT_DIVIDE: divide = 1; break;
		case 'p':
			if (nplugins == MAX_PLUGINS) {
				fprintf(stderr, "slidebench perft: at most %d --plugin\n", MAX_PLUGINS);
				return EXIT_USAGE;
			}
			plugins[nplugins++] = optarg;
			break;
		case 'h': cli_print_help(stdout, &CLI_PERFT); return EXIT_OK;
		default: return EXIT_USAGE;
		}
	}
	if ((rc = read_position(argc, argv, &p, &depth)) != 0)
		return rc;
	rc = cli_load_plugins(plugins, nplugins) ? EXIT_FAIL : EXIT_OK;
	if ((n = cli_select_kernels(list, sel, MAX_SEL)) < 0)
		return EXIT_USAGE;
	n = run_kernels(sel, (size_t)n, &p, (unsigned)depth, bulk, divide);
	return n != EXIT_OK ? n : rc;
}
