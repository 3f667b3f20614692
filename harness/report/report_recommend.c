/* report_recommend.c - the closing recommendation: per workload, the fastest kernel, its
 * margin over the runner-up with an interval, and whether that margin is settled. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kernels/kernel.h"
#include "report/report.h"


/* Writes one workload's recommendation from its winner (report_winner) and records the
 * verdict (question "recommend:LABEL"). */
static void recommend_one(struct doc *d, const struct study *s, const struct run *r,
			  struct report_workload *w)
{
	/* perft and search rows are the engine workloads: per node, not per lookup */
	const char *unit = report_engine_mode(w->mode) ? "ns/node" : "ns/lookup";
	struct report_winner p;
	struct verdict *v;
	struct verdict_key kq;
	char f[256], verdict[1024], close[256];

	if (report_engine_mode(w->mode) && strncmp(w->label, "engine", 6)) {
		char l[sizeof w->label];
		snprintf(l, sizeof l, "%s", w->label);
		snprintf(w->label, sizeof w->label, "engine (%.*s)", (int)sizeof w->label - 10, l);
	}
	if (!report_winner(s, r, w, &p)) {
		doc_li(d, "%s: no kernel was timed", w->label);
		return;
	}
	if (!p.second) {
		doc_li(d, "%s: %s (%.3f %s) is the only kernel timed", w->label, p.win, p.win_score,
		       unit);
		return;
	}
	if (isnan(p.m.ratio)) {
		doc_li(d, "%s: %s has the lowest median (%.3f %s; %s %.3f %s), margin not measured "
		       "(%s).", w->label, p.win, p.win_score, unit, p.second, p.second_score, unit,
		       p.why);
		return;
	}
	kq = verdict_key_workload(w);
	v = verdict_add(s, &kq, p.win, p.second, &p.m, p.settled, p.why);
	report_winner_margin(f, sizeof f, &p);
	verdict[0] = 0;
	verdict_clause(verdict, sizeof verdict, &p.m, p.settled, p.why);
	if (p.win_score > p.second_score)       /* report_winner: the rounds decided */
		doc_cat(verdict, sizeof verdict, "; their medians (%.3f and %.3f %s) order them "
			"the other way, the rounds decide", p.win_score, p.second_score, unit);
	if (p.settled != 1 && report_winner_close(s, r, w, &p, close, sizeof close)) {
		doc_cat(verdict, sizeof verdict, "; within the noise of %s here (paired interval "
			"including 1): %s", p.win, close);
		if (v)
			snprintf(v->close, sizeof v->close, "%s", close);
	}
	/* "the lowest median" only where it is: the rounds may have put the other ahead */
	doc_li(d, "%s: %s %s (%.3f %s), %s (%.3f %s)%s.", w->label, p.win,
	       p.m.lo > 1 || p.m.hi < 1 ? "is fastest" : p.win_score <= p.second_score ?
	       "has the lowest median" : "leads round by round", p.win_score, unit, f,
	       p.second_score, unit, verdict);
}

static void recommend_run(struct doc *d, const struct study *s, const struct run *r)
{
	struct report_workload w[REPORT_MAX_WORKLOADS];
	size_t nw = report_workloads(r, w, REPORT_MAX_WORKLOADS);

	for (size_t i = 0; i < nw; i++)
		recommend_one(d, s, r, &w[i]);
}

void report_recommend(struct doc *d, const struct study *s)
{
	doc_h(d, 2, "recommendation", "Recommendation per workload");
	doc_p(d, NULL, "The fastest kernel per mode (geometric mean of the pieces' medians), its "
	      "margin over the runner-up (the runner-up's time over the fastest's, paired round by "
	      "round, with its 95%% interval; where the rounds say the runner-up by the medians is the "
	      "faster, the rounds decide), and whether the margin is settled (see Answers). Every "
	      "other section names the same kernel for a workload. "
	      "The plain ray-walk oracle is not a candidate, nor is a kernel in a mode where its "
	      "lookups read state prepared outside the timed region (flag prepared: the stream "
	      "loops of rotated and hypercube time their lookups alone, the upkeep of the state "
	      "that makes them cheap is timed in position mode).");
	doc_list_begin(d);
	recommend_run(d, s, &s->m64);
	if (s->have_pressure)
		recommend_run(d, s, &s->pressure);
	doc_list_end(d);
	report_flagged(d, s);
}
