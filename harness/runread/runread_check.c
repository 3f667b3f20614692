/* runread_check.c - what a run must hold before report, compare or export trust it: times
 * that are finite and not negative, one summary row per cell, every timed row's samples in
 * samples.csv (as many as its `samples` column says), and a context.json that names its run.
 * Each refusal names the file, the line and the problem. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "runread/runread.h"
#include "util/kname.h"
#include "util/output.h"

/* The time columns: those that are never negative, and those that are net of the null
 * kernel (finite, either sign).  A column a file lacks is not checked. */
static const char *const SUMMARY_TIMES[] = { "ns_median", "ns_min", "ns_gross_median",
					     "ns_per_lookup", NULL };
static const char *const SUMMARY_NET[] = { "ns_net_median", NULL };
static const char *const SAMPLE_TIMES[] = { "ns_per_lookup", NULL };
static const char *const SAMPLE_NET[] = { "net_ns_per_lookup", NULL };

/* Returns 0 when every non-empty cell of the columns cols of c is a finite number, not
 * negative unless signed_ok; else -1 with err naming path, line, column and value. */
static int check_times(const struct csv *c, const char *path, const char *const *cols,
		       int signed_ok, char *err, size_t errlen)
{
	for (; *cols; cols++) {
		int col = csv_col(c, *cols);
		for (size_t i = 0; col >= 0 && i < c->nrow; i++) {
			const char *s = csv_cell(c, i, col);
			double v = csv_num(c, i, col);
			if (!*s || (isfinite(v) && (signed_ok || v >= 0)))
				continue;
			snprintf(err, errlen, "%s: line %zu: %s is \"%.40s\": %s", path, i + 2, *cols,
				 s, isfinite(v) ? "a negative time" : "not a finite number");
			return -1;
		}
	}
	return 0;
}

/* Returns 0 when no two summary rows are the same cell, else -1 with err. */
static int check_duplicates(const struct run *r, const char *path, char *err, size_t errlen)
{
	for (size_t i = 0; i < r->nrows; i++) {
		const struct rr_row *a = &r->rows[i], *b = run_find(r, a->kernel, a);
		if (b == a)
			continue;
		snprintf(err, errlen, "%s: line %zu: a second row of %s %s %s %s%s%s (the first is "
			 "line %zu)", path, a->line + 2, a->kernel, a->mode, a->piece, a->cache_state,
			 *a->pressure ? " " : "", a->pressure, b->line + 2);
		return -1;
	}
	return 0;
}

/* Returns 0 when every summary row names a kernel as a plugin must be named (util/kname.h's rule;
 * or null, the baseline), else -1 with err naming the file, the line and the name (made safe
 * for the terminal): a name is a CSV key and goes into reports and onto the terminal. */
static int check_names(const struct run *r, const char *path, char *err, size_t errlen)
{
	char shown[96];

	for (size_t i = 0; i < r->nrows; i++) {
		const char *k = r->rows[i].kernel, *at = strchr(k, '@'), *why;
		char base[96];
		/* --table-copies names its two entries KERNEL@shared and KERNEL@per-thread */
		if (at && (!strcmp(at, "@shared") || !strcmp(at, "@per-thread")) &&
		    (size_t)(at - k) < sizeof base) {
			snprintf(base, sizeof base, "%.*s", (int)(at - k), k);
			why = kname_problem(base);
		} else {
			why = kname_problem(k);
		}
		if (!why || !strcmp(k, "null"))
			continue;
		snprintf(err, errlen, "%s: line %zu: kernel \"%s\" is not a kernel name: %s", path,
			 r->rows[i].line + 2, out_text(k, shown, sizeof shown), why);
		return -1;
	}
	return 0;
}

/* Returns 1 when the bench wrote samples for row: a timed cell, the null baseline included. */
static int row_has_samples(const struct rr_row *row)
{
	return !run_flag(row, "unavailable") && !run_flag(row, "not-timed") &&
	       !run_flag(row, "no-samples") && !isnan(row->ns_median);
}

/* Returns 0 when every timed summary row has its measured samples, as many as its `samples`
 * column says (when it has one), else -1 with err. */
static int check_counts(const struct run *r, const char *path, char *err, size_t errlen)
{
	int col = csv_col(&r->summary, "samples");

	for (size_t i = 0; i < r->nrows; i++) {
		const struct rr_row *row = &r->rows[i];
		double want = csv_num(&r->summary, row->line, col);
		if (!row_has_samples(row))
			continue;
		if (row->nsamples == 0)
			snprintf(err, errlen, "%s/samples.csv: no samples of %s %s %s, which %s line %zu "
				 "says were timed (samples.csv cut short?)", r->dir, row->kernel,
				 row->mode, row->piece, path, row->line + 2);
		else if (!isnan(want) && want != (double)row->nsamples)
			snprintf(err, errlen, "%s/samples.csv: %zu measured samples of %s %s %s, but %s "
				 "line %zu says %.0f", r->dir, row->nsamples, row->kernel, row->mode,
				 row->piece, path, row->line + 2, want);
		else
			continue;
		return -1;
	}
	return 0;
}

int run_check(const struct run *r, char *err, size_t errlen)
{
	char sp[PATH_MAX + 32], cp[PATH_MAX + 32];
	const json_t *id = r->ctx ? json_object_get(r->ctx, "run_id") : NULL;

	snprintf(sp, sizeof sp, "%s/summary.csv", r->dir);
	snprintf(cp, sizeof cp, "%s/samples.csv", r->dir);
	if (check_names(r, sp, err, errlen) < 0 ||
	    check_times(&r->summary, sp, SUMMARY_TIMES, 0, err, errlen) < 0 ||
	    check_times(&r->summary, sp, SUMMARY_NET, 1, err, errlen) < 0 ||
	    check_times(&r->samples, cp, SAMPLE_TIMES, 0, err, errlen) < 0 ||
	    check_times(&r->samples, cp, SAMPLE_NET, 1, err, errlen) < 0 ||
	    check_duplicates(r, sp, err, errlen) < 0 || check_counts(r, sp, err, errlen) < 0)
		return -1;
	if (!json_is_string(id) || !*json_string_value(id)) {
		snprintf(err, errlen, "%s/context.json: no \"run_id\" string: not the context of a "
			 "slidebench run", r->dir);
		return -1;
	}
	return 0;
}
