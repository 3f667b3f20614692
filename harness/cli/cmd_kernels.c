/* cmd_kernels.c - `slidebench list` and `slidebench verify`. */
#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "cli/cli.h"
#include "bench/perft.h"
#include "registry/verify.h"

#define MAX_SEL 128
#define MAX_PLUGINS 32
#define DEFAULT_RANDOM 100000L

static const char *const BRANCHING[] = { "conditional", "branchless" };

int cmd_list(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "plugin", required_argument, NULL, 'p' },
		{ "help", no_argument, NULL, 'h' },
		{ 0, 0, 0, 0 } };
	char *plugins[MAX_PLUGINS];
	size_t nplugins = 0;
	int c, refused;

	optind = 1;
	while ((c = getopt_long(argc, argv, "p:h", opts, NULL)) != -1) {
		switch (c) {
		case 'p':
			if (nplugins < MAX_PLUGINS)
				plugins[nplugins++] = optarg;
			break;
		case 'h':
			printf("usage: slidebench list [--plugin FILE.so]...\n"
			       "One kernel a line: name family word_bits branching table_bytes status.\n"
			       "Status: available; unavailable: WHY (cannot run on this machine);\n"
			       "refused: WHY (a plugin that failed to load, or whose init() failed,\n"
			       "crashed or hung: each plugin is first tried in a child process).\n"
			       "Exit status: 0 ok; 1 a kernel or plugin was refused; 2 usage.\n");
			return EXIT_OK;
		default: return EXIT_USAGE;
		}
	}
	if (optind < argc) {
		fprintf(stderr, "slidebench list: unexpected argument \"%s\"\n", argv[optind]);
		return EXIT_USAGE;
	}
	refused = cli_load_plugins(plugins, nplugins);
	printf("%-36s %-13s %4s %-11s %10s  %s\n", "name", "family", "bits", "branching",
	       "table_bytes", "status");
	for (size_t i = 0; i < registry_count(); i++) {
		struct kentry *e = registry_at(i);
		int ok = registry_prepare(e) == 0;
		printf("%-36s %-13s %4d %-11s %10zu  %s%s\n", e->k->name, e->k->family,
		       e->k->word_bits, BRANCHING[e->k->branching], e->k->table_bytes,
		       ok ? "available" : e->refused ? "refused: " : "unavailable: ",
		       ok ? "" : e->why_not);
		refused += e->refused;
	}
	for (size_t i = 0; i < registry_refused_count(); i++) {
		const struct refused_plugin *r = registry_refused_at(i);
		printf("%-36s %-13s %4s %-11s %10s  refused: %s: %s\n", r->name[0] ? r->name : r->path,
		       "-", "-", "-", "-", r->path, r->why);
	}
	return refused ? EXIT_FAIL : EXIT_OK;
}

/* Checks k's perft of the standard positions to their verify depth (at most max), bulk, and
 * one ply less played out; prints one line.  Returns 1 when a count was wrong, else 0. */
static int verify_perft(const struct sb_kernel *k, unsigned max)
{
	unsigned bad = 0, lo = max, hi = 0;

	fflush(stdout);
	for (size_t i = 0; i < PERFT_STD_COUNT; i++) {
		unsigned d = PERFT_STD[i].verify_depth < max ? PERFT_STD[i].verify_depth : max;
		bad += perft_check_std(k, i, d, 1, stdout) < 0;
		if (d > 1)
			bad += perft_check_std(k, i, d - 1, 0, stdout) < 0;
		lo = d < lo ? d : lo;
		hi = d > hi ? d : hi;
	}
	printf("%-36s perft %s: %d standard positions to depth %u-%u, %u wrong\n", k->name,
	       bad ? "FAIL" : "ok", PERFT_STD_COUNT, lo, hi, bad);
	return bad != 0;
}

int cmd_verify(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "kernel", required_argument, NULL, 'k' },
		{ "plugin", required_argument, NULL, 'p' },
		{ "random", required_argument, NULL, 'r' },
		{ "perft-depth", required_argument, NULL, 'd' },
		{ "help", no_argument, NULL, 'h' },
		{ 0, 0, 0, 0 } };
	char *plugins[MAX_PLUGINS];
	size_t nplugins = 0;
	struct kentry *sel[MAX_SEL];
	const char *list = NULL;
	long nrandom = DEFAULT_RANDOM, perft_max = PERFT_STD_DEPTHS;
	int c, n, failed = 0, skipped = 0;

	optind = 1;
	while ((c = getopt_long(argc, argv, "k:p:r:d:h", opts, NULL)) != -1) {
		switch (c) {
		case 'k': list = optarg; break;
		case 'p':
			if (nplugins < MAX_PLUGINS)
				plugins[nplugins++] = optarg;
			break;
		case 'r':
			if (cli_parse_long("--random", optarg, 0, 1000000000L, &nrandom) < 0)
				return EXIT_USAGE;
			break;
		case 'd':
			if (cli_parse_long("--perft-depth", optarg, 0, PERFT_STD_DEPTHS, &perft_max) < 0)
				return EXIT_USAGE;
			break;
		case 'h':
			printf("usage: slidebench verify [--kernel LIST] [--plugin FILE.so]... [--random N]\n"
			       "                         [--perft-depth D]\n"
			       "Checks each kernel against the reference ray walk: every subset of each\n"
			       "square's relevant occupancy (102,400 rook + 5,248 bishop cases) and N seeded\n"
			       "random full boards per piece (default %ld).  Then perft, with the kernel's\n"
			       "lookups in the move generator, of the six standard positions (the\n"
			       "chessprogramming \"Perft Results\" page) to depth 4-6, bulk-counted, and\n"
			       "one ply less played out; --perft-depth D caps the depth (0: no perft).\n"
			       "Exit 1 on any mismatch or refused kernel or plugin (the others are still\n"
			       "verified).\n",
			       DEFAULT_RANDOM);
			return EXIT_OK;
		default: return EXIT_USAGE;
		}
	}
	if (optind < argc) {
		fprintf(stderr, "slidebench verify: unexpected argument \"%s\"\n", argv[optind]);
		return EXIT_USAGE;
	}
	failed = cli_load_plugins(plugins, nplugins);
	n = cli_select_kernels(list, sel, MAX_SEL);
	if (n < 0)
		return EXIT_USAGE;
	for (int i = 0; i < n; i++) {
		struct verify_result res;
		if (registry_prepare(sel[i]) < 0) {
			printf("%-36s %s: %s\n", sel[i]->k->name,
			       sel[i]->refused ? "refused" : "skipped", sel[i]->why_not);
			failed += sel[i]->refused;
			skipped += !sel[i]->refused;
			continue;
		}
		int bad = verify_exhaustive(sel[i]->k, nrandom, stdout, &res) < 0;
		printf("%-36s %s: %ld cases, %ld mismatches\n", sel[i]->k->name,
		       bad ? "FAIL" : "ok", res.cases, res.mismatches);
		failed += bad;
		if (perft_max > 0)
			failed += verify_perft(sel[i]->k, (unsigned)perft_max);
	}
	for (size_t i = 0; i < registry_refused_count(); i++) {
		const struct refused_plugin *r = registry_refused_at(i);
		printf("%-36s refused: %s: %s\n", r->name[0] ? r->name : r->path, r->path, r->why);
	}
	fflush(stdout);
	if (failed)
		fprintf(stderr, "slidebench verify: %d kernel(s) failed or were refused\n", failed);
	(void)skipped;
	return failed ? EXIT_FAIL : EXIT_OK;
}
