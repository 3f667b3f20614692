/* counters_known.c - which counter sources PAPI has here, and whether a name PAPI cannot resolve
 * is a typo or belongs to a component that is disabled on this machine.
 *
 * PAPI resolves its presets (PAPI_TOT_CYC, ...) whatever the machine, but native names
 * ("perf::CONTEXT-SWITCHES") only through an enabled component.  Inside a guest without a PMU the
 * perf_event component is disabled ("libpfm4 no default PMU found") and every native name fails
 * the same way as a typo.  So a name of a disabled component is judged here: the generic perf
 * events libpfm4 always offers ("perf::CS", or "CS" alone) are known by name; any other name
 * without a PMU prefix is refused (a typo is likelier than a native event); names with another
 * PMU's prefix cannot be checked and are taken as known (they cannot be counted either way). */
#include "counters/counters.h"
#include "counters/counters_int.h"

#include <stdio.h>
#include <string.h>
#include <strings.h>

#ifdef HAVE_PAPI
#include <papi.h>

/* Returns PAPI's text for error code ret (never NULL). */
const char *counters_strerror(int ret)
{
	const char *s = PAPI_strerror(ret);
	return s ? s : "unknown PAPI error";
}

/* Returns 0 when the PAPI library is initialised, else -1 with why. */
int counters_papi_init(char *why, size_t whylen)
{
	int ret;

	if (PAPI_is_initialized() != PAPI_NOT_INITED)
		return 0;
	ret = PAPI_library_init(PAPI_VER_CURRENT);
	if (ret == PAPI_VER_CURRENT)
		return 0;
	if (ret > 0)
		snprintf(why, whylen, "PAPI_library_init: library %d.%d, headers %d.%d",
			 PAPI_VERSION_MAJOR(ret), PAPI_VERSION_MINOR(ret),
			 PAPI_VERSION_MAJOR(PAPI_VERSION), PAPI_VERSION_MINOR(PAPI_VERSION));
	else
		snprintf(why, whylen, "PAPI_library_init: %s", counters_strerror(ret));
	return -1;
}

/* Returns nothing; why = the PAPI call that failed, its error and, when the event's component is
 * disabled here, PAPI's reason for that (the reason a user can act on). */
void counters_fail_why(int code, const char *call, int ret, char *why, size_t whylen)
{
	int cidx = PAPI_get_event_component(code);
	const PAPI_component_info_t *ci = cidx >= 0 ? PAPI_get_component_info(cidx) : NULL;

	if (ci && ci->disabled)
		snprintf(why, whylen, "PAPI component %.40s is disabled here: %.100s (%s)",
			 ci->name, ci->disabled_reason, call);
	else
		snprintf(why, whylen, "%s: %s", call, counters_strerror(ret));
}


/* The generic events of libpfm4's "perf" PMU (the names perf_event offers under "perf::"). */
static const char *const PERF_GENERIC[] = {
	"CYCLES", "CPU-CYCLES", "INSTRUCTIONS", "CACHE-REFERENCES", "CACHE-MISSES",
	"BRANCH-INSTRUCTIONS", "BRANCHES", "BRANCH-MISSES", "BUS-CYCLES",
	"STALLED-CYCLES-FRONTEND", "IDLE-CYCLES-FRONTEND", "STALLED-CYCLES-BACKEND",
	"IDLE-CYCLES-BACKEND", "REF-CYCLES", "CPU-CLOCK", "TASK-CLOCK", "PAGE-FAULTS", "FAULTS",
	"CONTEXT-SWITCHES", "CS", "CPU-MIGRATIONS", "MIGRATIONS", "MINOR-FAULTS", "MAJOR-FAULTS",
	"ALIGNMENT-FAULTS", "EMULATION-FAULTS", "L1-DCACHE-LOADS", "L1-DCACHE-LOAD-MISSES",
	"L1-DCACHE-STORES", "L1-DCACHE-STORE-MISSES", "L1-DCACHE-PREFETCHES",
	"L1-DCACHE-PREFETCH-MISSES", "L1-ICACHE-LOADS", "L1-ICACHE-LOAD-MISSES", "LLC-LOADS",
	"LLC-LOAD-MISSES", "LLC-STORES", "LLC-STORE-MISSES", "LLC-PREFETCHES",
	"LLC-PREFETCH-MISSES", "DTLB-LOADS", "DTLB-LOAD-MISSES", "DTLB-STORES",
	"DTLB-STORE-MISSES", "ITLB-LOADS", "ITLB-LOAD-MISSES", "BRANCH-LOADS",
	"BRANCH-LOAD-MISSES",
};

/* Returns 1 when event (the part after "perf::", modifiers after ':' ignored) is a generic perf
 * event name, either spelt as above or as PERF_COUNT_HW_... / PERF_COUNT_SW_..., else 0. */
static int counters_perf_generic(const char *event)
{
	size_t len = strcspn(event, ":");

	if (strncasecmp(event, "PERF_COUNT_HW_", 14) == 0 ||
	    strncasecmp(event, "PERF_COUNT_SW_", 14) == 0)
		return len > 14;
	for (size_t i = 0; i < sizeof PERF_GENERIC / sizeof PERF_GENERIC[0]; i++)
		if (strlen(PERF_GENERIC[i]) == len && strncasecmp(event, PERF_GENERIC[i], len) == 0)
			return 1;
	return 0;
}

/* Returns the index of the component named (short or long name) pmu, or -1. */
static int counters_component(const char *pmu, size_t len)
{
	for (int i = 0; i < PAPI_num_components(); i++) {
		const PAPI_component_info_t *ci = PAPI_get_component_info(i);
		if (ci && ((strlen(ci->short_name) == len && !strncmp(ci->short_name, pmu, len)) ||
			   (strlen(ci->name) == len && !strncmp(ci->name, pmu, len))))
			return i;
	}
	return -1;
}

int counters_unresolved(const char *name, char *why, size_t whylen)
{
	const char *sep = strstr(name, "::");
	int perf = counters_component("perf_event", 10), owner = perf;
	const PAPI_component_info_t *ci;

	if (strncmp(name, "PAPI_", 5) == 0) {
		snprintf(why, whylen, "no PAPI preset is called %s (see papi_avail)", name);
		return 0;
	}
	if (sep && (owner = counters_component(name, (size_t)(sep - name))) < 0)
		owner = perf; /* a libpfm4 PMU name ("amd64_fam19h_zen3::..."): perf_event's */
	ci = owner >= 0 ? PAPI_get_component_info(owner) : NULL;
	if (!ci || !ci->disabled) {
		snprintf(why, whylen, "no PAPI component knows %s (see papi_native_avail)", name);
		return 0;
	}
	if (owner == perf && !sep && !counters_perf_generic(name)) {
		snprintf(why, whylen, "not a generic perf event, and other names cannot be checked "
			 "here (PAPI perf_event disabled: %.60s); PMU::NAME passes one anyway",
			 ci->disabled_reason);
		return 0;
	}
	if (owner == perf && sep && (size_t)(sep - name) == 4 && !strncmp(name, "perf", 4) &&
	    !counters_perf_generic(sep + 2)) {
		snprintf(why, whylen, "not a generic perf event (only those can be checked here: "
			 "PAPI perf_event disabled: %.60s)", ci->disabled_reason);
		return 0;
	}
	snprintf(why, whylen, "PAPI component %.40s is disabled here: %.100s", ci->name,
		 ci->disabled_reason[0] ? ci->disabled_reason : "no reason given");
	return 1;
}

size_t counters_sources(struct counters_source *out, size_t max)
{
	char why[192];
	size_t n = 0;

	if (max == 0)
		return 0;
	if (counters_papi_init(why, sizeof why) < 0) {
		snprintf(out[0].name, sizeof out[0].name, "papi");
		out[0].live = 0;
		snprintf(out[0].why, sizeof out[0].why, "%.180s", why);
		return 1;
	}
	for (int i = 0; i < PAPI_num_components() && n < max; i++) {
		const PAPI_component_info_t *ci = PAPI_get_component_info(i);
		struct counters_source *s = &out[n];
		if (!ci)
			continue;
		n++;
		snprintf(s->name, sizeof s->name, "papi:%.40s", ci->name);
		s->live = !ci->disabled && ci->num_native_events > 0;
		if (ci->disabled)
			snprintf(s->why, sizeof s->why, "disabled: %.170s", ci->disabled_reason[0] ?
				 ci->disabled_reason : "no reason given");
		else if (!s->live)
			snprintf(s->why, sizeof s->why, "enabled, but offers no events (%.120s)",
				 ci->description);
		else
			snprintf(s->why, sizeof s->why, "%d native events, %d presets (%.120s)",
				 ci->num_native_events, ci->num_preset_events, ci->description);
	}
	return n;
}

#else /* !HAVE_PAPI */

int counters_unresolved(const char *name, char *why, size_t whylen)
{
	snprintf(why, whylen, "slidebench was built without PAPI, so %s cannot be checked", name);
	return 1;
}

size_t counters_sources(struct counters_source *out, size_t max)
{
	if (max == 0)
		return 0;
	snprintf(out[0].name, sizeof out[0].name, "papi");
	out[0].live = 0;
	snprintf(out[0].why, sizeof out[0].why, "slidebench was built without PAPI "
		 "(install libpapi-dev: make deps, then make)");
	return 1;
}

#endif

const char *counters_papi_version(void)
{
#ifdef HAVE_PAPI
	static char buf[32];
	char why[192];
	int v = PAPI_VERSION;

	if (counters_papi_init(why, sizeof why) == 0)
		v = PAPI_get_opt(PAPI_LIB_VERSION, NULL);
	snprintf(buf, sizeof buf, "%d.%d.%d.%d", PAPI_VERSION_MAJOR(v), PAPI_VERSION_MINOR(v),
		 PAPI_VERSION_REVISION(v), PAPI_VERSION_INCREMENT(v));
	return buf;
#else
	return "none (built without PAPI)";
#endif
}
