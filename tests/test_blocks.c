/* test_blocks.c - a comparison run as alternating blocks (analysis/blocks.h) on the hand-made
 * pairs of tests/data/fixture-blocks: six pairs in A B B A order whose absolute times step up
 * 20% between pairs 3 and 4 while k1's b/a ratio stays at 1.30 (settled at 1.30) and k2's
 * wanders around 1 (not settled); the incomplete seventh pair, the null and unavailable rows
 * are left out; the order is read back from the run ids.  And a block's null test, judged
 * over its side's processes when its cells have too few samples (tests/data/fixture-pool). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "analysis/blocks.h"

#define DIR "tests/data/fixture-blocks"
#define NEAR(x, want, tol) (fabs((x) - (want)) <= (tol))

static void test_load(struct blk_set *s)
{
	const char *k[8];
	size_t nk = blk_kernels(s, k, 8);

	CHECK(s->npair == 6, "six complete pairs: got %zu", s->npair);
	CHECK(s->incomplete == 1, "07-a without 07-b is one incomplete pair: got %zu", s->incomplete);
	CHECK(!strcmp(s->order, "ABBAABBAABBA"), "order from the run ids: got '%s'", s->order);
	CHECK(blk_alternates(s) == 1, "the blocks alternate A B B A");
	CHECK(nk == 2 && !strcmp(k[0], "k1") && !strcmp(k[1], "k2"),
	      "kernels k1, k2 (not null, not the unavailable k3): got %zu", nk);
}

static void test_k1(const struct blk_set *s)
{
	struct blk_verdict v;
	struct cmp c;

	CHECK(blk_compare(s, "k1", &v) == 0, "k1 compares");
	CHECK(v.ncell == 2 && v.r.n == 6, "k1: 2 cells, 6 pairs: got %zu, %zu", v.ncell, v.r.n);
	CHECK(NEAR(v.r.ratio, 1.30, 1e-9), "k1 at 1.30 despite the 20%% step: got %.6f", v.r.ratio);
	CHECK(v.r.lo <= v.r.ratio && v.r.ratio <= v.r.hi && v.r.lo > 1.2 && v.r.hi < 1.4,
	      "k1 interval holds 1.30 and excludes 1: %.4f-%.4f", v.r.lo, v.r.hi);
	/* six positive pairs, two tied (1.30): the normal approximation, just under 0.05 */
	CHECK(v.r.p < 0.05 && v.r.p >= 2.0 / 64, "k1: six positive pairs, p < 0.05: got %g", v.r.p);
	CHECK(v.settled == 1, "k1 settled: %s", v.why);
	blk_cmp(&v, &c);
	CHECK(c.verdict == 1 && c.settled == 1 && !strcmp(c.basis, "blocks") && c.npairs == 6,
	      "k1 as a cmp: distinguishable, settled, basis blocks, 6 pairs");
}

static void test_k2_all(const struct blk_set *s)
{
	struct blk_verdict v;

	CHECK(blk_compare(s, "k2", &v) == 0, "k2 compares");
	CHECK(NEAR(v.r.ratio, sqrt(1.01), 1e-9), "k2: the median pair ratio: got %.6f", v.r.ratio);
	CHECK(v.settled == 0 && v.why[0], "k2 not settled, with a reason: %d '%s'", v.settled, v.why);
	CHECK(v.r.lo < 1 && v.r.hi > 1, "k2 interval holds 1: %.4f-%.4f", v.r.lo, v.r.hi);
	CHECK(blk_compare(s, NULL, &v) == 0 && v.ncell == 3, "all cells: 3, got %zu", v.ncell);
	CHECK(v.r.ratio > 1.15 && v.r.ratio < 1.25 && v.settled == 1,
	      "all cells: between k1's and k2's, settled: %.4f %d %s", v.r.ratio, v.settled, v.why);
	CHECK(blk_compare(s, "nosuch", &v) < 0 && isnan(v.r.ratio) && v.settled == -1,
	      "an unknown kernel has no verdict");
}

/* Returns the flags of kernel k's row at 16 KiB of pressure in r ("" none). */
static const char *pool_flags(const struct run *r, const char *k)
{
	for (size_t i = 0; i < r->nrows; i++)
		if (!strcmp(r->rows[i].kernel, k) && !strcmp(r->rows[i].pressure, "16384"))
			return r->rows[i].flags;
	return "";
}

/* Six processes: pext's row flagged baseline-invalid when the run is read (its null's medians
 * lie above pext's over the six), hyperbola's not (their medians meet), and no row as bench
 * wrote it; five processes reach no 95% interval: nothing flagged. */
static void test_pool(void)
{
	char err[PATH_MAX + 256];
	struct run r;

	CHECK(run_load_summary("tests/data/fixture-pool/six/03-gcc", &r, err, sizeof err) == 0,
	      "load: %s", err);
	CHECK(run_flag(&r.rows[3], "baseline-invalid") && !strcmp(r.rows[3].kernel, "pext") &&
	      run_row_withheld(&r.rows[3]) && run_flag(&r.rows[3], "unstable"),
	      "pext flagged over six processes, its own flags kept: %s", pool_flags(&r, "pext"));
	CHECK(!run_flag(&r.rows[4], "baseline-invalid"), "hyperbola not flagged: %s",
	      pool_flags(&r, "hyperbola"));
	CHECK(!run_flag(&r.rows[1], "baseline-invalid"), "stream: the null cheaper: %s",
	      r.rows[1].flags);
	run_free(&r);
	CHECK(run_load_rows("tests/data/fixture-pool/six/03-gcc", &r, err, sizeof err) == 0 &&
	      !strstr(pool_flags(&r, "pext"), "baseline-invalid"), "the rows as written: %s",
	      pool_flags(&r, "pext"));
	run_free(&r);
	CHECK(run_load_summary("tests/data/fixture-pool/five/03-gcc", &r, err, sizeof err) == 0 &&
	      !strstr(pool_flags(&r, "pext"), "baseline-invalid"), "five processes: %s",
	      pool_flags(&r, "pext"));
	run_free(&r);
}

int main(void)
{
	struct blk_set *s = calloc(1, sizeof *s);
	char err[PATH_MAX + 256];

	if (!s || blk_load(DIR, "a", "b", s, err, sizeof err) < 0) {
		printf("cannot load %s: %s\n", DIR, s ? err : "out of memory");
		return 1;
	}
	test_load(s);
	test_k1(s);
	test_k2_all(s);
	blk_free(s);
	test_pool();
	CHECK(blk_load(DIR, "a", "c", s, err, sizeof err) < 0 && strstr(err, "01-c"),
	      "no 01-c/: an error naming it: %s", err);
	free(s);
	return check_done();
}
