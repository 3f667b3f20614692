/* cmd_compare.c - `slidebench compare RUN_A RUN_B [RUN_C ...]`: the same cells of several runs
 * (builds, compilers, machines) side by side: ratio of medians against RUN_A with a bootstrap
 * interval, Mann-Whitney p on the raw samples, and the geometric mean over the common cells. */
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli/cli.h"
#include "analysis/cmpcell.h"
#include "analysis/process_term.h"
#include "util/output.h"

#define MAX_RUNS 16

static void usage(FILE *f)
{
	fprintf(f, "usage: slidebench compare [--csv FILE] [--any-dataset] RUN_A RUN_B [RUN_C ...]\n"
		"For every kernel x mode x piece timed in RUN_A and another run: the ratio of\n"
		"medians RUN/RUN_A (net ns per lookup) with a 95%% bootstrap interval (fixed seed)\n"
		"widened by both runs' epoch spreads (two runs cannot be paired round by round: the\n"
		"host may step between them as much as between the epochs of either) and, for a\n"
		"study, by what moves the cell between processes (its compiler/NN-gcc blocks:\n"
		"each run is one process, so a difference within that is not significant), the\n"
		"Mann-Whitney p-value on the raw samples, and whether the difference is\n"
		"significant (interval excludes 1 and p < 0.05); last, the geometric mean of the\n"
		"ratios over all common cells.  With more than two runs: one column per run,\n"
		"labelled by CPU (uarch) and compiler.  A run is a bench --out directory, or a\n"
		"study directory (its m64/ is read).\n"
		"  --csv FILE      also write the comparison as CSV (one row per cell and run)\n"
		"  --any-dataset   compare runs made on different traces (refused otherwise)\n"
		"Exit: 0 compared; 1 unreadable run or different datasets; 2 usage.\n");
}

/* Loads a run directory, or a study's m64/ and its block processes into *p (a run outside
 * a study has none: p says why).  Returns 0 or -1 (message printed). */
static int load(const char *dir, struct run *r, struct pt_set *p)
{
	char path[PATH_MAX + 32], err[PATH_MAX + 256];
	struct stat st;

	pt_none(p, "a single bench run, not a study: no block processes");
	snprintf(path, sizeof path, "%s/summary.csv", dir);
	if (stat(path, &st) != 0) {
		snprintf(path, sizeof path, "%s/m64/summary.csv", dir);
		if (stat(path, &st) == 0) {
			pt_load(dir, p);
			snprintf(path, sizeof path, "%s/m64", dir);
			dir = path;
		}
	}
	if (run_load(dir, r, err, sizeof err) < 0) {
		fprintf(stderr, "slidebench compare: %s\n", err);
		return -1;
	}
	return 0;
}

static const char *verdict_word(const struct cmp *c)
{
	return c->verdict == 1 ? "significant" : c->verdict == 0 ? "not significant" : "unknown";
}

static void csv_row(FILE *f, const struct rr_row *x, const struct run *a, const struct run *b,
		    const char *label, double na, double nb, const struct cmp *c)
{
	const char *k[] = { x ? x->kernel : "(geometric mean)", x ? x->mode : "",
			    x ? x->piece : "", x ? x->cache_state : "", x ? x->pressure : "",
			    a->dir, b->dir, label };
	for (size_t i = 0; i < sizeof k / sizeof k[0]; i++) {
		out_csv_str(f, k[i]);
		fputc(',', f);
	}
	out_csv_num(f, na);
	fputc(',', f);
	out_csv_num(f, nb);
	fputc(',', f);
	out_csv_num(f, c->ratio);
	fputc(',', f);
	out_csv_num(f, c->lo);
	fputc(',', f);
	out_csv_num(f, isinf(c->hi) ? NAN : c->hi);
	fputc(',', f);
	out_csv_num(f, c->p);
	fprintf(f, ",%s,%s,", c->verdict == 1 ? "yes" : c->verdict == 0 ? "no" : "",
		c->basis);
	out_csv_num(f, c->process_pct);
	fprintf(f, ",%zu\n", c->processes);
}

static void cell_text(char *buf, size_t len, const struct cmp *c, int wide)
{
	char f[96];

	if (isnan(c->ratio)) {
		snprintf(buf, len, "n/a");
		return;
	}
	if (!wide) {
		snprintf(buf, len, "%.3f%s", c->ratio, c->verdict == 1 ? "*" : c->verdict ? "?" : "");
		return;
	}
	cmp_factor(f, sizeof f, c->ratio, c->lo, c->hi, 0);
	if (isnan(c->p))
		snprintf(buf, len, "%-26s %-8s %s", f, "-", verdict_word(c));
	else
		snprintf(buf, len, "%-26s %-8.3g %s", f, c->p, verdict_word(c));
}

/* Compares x of run A (its block processes pa) against y of another run (pb): cmp_rows, then
 * widened by what moves the cells between processes on either side. */
static void compare_cells(const struct rr_row *const *x, const struct rr_row *const *y, size_t n,
			  const struct pt_set *pa, const struct pt_set *pb, struct cmp *c)
{
	struct pt_term ta, tb, t;

	if (cmp_rows(x, y, n, c) < 0)
		return;
	pt_abs_term_of(pa, x, n, &ta);
	pt_abs_term_of(pb, y, n, &tb);
	pt_combine(&ta, &tb, &t);
	pt_widen(&t, c);
}

/* Compares runs r[1..n) (block processes p[1..n)) against r[0]; prints the table, writes csv
 * (may be NULL). */
static void compare_runs(struct run *r, const struct pt_set *p, size_t n, FILE *csv)
{
	const struct run *a = &r[0];
	const struct rr_row **ga = calloc(a->nrows + 1, sizeof *ga);
	const struct rr_row **gb = calloc(a->nrows + 1, sizeof *gb);
	char label[MAX_RUNS][512], cell[160];
	int wide = n == 2;
	size_t only_a = 0;

	if (!ga || !gb)
		goto out;
	for (size_t j = 0; j < n; j++) {
		run_label(&r[j], label[j], sizeof label[j]);
		printf("%c = %s: %s\n", (int)('A' + j), r[j].dir, label[j]);
	}
	for (size_t j = 0; j < n; j++)
		printf("  between processes, %c: %s\n", (int)('A' + j),
		       p[j].nblk >= 2 ? p[j].what : p[j].why);
	printf("ratio = median ns/lookup (the whole loop) of the run / of A; %s\n\n", wide ?
	       "95% bootstrap interval widened by both runs' epoch spreads and by what moves the "
	       "cell between processes; Mann-Whitney p on the raw samples" :
	       "* significant (interval excludes 1, p < 0.05), ? no interval");
	printf("%-34s %-8s %-6s %10s", "kernel", "mode", "piece", "A ns");
	if (wide)
		printf(" %10s  %-26s %-8s %s\n", "B ns", "B/A (95% interval)", "p", "verdict");
	for (size_t j = 1; !wide && j < n; j++)
		printf(" %9c/A", (int)('A' + j));
	if (!wide)
		printf("\n");
	if (csv)
		fputs("kernel,mode,piece,cache_state,pressure_bytes,run_a,run_b,label_b,ns_a,ns_b,"
		      "ratio,ci_lo,ci_hi,p_value,significant,basis,process_pct,processes\n", csv);
	for (size_t i = 0; i < a->nrows; i++) {
		const struct rr_row *x = &a->rows[i];
		char mode[64];
		if (!run_row_timed(x))
			continue;
		if (wide) {  /* a cell only in A: counted and said once below, not a row each */
			const struct rr_row *y = run_find(&r[1], x->kernel, x);
			if (!y || !run_row_timed(y)) {
				only_a++;
				continue;
			}
		}
		snprintf(mode, sizeof mode, "%s%s%s%s", x->mode, strcmp(x->cache_state, "warm") ?
			 "/" : "", strcmp(x->cache_state, "warm") ? x->cache_state : "", x->pressure);
		printf("%-34s %-8s %-6s %10.3f", x->kernel, mode, x->piece, x->ns_median);
		for (size_t j = 1; j < n; j++) {
			const struct rr_row *y = run_find(&r[j], x->kernel, x);
			struct cmp c;
			if (!y || !run_row_timed(y)) {
				printf(wide ? " %10s  not in B\n" : " %11s", "-");
				continue;
			}
			compare_cells(&x, &y, 1, &p[0], &p[j], &c);
			cell_text(cell, sizeof cell, &c, wide);
			if (wide)
				printf(" %10.3f  %s\n", y->ns_median, cell);
			else
				printf(" %11s", cell);
			if (csv)
				csv_row(csv, x, a, &r[j], label[j], x->ns_median, y->ns_median, &c);
		}
		if (!wide)
			printf("\n");
	}
	if (wide) {
		size_t only_b = 0;
		for (size_t i = 0; i < r[1].nrows; i++) {
			const struct rr_row *y = &r[1].rows[i], *x = run_find(a, y->kernel, y);
			only_b += run_row_timed(y) && (!x || !run_row_timed(x));
		}
		if (only_a || only_b)
			printf("\nnot compared: %zu timed cell%s only in A, %zu only in B (other kernels "
			       "or modes)\n", only_a, only_a == 1 ? "" : "s", only_b);
	}
	printf("\ngeometric mean over common cells:\n");
	for (size_t j = 1; j < n; j++) {
		struct cmp g;
		size_t m = 0;
		for (size_t i = 0; i < a->nrows; i++) {
			const struct rr_row *x = &a->rows[i], *y;
			if (!run_row_timed(x) || !(y = run_find(&r[j], x->kernel, x)) ||
			    !run_row_timed(y) || !(x->ns_median > 0) || !(y->ns_median > 0))
				continue;
			ga[m] = x;
			gb[m++] = y;
		}
		compare_cells(ga, gb, m, &p[0], &p[j], &g);
		if (isnan(g.ratio)) {
			printf("  %c/A: no common timed cell\n", (int)('A' + j));
			continue;
		}
		cmp_factor(cell, sizeof cell, g.ratio, g.lo, g.hi, 0);
		printf("  %c/A = %s over %zu cells: %s\n", (int)('A' + j), cell, m, verdict_word(&g));
		if (csv)
			csv_row(csv, NULL, a, &r[j], label[j], NAN, NAN, &g);
	}
out:
	free(ga);
	free(gb);
}

int cmd_compare(int argc, char **argv)
{
	static const struct option LONG[] = {
		{ "csv", required_argument, 0, 'c' }, { "any-dataset", no_argument, 0, 'a' },
		{ "help", no_argument, 0, 'h' }, { 0, 0, 0, 0 } };
	struct run *r;
	struct pt_set *p;
	const char *csv_path = NULL;
	int any = 0, opt, rc = EXIT_FAIL;
	size_t n = 0;

	optind = 1;
	while ((opt = getopt_long(argc, argv, "h", LONG, NULL)) != -1) {
		if (opt == 'c')
			csv_path = optarg;
		else if (opt == 'a')
			any = 1;
		else if (opt == 'h')
			return usage(stdout), EXIT_OK;
		else
			return usage(stderr), EXIT_USAGE;
	}
	if (argc - optind < 2 || argc - optind > MAX_RUNS) {
		fprintf(stderr, "slidebench compare: give 2 to %d run directories\n", MAX_RUNS);
		usage(stderr);
		return EXIT_USAGE;
	}
	r = calloc(MAX_RUNS, sizeof *r);
	p = calloc(MAX_RUNS, sizeof *p);
	if (!r || !p) {
		free(r);
		free(p);
		return EXIT_FAIL;
	}
	for (; optind < argc; optind++, n++)
		if (load(argv[optind], &r[n], &p[n]) < 0) {
			pt_free(&p[n]);
			goto out_runs;
		}
	for (size_t j = 1; j < n && !any; j++)
		if (strcmp(run_dataset(&r[0]), run_dataset(&r[j]))) {
			fprintf(stderr, "slidebench compare: %s was run on dataset \"%s\" but %s on "
				"\"%s\": the figures are not comparable; compare runs of the same "
				"trace, or pass --any-dataset\n", r[0].dir, run_dataset(&r[0]),
				r[j].dir, run_dataset(&r[j]));
			goto out_runs;
		}
	if (csv_path) {
		struct out_file o;
		char err[PATH_MAX + 128];
		if (out_open_path(&o, csv_path, err, sizeof err) < 0) {
			fprintf(stderr, "slidebench compare: %s\n", err);
			goto out_runs;
		}
		compare_runs(r, p, n, o.f);
		if (out_commit(&o, err, sizeof err) < 0) {
			fprintf(stderr, "slidebench compare: %s\n", err);
			goto out_runs;
		}
	} else {
		compare_runs(r, p, n, NULL);
	}
	rc = EXIT_OK;
out_runs:
	for (size_t j = 0; j < n; j++) {
		run_free(&r[j]);
		pt_free(&p[j]);
	}
	free(r);
	free(p);
	return rc;
}
