/* counters.h - hardware and software event counters through PAPI's low-level API.
 *
 * Every event is probed alone (papi_avail lies inside VMs), then the live ones share one event
 * set.  An event the machine cannot count is "not live": its cells stay empty (never zero) and
 * counters_why() says why.  Single-threaded; start/stop bracket a whole sample, never a lookup. */
#ifndef SB_COUNTERS_H
#define SB_COUNTERS_H

#include <stddef.h>

#define COUNTERS_MAX 16
/* The PAPI events that have a summary column of their own: one row each, X(index, event,
 * column, what it counts).  The index is the row's place in struct summary's hw[]; the
 * default --events list, the summary columns and the help come from these rows. */
#define SB_HW_COUNTERS(X)                                                                 \
	X(0, "PAPI_TOT_CYC", "hw_cycles", "core cycles")                                  \
	X(1, "PAPI_TOT_INS", "hw_instructions", "instructions retired")                   \
	X(2, "PAPI_L1_DCM", "hw_l1d_miss", "L1 data cache misses")                        \
	X(3, "PAPI_TLB_DM", "hw_dtlb_miss", "data TLB misses")                            \
	X(4, "PAPI_BR_MSP", "hw_br_miss", "mispredicted branches")
#define SB_HW_ONE_(i, ev, col, what) +1
#define HW_NEVENTS (0 SB_HW_COUNTERS(SB_HW_ONE_))
/* The software events that flag a disturbed sample. */
#define SB_EV_SWITCHES "perf::CONTEXT-SWITCHES"
#define SB_EV_MIGRATIONS "perf::CPU-MIGRATIONS"

#define SB_HW_EVENT_LIST_(i, ev, col, what) ev ","
/* The default --events: every row above, then the two software events. */
#define COUNTERS_DEFAULT_LIST SB_HW_COUNTERS(SB_HW_EVENT_LIST_) SB_EV_SWITCHES "," SB_EV_MIGRATIONS

struct counters; /* opaque */

/* How counters_open_ex treats a name it cannot count. */
enum counters_kind {
	COUNTERS_USER, /* typed by the user: a name no PAPI component knows is a usage error */
	COUNTERS_WISH  /* a wish list (the default): every name it cannot count is only a note */
};

/* Parses a comma list of PAPI preset or native event names, probes each alone (create, add,
 * start, stop), then builds one event set of the live ones; events that do not fit together are
 * not live, with why.  Not-live events get one stderr line in all, with the reason (PAPI's
 * error, or the disabled component's reason).  Empty, repeated or too many names: -1 with err (a usage
 * error), whatever the kind.  COUNTERS_USER also refuses a name no PAPI component knows (a name
 * of a disabled component, which cannot be checked here, is a note).  COUNTERS_WISH never fails
 * for an event the machine lacks.  Returns 0, or -1 with err set. */
int counters_open_ex(const char *list, enum counters_kind kind, struct counters **out, char *err,
		     size_t errlen);
/* Returns counters_open_ex(list, COUNTERS_USER, ...), or for list NULL the default wish list
 * (COUNTERS_DEFAULT_LIST as COUNTERS_WISH): what `bench --events` does with its argument. */
int counters_open(const char *list, struct counters **out, char *err, size_t errlen);
/* Returns the number of events asked for (live or not). */
size_t counters_n(const struct counters *c);
/* Returns event i's name as given. */
const char *counters_name(const struct counters *c, size_t i);
/* Returns 1 when event i is counted here, else 0. */
int counters_live(const struct counters *c, size_t i);
/* Returns why event i is not counted, or NULL when it is live. */
const char *counters_why(const struct counters *c, size_t i);
/* Returns the number of live events. */
size_t counters_n_live(const struct counters *c);
/* Starts counting (from zero) all live events; returns 0 or -1 (message on stderr). */
int counters_start(struct counters *c);
/* Stops counting; vals[i] for i < counters_n(), not-live entries -1.  Returns 0 or -1. */
int counters_stop(struct counters *c, long long vals[]);
/* Releases the event set; c may be NULL. */
void counters_close(struct counters *c);
/* Returns the PAPI library version, e.g. "7.0.1.0", or "none (built without PAPI)". */
const char *counters_papi_version(void);

/* For a name PAPI cannot resolve: returns 1 when it belongs to a component that is disabled here
 * (why: that component and PAPI's reason), 0 when no component knows it (why: what to look at). */
int counters_unresolved(const char *name, char *why, size_t whylen);

/* One counter source (a PAPI component) and whether it can count anything here. */
struct counters_source {
	char name[48];  /* "papi:perf_event", ..., or "papi" when PAPI itself is missing */
	int live;       /* 1 when the component is enabled and has events */
	char why[192];  /* why not live (PAPI's disabled reason), or what it counts when live */
};

/* Fills up to max sources (PAPI's components, enabled or not, with the disabled reason); returns
 * how many were filled (>= 1: without PAPI one entry says why). */
size_t counters_sources(struct counters_source *out, size_t max);

#endif
