/* report_busy.c - was the study's host disturbed?  One decision from all the evidence the
 * study holds: what /proc said during the main sweep (context.json host.epochs: steal time and
 * the other CPUs' use) and what the sweep's own rows say (the share of its timed rows flagged
 * unstable, host-moved, drifting or disturbed).  Another tenant on the physical core is not
 * seen by /proc but is by the rows.  A disturbed study's verdicts are provisional: report_cap
 * takes "settled" from every comparison, so every section and verdicts.csv agree. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "analysis/blocks.h"
#include "report/report.h"

/* Steal time or sibling-CPU use above this (percent of an epoch) is noted as a busy moment. */
#define BUSY_PCT 5.0
/* A row flag's share of the main sweep's timed rows above which the study was disturbed
 * (percent; docs/methodology.md, "A busy host", says where each comes from), counted only
 * where at least BUSY_ROWS_MIN rows carry it, and only in a full study: a quick study's three
 * samples a cell make its spread flags noise. */
static const struct {
	const char *flag;
	double pct;
} BUSY_ROWS[] = {
	{ "unstable", 10 }, { "host-moved", 20 }, { "drifting", 25 }, { "disturbed", 25 },
};
#define BUSY_ROWS_MIN 5

/* Appends what /proc said against the study (the main sweep's mean steal above BUSY_PCT, or
 * the other CPUs' mean use above BLK_BUSY_PCT) to why and brief.  Returns 1 when it did. */
static int proc_busy(const struct run *r, char *why, size_t len, char *brief, size_t blen)
{
	double steal = 0, sib = 0, st, sb;
	size_t ns = 0, nb = 0;
	int busy = 0;

	for (int e = 0; e < 64 && run_host_epoch(r, e, &st, &sb) == 0; e++) {
		if (!isnan(st))
			steal += st, ns++;
		if (!isnan(sb))
			sib += sb, nb++;
	}
	if (nb && sib / (double)nb > BLK_BUSY_PCT) {
		doc_cat(why, len, "%s/proc: the other CPUs were %.0f%% busy on average during the "
			"main sweep (above %.0f%%)", *why ? "; " : "", sib / (double)nb, BLK_BUSY_PCT);
		snprintf(brief, blen, "other CPUs %.0f%% busy", sib / (double)nb);
		busy = 1;
	}
	if (ns && steal / (double)ns > BUSY_PCT) {
		doc_cat(why, len, "%s/proc: %.1f%% of the time was stolen by the hypervisor on "
			"average (above %.0f%%)", *why ? "; " : "", steal / (double)ns, BUSY_PCT);
		if (!busy)
			snprintf(brief, blen, "%.1f%% steal", steal / (double)ns);
		busy = 1;
	}
	return busy;
}

/* Appends what the main sweep's own rows say against the study to why and brief: each flag of
 * BUSY_ROWS on more than its share of the timed rows.  Returns 1 when they did; *rows gets the
 * timed rows and flagged[] each flag's count. */
static int rows_busy(const struct run *r, char *why, size_t len, char *brief, size_t blen,
		     size_t *rows, size_t *flagged)
{
	int busy = 0;

	*rows = 0;
	for (size_t k = 0; k < sizeof BUSY_ROWS / sizeof BUSY_ROWS[0]; k++)
		flagged[k] = 0;
	for (size_t i = 0; i < r->nrows; i++) {
		if (!run_row_timed(&r->rows[i]))
			continue;
		(*rows)++;
		for (size_t k = 0; k < sizeof BUSY_ROWS / sizeof BUSY_ROWS[0]; k++)
			flagged[k] += run_flag(&r->rows[i], BUSY_ROWS[k].flag);
	}
	for (size_t k = 0; *rows && k < sizeof BUSY_ROWS / sizeof BUSY_ROWS[0]; k++) {
		double pct = 100.0 * (double)flagged[k] / (double)*rows;
		if (flagged[k] < BUSY_ROWS_MIN || pct <= BUSY_ROWS[k].pct)
			continue;
		doc_cat(why, len, "%s%zu of the main sweep's %zu timed rows %s (%.0f%%, above "
			"%.0f%%)", *why ? "; " : "", flagged[k], *rows, BUSY_ROWS[k].flag, pct,
			BUSY_ROWS[k].pct);
		if (!*brief)
			snprintf(brief, blen, "%zu of %zu rows %s", flagged[k], *rows,
				 BUSY_ROWS[k].flag);
		busy = 1;
	}
	return busy;
}

size_t report_samples_per_cell(const struct run *r)
{
	size_t m = 0;

	for (size_t i = 0; i < r->nrows; i++) {
		double v = run_num(r, &r->rows[i], "samples");
		if (run_row_timed(&r->rows[i]) && v > 0 && (m == 0 || (size_t)v < m))
			m = (size_t)v;
	}
	return m;
}

void report_busy_judge(struct study *s)
{
	size_t rows, flagged[sizeof BUSY_ROWS / sizeof BUSY_ROWS[0]];

	s->busy_why[0] = s->busy_brief[0] = 0;
	s->busy = proc_busy(&s->m64, s->busy_why, sizeof s->busy_why, s->busy_brief,
			    sizeof s->busy_brief);
	if (report_samples_per_cell(&s->m64) >= FULL_SAMPLES)   /* a quick study's: noise */
		s->busy |= rows_busy(&s->m64, s->busy_why, sizeof s->busy_why, s->busy_brief,
				     sizeof s->busy_brief, &rows, flagged);
}

void report_cap(const struct study *s, struct cmp *c)
{
	if (!s->busy || c->settled != 1)
		return;
	c->settled = 0;
	snprintf(c->why, sizeof c->why, "the host was busy (%.60s): provisional", s->busy_brief);
}

/* Writes "epoch 1: steal 0.0%, other CPUs 3% busy; ..." of run r into list; *worst the
 * highest steal or other-CPU use of an epoch.  Returns the epochs recorded. */
static int epoch_list(const struct run *r, char *list, size_t len, double *worst)
{
	double st, sb;
	int n = 0;

	list[0] = 0;
	*worst = 0;
	for (int e = 0; e < 64 && run_host_epoch(r, e, &st, &sb) == 0; e++) {
		n++;
		if (isnan(st) || isnan(sb)) {
			doc_cat(list, len, "%sepoch %d: too short to read", list[0] ? "; " : "", e + 1);
			continue;
		}
		*worst = fmax(*worst, fmax(st, sb));
		doc_cat(list, len, "%sepoch %d: steal %.1f%%, other CPUs %.0f%% busy",
			list[0] ? "; " : "", e + 1, st, sb);
	}
	return n;
}

void report_host_note(struct doc *d, const struct study *s)
{
	size_t rows, flagged[sizeof BUSY_ROWS / sizeof BUSY_ROWS[0]];
	char list[512], why[512] = "", brief[80] = "", said[256] = "";
	double worst;
	int n = epoch_list(&s->m64, list, sizeof list, &worst);

	rows_busy(&s->m64, why, sizeof why, brief, sizeof brief, &rows, flagged);
	if (rows && report_samples_per_cell(&s->m64) >= FULL_SAMPLES)
		snprintf(said, sizeof said, "; its rows agree (of the main sweep's %zu timed rows: "
			 "%zu unstable, %zu host-moved, %zu drifting, %zu disturbed)", rows,
			 flagged[0], flagged[1], flagged[2], flagged[3]);
	if (s->busy)
		doc_p(d, "note", "The host was busy during this study: %s%s%s%s. In-process pairing "
		      "does not cancel a neighbour's cache traffic, which slows large-table kernels "
		      "more than others, so no answer of this study is called settled or likely: "
		      "each is provisional. Run the study again on a quiet machine.", s->busy_why,
		      n ? " (/proc per epoch: " : "", n ? list : "", n ? ")" : "");
	else if (n && worst > BUSY_PCT)
		doc_p(d, "note", "The host was busy at moments during the main sweep (%s%s), not "
		      "enough to make the answers provisional (that takes the other CPUs above %.0f%% "
		      "busy on average, above %.0f%% steal, or the rows' own flags: see "
		      "docs/methodology.md). A verdict between "
		      "processes (the blocks) run while the other CPUs were more than %.0f%% busy is "
		      "not called settled.", list, said, BLK_BUSY_PCT, BUSY_PCT, BLK_BUSY_PCT);
	else if (n)
		doc_p(d, NULL, "The host was quiet during the main sweep (%s%s).", list, said);
	else if (said[0])
		doc_p(d, NULL, "The run recorded no host load; its rows say the host was quiet%s.",
		      said);
}
