/* report_tables.c - workloads (mode x cache state x pressure), one table per workload with
 * every kernel's figures. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report/report.h"

/* Mean of column col over kernel k's rows in w of run r; NaN when no row has a value. */
static double mean_col(const struct run *r, const struct report_workload *w, const char *k,
		       const char *col)
{
	double s = 0;
	int n = 0;

	for (size_t i = 0; i < r->nrows; i++) {
		const struct rr_row *x = &r->rows[i];
		double v;
		if (strcmp(x->kernel, k) || !report_in_workload(x, w))
			continue;
		v = run_num(r, x, col);
		if (!isnan(v))
			s += v, n++;
	}
	return n ? s / n : NAN;
}

double report_misses(const struct study *s, const struct run *r, const struct report_workload *w,
		     const char *k, const char *hw_col, const char *sim_col, const char **src)
{
	double v = mean_col(r, w, k, hw_col);

	*src = "hw";
	if (!isnan(v))
		return v;
	*src = "sim";
	if (s->have_sim && !isnan(v = mean_col(&s->sim, w, k, sim_col)))
		return v;
	return mean_col(r, w, k, sim_col);
}

static int cmp_rows_ns(const void *x, const void *y)
{
	const struct rr_row *a = *(const struct rr_row *const *)x;
	const struct rr_row *b = *(const struct rr_row *const *)y;
	int pa = strcmp(a->piece, b->piece);
	double na = isnan(a->ns_median) ? INFINITY : a->ns_median;
	double nb = isnan(b->ns_median) ? INFINITY : b->ns_median;

	return pa ? pa : (na > nb) - (na < nb);
}

static void fmt_num(char *buf, size_t len, double v, const char *fmt)
{
	if (isnan(v))
		snprintf(buf, len, "\u2014");
	else
		snprintf(buf, len, fmt, v);
}

/* One table for workload w of run r. */
static void workload_table(struct doc *d, const struct run *r, const struct report_workload *w)
{
	static const char *const HEAD[] = { "kernel", "piece", "ns/lookup median", "95% interval",
		"ns min", "spread %", "cycles/lk", "floor", "\u00d7 floor", "L1 miss/lk",
		"br miss/lk", "table bytes", "flags" };
	const struct rr_row **rows = calloc(r->nrows ? r->nrows : 1, sizeof *rows);
	size_t n = 0;

	if (!rows)
		return;
	for (size_t i = 0; i < r->nrows; i++)
		if (report_in_workload(&r->rows[i], w) && strcmp(r->rows[i].kernel, "null"))
			rows[n++] = &r->rows[i];
	qsort(rows, n, sizeof *rows, cmp_rows_ns);
	doc_table_begin(d, 13, HEAD);
	for (size_t i = 0; i < n; i++) {
		const struct rr_row *x = rows[i];
		char med[48], ci[64], mn[32], sp[32], cy[32], fl[32], xf[32], l1[32], br[32], tb[32];
		double l1v = run_num(r, x, "hw_l1d_miss"), brv = run_num(r, x, "hw_br_miss");
		double cyv = run_num(r, x, "cycles_median"), flv = run_num(r, x, "bound_cycles");
		const char *l1s = "", *brs = "";
		if (isnan(l1v) && !isnan(l1v = run_num(r, x, "sim_d1_miss")))
			l1s = " sim";
		if (isnan(brv) && !isnan(brv = run_num(r, x, "sim_br_miss")))
			brs = " sim";
		fmt_num(med, sizeof med, x->ns_median, "%.3f");
		if (isnan(x->ns_ci_lo) || isnan(x->ns_ci_hi))
			snprintf(ci, sizeof ci, "\u2014");
		else
			snprintf(ci, sizeof ci, "%.3f\u2013%.3f", x->ns_ci_lo, x->ns_ci_hi);
		fmt_num(mn, sizeof mn, x->ns_min, "%.3f");
		if (run_row_withheld(x)) {      /* a measurement error: not a figure to read */
			snprintf(med, sizeof med, "withheld (see Figures withheld)");
			snprintf(ci, sizeof ci, "\u2014");
			snprintf(mn, sizeof mn, "\u2014");
			cyv = NAN;
		}
		fmt_num(sp, sizeof sp, x->spread_pct, "%.2f");
		fmt_num(cy, sizeof cy, cyv, "%.2f");
		fmt_num(fl, sizeof fl, flv, "%.2f");
		fmt_num(xf, sizeof xf, cyv / flv, "%.2f");
		/* a simulated count net of the null's can come out just below 0: it is none */
		fmt_num(l1, sizeof l1, *l1s && l1v <= 0 ? 0.0 : l1v, "%.4f");
		strncat(l1, l1s, sizeof l1 - strlen(l1) - 1);
		fmt_num(br, sizeof br, *brs && brv <= 0 ? 0.0 : brv, "%.4f");
		strncat(br, brs, sizeof br - strlen(br) - 1);
		fmt_num(tb, sizeof tb, x->table_bytes, "%.0f");
		const char *cells[] = { x->kernel, x->piece, med, ci, mn, sp, cy, fl, xf, l1, br, tb,
					x->flags };
		doc_table_row(d, 13, cells, run_flag(x, "unstable") || run_flag(x, "drifting") ||
			      run_flag(x, "disturbed") || run_flag(x, "interrupted") ||
			      run_row_withheld(x));
	}
	doc_table_end(d);
	free(rows);
}

static void run_tables(struct doc *d, const struct study *s, const struct run *r,
		       const char *what, const char *id)
{
	struct report_winner p;
	char t[512];

	struct report_workload w[REPORT_MAX_WORKLOADS];
	size_t nw = report_workloads(r, w, REPORT_MAX_WORKLOADS);
	char title[160], hid[160];

	for (size_t i = 0; i < nw; i++) {
		snprintf(title, sizeof title, "%s: %s mode", what, w[i].label);
		snprintf(hid, sizeof hid, "%s-%zu", id, i);
		doc_h(d, 3, hid, title);
		if (report_winner(s, r, &w[i], &p)) {   /* the recommendation's verdict, not the
							  * first row of a piece */
			report_winner_text(t, sizeof t, &p);
			doc_p(d, NULL, "Fastest (the recommendation's verdict): %s.", t);
		}
		workload_table(d, r, &w[i]);
	}
}

void report_tables(struct doc *d, const struct study *s)
{
	doc_h(d, 2, "tables", "Appendix: results per mode");
	doc_p(d, NULL, "Nanoseconds per lookup of the whole timed loop (the null kernel's loop is "
	      "shown beside it, never subtracted), median of the measured samples with its 95%% interval where the run recorded one; spread "
	      "is the median absolute percentage deviation of the samples. Cycles per lookup are "
	      "core cycles at the clock measured beside each sample; the floor is the fewest "
	      "the loop's own instructions allow on this core (rename width, load and store "
	      "ports, one PEXT a cycle; \u2014 where the loop branches on the data), and "
	      "\u00d7 floor how many times that the kernel took: near 1 it runs at the "
	      "machine's limit, well above it waits on latency or memory. Rows flagged unstable, "
	      "drifting, disturbed or interrupted are highlighted%s. Miss columns are per lookup: "
	      "hardware counters, or callgrind simulation where marked sim.",
	      " (\u26a0 in the Markdown)");
	run_tables(d, s, &s->m64, s->plain ? "run" : "m64", "t-m64");
	if (s->have_pressure)
		run_tables(d, s, &s->pressure, "pressure", "t-pressure");
}
