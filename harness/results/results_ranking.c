/* results_ranking.c - bench's closing lines: the fastest kernel per workload and whether its
 * lead over the next is settled, from the per-round ratio of the two (the whole loops' times). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/paired.h"
#include "results/results_ranking.h"

int results_paired(const struct bench *b, const struct cell *a, const struct cell *x,
		   struct pr_result *res)
{
	size_t m = b->taken > b->warmup ? b->taken - b->warmup : 0;
	double *d = malloc((m ? m : 1) * sizeof *d);
	int *ep = malloc((m ? m : 1) * sizeof *ep), rc;

	if (!d || !ep) {
		free(d);
		free(ep);
		return -1;
	}
	/* the whole loop's time: the null's loop overlaps a kernel's, so subtracting it is not a
	 * kernel's cost */
	for (size_t j = 0; j < m; j++) {
		double na = results_sample_ns(b, a, b->warmup + (unsigned)j);
		double nb = results_sample_ns(b, x, b->warmup + (unsigned)j);
		d[j] = na > 0 && nb > 0 ? log(nb / na) : NAN;
		ep[j] = b->epochs > 1 ? (int)(j * b->epochs / m) : 0;
	}
	struct pr_series s = { d, 1, m, ep, 0 };
	rc = pr_compare(&s, PR_SEED, res);
	free(d);
	free(ep);
	return rc;
}

/* Compares columns kb (next) against ka (best) of workload wi round by round into res. */
static int paired_lead(const struct bench *b, size_t wi, size_t ka, size_t kb,
		       struct pr_result *res)
{
	return results_paired(b, bench_cell((struct bench *)b, wi, ka),
			      bench_cell((struct bench *)b, wi, kb), res);
}

/* Prints, for workload wi, the fastest kernel and whether its lead over the next is settled. */
static void print_ranking(const struct bench *b, const struct results *r, size_t wi, FILE *f)
{
	size_t best = 0, next = 0;
	struct pr_result res;
	char pc[48], why[160];

	for (size_t ki = 1; ki < r->ncols; ki++) {
		const struct summary *o = results_row(r, wi, ki);
		if (o->layout_copy || strchr(o->kernel, '@') || isnan(o->ns_median) ||
		    !results_rankable(o))
			continue;
		if (!best || o->ns_median < results_row(r, wi, best)->ns_median) {
			next = best;
			best = ki;
		} else if (!next || o->ns_median < results_row(r, wi, next)->ns_median) {
			next = ki;
		}
	}
	if (!best)
		return;
	const struct summary *o = results_row(r, wi, best);
	fprintf(f, "  %s/%s (%s%s): fastest %s, %.3f ns", o->mode, results_piece(pc, sizeof pc, o),
		o->cache_state, o->threads < 2 ? "" : !o->neighbours ?
		", each of several threads" : ", beside noisy neighbours", o->kernel,
		o->ns_median);
	if (!next) {
		fputc('\n', f);
		return;
	}
	const struct summary *n = results_row(r, wi, next);
	if (paired_lead(b, wi, best, next, &res) < 0) {
		fprintf(f, "; next %s, %.3f ns: NOT settled (no paired rounds)\n", n->kernel,
			n->ns_median);
		return;
	}
	int settled = pr_settled(&res, fmax(o->layout_spread_pct, n->layout_spread_pct), why,
				 sizeof why);
	fprintf(f, "; next %s, %.3f ns, %.2fx (%.2f-%.2f) paired, p = %.2g: %s%s\n", n->kernel,
		n->ns_median, res.ratio, res.lo, res.hi, res.p,
		settled == 1 ? "settled" : "NOT settled: ", settled == 1 ? "" : why);
}

void results_ranking_print(const struct bench *b, const struct results *r, FILE *f)
{
	fprintf(f, "\nranking (ns_median, the whole loop's time per lookup; the lead's ratio is "
		"paired round by round; settled when its interval excludes 1, the signed-rank test "
		"agrees and every epoch has its sign; left out: rows flagged prepared (their lookups "
		"read state prepared outside the timed region), below-bound or baseline-invalid "
		"(impossible figures)):\n");
	for (size_t wi = 0; wi < r->nw; wi++)
		print_ranking(b, r, wi, f);
}
