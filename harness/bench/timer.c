/* timer.c - the counter's calibration against CLOCK_MONOTONIC_RAW (the TSC on x86, cntvct_el0
 * on aarch64: both run at a constant rate whatever the core's clock does). */
#include <math.h>

#include "util/stats.h"
#include "bench/timer.h"

#define ROUNDS 7
#define ROUND_NS 5000000ULL    /* 5 ms per round (clock_gettime reads to ~30 ns: 1e-5) */

int timer_calibrate(struct timer *t, int use_tsc)
{
	double rate[ROUNDS];

	*t = (struct timer){ .use_tsc = 0, .ns_per_tick = 1.0, .tick_ghz = 1.0 };
#ifdef SB_HAVE_TSC
	if (use_tsc) {
#ifdef __aarch64__
		uint64_t frq;
		__asm__ volatile("mrs %0, cntfrq_el0" : "=r"(frq));
		t->nominal_ghz = (double)frq / 1e9;
#endif
		t->use_tsc = 1;
		for (int i = 0; i < ROUNDS; i++) {
			uint64_t n0 = timer_clock_ns(), c0 = timer_now(t), n1, c1;
			do
				n1 = timer_clock_ns();
			while (n1 - n0 < ROUND_NS);
			c1 = timer_now(t);
			rate[i] = (double)(c1 - c0) / (double)(n1 - n0);
		}
		t->tick_ghz = stats_median(rate, ROUNDS);
		t->calib_spread = stats_mdape(rate, ROUNDS) / 100.0;
		if (t->tick_ghz <= 0.01 || t->calib_spread > 0.01) {
			*t = (struct timer){ .use_tsc = 0, .ns_per_tick = 1.0, .tick_ghz = 1.0 };
			return -1;
		}
		t->ns_per_tick = 1.0 / t->tick_ghz;
		return 0;
	}
#endif
	(void)rate;
	(void)use_tsc;
	return 0;
}

const char *timer_source(const struct timer *t)
{
#ifdef SB_HAVE_TSC
	if (t->use_tsc)
		return SB_TSC_NAME;
#endif
	(void)t;
	return "clock_gettime";
}

#define PROBE_ROUNDS 500   /* x 100 adds: 50,000 cycles */

double timer_probe_ghz(void)
{
#ifdef SB_HAVE_TSC
	unsigned long x = 0, one = 1;
	uint64_t t0 = timer_clock_ns(), t1;

	/* A register operand, not an immediate: Golden Cove and later fold chains of
	 * add-immediate in the renamer (an Intel guest here read 23 GHz with `add $1`). */
	for (int i = 0; i < PROBE_ROUNDS; i++)
#ifdef __aarch64__
		__asm__ volatile(".rept 100\n\tadd %0, %0, %1\n\t.endr" : "+r"(x) : "r"(one));
#else
		__asm__ volatile(".rept 100\n\tadd %1, %0\n\t.endr" : "+r"(x) : "r"(one));
#endif
	t1 = timer_clock_ns();
	return t1 > t0 ? 100.0 * PROBE_ROUNDS / (double)(t1 - t0) : NAN;
#else
	return NAN;
#endif
}
