/* test_bench.c - the sampling engine on counts, never on times: every sample is preceded by
 * the kernel's own untimed pass (so what ran before it cannot matter), cold samples by the
 * eviction instead; the epoch split, the median interval and the layout fold. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "bench/bench.h"
#include "bench/tablewarm.h"
#include "kernels/lines.h"
#include "trace/board.h"
#include "trace/trace.h"
#include "results/results.h"
#include "util/stats.h"

/* A kernel that counts the passes run() makes, per loop, and remembers the first query of
 * each pass (which window it was given); after `wrong_after` passes (0: never) it returns 0. */
static unsigned long calls[SB_LOOP_COUNT];
static const uint64_t *first_occ[64];
static unsigned long wrong_after;
static const uint64_t *wrong_from;  /* non-NULL: a pass from this query on returns 0 */

static uint64_t counting_rook(unsigned sq, uint64_t occ) { return verify_expected(PIECE_ROOK, sq, occ); }
static uint64_t counting_bishop(unsigned sq, uint64_t occ) { return verify_expected(PIECE_BISHOP, sq, occ); }

static uint64_t counting_run(enum sb_loop loop, const struct sb_input *in)
{
	const struct kentry *ref = registry_find("reference");

	if (calls[loop] < 64)
		first_occ[calls[loop]] = in->q.occ;
	calls[loop]++;
	if ((wrong_after && calls[loop] > wrong_after) || (wrong_from && in->q.occ >= wrong_from))
		return 0;
	return ref->k->run(loop, in);
}

static const struct sb_kernel counting = {
	.abi_version = SB_ABI_VERSION, .name = "counting", .family = "test",
	.description = "counts its passes", .word_bits = 64, .rook = counting_rook,
	.bishop = counting_bishop, .run = counting_run,
};

/* Builds a one-workload bench of the counting kernel over nq random queries (cold or warm). */
static void bench_of(struct bench *b, struct workset *ws, struct workload *w, int cold,
		     struct kentry **sel, size_t nq)
{
	static struct kentry e = { .k = &counting, .origin = "test" };

	memset(b, 0, sizeof *b);
	CHECK(workset_add_random(ws, nq, 7) == 0, "random stream");
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

/* The same over 4096 queries: shorter than two windows of 10,000 lookups, so replayed. */
static void one_bench(struct bench *b, struct workset *ws, struct workload *w, int cold,
		      struct kentry **sel)
{
	bench_of(b, ws, w, cold, sel, 4096);
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

/* A stream long enough for windows: no sample replays a query, every round times the next
 * window, and the cache state is settled on another one. */
static void test_windows(void)
{
	struct bench b;
	struct workset ws = { 0 };
	struct workload w[4];
	struct kentry *sel[1];
	struct results r;

	bench_of(&b, &ws, w, 0, sel, 40000);
	CHECK(w[0].nwin == 4 && w[0].reps == 1 && !workload_replayed(&w[0]),
	      "40,000 queries, 10,000 a sample: 4 windows, 1 pass (%u windows, %u passes)",
	      w[0].nwin, w[0].reps);
	CHECK(bench_setup(&b) == 0, "setup");
	memset(calls, 0, sizeof calls);
	bench_run(&b);
	/* per round: the settling pass, then the timed one; rounds 0..6 */
	for (unsigned s = 0; s < 7; s++) {
		const uint64_t *settle = first_occ[2 * s], *timed = first_occ[2 * s + 1];
		CHECK(timed == w[0].in.q.occ + w[0].win_off[s % 4], "round %u times window %u", s, s % 4);
		CHECK(settle != timed, "round %u settles on another window", s);
	}
	CHECK(results_compute(&b, "t", NULL, 0, &r) == 0, "results");
	CHECK(!strstr(results_row(&r, 0, 1)->flags, "replayed;"), "not flagged replayed: %s",
	      results_row(&r, 0, 1)->flags);
	CHECK(results_row(&r, 0, 1)->windows == 4, "windows column");
	results_free(&r);
	bench_free(&b);
	workset_free(&ws);

	one_bench(&b, &ws, w, 0, sel);
	CHECK(bench_setup(&b) == 0, "setup");
	bench_run(&b);
	CHECK(results_compute(&b, "t", NULL, 0, &r) == 0, "results");
	CHECK(strstr(results_row(&r, 0, 1)->flags, "replayed;") != NULL,
	      "a stream shorter than two windows is flagged replayed: %s", results_row(&r, 0, 1)->flags);
	results_free(&r);
	bench_free(&b);
	workset_free(&ws);
}

/* Only the windows some sample times are verified: with 2 samples of 4 windows, a kernel
 * wrong on window 3 (never timed) is timed, one wrong on window 1 is not. */
static void test_timed_windows(void)
{
	struct bench b;
	struct workset ws = { 0 };
	struct workload w[4];
	struct kentry *sel[1];
	struct sb_queries tq;

	for (int late = 1; late >= 0; late--) {
		bench_of(&b, &ws, w, 0, sel, 40000);
		b.warmup = 1, b.samples = 1, b.epochs = 1;
		CHECK(w[0].nwin == 4, "40,000 queries: 4 windows (%u)", w[0].nwin);
		wrong_from = w[0].in.q.occ + w[0].win_off[late ? 3 : 1];
		CHECK((bench_setup(&b) == 0) == late, "setup %s", late ? "passes" : "refuses it");
		tq = workload_timed_queries(&w[0]);
		CHECK(w[0].ntimed == 2 && tq.n == w[0].win_off[1] + w[0].win_len[1] &&
		      tq.n < w[0].in.q.n, "2 samples time windows 0-1: %u windows, %zu of %zu queries",
		      w[0].ntimed, tq.n, w[0].in.q.n);
		bench_run(&b);
		CHECK((bench_cell(&b, 0, 1)->state == CELL_FAILED) == !late,
		      "wrong on window %d: %s", late ? 3 : 1, late ? "timed" : "refused");
		wrong_from = NULL;
		bench_free(&b);
		workset_free(&ws);
	}
	bench_of(&b, &ws, w, 0, sel, 40000);
	CHECK(bench_setup(&b) == 0 && w[0].ntimed == 4 &&
	      workload_timed_queries(&w[0]).n == w[0].in.q.n, "7 samples time every window");
	bench_free(&b);
	workset_free(&ws);
}

/* Returns a bound no loop can meet. */
static double impossible_bound(const struct cell *c, const void *ctx)
{
	(void)c, (void)ctx;
	return 1e9;
}

/* A bound above the figure is dropped (the figure stands, no efficiency); impossible figures
 * are flagged and never ranked: a null dearer than the kernel, and a kernel whose timed loop
 * stops returning the reference's results. */
static void test_impossible(void)
{
	struct bench b;
	struct workset ws = { 0 };
	struct workload w[4];
	struct kentry *sel[1];
	struct results r;

	bench_of(&b, &ws, w, 0, sel, 40000);
	CHECK(bench_setup(&b) == 0, "setup");
	bench_run(&b);
	b.bound = impossible_bound;
	/* the null made dearer than every sample of the kernel's (however loaded the machine) */
	uint64_t most = 0;
	for (unsigned s = 0; s < b.taken; s++)
		most = bench_cell(&b, 0, 1)->ticks[s] > most ? bench_cell(&b, 0, 1)->ticks[s] : most;
	for (unsigned s = 0; s < b.taken; s++)
		bench_cell(&b, 0, 0)->ticks[s] = most * 2 + 1000 + s;
	CHECK(results_compute(&b, "t", NULL, 0, &r) == 0, "results");
	const struct summary *o = results_row(&r, 0, 1);
	if (o->core_ghz > 0)
		CHECK(strstr(o->flags, "bound-dropped;") != NULL && isnan(o->efficiency) &&
		      o->bound_cycles == 1e9, "a bound above the samples is dropped, kept to name: "
		      "%s, efficiency %g, bound %g", o->flags, o->efficiency, o->bound_cycles);
	CHECK(strstr(o->flags, "below-bound;") == NULL, "no figure is withheld for its bound: %s",
	      o->flags);
	CHECK(strstr(o->flags, "baseline-invalid;") != NULL, "null dearer: %s", o->flags);
	CHECK(!results_rankable(o), "an impossible row is not ranked");
	CHECK(o->ns_median == o->ns_gross_median && isnan(o->ns_net_median),
	      "ns_median is the whole loop's (%g), no negative net beside it (%g)", o->ns_median,
	      o->ns_net_median);
	results_free(&r);
	/* The same cell cut to three samples (a block's): every null sample still above every
	 * kernel sample, but three samples make no 95% interval (their range covers the median
	 * 75% of the time): bench does not flag it (the study judges it over its processes),
	 * and its net stays empty. */
	unsigned taken = b.taken;
	b.taken = b.warmup + 3;
	CHECK(results_compute(&b, "t", NULL, 0, &r) == 0, "results");
	o = results_row(&r, 0, 1);
	CHECK(o->samples == 3 && !strstr(o->flags, "baseline-invalid;") && isnan(o->ns_net_median),
	      "three samples, null dearer in each: not flagged by bench: %zu samples, flags %s, "
	      "net %g", (size_t)o->samples, o->flags, o->ns_net_median);
	results_free(&r);
	b.taken = taken;
	/* A null whose median is dearer but whose samples straddle the kernel's (noise, as in a
	 * three-sample block cell: here fewer than half far below, the rest far above, so its
	 * interval reaches under the kernel's on any machine) is not an invalid baseline: the row
	 * stands, its net is empty. */
	unsigned m = b.taken - b.warmup, low = (m - 1) / 2;  /* fewer than half: the median high */
	for (unsigned j = 0; j < m; j++)
		bench_cell(&b, 0, 0)->ticks[b.warmup + j] = j < low ? 1 : most * 2 + 1000 + j;
	CHECK(results_compute(&b, "t", NULL, 0, &r) == 0, "results");
	o = results_row(&r, 0, 1);
	CHECK(o->null_median_ns > o->ns_median && !strstr(o->flags, "baseline-invalid;") &&
	      isnan(o->ns_net_median), "a null dearer within the noise: null %g, kernel %g (%g-%g), "
	      "flags %s, net %g", o->null_median_ns, o->ns_median, o->ns_ci_lo, o->ns_ci_hi,
	      o->flags, o->ns_net_median);
	results_free(&r);
	bench_free(&b);
	workset_free(&ws);

	bench_of(&b, &ws, w, 0, sel, 40000);
	memset(calls, 0, sizeof calls);
	wrong_after = 12;  /* verification (4 windows) and a few rounds pass, then zeros */
	CHECK(bench_setup(&b) == 0, "setup passes before the kernel goes wrong");
	CHECK(bench_run(&b) == 1, "the kernel that went wrong in a timed sample is withdrawn");
	CHECK(bench_cell(&b, 0, 1)->state == CELL_FAILED, "its cell is failed");
	wrong_after = 0;
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

/* The games of a trace in van der Corput order, each game's positions in play order: any run
 * of consecutive games spreads over the whole corpus (8 games: 0 4 2 6 1 5 3 7). */
static void test_game_order(void)
{
	static const unsigned want[8] = { 0, 4, 2, 6, 1, 5, 3, 7 };
	struct trace t = { 0 };
	struct workset ws = { 0 };  /* workset_from_trace adds to a workset */
	int ok = 1;

	t.n = 16;
	t.rec = calloc(t.n, sizeof *t.rec);
	if (!t.rec)
		return;
	for (size_t i = 0; i < t.n; i++) {  /* game g: a white rook on g's square, plies 0 and 1 */
		unsigned g = (unsigned)(i / 2);
		t.rec[i].game = g + 1;
		t.rec[i].ply = (uint16_t)(i % 2);
		t.rec[i].b.bb[BB_WHITE] = 1ULL << (8 + g) | 1ULL << (16 + i % 2);
		t.rec[i].b.bb[BB_ROOK] = 1ULL << (8 + g);
	}
	CHECK(workset_from_trace(&ws, &t, 0, "t") == 0 && ws.npos == 16, "a workset of 16 positions");
	for (size_t i = 0; i < ws.npos; i++) {
		uint64_t rook = ws.pos[i].rq[0];
		ok &= rook == 1ULL << (8 + want[i / 2]) && (ws.pos[i].occ >> 16 & 3) == 1ULL << (i % 2);
	}
	CHECK(ok, "games in the order 0 4 2 6 1 5 3 7, each game's plies in order");
	CHECK(ws.n[0] == 16 && ws.sq[0][2] == 8 + 4, "the rook stream follows the same order");
	workset_free(&ws);
	free(t.rec);
}

/* The whole-table sweep: every square at every subset of its relevant occupancy, once. */
static unsigned long sweep_calls[2], sweep_outside;
static uint64_t sweep_rook(unsigned sq, uint64_t occ)
{
	sweep_calls[0]++;
	sweep_outside += (occ & ~sb_rook_mask[sq]) != 0;
	return occ;
}
static uint64_t sweep_bishop(unsigned sq, uint64_t occ)
{
	sweep_calls[1]++;
	sweep_outside += (occ & ~sb_bishop_mask[sq]) != 0;
	return occ;
}

static void test_tablewarm(void)
{
	struct sb_kernel big = { .abi_version = SB_ABI_VERSION, .name = "big", .rook = sweep_rook,
				 .bishop = sweep_bishop, .table_bytes = 1 << 20 };
	struct sb_kernel small = big;

	small.table_bytes = TABLEWARM_MIN_BYTES - 1;
	CHECK(tablewarm_applies(&big) && !tablewarm_applies(&small),
	      "a table of 64 KiB or more is swept, a smaller one is not");
	tablewarm_sweep(&big);
	CHECK(sweep_calls[0] == 102400 && sweep_calls[1] == 5248 && sweep_outside == 0,
	      "the sweep looks up 102,400 rook and 5,248 bishop occupancies, each within its "
	      "square's relevant mask (got %lu, %lu, %lu outside)", sweep_calls[0],
	      sweep_calls[1], sweep_outside);
}

int main(void)
{
	test_game_order();
	test_warm_pass();
	test_windows();
	test_timed_windows();
	test_impossible();
	test_epochs_and_interval();
	test_tablewarm();
	return check_done();
}
