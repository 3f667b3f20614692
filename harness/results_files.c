/* results_files.c - the four files of a run and the printed table. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "env.h"
#include "output.h"
#include "results.h"
#include "stats.h"

static const char *const BRANCH_NAME[] = { "conditional", "branchless" };

#define SAMPLES_HEADER "run_id,kernel,family,mode,piece,dataset,phase,sample,lookups,ticks," \
	"ns_per_lookup,null_median_ns_per_lookup,net_ns_per_lookup,core_ghz,cycles_per_lookup," \
	"pressure_bytes,flags\n"
#define SUMMARY_HEADER "run_id,kernel,family,mode,piece,dataset,lookups,samples,ns_min," \
	"ns_median,ns_gross_median,spread_pct,cv_pct,cycles_median,cycles_min,cycles_spread_pct," \
	"core_ghz,mlookups_per_s," \
	"hw_cycles,hw_instructions,hw_l1d_miss,hw_dtlb_miss,hw_br_miss," \
	"sim_ir,sim_d1_miss,sim_ll_miss,sim_br_miss,table_bytes,word_bits,branching," \
	"pressure_bytes,disturbed_samples,flags\n"

static void row_key(FILE *f, const char *run_id, const struct cell *c)
{
	fprintf(f, "%s,", run_id);
	out_csv_str(f, c->k->name);
	fputc(',', f);
	out_csv_str(f, c->k->family);
	fprintf(f, ",%s,%s,", MODE_NAME[c->w->mode], c->w->piece);
	out_csv_str(f, c->w->dataset);
}

static void write_samples(struct bench *b, const char *run_id, FILE *f, FILE *fc)
{
	fputs(SAMPLES_HEADER, f);
	fputs("run_id,kernel,mode,piece,phase,sample,event,value,per_lookup\n", fc);
	for (size_t wi = 0; wi < b->nw; wi++)
		for (size_t ki = 0; ki <= b->nk; ki++) {
			struct cell *c = bench_cell(b, wi, ki), *z = bench_cell(b, wi, 0);
			double lk = (double)(c->w->lookups * c->w->reps);
			if (c->state != CELL_TIMED)
				continue;
			double null_med = 0, *zs = calloc(b->taken + 1, sizeof *zs);
			for (unsigned s = b->warmup; ki && zs && s < b->taken; s++)
				zs[s - b->warmup] = timer_ns(&b->timer, z->ticks[s]) / lk;
			if (ki && zs && b->taken > b->warmup)
				null_med = stats_median(zs, b->taken - b->warmup);
			free(zs);
			for (unsigned s = 0; s < b->taken; s++) {
				const char *phase = s < b->warmup ? "warmup" : "measure";
				double ns = timer_ns(&b->timer, c->ticks[s]) / lk;
				double ns0 = null_med;
				row_key(f, run_id, c);
				fprintf(f, ",%s,%u,%.0f,%llu,%.6g,%.6g,%.6g,", phase, s, lk,
					(unsigned long long)c->ticks[s], ns, ns0, ns - ns0);
				out_csv_num(f, c->ghz[s] > 0 ? c->ghz[s] : NAN);
				fputc(',', f);
				out_csv_num(f, c->ghz[s] > 0 ? ns * c->ghz[s] : NAN);
				fprintf(f, ",0,%s\n", results_disturbed(b, c, s) ? "disturbed" : "");
				for (size_t e = 0; e < b->nev; e++) {
					long long v = c->ctr[s * b->nev + e];
					if (!counters_live(b->ctr, e))
						continue;  /* context.json says why */
					fprintf(fc, "%s,%s,%s,%s,%s,%u,", run_id, c->k->name,
						MODE_NAME[c->w->mode], c->w->piece, phase, s);
					out_csv_str(fc, counters_name(b->ctr, e));
					fprintf(fc, ",%lld,%.6g\n", v, (double)v / lk);
				}
			}
		}
}

static void write_summary(struct bench *b, const char *run_id, const struct sim_counts *sim,
			  size_t nsim, FILE *f)
{
	fputs(SUMMARY_HEADER, f);
	for (size_t wi = 0; wi < b->nw; wi++)
		for (size_t ki = 0; ki <= b->nk; ki++) {
			struct cell *c = bench_cell(b, wi, ki);
			struct summary s;
			results_summarise(b, wi, ki, sim, nsim, &s);
			row_key(f, run_id, c);
			fprintf(f, ",%zu,%zu,", c->w->lookups * c->w->reps, s.samples);
			double cols[] = { s.ns_min, s.ns_median, s.ns_gross_median, s.spread_pct,
					  s.cv_pct, s.cycles_median, s.cycles_min, s.cycles_spread_pct,
					  s.core_ghz, s.mlookups_per_s, s.hw[0], s.hw[1],
					  s.hw[2], s.hw[3], s.hw[4], s.sim[0], s.sim[1], s.sim[2], s.sim[3] };
			for (size_t i = 0; i < sizeof cols / sizeof cols[0]; i++) {
				out_csv_num(f, cols[i]);
				fputc(',', f);
			}
			fprintf(f, "%zu,%d,%s,0,%u,", c->k->table_bytes, c->k->word_bits,
				BRANCH_NAME[c->k->branching], s.disturbed);
			out_csv_str(f, s.flags);
			fputc('\n', f);
		}
}

int results_write(struct bench *b, const struct run_meta *m, const struct sim_counts *sim,
		  size_t nsim, const char *dir)
{
	struct out_file fs, fc, fm, fx;
	char err[PATH_MAX + 128];

	if (out_open(&fs, dir, "samples.csv", err, sizeof err) < 0)
		goto fail;
	if (out_open(&fc, dir, "counters.csv", err, sizeof err) < 0)
		goto abort_samples;
	if (out_open(&fm, dir, "summary.csv", err, sizeof err) < 0)
		goto abort_counters;
	if (out_open(&fx, dir, "context.json", err, sizeof err) < 0)
		goto abort_summary;
	write_samples(b, m->run_id, fs.f, fc.f);
	write_summary(b, m->run_id, sim, nsim, fm.f);
	results_write_context(b, m, fx.f);
	if (out_commit(&fs, err, sizeof err) < 0 || out_commit(&fc, err, sizeof err) < 0 ||
	    out_commit(&fm, err, sizeof err) < 0 || out_commit(&fx, err, sizeof err) < 0)
		goto fail;
	return 0;

abort_summary:
	out_abort(&fm);
abort_counters:
	out_abort(&fc);
abort_samples:
	out_abort(&fs);
fail:
	fprintf(stderr, "slidebench: %s\n", err);
	return -1;
}

void results_print(struct bench *b, const struct sim_counts *sim, size_t nsim, FILE *f)
{
	fprintf(f, "%-34s %-8s %-6s %9s %9s %7s %8s %7s %9s %8s  %s\n", "kernel", "mode", "piece",
		"ns_median", "ns_min", "spread%", "cycles", "cyc_sp%", "Mlookup/s", "sim_ir", "flags");
	for (size_t wi = 0; wi < b->nw; wi++)
		for (size_t ki = 0; ki <= b->nk; ki++) {
			struct cell *c = bench_cell(b, wi, ki);
			struct summary s;
			results_summarise(b, wi, ki, sim, nsim, &s);
			char sim_ir[32] = "-";
			if (!isnan(s.sim[0]))
				snprintf(sim_ir, sizeof sim_ir, "%.2f", s.sim[0]);
			if (isnan(s.ns_median)) {
				fprintf(f, "%-34s %-8s %-6s %9s %9s %7s %8s %7s %9s %8s  %s\n",
					c->k->name, MODE_NAME[c->w->mode], c->w->piece, "-", "-", "-",
					"-", "-", "-", sim_ir, s.flags);
				continue;
			}
			fprintf(f, "%-34s %-8s %-6s %9.3f %9.3f %7.2f %8.2f %7.2f %9.1f %8s  %s\n",
				c->k->name, MODE_NAME[c->w->mode], c->w->piece, s.ns_median, s.ns_min,
				s.spread_pct, s.cycles_median, s.cycles_spread_pct, s.mlookups_per_s,
				sim_ir, s.flags);
		}
}
