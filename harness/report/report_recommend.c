/* report_recommend.c - the closing recommendation: per workload, the fastest kernel, its
 * margin over the runner-up with an interval, and whether that margin is settled. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kernels/kernel.h"
#include "report/report.h"

#define MAXK 256

static int by_score(const void *x, const void *y)
{
	const struct report_cand *a = x, *b = y;
	return (a->score > b->score) - (a->score < b->score);
}

size_t report_candidates(const struct run *r, const struct report_workload *w, struct report_cand *c,
			 size_t max)
{
	size_t n = 0, pieces = 0;
	const char *first = NULL;

	for (size_t i = 0; i < r->nrows; i++)    /* pieces: rows of the first kernel seen */
		if (report_in_workload(&r->rows[i], w) &&
		    (!first || !strcmp(first, r->rows[i].kernel)))
			first = r->rows[i].kernel, pieces++;
	for (size_t i = 0; i < r->nrows && n < max; i++) {
		const struct rr_row *x = &r->rows[i];
		size_t j, got = 0;
		double lsum = 0;
		if (!report_in_workload(x, w) || !strcmp(x->kernel, SB_ORACLE) ||
		    run_flag(x, "prepared"))
			continue;
		for (j = 0; j < n && strcmp(c[j].kernel, x->kernel); j++)
			;
		if (j < n)
			continue;
		for (size_t k = 0; k < r->nrows; k++) {
			const struct rr_row *y = &r->rows[k];
			if (!strcmp(y->kernel, x->kernel) && report_in_workload(y, w) &&
			    run_row_timed(y) && y->ns_median > 0)
				got++, lsum += log(y->ns_median);
		}
		if (got == pieces && got)
			c[n++] = (struct report_cand){ x->kernel, exp(lsum / (double)got) };
	}
	qsort(c, n, sizeof *c, by_score);
	return n;
}

static void recommend_run(struct doc *d, const struct study *s, const struct run *r)
{
	struct report_workload w[REPORT_MAX_WORKLOADS];
	size_t nw = report_workloads(r, w, REPORT_MAX_WORKLOADS);
	struct report_cand *c = calloc(MAXK, sizeof *c);
	const struct rr_row *a[16], *b[16];
	char f[128], verdict[512];

	if (!c)
		return;
	for (size_t i = 0; i < nw; i++) {
		size_t n = report_candidates(r, &w[i], c, MAXK), np;
		struct cmp m;
		/* perft rows are the engine workload: per node of the tree, not per lookup */
		const char *unit = strcmp(w[i].mode, "perft") ? "ns/lookup" : "ns/node";
		if (!strcmp(w[i].mode, "perft") && strncmp(w[i].label, "engine", 6)) {
			char l[sizeof w[i].label];
			snprintf(l, sizeof l, "%s", w[i].label);
			snprintf(w[i].label, sizeof w[i].label, "engine (%.*s)",
				 (int)sizeof w[i].label - 10, l);
		}
		if (n == 0) {
			doc_li(d, "%s: no kernel was timed", w[i].label);
			continue;
		}
		if (n == 1) {
			doc_li(d, "%s: %s (%.3f %s) is the only kernel timed", w[i].label,
			       c[0].kernel, c[0].score, unit);
			continue;
		}
		np = report_pairs(r, &w[i], c[0].kernel, c[1].kernel, a, b, 16);
		report_cmp(s, a, b, np, &m);
		/* the margin: runner-up over the fastest, above 1 */
		cmp_factor(f, sizeof f, m.ratio, m.lo, m.hi, 1);
		double ls = fmax(report_layout_spread(r, &w[i], c[0].kernel),
				 report_layout_spread(r, &w[i], c[1].kernel));
		char why[160], q[128];
		int settled = verdict_settle(&m, ls, why, sizeof why);
		snprintf(q, sizeof q, "recommend:%s", w[i].label);
		verdict_add(s, q, c[0].kernel, c[1].kernel, &m, settled, why);
		verdict[0] = 0;
		verdict_clause(verdict, sizeof verdict, &m, settled, why);
		doc_li(d, "%s: %s is fastest (%.3f %s), %s ahead of %s (%.3f %s)%s.",
		       w[i].label, c[0].kernel, c[0].score, unit, f, c[1].kernel, c[1].score, unit,
		       verdict);
	}
	free(c);
}

void report_recommend(struct doc *d, const struct study *s)
{
	doc_h(d, 2, "recommendation", "Recommendation per workload");
	doc_p(d, NULL, "The fastest kernel per mode (geometric mean of the pieces' medians), its "
	      "margin over the runner-up (the runner-up's time over the fastest's, paired round by "
	      "round, with its 95%% interval), and whether the margin is settled (see Answers). "
	      "The plain ray-walk oracle is not a candidate, nor is a kernel in a mode where its "
	      "lookups read state prepared outside the timed region (flag prepared: the stream "
	      "loops of rotated and hypercube time their lookups alone, the upkeep of the state "
	      "that makes them cheap is timed in position mode).");
	doc_list_begin(d);
	recommend_run(d, s, &s->m64);
	if (s->have_pressure)
		recommend_run(d, s, &s->pressure);
	doc_list_end(d);
}
