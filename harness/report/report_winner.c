/* report_winner.c - the one place that decides a workload's fastest kernel.  The
 * recommendation, the appendix tables, the cache section, the compiler section and the fleet
 * report all read their "fastest" from here, so one workload never has two winners: the
 * candidates ranked by their medians (report_candidates), the first two compared round by
 * round (report_cmp), and where the paired ratio says the runner-up is in fact the faster the
 * two swap places, so the margin is always the runner-up's time over the winner's, >= 1. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kernels/kernel.h"
#include "report/report.h"

#define MAXK 256

/* Compares second against win in w of r (time(second) / time(win)) into out->m.  Returns 0,
 * or -1 when they share no timed cell. */
static int margin(const struct study *s, const struct run *r, const struct report_workload *w,
		  struct report_winner *out)
{
	const struct rr_row *a[16], *b[16];
	size_t np = report_pairs(r, w, out->win, out->second, a, b, 16);

	if (!np || report_cmp(s, a, b, np, &out->m) < 0) {
		out->m = (struct cmp){ .ratio = NAN, .lo = NAN, .hi = NAN, .p = NAN,
				       .verdict = -1, .settled = -1, .basis = "medians",
				       .test = "", .process_pct = NAN, .process_from = "" };
		return -1;
	}
	return 0;
}

/* Counts the cells of w the candidates come from into m: measured, and of them withheld. */
static void withheld_cells(const struct run *r, const struct report_workload *w, struct cmp *m)
{
	m->withheld = m->measured = 0;
	for (size_t i = 0; i < r->nrows; i++) {
		const struct rr_row *x = &r->rows[i];
		if (report_in_workload(x, w) && run_row_measured(x) && strcmp(x->kernel, SB_ORACLE)) {
			m->measured++;
			m->withheld += run_row_withheld(x) != NULL;
		}
	}
}

int report_winner(const struct study *s, const struct run *r, const struct report_workload *w,
		  struct report_winner *out)
{
	struct report_cand *c = calloc(MAXK, sizeof *c);
	size_t n = c ? report_candidates(r, w, c, MAXK) : 0;

	memset(out, 0, sizeof *out);
	out->settled = -1;
	out->ncand = n;
	if (n == 0) {
		snprintf(out->why, sizeof out->why, "no kernel was timed");
		free(c);
		return 0;
	}
	out->win = c[0].kernel, out->win_score = c[0].score;
	if (n == 1) {
		snprintf(out->why, sizeof out->why, "the only kernel timed");
		free(c);
		return 1;
	}
	out->second = c[1].kernel, out->second_score = c[1].score;
	free(c);
	if (margin(s, r, w, out) == 0 && out->m.ratio < 1) {
		/* the medians and the rounds disagree: the rounds (paired) decide */
		const char *k = out->win;
		double sc = out->win_score;
		out->win = out->second, out->win_score = out->second_score;
		out->second = k, out->second_score = sc;
		margin(s, r, w, out);
	}
	withheld_cells(r, w, &out->m);
	if (isnan(out->m.ratio)) {
		snprintf(out->why, sizeof out->why, "%s and %s share no timed cell", out->win,
			 out->second);
		return 1;
	}
	out->settled = verdict_settle(&out->m, fmax(report_layout_spread(r, w, out->win),
						    report_layout_spread(r, w, out->second)),
				      out->why, sizeof out->why);
	return 1;
}

void report_winner_margin(char *buf, size_t len, const struct report_winner *p)
{
	char f[96];

	cmp_factor(f, sizeof f, p->m.ratio, p->m.lo, p->m.hi, 1);
	if (p->m.lo <= 1 && p->m.hi >= 1)
		snprintf(buf, len, "not distinguishable from %s%s (time ratio %s)", p->second,
			 p->m.processes && p->m.p < 0.05 ? " across processes" : "", f);
	else
		snprintf(buf, len, "%s%s ahead of %s", p->settled == 1 ? "" : "looks ", f,
			 p->second);
}

void report_winner_text(char *buf, size_t len, const struct report_winner *p)
{
	char f[256];

	if (!p->win) {
		snprintf(buf, len, p->why[0] ? "none (%s)" : "\u2014", p->why);
		return;
	}
	if (!p->second || isnan(p->m.ratio)) {
		snprintf(buf, len, "%s (%s)", p->win, p->why);
		return;
	}
	report_winner_margin(f, sizeof f, p);
	if (p->settled == 1)
		snprintf(buf, len, "%s (settled, %s)", p->win, f);
	else
		snprintf(buf, len, "%s (%s; not settled because %s)", p->win, f, p->why);
}

size_t report_winner_close(const struct study *s, const struct run *r,
			   const struct report_workload *w, const struct report_winner *p, char *out,
			   size_t len)
{
	struct report_cand *c = calloc(MAXK, sizeof *c);
	size_t n = c ? report_candidates(r, w, c, MAXK) : 0, close = 0;

	out[0] = 0;
	for (size_t i = 0; p->win && i < n; i++) {
		const struct rr_row *a[16], *b[16];
		size_t np;
		struct cmp m;
		if (!strcmp(c[i].kernel, p->win))
			continue;
		np = report_pairs(r, w, p->win, c[i].kernel, a, b, 16);
		if (np && report_cmp(s, a, b, np, &m) == 0 && (m.lo > 1 || m.hi < 1))
			continue;      /* told apart from the winner, one way or the other */
		if (close++ < 6)
			doc_cat(out, len, "%s%s", close > 1 ? ", " : "", c[i].kernel);
	}
	if (close > 6)
		doc_cat(out, len, " and %zu more", close - 6);
	free(c);
	return close;
}

size_t report_ranked(const struct study *s, const struct run *r, const struct report_workload *w,
		     struct report_cand *c, size_t max)
{
	size_t n = report_candidates(r, w, c, max);
	struct report_winner p;

	if (n >= 2 && report_winner(s, r, w, &p) && !strcmp(p.win, c[1].kernel)) {
		struct report_cand t = c[0];
		c[0] = c[1], c[1] = t;
	}
	return n;
}
