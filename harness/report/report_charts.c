/* report_charts.c - the report's charts: each chart's caption, the sentence it answers (read
 * from the verdicts, as the first screen says it) and the charts section. */
#include <dirent.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report/report.h"
#include "report/report_summary.h"

/* Returns the first verdict of question q whose a starts with prefix a (NULL: any), or NULL. */
static const struct verdict *find(const struct study *s, const char *q, const char *a)
{
	for (size_t i = 0; s->verdicts && i < s->verdicts->n; i++) {
		const struct verdict *v = &s->verdicts->v[i];
		if (!strcmp(v->question, q) && (!a || !strncmp(v->a, a, strlen(a))))
			return v;
	}
	return NULL;
}

/* Writes the sentence chart name answers, from the verdicts, into out ("" when the chart
 * states no verdict of its own). */
static void chart_answer(const struct study *s, const struct summary *m, const char *name,
			 char *out, size_t len)
{
	const struct verdict *a, *b;

	out[0] = 0;
	if (!strcmp(name, "bits") && m->ans[0].word)
		snprintf(out, len, "%s", m->ans[0].brief);
	else if (!strcmp(name, "tables") && m->ans[1].word)
		snprintf(out, len, "%s", m->ans[1].brief);
	else if (!strcmp(name, "branching") && m->ans[2].word)
		snprintf(out, len, "%s", m->ans[2].brief);
	else if (!strcmp(name, "ranking") && (a = find(s, "recommend:position", NULL)) != NULL) {
		/* "ahead" only where the interval says so: an unclear margin is no lead */
		if (!strcmp(verdict_word(a), "unclear"))
			snprintf(out, len, "In position mode %s and %s are not told apart (%.2f\u00d7, "
				 "unclear)", a->a, a->b, a->ratio);
		else
			snprintf(out, len, "In position mode %s is fastest, %.2f\u00d7 ahead of %s "
				 "(%s)", a->a, a->ratio, a->b, verdict_word(a));
		if ((b = find(s, "recommend:engine (perft)", NULL)) != NULL &&
		    !strcmp(verdict_word(b), "unclear"))
			doc_cat(out, len, "; in perft %s and %s are not told apart (%.2f\u00d7, "
				"unclear)", b->a, b->b, b->ratio);
		else if (b)
			doc_cat(out, len, "; in perft %s, %.2f\u00d7 ahead of %s (%s)", b->a, b->ratio,
				b->b, verdict_word(b));
	} else if (!strcmp(name, "pressure")) {
		for (size_t i = 0; i < m->nrec; i++)
			if (!strncmp(m->rec[i].workload, "pressure", 8))
				snprintf(out, len, "%s is fastest beside a working set of %s%s%s",
					 m->rec[i].use, m->rec[i].workload + 9,
					 m->rec[i].note[0] ? " " : "", m->rec[i].note);
	} else if (!strcmp(name, "hugepages")) {
		size_t n = 0, faster = 0, slower = 0;
		const struct verdict *big = NULL;
		for (size_t i = 0; s->verdicts && i < s->verdicts->n; i++) {
			const struct verdict *v = &s->verdicts->v[i];
			if (strcmp(v->question, "hugepages"))
				continue;
			n++;
			faster += v->settled == 1 && v->ratio > 1;
			slower += v->settled == 1 && v->ratio < 1;
			if (v->ratio > 0 && (!big || fabs(log(v->ratio)) > fabs(log(big->ratio))))
				big = v;
		}
		if (n && big)
			snprintf(out, len, "Huge pages make %zu of %zu large-table kernels settled "
				 "faster and %zu slower; the largest change: %.*s, %.2f\u00d7 (time without "
				 "over with)", faster, n, slower, (int)strcspn(big->a, ","), big->a,
				 big->ratio);
	}
}

/* What each chart draws, against what its opening sentence compares: the bars are medians,
 * the sentences paired ratios round by round, and the two can order two kernels otherwise. */
static const struct {
	const char *name, *shows;
} CHART_SHOWS[] = {
	{ "bits", "The bars are each kernel's median ns/lookup; the sentence and the -m32 panel "
	  "are paired ratios (round by round, or over the blocks)" },
	{ "tables", "The bars are each kernel's median ns/lookup; the sentence is the paired "
	  "ratio, round by round" },
	{ "branching", "The bars are each kernel's median ns/lookup; the sentence is the paired "
	  "ratio, round by round" },
	{ "ranking", "The bars are each kernel's median ns/lookup, in the order of the medians; "
	  "the sentence is the paired ratio, round by round, which decides where the two "
	  "disagree" },
	{ "footprint", "Each point is a kernel's median ns/lookup" },
	{ "random-vs-real", "Ranks by median ns/lookup" },
	{ "pressure", "The lines are each kernel's median ns/lookup; the sentence is the paired "
	  "ratio per size, round by round" },
	{ "hugepages", "The bars are the medians of the first pair of blocks; the sentence and "
	  "the ratios under the names are paired over every pair of blocks" },
};

void report_chart(struct doc *d, const struct study *s, const char *name, const char *caption)
{
	struct summary *m = malloc(sizeof *m);
	char text[2 * SUM_MAX + 512], ans[SUM_MAX] = "";
	const char *shows = "";

	if (m) {
		summary_build(m, s);
		chart_answer(s, m, name, ans, sizeof ans);
		free(m);
	}
	for (size_t i = 0; i < sizeof CHART_SHOWS / sizeof CHART_SHOWS[0]; i++)
		if (!strcmp(CHART_SHOWS[i].name, name))
			shows = CHART_SHOWS[i].shows;
	snprintf(text, sizeof text, "%s%s%s%s%s", ans, ans[0] ? ". " : "", shows,
		 shows[0] ? ". " : "", caption);
	doc_chart(d, s->dir, name, text);
}

static const struct {
	const char *name, *caption;
	int core;     /* 1 always listed (a missing one gets a note), 0 where present,
		       * -1 shown in the cache section (report_cache.c) instead */
} CHARTS[] = {
	{ "bits", "32-bit vs 64-bit", 1 },
	{ "tables", "A small shared table against larger ones", 1 },
	{ "branching", "Branchless vs conditional", 1 },
	{ "ranking", "Ranking on the real-game trace", 1 },
	{ "footprint", "Table footprint against ns/lookup", 1 },
	{ "random-vs-real", "Real-game trace against random occupancy", 1 },
	{ "search", "Engine search: ns per node of every kernel (medians, with their 95% "
	  "interval)", 0 },
	{ "pressure", "Under cache pressure", -1 },
	{ "hugepages", "Huge pages", -1 },
	{ "sim-l1", "Simulated L1 misses", -1 },
};
#define NCHARTS (sizeof CHARTS / sizeof CHARTS[0])

static int by_name(const void *a, const void *b)
{
	return strcmp(a, b);
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
	char path[PATH_MAX + 16];
	static char extra[64][256];
	size_t nextra = 0;
	struct dirent *e;
	DIR *dir;

	doc_h(d, 2, "charts", "Charts");
	for (size_t i = 0; i < NCHARTS; i++) {
		char svg[PATH_MAX + 64];
		FILE *f;
		if (CHARTS[i].core < 0)
			continue;
		snprintf(svg, sizeof svg, "%s/plots/%s.svg", s->dir, CHARTS[i].name);
		if (!CHARTS[i].core && !(f = fopen(svg, "r")))
			continue;
		if (!CHARTS[i].core)
			fclose(f);
		report_chart(d, s, CHARTS[i].name, CHARTS[i].caption);
		if (!strcmp(CHARTS[i].name, "ranking"))
			ranking_note(d, s);
	}
	snprintf(path, sizeof path, "%s/plots", s->dir);
	if (!(dir = opendir(path)))
		return;
	while ((e = readdir(dir)) && nextra < 64) {   /* charts added later, not yet known */
		size_t len = strlen(e->d_name), i;
		if (len < 5 || strcmp(e->d_name + len - 4, ".svg") || len - 4 >= sizeof extra[0])
			continue;
		snprintf(extra[nextra], sizeof extra[0], "%.*s", (int)(len - 4), e->d_name);
		for (i = 0; i < NCHARTS && strcmp(CHARTS[i].name, extra[nextra]); i++)
			;
		nextra += i == NCHARTS;
	}
	qsort(extra, nextra, sizeof extra[0], by_name);   /* readdir order is the disk's */
	for (size_t i = 0; i < nextra; i++)
		doc_chart(d, s->dir, extra[i], extra[i]);
	closedir(dir);
}
