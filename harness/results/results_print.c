/* results_print.c - the table printed at the end of a bench run, and per workload whether the
 * ranking at the top is settled. */
#include <math.h>
#include <string.h>

#include "results/results.h"

#define ROW_FMT "%-34s %-8s %-11s %-4s %9s %9s %15s %7s %7s %9s %8s  %s\n"

/* Returns the piece, with the working set's size in pressure mode ("all@64K"), in buf. */
static const char *piece(char *buf, size_t len, const struct summary *o)
{
	double b = o->pressure_bytes;

	if (isnan(b))
		snprintf(buf, len, "%s", o->piece);
	else if (b >= 1 << 20 && fmod(b, 1 << 20) == 0)
		snprintf(buf, len, "%s@%.0fM", o->piece, b / (1 << 20));
	else if (b >= 1024 && fmod(b, 1024) == 0)
		snprintf(buf, len, "%s@%.0fK", o->piece, b / 1024);
	else
		snprintf(buf, len, "%s@%.0f", o->piece, b);
	return buf;
}

/* Formats x with prec decimals into buf, or "-" for NaN; returns buf. */
static const char *num(char *buf, size_t len, double x, int prec)
{
	if (isnan(x))
		snprintf(buf, len, "-");
	else
		snprintf(buf, len, "%.*f", prec, x);
	return buf;
}

/* Prints one row. */
static void print_row(const struct summary *o, FILE *f)
{
	char med[32], min[32], ci[48], sp[32], ep[32], ml[32], ir[32], lo[16], hi[16], pc[48];

	snprintf(ci, sizeof ci, "%s..%s", num(lo, sizeof lo, o->ns_ci_lo, 2),
		 num(hi, sizeof hi, o->ns_ci_hi, 2));
	fprintf(f, ROW_FMT, o->kernel, o->mode, piece(pc, sizeof pc, o), o->cache_state,
		num(med, sizeof med, o->ns_median, 3), num(min, sizeof min, o->ns_min, 3),
		isnan(o->ns_ci_lo) ? "-" : ci, num(sp, sizeof sp, o->spread_pct, 2),
		num(ep, sizeof ep, o->epoch_spread_pct, 2),
		num(ml, sizeof ml, o->mlookups_per_s, 1), num(ir, sizeof ir, o->sim[0], 2), o->flags);
}

/* Prints, for workload wi, the fastest kernel and whether its lead over the next is settled:
 * settled when the two 95% intervals of the median do not overlap. */
static void print_ranking(const struct results *r, size_t wi, FILE *f)
{
	const struct summary *best = NULL, *next = NULL;
	char pc[48];

	for (size_t ki = 1; ki < r->ncols; ki++) {
		const struct summary *o = results_row(r, wi, ki);
		if (o->layout_copy || isnan(o->ns_median))
			continue;
		if (!best || o->ns_median < best->ns_median) {
			next = best;
			best = o;
		} else if (!next || o->ns_median < next->ns_median) {
			next = o;
		}
	}
	if (!best)
		return;
	fprintf(f, "  %s/%s (%s): fastest %s, %.3f ns", best->mode, piece(pc, sizeof pc, best),
		best->cache_state,
		best->kernel, best->ns_median);
	if (!next) {
		fputc('\n', f);
		return;
	}
	int settled = !isnan(best->ns_ci_hi) && !isnan(next->ns_ci_lo) &&
		      best->ns_ci_hi < next->ns_ci_lo;
	fprintf(f, "; next %s, %.3f ns: %s\n", next->kernel, next->ns_median,
		settled ? "settled (95% intervals apart)" : "NOT settled (intervals overlap)");
}

void results_print(const struct bench *b, const struct results *r, FILE *f)
{
	(void)b;
	fprintf(f, ROW_FMT, "kernel", "mode", "piece", "cache", "ns_median", "ns_min", "95% interval",
		"spread%", "epoch%", "Mlookup/s", "sim_ir", "flags");
	for (size_t i = 0; i < r->nw * r->ncols; i++)
		if (!r->row[i].layout_copy)
			print_row(&r->row[i], f);
	fprintf(f, "\nranking (ns_median, net; a lead is settled when the 95%% intervals of the "
		"medians do not overlap):\n");
	for (size_t wi = 0; wi < r->nw; wi++)
		print_ranking(r, wi, f);
}
