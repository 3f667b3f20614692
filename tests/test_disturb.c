/* test_disturb.c - disturbed-sample detection without PAPI: a sleep is a voluntary switch, a
 * forced move to another cpu is a migration, counts never go backwards. */
#include <sched.h>
#include <string.h>
#include <time.h>

#include "check.h"
#include "bench/disturb.h"

/* Returns nothing; sleeping blocks the thread: at least one voluntary switch, and disturbed. */
static void test_sleep_switches(void)
{
	struct disturb_mark m;
	struct disturb_delta d;
	struct timespec ts = { 0, 2000000 };

	disturb_begin(&m);
	CHECK(m.nvcsw >= 0 && m.nivcsw >= 0, "getrusage(RUSAGE_THREAD) failed: %ld %ld", m.nvcsw,
	      m.nivcsw);
	nanosleep(&ts, NULL);
	CHECK(disturb_end(&m, &d) == 1, "a 2 ms sleep was not seen as disturbed");
	CHECK(d.nvcsw >= 1, "a 2 ms sleep gave %ld voluntary switches", d.nvcsw);
	CHECK(d.nivcsw >= 0, "involuntary switches went backwards: %ld", d.nivcsw);
	printf("  2 ms sleep: %ld voluntary, %ld involuntary, cpu %d -> %d\n", d.nvcsw, d.nivcsw,
	       d.cpu_before, d.cpu_after);
}

/* Returns nothing; an empty bracket gives counts >= 0 and a consistent verdict (it may still be
 * disturbed on a busy machine: only the consistency is checked). */
static void test_consistent(void)
{
	struct disturb_mark m;
	struct disturb_delta d;
	int r;

	disturb_begin(&m);
	r = disturb_end(&m, &d);
	CHECK(d.nvcsw >= 0 && d.nivcsw >= 0, "negative switch counts %ld %ld", d.nvcsw, d.nivcsw);
	CHECK(r == (d.nvcsw > 0 || d.nivcsw > 0 || d.migrated), "verdict %d for %ld/%ld/%d", r,
	      d.nvcsw, d.nivcsw, d.migrated);
	CHECK(d.cpu_before >= 0 && d.cpu_after >= 0, "sched_getcpu failed: %d %d", d.cpu_before,
	      d.cpu_after);
	CHECK(disturb_end(&m, NULL) >= 0, "disturb_end with out NULL");
	CHECK(strstr(disturb_method(), "getrusage") != NULL, "method \"%s\"", disturb_method());
}

/* Returns nothing; pinned to one cpu, then moved to another: a migration, and disturbed. */
static void test_migration(void)
{
	cpu_set_t allowed, one;
	int a = -1, b = -1;
	struct disturb_mark m;
	struct disturb_delta d;

	CHECK(sched_getaffinity(0, sizeof allowed, &allowed) == 0, "sched_getaffinity failed");
	for (int i = 0; i < CPU_SETSIZE; i++)
		if (CPU_ISSET(i, &allowed))
			a < 0 ? (a = i) : (b = i);
	if (b < 0) {
		printf("SKIPPED: migration: this process may use only cpu %d\n", a);
		return;
	}
	CPU_ZERO(&one);
	CPU_SET(a, &one);
	CHECK(sched_setaffinity(0, sizeof one, &one) == 0, "pin to cpu %d failed", a);
	disturb_begin(&m);
	CHECK(m.cpu == a, "pinned to %d, mark says %d", a, m.cpu);
	CPU_ZERO(&one);
	CPU_SET(b, &one);
	CHECK(sched_setaffinity(0, sizeof one, &one) == 0, "pin to cpu %d failed", b);
	CHECK(disturb_end(&m, &d) == 1, "moving from cpu %d to %d was not disturbed", a, b);
	CHECK(d.migrated == 1 && d.cpu_before == a && d.cpu_after == b,
	      "migration: migrated %d cpu %d -> %d (want %d -> %d)", d.migrated, d.cpu_before,
	      d.cpu_after, a, b);
	CHECK(d.nvcsw + d.nivcsw >= 1, "a migration without a switch: %ld + %ld", d.nvcsw,
	      d.nivcsw);
	CHECK(sched_setaffinity(0, sizeof allowed, &allowed) == 0, "restoring affinity failed");
}

int main(void)
{
	test_sleep_switches();
	test_consistent();
	test_migration();
	return check_done();
}
