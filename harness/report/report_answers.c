/* report_answers.c - the card's three questions, each answered by one sentence computed from
 * the data (ratio of medians, 95% interval, significance), with the detail in a table. */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/paired.h"
#include "report/report.h"

#define MAXP 4096   /* pairs of cells gathered for one comparison */

/* The 32-bit-designed kernels and the 64-bit sibling each is set against: the same tables
 * and the same technique where one exists (kindergarten-32 and cichy index kindergarten-4k's
 * 4 KB tables; wegner-file and fan-line fold into ~130 KB per-line tables like
 * kindergarten-subset's; sherwin and magic-fancy both index one shared attack-set table). */
static const char *const PAIRS32[][2] = {
	{ "kindergarten-32", "kindergarten-4k" },
	{ "cichy", "kindergarten-4k" },
	{ "wegner-file", "kindergarten-subset" },
	{ "fan-line", "kindergarten-subset" },
	{ "sherwin", "magic-fancy" },
};
#define NPAIRS32 (sizeof PAIRS32 / sizeof PAIRS32[0])

struct gather {
	const struct rr_row *a[MAXP], *b[MAXP];
	size_t n;
};

/* Appends the pairs (y as a, x as b) of every workload of r but pressure to g. */
static void gather_all(const struct run *r, const char *x, const char *y, struct gather *g)
{
	struct workload w[REPORT_MAX_WORKLOADS];
	size_t nw = report_workloads(r, w, REPORT_MAX_WORKLOADS);

	for (size_t i = 0; i < nw; i++)
		if (strcmp(w[i].mode, "pressure"))
			g->n += report_pairs(r, &w[i], y, x, g->a + g->n, g->b + g->n, MAXP - g->n);
}

static void fmt_miss(char *buf, size_t len, double v, const char *src)
{
	if (isnan(v))
		snprintf(buf, len, "\u2014");
	else
		snprintf(buf, len, "%.4f (%s)", v, src);
}

/* Compares kernel x against y per workload (a table) and over all workloads.  Appends one
 * clause to out: the overall phrase, where it holds per mode, and the misses (miss columns
 * hw and sim, called what).  Returns the number of workloads compared. */
static size_t compare_kernels(struct doc *d, const struct study *s, const char *question,
			      const char *x, const char *y, const char *hw, const char *sim,
			      const char *what, char *out, size_t len)
{
	static const char *const HEAD[] = { "mode", "result", "p (signed-rank, paired)", "basis",
		"misses x", "misses y" };
	const struct run *r = &s->m64;
	struct workload w[REPORT_MAX_WORKLOADS];
	size_t nw = report_workloads(r, w, REPORT_MAX_WORKLOADS), done = 0;
	char lists[3][512] = { "", "", "" }, buf[512], mx[48], my[48], pv[32], why[160];
	double sx = 0, sy = 0;
	int nm = 0;
	const char *src = "", *sx_src, *sy_src;
	struct gather *g = calloc(1, sizeof *g);
	struct cmp all, c;

	if (!g)
		return 0;
	for (size_t i = 0; i < nw; i++) {
		size_t n;
		if (!strcmp(w[i].mode, "pressure"))
			continue;
		n = report_pairs(r, &w[i], y, x, g->a, g->b, MAXP);
		if (!n)
			continue;
		if (!done++) {
			char h0[128], h4[160], h5[160];
			snprintf(h0, sizeof h0, "%s vs %s: mode", x, y);
			snprintf(h4, sizeof h4, "%s per lookup, %s", what, x);
			snprintf(h5, sizeof h5, "%s per lookup, %s", what, y);
			const char *head[] = { h0, HEAD[1], HEAD[2], HEAD[3], h4, h5 };
			doc_table_begin(d, 6, head);
		}
		cmp_rows(g->a, g->b, n, &c);
		cmp_phrase(buf, sizeof buf, x, y, &c, 1);
		if (!strcmp(c.basis, "rounds"))
			doc_cat(buf, sizeof buf, "%s", c.settled == 1 ? "; settled" : "; not settled");
		double vx = report_misses(s, r, &w[i], x, hw, sim, &sx_src);
		double vy = report_misses(s, r, &w[i], y, hw, sim, &sy_src);
		fmt_miss(mx, sizeof mx, vx, sx_src);
		fmt_miss(my, sizeof my, vy, sy_src);
		if (!isnan(vx) && !isnan(vy))
			sx += vx, sy += vy, nm++, src = sx_src;
		if (isnan(c.p))
			snprintf(pv, sizeof pv, "\u2014");
		else
			snprintf(pv, sizeof pv, "%.3g", c.p);
		const char *cells[] = { w[i].label, buf, pv, c.basis, mx, my };
		doc_table_row(d, 6, cells, 0);
		int k = c.settled == 1 ? (c.ratio < 1 ? 0 : 1) : 2;
		snprintf(lists[k] + strlen(lists[k]), sizeof lists[k] - strlen(lists[k]), "%s%s",
			 lists[k][0] ? ", " : "", w[i].label);
	}
	if (done)
		doc_table_end(d);
	gather_all(r, x, y, g);
	if (!g->n) {
		snprintf(out, len, "%s and %s were not both timed in this run", x, y);
		free(g);
		return 0;
	}
	cmp_rows(g->a, g->b, g->n, &all);
	int settled = verdict_settle(&all, NAN, why, sizeof why);
	verdict_add(s, question, y, x, &all, settled, why);
	cmp_phrase(buf, sizeof buf, x, y, &all, 1);
	out[0] = 0;
	doc_cat(out, len, "%s over %zu mode%s (geometric mean of %zu cells)", buf, done,
		done == 1 ? "" : "s", g->n);
	verdict_clause(out, len, &all, settled, why);
	doc_cat(out, len, "%s%s%s%s%s%s", lists[0][0] ? "; settled faster in " : "", lists[0],
		lists[1][0] ? "; settled slower in " : "", lists[1],
		lists[2][0] ? "; not settled in " : "", lists[2]);
	if (nm)
		doc_cat(out, len, "; %s per lookup %.4f vs %.4f (%s, "
			 "mean over %d mode%s)", what, sx / nm, sy / nm, src, nm, nm == 1 ? "" : "s");
	else
		doc_cat(out, len, "; %s per lookup: not measured "
			 "(no counters, no sim/ run)", what);
	free(g);
	return done;
}

/* (a) 32-bit designs against 64-bit siblings, and the -m32 build against -m64. */
static void answer_bits(struct doc *d, const struct study *s)
{
	struct gather *g = calloc(1, sizeof *g);
	char a[1024], b[1024], list[512] = "";
	struct cmp c;

	if (!g)
		return;
	doc_h(d, 3, "q-bits", "(a) 32-bit against 64-bit");
	for (size_t i = 0; i < NPAIRS32; i++) {
		size_t before = g->n;
		gather_all(&s->m64, PAIRS32[i][0], PAIRS32[i][1], g);
		if (g->n > before)
			doc_cat(list, sizeof list, "%s%s against %s",
				 list[0] ? ", " : "", PAIRS32[i][0], PAIRS32[i][1]);
	}
	doc_p(d, NULL, "Pairing (same tables or technique, 64-bit arithmetic): %s.",
	      list[0] ? list : "none of the pairs was timed");
	if (g->n && cmp_rows(g->a, g->b, g->n, &c) == 0) {
		char why[160];
		int settled = verdict_settle(&c, NAN, why, sizeof why);
		verdict_add(s, "bits", "64-bit siblings", "32-bit-designed kernels", &c, settled,
			    why);
		cmp_phrase_plural(b, sizeof b, "the 32-bit-designed kernels", "their 64-bit siblings",
				  &c, 1);
		a[0] = 0;
		doc_cat(a, sizeof a, "In the 64-bit build %s (geometric mean over %zu kernel\u00d7"
			 "mode\u00d7piece cells)", b, g->n);
		verdict_clause(a, sizeof a, &c, settled, why);
	} else {
		snprintf(a, sizeof a, "The 32-bit-designed kernels and their 64-bit siblings were "
			 "not both timed");
	}
	g->n = 0;
	if (s->have_m32) {
		for (size_t i = 0; i < s->m64.nrows && g->n < MAXP; i++) {
			const struct rr_row *x = &s->m64.rows[i], *y;
			if (!run_row_timed(x) || !strcmp(x->mode, "pressure"))
				continue;
			if (!(y = run_find(&s->m32, x->kernel, x)) || !run_row_timed(y))
				continue;
			g->a[g->n] = x;
			g->b[g->n++] = y;
		}
		if (g->n && cmp_rows(g->a, g->b, g->n, &c) == 0) {
			cmp_phrase(b, sizeof b, "the -m32 build", "the -m64 build", &c, 1);
			doc_cat(a, sizeof a, "; %s (geometric mean over %zu "
				 "common cells)", b, g->n);
		} else {
			doc_cat(a, sizeof a, "; the m32 and m64 runs share "
				 "no timed cell");
		}
	} else {
		doc_cat(a, sizeof a, "; no -m32 comparison: %s", s->m32_why);
	}
	doc_p(d, "answer", "%s.", a);
	for (size_t i = 0; i < NPAIRS32; i++) {
		compare_kernels(d, s, "bits", PAIRS32[i][0], PAIRS32[i][1], "hw_instructions", "sim_ir",
				"instructions", b, sizeof b);
	}
	free(g);
}

void report_answers(struct doc *d, const struct study *s)
{
	char one[2048], two[2048];

	doc_h(d, 2, "answers", "Answers");
	doc_p(d, NULL, "Each ratio is the time of the first kernel over the second. Both were "
	      "timed in the same rounds, so each ratio is computed round by round (each round's "
	      "null-kernel time subtracted first): the estimate is the median of the per-round log "
	      "ratios (the geometric mean of those over several cells), the 95%% interval a "
	      "moving-block bootstrap over rounds (%d resamples, fixed seed), the test Wilcoxon's "
	      "signed-rank. A verdict is settled when the interval excludes 1, the test gives "
	      "p < 0.05 and the sign is the same in every epoch of the run.", PR_BOOT_ITERS);
	answer_bits(d, s);
	doc_h(d, 3, "q-tables", "(b) Shared 512 B against 4 KB tables");
	compare_kernels(d, s, "tables", "kindergarten-4k", "kindergarten-512", "hw_l1d_miss",
			"sim_d1_miss",
			"L1 misses", one, sizeof one);
	doc_p(d, "answer", "%s.", one);
	doc_h(d, 3, "q-branching", "(c) Branchless against conditional");
	compare_kernels(d, s, "branching", "classical-branchless", "classical-conditional",
			"hw_br_miss",
			"sim_br_miss", "branch mispredictions", one, sizeof one);
	compare_kernels(d, s, "branching", "classical-generalized-branchless",
			"classical-generalized-conditional", "hw_br_miss", "sim_br_miss",
			"branch mispredictions", two, sizeof two);
	doc_p(d, "answer", "%s; the generalized pair: %s.", one, two);
}
