/* timer.h - ticks from the CPU's constant-rate counter, calibrated against CLOCK_MONOTONIC_RAW:
 * the invariant TSC on x86, the generic timer's virtual count (cntvct_el0) on aarch64; where
 * there is none (a TSC that is not invariant, another architecture), ticks are clock_gettime
 * nanoseconds.  "tsc" in the names below means that counter on either architecture. */
#ifndef SB_TIMER_H
#define SB_TIMER_H

#include <stdint.h>
#include <time.h>
#if defined(__x86_64__) || defined(__i386__)
#include <x86intrin.h>
#define SB_HAVE_TSC 1
#define SB_TSC_NAME "tsc"
#elif defined(__aarch64__)
#define SB_HAVE_TSC 1
#define SB_TSC_NAME "cntvct_el0"
#endif

struct timer {
	int use_tsc;           /* 1: ticks are the counter's (SB_TSC_NAME), 0: clock_gettime ns */
	double ns_per_tick;    /* 1.0 for the clock_gettime fallback */
	double tick_ghz;       /* ticks per ns: the TSC rate in GHz */
	double calib_spread;   /* relative spread of the calibration rounds */
	double nominal_ghz;    /* the rate the CPU states (aarch64: cntfrq_el0), 0 where none */
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

/* Returns the current tick; fenced so the timed loop cannot drift across it (x86: lfence;
 * aarch64: isb, which the Arm ARM prescribes to keep a counter read in program order). */
static inline uint64_t timer_now(const struct timer *t)
{
#if defined(SB_HAVE_TSC) && defined(__aarch64__)
	if (t->use_tsc) {
		uint64_t v;
		__asm__ volatile("isb\n\tmrs %0, cntvct_el0\n\tisb" : "=r"(v) : : "memory");
		return v;
	}
#elif defined(SB_HAVE_TSC)
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

/* Returns the name of t's tick source: "tsc", "cntvct_el0" or "clock_gettime". */
const char *timer_source(const struct timer *t);

/* Returns the core clock in GHz right now, measured as a chain of dependent adds (one cycle
 * each on every x86 core and every aarch64 core we know of) against CLOCK_MONOTONIC_RAW, in
 * about 15 us; NaN where there is no such probe.  On a VM or a host that changes frequency, the invariant TSC keeps its rate
 * while the core does not: this is what turns a sample's time into core cycles. */
double timer_probe_ghz(void);

/* Returns ticks converted to nanoseconds. */
static inline double timer_ns(const struct timer *t, uint64_t ticks) { return (double)ticks * t->ns_per_tick; }

#endif
