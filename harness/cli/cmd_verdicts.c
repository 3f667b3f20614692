/* cmd_verdicts.c - `slidebench verdicts STUDY...`: several studies' verdicts.csv side by side,
 * and every contradiction named: a verdict settled one way in one study and settled the other
 * way in another (contradicted: two settled verdicts cannot both be right, so the harness
 * erred); and, for information, a settled verdict estimated the other way where it was not
 * settled (noisy: what a verdict that is not settled is expected to do; a provisional one, of
 * a busy study, is not settled), and estimates outside another study's interval. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "util/output.h"
#include "runread/runread.h"

#define MAX_STUDIES 16

static const struct cli_opt VERDICTS_OPTS[] = { CLI_OPT_HELP, CLI_OPT_END };
const struct cli_cmd CLI_VERDICTS = {
	"verdicts", "STUDY_A STUDY_B [STUDY_C ...]",
	"Reads each STUDY/verdicts.csv (written by slidebench report) and prints every\n"
	"verdict (question, B against A) with each study's ratio, interval and settled mark.\n"
	"Then names each contradiction: CONTRADICTED (settled one way in one study and the\n"
	"other way in another: an error of the harness), and, for information, noisy\n"
	"(settled one way, estimated the other way where it was not settled, provisional\n"
	"included: expected noise) and estimates outside another study's interval.  A\n"
	"verdicts.csv without a process_pct\n"
	"column (written before the between-process term) is read as well; its intervals\n"
	"are within one process only.\n",
	VERDICTS_OPTS,
	"Exit: 0 no verdict contradicted (noisy ones included); 1 some were, or a study is\n"
	"unreadable;\n"
	"2 usage.\n"
};

/* One study's verdicts. */
struct vset {
	const char *dir;
	struct csv c;
	int q, a, b, ratio, lo, hi, settled;
	int process;         /* the process_pct column, -1 in a verdicts.csv written before it */
};

/* Returns the row of set v with this key, or -1. */
static long find_row(const struct vset *v, const char *q, const char *a, const char *b)
{
	for (size_t i = 0; i < v->c.nrow; i++)
		if (!strcmp(csv_cell(&v->c, i, v->q), q) && !strcmp(csv_cell(&v->c, i, v->a), a) &&
		    !strcmp(csv_cell(&v->c, i, v->b), b))
			return (long)i;
	return -1;
}

/* Returns 0 when row r's ratio, lo and hi are each empty or a positive finite number, else -1
 * with err naming path, line and column. */
static int check_numbers(const struct vset *v, size_t r, const char *path, char *err,
			 size_t errlen)
{
	const int cols[] = { v->ratio, v->lo, v->hi };
	const char *names[] = { "ratio", "lo", "hi" };

	for (size_t k = 0; k < 3; k++) {
		const char *t = csv_cell(&v->c, r, cols[k]);
		double x = csv_num(&v->c, r, cols[k]);
		if (!*t || (isfinite(x) && x > 0))
			continue;
		snprintf(err, errlen, "%s: line %zu: %s is \"%.40s\": not a positive finite ratio",
			 path, r + 2, names[k], t);
		return -1;
	}
	return 0;
}

/* Returns 0 when every verdict of v has sound numbers and its own key, else -1 with err. */
static int check_set(const struct vset *v, const char *path, char *err, size_t errlen)
{
	for (size_t r = 0; r < v->c.nrow; r++) {
		long first = find_row(v, csv_cell(&v->c, r, v->q), csv_cell(&v->c, r, v->a),
				      csv_cell(&v->c, r, v->b));
		if (check_numbers(v, r, path, err, errlen) < 0)
			return -1;
		if (first >= 0 && (size_t)first < r) {
			snprintf(err, errlen, "%s: line %zu: a second verdict \"%.60s\", %.60s against "
				 "%.60s (the first is line %ld)", path, r + 2,
				 csv_cell(&v->c, r, v->q), csv_cell(&v->c, r, v->b),
				 csv_cell(&v->c, r, v->a), first + 2);
			return -1;
		}
	}
	return 0;
}

static int load_set(const char *dir, struct vset *v)
{
	char path[4096], err[4096 + 512];

	memset(v, 0, sizeof *v);
	v->dir = dir;
	snprintf(path, sizeof path, "%s/verdicts.csv", dir);
	if (csv_load(path, &v->c, err, sizeof err) < 0) {
		fprintf(stderr, "slidebench verdicts: %s (run slidebench report %s first)\n", err,
			dir);
		return -1;
	}
	v->q = csv_col(&v->c, "question"), v->a = csv_col(&v->c, "a"), v->b = csv_col(&v->c, "b");
	v->ratio = csv_col(&v->c, "ratio"), v->lo = csv_col(&v->c, "lo");
	v->hi = csv_col(&v->c, "hi"), v->settled = csv_col(&v->c, "settled");
	v->process = csv_col(&v->c, "process_pct");
	if (v->q < 0 || v->a < 0 || v->b < 0 || v->ratio < 0 || v->lo < 0 || v->hi < 0 ||
	    v->settled < 0) {
		fprintf(stderr, "slidebench verdicts: %s: not a verdicts.csv (needs question, a, b, "
			"ratio, lo, hi, settled)\n", path);
		csv_free(&v->c);
		return -1;
	}
	if (check_set(v, path, err, sizeof err) < 0) {
		fprintf(stderr, "slidebench verdicts: %s\n", err);
		csv_free(&v->c);
		return -1;
	}
	return 0;
}

/* What one study's verdicts say against another's: contradictions (an error of the harness),
 * noisy ones (expected) and estimates outside an interval (for information). */
struct tally {
	int contradicted, noisy, outside;
};

/* Returns study v's settled mark of row r: "yes", "no", "unknown", "provisional", ... */
static const char *settled_of(const struct vset *v, long r)
{
	return csv_cell(&v->c, (size_t)r, v->settled);
}

/* Compares study i's verdict row ri against study j's rj; prints and counts what disagrees.
 * Only "yes" is settled: a provisional verdict (a busy study's) is not. */
static void judge(const struct vset *s, size_t i, long ri, size_t j, long rj, const char *what,
		  struct tally *t)
{
	double xi = csv_num(&s[i].c, (size_t)ri, s[i].ratio);
	double xj = csv_num(&s[j].c, (size_t)rj, s[j].ratio);
	double lo = csv_num(&s[i].c, (size_t)ri, s[i].lo), hi = csv_num(&s[i].c, (size_t)ri, s[i].hi);
	int si = !strcmp(settled_of(&s[i], ri), "yes"), sj = !strcmp(settled_of(&s[j], rj), "yes");

	if (isnan(xi) || isnan(xj))
		return;
	if (!isnan(lo) && !isnan(hi) && (xj < lo || xj > hi)) {
		printf("  outside: %s: %s's estimate %.3f is outside %s's interval %.3f-%.3f\n",
		       what, s[j].dir, xj, s[i].dir, lo, hi);
		t->outside++;
	}
	if (!si || (xi > 1) == (xj > 1) || xj == 1)
		return;
	if (sj && i < j) {
		printf("  CONTRADICTED: %s: settled at %.3f in %s and settled at %.3f in %s: both "
		       "cannot be right, an error of the harness\n", what, xi, s[i].dir, xj,
		       s[j].dir);
		t->contradicted++;
	} else if (!sj) {
		printf("  noisy: %s: settled at %.3f in %s; %.3f in %s is the other side, not settled "
		       "there (%s): expected noise\n", what, xi, s[i].dir, xj, s[j].dir,
		       *settled_of(&s[j], rj) ? settled_of(&s[j], rj) : "no mark");
		t->noisy++;
	}
}

/* Returns 1 when the verdict of study k's row r is in an earlier study (shown already). */
static int seen_before(const struct vset *s, size_t k, size_t r)
{
	for (size_t i = 0; i < k; i++)
		if (find_row(&s[i], csv_cell(&s[k].c, r, s[k].q), csv_cell(&s[k].c, r, s[k].a),
			     csv_cell(&s[k].c, r, s[k].b)) >= 0)
			return 1;
	return 0;
}

/* Prints the verdict of study k's row r in every study and judges every pair of studies that
 * hold it into t. */
static void show_verdict(const struct vset *s, size_t n, size_t k, size_t r, struct tally *t)
{
	const char *q = csv_cell(&s[k].c, r, s[k].q), *a = csv_cell(&s[k].c, r, s[k].a);
	const char *b = csv_cell(&s[k].c, r, s[k].b);
	char what[512], ab[256], safe[3][512];
	long rows[MAX_STUDIES];

	/* the texts of verdicts.csv, safe for the terminal */
	snprintf(ab, sizeof ab, "%s / %s", out_text(b, safe[1], sizeof safe[1]),
		 out_text(a, safe[2], sizeof safe[2]));
	snprintf(what, sizeof what, "%s, %s", out_text(q, safe[0], sizeof safe[0]), ab);
	printf("%-26.26s %-44.44s", safe[0], ab);
	for (size_t i = 0; i < n; i++) {
		char cell[64] = "-";
		rows[i] = find_row(&s[i], q, a, b);
		if (rows[i] >= 0)
			snprintf(cell, sizeof cell, "%.3f (%.3f-%.3f)%s",
				 csv_num(&s[i].c, (size_t)rows[i], s[i].ratio),
				 csv_num(&s[i].c, (size_t)rows[i], s[i].lo),
				 csv_num(&s[i].c, (size_t)rows[i], s[i].hi),
				 !strcmp(settled_of(&s[i], rows[i]), "yes") ? "*" :
				 !strcmp(settled_of(&s[i], rows[i]), "provisional") ? "~" : "");
		printf(" %-22s", cell);
	}
	printf("\n");
	for (size_t i = 0; i < n; i++)
		for (size_t j = 0; j < n; j++)
			if (i != j && rows[i] >= 0 && rows[j] >= 0)
				judge(s, i, rows[i], j, rows[j], what, t);
}

int cmd_verdicts(int argc, char **argv)
{
	struct vset s[MAX_STUDIES];
	struct tally t = { 0, 0, 0 };
	size_t n = 0;
	int rc = EXIT_OK;

	if (argc == 2 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"))) {
		cli_print_help(stdout, &CLI_VERDICTS);
		return EXIT_OK;
	}
	if (argc == 2) {
		fprintf(stderr, "slidebench verdicts: give two or more studies to set side by side "
			"(one study's verdicts are in its verdicts.csv and report)\n");
		return EXIT_USAGE;
	}
	if (argc < 3 || argc - 1 > MAX_STUDIES) {
		cli_print_help(stderr, &CLI_VERDICTS);
		return EXIT_USAGE;
	}
	for (int k = 1; k < argc; k++) {
		if (load_set(argv[k], &s[n]) < 0) {
			rc = EXIT_FAIL;
			goto out;
		}
		n++;
	}
	for (size_t i = 0; i < n; i++)
		printf("%c = %s%s\n", (int)('A' + i), s[i].dir, s[i].process >= 0 ? "" :
		       " (written before the between-process term: its intervals are within one "
		       "process only)");
	printf("\n%-26s %-44s", "question", "b against a");
	for (size_t i = 0; i < n; i++)
		printf(" %-22c", (int)('A' + i));
	printf("\n");
	for (size_t k = 0; k < n; k++)    /* the union of every study's verdicts */
		for (size_t r = 0; r < s[k].c.nrow; r++)
			if (!seen_before(s, k, r))
				show_verdict(s, n, k, r, &t);
	printf("\n* settled, ~ provisional (a busy study's: not settled).  %d verdict%s "
	       "contradicted (settled both ways: an error of the harness); %d noisy (settled in "
	       "one study, the other side of 1 where not settled: expected); %d estimate%s outside "
	       "another study's interval.\n", t.contradicted, t.contradicted == 1 ? "" : "s",
	       t.noisy, t.outside, t.outside == 1 ? "" : "s");
	rc = t.contradicted ? EXIT_FAIL : EXIT_OK;
out:
	for (size_t i = 0; i < n; i++)
		csv_free(&s[i].c);
	return rc;
}
