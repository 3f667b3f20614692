/* test_counters.c - the PAPI path for real: every event is "live XOR why" whatever the machine;
 * the default list is a wish list that never fails; a typed name no component knows is refused,
 * a typed name of a disabled component is a note; checks that need a live event are SKIPPED
 * (with the reason) where none is live, e.g. a guest whose perf_event component is disabled. */
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "check.h"
#include "counters/counters.h"

/* Returns a sum that depends on every step of a loop that uses about ms milliseconds of CPU. */
static unsigned long long busy_loop(long ms)
{
	struct timespec t0, t;
	volatile unsigned long long acc = 1;

	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t0);
	do {
		for (int i = 0; i < 100000; i++)
			acc = acc * 6364136223846793005ULL + 1442695040888963407ULL;
		clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
	} while ((t.tv_sec - t0.tv_sec) * 1000 + (t.tv_nsec - t0.tv_nsec) / 1000000 < ms);
	return acc;
}

#ifdef HAVE_PAPI
/* Returns kernel.perf_event_paranoid (2 when unreadable: the usual default). */
static int perf_paranoid(void)
{
	FILE *f = fopen("/proc/sys/kernel/perf_event_paranoid", "r");
	int v = 2;

	if (f && fscanf(f, "%d", &v) != 1)
		v = 2;
	if (f)
		fclose(f);
	return v;
}
#endif

#ifdef HAVE_PAPI
/* Returns 1 when PAPI's perf_event component is live here, else 0 with why filled. */
static int perf_source_live(char *why, size_t len)
{
	struct counters_source src[16];
	size_t n = counters_sources(src, 16);

	snprintf(why, len, "no PAPI perf_event component in this build");
	for (size_t i = 0; i < n; i++)
		if (!strcmp(src[i].name, "papi:perf_event")) {
			snprintf(why, len, "%s", src[i].why);
			return src[i].live;
		}
	return 0;
}
#endif

/* Returns nothing; checks that every event is either live with no why or not live with one. */
static void check_live_xor_why(const struct counters *c, const char *what)
{
	for (size_t i = 0; i < counters_n(c); i++) {
		int live = counters_live(c, i);
		const char *why = counters_why(c, i);
		CHECK(live == (why == NULL), "%s: event %s live=%d why=%s", what,
		      counters_name(c, i), live, why ? why : "(null)");
		CHECK(why == NULL || why[0] != '\0', "%s: event %s has an empty why", what,
		      counters_name(c, i));
	}
}

static char last_note[1024];  /* the last line notes_of_open counted */

/* Returns the number of stderr lines counters_open(list) printed about events it cannot count;
 * *lines, all the lines it printed. */
static int notes_of_open(const char *list, struct counters **c, int *rc, int *lines)
{
	char tmpl[] = "/tmp/test_counters.XXXXXX", line[1024], err[256] = "";
	int fd = mkstemp(tmpl), saved = dup(2), notes = 0;
	FILE *f;

	fflush(stderr);
	if (fd < 0 || saved < 0 || dup2(fd, 2) < 0)
		return -1;
	*rc = counters_open(list, c, err, sizeof err);
	fflush(stderr);
	dup2(saved, 2);
	close(saved);
	f = fdopen(fd, "r");
	unlink(tmpl);
	if (!f)
		return -1;
	rewind(f);
	*lines = 0;
	while (fgets(line, sizeof line, f)) {
		if (strstr(line, "not counted here") || strstr(line, "hardware counters: none"))
			notes++, snprintf(last_note, sizeof last_note, "%s", line);
		++*lines;
	}
	fclose(f);
	return notes;
}

/* Returns nothing; the default list opens whatever the machine, every entry is live XOR why, and
 * the not-live entries printed one line in all (a machine without a PMU: "hardware counters:
 * none here", not a line per event). */
static void test_default_list(void)
{
	struct counters *c = NULL;
	long long v[COUNTERS_MAX];
	int rc = -1, lines = 0, notes = notes_of_open(NULL, &c, &rc, &lines);

	CHECK(rc == 0 && c, "default list: open failed (rc %d): it must never fail", rc);
	if (!c)
		return;
	CHECK(notes == (counters_n_live(c) < counters_n(c)) && lines == notes,
	      "default list: %d notes in %d lines for %zu not-live events (want one line)", notes,
	      lines, counters_n(c) - counters_n_live(c));
#ifdef HAVE_PAPI
	char pwhy[192];
	if (!perf_source_live(pwhy, sizeof pwhy)) {
		for (size_t i = 0; i < counters_n(c); i++)
			CHECK(!counters_live(c, i) && strstr(counters_why(c, i), "perf_event"),
			      "default list: perf_event not live (%s) but %s: %s", pwhy,
			      counters_name(c, i), counters_live(c, i) ? "live" : counters_why(c, i));
		CHECK(strstr(last_note, "slidebench: hardware counters: none here (") &&
		      strstr(last_note, "cells stay empty; simulated counters with --simulate"),
		      "default list: nothing counted, but the note is: %s", last_note);
	}
#endif
	CHECK(counters_n(c) == 7, "default list: expected 7 events got %zu", counters_n(c));
	CHECK(strcmp(counters_name(c, 0), "PAPI_TOT_CYC") == 0, "default list: first is %s",
	      counters_name(c, 0));
	check_live_xor_why(c, "default list");
	CHECK(counters_start(c) == 0, "default list: start failed");
	busy_loop(5);
	CHECK(counters_stop(c, v) == 0, "default list: stop failed");
	for (size_t i = 0; i < counters_n(c); i++)
		CHECK(counters_live(c, i) ? v[i] >= 0 : v[i] == -1,
		      "default list: event %s live=%d value %lld", counters_name(c, i),
		      counters_live(c, i), v[i]);
	counters_close(c);
}

/* Returns nothing; software events are live (with PAPI) and TASK-CLOCK sees a busy loop. */
static void test_software_events(void)
{
	struct counters *c = NULL;
	char err[256] = "";
	long long v[COUNTERS_MAX], w[COUNTERS_MAX];
	const char *list = " perf::TASK-CLOCK , perf::CONTEXT-SWITCHES,PAPI_L1_DCM";

	CHECK(counters_open(list, &c, err, sizeof err) == 0, "software: open failed: %s", err);
	if (!c)
		return;
	CHECK(counters_n(c) == 3, "software: expected 3 events got %zu", counters_n(c));
	CHECK(strcmp(counters_name(c, 0), "perf::TASK-CLOCK") == 0, "software: name 0 is \"%s\"",
	      counters_name(c, 0));
	check_live_xor_why(c, "software");
#ifdef HAVE_PAPI
	char pwhy[192];
	if (!perf_source_live(pwhy, sizeof pwhy)) {
		printf("SKIPPED: software events live: PAPI perf_event not live here (%s)\n", pwhy);
		CHECK(!counters_live(c, 0) && strstr(counters_why(c, 0), "disabled"),
		      "software: TASK-CLOCK live=%d why %s", counters_live(c, 0), counters_why(c, 0));
	} else if (perf_paranoid() <= 2) { /* software events are then allowed to any process */
		CHECK(counters_live(c, 0), "software: TASK-CLOCK not live: %s", counters_why(c, 0));
		CHECK(counters_live(c, 1), "software: CONTEXT-SWITCHES not live: %s",
		      counters_why(c, 1));
	} else {
		printf("SKIPPED: software events live: perf_event_paranoid > 2 forbids them\n");
	}
#else
	CHECK(!counters_live(c, 0) && strstr(counters_why(c, 0), "without PAPI"),
	      "software: no-PAPI build: why is %s", counters_why(c, 0));
#endif
	CHECK(counters_start(c) == 0, "software: start failed");
	busy_loop(20);
	CHECK(counters_stop(c, v) == 0, "software: stop failed");
	/* a second sample restarts from zero: a short one counts less than the 20 ms one */
	CHECK(counters_start(c) == 0, "software: second start failed");
	busy_loop(1);
	CHECK(counters_stop(c, w) == 0, "software: second stop failed");
	if (!counters_live(c, 0))
		printf("SKIPPED: TASK-CLOCK values: not live (%s)\n", counters_why(c, 0));
	if (counters_live(c, 0)) {
		CHECK(v[0] > 10000000, "software: TASK-CLOCK over a 20 ms busy loop is %lld ns", v[0]);
		CHECK(w[0] > 0 && w[0] < v[0], "software: TASK-CLOCK 1 ms %lld vs 20 ms %lld", w[0], v[0]);
	}
	if (counters_live(c, 1))
		CHECK(v[1] >= 0, "software: CONTEXT-SWITCHES %lld", v[1]);
	for (size_t i = 0; i < counters_n(c); i++)
		if (!counters_live(c, i))
			CHECK(v[i] == -1 && w[i] == -1, "software: not-live %s gave %lld / %lld",
			      counters_name(c, i), v[i], w[i]);
	printf("  TASK-CLOCK %lld ns (20 ms loop), %lld ns (1 ms loop); PAPI_L1_DCM %s%s\n", v[0],
	       w[0], counters_live(c, 2) ? "live" : "not live: ",
	       counters_live(c, 2) ? "" : counters_why(c, 2));
	counters_close(c);
}

/* Returns nothing; bad lists are usage errors with a message naming the culprit. */
static void test_bad_lists(void)
{
	static const struct {
		const char *list, *want;
	} cases[] = {
#ifdef HAVE_PAPI
		{"perf::TASK-CLOCK,PAPI_NO_SUCH_EVENT", "unknown event \"PAPI_NO_SUCH_EVENT\""},
		{"perf::NOT-AN-EVENT", "unknown event \"perf::NOT-AN-EVENT\""},
		{"NOT_AN_EVENT", "unknown event \"NOT_AN_EVENT\""},
#endif
		{"perf::TASK-CLOCK,,PAPI_TOT_CYC", "empty event name"},
		{"", "empty event name"},
		{"perf::TASK-CLOCK,perf::TASK-CLOCK", "listed twice"},
		{"a,b,c,d,e,f,g,h,i,j,k,l,m,n,o,p,q", "too many events"},
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		struct counters *c = (struct counters *)&c;
		char err[256] = "";
		int rc = counters_open(cases[i].list, &c, err, sizeof err);
		CHECK(rc == -1 && c == NULL, "bad list \"%s\": rc %d", cases[i].list, rc);
		CHECK(strstr(err, cases[i].want) != NULL, "bad list \"%s\": err \"%s\", want \"%s\"",
		      cases[i].list, err, cases[i].want);
		if (rc == 0)
			counters_close(c);
	}
}

/* Returns nothing; a wish list takes even unknown names as notes, never as errors. */
static void test_wish_list(void)
{
	struct counters *c = NULL;
	char err[256] = "";
	int rc = counters_open_ex("PAPI_NO_SUCH_EVENT,perf::NOT-AN-EVENT,perf::TASK-CLOCK",
				  COUNTERS_WISH, &c, err, sizeof err);

	CHECK(rc == 0 && c, "wish list: rc %d err %s", rc, err);
	if (!c)
		return;
	CHECK(counters_n(c) == 3, "wish list: %zu events", counters_n(c));
	check_live_xor_why(c, "wish list");
	CHECK(!counters_live(c, 0) && !counters_live(c, 1), "wish list: unknown names live");
	printf("  wish list: %s: %s\n", counters_name(c, 1), counters_why(c, 1));
	counters_close(c);
	/* a wish list still refuses what is malformed: that is the caller's mistake */
	c = NULL;
	CHECK(counters_open_ex("perf::TASK-CLOCK,,x", COUNTERS_WISH, &c, err, sizeof err) == -1 &&
	      !c && strstr(err, "empty event name"), "wish list: malformed list: err %s", err);
}

#ifdef HAVE_PAPI
/* Returns nothing; a typed name of another PMU is a note where perf_event is disabled (it
 * cannot be checked) and a refusal or a live event where it is enabled. */
static void test_disabled_component_name(void)
{
	struct counters *c = NULL;
	char err[256] = "", pwhy[192];
	const char *name = "amd64_fam1ah_zen5::RETIRED_INSTRUCTIONS";
	int rc = counters_open(name, &c, err, sizeof err);

	if (perf_source_live(pwhy, sizeof pwhy)) {
		printf("SKIPPED: disabled-component name: perf_event is live here\n");
		CHECK(rc == 0 || strstr(err, "unknown event"), "%s: rc %d err %s", name, rc, err);
	} else {
		CHECK(rc == 0 && c && !counters_live(c, 0) && strstr(counters_why(c, 0), "disabled"),
		      "%s: rc %d err %s why %s", name, rc, err, c ? counters_why(c, 0) : "-");
	}
	if (c)
		counters_close(c);
}
#endif

/* Returns nothing; the counter sources list is never empty and each is live XOR explained. */
static void test_sources(void)
{
	struct counters_source src[16];
	size_t n = counters_sources(src, 16);

	CHECK(n >= 1 && n <= 16, "sources: %zu", n);
	for (size_t i = 0; i < n && i < 16; i++) {
		printf("  source %s live=%d: %s\n", src[i].name, src[i].live, src[i].why);
		CHECK(!strncmp(src[i].name, "papi", 4) && src[i].why[0],
		      "source %zu: name \"%s\" why \"%s\"", i, src[i].name, src[i].why);
		CHECK(src[i].live == 0 || src[i].live == 1, "source %s live %d", src[i].name,
		      src[i].live);
	}
	CHECK(counters_sources(src, 0) == 0, "sources: max 0 filled something");
}

int main(void)
{
	const char *ver = counters_papi_version();

	printf("  PAPI version %s\n", ver);
	CHECK(ver && ver[0], "papi version empty");
#ifdef HAVE_PAPI
	CHECK(ver[0] >= '1' && ver[0] <= '9', "papi version \"%s\"", ver);
#endif
	test_default_list();
	test_software_events();
	test_bad_lists();
	test_wish_list();
#ifdef HAVE_PAPI
	test_disabled_component_name();
#endif
	test_sources();
	return check_done();
}
