/* results_print.c - the table printed at the end of a bench run (the ranking under it is
 * results_ranking.c's). */
#include <math.h>
#include <string.h>

#include "results/results.h"

#define ROW_FMT "%-34s %-8s %-11s %-4s %3s %9s %9s %15s %7s %7s %9s %8s  %s\n"

const char *results_piece(char *buf, size_t len, const struct summary *o)
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
	char thr[16];

	snprintf(ci, sizeof ci, "%s..%s", num(lo, sizeof lo, o->ns_ci_lo, 2),
		 num(hi, sizeof hi, o->ns_ci_hi, 2));
	snprintf(thr, sizeof thr, "%u", o->threads);
	fprintf(f, ROW_FMT, o->kernel, o->mode, results_piece(pc, sizeof pc, o), o->cache_state,
		thr, num(med, sizeof med, o->ns_median, 3), num(min, sizeof min, o->ns_min, 3),
		isnan(o->ns_ci_lo) ? "-" : ci, num(sp, sizeof sp, o->spread_pct, 2),
		num(ep, sizeof ep, o->epoch_spread_pct, 2),
		num(ml, sizeof ml, o->mlookups_per_s, 1), num(ir, sizeof ir, o->sim[0], 2), o->flags);
}

void results_print(const struct results *r, FILE *f)
{
	fprintf(f, ROW_FMT, "kernel", "mode", "piece", "cache", "thr", "ns_median", "ns_min", "95% interval",
		"spread%", "epoch%", "Mlookup/s", "sim_ir", "flags");
	for (size_t i = 0; i < r->nw * r->ncols; i++)
		if (!r->row[i].layout_copy)
			print_row(&r->row[i], f);
}
