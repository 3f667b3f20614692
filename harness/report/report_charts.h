/* report_charts.h - every chart of the report in one table, in the order the report shows
 * them: its file (plots/FILE.svg, .png), the section that shows it, the sentence it answers
 * (read from the verdicts, as the first screen says it), what it draws and its caption.  A
 * chart the table lacks is not shown: plots/ is never listed. */
#ifndef SB_REPORT_CHARTS_H
#define SB_REPORT_CHARTS_H

#include <stddef.h>

#include "report/report.h"

/* The section that shows a chart, at the place it calls report_chart. */
enum report_chart_place {
	CHART_IN_ROBUST,     /* report_robust.c: the learning sweep */
	CHART_IN_CHARTS,     /* the charts section (report_charts), in the table's order */
	CHART_IN_CACHE,      /* report_cache.c, each under its own heading */
	CHART_IN_THREADS,    /* report_threads.c */
};

struct summary;

struct report_chart_def {
	const char *file;                  /* plots/FILE.svg */
	enum report_chart_place place;
	int if_present;                    /* 1: shown only where its svg exists; 0: a missing
					    * one is shown as a note saying why */
	/* Writes the sentence the chart answers into out ("" none); NULL: it states none. */
	void (*answer)(const struct study *s, const struct summary *m, char *out, size_t len);
	const char *shows;                 /* what the marks are against the sentence, or "" */
	const char *caption;
	/* A paragraph under the chart, or NULL. */
	void (*note)(struct doc *d, const struct study *s);
};

/* Returns the table of charts; *n gets its rows. */
const struct report_chart_def *report_chart_table(size_t *n);

#endif
