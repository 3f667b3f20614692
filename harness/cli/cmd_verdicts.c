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
#include "runread/runread.h"

#define MAX_STUDIES 16

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

/* Returns the confidence word of study v's row r as the report's first screen says it
 * (verdict_word): settled, provisional (a busy study's), likely (the interval excludes 1, not
 * settled) or unclear. */
static const char *word_of(const struct vset *v, long r)
{
	const char *m = settled_of(v, r);
	double lo = csv_num(&v->c, (size_t)r, v->lo), hi = csv_num(&v->c, (size_t)r, v->hi);

	if (!strcmp(m, "yes"))
		return "settled";
	if (!strcmp(m, "provisional"))
		return "provisional";
	return !isnan(lo) && !isnan(hi) && (lo > 1 || hi < 1) ? "likely" : "unclear";
}

/* Returns the terminal columns of s: its UTF-8 characters (out_text leaves no control). */
static size_t cols(const char *s)
{
	size_t n = 0;

	for (; *s; s++)
		n += ((unsigned char)*s & 0xC0) != 0x80;
	return n;
}

/* Prints s padded with spaces to w columns (a longer s is printed whole, never cut). */
static void put_col(const char *s, size_t w)
{
	fputs(s, stdout);
	for (size_t n = cols(s); n < w; n++)
		putchar(' ');
}

/* The answers a user asks of a study, as its first screen gives them: each workload's winner
 * (question recommend:LABEL: the kernel to use is a) and the faster side of each question's
 * pair (bits: the builds, and the 64-bit siblings against the 32-bit-designed kernels;
 * tables; branching).  Returns 1 with row r's label and key (the same answer has the same key
 * in every study, whichever kernels it names), or 0 when row r is a detail (bits' kernel
 * pairs, huge pages, the compiler): the verdict-by-verdict listing has those. */
static int answer_of(const struct vset *v, size_t r, char *label, size_t llen, char *key,
		     size_t klen)
{
	const char *q = csv_cell(&v->c, r, v->q), *a = csv_cell(&v->c, r, v->a);
	const char *b = csv_cell(&v->c, r, v->b);

	if (!strncmp(q, "recommend:", 10)) {
		snprintf(label, llen, "%s", q + 10);
		snprintf(key, klen, "%s", q);
	} else if (!strcmp(q, "bits") && !strncmp(a, "-m64 build", 10)) {
		snprintf(label, llen, "32 or 64 bit, builds");
		snprintf(key, klen, "bits\n-m64 build");
	} else if (!strcmp(q, "bits") && !strcmp(a, "64-bit siblings")) {
		snprintf(label, llen, "32 or 64 bit, siblings");
		snprintf(key, klen, "bits\n64-bit siblings");
	} else if (!strcmp(q, "tables") || !strcmp(q, "branching")) {
		snprintf(label, llen, "%s", !strcmp(q, "tables") ? "table size" : "branching");
		snprintf(key, klen, "%s\n%s\n%s", q, a, b);
	} else
		return 0;
	return 1;
}

/* One answer over every study: its label and its row in each (-1: not in that study). */
struct answer {
	char label[128], key[1024];
	long row[MAX_STUDIES];
};

/* Returns the row of study v that gives the answer of key, or -1. */
static long find_answer(const struct vset *v, const char *key)
{
	char l[128], k[1024];

	for (size_t r = 0; r < v->c.nrow; r++)
		if (answer_of(v, r, l, sizeof l, k, sizeof k) && !strcmp(k, key))
			return (long)r;
	return -1;
}

/* Returns the winner of study v's answer row r: a for a workload (the report's pick, the
 * runner-up is b), the faster of a and b for a question (ratio = time of b / time of a), or
 * NULL when its ratio is not measured. */
static const char *winner_of(const struct vset *v, long r)
{
	double x = csv_num(&v->c, (size_t)r, v->ratio);

	if (!strncmp(csv_cell(&v->c, (size_t)r, v->q), "recommend:", 10))
		return csv_cell(&v->c, (size_t)r, v->a);
	if (isnan(x))
		return NULL;
	return csv_cell(&v->c, (size_t)r, x < 1 ? v->b : v->a);
}

/* Returns 1 when the studies that give answer x name more than one winner. */
static int winner_changed(const struct vset *s, size_t n, const struct answer *x)
{
	const char *first = NULL, *w;

	for (size_t i = 0; i < n; i++)
		if (x->row[i] >= 0 && (w = winner_of(&s[i], x->row[i])) != NULL) {
			if (first && strcmp(first, w))
				return 1;
			first = first ? first : w;
		}
	return 0;
}

/* Writes answer x's cell of study i into buf: "pext (settled)", or "-" where not given. */
static void winner_cell(const struct vset *s, size_t i, const struct answer *x, char *buf,
			size_t len)
{
	const char *w = x->row[i] >= 0 ? winner_of(&s[i], x->row[i]) : NULL;
	char safe[512];

	if (!w)
		snprintf(buf, len, "-");
	else
		snprintf(buf, len, "%s (%s)", out_text(w, safe, sizeof safe),
			 word_of(&s[i], x->row[i]));
}

/* Writes the letters of the studies in which changed answer x is given but not settled into
 * buf ("B", "A and C", "A, B and C"); returns how many. */
static int unsettled_in(const struct vset *s, size_t n, const struct answer *x, char *buf,
			size_t len)
{
	int k = 0, total = 0;

	for (size_t i = 0; i < n; i++)
		total += x->row[i] >= 0 && winner_of(&s[i], x->row[i]) &&
			 strcmp(word_of(&s[i], x->row[i]), "settled");
	buf[0] = 0;
	for (size_t i = 0; i < n; i++)
		if (x->row[i] >= 0 && winner_of(&s[i], x->row[i]) &&
		    strcmp(word_of(&s[i], x->row[i]), "settled")) {
			size_t m = strlen(buf);
			snprintf(buf + m, len - m, "%s%c", !k ? "" : k == total - 1 ? " and " : ", ",
				 (int)('A' + i));
			k++;
		}
	return total;
}

/* Prints the winners: how many answers name another winner in another study, each one
 * CHANGED with the studies that name each winner and where it is not settled, then every
 * answer in a table of one column per study, sized to what it holds.  Returns the number of
 * changed winners, or -1 when memory runs out. */
static int show_winners(const struct vset *s, size_t n)
{
	struct answer *x;
	size_t nx = 0, rows = 0, wl = strlen("answer"), w[MAX_STUDIES];
	int changed = 0, trusted = 0;
	char label[128], key[1024], cell[640], who[4 * MAX_STUDIES];

	for (size_t i = 0; i < n; i++)
		rows += s[i].c.nrow;
	if (!(x = calloc(rows + 1, sizeof *x)))
		return -1;
	for (size_t k = 0; k < n; k++)    /* the union of every study's answers */
		for (size_t r = 0; r < s[k].c.nrow; r++) {
			size_t j;
			if (!answer_of(&s[k], r, label, sizeof label, key, sizeof key))
				continue;
			for (j = 0; j < nx && strcmp(x[j].key, key); j++)
				;
			if (j < nx)
				continue;
			snprintf(x[nx].key, sizeof x[nx].key, "%s", key);
			out_text(label, x[nx].label, sizeof x[nx].label);
			for (size_t i = 0; i < n; i++)
				x[nx].row[i] = find_answer(&s[i], key);
			nx++;
		}
	for (size_t j = 0; j < nx; j++)
		if (winner_changed(s, n, &x[j]))
			changed++, trusted += !unsettled_in(s, n, &x[j], who, sizeof who);
	printf("Changed winners: %d of the %zu answers", changed, nx);
	if (changed > trusted)
		printf(" (%d not settled in some study: trust %s less", changed - trusted,
		       changed - trusted == 1 ? "it" : "those");
	if (trusted)
		printf("%s%d settled in every study that gives %s", changed > trusted ? "; " :
		       " (", trusted, trusted == 1 ? "it" : "them");
	printf("%s\n", changed ? ")." : ".");
	for (size_t j = 0; j < nx; j++) {
		int k = 0;
		if (!winner_changed(s, n, &x[j]))
			continue;
		printf("  CHANGED: %s:", x[j].label);
		for (size_t i = 0; i < n; i++)
			if (x[j].row[i] >= 0 && winner_of(&s[i], x[j].row[i])) {
				winner_cell(s, i, &x[j], cell, sizeof cell);
				printf("%s %s in %c", k++ ? "," : "", cell, (int)('A' + i));
			}
		if (unsettled_in(s, n, &x[j], who, sizeof who))
			printf("; not settled in %s\n", who);
		else
			printf("; settled in every study\n");
	}
	for (size_t j = 0; j < nx; j++)
		wl = cols(x[j].label) > wl ? cols(x[j].label) : wl;
	for (size_t i = 0; i < n; i++) {
		w[i] = 1;
		for (size_t j = 0; j < nx; j++) {
			winner_cell(s, i, &x[j], cell, sizeof cell);
			w[i] = cols(cell) > w[i] ? cols(cell) : w[i];
		}
	}
	printf("\n");
	put_col("answer", wl);
	for (size_t i = 0; i < n; i++) {
		char letter[2] = { (char)('A' + i), 0 };
		printf("  ");
		put_col(letter, i + 1 < n ? w[i] : 0);
	}
	printf("\n");
	for (size_t j = 0; j < nx; j++) {
		int ch = winner_changed(s, n, &x[j]);
		put_col(x[j].label, wl);
		for (size_t i = 0; i < n; i++) {
			winner_cell(s, i, &x[j], cell, sizeof cell);
			printf("  ");
			put_col(cell, i + 1 < n || ch ? w[i] : 0);
		}
		printf("%s\n", ch ? "  CHANGED" : "");
	}
	free(x);
	return changed;
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

/* A verdict of the union of the studies': the first study that holds it and its row there. */
struct vkey {
	size_t k, r;
};

/* Writes study i's cell of verdict (q, a, b) into buf: "1.220 (1.097-1.363)*" (* settled, ~
 * provisional), the ratio alone where it has no interval, or "-" where the study lacks it. */
static void ratio_cell(const struct vset *v, const char *q, const char *a, const char *b,
		       char *buf, size_t len)
{
	long r = find_row(v, q, a, b);
	double x, lo, hi;
	const char *mark;

	if (r < 0) {
		snprintf(buf, len, "-");
		return;
	}
	x = csv_num(&v->c, (size_t)r, v->ratio), lo = csv_num(&v->c, (size_t)r, v->lo);
	hi = csv_num(&v->c, (size_t)r, v->hi);
	mark = !strcmp(settled_of(v, r), "yes") ? "*" : !strcmp(settled_of(v, r), "provisional") ?
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
	put_col(ab, kw);
	for (size_t i = 0; i < n; i++) {
		rows[i] = find_row(&s[i], q, a, b);
		ratio_cell(&s[i], q, a, b, cell, sizeof cell);
		printf("  ");
		put_col(cell, i + 1 < n ? w[i] : 0);
	}
	printf("\n");
	for (size_t i = 0; i < n; i++)
		for (size_t j = 0; j < n; j++)
			if (i != j && rows[i] >= 0 && rows[j] >= 0)
				judge(s, i, rows[i], j, rows[j], what, t);
}

/* Prints every verdict of the union of the studies', question by question (each under its
 * question's heading, the keys' column as wide as that question's longest, the studies'
 * columns as wide as their longest cell: no name is cut), and judges them into t.  Returns
 * -1 when memory runs out. */
static int show_verdicts(const struct vset *s, size_t n, struct tally *t)
{
	struct vkey *e;
	size_t ne = 0, rows = 0, w[MAX_STUDIES];
	char cell[128], safe[1024];
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
	for (size_t i = 0; i < n; i++) {
		w[i] = 1;
		for (size_t j = 0; j < ne; j++) {
			const struct vset *v = &s[e[j].k];
			ratio_cell(&s[i], csv_cell(&v->c, e[j].r, v->q), csv_cell(&v->c, e[j].r, v->a),
				   csv_cell(&v->c, e[j].r, v->b), cell, sizeof cell);
			w[i] = cols(cell) > w[i] ? cols(cell) : w[i];
		}
	}
	printf("\nVerdict by verdict (b against a: ratio = time of b / time of a, its 95%% "
	       "interval; * settled, ~ provisional):\n");
	for (size_t j = 0; j < ne; j++) {    /* one question at a time, in the order first seen */
		const struct vset *v = &s[e[j].k];
		const char *q = csv_cell(&v->c, e[j].r, v->q);
		size_t kw;
		if (done[j])
			continue;
		out_text(q, safe, sizeof safe);
		kw = cols(safe);
		for (size_t m = j; m < ne; m++) {
			const struct vset *u = &s[e[m].k];
			size_t c;
			char sa[512], sb[512];
			if (strcmp(csv_cell(&u->c, e[m].r, u->q), q))
				continue;
			c = 5 + cols(out_text(csv_cell(&u->c, e[m].r, u->b), sb, sizeof sb)) +
			    cols(out_text(csv_cell(&u->c, e[m].r, u->a), sa, sizeof sa));
			kw = c > kw ? c : kw;
		}
		printf("\n");
		put_col(safe, kw);
		for (size_t i = 0; i < n; i++) {
			char letter[2] = { (char)('A' + i), 0 };
			printf("  ");
			put_col(letter, i + 1 < n ? w[i] : 0);
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
	printf("\n");
	if ((changed = show_winners(s, n)) < 0 || show_verdicts(s, n, &t) < 0) {
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
