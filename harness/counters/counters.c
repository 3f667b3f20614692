/* counters.c - PAPI low-level event sets: probe each event alone, count the live ones together.
 *
 * Inside a VM the PAPI presets are listed by papi_avail yet fail when added or started, so each
 * event is tried alone first (create, add, start, stop).  The live ones then go into one event set,
 * added one at a time and started after each add, so an event that does not fit with the others
 * (too many hardware counters) is found and marked not live instead of failing the whole set.
 * API: https://github.com/icl-utk-edu/papi/wiki/PAPI-LL (PAPI_library_init ... PAPI_stop). */
#include "counters/counters.h"
#include "counters/counters_int.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifdef HAVE_PAPI
#include <papi.h>
#endif

#define COUNTERS_NAME_LEN 128
#define COUNTERS_WHY_LEN 192

struct counters {
	size_t n, n_live;
	char name[COUNTERS_MAX][COUNTERS_NAME_LEN];
	char why[COUNTERS_MAX][COUNTERS_WHY_LEN]; /* empty when live */
	int code[COUNTERS_MAX];
	int resolved[COUNTERS_MAX];                /* PAPI knows the name: code[] is valid */
	int live[COUNTERS_MAX];
	int slot[COUNTERS_MAX];                    /* position in the shared event set */
	int eventset;
	int running;
};

/* Returns 0 after splitting list into c->name[] (trimmed), else -1 with err (a usage error). */
static int counters_parse(struct counters *c, const char *list, char *err, size_t errlen)
{
	const char *p = list;

	for (;;) {
		const char *end = strchr(p, ',');
		size_t len = end ? (size_t)(end - p) : strlen(p);
		while (len > 0 && (*p == ' ' || *p == '\t'))
			p++, len--;
		while (len > 0 && (p[len - 1] == ' ' || p[len - 1] == '\t'))
			len--;
		if (len == 0) {
			snprintf(err, errlen, "empty event name in \"%s\"", list);
			return -1;
		}
		if (len >= COUNTERS_NAME_LEN) {
			snprintf(err, errlen, "event name \"%.*s...\" is too long", 40, p);
			return -1;
		}
		if (c->n == COUNTERS_MAX) {
			snprintf(err, errlen, "too many events in \"%s\" (at most %d)", list,
				 COUNTERS_MAX);
			return -1;
		}
		memcpy(c->name[c->n], p, len);
		c->name[c->n][len] = '\0';
		for (size_t i = 0; i < c->n; i++)
			if (strcmp(c->name[i], c->name[c->n]) == 0) {
				snprintf(err, errlen, "event \"%s\" is listed twice", c->name[i]);
				return -1;
			}
		c->n++;
		if (!end)
			return 0;
		p = end + 1;
	}
}

/* Returns nothing; marks event i not live with why (plus a hint when the kernel forbids
 * unprivileged counting).  counters_note prints one line for all such events. */
static void counters_mark_dead(struct counters *c, size_t i, const char *why)
{
	FILE *f = fopen("/proc/sys/kernel/perf_event_paranoid", "r");
	int paranoid = 0;

	if (f && fscanf(f, "%d", &paranoid) != 1)
		paranoid = 0;
	if (f)
		fclose(f);
	c->live[i] = 0;
	snprintf(c->why[i], COUNTERS_WHY_LEN, "%s%s", why, paranoid <= 2 ? "" :
		 "; kernel.perf_event_paranoid > 2 forbids it: sysctl kernel.perf_event_paranoid=2");
}

/* Returns the length of the cause in why, without the PAPI call that met it (" (PAPI_...)"),
 * so that events stopped by one cause compare equal. */
static size_t counters_cause_len(const char *why)
{
	const char *call = strstr(why, " (PAPI_");

	return call ? (size_t)(call - why) : strlen(why);
}

/* Returns nothing; prints one line about the events of c that are not counted (none when all
 * are): for the default list with nothing counted, for one cause, which cells that empties;
 * else the events, with their cause. */
static void counters_note(const struct counters *c, enum counters_kind kind)
{
	const char *why = NULL;
	size_t len = 0;
	int same = 1, first = 1;

	for (size_t i = 0; i < c->n; i++) {
		if (c->live[i])
			continue;
		if (!why)
			why = c->why[i], len = counters_cause_len(why);
		else
			same &= counters_cause_len(c->why[i]) == len && !strncmp(c->why[i], why, len);
	}
	if (!why)
		return;
	if (same && strstr(why, "no default PMU"))
		why = "PAPI: no PMU", len = strlen(why);
	if (same && c->n_live == 0 && kind == COUNTERS_WISH) {
		fprintf(stderr, "slidebench: hardware counters: none here (%.*s): cycles, "
			"instructions, L1, TLB and branch-miss cells stay empty; simulated counters "
			"with --simulate\n", (int)len, why);
		return;
	}
	fputs("slidebench: not counted here:", stderr);
	for (size_t i = 0; i < c->n; i++) {
		if (c->live[i])
			continue;
		fprintf(stderr, "%s %s", first ? "" : ",", c->name[i]);
		if (!same)
			fprintf(stderr, " (%s)", c->why[i]);
		first = 0;
	}
	if (same)
		fprintf(stderr, " (%.*s)", (int)len, why);
	fputs(": their cells stay empty\n", stderr);
}

#ifdef HAVE_PAPI

/* Returns 0 when code can be added, started and stopped in an event set of its own, else -1
 * with why naming the PAPI call that failed and its error. */
static int counters_probe(int code, char *why, size_t whylen)
{
	int es = PAPI_NULL, ret;
	long long v = 0;
	const char *call = "PAPI_create_eventset";

	if ((ret = PAPI_create_eventset(&es)) != PAPI_OK)
		goto fail;
	call = "PAPI_add_event";
	if ((ret = PAPI_add_event(es, code)) != PAPI_OK)
		goto destroy;
	call = "PAPI_start";
	if ((ret = PAPI_start(es)) != PAPI_OK)
		goto destroy;
	call = "PAPI_stop";
	ret = PAPI_stop(es, &v);
destroy:
	PAPI_cleanup_eventset(es);
	PAPI_destroy_eventset(&es);
fail:
	if (ret == PAPI_OK)
		return 0;
	counters_fail_why(code, call, ret, why, whylen);
	return -1;
}

/* Returns 0 after adding event i to the shared set and checking the set still starts; on a
 * misfit the event is taken out again and -1 returned with why. */
static int counters_join(struct counters *c, size_t i, char *why, size_t whylen)
{
	long long v[COUNTERS_MAX];
	int ret = PAPI_add_event(c->eventset, c->code[i]);

	if (ret != PAPI_OK) {
		snprintf(why, whylen, "PAPI_add_event with the other events: %s",
			 counters_strerror(ret));
		return -1;
	}
	ret = PAPI_start(c->eventset);
	if (ret == PAPI_OK)
		ret = PAPI_stop(c->eventset, v);
	if (ret != PAPI_OK) {
		PAPI_remove_event(c->eventset, c->code[i]);
		snprintf(why, whylen, "PAPI_start with the other events: %s (too many at once?)",
			 counters_strerror(ret));
		return -1;
	}
	return 0;
}

/* Returns 0 after resolving every name (an unresolved one is marked dead, with the reason), or
 * -1 with err for a user's name that no PAPI component knows. */
static int counters_resolve(struct counters *c, enum counters_kind kind, char *err, size_t errlen)
{
	char why[COUNTERS_WHY_LEN];

	for (size_t i = 0; i < c->n; i++) {
		if (PAPI_event_name_to_code(c->name[i], &c->code[i]) == PAPI_OK) {
			c->resolved[i] = 1;
			continue;
		}
		if (!counters_unresolved(c->name[i], why, sizeof why) && kind == COUNTERS_USER) {
			snprintf(err, errlen, "unknown event \"%s\": %s", c->name[i], why);
			return -1;
		}
	}
	return 0;
}

/* Returns 0 after resolving, probing and grouping the events; -1 with err on a usage error. */
static int counters_setup(struct counters *c, enum counters_kind kind, char *err, size_t errlen)
{
	char why[COUNTERS_WHY_LEN];
	size_t i;

	if (counters_papi_init(why, sizeof why) < 0) {
		for (i = 0; i < c->n; i++)
			counters_mark_dead(c, i, why);
		return 0;
	}
	if (counters_resolve(c, kind, err, errlen) < 0)
		return -1;
	c->eventset = PAPI_NULL;
	if (PAPI_create_eventset(&c->eventset) != PAPI_OK) {
		c->eventset = PAPI_NULL;
		snprintf(err, errlen, "PAPI_create_eventset failed");
		return -1;
	}
	for (i = 0; i < c->n; i++) {
		if (!c->resolved[i]) {
			counters_unresolved(c->name[i], why, sizeof why);
			counters_mark_dead(c, i, why);
			continue;
		}
		if (counters_probe(c->code[i], why, sizeof why) < 0 ||
		    counters_join(c, i, why, sizeof why) < 0) {
			counters_mark_dead(c, i, why);
			continue;
		}
		c->live[i] = 1;
		c->slot[i] = (int)c->n_live++;
	}
	return 0;
}

#else /* !HAVE_PAPI */

/* Returns 0 after marking every event not live: this build has no PAPI. */
static int counters_setup(struct counters *c, enum counters_kind kind, char *err, size_t errlen)
{
	(void)kind, (void)err, (void)errlen;
	for (size_t i = 0; i < c->n; i++)
		counters_mark_dead(c, i, "slidebench was built without PAPI");
	return 0;
}

#endif

int counters_open(const char *list, struct counters **out, char *err, size_t errlen)
{
	return list ? counters_open_ex(list, COUNTERS_USER, out, err, errlen) :
		      counters_open_ex(COUNTERS_DEFAULT_LIST, COUNTERS_WISH, out, err, errlen);
}

int counters_open_ex(const char *list, enum counters_kind kind, struct counters **out, char *err,
		     size_t errlen)
{
	struct counters *c = calloc(1, sizeof *c);

	*out = NULL;
	if (!c) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
#ifdef HAVE_PAPI
	c->eventset = PAPI_NULL;
#endif
	if (counters_parse(c, list, err, errlen) < 0 || counters_setup(c, kind, err, errlen) < 0) {
		counters_close(c);
		return -1;
	}
	counters_note(c, kind);
	*out = c;
	return 0;
}

size_t counters_n(const struct counters *c) { return c->n; }
size_t counters_n_live(const struct counters *c) { return c->n_live; }
const char *counters_name(const struct counters *c, size_t i) { return c->name[i]; }
int counters_live(const struct counters *c, size_t i) { return c->live[i]; }
const char *counters_why(const struct counters *c, size_t i)
{
	return c->live[i] ? NULL : c->why[i];
}

int counters_start(struct counters *c)
{
	if (c->n_live == 0)
		return 0;
#ifdef HAVE_PAPI
	int ret = PAPI_start(c->eventset);
	if (ret != PAPI_OK) {
		fprintf(stderr, "slidebench: counters: PAPI_start: %s\n", counters_strerror(ret));
		return -1;
	}
	c->running = 1;
#endif
	return 0;
}

int counters_stop(struct counters *c, long long vals[])
{
	long long v[COUNTERS_MAX] = {0};
	size_t i;

	for (i = 0; i < c->n; i++)
		vals[i] = -1;
	if (c->n_live == 0)
		return 0;
	if (!c->running) {
		fprintf(stderr, "slidebench: counters: stop without start\n");
		return -1;
	}
#ifdef HAVE_PAPI
	int ret = PAPI_stop(c->eventset, v);
	c->running = 0;
	if (ret != PAPI_OK) {
		fprintf(stderr, "slidebench: counters: PAPI_stop: %s\n", counters_strerror(ret));
		return -1;
	}
#endif
	for (i = 0; i < c->n; i++)
		if (c->live[i])
			vals[i] = v[c->slot[i]];
	return 0;
}

void counters_close(struct counters *c)
{
	if (!c)
		return;
#ifdef HAVE_PAPI
	if (c->eventset != PAPI_NULL) {
		long long v[COUNTERS_MAX];
		if (c->running)
			PAPI_stop(c->eventset, v);
		PAPI_cleanup_eventset(c->eventset);
		PAPI_destroy_eventset(&c->eventset);
	}
#endif
	free(c);
}
