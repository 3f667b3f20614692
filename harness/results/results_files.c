/* results_files.c - the files of a run and the printed table, all views of struct results.
 * Each CSV is one column table (name, type, where the value lives) that drives both the
 * header and every row: adding a column is adding a line here. */
#include <errno.h>
#include <math.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "util/output.h"
#include "results/results.h"

enum col_type { COL_STR, COL_CHARS, COL_NUM, COL_WHOLE, COL_SIZE, COL_U64, COL_UINT, COL_INT };

struct column {
	const char *name;
	enum col_type type;
	size_t off;
};

#define S_(t, f) t, offsetof(struct summary, f)
static const struct column SUMMARY_COLS[] = {
	{ "run_id", S_(COL_STR, run_id) }, { "kernel", S_(COL_STR, kernel) },
	{ "family", S_(COL_STR, family) }, { "mode", S_(COL_STR, mode) },
	{ "piece", S_(COL_STR, piece) }, { "dataset", S_(COL_STR, dataset) },
	{ "cache_state", S_(COL_STR, cache_state) },
	{ "pressure_bytes", S_(COL_WHOLE, pressure_bytes) },
	{ "lookups", S_(COL_SIZE, lookups) }, { "samples", S_(COL_SIZE, samples) },
	{ "ns_min", S_(COL_NUM, ns_min) }, { "ns_median", S_(COL_NUM, ns_median) },
	{ "ns_ci_lo", S_(COL_NUM, ns_ci_lo) }, { "ns_ci_hi", S_(COL_NUM, ns_ci_hi) },
	{ "ns_gross_median", S_(COL_NUM, ns_gross_median) },
	{ "ns_net_median", S_(COL_NUM, ns_net_median) },
	{ "bound_cycles", S_(COL_NUM, bound_cycles) },
	{ "efficiency", S_(COL_NUM, efficiency) },
	{ "windows", S_(COL_UINT, windows) }, { "reps", S_(COL_UINT, reps) },
	{ "spread_pct", S_(COL_NUM, spread_pct) }, { "cv_pct", S_(COL_NUM, cv_pct) },
	{ "epoch_spread_pct", S_(COL_NUM, epoch_spread_pct) },
	{ "layout_spread_pct", S_(COL_NUM, layout_spread_pct) },
	{ "rel_spread_pct", S_(COL_NUM, rel_spread_pct) },
	{ "rel_epoch_spread_pct", S_(COL_NUM, rel_epoch_spread_pct) },
	{ "cycles_median", S_(COL_NUM, cycles_median) }, { "cycles_min", S_(COL_NUM, cycles_min) },
	{ "cycles_spread_pct", S_(COL_NUM, cycles_spread_pct) },
	{ "core_ghz", S_(COL_NUM, core_ghz) }, { "mlookups_per_s", S_(COL_NUM, mlookups_per_s) },
#define HW_COL_(i, ev, col, what) { col, S_(COL_NUM, hw[i]) },
	SB_HW_COUNTERS(HW_COL_)
	{ "sim_ir", S_(COL_NUM, sim[0]) }, { "sim_d1_miss", S_(COL_NUM, sim[1]) },
	{ "sim_ll_miss", S_(COL_NUM, sim[2]) }, { "sim_br_miss", S_(COL_NUM, sim[3]) },
	{ "sim_tlb_miss", S_(COL_NUM, sim_tlb_miss) },
	{ "table_bytes", S_(COL_SIZE, table_bytes) }, { "word_bits", S_(COL_INT, word_bits) },
	{ "branching", S_(COL_STR, branching) },
	{ "lookups_per_node", S_(COL_NUM, lookups_per_node) },
	{ "disturbed_samples", S_(COL_UINT, disturbed) }, { "flags", S_(COL_CHARS, flags) },
	/* appended (readers by position keep working): the threads of --threads, their CPUs */
	{ "threads", S_(COL_UINT, threads) }, { "cpus", S_(COL_STR, cpus) },
};

/* One raw sample as samples.csv shows it. */
struct sample_row {
	const struct summary *row;   /* the identity columns */
	const char *phase, *flags;
	double epoch;                /* NaN in the warm-up */
	unsigned sample;
	unsigned long long ticks;
	size_t lookups;              /* the lookups this sample made (its window's) */
	double ns, null_median, net, ghz, cycles;
};

#define R_(f) offsetof(struct sample_row, row), offsetof(struct summary, f)
#define P_(t, f) t, offsetof(struct sample_row, f), (size_t)-1
static const struct sample_col {
	const char *name;
	enum col_type type;
	size_t off, sub;   /* sub != -1: a field of the summary row the pointer at off points to */
} SAMPLE_COLS[] = {
	{ "run_id", COL_STR, R_(run_id) }, { "kernel", COL_STR, R_(kernel) },
	{ "family", COL_STR, R_(family) }, { "mode", COL_STR, R_(mode) },
	{ "piece", COL_STR, R_(piece) }, { "dataset", COL_STR, R_(dataset) },
	{ "cache_state", COL_STR, R_(cache_state) },
	{ "pressure_bytes", COL_WHOLE, R_(pressure_bytes) },
	{ "phase", P_(COL_STR, phase) }, { "epoch", P_(COL_NUM, epoch) },
	{ "sample", P_(COL_UINT, sample) }, { "lookups", P_(COL_SIZE, lookups) },
	{ "ticks", P_(COL_U64, ticks) }, { "ns_per_lookup", P_(COL_NUM, ns) },
	{ "null_median_ns_per_lookup", P_(COL_NUM, null_median) },
	{ "net_ns_per_lookup", P_(COL_NUM, net) }, { "core_ghz", P_(COL_NUM, ghz) },
	{ "cycles_per_lookup", P_(COL_NUM, cycles) }, { "flags", P_(COL_STR, flags) },
	{ "threads", COL_UINT, R_(threads) },
};

/* Writes the value of type t at p as one CSV cell. */
static void put_cell(FILE *f, enum col_type t, const void *p)
{
	switch (t) {
	case COL_STR: out_csv_str(f, *(const char *const *)p ? *(const char *const *)p : ""); break;
	case COL_CHARS: out_csv_str(f, (const char *)p); break;
	case COL_NUM: out_csv_num(f, *(const double *)p); break;
	case COL_WHOLE:  /* a whole number that may be absent (NaN: empty) */
		if (!isnan(*(const double *)p))
			fprintf(f, "%.0f", *(const double *)p);
		break;
	case COL_SIZE: fprintf(f, "%llu", (unsigned long long)*(const size_t *)p); break;
	case COL_U64: fprintf(f, "%llu", *(const unsigned long long *)p); break;
	case COL_UINT: fprintf(f, "%u", *(const unsigned *)p); break;
	case COL_INT: fprintf(f, "%d", *(const int *)p); break;
	}
}

static void write_summary(const struct results *r, FILE *f)
{
	size_t nc = sizeof SUMMARY_COLS / sizeof SUMMARY_COLS[0];

	for (size_t i = 0; i < nc; i++)
		fprintf(f, "%s,", SUMMARY_COLS[i].name);
	fputs("format\n", f);
	for (size_t i = 0; i < r->nw * r->ncols; i++) {
		const struct summary *o = &r->row[i];
		if (o->layout_copy)
			continue;  /* folded into its kernel's layout_spread_pct */
		for (size_t j = 0; j < nc; j++) {
			put_cell(f, SUMMARY_COLS[j].type, (const char *)o + SUMMARY_COLS[j].off);
			fputc(',', f);
		}
		fprintf(f, "%d\n", out_format("summary.csv"));
	}
}

static void write_sample_row(FILE *f, const struct sample_row *s)
{
	size_t nc = sizeof SAMPLE_COLS / sizeof SAMPLE_COLS[0];

	for (size_t j = 0; j < nc; j++) {
		const struct sample_col *c = &SAMPLE_COLS[j];
		const char *base = (const char *)s + c->off;
		if (c->sub != (size_t)-1)
			base = (const char *)*(const struct summary *const *)base + c->sub;
		put_cell(f, c->type, base);
		fputc(',', f);
	}
	fprintf(f, "%d\n", out_format("samples.csv"));
}

static void write_samples(struct bench *b, const struct results *r, FILE *f, FILE *fc)
{
	size_t nc = sizeof SAMPLE_COLS / sizeof SAMPLE_COLS[0], m = b->taken > b->warmup ?
		b->taken - b->warmup : 0;

	for (size_t i = 0; i < nc; i++)
		fprintf(f, "%s,", SAMPLE_COLS[i].name);
	fputs("format\n", f);
	fputs("run_id,kernel,mode,piece,cache_state,phase,sample,event,value,per_lookup,threads,"
	      "format\n",
	      fc);
	for (size_t wi = 0; wi < b->nw; wi++)
		for (size_t ki = 0; ki <= b->nk; ki++) {
			const struct cell *c = bench_cell(b, wi, ki);
			const struct summary *o = results_row(r, wi, ki);
			if (c->state != CELL_TIMED)
				continue;
			for (unsigned s = 0; s < b->taken; s++) {
				struct sample_row x = { .row = o, .sample = s, .ticks = c->ticks[s],
							.phase = s < b->warmup ? "warmup" : "measure",
							.null_median = o->null_median_ns };
				x.epoch = s < b->warmup ? NAN :
					  (double)((s - b->warmup) * (b->epochs ? b->epochs : 1) / m);
				x.ns = results_sample_ns(b, c, s);
				x.lookups = workload_sample_lookups(c->w, s);
				x.net = x.ns - x.null_median;
				x.ghz = c->ghz[s] > 0 ? c->ghz[s] : NAN;
				x.cycles = x.ns * x.ghz;
				x.flags = results_disturbed(b, c, s) ? "disturbed" : "";
				write_sample_row(f, &x);
				for (size_t e = 0; e < b->nev; e++) {
					long long v = c->ctr[s * b->nev + e];
					if (!counters_live(b->ctr, e))
						continue;  /* context.json says why */
					fprintf(fc, "%s,%s,%s,%s,%s,%s,%u,", o->run_id, o->kernel,
						o->mode, o->piece, o->cache_state, x.phase, s);
					out_csv_str(fc, counters_name(b->ctr, e));
					fprintf(fc, ",%lld,%.6g,%u,%d\n", v, (double)v /
						(double)workload_sample_lookups(c->w, s), o->threads,
						out_format("counters.csv"));
				}
			}
		}
}

int results_write(struct bench *b, const struct results *r, const struct run_meta *m,
		  const char *dir, char *err, size_t errlen)
{
	static const char *const NAME[] = { "samples.csv", "counters.csv", "summary.csv",
					    "context.json" };
	struct out_file o[4];
	size_t n = 0;

	err[0] = 0;
	errno = 0;
	for (; n < 4; n++)
		if (out_open(&o[n], dir, NAME[n], err, errlen) < 0)
			goto abort;
	write_samples(b, r, o[0].f, o[1].f);
	write_summary(r, o[2].f);
	if (results_write_context(b, m, o[3].f) < 0) {
		snprintf(err, errlen, "%s/context.json: cannot write: %s", dir,
			 errno ? strerror(errno) : "out of memory");
		goto abort;
	}
	for (size_t i = 0; i < 4; i++)
		if (out_commit(&o[i], err, errlen) < 0) {
			for (size_t j = i + 1; j < 4; j++)
				out_abort(&o[j]);
			return -1;
		}
	if (m->nsim) {  /* sim.csv: every simulated geometry, long format (sim_results.c) */
		if (out_open(&o[0], dir, "sim.csv", err, errlen) < 0)
			return -1;
		if (sim_write_csv(o[0].f, m->run_id, m->sim_counts, m->nsim) < 0) {
			out_abort(&o[0]);
			snprintf(err, errlen, "%s/sim.csv: write failed: %s", dir,
				 errno ? strerror(errno) : "out of memory");
			return -1;
		}
		return out_commit(&o[0], err, errlen);
	}
	return 0;
abort:
	while (n-- > 0)
		out_abort(&o[n]);
	return -1;
}
