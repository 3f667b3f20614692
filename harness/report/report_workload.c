/* report_workload.c - the workload model: a workload is the rows of one mode, cache state,
 * pressure and thread count (report_workloads); a kernel's score in it is the geometric mean
 * over its pieces (report_score, the one rule every ranking uses); its candidates are the
 * kernels a recommendation may name (report_candidates). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kernels/kernel.h"
#include "report/report.h"

int report_in_workload(const struct rr_row *row, const struct report_workload *w)
{
	return !strcmp(row->mode, w->mode) && !strcmp(row->cache_state, w->cache) &&
	       !strcmp(row->pressure, w->pressure) &&
	       (row->threads > 1 ? row->threads : 1) == (w->threads > 1 ? w->threads : 1);
}

size_t report_workloads(const struct run *r, struct report_workload *out, size_t max)
{
	size_t n = 0;

	for (size_t i = 0; i < r->nrows; i++) {
		const struct rr_row *row = &r->rows[i];
		size_t j;
		for (j = 0; j < n && !report_in_workload(row, &out[j]); j++)
			;
		if (j < n || n == max)
			continue;
		out[n] = (struct report_workload){ row->mode, row->cache_state, row->pressure,
						   row->threads, "" };
		char sz[32] = "";
		if (*row->pressure)
			report_bytes(sz, sizeof sz, strtod(row->pressure, NULL));
		char th[32] = "";
		if (row->threads > 1)
			snprintf(th, sizeof th, ", %u threads", row->threads);
		snprintf(out[n].label, sizeof out[n].label, "%s%s%s%s%s%s", row->mode,
			 strcmp(row->cache_state, "warm") ? " " : "",
			 strcmp(row->cache_state, "warm") ? row->cache_state : "",
			 *row->pressure ? " at " : "", sz, th);
		n++;
	}
	return n;
}

size_t report_pairs(const struct run *r, const struct report_workload *w, const char *ka,
		    const char *kb, const struct rr_row **a, const struct rr_row **b, size_t max)
{
	size_t n = 0;

	for (size_t i = 0; i < r->nrows && n < max; i++) {
		const struct rr_row *x = &r->rows[i], *y;
		if (strcmp(x->kernel, ka) || !report_in_workload(x, w) || !run_row_timed(x))
			continue;
		y = run_find(r, kb, x);
		if (!y || !run_row_timed(y))
			continue;
		a[n] = x;
		b[n++] = y;
	}
	return n;
}

size_t report_pairs_withheld(const struct run *r, const struct report_workload *w,
			     const char *ka, const char *kb, size_t *measured)
{
	size_t n = 0;

	for (size_t i = 0; i < r->nrows; i++) {
		const struct rr_row *x = &r->rows[i], *y;
		if (strcmp(x->kernel, ka) || !report_in_workload(x, w) || !run_row_measured(x) ||
		    !(y = run_find(r, kb, x)) || !run_row_measured(y))
			continue;
		(*measured)++;
		n += run_row_withheld(x) || run_row_withheld(y);
	}
	return n;
}

int report_engine_mode(const char *mode)
{
	return !strcmp(mode, "perft") || !strcmp(mode, "search");
}

static int by_score(const void *x, const void *y)
{
	const struct report_cand *a = x, *b = y;
	return (a->score > b->score) - (a->score < b->score);
}

size_t report_pieces(const struct run *r, const struct report_workload *w)
{
	size_t pieces = 0;
	const char *first = NULL;

	for (size_t i = 0; i < r->nrows; i++)
		if (report_in_workload(&r->rows[i], w) &&
		    (!first || !strcmp(first, r->rows[i].kernel)))
			first = r->rows[i].kernel, pieces++;
	return pieces;
}

/* Returns row x's ns_median where it is timed, else NaN (report_score's default value). */
static double timed_median(const struct run *r, const struct rr_row *x, const void *arg)
{
	(void)r, (void)arg;
	return run_row_timed(x) ? x->ns_median : NAN;
}

double report_score(const struct run *r, const struct report_workload *w, const char *k,
		    const struct report_score_rule *rule)
{
	double (*value)(const struct run *, const struct rr_row *, const void *) =
		rule->value ? rule->value : timed_median;
	size_t rows = 0, got = 0;
	double lsum = 0;

	for (size_t i = 0; i < r->nrows; i++) {
		const struct rr_row *x = &r->rows[i];
		double v;
		if (strcmp(x->kernel, k) || !report_in_workload(x, w) ||
		    ((rule->flags & SCORE_SKIP_UNTIMED) && !run_row_timed(x)))
			continue;
		rows++;
		v = (rule->flags & SCORE_NO_PREPARED) && run_flag(x, "prepared") ? NAN :
		    value(r, x, rule->arg);
		if (v > 0)
			lsum += log(v), got++;
	}
	return got && got == (rule->pieces ? rule->pieces : rows) ? exp(lsum / (double)got) : NAN;
}

size_t report_candidates(const struct run *r, const struct report_workload *w, struct report_cand *c,
			 size_t max)
{
	struct report_score_rule rule = { .pieces = report_pieces(r, w) };
	size_t n = 0;

	for (size_t i = 0; i < r->nrows && n < max; i++) {
		const struct rr_row *x = &r->rows[i];
		size_t j;
		double score;
		/* '@' is in no kernel's name: "K@shared" and "K@per-thread" (bench --table-copies)
		 * are K run another way, compared with each other, not candidates */
		if (!report_in_workload(x, w) || !strcmp(x->kernel, SB_ORACLE) ||
		    run_flag(x, "prepared") || strchr(x->kernel, '@'))
			continue;
		for (j = 0; j < n && strcmp(c[j].kernel, x->kernel); j++)
			;
		if (j < n)
			continue;
		if (!isnan(score = report_score(r, w, x->kernel, &rule)))
			c[n++] = (struct report_cand){ x->kernel, score };
	}
	qsort(c, n, sizeof *c, by_score);
	return n;
}

int report_workload_same(const struct report_workload *a, const struct report_workload *b)
{
	return !strcmp(a->mode, b->mode) && !strcmp(a->cache, b->cache) &&
	       !strcmp(a->pressure, b->pressure) &&
	       (a->threads > 1 ? a->threads : 1) == (b->threads > 1 ? b->threads : 1);
}

int report_find_like(const struct run *r, const struct report_workload *like,
		     struct report_workload *w)
{
	struct report_workload all[REPORT_MAX_WORKLOADS];
	size_t n = report_workloads(r, all, REPORT_MAX_WORKLOADS);

	for (size_t i = 0; i < n; i++)
		if (report_workload_same(&all[i], like))
			return *w = all[i], 1;
	return 0;
}

int report_find_mode(const struct run *r, const char *mode, struct report_workload *w)
{
	struct report_workload plain = { mode, "warm", "", 1, "" };

	return report_find_like(r, &plain, w);
}

int report_find_workload(const struct run *r, const char *label, struct report_workload *w)
{
	struct report_workload all[REPORT_MAX_WORKLOADS];
	size_t n = report_workloads(r, all, REPORT_MAX_WORKLOADS);

	for (size_t i = 0; i < n; i++)
		if (!strcmp(all[i].label, label))
			return *w = all[i], 1;
	return 0;
}
