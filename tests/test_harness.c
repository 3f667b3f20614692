/* test_harness.c - stats, timer calibration, the CSV/JSON writers and atomic run output. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "check.h"
#include "util/output.h"
#include "util/stats.h"
#include "bench/timer.h"

#define NEAR(a, b) (fabs((a) - (b)) < 1e-9)

static void test_stats(void)
{
	double odd[] = { 5, 1, 4, 2, 3 }, even[] = { 4, 1, 3, 2 }, flat[] = { 7, 7, 7 };
	double spread[] = { 90, 100, 110, 100, 200 };

	CHECK(NEAR(stats_median(odd, 5), 3), "median of 5 values: %g", stats_median(odd, 5));
	CHECK(NEAR(odd[0], 5), "median leaves its input alone");
	CHECK(NEAR(stats_median(even, 4), 2.5), "median of 4 values: %g", stats_median(even, 4));
	CHECK(NEAR(stats_min(odd, 5), 1), "min");
	CHECK(NEAR(stats_mdape(flat, 3), 0), "MdAPE of equal values");
	/* |dev|/100 = .1 0 .1 0 1 -> median .1 -> 10 %: the outlier does not move it. */
	CHECK(NEAR(stats_mdape(spread, 5), 10), "MdAPE: %g", stats_mdape(spread, 5));
	CHECK(stats_cv(spread, 5) > 30, "CV feels the outlier: %g", stats_cv(spread, 5));
	CHECK(NEAR(stats_median(odd, 0), 0), "median of nothing is 0");
}

static void test_timer(void)
{
	struct timer t;
	uint64_t n0, n1, c0, c1;

	CHECK(timer_calibrate(&t, 1) == 0 || !t.use_tsc, "calibration falls back honestly");
	CHECK(t.tick_ghz > 0.05 && t.tick_ghz < 10, "tick rate %g GHz is plausible", t.tick_ghz);
	/* 50 ms by CLOCK_MONOTONIC_RAW must read as 50 ms by the calibrated ticks (5 %). */
	n0 = timer_clock_ns();
	c0 = timer_now(&t);
	do
		n1 = timer_clock_ns();
	while (n1 - n0 < 50000000);
	c1 = timer_now(&t);
	CHECK(fabs(timer_ns(&t, c1 - c0) / (double)(n1 - n0) - 1) < 0.05,
	      "ticks %g ns vs clock %llu ns", timer_ns(&t, c1 - c0), (unsigned long long)(n1 - n0));
	double ghz = timer_probe_ghz();
#ifdef SB_HAVE_TSC
	CHECK(ghz > 0.3 && ghz < 8, "the dependent-add probe reads a plausible clock: %g GHz", ghz);
#else
	CHECK(isnan(ghz), "no probe where there is no x86: NaN, not a guess");
#endif
	struct timer f;
	timer_calibrate(&f, 0);
	CHECK(!f.use_tsc && NEAR(f.ns_per_tick, 1), "the clock_gettime fallback counts ns");
}

/* Returns the whole content of path in buf. */
static const char *slurp(const char *path, char *buf, size_t len)
{
	FILE *f = fopen(path, "r");
	size_t n = f ? fread(buf, 1, len - 1, f) : 0;

	buf[n] = 0;
	if (f)
		fclose(f);
	return buf;
}

static void test_output(void)
{
	char dir[] = "/tmp/sb-test-out-XXXXXX", final[PATH_MAX], work[PATH_MAX], err[512];
	char path[PATH_MAX + 32], buf[512];
	struct out_file o;
	struct stat st;
	FILE *m = fmemopen(buf, sizeof buf, "w");

	out_csv_str(m, "plain");
	fputc('|', m);
	out_csv_str(m, "a,b \"c\"");
	fputc('|', m);
	out_csv_num(m, NAN);
	out_csv_num(m, 1.5);
	fclose(m);
	CHECK(!strcmp(buf, "plain|\"a,b \"\"c\"\"\"|1.5"), "writers: %s", buf);

	CHECK(mkdtemp(dir) != NULL, "mkdtemp");
	snprintf(path, sizeof path, "%s/run1", dir);
	CHECK(out_run_begin(path, "id", final, work, sizeof final, err, sizeof err) == 0, "%s", err);
	CHECK(out_open(&o, work, "summary.csv", err, sizeof err) == 0, "%s", err);
	fputs("a,b\n", o.f);
	snprintf(path, sizeof path, "%s/summary.csv", work);
	CHECK(stat(path, &st) != 0, "nothing under the final name before commit");
	CHECK(out_commit(&o, err, sizeof err) == 0, "%s", err);
	CHECK(!strcmp(slurp(path, buf, sizeof buf), "a,b\n"), "committed content");
	CHECK(stat(final, &st) != 0, "the run is not visible before it finishes");
	CHECK(out_run_finish(work, final, err, sizeof err) == 0, "%s", err);
	snprintf(path, sizeof path, "%s/summary.csv", final);
	CHECK(!strcmp(slurp(path, buf, sizeof buf), "a,b\n"), "finished run holds its file");
	CHECK(out_run_begin(final, "id", path, work, sizeof path, err, sizeof err) < 0 &&
	      strstr(err, "never overwrites"), "an existing run is refused: %s", err);
	CHECK(!strcmp(slurp(final[0] ? strcat(strcpy(path, final), "/summary.csv") : "", buf,
			    sizeof buf), "a,b\n"), "and left as it was");
	snprintf(path, sizeof path, "rm -rf '%s'", dir);
	CHECK(system(path) == 0, "cleanup");
}

int main(void)
{
	test_stats();
	test_timer();
	test_output();
	return check_done();
}
