/* results.c - raw samples to summary rows, computed once (see results.h). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "util/stats.h"
#include "results/results.h"

/* PAPI events that have a fixed summary column, in struct summary .hw order. */
#define HW_EVENT_(i, ev, col, what) [i] = ev,
static const char *const HW_EVENT[HW_NEVENTS] = { SB_HW_COUNTERS(HW_EVENT_) };
static const char *const DISTURB_EVENT[2] = { SB_EV_SWITCHES, SB_EV_MIGRATIONS };

/* Returns the index of event name in b's counters, or -1. */
static int event_index(const struct bench *b, const char *name)
{
	for (size_t i = 0; i < b->nev; i++)
		if (!strcmp(counters_name(b->ctr, i), name))
			return (int)i;
	return -1;
}

int results_disturbed(const struct bench *b, const struct cell *c, unsigned s)
{
	int bad = c->disturbed ? c->disturbed[s] : 0;

	for (int i = 0; i < 2; i++) {
		int e = event_index(b, DISTURB_EVENT[i]);
		if (e >= 0 && counters_live(b->ctr, (size_t)e))
			bad |= c->ctr[s * b->nev + (size_t)e] > 0;
	}
	return bad;
}

/* Fills the identity columns of row o (cell c of workload w). */
static void row_identity(const struct cell *c, const char *run_id, struct summary *o)
{
	o->run_id = run_id;
	o->kernel = c->k->name;
	o->family = c->k->family;
	o->mode = c->w->def->name;
	o->piece = c->w->piece;
	o->dataset = c->w->dataset;
	o->cache_state = workload_state(c->w);
	o->threads = workload_threads(c->w);
	o->neighbours = c->w->def->neighbours;
	o->cpus = c->w->cpus;
	o->pressure_bytes = c->w->pressure_bytes;
	o->lookups = workload_mean_lookups(c->w);
	o->table_bytes = c->k->table_bytes;
	o->word_bits = c->k->word_bits;
	o->branching = registry_branching_name(c->k->branching);
	o->layout_copy = strstr(c->k->name, "@L") != NULL;
	o->lookups_per_node = c->w->lookups_per_node;
	o->windows = c->w->nwin;
	o->reps = c->w->reps;
}

double results_sample_ns(const struct bench *b, const struct cell *c, unsigned s)
{
	return timer_ns(&b->timer, c->ticks[s]) / (double)workload_sample_lookups(c->w, s);
}

/* Returns the per-lookup gross ns of c's measured samples in x[0..m). */
static void gross_ns(const struct bench *b, const struct cell *c, double *x, size_t m)
{
	for (size_t j = 0; j < m; j++)
		x[j] = results_sample_ns(b, c, b->warmup + (unsigned)j);
}

/* Fills round[s] (s < b->taken) with the median of every timed cell's clock probe in round s:
 * the core's clock in that round, from hundreds of probes, NaN where there are none. */
static void round_clocks(struct bench *b, double *round, double *tmp)
{
	for (unsigned s = 0; s < b->taken; s++) {
		size_t n = 0;
		for (size_t wi = 0; wi < b->nw; wi++)
			for (size_t ki = 0; ki <= b->nk; ki++) {
				const struct cell *c = bench_cell(b, wi, ki);
				if (c->state == CELL_TIMED && c->ghz && c->ghz[s] > 0)
					tmp[n++] = c->ghz[s];
			}
		round[s] = n ? stats_median(tmp, n) : NAN;
	}
}

/* The estimated core cycles: each sample's time at the clock probed around it, unless that
 * probe is an outlier against the round's clock (the median of every cell's probe in that
 * round: a probe caught by contention, or one that read the clock wrong), when the round's
 * clock stands in and the row counts it.  A cell whose every probe read 2.3 GHz in a round
 * where the others read 3.2 (an -m32 block here) put its kernel 20% below what its own
 * instructions allow; its own probes cannot be its reference. */
static void row_cycles(const struct bench *b, const struct cell *c, const double *gross, size_t m,
		       const double *round, double *tmp, struct summary *o)
{
	const double *ghz = c->ghz + b->warmup;
	double *used = malloc((m + 1) * sizeof *used);

	if (!used || isnan(ghz[0]) || ghz[0] <= 0) {
		free(used);
		return;
	}
	for (size_t j = 0; j < m; j++) {
		double g = ghz[j], r = round ? round[b->warmup + j] : NAN;
		if (isnan(r) || r <= 0)
			r = stats_median(ghz, m);
		if (!(g > 0) || fabs(g - r) > r * CLOCK_OUTLIER_PCT / 100) {
			g = r;
			o->clock_outliers++;
		}
		tmp[j] = gross[j] * g;
		used[j] = g;
	}
	o->core_ghz = stats_median(used, m);
	free(used);
	o->cycles_median = stats_median(tmp, m);
	o->cycles_min = stats_min(tmp, m);
	o->cycles_spread_pct = stats_mdape(tmp, m);
}

/* Fills the time, counter and flag columns of row o from cell (wi, ki); z is the null's row. */
static void row_measure(struct bench *b, size_t wi, size_t ki, const struct summary *z,
			const double *round, double *gross, double *tmp, struct summary *o)
{
	const struct cell *c = bench_cell(b, wi, ki), *zc = bench_cell(b, wi, 0);
	size_t m = b->taken > b->warmup ? b->taken - b->warmup : 0;
	double lk = (double)o->lookups;

	if (zc->state != CELL_TIMED)  /* no baseline (perft): gross figures */
		ki = 0;

	o->samples = m;
	gross_ns(b, c, gross, m);
	o->null_median_ns = ki ? z->ns_gross_median : 0;
	o->null_ci_lo_ns = ki ? z->ns_ci_lo : 0;
	o->ns_gross_median = stats_median(gross, m);
	o->ns_median = o->ns_gross_median;
	/* The net is shown only where it is a time: a null median above ours is the two loops'
	 * noise (few samples, the same touches) or an invalid baseline (row_flags), never a
	 * negative lookup. */
	o->ns_net_median = o->ns_gross_median >= o->null_median_ns ?
			   o->ns_gross_median - o->null_median_ns : NAN;
	o->ns_min = stats_min(gross, m);
	stats_median_ci(gross, m, &o->ns_ci_lo, &o->ns_ci_hi);
	o->spread_pct = stats_mdape(gross, m);
	o->cv_pct = stats_cv(gross, m);
	o->epoch_spread_pct = stats_epoch_spread(gross, m, b->epochs);
	/* The same against the host: each sample over the null's in the same round.  A host
	 * step moves both, so this spread is the kernel's own (the null's row keeps the raw). */
	if (ki) {
		gross_ns(b, zc, tmp, m);
		for (size_t j = 0; j < m; j++)
			tmp[j] = tmp[j] > 0 ? gross[j] / tmp[j] : NAN;
		o->rel_spread_pct = stats_mdape(tmp, m);
		o->rel_epoch_spread_pct = stats_epoch_spread(tmp, m, b->epochs);
	} else {
		o->rel_spread_pct = o->spread_pct;
		o->rel_epoch_spread_pct = o->epoch_spread_pct;
	}
	/* every thread's lookups (a neighbours row: thread 0's, the others look nothing up) */
	o->mlookups_per_s = 1000.0 * (o->neighbours ? 1 : o->threads) /
			    o->ns_gross_median;
	row_cycles(b, c, gross, m, round, tmp, o);
	if (!isnan(o->bound_cycles) && o->cycles_median > 0)
		o->efficiency = o->bound_cycles / o->cycles_median;
	for (int i = 0; i < HW_NEVENTS; i++) {
		int e = event_index(b, HW_EVENT[i]);
		if (e < 0 || !counters_live(b->ctr, (size_t)e))
			continue;
		for (size_t j = 0; j < m; j++) {
			gross[j] = (double)c->ctr[(b->warmup + j) * b->nev + (size_t)e] / lk;
			tmp[j] = ki ? (double)zc->ctr[(b->warmup + j) * b->nev + (size_t)e] / lk : 0;
		}
		o->hw[i] = stats_median(gross, m) - stats_median(tmp, m);
	}
	for (size_t j = 0; j < m; j++)
		o->disturbed += (unsigned)results_disturbed(b, c, b->warmup + (unsigned)j);
}

int results_rankable(const struct summary *o)
{
	return !strstr(o->flags, "prepared;") && !strstr(o->flags, "below-bound;") &&
	       !strstr(o->flags, "baseline-invalid;");
}

int results_prepared(const struct cell *c)
{
	enum sb_loop l = c->w->loop;

	return c->prepared && !c->w->def->pointer && (l == SB_LOOP_ROOK_STREAM ||
		l == SB_LOOP_BISHOP_STREAM || l == SB_LOOP_QUEEN_STREAM);
}

/* Sets row o's flags. */
static void row_flags(const struct bench *b, const struct cell *c, int baseline, struct summary *o)
{
	if (c->state != CELL_TIMED || o->samples == 0) {
		snprintf(o->flags, sizeof o->flags, "%s%s",
			 c->state == CELL_UNAVAILABLE ? "unavailable: " :
			 c->state == CELL_FAILED ? "not-timed: " : "no-samples",
			 c->state == CELL_TIMED ? "" : c->why);
		return;
	}
	/* unstable and drifting judge the time against the host (each round over the null's),
	 * so a host that stepped during the run flags the rows it moved as host-moved only */
	int drift = o->rel_epoch_spread_pct > o->rel_spread_pct &&
		    o->rel_epoch_spread_pct >= DRIFT_FLOOR_PCT;
	int moved = o->epoch_spread_pct > o->spread_pct &&
		    o->epoch_spread_pct >= DRIFT_FLOOR_PCT && !drift;
	/* A bound above most of the cell's samples is the bound's error, not the figure's
	 * (bounds.sh read the loop wrong on this core or compiler): the figure stands, the bound
	 * is dropped (kept in bound_cycles for the report to name, no efficiency).  A figure
	 * dearer in the null's loop than in the kernel's is impossible: the baseline then
	 * measures something else, and the cell says nothing honest about the kernel.  Dearer
	 * means the null's 95% interval lies wholly above the kernel's, and only a cell of six
	 * samples or more has one: with three (the block processes) the intervals are the
	 * samples' ranges, which cover the median 75% of the time, and of two loops that cost the
	 * same (a cheap kernel's lookups hidden under the pressure loop's touches) one cell in
	 * twenty shows every null sample above every kernel sample.  Such a block cell is judged
	 * over the block's processes instead (runread_pool.c), when the study is read. */
	int dropped = !isnan(o->bound_cycles) &&
		      o->cycles_median < o->bound_cycles * (1 - BOUND_SLACK_PCT / 100);
	int bad_null = !baseline && o->null_median_ns > 0 && stats_order_reaches(o->samples) &&
		       o->null_ci_lo_ns > o->ns_ci_hi;
	if (dropped)
		o->efficiency = NAN;
	snprintf(o->flags, sizeof o->flags, "%s%s%s%s%s%s%s%s%s%s%s", baseline ? "baseline;" : "",
		 dropped ? "bound-dropped;" : "", bad_null ? "baseline-invalid;" : "",
		 workload_replayed(c->w) ? "replayed;" : "",
		 results_prepared(c) ? "prepared;" : "",
		 o->rel_spread_pct >= UNSTABLE_PCT ? "unstable;" : "",
		 drift ? "drifting;" : "", moved ? "host-moved;" : "",
		 o->disturbed ? "disturbed;" : "",
		 o->clock_outliers ? "clock-probe-outliers;" : "",
		 b->taken < b->warmup + b->samples ? "interrupted;" : "");
}

/* Sets layout_spread_pct of every row that has --layouts copies: the range of ns_min over the
 * kernel and its copies, in percent of their median. */
static void layout_spreads(struct results *r)
{
	double v[32];

	for (size_t wi = 0; wi < r->nw; wi++)
		for (size_t ki = 1; ki < r->ncols; ki++) {
			struct summary *o = &r->row[wi * r->ncols + ki];
			size_t n = 0, len = strlen(o->kernel);
			if (o->layout_copy || isnan(o->ns_min))
				continue;
			v[n++] = o->ns_min;
			for (size_t kj = 1; kj < r->ncols && n < 32; kj++) {
				const struct summary *c = &r->row[wi * r->ncols + kj];
				if (c->layout_copy && !strncmp(c->kernel, o->kernel, len) &&
				    !strncmp(c->kernel + len, "@L", 2) && !isnan(c->ns_min))
					v[n++] = c->ns_min;
			}
			if (n > 1)
				o->layout_spread_pct = 100.0 * (stats_max(v, n) - stats_min(v, n)) /
						       fabs(stats_median(v, n));
		}
}

int results_compute(struct bench *b, const char *run_id, const struct sim_counts *sim,
		    size_t nsim, struct results *r)
{
	size_t total = b->warmup + b->samples + 1, ncells = b->nw * (b->nk + 1) + 1;
	double *gross = calloc(total, sizeof *gross), *tmp = calloc(total > ncells ? total : ncells, sizeof *tmp);
	double *round = calloc(total + b->taken, sizeof *round);

	memset(r, 0, sizeof *r);
	r->nw = b->nw;
	r->ncols = b->nk + 1;
	r->row = calloc(r->nw * r->ncols + 1, sizeof *r->row);
	if (!r->row || !gross || !tmp || !round) {
		free(gross);
		free(tmp);
		free(round);
		free(r->row);
		return -1;
	}
	round_clocks(b, round, tmp);
	for (size_t wi = 0; wi < b->nw; wi++)
		for (size_t ki = 0; ki < r->ncols; ki++) {
			const struct cell *c = bench_cell(b, wi, ki);
			struct summary *o = &r->row[wi * r->ncols + ki];
			double *f[] = { &o->ns_min, &o->ns_median, &o->ns_ci_lo, &o->ns_ci_hi,
					&o->ns_net_median, &o->bound_cycles, &o->efficiency,
					&o->ns_gross_median, &o->spread_pct, &o->cv_pct,
					&o->epoch_spread_pct, &o->layout_spread_pct, &o->cycles_median,
					&o->cycles_min, &o->cycles_spread_pct, &o->core_ghz,
					&o->mlookups_per_s, &o->sim_tlb_miss, &o->rel_spread_pct,
					&o->rel_epoch_spread_pct };
			for (size_t i = 0; i < sizeof f / sizeof f[0]; i++)
				*f[i] = NAN;
			for (int i = 0; i < HW_NEVENTS; i++)
				o->hw[i] = NAN;
			row_identity(c, run_id, o);
			o->bound_cycles = ki && b->bound ? b->bound(c, b->bound_ctx) : NAN;
			double s5[SIM_NCOLS + 1];  /* sim_results.c: per lookup, net of the null */
			char pr[32];
			sim_pressure_field(c->w->pressure_bytes, pr);
			sim_summary(sim, nsim, c->k->name, c->w->def->name, c->w->piece, pr, s5);
			memcpy(o->sim, s5, sizeof o->sim);
			o->sim_tlb_miss = s5[SIM_NCOLS];
			if (c->state == CELL_TIMED && b->taken > b->warmup)
				row_measure(b, wi, ki, &r->row[wi * r->ncols], round, gross, tmp, o);
			row_flags(b, c, ki == 0, o);
		}
	layout_spreads(r);
	free(gross);
	free(tmp);
	free(round);
	return 0;
}

void results_free(struct results *r)
{
	free(r->row);
	r->row = NULL;
}
