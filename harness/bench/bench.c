/* bench.c - interleaved sampling: every round takes one sample of every cell, the kernels
 * rotated (the cells set up and verified first, bench_setup.c). */
#include <stdio.h>
#include <stdlib.h>

#include "bench/bench.h"
#include "bench/disturb.h"
#include "bench/isolate.h"
#include "bench/tablewarm.h"
#include "bench/null_kernel.h"
#include "sim/sim_results.h"
#include "sim/sim_callgrind.h"

static volatile uint64_t bench_sink;

/* Returns the checksum sample s of c must return: its window's, once per pass (XORed). */
static uint64_t sample_expected(const struct cell *c, unsigned s)
{
	return c->w->reps & 1 ? c->w->win_expected[workload_sample_window(c->w, s)] : 0;
}

/* Brings the cell to its stated cache state: warm, an untimed sample of the same kernel and
 * workload (so what ran before it does not matter); cold, a buffer larger than the
 * last-level cache touched (so nothing of it is cached).  Either way the sample's input is
 * readied last but the warming (workload_ready: a search's table zeroed after its settle
 * pass, before the kernel's table is read in). */
void bench_settle(struct bench *b, struct cell *c, const struct sb_kernel *k, unsigned slot)
{
	const struct sb_input *in = &c->win[workload_slot_settle(c->w, slot)];
	uint64_t sum = 0;

	if (c->w->cold && b->evict) {
		workload_ready(c->w, &c->win[workload_slot_window(c->w, slot)]);
		for (size_t i = 0; i < b->evict_words; i += 8)
			sum += ++b->evict[i];
	} else {
		/* A whole untimed sample, not one pass: one pass of random lookups reaches only
		 * about 70% of a large table's lines (pext, the magics), and the first timed pass
		 * then paid for the rest (+5% with 24 other kernels beside it, measured).  Perft
		 * has one window, its 64 trees: its settle pass walks the trees of other positions
		 * of the same games (workset.perft_settle, an eighth as many), so the timed walk is
		 * not the replay of a walk the predictor has just seen. */
		if (workload_whole(c->w->loop))  /* perft's and search's settle roots */
			sum ^= workload_pass(k, c->w, &c->w->settle_in);
		else
			for (unsigned r = 0; r < c->w->reps; r++)
				sum ^= workload_pass(k, c->w, in);
		workload_ready(c->w, &c->win[workload_slot_window(c->w, slot)]);
		/* the settle pass ran on another window: the sample's own queries are read in
		 * now, so how cached they are does not depend on which kernels ran before
		 * (the 64-bit sweep's 54 kernels evicted them, a pair alone did not) */
		sum += workload_touch(&c->win[workload_slot_window(c->w, slot)]);
		/* last, a large table is read whole (tablewarm.c says why), so the other
		 * window's queries cannot push part of it out before the timed pass */
		if (tablewarm_applies(k))
			sum ^= tablewarm_sweep(k);
	}
	bench_sink ^= sum;
}

void bench_sample(struct bench *b, struct cell *c, unsigned s)
{
	char label[256];
	size_t labellen = sizeof label;
	uint64_t t0, t1, sum = 0;
	struct disturb_mark dm;
	double ghz0;

	int sim = b->sim_child && s >= b->warmup;  /* the warm-up pass is not simulated */
	const struct sb_input *in = &c->win[workload_sample_window(c->w, s)];

	if (workload_threads(c->w) > 1) {
		bench_sample_threads(b, c, s);
		return;
	}
	bench_settle(b, c, c->k, s);

	if (sim) {
		char pr[32];
		sim_pressure_field(c->w->pressure_bytes, pr);
		snprintf(label, labellen, "%s|%s|%s|%s|%zu", c->k->name, c->w->def->name,
			 c->w->piece, pr, workload_sample_lookups(c->w, s));
	}
	ghz0 = b->sim_child ? 0 : timer_probe_ghz();
	disturb_begin(&dm);
	if (b->ctr)
		counters_start(b->ctr);
	t0 = timer_now(&b->timer);
	/* The simulated region is the passes alone: the clock, counter and disturbance reads
	 * around them touch memory (the vDSO's, getrusage's) that differs between runs. */
	if (sim)
		sim_region_begin();
	for (unsigned r = 0; r < c->w->reps; r++)
		sum ^= workload_run(c->k, c->w, in);
	if (sim)
		sim_region_end(label);
	t1 = timer_now(&b->timer);
	if (b->ctr)
		counters_stop(b->ctr, &c->ctr[s * b->nev]);
	c->disturbed[s] = disturb_end(&dm, NULL) > 0;
	bench_sink ^= sum;
	/* What was timed is checked too: a kernel that goes wrong (or idle) after its
	 * verification would otherwise be timed, and ranked, on no work. */
	if (c->k != &sb_null_kernel && sum != sample_expected(c, s) && !c->wrong) {
		c->wrong = 1;
		c->wrong_sample = s;
	}
	c->ticks[s] = t1 - t0;
	c->ghz[s] = b->sim_child ? 0 : (ghz0 + timer_probe_ghz()) / 2;
}

/* Samples a plugin cell in its column's child; on failure, names what happened and fails the
 * column.  Returns 0, or 1 when the column failed now. */
static int sample_isolated(struct bench *b, size_t wi, size_t ki, unsigned s)
{
	struct iso_worker *w = &b->iso[ki];
	double limit = b->sample_limit > 0 ? b->sample_limit : ISOLATE_LIMIT_DEFAULT;

	if (isolate_sample(b, w, wi, ki, s, limit) == 0)
		return 0;
	fprintf(stderr, "slidebench: kernel %s (%s): %s: not timed further, its rows left out; "
		"the other kernels go on\n", b->kern[ki - 1]->k->name, b->kern[ki - 1]->origin,
		w->why);
	bench_fail_column(b, ki, w->why);
	return 1;
}

/* One sample of a cell, for registry_guarded. */
struct sample_call {
	struct bench *b;
	struct cell *c;
	unsigned s;
};

static void sample_call(void *arg)
{
	struct sample_call *x = arg;

	bench_sample(x->b, x->c, x->s);
}

/* Takes sample s of plugin cell c (column ki) in the --simulate child, bounded by the sample
 * limit (sim_guarded). */
static void sample_guarded(struct bench *b, struct cell *c, size_t ki, unsigned s)
{
	struct sample_call x = { b, c, s };
	double limit = b->sample_limit > 0 ? b->sample_limit : ISOLATE_LIMIT_DEFAULT;
	char step[128];

	snprintf(step, sizeof step, "its run() in sample %u (%s/%s)", s, c->w->def->name,
		 c->w->piece);
	bench_sim_guarded(b, ki, sample_call, &x, (unsigned)limit, "--sample-limit", step);
}

/* Withdraws kernel column ki when cell c's timed loop returned another checksum than the
 * reference's.  Returns 1 when it was withdrawn now, else 0. */
static int withdraw_wrong(struct bench *b, size_t ki, struct cell *c)
{
	if (!c->wrong || c->state != CELL_TIMED)
		return 0;
	fprintf(stderr, "slidebench: kernel %s: its %s/%s loop returned another checksum than the "
		"reference's in timed sample %u (after passing verification): withdrawn from the "
		"run, the other kernels go on\n", c->k->name, c->w->def->name, c->w->piece,
		c->wrong_sample);
	bench_fail_column(b, ki, "timed results differ from the reference's");
	return 1;
}

int bench_run(struct bench *b)
{
	size_t ncols = b->nk + 1;
	int failed = 0;

	unsigned ep = b->epochs > 1 ? b->epochs : 1, next_edge = 0;

	if (!b->iso && !(b->iso = calloc(ncols, sizeof *b->iso)))
		return -1;
	b->nhost = 0;
	if (b->sim_child)
		sim_instrument_start();
	for (unsigned s = 0; s < b->warmup + b->samples; s++) {
		if (b->stop && *b->stop)
			break;
		/* the host's load at the first measured round and each epoch's first round */
		if (s >= b->warmup && next_edge < ep && ep <= HOST_MAX_EPOCHS &&
		    s - b->warmup == b->samples * next_edge / ep) {
			hostload_snap(NULL, b->pinned_cpu, &b->host[b->nhost++]);
			next_edge++;
		}
		for (size_t wi = 0; wi < b->nw; wi++) {
			/* Rotate the order every round so no kernel always follows the same one. */
			for (size_t j = 0; j < ncols; j++) {
				size_t ki = (j + s) % ncols;
				struct cell *c = bench_cell(b, wi, ki);
				if (c->state != CELL_TIMED)
					continue;
				if (ki && bench_isolated(b, ki))
					failed += sample_isolated(b, wi, ki, s);
				else if (ki && b->sim_child && registry_is_plugin(b->kern[ki - 1]))
					sample_guarded(b, c, ki, s);
				else
					bench_sample(b, c, s);
				failed += withdraw_wrong(b, ki, c);
			}
		}
		b->taken = s + 1;
	}
	if (b->nhost > 0)
		hostload_snap(NULL, b->pinned_cpu, &b->host[b->nhost++]);
	for (size_t ki = 0; ki < ncols; ki++)
		isolate_stop(&b->iso[ki]);
	return failed;
}
