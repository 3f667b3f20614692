/* test_bench.c - the sampling engine on counts, never on times: every sample is preceded by
 * the kernel's own untimed pass (so what ran before it cannot matter), cold samples by the
 * eviction instead; the epoch split, the median interval and the layout fold. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "bench/bench.h"
#include "results/results.h"
#include "util/stats.h"

/* A kernel that counts the passes run() makes, per loop. */
static unsigned long calls[SB_LOOP_COUNT];

static uint64_t counting_rook(unsigned sq, uint64_t occ) { return verify_expected(PIECE_ROOK, sq, occ); }
static uint64_t counting_bishop(unsigned sq, uint64_t occ) { return verify_expected(PIECE_BISHOP, sq, occ); }

static uint64_t counting_run(enum sb_loop loop, const struct sb_input *in)
{
	const struct kentry *ref = registry_find("reference");

	calls[loop]++;
	return ref->k->run(loop, in);
}

static const struct sb_kernel counting = {
	.abi_version = SB_ABI_VERSION, .name = "counting", .family = "test",
	.description = "counts its passes", .word_bits = 64, .rook = counting_rook,
	.bishop = counting_bishop, .run = counting_run,
};

/* Builds a one-workload bench of the counting kernel over n random queries (cold or warm). */
static void one_bench(struct bench *b, struct workset *ws, struct workload *w, int cold,
		      struct kentry **sel)
{
	static struct kentry e = { .k = &counting, .origin = "test" };

	memset(b, 0, sizeof *b);
	CHECK(workset_add_random(ws, 4096, 7) == 0, "random stream");
	CHECK(workloads_build(ws, 1u << MODE_RANDOM, 10000, cold, w, 4) == (size_t)(1 + cold),
	      "one workload per cache state");
	sel[0] = &e;
	b->w = w;
	b->nw = 1 + (size_t)cold;
	b->kern = sel;
	b->nk = 1;
	b->warmup = 1;
	b->samples = 6;
	b->epochs = 3;
	if (cold) {
		b->evict_words = 1 << 16;
		b->evict = calloc(b->evict_words, sizeof(uint64_t));
	}
	timer_calibrate(&b->timer, 0);
}

static void test_warm_pass(void)
{
	struct bench b;
	struct workset ws = { 0 };
	struct workload w[4];
	struct kentry *sel[1];

	registry_init();
	one_bench(&b, &ws, w, 0, sel);
	CHECK(bench_setup(&b) == 0 && bench_verified(&b) == 1, "the counting kernel verifies");
	memset(calls, 0, sizeof calls);
	bench_run(&b);
	/* 7 rounds, each: an untimed settling sample (reps passes) + reps timed passes (reps = 3
	 * for 4096 queries and 10,000 lookups a sample). */
	CHECK(w[0].reps == 3, "reps %u", w[0].reps);
	CHECK(calls[SB_LOOP_QUEEN_STREAM] == 7 * (3 + 3), "passes %lu, want 42 (7 x (3 warm + 3))",
	      calls[SB_LOOP_QUEEN_STREAM]);
	bench_free(&b);
	workset_free(&ws);

	one_bench(&b, &ws, w, 1, sel);
	CHECK(bench_setup(&b) == 0, "setup with a cold workload");
	memset(calls, 0, sizeof calls);
	bench_run(&b);
	/* warm workload 7 x 6; cold workload: one timed pass a round, no settling pass. */
	CHECK(w[1].cold && w[1].reps == 1, "a cold workload times one pass");
	CHECK(calls[SB_LOOP_QUEEN_STREAM] == 7 * 6 + 7 * 1, "passes %lu, want 49",
	      calls[SB_LOOP_QUEEN_STREAM]);
	struct results r;
	CHECK(results_compute(&b, "t", NULL, 0, &r) == 0, "results");
	CHECK(!strcmp(results_row(&r, 1, 1)->cache_state, "cold") &&
	      !strcmp(results_row(&r, 0, 1)->cache_state, "warm"), "cache_state column");
	CHECK(results_row(&r, 0, 1)->samples == 6, "measured samples exclude the warm-up");
	results_free(&r);
	bench_free(&b);
	workset_free(&ws);
}

static void test_epochs_and_interval(void)
{
	double drift[12] = { 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3 }, flat[12], lo, hi;

	for (int i = 0; i < 12; i++)
		flat[i] = 10 + (i % 3) * 0.01;
	/* epoch medians 1, 2, 3; overall median 2: half-range 1 = 50 % */
	CHECK(fabs(stats_epoch_spread(drift, 12, 3) - 50) < 1e-9, "epoch spread %g",
	      stats_epoch_spread(drift, 12, 3));
	CHECK(stats_epoch_spread(flat, 12, 3) < 0.1, "no drift: %g", stats_epoch_spread(flat, 12, 3));
	CHECK(isnan(stats_epoch_spread(drift, 5, 3)), "too few samples per epoch: NaN");
	stats_median_ci(drift, 12, &lo, &hi);
	CHECK(lo <= 2 && hi >= 2 && lo >= 1 && hi <= 3, "interval %g..%g holds the median", lo, hi);
	stats_median_ci(drift, 2, &lo, &hi);
	CHECK(isnan(lo) && isnan(hi), "no interval from two samples");
}

int main(void)
{
	test_warm_pass();
	test_epochs_and_interval();
	return check_done();
}
