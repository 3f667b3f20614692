/* report_summary_answers.c - the first screen's three answers (32 or 64 bit, table size,
 * branching), a sentence each from the verdicts of their questions. */
#include <limits.h>
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report/report.h"
#include "report/report_summary_model.h"

/* Returns the first verdict of question q, or NULL. */
static const struct verdict *find(const struct study *s, enum verdict_q q)
{
	struct verdict_key k = verdict_key(q);

	return verdict_find(s, &k, NULL);
}

/* Writes "X is 2.61x faster than Y" (or "X and Y are not told apart (1.03x)") for v, with
 * the names xa and xb for v->a and v->b. */
static void faster_as(char *out, size_t len, const struct verdict *v, const char *xa,
		      const char *xb)
{
	int b_wins = v->ratio < 1;
	double f = b_wins ? 1 / v->ratio : v->ratio;
	const char *win = b_wins ? xb : xa, *lose = b_wins ? xa : xb;
	/* "their 64-bit siblings are", "split-pext is" */
	int plural = strchr(win, ' ') && win[strlen(win) - 1] == 's';

	if (!strcmp(verdict_word(v), "unclear"))
		snprintf(out, len, "%s and %s are not told apart (%.2f\u00d7)", xa, xb, f);
	else
		snprintf(out, len, "%s %s %.2f\u00d7 faster than %s", win, plural ? "are" : "is", f,
			 lose);
}

static void faster(char *out, size_t len, const struct verdict *v)
{
	faster_as(out, len, v, v->a, v->b);
}

/* Appends " WHO leaves out 12 withheld cells of 96 measured (...)." for v when it left out
 * any: an answer that rests on fewer cells than were measured says so. */
static void left_out(char *out, size_t len, const struct verdict *v, const char *who)
{
	if (v->withheld)
		doc_cat(out, len, " %s leaves out %zu withheld cell%s of %zu measured (Figures "
			"withheld lists them).", who, v->withheld, v->withheld == 1 ? "" : "s",
			v->measured);
}

/* Appends what v's answer depends on, from its robust column ("depends on KNOB: LO-HIx;
 * ..."), as factors in the direction the sentence states them (faster over slower). */
static void depends(char *out, size_t len, const struct verdict *v)
{
	const char *p = v->robust;
	int inv = v->ratio < 1, n = 0;

	while ((p = strstr(p, "depends on ")) != NULL) {
		const char *colon = strchr(p, ':'), *end = strchr(p, ';');
		double lo, hi;
		p += 11;
		if (!colon || (end && end < colon))
			continue;
		doc_cat(out, len, "%s%.*s", n++ ? " and on " : " On query streams the factor "
			"depends on ",
			(int)(colon - p), p);
		if (sscanf(colon + 1, " %lf\u2013%lf", &lo, &hi) == 2 && lo > 0 && hi > 0) {
			if (inv)
				doc_cat(out, len, " (%.2f\u2013%.2f\u00d7)", 1 / hi, 1 / lo);
			else
				doc_cat(out, len, " (%.2f\u2013%.2f\u00d7)", lo, hi);
		}
	}
	if (n)
		doc_cat(out, len, ".");
}

static void answer(struct answer *a, const char *q, const char *text, const char *word,
		   const char *more, const char *brief)
{
	a->q = q;
	a->word = word;
	a->kind = NWHY;
	snprintf(a->text, sizeof a->text, "%s", text);
	snprintf(a->more, sizeof a->more, "%s", more ? more : "");
	snprintf(a->brief, sizeof a->brief, "%s", brief ? brief : text);
}

/* Sets a's reason from verdict v (its confidence word's "why"). */
static void answer_why(struct answer *a, const struct verdict *v)
{
	why_words(a->why, sizeof a->why, v);
	a->kind = why_kind(v);
}

static void answer_bits(struct answer *d, const struct study *s)
{
	const struct verdict *build = find(s, VQ_BITS_BUILD), *sib = find(s, VQ_BITS_SIBLINGS);
	char t[SUM_MAX], m[SUM_MAX], f[256], f0[256] = "", dep[256] = "";

	if (!build && !sib) {
		answer(d, "32-bit or 64-bit?", "Not measured: no 32-bit kernel or build was timed "
		       "(the details below say why).", NULL, NULL, NULL);
		return;
	}
	t[0] = m[0] = 0;
	if (build) {
		faster_as(f, sizeof f, build, "the -m64 build", "the -m32 build");
		snprintf(f0, sizeof f0, "%s", f);
		depends(dep, sizeof dep, build);
		doc_cat(t, sizeof t, "Build for 64-bit: %s (the same kernels, the same -march, "
			"alternating processes).%s", f, dep);
		left_out(d->left, sizeof d->left, build, "This answer");
	}
	if (sib) {
		faster_as(f, sizeof f, sib, "their 64-bit siblings",
			  "the kernels designed for 32-bit arithmetic");
		doc_cat(build ? m : t, build ? sizeof m : sizeof t, "In a 64-bit build, %s%s", f,
			build ? "" : ".");
		if (build)
			doc_cat(m, sizeof m, " (%s).", verdict_word(sib));
		else
			snprintf(f0, sizeof f0, "%s", f);
		left_out(d->left, sizeof d->left, sib, build ? "The siblings' comparison" :
			 "This answer");
	}
	answer(d, "32-bit or 64-bit?", t, verdict_word(build ? build : sib), m[0] ? m : NULL,
	       f0);
	answer_why(d, build ? build : sib);
}

/* The table sizes of v's two kernels as "(2 KiB)" after each name. */
static void sized(char *out, size_t len, const struct study *s, const char *k)
{
	double b = report_kernel_bytes(&s->m64, k);
	char sz[32];

	if (b >= 0)
		snprintf(out, len, "%s (%s of tables)", k, report_bytes(sz, sizeof sz, b));
	else
		snprintf(out, len, "%s", k);
}

static void answer_tables(struct answer *d, const struct study *s)
{
	const struct verdict *v = find(s, VQ_TABLES);
	struct verdict w;
	char t[SUM_MAX], f[384], dep[256];

	if (!v) {
		answer(d, "A small shared table or a larger one?", "Not measured: no kernel pair "
		       "with different table sizes was timed.", NULL, NULL, NULL);
		return;
	}
	w = *v;
	sized(w.a, sizeof w.a, s, v->a);
	sized(w.b, sizeof w.b, s, v->b);
	faster(f, sizeof f, &w);
	dep[0] = 0;
	depends(dep, sizeof dep, v);
	t[0] = 0;
	doc_cat(t, sizeof t, "%s, over every mode and piece.%s", f, dep);
	answer(d, "A small shared table or a larger one?", t, verdict_word(v), NULL, f);
	answer_why(d, v);
	left_out(d->left, sizeof d->left, v, "This answer");
}

static void answer_branching(struct answer *d, const struct study *s)
{
	struct verdict_key k = verdict_key(VQ_BRANCHING);
	const struct verdict *v = verdict_find(s, &k, NULL), *v2;
	char t[SUM_MAX], m[SUM_MAX], f[256], f2[256], dep[256];

	if (!v) {
		answer(d, "Branchless or conditional?", "Not measured: no branching pair was timed.",
		       NULL, NULL, NULL);
		return;
	}
	v2 = verdict_find(s, &k, v);
	faster(f, sizeof f, v);
	dep[0] = 0;
	depends(dep, sizeof dep, v);
	t[0] = 0;
	doc_cat(t, sizeof t, "%s on real-game queries, over every mode and piece.%s", f, dep);
	m[0] = 0;
	if (v2) {
		faster(f2, sizeof f2, v2);
		snprintf(m, sizeof m, "The other pair: %s (%s).", f2, verdict_word(v2));
	}
	answer(d, "Branchless or conditional?", t, verdict_word(v), m[0] ? m : NULL, f);
	answer_why(d, v);
	left_out(d->left, sizeof d->left, v, "This answer");
}

void summary_answers(struct summary *m, const struct study *s)
{
	answer_bits(&m->ans[0], s);
	answer_tables(&m->ans[1], s);
	answer_branching(&m->ans[2], s);
}
