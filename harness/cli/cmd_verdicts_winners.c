/* cmd_verdicts_winners.c - the winners of `slidebench verdicts`: each answer a study's first
 * screen gives (a workload's kernel, a question's faster side) in every study, and every one
 * that changed between them (cmd_verdicts.h). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cmd_verdicts.h"
#include "util/output.h"

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
			 verdicts_word(&s[i], x->row[i]));
}

/* Writes the letters of the studies in which changed answer x is given but not settled into
 * buf ("B", "A and C", "A, B and C"); returns how many. */
static int unsettled_in(const struct vset *s, size_t n, const struct answer *x, char *buf,
			size_t len)
{
	int k = 0, total = 0;

	for (size_t i = 0; i < n; i++)
		total += x->row[i] >= 0 && winner_of(&s[i], x->row[i]) &&
			 strcmp(verdicts_word(&s[i], x->row[i]), "settled");
	buf[0] = 0;
	for (size_t i = 0; i < n; i++)
		if (x->row[i] >= 0 && winner_of(&s[i], x->row[i]) &&
		    strcmp(verdicts_word(&s[i], x->row[i]), "settled")) {
			size_t m = strlen(buf);
			snprintf(buf + m, len - m, "%s%c", !k ? "" : k == total - 1 ? " and " : ", ",
				 (int)('A' + i));
			k++;
		}
	return total;
}

/* Fills x with the union of every study's answers (each once, with its row in every study);
 * returns how many. */
static size_t collect_answers(const struct vset *s, size_t n, struct answer *x)
{
	char label[128], key[1024];
	size_t nx = 0;

	for (size_t k = 0; k < n; k++)
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
	return nx;
}

/* Prints how many of the nx answers x name another winner in another study, then each one
 * CHANGED with the studies that name each winner and where it is not settled.  Returns how
 * many changed. */
static int print_changed(const struct vset *s, size_t n, const struct answer *x, size_t nx)
{
	int changed = 0, trusted = 0;
	char cell[640], who[4 * MAX_STUDIES];

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
	return changed;
}

/* Prints the nx answers x in a table of one column per study, sized to what it holds. */
static void print_answers(const struct vset *s, size_t n, const struct answer *x, size_t nx)
{
	size_t wl = strlen("answer"), w[MAX_STUDIES];
	char cell[640];

	for (size_t j = 0; j < nx; j++)
		wl = verdicts_cols(x[j].label) > wl ? verdicts_cols(x[j].label) : wl;
	for (size_t i = 0; i < n; i++) {
		w[i] = 1;
		for (size_t j = 0; j < nx; j++) {
			winner_cell(s, i, &x[j], cell, sizeof cell);
			w[i] = verdicts_cols(cell) > w[i] ? verdicts_cols(cell) : w[i];
		}
	}
	printf("\n");
	verdicts_put_col("answer", wl);
	for (size_t i = 0; i < n; i++) {
		char letter[2] = { (char)('A' + i), 0 };
		printf("  ");
		verdicts_put_col(letter, i + 1 < n ? w[i] : 0);
	}
	printf("\n");
	for (size_t j = 0; j < nx; j++) {
		int ch = winner_changed(s, n, &x[j]);
		verdicts_put_col(x[j].label, wl);
		for (size_t i = 0; i < n; i++) {
			winner_cell(s, i, &x[j], cell, sizeof cell);
			printf("  ");
			verdicts_put_col(cell, i + 1 < n || ch ? w[i] : 0);
		}
		printf("%s\n", ch ? "  CHANGED" : "");
	}
}

int verdicts_show_winners(const struct vset *s, size_t n)
{
	struct answer *x;
	size_t nx, rows = 0;
	int changed;

	for (size_t i = 0; i < n; i++)
		rows += s[i].c.nrow;
	if (!(x = calloc(rows + 1, sizeof *x)))
		return -1;
	nx = collect_answers(s, n, x);
	changed = print_changed(s, n, x, nx);
	print_answers(s, n, x, nx);
	free(x);
	return changed;
}
