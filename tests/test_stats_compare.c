/* test_stats_compare.c - the comparison statistics (Mann-Whitney, bootstrap ratio interval,
 * geometric mean) and the run reader (CSV quoting, JSON by dotted key, the fixture run). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "analysis/cmpcell.h"
#include "runread/runread.h"
#include "analysis/stats_compare.h"
#include "util/stats.h"

#define NEAR(x, want, tol) (fabs((x) - (want)) <= (tol))

static void test_geomean_median(void)
{
	double x[] = { 1, 4 }, z[] = { 1, 0 }, m5[] = { 5, 1, 4, 2, 3 }, m4[] = { 4, 1, 3, 2 };

	CHECK(NEAR(sc_geomean(x, 2), 2, 1e-12), "geomean(1,4): expected 2 got %g", sc_geomean(x, 2));
	CHECK(isnan(sc_geomean(z, 2)), "geomean with a zero: expected NaN got %g", sc_geomean(z, 2));
	CHECK(isnan(sc_geomean(x, 0)), "geomean of nothing: expected NaN");
	CHECK(stats_median_inplace(m5, 5) == 3, "median of 1..5: expected 3 got %g", m5[0]);
	CHECK(stats_median_inplace(m4, 4) == 2.5, "median of 1..4: expected 2.5");
}

static void test_mann_whitney(void)
{
	double a[] = { 1, 2, 3, 4, 5 }, b[] = { 6, 7, 8, 9, 10 }, u, p, u2, p2;
	double t1[] = { 1, 2, 2, 3, 5 }, t2[] = { 2, 3, 3, 4, 6, 7 }, same[] = { 1, 1, 1 };

	/* separated groups: U = 0; z = (12.5 - 0.5) / sqrt(25 * 11 / 12), p = erfc(z / sqrt 2) */
	sc_mann_whitney(a, 5, b, 5, &u, &p);
	CHECK(u == 0, "U of separated groups: expected 0 got %g", u);
	CHECK(NEAR(p, 0.012185, 2e-5), "p of separated groups: expected 0.012185 got %g", p);
	sc_mann_whitney(b, 5, a, 5, &u, &p2);
	CHECK(u == 25 && p == p2, "swapped groups: expected U 25, same p; got %g, %g", u, p2);
	/* ties: U + U' = na * nb and p symmetric */
	sc_mann_whitney(t1, 5, t2, 6, &u, &p);
	sc_mann_whitney(t2, 6, t1, 5, &u2, &p2);
	CHECK(u + u2 == 30 && NEAR(p, p2, 1e-12), "ties: U %g + %g != 30 or p %g != %g", u, u2,
	      p, p2);
	/* ranks 1, 3, 3, 6, 9 for t1 (mid-ranks of the tied 2s and 3s): U = 22 - 15 */
	CHECK(u == 7, "ties: U with mid-ranks: expected 7 got %g", u);
	CHECK(p > 0.05 && p < 1, "ties: expected a p above 0.05 got %g", p);
	sc_mann_whitney(same, 3, same, 3, &u, &p);
	CHECK(p == 1, "all tied: expected p 1 got %g", p);
	CHECK(sc_mann_whitney(a, 0, b, 5, &u, &p) < 0 && isnan(p), "empty group: expected -1, NaN");
}

static void test_bootstrap(void)
{
	double a[12], b[12], c[12], lo, hi, est, lo2, hi2, est2;

	for (int i = 0; i < 12; i++)
		a[i] = 1 + 0.01 * ((i * 7) % 11);
	for (int i = 0; i < 12; i++) {
		b[i] = a[(i * 5) % 12];         /* the same values, another order */
		c[i] = 2 * a[i];
	}
	struct sc_pair same = { a, b, 12, 12 }, twice = { a, c, 12, 12 };
	CHECK(sc_boot_ratio(&same, 1, 1, &est, &lo, &hi) == 0, "bootstrap failed");
	CHECK(NEAR(est, 1, 1e-12) && lo <= 1 && hi >= 1, "same data: ratio %g (%g-%g) should "
	      "include 1", est, lo, hi);
	CHECK(sc_boot_ratio(&twice, 1, 1, &est, &lo, &hi) == 0, "bootstrap failed");
	CHECK(NEAR(est, 2, 1e-12) && lo > 1.9 && hi < 2.1 && lo <= 2 && hi >= 2,
	      "doubled: expected 2 inside a narrow interval, got %g (%g-%g)", est, lo, hi);
	sc_boot_ratio(&twice, 1, 1, &est2, &lo2, &hi2);
	CHECK(lo == lo2 && hi == hi2, "same seed, different interval: %g-%g vs %g-%g", lo, hi, lo2,
	      hi2);
	struct sc_pair both[2] = { same, twice };
	sc_boot_ratio(both, 2, 1, &est, &lo, &hi);
	CHECK(NEAR(est, sqrt(2), 1e-12), "geomean of 1 and 2: expected 1.4142 got %g", est);
	c[0] = -1;
	for (int i = 1; i < 12; i++)
		c[i] = -1;
	CHECK(sc_boot_ratio(&twice, 1, 1, &est, &lo, &hi) < 0, "negative medians: expected -1");
}

static void test_csv(void)
{
	char path[] = "/tmp/sb-test-csv-XXXXXX", err[256];
	int fd = mkstemp(path);
	FILE *f = fdopen(fd, "w");
	struct csv c;

	fputs("a,b,\"c,d\"\n1,\"x, \"\"y\"\"\nz\",3\n\n4,,\n", f);
	fclose(f);
	CHECK(csv_load(path, &c, err, sizeof err) == 0, "csv_load: %s", err);
	CHECK(c.ncol == 3 && c.nrow == 2, "csv shape: expected 3x2 got %zux%zu", c.ncol, c.nrow);
	CHECK(csv_col(&c, "c,d") == 2 && csv_col(&c, "nope") == -1, "csv_col of a quoted name");
	CHECK(!strcmp(csv_cell(&c, 0, 1), "x, \"y\"\nz"), "quoted cell: got [%s]", csv_cell(&c, 0, 1));
	CHECK(csv_num(&c, 0, 2) == 3 && isnan(csv_num(&c, 1, 1)), "numbers: empty cell not NaN");
	CHECK(isnan(csv_num(&c, 0, -1)) && !strcmp(csv_cell(&c, 0, -1), ""), "missing column");
	csv_free(&c);
	/* issue 16, D8: a row of another length is a damaged file, refused with its line (line
	 * numbers count the newlines inside quoted fields); so is a last row without newline */
	static const struct { const char *text, *want; } BAD[] = {
		{ "a,b,c\n1,2,3\n4\n", ": line 3: 1 fields, the header has 3" },
		{ "a,b,c\n1,2,3\n5,6,7,8\n", ": line 3: 4 fields, the header has 3" },
		{ "a,b\n\"x\ny\",1\n\n2\n", ": line 5: 1 fields, the header has 2" },
		{ "a,b\n1,2\n3,", ": line 3: the last row has no newline" },
	};
	for (size_t i = 0; i < sizeof BAD / sizeof BAD[0]; i++) {
		f = fopen(path, "w");
		fputs(BAD[i].text, f);
		fclose(f);
		err[0] = 0;
		CHECK(csv_load(path, &c, err, sizeof err) < 0 && strstr(err, BAD[i].want),
		      "bad csv %zu: expected \"%s\", got [%s]", i, BAD[i].want, err);
	}
	f = fopen(path, "w");
	fputs("a,b\n\"open,1\n", f);
	fclose(f);
	CHECK(csv_load(path, &c, err, sizeof err) < 0 && strstr(err, "never closed"),
	      "open quote: expected an error, got [%s]", err);
	unlink(path);
}

/* Returns nothing; the dotted-path helpers on a jansson tree. */
static void test_json(void)
{
	json_error_t e;
	json_t *j = json_loads("{\"a\": {\"b\": [1, {\"c\": \"x\\u00e9\\n\"}], \"t\": true},"
			       " \"n\": -2.5e1, \"s\": \"42\", \"z\": null}", 0, &e);

	CHECK(j != NULL, "json_loads: %s", e.text);
	if (!j)
		return;
	CHECK(jsonx_num(j, "a.b.0") == 1, "a.b.0: expected 1");
	CHECK(jsonx_str(j, "a.b.1.c") && !strcmp(jsonx_str(j, "a.b.1.c"), "x\xc3\xa9\n"),
	      "escapes: got [%s]", jsonx_str(j, "a.b.1.c"));
	CHECK(jsonx_num(j, "n") == -25 && jsonx_num(j, "s") == 42, "numbers");
	CHECK(!strcmp(jsonx_str(j, "a.t"), "true"), "boolean as text");
	CHECK(!jsonx_get(j, "a.nope") && !jsonx_get(j, "a.b.7") && isnan(jsonx_num(j, "z")),
	      "absent keys must be NULL / NaN");
	json_decref(j);
}

static void test_fixture(void)
{
	struct run r;
	char err[512];
	const struct rr_row *k4 = NULL, *k512 = NULL, *pext = NULL;
	struct cmp c;

	if (run_load("tests/data/fixture-run-a", &r, err, sizeof err) < 0) {
		CHECK(0, "fixture: %s", err);
		return;
	}
	for (size_t i = 0; i < r.nrows; i++) {
		const struct rr_row *x = &r.rows[i];
		if (!strcmp(x->mode, "stream") && !strcmp(x->piece, "rook")) {
			if (!strcmp(x->kernel, "kindergarten-4k"))
				k4 = x;
			if (!strcmp(x->kernel, "pext"))
				pext = x;
		}
	}
	CHECK(k4 && k4->nsamples == 12, "fixture: kindergarten-4k stream rook: 12 samples, got %zu",
	      k4 ? k4->nsamples : 0);
	CHECK(pext && !run_row_timed(pext) && run_flag(pext, "unavailable"), "pext: not timed");
	CHECK(!strcmp(jsonx_str(r.ctx, "machine.uarch"), "zen5") &&
	      jsonx_num(r.ctx, "machine.l1d_bytes") == 49152, "context by dotted key");
	if (k4 && (k512 = run_find(&r, "kindergarten-512", k4))) {
		cmp_rows(&k4, &k512, 1, &c);
		CHECK(c.verdict == 1 && c.ratio > 1.25 && c.ratio < 1.35 && c.p < 0.05,
		      "512 vs 4k: expected a significant ratio near 1.3, got %g p %g", c.ratio, c.p);
	}
	CHECK(!strcmp(run_dataset(&r), "datasets/master-2000.trace"), "dataset: got %s",
	      run_dataset(&r));
	run_free(&r);
}

int main(void)
{
	test_geomean_median();
	test_mann_whitney();
	test_bootstrap();
	test_csv();
	test_json();
	test_fixture();
	return check_done();
}
