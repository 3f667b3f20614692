/* bench_sample.c - one sample of one cell, on T threads (T = 1 most often): each thread,
 * pinned to its own CPU, settles its own caches first (a warm sample means warm on every
 * core), the pool releases them together, and each runs the same kernel on its own window of
 * the stream, as an engine's search threads look up attacks in one shared set of tables.
 * One thread is the same sample with no pool: it settles and is timed on the calling thread.
 * Every timed thread's checksum is checked against the reference's for its window. */
#include <math.h>
#include <stdatomic.h>
#include <stdio.h>

#include "bench/bench_sample.h"
#include "bench/disturb.h"
#include "bench/null_kernel.h"
#include "bench/tablewarm.h"
#include "bench/threads.h"
#include "registry/tablecopies.h"
#include "sim/sim_callgrind.h"
#include "sim/sim_results.h"

/* The threads' windows must overlap this much of the span from the first start to the last
 * end, or the sample is flagged disturbed: it was not T threads at once. */
#define OVERLAP_MIN 0.9

/* A noisy neighbour reads its working set (BENCH_NOISE_BYTES) a line at a time in an order no
 * stride prefetcher follows (a step of NOISE_STEP lines, prime to the line count). */
#define NOISE_LINES (BENCH_NOISE_BYTES / 64)
#define NOISE_STEP 4099u

static volatile uint64_t bench_sink;

/* One sample's threads: what each is given and what each measured. */
struct job {
	struct bench *b;
	struct cell *c;
	unsigned s, T;
	int noisy;                   /* threads 1..T-1 are neighbours, not the kernel */
	int sim;                     /* thread 0's passes are the simulated region (one thread) */
	char label[256];             /* the simulated region's label */
	double ghz0;                 /* the core clock probed just before the timed passes */
	atomic_int done;             /* thread 0's timed pass is over (the neighbours stop) */
	struct disturb_mark dm;
	uint64_t t0[THREADS_MAX], t1[THREADS_MAX], sum[THREADS_MAX];
};

/* Brings the cell to its stated cache state for slot, run by kernel k (c->k, or the instance of
 * it a thread runs, tablecopies.h): warm, an untimed sample of the same kernel and workload
 * (so what ran before it does not matter); cold, a buffer larger than the last-level cache
 * touched (so nothing of it is cached).  Either way the sample's input is readied last but the
 * warming (workload_ready: a search's table zeroed after its settle pass, before the kernel's
 * table is read in). */
static void settle(struct bench *b, struct cell *c, const struct sb_kernel *k, unsigned slot)
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

/* What a neighbour runs while thread 0 is timed: its working set's lines, in a fixed order,
 * until thread 0 is done.  Returns a sum of what it read. */
static uint64_t neighbour(struct job *j, int i)
{
	const uint64_t *buf = j->b->threads.noise[i];
	uint64_t sum = 0;
	unsigned at = (unsigned)i * 7919u % NOISE_LINES;

	while (!atomic_load_explicit(&j->done, memory_order_relaxed))
		for (int n = 0; n < 64; n++) {
			sum += buf[(size_t)at * 8];
			at = (at + NOISE_STEP) % NOISE_LINES;
		}
	return sum;
}

/* The untimed part of thread i: its cell settled for its slot (a neighbour has none); thread
 * 0 then labels the simulated region and probes the clock. */
static void job_prep(void *arg, int i)
{
	struct job *j = arg;
	struct cell *c = j->c;

	if (i && j->noisy)
		return;
	settle(j->b, c, tablecopies_instance(c->k, (unsigned)i), j->s * j->T + (unsigned)i);
	if (i)
		return;
	if (j->sim) {
		char pr[32];
		sim_pressure_field(c->w->pressure_bytes, pr);
		snprintf(j->label, sizeof j->label, "%s|%s|%s|%s|%zu", c->k->name, c->w->def->name,
			 c->w->piece, pr, workload_sample_lookups(c->w, j->s));
	}
	j->ghz0 = j->b->sim_child ? 0 : timer_probe_ghz();
}

/* The timed part of thread i: its window's passes; thread 0 also counts events and notes a
 * context switch or migration. */
static void job_work(void *arg, int i)
{
	struct job *j = arg;
	struct bench *b = j->b;
	struct cell *c = j->c;
	const struct sb_input *in = &c->win[workload_slot_window(c->w, j->s * j->T + (unsigned)i)];
	const struct sb_kernel *k = tablecopies_instance(c->k, (unsigned)i);
	uint64_t sum = 0;

	if (i && j->noisy) {
		j->sum[i] = neighbour(j, i);
		return;
	}
	if (!i) {
		disturb_begin(&j->dm);
		if (b->ctr)
			counters_start(b->ctr);
	}
	j->t0[i] = timer_now(&b->timer);
	/* The simulated region is the passes alone: the clock, counter and disturbance reads
	 * around them touch memory (the vDSO's, getrusage's) that differs between runs. */
	if (j->sim)
		sim_region_begin();
	for (unsigned r = 0; r < c->w->reps; r++)
		sum ^= workload_run(k, c->w, in);
	if (j->sim)
		sim_region_end(j->label);
	j->t1[i] = timer_now(&b->timer);
	if (!i) {
		atomic_store(&j->done, 1);
		if (b->ctr)
			counters_stop(b->ctr, &c->ctr[j->s * b->nev]);
		c->disturbed[j->s] = disturb_end(&j->dm, NULL) > 0;
	}
	j->sum[i] = sum;
}

/* Returns how much of the span from the first start to the last end all threads ran at once. */
static double overlap(const struct job *j)
{
	uint64_t lo = j->t0[0], hi = j->t1[0], in_lo = j->t0[0], in_hi = j->t1[0];

	for (unsigned i = 1; i < j->T; i++) {
		lo = j->t0[i] < lo ? j->t0[i] : lo;
		hi = j->t1[i] > hi ? j->t1[i] : hi;
		in_lo = j->t0[i] > in_lo ? j->t0[i] : in_lo;
		in_hi = j->t1[i] < in_hi ? j->t1[i] : in_hi;
	}
	return hi > lo && in_hi > in_lo ? (double)(in_hi - in_lo) / (double)(hi - lo) : 0;
}

void bench_sample(struct bench *b, struct cell *c, unsigned s)
{
	const struct workload *w = c->w;
	struct job j;  /* its arrays are written before they are read: not cleared */
	size_t l0 = w->win_lookups[workload_sample_window(w, s)];
	double ticks = 0;

	j.b = b, j.c = c, j.s = s, j.T = workload_threads(w), j.noisy = w->def->neighbours;
	/* the warm-up is not simulated, nor a threaded sample (callgrind's region is the whole
	 * process's: it would be every thread's passes) */
	j.sim = b->sim_child && s >= b->warmup && j.T == 1;
	atomic_init(&j.done, 0);
	if (j.T > 1) {
		threads_run(w->pool, job_prep, job_work, &j);
	} else {
		job_prep(&j, 0);
		job_work(&j, 0);
	}
	/* the threads that ran the kernel: all, or thread 0 beside its neighbours */
	unsigned timed = j.noisy ? 1 : j.T;
	for (unsigned i = timed; i < j.T; i++)
		bench_sink ^= j.sum[i];
	/* thread i's ticks scaled to thread 0's lookups: the cell's ticks over its sample's
	 * lookups are the timed threads' mean time per lookup; each checked against the
	 * reference's checksum of the window of its slot s * T + i, once per pass (XORed).
	 * What was timed is checked too: a kernel that goes wrong (or idle) after its
	 * verification would otherwise be timed, and ranked, on no work. */
	for (unsigned i = 0; i < timed; i++) {
		unsigned win = workload_slot_window(w, s * j.T + i);
		uint64_t want = w->reps & 1 ? w->win_expected[win] : 0;
		size_t li = w->win_lookups[win];
		double dt = (double)(j.t1[i] - j.t0[i]);
		ticks += li == l0 ? dt : dt * (double)l0 / (double)li;
		bench_sink ^= j.sum[i];
		if (c->k != &sb_null_kernel && j.sum[i] != want && !c->wrong) {
			c->wrong = 1;
			c->wrong_sample = s;
		}
	}
	c->ticks[s] = (uint64_t)llround(ticks / timed);
	c->ghz[s] = b->sim_child ? 0 : (j.ghz0 + timer_probe_ghz()) / 2;
	if (!j.noisy && j.T > 1 && overlap(&j) < OVERLAP_MIN)
		c->disturbed[s] = 1;
}
