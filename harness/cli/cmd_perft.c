/* cmd_perft.c - `slidebench perft FEN DEPTH`: the engine workload of one position, per kernel. */
#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "bench/perft.h"
#include "bench/timer.h"
#include "cli/cli.h"

#define MAX_SEL 128
#define MAX_PLUGINS 32
#define MAX_DEPTH 12

static void usage(FILE *f)
{
	fprintf(f,
"usage: slidebench perft FEN DEPTH [--kernel LIST] [--bulk] [--divide] [--plugin FILE.so]\n"
"Counts the leaves of the legal move tree of FEN to DEPTH with each kernel's lookups inlined\n"
"into the move generator (kernels/perft_gen.h): moves, the king's danger squares, checkers,\n"
"pins and en passant's discovered checks all come from the kernel.\n"
"  --kernel LIST  kernels, comma-separated (default: reference; \"all\" for every kernel)\n"
"  --bulk         count the last ply's moves instead of playing them (as engines' perft do)\n"
"  --divide       also print each root move's count (UCI), for finding a wrong move\n"
"  --plugin FILE  load a kernel from a shared object (repeatable)\n"
"Prints per kernel: nodes, seconds, nodes/s.  Every kernel must agree with the first one.\n"
"Exit: 0 ok; 1 kernels disagree, or a plugin was refused; 2 usage (a bad FEN too).\n");
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

/* Runs perft with every selected kernel; returns the exit status. */
static int run_kernels(struct kentry **sel, size_t n, const struct sb_perft_pos *p,
		       unsigned depth, int bulk, int divide)
{
	struct timer t;
	uint64_t first = 0;
	int rc = EXIT_OK, have = 0;

	timer_calibrate(&t, 0);
	for (size_t i = 0; i < n; i++) {
		const struct sb_kernel *k = sel[i]->k;
		if (registry_prepare(sel[i]) < 0) {
			printf("%-36s %s: %s\n", k->name, sel[i]->refused ? "refused" :
			       "unavailable", sel[i]->why_not);
			rc = sel[i]->refused ? EXIT_FAIL : rc;
			continue;
		}
		uint64_t t0 = timer_now(&t), nodes = perft_run(k, p, 1, depth, bulk, NULL);
		double s = timer_ns(&t, timer_now(&t) - t0) / 1e9;
		printf("%-36s nodes %llu  seconds %.3f  nodes/s %.0f\n", k->name,
		       (unsigned long long)nodes, s, s > 0 ? (double)nodes / s : 0.0);
		if (divide)
			print_divide(k, p, depth, bulk);
		if (have && nodes != first) {
			char why[256];
			perft_first_divergence(k, p, depth, bulk, why, sizeof why);
			fprintf(stderr, "slidebench perft: kernel %s: %llu nodes, %s %llu; first "
				"diverging move %s\n", k->name, (unsigned long long)nodes,
				sel[0]->k->name, (unsigned long long)first, why);
			rc = EXIT_FAIL;
		}
		if (!have)
			first = nodes;
		have = 1;
	}
	return rc;
}

int cmd_perft(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "kernel", required_argument, NULL, 'k' }, { "bulk", no_argument, NULL, 'b' },
		{ "divide", no_argument, NULL, 'd' }, { "plugin", required_argument, NULL, 'p' },
		{ "help", no_argument, NULL, 'h' }, { 0, 0, 0, 0 } };
	static struct kentry *sel[MAX_SEL];
	char *plugins[MAX_PLUGINS], err[512];
	size_t nplugins = 0;
	const char *list = "reference";
	struct sb_perft_pos p;
	long depth;
	int c, n, bulk = 0, divide = 0, rc;

	optind = 1;
	while ((c = getopt_long(argc, argv, "k:p:h", opts, NULL)) != -1) {
		switch (c) {
		case 'k': list = optarg; break;
		case 'b': bulk = 1; break;
		case 'd': divide = 1; break;
		case 'p':
			if (nplugins == MAX_PLUGINS) {
				fprintf(stderr, "slidebench perft: at most %d --plugin\n", MAX_PLUGINS);
				return EXIT_USAGE;
			}
			plugins[nplugins++] = optarg;
			break;
		case 'h': usage(stdout); return EXIT_OK;
		default: return EXIT_USAGE;
		}
	}
	if (argc - optind != 2) {
		usage(stderr);
		return EXIT_USAGE;
	}
	if (cli_parse_long("DEPTH", argv[optind + 1], 0, MAX_DEPTH, &depth) < 0)
		return EXIT_USAGE;
	if (perft_from_fen(argv[optind], &p, err, sizeof err) < 0) {
		fprintf(stderr, "slidebench perft: %s\n", err);
		return EXIT_USAGE;
	}
	rc = cli_load_plugins(plugins, nplugins) ? EXIT_FAIL : EXIT_OK;
	if ((n = cli_select_kernels(list, sel, MAX_SEL)) < 0)
		return EXIT_USAGE;
	n = run_kernels(sel, (size_t)n, &p, (unsigned)depth, bulk, divide);
	return n != EXIT_OK ? n : rc;
}
