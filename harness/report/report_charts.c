/* report_charts.c - the report's charts in one table (report_charts.h): each chart's file,
 * the section that shows it, the sentence it answers, what it draws and its caption; and the
 * charts section. */
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report/report.h"
#include "report/report_charts.h"
#include "report/report_summary_model.h"

/* Returns the recommendation's verdict of mode's plain workload, or NULL. */
static const struct verdict *find_mode(const struct study *s, const char *mode)
{
	struct verdict_key k = verdict_key_mode(mode);

	return verdict_find(s, &k, NULL);
}

/* Writes the first screen's answer i (0 bits, 1 tables, 2 branching) in brief, where it was
 * measured. */
static void answer_brief(const struct summary *m, size_t i, char *out, size_t len)
{
	if (m->ans[i].word)
		snprintf(out, len, "%s", m->ans[i].brief);
}

static void bits_answer(const struct study *s, const struct summary *m, char *out, size_t len)
{
	(void)s;
	answer_brief(m, 0, out, len);
}

static void tables_answer(const struct study *s, const struct summary *m, char *out, size_t len)
{
	(void)s;
	answer_brief(m, 1, out, len);
}

static void branching_answer(const struct study *s, const struct summary *m, char *out,
			     size_t len)
{
	(void)s;
	answer_brief(m, 2, out, len);
}

/* The ranking's sentence: position mode's winner, and perft's. */
static void ranking_answer(const struct study *s, const struct summary *m, char *out,
			   size_t len)
{
	const struct verdict *a = find_mode(s, "position"), *b;

	(void)m;
	if (!a)
		return;
	/* "ahead" only where the interval says so: an unclear margin is no lead */
	if (!strcmp(verdict_word(a), "unclear"))
		snprintf(out, len, "In position mode %s and %s are not told apart (%.2f\u00d7, "
			 "unclear)", a->a, a->b, a->ratio);
	else
		snprintf(out, len, "In position mode %s is fastest, %.2f\u00d7 ahead of %s (%s)",
			 a->a, a->ratio, a->b, verdict_word(a));
	if ((b = find_mode(s, "perft")) != NULL &&
	    !strcmp(verdict_word(b), "unclear"))
		doc_cat(out, len, "; in perft %s and %s are not told apart (%.2f\u00d7, unclear)",
			b->a, b->b, b->ratio);
	else if (b)
		doc_cat(out, len, "; in perft %s, %.2f\u00d7 ahead of %s (%s)", b->a, b->ratio, b->b,
			verdict_word(b));
}

/* The pressure row of the first screen's recommendation. */
static void pressure_answer(const struct study *s, const struct summary *m, char *out,
			    size_t len)
{
	(void)s;
	for (size_t i = 0; i < m->nrec; i++)
		if (m->rec[i].pressure)
			snprintf(out, len, "%s is fastest beside a working set of %s%s%s",
				 m->rec[i].use, m->rec[i].sizes, m->rec[i].note[0] ? " " : "",
				 m->rec[i].note);
}

/* How many large-table kernels huge pages make faster and slower, and the largest change. */
static void hugepages_answer(const struct study *s, const struct summary *m, char *out,
			     size_t len)
{
	struct verdict_key k = verdict_key(VQ_HUGEPAGES);
	size_t n = 0, faster = 0, slower = 0;
	const struct verdict *big = NULL, *v = NULL;

	(void)m;
	while ((v = verdict_find(s, &k, v)) != NULL) {
		n++;
		faster += v->settled == 1 && v->ratio > 1;
		slower += v->settled == 1 && v->ratio < 1;
		if (v->ratio > 0 && (!big || fabs(log(v->ratio)) > fabs(log(big->ratio))))
			big = v;
	}
	if (n && big)
		snprintf(out, len, "Huge pages make %zu of %zu large-table kernels settled faster "
			 "and %zu slower; the largest change: %.*s, %.2f\u00d7 (time without over "
			 "with)", faster, n, slower, (int)strcspn(big->a, ","), big->a, big->ratio);
}

static void ranking_note(struct doc *d, const struct study *s);

/* The bars are medians, the sentences paired ratios round by round: the two can order two
 * kernels otherwise, so each chart's shows says which is which. */
#define BARS_PAIRED "The bars are each kernel's median ns/lookup; the sentence is the paired " \
	"ratio, round by round"

/* Every chart of the report, in the order the report shows them (report_charts.h). */
static const struct report_chart_def CHARTS[] = {
	{ "learn", CHART_IN_ROBUST, 0, NULL, "", "Time per lookup against the distinct queries "
	  "before the stream repeats: the answers are read at the right end, where nothing is "
	  "replayed.", NULL },
	{ "bits", CHART_IN_CHARTS, 0, bits_answer, "The bars are each kernel's median "
	  "ns/lookup; the sentence and the -m32 panel are paired ratios (round by round, or over "
	  "the blocks)", "32-bit vs 64-bit", NULL },
	{ "tables", CHART_IN_CHARTS, 0, tables_answer, BARS_PAIRED,
	  "A small shared table against larger ones", NULL },
	{ "branching", CHART_IN_CHARTS, 0, branching_answer, BARS_PAIRED,
	  "Branchless vs conditional", NULL },
	{ "ranking", CHART_IN_CHARTS, 0, ranking_answer, "The bars are each kernel's median "
	  "ns/lookup, in the order of the medians; the sentence is the paired ratio, round by "
	  "round, which decides where the two disagree", "Ranking on the real-game trace",
	  ranking_note },
	{ "footprint", CHART_IN_CHARTS, 0, NULL, "Each point is a kernel's median ns/lookup",
	  "Table footprint against ns/lookup", NULL },
	{ "random-vs-real", CHART_IN_CHARTS, 0, NULL, "Ranks by median ns/lookup",
	  "Real-game trace against random occupancy", NULL },
	{ "search", CHART_IN_CHARTS, 1, NULL, "", "Engine search: ns per node of every kernel "
	  "(medians, with their 95% interval)", NULL },
	{ "pressure", CHART_IN_CACHE, 0, pressure_answer, "The lines are each kernel's median "
	  "ns/lookup; the sentence is the paired ratio per size, round by round",
	  "Under cache pressure", NULL },
	{ "hugepages", CHART_IN_CACHE, 0, hugepages_answer, "The bars are the medians of the "
	  "first pair of blocks; the sentence and the ratios under the names are paired over "
	  "every pair of blocks", "Huge pages", NULL },
	{ "sim-l1", CHART_IN_CACHE, 0, NULL, "", "Simulated L1 misses", NULL },
	{ "threads", CHART_IN_THREADS, 0, NULL, "", "Time per lookup of each thread against the "
	  "threads running at once, by table size", NULL },
};
#define NCHARTS (sizeof CHARTS / sizeof CHARTS[0])

const struct report_chart_def *report_chart_table(size_t *n)
{
	*n = NCHARTS;
	return CHARTS;
}

/* Writes chart c: its answer sentence, what it shows and its caption, then its note. */
static void chart_write(struct doc *d, const struct study *s, const struct report_chart_def *c)
{
	char text[2 * SUM_MAX + 512], ans[SUM_MAX] = "";
	struct summary *m = c->answer ? malloc(sizeof *m) : NULL;

	if (m) {
		summary_build(m, s);
		c->answer(s, m, ans, sizeof ans);
		free(m);
	}
	snprintf(text, sizeof text, "%s%s%s%s%s", ans, ans[0] ? ". " : "", c->shows,
		 c->shows[0] ? ". " : "", c->caption);
	doc_chart(d, s->dir, c->file, text);
	if (c->note)
		c->note(d, s);
}

void report_chart(struct doc *d, const struct study *s, const char *file)
{
	for (size_t i = 0; i < NCHARTS; i++)
		if (!strcmp(CHARTS[i].file, file))
			chart_write(d, s, &CHARTS[i]);
}

/* Under the ranking chart (ordered by medians): each workload of the main sweep where the
 * rounds put the runner-up by the medians ahead (report_winner), so the chart's first bar and
 * the recommendation's winner are not read as two winners. */
static void ranking_note(struct doc *d, const struct study *s)
{
	struct report_workload w[REPORT_MAX_WORKLOADS];
	size_t nw = report_workloads(&s->m64, w, REPORT_MAX_WORKLOADS);
	struct report_winner p;
	char out[2048] = "", t[512];

	for (size_t i = 0; i < nw; i++) {
		if (!report_winner(s, &s->m64, &w[i], &p) || !p.second ||
		    !(p.win_score > p.second_score))
			continue;
		report_winner_text(t, sizeof t, &p);
		doc_cat(out, sizeof out, "%s%s: %s", out[0] ? "; " : "", w[i].label, t);
	}
	if (out[0])
		doc_p(d, "note", "The ranking orders kernels by their medians; where the rounds "
		      "order the first two the other way, the fastest is the recommendation's "
		      "verdict: %s.", out);
}

void report_charts(struct doc *d, const struct study *s)
{
	doc_h(d, 2, "charts", "Charts");
	for (size_t i = 0; i < NCHARTS; i++) {
		char svg[PATH_MAX + 64];
		FILE *f;
		if (CHARTS[i].place != CHART_IN_CHARTS)
			continue;
		snprintf(svg, sizeof svg, "%s/plots/%s.svg", s->dir, CHARTS[i].file);
		if (CHARTS[i].if_present && !(f = fopen(svg, "r")))
			continue;
		if (CHARTS[i].if_present)
			fclose(f);
		chart_write(d, s, &CHARTS[i]);
	}
}
