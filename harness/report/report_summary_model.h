/* report_summary_model.h - the report's first screen as one value, computed once from the
 * verdicts (report_summary.c and the files it calls) and written twice: into the report and
 * as answer.txt (report_summary_write.c).  Private to harness/report. */
#ifndef SB_REPORT_SUMMARY_MODEL_H
#define SB_REPORT_SUMMARY_MODEL_H

#include <stddef.h>
#include <stdio.h>

#include "report/report.h"

#define SUM_MAX 512

/* report_why.c: what keeps a verdict from settled, by how its why begins (the reasons
 * analysis/paired.c, analysis/process_term.c, verdict_settle, report_cap and the block
 * verdicts write), and what would settle it with the harness's own knobs. */
struct why_kind {
	const char *starts, *label, *fix;   /* label: for the first screen's line, NULL: the why */
};
#define NWHY 11
extern const struct why_kind WHY_KINDS[];
/* Returns the index into WHY_KINDS of what keeps v from settled (NWHY: none known, or
 * settled).  A provisional verdict is the host's, whatever else its why says. */
size_t why_kind(const struct verdict *v);
/* Writes into out why v is not settled, in the footnote's words ("" when settled). */
void why_words(char *out, size_t len, const struct verdict *v);

/* One answer: the question, the sentence, its confidence word (NULL: not measured), what
 * follows it (a second finding with its own word inside), the cells it left out as withheld,
 * and the terminal's short line. */
struct answer {
	const char *q, *word;
	char text[SUM_MAX], more[SUM_MAX], left[SUM_MAX], brief[SUM_MAX];
	char why[SUM_MAX];       /* why_words of its verdict: "" settled or not measured */
	size_t kind;             /* why_kind of its verdict (NWHY: settled or not measured) */
};

/* The first screen's content, computed once from the verdicts and written twice: into the
 * report (summary_doc) and as the terminal's closing lines (answer.txt, summary_text). */
struct summary {
	char machine[SUM_MAX];
	char busy[SUM_MAX + 64];     /* the host was busy: every answer provisional, "" quiet */
	char busy_brief[80];         /* its first reason, for the footnote */
	char held[SUM_MAX];          /* how many figures of the study are withheld, "" none */
	struct answer ans[3];
	struct rec_row {             /* one row of the recommendation table */
		char workload[96], use[96], second[96], note[SUM_MAX];
		char close[256];             /* kernels within the noise of use, "" */
		char needs[64], second_needs[64];  /* what use and second need (kernels.csv) */
		char why[SUM_MAX];           /* why_words: "" when settled */
		const char *words, *word;
		double margin;
		size_t withheld, measured;   /* cells left out as withheld, of those measured */
		size_t kind;                 /* why_kind (NWHY: settled) */
		int pressure;                /* 1: the pressure sizes folded into one row */
		char sizes[72];              /* its sizes, "0 B–8 MiB" */
	} rec[REPORT_MAX_WORKLOADS];
	size_t nrec;
	char unsettled[2 * SUM_MAX];  /* why rows are not settled, what would settle them, "" */
	char trap[SUM_MAX];           /* a winner that needs BMI2: where that is a trap, "" */
	char gain[2 * SUM_MAX];       /* the search's engine gain (report_search.c), "" */
};

/* report_summary.c: computes the first screen; every text read from the study is made safe
 * once here, for the report and answer.txt alike. */
void summary_build(struct summary *m, const struct study *s);
/* report_summary_answers.c: the three answers, m->ans[0..3). */
void summary_answers(struct summary *m, const struct study *s);
/* report_summary_recs.c: the recommendation's rows, one per workload (pressure folded). */
void summary_recommendation(struct summary *m, const struct study *s);
/* Fills each row's needs from the kernels' descriptors, and m->trap. */
void summary_needs(struct summary *m, const struct study *s);
/* Writes into m->unsettled why the rows that are not settled are not ("" when all are). */
void summary_unsettled(struct summary *m, const struct study *s);

#endif
