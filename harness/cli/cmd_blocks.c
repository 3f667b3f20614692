/* cmd_blocks.c - `slidebench blocks DIR A B`: a comparison run as alternating blocks
 * (DIR/NN-A/, DIR/NN-B/ from run_all.sh), B against A pair by pair: one verdict over every
 * cell and one per kernel, printed and written to DIR/blocks.csv for the charts. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/blocks.h"
#include "cli/cli.h"
#include "util/output.h"

#define MAXK 256

static const struct cli_opt BLOCKS_OPTS[] = { CLI_OPT_HELP, CLI_OPT_END };
const struct cli_cmd CLI_BLOCKS = {
	"blocks", "DIR A B",
	"DIR holds alternating blocks of two processes, DIR/01-A/, DIR/01-B/, DIR/02-B/,\n"
	"DIR/02-A/, ... (bench runs; run_all.sh writes bits/ with A = m64, B = m32,\n"
	"tables/ with A = hugepage, B = nohugepage and compiler/ with A = gcc, B = clang).\n"
	"Each pair of blocks gives the log\n"
	"ratio of B's median (the whole loop's time) over A's per cell; the pairs are\n"
	"compared by the paired\n"
	"analysis (median, block bootstrap over pairs, signed-rank).  Prints one verdict\n"
	"over every cell and one per kernel, and writes them to DIR/blocks.csv:\n"
	"kernel (\"all\" for every cell),a,b,ratio,lo,hi,p,pairs,cells,settled,why.\n",
	BLOCKS_OPTS,
	"Exit: 0 written; 1 unreadable blocks or write error; 2 usage.\n"
};

/* Writes x and a comma, or only the comma for NaN. */
static void num(FILE *f, double x)
{
	if (!isnan(x))
		fprintf(f, "%.6g", x);
	fputc(',', f);
}

/* Writes one CSV row (why quoted) for kernel k. */
static void csv_row(FILE *f, const struct blk_set *s, const char *k, const struct blk_verdict *v)
{
	fprintf(f, "%s,%s,%s,", k, s->a, s->b);
	num(f, v->r.ratio), num(f, v->r.lo), num(f, v->r.hi), num(f, v->r.p);
	fprintf(f, "%zu,%zu,%s,\"", v->r.n, v->ncell,
		v->settled == 1 ? "yes" : v->settled == 0 ? "no" : "unknown");
	for (const char *c = v->why; *c; c++)
		fputs(*c == '"' ? "\"\"" : (char[2]){ *c, 0 }, f);
	fprintf(f, "\",%d\n", out_format("blocks.csv"));
}

/* Prints one verdict line for kernel k. */
static void print_row(const char *k, const struct blk_set *s, const struct blk_verdict *v)
{
	printf("%-28s %s/%s = %.3f (%.3f-%.3f)  p = %.2g  %zu pairs, %zu cells  %s%s\n", k, s->b,
	       s->a, v->r.ratio, v->r.lo, v->r.hi, v->r.p, v->r.n, v->ncell,
	       v->settled == 1 ? "settled" : "not settled: ", v->settled == 1 ? "" : v->why);
}

int cmd_blocks(int argc, char **argv)
{
	struct blk_set *s;
	struct blk_verdict v;
	struct out_file o;
	const char *names[MAXK];
	char err[PATH_MAX + 256];
	size_t nk;
	int rc = EXIT_FAIL;

	if (argc == 2 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"))) {
		cli_print_help(stdout, &CLI_BLOCKS);
		return EXIT_OK;
	}
	if (argc != 4 || argv[1][0] == '-' || strchr(argv[2], '/') || strchr(argv[3], '/')) {
		cli_print_help(stderr, &CLI_BLOCKS);
		return EXIT_USAGE;
	}
	if (!(s = calloc(1, sizeof *s)) || blk_load(argv[1], argv[2], argv[3], s, err,
						     sizeof err) < 0) {
		fprintf(stderr, "slidebench blocks: %s\n", s ? err : "out of memory");
		free(s);
		return EXIT_FAIL;
	}
	if (out_open(&o, s->dir, "blocks.csv", err, sizeof err) < 0) {
		fprintf(stderr, "slidebench blocks: %s\n", err);
		goto out;
	}
	printf("%s: %zu pairs of blocks (%s), order %s%s\n", s->dir, s->npair, s->a,
	       s->order[0] ? s->order : "unknown (no run_id)",
	       blk_alternates(s) == 0 ? " - NOT alternating A B B A" : "");
	if (s->incomplete)
		printf("%zu pair(s) with only one block left out\n", s->incomplete);
	fprintf(o.f, "kernel,a,b,ratio,lo,hi,p,pairs,cells,settled,why,format\n");
	blk_compare(s, NULL, &v);
	csv_row(o.f, s, "all", &v);
	print_row("all", s, &v);
	nk = blk_kernels(s, names, MAXK);
	for (size_t i = 0; i < nk; i++) {
		blk_compare(s, names[i], &v);
		csv_row(o.f, s, names[i], &v);
		print_row(names[i], s, &v);
	}
	if (out_commit(&o, err, sizeof err) < 0)
		fprintf(stderr, "slidebench blocks: %s\n", err);
	else
		rc = EXIT_OK;
out:
	blk_free(s);
	free(s);
	return rc;
}
