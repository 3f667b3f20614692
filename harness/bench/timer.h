/* timer.h - ticks from the invariant TSC, calibrated against CLOCK_MONOTONIC_RAW; where the
 * TSC is not invariant (or not x86), ticks are clock_gettime nanoseconds. */
#ifndef SB_TIMER_H
#define SB_TIMER_H

#include <stdint.h>
#include <time.h>
#if defined(__x86_64__) || defined(__i386__)
#include <x86intrin.h>
#define SB_HAVE_TSC 1
#endif

struct timer {
	int use_tsc;
	double ns_per_tick;    /* 1.0 for the clock_gettime fallback */
	double tick_ghz;       /* ticks per ns: the TSC rate in GHz */
	double calib_spread;   /* relative spread of the calibration rounds */
};

/* Calibrates: with use_tsc, several rounds of TSC vs CLOCK_MONOTONIC_RAW, median taken.
 * Returns 0, or -1 when the clocks disagree too much to trust (then falls back to ns). */
int timer_calibrate(struct timer *t, int use_tsc);

static inline uint64_t timer_clock_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC_RAW, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ULL + (uint64_t)ts.tv_nsec;
}

/* Returns the current tick; fenced so the timed loop cannot drift across it. */
static inline uint64_t timer_now(const struct timer *t)
{
#ifdef SB_HAVE_TSC
	if (t->use_tsc) {
		unsigned aux;
		uint64_t v;
		_mm_lfence();
		v = __rdtscp(&aux);
		_mm_lfence();
		return v;
	}
#endif
	(void)t;
	return timer_clock_ns();
}

/* Returns the core clock in GHz right now, measured as a chain of dependent adds (one cycle
 * each on every x86 core) against CLOCK_MONOTONIC_RAW, in about 15 us; NaN where there is no
 * such probe.  On a VM or a host that changes frequency, the invariant TSC keeps its rate
 * while the core does not: this is what turns a sample's time into core cycles. */
double timer_probe_ghz(void);

/* Returns ticks converted to nanoseconds. */
static inline double timer_ns(const struct timer *t, uint64_t ticks) { return (double)ticks * t->ns_per_tick; }

#endif
