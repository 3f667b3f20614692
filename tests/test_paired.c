/* test_paired.c - the paired comparison (analysis/paired.h) on fixed data with known answers:
 * the signed-rank test (exact and normal), the estimate and its block-bootstrap interval, the
 * epoch signs, the settled rules, the order-statistic interval every interval spans at least,
 * the between-process widening (analysis/process_term.h), and a drift fixture: two kernels
 * whose times both step up 20% mid-run (and swing +-50% round to round with the host) while
 * their ratio stays 1.30. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "analysis/cmpcell.h"
#include "analysis/paired.h"
#include "analysis/process_term.h"
#include "analysis/stats_compare.h"

#define NEAR(x, want, tol) (fabs((x) - (want)) <= (tol))

static void test_signed_rank(void)
{
	double all_pos[] = { 1, 2, 3, 4, 5, 6 }, one_neg[] = { -1, 2, 3, 4, 5, 6 };
	double five[] = { 0.1, 0.2, 0.3, 0.4, 0.5 }, zeros[] = { 0, 0, 0 };
	double tied[] = { 1, 1, 2, 2, 3, 3, 4, 4, 5, 5 }, mixed[] = { 3, -1, 4, -1.5, 5, 9, -2, 6 };
	double p;

	/* exact: all six positive, W+ = 21 of 21: p = 2 / 2^6 */
	p = pr_signed_rank(all_pos, 6);
	CHECK(NEAR(p, 2.0 / 64, 1e-12), "six positive: expected 0.03125 got %g", p);
	/* W+ = 20: subsets of 1..6 summing to >= 20 are {all}, {2..6}: p = 2 * 2 / 64 */
	p = pr_signed_rank(one_neg, 6);
	CHECK(NEAR(p, 0.0625, 1e-12), "one negative: expected 0.0625 got %g", p);
	/* five pairs can never reach 0.05: the reason run_all.sh takes six */
	p = pr_signed_rank(five, 5);
	CHECK(NEAR(p, 0.0625, 1e-12), "five positive: expected 0.0625 got %g", p);
	p = pr_signed_rank(zeros, 3);
	CHECK(p == 1, "all zero: expected 1 got %g", p);
	CHECK(isnan(pr_signed_rank(zeros, 0)), "nothing: expected NaN");
	/* ties: normal approximation, var = 10*11*21/24 - 5*6/48 = 95.625, W+ = 55, mean 27.5 */
	p = pr_signed_rank(tied, 10);
	double want = erfc((55 - 27.5 - 0.5) / sqrt(95.625) / sqrt(2.0));
	CHECK(NEAR(p, want, 1e-12), "tied: expected %g got %g", want, p);
	/* mixed signs, exact: by |d| the ranks are 1 -> 1, 1.5 -> 2, 2 -> 3, 3 -> 4, 4 -> 5,
	 * 5 -> 6, 6 -> 7, 9 -> 8, so W+ = 4+5+6+8+7 = 30 of 36; subsets of 1..8 with sum >= 30
	 * are the complements of the 14 with sum <= 6: p = 2 * 14 / 256 */
	p = pr_signed_rank(mixed, 8);
	CHECK(NEAR(p, 28.0 / 256, 1e-12), "mixed: expected 0.109375 got %g", p);
}

/* Fills a cells x rounds series with a constant ratio, optional noise, and checks it. */
static void test_constant_ratio(void)
{
	enum { R = 12 };
	double d[2 * R];
	int epoch[R];
	struct pr_result res;
	char why[128];

	for (int i = 0; i < R; i++) {
		d[i] = log(1.30) + 0.005 * sin(i * 1.7);
		d[R + i] = log(1.10) + 0.005 * cos(i * 2.3);
		epoch[i] = i / 4;
	}
	struct pr_series s = { d, 2, R, epoch, 0 };
	CHECK(pr_compare(&s, PR_SEED, &res) == 0, "constant ratio: compare failed");
	double want = exp((log(1.30) + log(1.10)) / 2);
	CHECK(NEAR(res.ratio, want, 0.01), "two cells: expected %g got %g", want, res.ratio);
	CHECK(res.lo <= res.ratio && res.ratio <= res.hi, "interval [%g, %g] lacks %g", res.lo,
	      res.hi, res.ratio);
	CHECK(res.lo > 1.18 && res.hi < 1.22, "interval [%g, %g] too wide", res.lo, res.hi);
	CHECK(res.epochs == 3 && res.epochs_agree == 3, "epochs %d agree %d", res.epochs,
	      res.epochs_agree);
	CHECK(pr_settled(&res, NAN, why, sizeof why) == 1, "not settled: %s", why);
	CHECK(pr_settled(&res, 25.0, why, sizeof why) == 0, "a 25%% layout spread must unsettle");
	/* the same data with the sign flipped in the last epoch: not settled */
	for (int i = 8; i < R; i++)
		d[i] = -d[i], d[R + i] = -d[R + i];
	pr_compare(&s, PR_SEED, &res);
	CHECK(res.epochs_agree == 2, "flipped epoch: expected 2 agreeing got %d", res.epochs_agree);
	CHECK(pr_settled(&res, NAN, why, sizeof why) == 0, "flipped epoch: settled (%g)",
	      res.ratio);
	/* a single pair: no interval */
	struct pr_series one = { d, 1, 1, NULL, 0 };
	pr_compare(&one, PR_SEED, &res);
	CHECK(pr_settled(&res, NAN, why, sizeof why) == -1, "one pair: expected cannot tell");
	/* missing pairs (NaN) are skipped */
	double gaps[] = { log(2.0), NAN, log(2.0), log(2.0), NAN, log(2.0), log(2.0), log(2.0) };
	struct pr_series g = { gaps, 1, 8, NULL, 1 };
	pr_compare(&g, PR_SEED, &res);
	CHECK(NEAR(res.ratio, 2.0, 1e-12) && res.n == 6, "gaps: expected 2.0 over 6, got %g "
	      "over %zu", res.ratio, res.n);
}

/* The drift fixture: host speed steps up 20% at round 6 and swings +-50% round to round;
 * both kernels share it, their per-round ratio is 1.30 (+-1%). */
static void test_drift_fixture(void)
{
	enum { R = 12 };
	double a[R], b[R], d[R];
	int epoch[R];
	struct pr_result res;
	char why[128];

	for (int r = 0; r < R; r++) {
		double host = (r < R / 2 ? 1.0 : 1.2) * (1 + 0.5 * sin(r * 2.1));
		a[r] = host * (1 + 0.01 * sin(r * 7.3));
		b[r] = host * 1.3 * (1 + 0.01 * cos(r * 5.1));
		d[r] = log(b[r] / a[r]);
		epoch[r] = r / 4;
	}
	struct pr_series s = { d, 1, R, epoch, 0 };
	pr_compare(&s, PR_SEED, &res);
	CHECK(NEAR(res.ratio, 1.30, 0.01), "drift, paired: expected 1.30 got %g", res.ratio);
	CHECK(res.lo > 1.28 && res.hi < 1.32, "drift, paired interval [%g, %g]", res.lo, res.hi);
	CHECK(pr_settled(&res, NAN, why, sizeof why) == 1, "drift, paired: not settled: %s", why);

	/* unpaired: the ratio of medians with its bootstrap and Mann-Whitney, as before */
	struct sc_pair pair = { a, b, R, R };
	double est, lo, hi, u, p;
	sc_boot_ratio(&pair, 1, SC_BOOT_SEED, &est, &lo, &hi);
	sc_mann_whitney(a, R, b, R, &u, &p);
	CHECK(!(p < SC_ALPHA), "drift, unpaired: Mann-Whitney should not separate them (p %g)", p);
	CHECK(hi - lo > 4 * (res.hi - res.lo), "drift, unpaired interval [%g, %g] not wider than "
	      "the paired [%g, %g]", lo, hi, res.lo, res.hi);
}

/* Two runs: rows with no rounds in common.  B is 5% slower in every sample; with no epoch
 * spread that is significant, with 10% epoch spreads in both runs it is not; with the rows in
 * one run and rounds recorded the comparison is paired. */
static void test_two_runs(void)
{
	enum { N = 15 };
	double sa[N], sb[N], pa[N], pb[N];
	unsigned rd[N];
	int ep[N];
	struct cmp c;

	for (int i = 0; i < N; i++) {
		sa[i] = pa[i] = 1.0 + 0.01 * sin(i * 1.3);
		sb[i] = pb[i] = 1.05 * (1.0 + 0.01 * cos(i * 0.7));
		rd[i] = (unsigned)i;
		ep[i] = i / 5;
	}
	struct rr_row a = { .kernel = "k", .ns_median = 1.0, .samples = sa, .nsamples = N,
			    .epoch_spread_pct = 0, .run_serial = 1 };
	struct rr_row b = a;
	b.samples = sb, b.ns_median = 1.05, b.run_serial = 2;
	const struct rr_row *pa_[] = { &a }, *pb_[] = { &b };
	cmp_rows(pa_, pb_, 1, &c);
	CHECK(c.verdict == 1 && c.lo <= c.ratio && c.ratio <= c.hi, "two quiet runs, 5%%: verdict "
	      "%d, %g (%g-%g)", c.verdict, c.ratio, c.lo, c.hi);
	a.epoch_spread_pct = b.epoch_spread_pct = 10;
	cmp_rows(pa_, pb_, 1, &c);
	CHECK(c.verdict == 0 && c.epoch_widened_pct > 10, "two runs that moved 10%% between "
	      "epochs, 5%%: verdict %d, %g (%g-%g)", c.verdict, c.ratio, c.lo, c.hi);
	a.round = b.round = rd, a.epoch = b.epoch = ep, a.paired = pa, b.paired = pb;
	b.run_serial = 1;
	cmp_rows(pa_, pb_, 1, &c);
	CHECK(!strcmp(c.basis, "rounds") && c.settled == 1 && c.lo <= c.ratio && c.ratio <= c.hi,
	      "one run, rounds: basis %s settled %d (%s)", c.basis, c.settled, c.why);
}

/* The order-statistic (sign-test) interval for the median: known ranks, and pr_compare's
 * interval at least that wide.  Six block pairs with one far out: a percentile bootstrap of
 * the median puts its upper end near (0.04 + 0.20) / 2, the order-statistic interval is the
 * range, [0, 0.20]. */
static void test_order_interval(void)
{
	static const size_t N[] = { 2, 5, 6, 10, 12, 31, 100 }, K[] = { 1, 1, 1, 2, 3, 10, 40 };
	double d[] = { 0.00, 0.01, 0.02, 0.03, 0.04, 0.20 }, ten[10], lo, hi;
	struct pr_result res;

	for (size_t i = 0; i < sizeof N / sizeof N[0]; i++)
		CHECK(stats_order_rank(N[i]) == K[i], "order rank of n = %zu: expected %zu got %zu",
		      N[i], K[i], stats_order_rank(N[i]));
	for (int i = 0; i < 10; i++)
		ten[i] = 10 - i;
	CHECK(stats_order_interval(ten, 10, &lo, &hi) == 0 && lo == 2 && hi == 9,
	      "order interval of 1..10: expected [2, 9] got [%g, %g]", lo, hi);
	struct pr_series s = { d, 1, 6, NULL, 1 };
	CHECK(pr_compare(&s, PR_SEED, &res) == 0, "six pairs: compare failed");
	CHECK(NEAR(res.lo, 1.0, 1e-12) && NEAR(res.hi, exp(0.20), 1e-12), "six pairs, one far "
	      "out: expected the range [1, %.6f] (96.9%%) got [%.6f, %.6f]", exp(0.20), res.lo,
	      res.hi);
}

/* The between-process term widens in log space: a +-0.2% within-run interval and a process
 * spread s = 0.02 over 6 processes give est +- sqrt(h^2 + (2.571 s)^2); a settled verdict
 * whose widened interval takes in 1 is no longer settled. */
static void test_process_widen(void)
{
	struct cmp c = { .ratio = 1.30, .lo = 1.30 / 1.002, .hi = 1.30 * 1.002, .verdict = 1,
			 .settled = 1, .basis = "rounds", .process_pct = NAN };
	struct pt_term t = { .s = 0.02, .q = pt_quantile(5), .procs = 6, .from = "cells" };
	double h = log(1.002), w = 2.571 * 0.02, want = 1.30 * exp(sqrt(h * h + w * w));

	CHECK(NEAR(pt_quantile(5), 2.571, 1e-9) && NEAR(pt_quantile(1000), 1.9624, 1e-3),
	      "t quantiles: %g %g", pt_quantile(5), pt_quantile(1000));
	pt_widen(&t, &c);
	CHECK(NEAR(c.hi, want, 1e-9) && NEAR(c.lo, 1.30 * 1.30 / want, 1e-9), "widened: expected "
	      "[%g, %g] got [%g, %g]", 1.30 * 1.30 / want, want, c.lo, c.hi);
	CHECK(c.lo < 1.30 / 1.015 && c.hi > 1.30 * 1.015, "widened [%g, %g] lacks +-1.5%%", c.lo,
	      c.hi);
	CHECK(NEAR(c.process_pct, 100 * expm1(w), 1e-9) && c.processes == 6 && c.settled == 1,
	      "term %g%% over %zu, settled %d", c.process_pct, c.processes, c.settled);
	c = (struct cmp){ .ratio = 1.03, .lo = 1.028, .hi = 1.032, .verdict = 1, .settled = 1 };
	pt_widen(&t, &c);
	CHECK(c.lo < 1 && c.settled == 0 && c.verdict == 0 && strstr(c.why, "between processes"),
	      "3%% with a 5%% term: lo %g settled %d (%s)", c.lo, c.settled, c.why);
	t = (struct pt_term){ .s = NAN, .procs = 0, .from = "" };
	c = (struct cmp){ .ratio = 1.03, .lo = 1.028, .hi = 1.032, .verdict = 1, .settled = 1 };
	pt_widen(&t, &c);
	CHECK(c.lo == 1.028 && c.hi == 1.032 && c.process_pct == 0 && c.processes == 0,
	      "no term: [%g, %g], %g%% over %zu", c.lo, c.hi, c.process_pct, c.processes);
}

int main(void)
{
	test_order_interval();
	test_process_widen();
	test_two_runs();
	test_signed_rank();
	test_constant_ratio();
	test_drift_fixture();
	return check_done();
}
