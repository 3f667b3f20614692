/* cmd_verdicts.c - `slidebench verdicts STUDY...`: what several studies answer, side by side.
 * First the winners: per workload (recommend:*, the kernel to use) and per question (32 or 64
 * bit, table size, branching: the faster side) the winner each study names, with its
 * confidence word, and every winner that changed between the studies, with where it was not
 * settled.  Then every verdict of their verdicts.csv, and every contradiction named: a verdict
 * settled one way in one study and settled the other way in another (contradicted: two settled
 * verdicts cannot both be right, so the harness erred); and, for information, a settled
 * verdict estimated the other way where it was not settled (noisy: what a verdict that is not
 * settled is expected to do; a provisional one, of a busy study, is not settled), and
 * estimates outside another study's interval. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "util/output.h"
#include "cli/cmd_verdicts.h"

static const struct cli_opt VERDICTS_OPTS[] = { CLI_OPT_HELP, CLI_OPT_END };
const struct cli_cmd CLI_VERDICTS = {
	"verdicts", "STUDY_A STUDY_B [STUDY_C ...]",
	"Reads each STUDY/verdicts.csv (written by slidebench report) and compares what the\n"
	"studies answer.  First the winners: per workload (stream, chain, ... random, peer,\n"
	"engine, 2 threads, each pressure size: the kernel to use) and per question (32 or 64\n"
	"bit, table size, branching: the faster side) the winner in each study with its\n"
	"confidence word (settled, likely, provisional, unclear), how many changed, and each\n"
	"change as CHANGED: the winner each study names, and the studies where it is not\n"
	"settled (trust that change less).  Then every verdict (question, B against A) with\n"
	"each study's ratio, interval and settled mark, and each contradiction: CONTRADICTED\n"
	"(settled one way in one study and the other way in another: an error of the\n"
	"harness), and, for information, noisy (settled one way, estimated the other way where\n"
	"it was not settled, provisional included: expected noise) and estimates outside\n"
	"another study's interval.  Columns are as wide as what they hold: no name is cut.  A\n"
	"verdicts.csv without a process_pct column (written before the between-process term) is\n"
	"read as well; its intervals are within one process only.\n",
	VERDICTS_OPTS,
	"Exit: 0 no verdict contradicted (noisy ones and changed winners included: another\n"
	"machine may name another winner); 1 some were, or a study is unreadable; 2 usage.\n"
};

/* What one study's verdicts say against another's: contradictions (an error of the harness),
 * noisy ones (expected) and estimates outside an interval (for information). */
struct tally {
	int contradicted, noisy, outside;
};

/* Compares study i's verdict row ri against study j's rj; prints and counts what disagrees.
 * Only "yes" is settled: a provisional verdict (a busy study's) is not. */
static void judge(const struct vset *s, size_t i, long ri, size_t j, long rj, const char *what,
		  struct tally *t)
{
	double xi = csv_num(&s[i].c, (size_t)ri, s[i].ratio);
	double xj = csv_num(&s[j].c, (size_t)rj, s[j].ratio);
	double lo = csv_num(&s[i].c, (size_t)ri, s[i].lo), hi = csv_num(&s[i].c, (size_t)ri, s[i].hi);
	int si = !strcmp(verdicts_settled(&s[i], ri), "yes"), sj = !strcmp(verdicts_settled(&s[j], rj), "yes");

	if (isnan(xi) || isnan(xj))
		return;
	if (!isnan(lo) && !isnan(hi) && (xj < lo || xj > hi)) {
		printf("    outside: %s: %s's estimate %.3f is outside %s's interval %.3f-%.3f\n",
		       what, s[j].dir, xj, s[i].dir, lo, hi);
		t->outside++;
	}
	if (!si || (xi > 1) == (xj > 1) || xj == 1)
		return;
	if (sj && i < j) {
		printf("    CONTRADICTED: %s: settled at %.3f in %s and settled at %.3f in %s: both "
		       "cannot be right, an error of the harness\n", what, xi, s[i].dir, xj,
		       s[j].dir);
		t->contradicted++;
	} else if (!sj) {
		printf("    noisy: %s: settled at %.3f in %s; %.3f in %s is the other side, not "
		       "settled there (%s): expected noise\n", what, xi, s[i].dir, xj, s[j].dir,
		       *verdicts_settled(&s[j], rj) ? verdicts_settled(&s[j], rj) : "no mark");
		t->noisy++;
	}
}

/* Returns 1 when the verdict of study k's row r is in an earlier study (shown already). */
static int seen_before(const struct vset *s, size_t k, size_t r)
{
	for (size_t i = 0; i < k; i++)
		if (verdicts_find_row(&s[i], csv_cell(&s[k].c, r, s[k].q), csv_cell(&s[k].c, r, s[k].a),
			     csv_cell(&s[k].c, r, s[k].b)) >= 0)
			return 1;
	return 0;
}

/* A verdict of the union of the studies': the first study that holds it and its row there. */
struct vkey {
	size_t k, r;
};

/* Writes study i's cell of verdict (q, a, b) into buf: "1.220 (1.097-1.363)*" (* settled, ~
 * provisional), the ratio alone where it has no interval, or "-" where the study lacks it. */
static void ratio_cell(const struct vset *v, const char *q, const char *a, const char *b,
		       char *buf, size_t len)
{
	long r = verdicts_find_row(v, q, a, b);
	double x, lo, hi;
	const char *mark;

	if (r < 0) {
		snprintf(buf, len, "-");
		return;
	}
	x = csv_num(&v->c, (size_t)r, v->ratio), lo = csv_num(&v->c, (size_t)r, v->lo);
	hi = csv_num(&v->c, (size_t)r, v->hi);
	mark = !strcmp(verdicts_settled(v, r), "yes") ? "*" : !strcmp(verdicts_settled(v, r), "provisional") ?
	       "~" : "";
	if (isnan(x))
		snprintf(buf, len, "no ratio%s", mark);
	else if (isnan(lo) || isnan(hi))
		snprintf(buf, len, "%.3f%s", x, mark);
	else
		snprintf(buf, len, "%.3f (%.3f-%.3f)%s", x, lo, hi, mark);
}

/* Prints verdict e (b against a) in every study, its cells in columns w wide after a key column
 * kw wide, and judges every pair of studies that hold it into t. */
static void show_verdict(const struct vset *s, size_t n, const struct vkey *e, size_t kw,
			 const size_t *w, struct tally *t)
{
	const struct vset *v = &s[e->k];
	const char *q = csv_cell(&v->c, e->r, v->q), *a = csv_cell(&v->c, e->r, v->a);
	const char *b = csv_cell(&v->c, e->r, v->b);
	char what[1024], ab[1024], safe[3][512], cell[128];
	long rows[MAX_STUDIES];

	/* the texts of verdicts.csv, safe for the terminal */
	snprintf(ab, sizeof ab, "  %s / %s", out_text(b, safe[1], sizeof safe[1]),
		 out_text(a, safe[2], sizeof safe[2]));
	snprintf(what, sizeof what, "%s, %s", out_text(q, safe[0], sizeof safe[0]), ab + 2);
	verdicts_put_col(ab, kw);
	for (size_t i = 0; i < n; i++) {
		rows[i] = verdicts_find_row(&s[i], q, a, b);
		ratio_cell(&s[i], q, a, b, cell, sizeof cell);
		printf("  ");
		verdicts_put_col(cell, i + 1 < n ? w[i] : 0);
	}
	printf("\n");
	for (size_t i = 0; i < n; i++)
		for (size_t j = 0; j < n; j++)
			if (i != j && rows[i] >= 0 && rows[j] >= 0)
				judge(s, i, rows[i], j, rows[j], what, t);
}

/* Sets w[i] to the width of study i's column: its longest cell of the ne verdicts e. */
static void study_widths(const struct vset *s, size_t n, const struct vkey *e, size_t ne,
			 size_t *w)
{
	char cell[128];

	for (size_t i = 0; i < n; i++) {
		w[i] = 1;
		for (size_t j = 0; j < ne; j++) {
			const struct vset *v = &s[e[j].k];
			ratio_cell(&s[i], csv_cell(&v->c, e[j].r, v->q), csv_cell(&v->c, e[j].r, v->a),
				   csv_cell(&v->c, e[j].r, v->b), cell, sizeof cell);
			w[i] = verdicts_cols(cell) > w[i] ? verdicts_cols(cell) : w[i];
		}
	}
}

/* Returns the width of question q's key column (q as shown, qcols wide, or its longest
 * "  b / a"), over the verdicts e[j..ne). */
static size_t key_width(const struct vset *s, const struct vkey *e, size_t j, size_t ne,
			const char *q, size_t qcols)
{
	size_t kw = qcols;

	for (size_t m = j; m < ne; m++) {
		const struct vset *u = &s[e[m].k];
		size_t c;
		char sa[512], sb[512];
		if (strcmp(csv_cell(&u->c, e[m].r, u->q), q))
			continue;
		c = 5 + verdicts_cols(out_text(csv_cell(&u->c, e[m].r, u->b), sb, sizeof sb)) +
		    verdicts_cols(out_text(csv_cell(&u->c, e[m].r, u->a), sa, sizeof sa));
		kw = c > kw ? c : kw;
	}
	return kw;
}

/* Prints every verdict of the union of the studies', question by question (each under its
 * question's heading, the keys' column as wide as that question's longest, the studies'
 * columns as wide as their longest cell: no name is cut), and judges them into t.  Returns
 * -1 when memory runs out. */
static int show_verdicts(const struct vset *s, size_t n, struct tally *t)
{
	struct vkey *e;
	size_t ne = 0, rows = 0, w[MAX_STUDIES];
	char safe[1024];
	unsigned char *done;

	for (size_t i = 0; i < n; i++)
		rows += s[i].c.nrow;
	e = calloc(rows + 1, sizeof *e), done = calloc(rows + 1, 1);
	if (!e || !done) {
		free(e), free(done);
		return -1;
	}
	for (size_t k = 0; k < n; k++)
		for (size_t r = 0; r < s[k].c.nrow; r++)
			if (!seen_before(s, k, r))
				e[ne++] = (struct vkey){ k, r };
	study_widths(s, n, e, ne, w);
	printf("\nVerdict by verdict (b against a: ratio = time of b / time of a, its 95%% "
	       "interval; * settled, ~ provisional):\n");
	for (size_t j = 0; j < ne; j++) {    /* one question at a time, in the order first seen */
		const struct vset *v = &s[e[j].k];
		const char *q = csv_cell(&v->c, e[j].r, v->q);
		size_t kw;
		if (done[j])
			continue;
		out_text(q, safe, sizeof safe);
		kw = key_width(s, e, j, ne, q, verdicts_cols(safe));
		printf("\n");
		verdicts_put_col(safe, kw);
		for (size_t i = 0; i < n; i++) {
			char letter[2] = { (char)('A' + i), 0 };
			printf("  ");
			verdicts_put_col(letter, i + 1 < n ? w[i] : 0);
		}
		printf("\n");
		for (size_t m = j; m < ne; m++) {
			const struct vset *u = &s[e[m].k];
			if (strcmp(csv_cell(&u->c, e[m].r, u->q), q))
				continue;
			show_verdict(s, n, &e[m], kw, w, t);
			done[m] = 1;
		}
	}
	free(e), free(done);
	return 0;
}

int cmd_verdicts(int argc, char **argv)
{
	struct vset s[MAX_STUDIES];
	struct tally t = { 0, 0, 0 };
	size_t n = 0;
	int rc = EXIT_OK, changed;

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
		if (verdicts_load(argv[k], &s[n]) < 0) {
			rc = EXIT_FAIL;
			goto out;
		}
		n++;
	}
	for (size_t i = 0; i < n; i++)
		printf("%c = %s%s\n", (int)('A' + i), s[i].dir, s[i].process >= 0 ? "" :
		       " (written before the between-process term: its intervals are within one "
		       "process only)");
	printf("\n");
	if ((changed = verdicts_show_winners(s, n)) < 0 || show_verdicts(s, n, &t) < 0) {
		fprintf(stderr, "slidebench verdicts: out of memory\n");
		rc = EXIT_FAIL;
		goto out;
	}
	printf("\n* settled, ~ provisional (a busy study's: not settled).  %d verdict%s "
	       "contradicted (settled both ways: an error of the harness); %d noisy (settled in "
	       "one study, the other side of 1 where not settled: expected); %d estimate%s outside "
	       "another study's interval; %d winner%s changed (listed at the top).\n",
	       t.contradicted, t.contradicted == 1 ? "" : "s", t.noisy, t.outside,
	       t.outside == 1 ? "" : "s", changed, changed == 1 ? "" : "s");
	rc = t.contradicted ? EXIT_FAIL : EXIT_OK;
out:
	for (size_t i = 0; i < n; i++)
		csv_free(&s[i].c);
	return rc;
}
