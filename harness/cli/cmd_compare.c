/* cmd_compare.c - `slidebench compare RUN_A RUN_B [RUN_C ...]`: the same cells of several runs
 * (builds, compilers, machines) side by side: ratio of medians against RUN_A with a bootstrap
 * interval, Mann-Whitney p on the raw samples, and the geometric mean over the common cells. */
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

enum { COMPARE_CSV = 256, COMPARE_ANY };

static const struct cli_opt COMPARE_OPTS[] = {
	{ "csv", COMPARE_CSV, "FILE", "also write the comparison as CSV (one row per cell and run)",
	  NULL, NULL },
	{ "any-dataset", COMPARE_ANY, NULL, "compare runs made on different traces (refused "
	  "otherwise)", NULL, NULL },
	CLI_OPT_HELP,
	CLI_OPT_END
};
const struct cli_cmd CLI_COMPARE = {
	"compare", "[OPTIONS] RUN_A RUN_B [RUN_C ...]",
	"For every kernel x mode x piece timed in RUN_A and another run: the ratio of\n"
	"medians RUN/RUN_A (net ns per lookup) with a 95% bootstrap interval (fixed seed)\n"
	"widened by both runs' epoch spreads (two runs cannot be paired round by round: the\n"
	"host may step between them as much as between the epochs of either) and, for a\n"
	"study, by what moves the cell between processes (its compiler/NN-gcc blocks:\n"
	"each run is one process, so a difference within that is not significant), the\n"
	"Mann-Whitney p-value on the raw samples, and whether the difference is\n"
	"significant (interval excludes 1 and p < 0.05); last, the geometric mean of the\n"
	"ratios over all common cells.  With more than two runs: one column per run,\n"
	"labelled by CPU (uarch) and compiler.  A run is a bench --out directory, or a\n"
	"study directory (its m64/ is read).\n",
	COMPARE_OPTS,
	"Exit: 0 compared; 1 unreadable run or different datasets; 2 usage.\n"
};

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

/* What the steps of compare_runs share: the runs, their block processes, the CSV (or NULL)
 * and each run's label; wide: two runs, one line per cell with its interval and p. */
struct cmp_view {
	struct run *r;
	const struct pt_set *p;
	size_t n;
	FILE *csv;
	int wide;
	char label[MAX_RUNS][512];
};

/* Prints which run is which letter, what moves each between processes, and what a ratio is. */
static void print_legend(struct cmp_view *v)
{
	for (size_t j = 0; j < v->n; j++) {
		run_label(&v->r[j], v->label[j], sizeof v->label[j]);
		printf("%c = %s: %s\n", (int)('A' + j), v->r[j].dir, v->label[j]);
	}
	for (size_t j = 0; j < v->n; j++)
		printf("  between processes, %c: %s\n", (int)('A' + j),
		       v->p[j].nblk >= 2 ? v->p[j].what : v->p[j].why);
	printf("ratio = median ns/lookup (the whole loop) of the run / of A; %s\n\n", v->wide ?
	       "95% bootstrap interval widened by both runs' epoch spreads and by what moves the "
	       "cell between processes; Mann-Whitney p on the raw samples" :
	       "* significant (interval excludes 1, p < 0.05), ? no interval");
}

/* Prints the table's heading line, and the CSV's. */
static void print_heading(const struct cmp_view *v)
{
	printf("%-34s %-8s %-6s %10s", "kernel", "mode", "piece", "A ns");
	if (v->wide)
		printf(" %10s  %-26s %-8s %s\n", "B ns", "B/A (95% interval)", "p", "verdict");
	for (size_t j = 1; !v->wide && j < v->n; j++)
		printf(" %9c/A", (int)('A' + j));
	if (!v->wide)
		printf("\n");
	if (v->csv)
		fputs("kernel,mode,piece,cache_state,pressure_bytes,run_a,run_b,label_b,ns_a,ns_b,"
		      "ratio,ci_lo,ci_hi,p_value,significant,basis,process_pct,processes\n", v->csv);
}

/* Prints (and writes to the CSV) cell x of run A against every other run.  Returns 1 when x
 * is left out as a cell only in A (two runs: counted and said once, not a row each), else 0. */
static int compare_row(const struct cmp_view *v, const struct rr_row *x)
{
	char mode[64], cell[160];

	if (v->wide) {
		const struct rr_row *y = run_find(&v->r[1], x->kernel, x);
		if (!y || !run_row_timed(y))
			return 1;
	}
	snprintf(mode, sizeof mode, "%s%s%s%s", x->mode, strcmp(x->cache_state, "warm") ?
		 "/" : "", strcmp(x->cache_state, "warm") ? x->cache_state : "", x->pressure);
	printf("%-34s %-8s %-6s %10.3f", x->kernel, mode, x->piece, x->ns_median);
	for (size_t j = 1; j < v->n; j++) {
		const struct rr_row *y = run_find(&v->r[j], x->kernel, x);
		struct cmp c;
		if (!y || !run_row_timed(y)) {
			printf(v->wide ? " %10s  not in B\n" : " %11s", "-");
			continue;
		}
		compare_cells(&x, &y, 1, &v->p[0], &v->p[j], &c);
		cell_text(cell, sizeof cell, &c, v->wide);
		if (v->wide)
			printf(" %10.3f  %s\n", y->ns_median, cell);
		else
			printf(" %11s", cell);
		if (v->csv)
			csv_row(v->csv, x, &v->r[0], &v->r[j], v->label[j], x->ns_median,
				y->ns_median, &c);
	}
	if (!v->wide)
		printf("\n");
	return 0;
}

/* Two runs: says how many timed cells only one of them has (only_a counted already). */
static void print_not_compared(const struct cmp_view *v, size_t only_a)
{
	size_t only_b = 0;

	for (size_t i = 0; i < v->r[1].nrows; i++) {
		const struct rr_row *y = &v->r[1].rows[i], *x = run_find(&v->r[0], y->kernel, y);
		only_b += run_row_timed(y) && (!x || !run_row_timed(x));
	}
	if (only_a || only_b)
		printf("\nnot compared: %zu timed cell%s only in A, %zu only in B (other kernels "
		       "or modes)\n", only_a, only_a == 1 ? "" : "s", only_b);
}

/* Prints (and writes) run j against A over their common timed cells; ga and gb hold as many
 * rows as A has. */
static void print_geomean(const struct cmp_view *v, size_t j, const struct rr_row **ga,
			  const struct rr_row **gb)
{
	const struct run *a = &v->r[0];
	char cell[160];
	struct cmp g;
	size_t m = 0;

	for (size_t i = 0; i < a->nrows; i++) {
		const struct rr_row *x = &a->rows[i], *y;
		if (!run_row_timed(x) || !(y = run_find(&v->r[j], x->kernel, x)) ||
		    !run_row_timed(y) || !(x->ns_median > 0) || !(y->ns_median > 0))
			continue;
		ga[m] = x;
		gb[m++] = y;
	}
	compare_cells(ga, gb, m, &v->p[0], &v->p[j], &g);
	if (isnan(g.ratio)) {
		printf("  %c/A: no common timed cell\n", (int)('A' + j));
		return;
	}
	cmp_factor(cell, sizeof cell, g.ratio, g.lo, g.hi, 0);
	printf("  %c/A = %s over %zu cells: %s\n", (int)('A' + j), cell, m, verdict_word(&g));
	if (v->csv)
		csv_row(v->csv, NULL, a, &v->r[j], v->label[j], NAN, NAN, &g);
}

/* Compares runs r[1..n) (block processes p[1..n)) against r[0]; prints the table, writes csv
 * (may be NULL). */
static void compare_runs(struct run *r, const struct pt_set *p, size_t n, FILE *csv)
{
	struct cmp_view *v = calloc(1, sizeof *v);
	const struct rr_row **ga = calloc(r[0].nrows + 1, sizeof *ga);
	const struct rr_row **gb = calloc(r[0].nrows + 1, sizeof *gb);
	size_t only_a = 0;

	if (!v || !ga || !gb)
		goto out;
	*v = (struct cmp_view){ .r = r, .p = p, .n = n, .csv = csv, .wide = n == 2 };
	print_legend(v);
	print_heading(v);
	for (size_t i = 0; i < r[0].nrows; i++)
		if (run_row_timed(&r[0].rows[i]))
			only_a += (size_t)compare_row(v, &r[0].rows[i]);
	if (v->wide)
		print_not_compared(v, only_a);
	printf("\ngeometric mean over common cells:\n");
	for (size_t j = 1; j < n; j++)
		print_geomean(v, j, ga, gb);
out:
	free(v);
	free(ga);
	free(gb);
}

/* Parses argv: *csv_path, *any; returns 0, or EXIT_USAGE / -1 (help printed). */
static int compare_parse(int argc, char **argv, const char **csv_path, int *any)
{
	struct cli_getopt g;
	int opt;

	cli_getopt_init(&g, COMPARE_OPTS);
	while ((opt = cli_getopt(&g, argc, argv)) != -1) {
		if (opt == COMPARE_CSV)
			*csv_path = optarg;
		else if (opt == COMPARE_ANY)
			*any = 1;
		else if (opt == 'h')
			return cli_print_help(stdout, &CLI_COMPARE), -1;
		else
			return cli_print_help(stderr, &CLI_COMPARE), EXIT_USAGE;
	}
	if (argc - optind < 2 || argc - optind > MAX_RUNS) {
		fprintf(stderr, "slidebench compare: give 2 to %d run directories\n", MAX_RUNS);
		cli_print_help(stderr, &CLI_COMPARE);
		return EXIT_USAGE;
	}
	return 0;
}

/* Returns 0 when every run was made on r[0]'s dataset, else -1 naming the first that was not. */
static int same_dataset(const struct run *r, size_t n)
{
	for (size_t j = 1; j < n; j++)
		if (strcmp(run_dataset(&r[0]), run_dataset(&r[j]))) {
			fprintf(stderr, "slidebench compare: %s was run on dataset \"%s\" but %s on "
				"\"%s\": the figures are not comparable; compare runs of the same "
				"trace, or pass --any-dataset\n", r[0].dir, run_dataset(&r[0]),
				r[j].dir, run_dataset(&r[j]));
			return -1;
		}
	return 0;
}

/* Compares the runs on standard output, and into csv_path when it is not NULL.  Returns 0, or
 * -1 when the CSV could not be written (named). */
static int write_comparison(struct run *r, const struct pt_set *p, size_t n,
			    const char *csv_path)
{
	struct out_file o;
	char err[PATH_MAX + 128];

	if (!csv_path) {
		compare_runs(r, p, n, NULL);
		return 0;
	}
	if (out_open_path(&o, csv_path, err, sizeof err) < 0) {
		fprintf(stderr, "slidebench compare: %s\n", err);
		return -1;
	}
	compare_runs(r, p, n, o.f);
	if (out_commit(&o, err, sizeof err) < 0) {
		fprintf(stderr, "slidebench compare: %s\n", err);
		return -1;
	}
	return 0;
}

int cmd_compare(int argc, char **argv)
{
	struct run *r;
	struct pt_set *p;
	const char *csv_path = NULL;
	int any = 0, rc;
	size_t n = 0;

	if ((rc = compare_parse(argc, argv, &csv_path, &any)) != 0)
		return rc < 0 ? EXIT_OK : rc;
	rc = EXIT_FAIL;
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
	if ((any || same_dataset(r, n) == 0) && write_comparison(r, p, n, csv_path) == 0)
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
