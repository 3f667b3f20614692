/* report_robust.c - do the answers survive the harness's own knobs?  The table and branching
 * answers are recomputed on the learning sweep (learn/q<N>/: the pair alone in its process, on
 * streams of N distinct queries replayed until a sample is full, and on the whole trace with
 * none replayed), from the main sweep's first half of rounds (the sample count), and with the
 * other null model (gross less the null's); every workload's winner with the other null model.
 * Each is marked robust, or "depends on KNOB: RANGE" (the report and verdicts.csv). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report/report.h"
#include "util/stats.h"

/* A recomputed ratio this far (percent) from the answer's, or on the other side of 1, is
 * another answer. */
#define ROBUST_PCT 10.0
/* The learning sweep's stream lengths (run_all.sh learn_sizes; 0: the whole trace). */
static const long LEARN_SIZES[] = { 1024, 4096, 16384, 65536, 0 };
#define NLEARN (sizeof LEARN_SIZES / sizeof LEARN_SIZES[0])

/* Returns the geometric mean over run r's warm stream pieces of x's column col over y's. */
static double stream_ratio(const struct run *r, const char *x, const char *y, const char *col)
{
	double sum = 0;
	int n = 0;

	for (size_t i = 0; i < r->nrows; i++) {
		const struct rr_row *a = &r->rows[i], *b;
		if (strcmp(a->kernel, x) || strcmp(a->mode, "stream") || strcmp(a->cache_state, "warm") ||
		    !run_row_timed(a) || !(b = run_find(r, y, a)) || !run_row_timed(b))
			continue;
		double vx = run_num(r, a, col), vy = run_num(r, b, col);
		if (vx > 0 && vy > 0)
			sum += log(vx / vy), n++;
	}
	return n ? exp(sum / n) : NAN;
}

/* Returns the same from the first half of each cell's rounds (medians of those samples). */
static double half_ratio(const struct run *r, const char *x, const char *y)
{
	double sum = 0, h[512];
	int n = 0;

	for (size_t i = 0; i < r->nrows; i++) {
		const struct rr_row *a = &r->rows[i], *b;
		if (strcmp(a->kernel, x) || strcmp(a->mode, "stream") || !run_row_timed(a) ||
		    !(b = run_find(r, y, a)) || a->nsamples < 4 || b->nsamples < 4)
			continue;
		size_t na = a->nsamples / 2 < 512 ? a->nsamples / 2 : 512;
		size_t nb = b->nsamples / 2 < 512 ? b->nsamples / 2 : 512;
		memcpy(h, a->samples, na * sizeof *h);
		double mx = stats_median(h, na);
		memcpy(h, b->samples, nb * sizeof *h);
		double my = stats_median(h, nb);
		if (mx > 0 && my > 0)
			sum += log(mx / my), n++;
	}
	return n ? exp(sum / n) : NAN;
}

/* Returns 1 when kernel x's stream rows in run r are flagged replayed. */
static int replayed(const struct run *r, const char *x)
{
	for (size_t i = 0; i < r->nrows; i++)
		if (!strcmp(r->rows[i].kernel, x) && !strcmp(r->rows[i].mode, "stream") &&
		    run_flag(&r->rows[i], "replayed"))
			return 1;
	return 0;
}

/* Returns 1 when v gives another answer than base (too far from it, or across 1). */
static int differs(double base, double v)
{
	return !isnan(v) && !isnan(base) &&
	       (fabs(v / base - 1) * 100 > ROBUST_PCT || (v > 1) != (base > 1));
}

/* Appends "; KNOB: lo–hi×" to marks when any of v[0..n) differs from base. */
static void mark_knob(char *marks, size_t len, const char *knob, double base, const double *v,
		      size_t n)
{
	double lo = base, hi = base;
	int any = 0;

	for (size_t i = 0; i < n; i++) {
		if (isnan(v[i]))
			continue;
		any |= differs(base, v[i]);
		lo = fmin(lo, v[i]), hi = fmax(hi, v[i]);
	}
	if (any)
		doc_cat(marks, len, "%s%s: %.2f\u2013%.2f\u00d7", marks[0] ? "; " : "", knob, lo, hi);
}

/* Sets the robust mark of the verdicts of key k that compare a and b. */
static void verdict_mark(const struct study *s, const struct verdict_key *k, const char *a,
			 const char *b, const char *mark)
{
	for (size_t i = 0; s->verdicts && i < s->verdicts->n; i++) {
		struct verdict *v = &s->verdicts->v[i];
		if (verdict_is(v, k) && !strcmp(v->a, a) && !strcmp(v->b, b))
			snprintf(v->robust, sizeof v->robust, "%s", mark);
	}
}

/* The learning sweep's runs, loaded once: run[i] for LEARN_SIZES[i], have[i] when loaded. */
struct learn {
	struct run run[NLEARN];
	int have[NLEARN], any;
};

/* Loads what of s's learn/ exists into l. */
static void learn_load(const struct study *s, struct learn *l)
{
	char dir[PATH_MAX + 32], err[256];

	memset(l, 0, sizeof *l);
	for (size_t i = 0; i < NLEARN; i++) {
		snprintf(dir, sizeof dir, "%s/learn/q%ld", s->dir, LEARN_SIZES[i]);
		l->have[i] = run_load(dir, &l->run[i], err, sizeof err) == 0;
		l->any |= l->have[i];
	}
}

static void learn_free(struct learn *l)
{
	for (size_t i = 0; i < NLEARN; i++)
		if (l->have[i])
			run_free(&l->run[i]);
}

/* Formats ratio v ("1.23×", or "—" when not measured) into buf. */
static const char *fmt_ratio(char *buf, size_t len, double v)
{
	if (isnan(v))
		snprintf(buf, len, "\u2014");
	else
		snprintf(buf, len, "%.2f\u00d7", v);
	return buf;
}

/* One question pair: its row of the table, and its mark in the verdicts. */
static void robust_pair(struct doc *d, const struct study *s, const struct learn *l,
			const char *q, const struct kpair *p)
{
	double base = stream_ratio(&s->m64, p->x, p->y, "ns_median"), v[NLEARN];
	double net = stream_ratio(&s->m64, p->x, p->y, "ns_net_median");
	double half = half_ratio(&s->m64, p->x, p->y);
	char cell[NLEARN + 4][48], marks[240] = "", pair[200];
	const char *cells[NLEARN + 5];

	double fresh[NLEARN];
	size_t nfresh = 0;
	for (size_t i = 0; i < NLEARN; i++) {
		v[i] = l->have[i] ? stream_ratio(&l->run[i], p->x, p->y, "ns_median") : NAN;
		if (i + 1 < NLEARN && l->have[i] && !replayed(&l->run[i], p->x))
			fresh[nfresh++] = v[i];
	}
	/* where no query is replayed (a stream of at least two samples' windows) an answer must
	 * not move with the stream's length; the replayed streams show what replay teaches, and
	 * are drawn and tabled, not judged */
	mark_knob(marks, sizeof marks, "depends on the stream's length", v[NLEARN - 1], fresh,
		  nfresh);
	mark_knob(marks, sizeof marks, "depends on which kernels run beside it (the pair alone)",
		  base, &v[NLEARN - 1], 1);
	mark_knob(marks, sizeof marks, "depends on the sample count (first half of the rounds)",
		  base, &half, 1);
	mark_knob(marks, sizeof marks, "depends on the null model (gross less the null's)", base,
		  &net, 1);
	if (isnan(base))
		snprintf(marks, sizeof marks, "not checked: the pair has no stream rows");
	else if (!marks[0])
		snprintf(marks, sizeof marks, "robust");
	struct verdict_key k = verdict_key(VQ_BITS);
	if (verdict_q_named(q, &k.q) == 0)
		verdict_mark(s, &k, p->y, p->x, marks);
	snprintf(pair, sizeof pair, "%s / %s (%s)", p->x, p->y, q);
	cells[0] = pair;
	fmt_ratio(cell[0], sizeof cell[0], base);
	cells[1] = cell[0];
	for (size_t i = 0; i < NLEARN; i++)
		cells[2 + i] = fmt_ratio(cell[1 + i], sizeof cell[1 + i], v[i]);
	cells[NLEARN + 2] = fmt_ratio(cell[NLEARN + 1], sizeof cell[0], half);
	cells[NLEARN + 3] = fmt_ratio(cell[NLEARN + 2], sizeof cell[0], net);
	cells[NLEARN + 4] = marks;
	doc_table_row(d, NLEARN + 5, cells, strcmp(marks, "robust") != 0);
}

/* Returns row x's column arg (report_score's value). */
static double col_value(const struct run *r, const struct rr_row *x, const void *arg)
{
	return run_num(r, x, arg);
}

/* Returns the geometric mean of kernel k's column col over workload w's pieces in run r. */
static double workload_score(const struct run *r, const struct report_workload *w, const char *k,
			     const char *col)
{
	struct report_score_rule rule = { col_value, col, 0, SCORE_SKIP_UNTIMED };

	return report_score(r, w, k, &rule);
}

/* Every workload's winner by the other null model: where it is another kernel, the
 * recommendation's verdict is marked so, and listed. */
static void robust_winners(struct doc *d, const struct study *s)
{
	struct report_workload w[REPORT_MAX_WORKLOADS];
	struct report_cand c[128];
	size_t nw = report_workloads(&s->m64, w, REPORT_MAX_WORKLOADS), moved = 0;
	char mark[240];

	for (size_t i = 0; i < nw; i++) {
		struct report_winner p;
		size_t nc = report_candidates(&s->m64, &w[i], c, 128);
		const char *best = NULL;
		double bv = NAN;
		if (!report_winner(s, &s->m64, &w[i], &p) || !p.second)
			continue;
		for (size_t j = 0; j < nc; j++) {
			double v = workload_score(&s->m64, &w[i], c[j].kernel, "ns_net_median");
			if (v > 0 && !(v >= bv))
				bv = v, best = c[j].kernel;
		}
		if (best && strcmp(best, p.win)) {
			snprintf(mark, sizeof mark, "depends on the null model: %s with the null's time "
				 "subtracted", best);
			if (!moved++)
				doc_list_begin(d);
			doc_li(d, "%s: %s on the whole loop's time, %s once the null loop's time is "
			       "subtracted (which can take away time the kernel needs too).", w[i].label,
			       p.win, best);
		} else {
			snprintf(mark, sizeof mark, "robust");
		}
		/* the engine modes' verdicts carry the label "engine (MODE)" (report_recommend.c)
		 * and were never found by this label: their robust column stays empty */
		struct verdict_key k = verdict_key_workload(&w[i]);
		if (!report_engine_mode(w[i].mode))
			verdict_mark(s, &k, p.win, p.second, mark);
	}
	if (moved)
		doc_list_end(d);
	else
		doc_p(d, NULL, "Every workload's fastest kernel is the same with the null loop's time "
		      "subtracted as on the whole loop's time.");
}

/* Marks the bits answer over every pair ("64-bit siblings" against "32-bit-designed kernels")
 * from its pairs' marks: robust when each is, else the knobs some pair depends on. */
static void mark_siblings(const struct study *s)
{
	char knobs[240] = "";
	size_t n = 0, dep = 0;

	for (size_t i = 0; s->verdicts && i < s->verdicts->n; i++) {
		const struct verdict *v = &s->verdicts->v[i];
		const char *p = v->robust;
		if (v->key.q != VQ_BITS || !v->robust[0])
			continue;
		n++;
		if (!strcmp(v->robust, "robust"))
			continue;
		dep++;
		while ((p = strstr(p, "depends on ")) != NULL) {
			size_t k = strcspn(p, ":;");
			char knob[120];
			snprintf(knob, sizeof knob, "%.*s", (int)(k < sizeof knob ? k : sizeof knob - 1), p);
			if (!strstr(knobs, knob))
				doc_cat(knobs, sizeof knobs, "%s%s", knobs[0] ? "; " : "", knob);
			p += k;
		}
	}
	for (size_t i = 0; n && s->verdicts && i < s->verdicts->n; i++) {
		struct verdict *v = &s->verdicts->v[i];
		if (v->key.q == VQ_BITS_SIBLINGS) {
			if (!dep)
				snprintf(v->robust, sizeof v->robust, "robust");
			else
				v->robust[0] = 0, doc_cat(v->robust, sizeof v->robust,
							  "%s (in %zu of %zu pairs)", knobs, dep, n);
		}
	}
}

void report_robust(struct doc *d, const struct study *s)
{
	static const char *const Q[] = { "bits", "tables", "branching" };
	const char *head[NLEARN + 5] = { "pair (question)", "answer: stream, main sweep",
		"1 K distinct queries", "4 K", "16 K", "64 K", "whole trace, the pair alone",
		"first half of the rounds", "gross less the null's", "mark" };
	struct kpair p[64];
	struct learn *l = calloc(1, sizeof *l);
	int started = 0;

	if (!l || s->plain) {
		free(l);
		return;
	}
	doc_h(d, 2, "robust", "Do the answers survive the harness's own knobs?");
	learn_load(s, l);
	doc_p(d, NULL, "Each answer recomputed where a knob of the harness could move it: the "
	      "query stream's length (a stream replayed until a sample is full teaches the branch "
	      "predictor and the caches; an engine searching new positions never sees one twice, "
	      "so the answers are taken on the whole trace with no query replayed), which kernels "
	      "run beside it, the sample count, and whether the null loop's time is subtracted. "
	      "Time ratios on the stream workloads, the first kernel over the second; an answer "
	      "moving more than %.0f%% (or across 1) under a knob is marked as depending on it.%s",
	      ROBUST_PCT, l->any ? "" : " No learning sweep in this study (learn/): the stream "
	      "length and the pair alone are not checked.");
	for (size_t qi = 0; qi < sizeof Q / sizeof Q[0]; qi++) {
		size_t np = report_question_pairs(&s->m64, Q[qi], p, 64);
		for (size_t i = 0; i < np; i++) {
			if (!started++)
				doc_table_begin(d, NLEARN + 5, head);
			robust_pair(d, s, l, Q[qi], &p[i]);
		}
	}
	if (started)
		doc_table_end(d);
	mark_siblings(s);
	if (l->any)
		report_chart(d, s, "learn");
	doc_h(d, 3, "robust-winners", "Each workload's fastest kernel, with the null subtracted");
	robust_winners(d, s);
	learn_free(l);
	free(l);
}
