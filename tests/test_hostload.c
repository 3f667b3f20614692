/* test_hostload.c - steal time and the other CPUs' load from two /proc/stat snapshots. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "env/hostload.h"

/* Writes text to a temporary file; returns its path (static). */
static const char *stat_file(const char *text, int which)
{
	static char path[2][64];
	FILE *f;

	snprintf(path[which], sizeof path[which], "/tmp/sb-hostload-%d-%d", (int)getpid(), which);
	f = fopen(path[which], "w");
	fputs(text, f);
	fclose(f);
	return path[which];
}

int main(void)
{
	/* cpu: user nice system idle iowait irq softirq steal */
	const char *a = stat_file("cpu  100 0 100 800 0 0 0 0 0 0\n"
				  "cpu0 50 0 50 400 0 0 0 0 0 0\n"
				  "cpu1 50 0 50 400 0 0 0 0 0 0\nintr 5\n", 0);
	const char *b = stat_file("cpu  300 0 100 1000 0 0 0 100 0 0\n"
				  "cpu0 60 0 50 490 0 0 0 50 0 0\n"
				  "cpu1 240 0 50 410 0 0 0 50 0 0\nintr 9\n", 1);
	struct host_snap s[2];
	char *buf = NULL;
	json_t *j;

	CHECK(hostload_snap(a, 0, &s[0]) == 0 && s[0].ok, "snapshot a not read");
	CHECK(hostload_snap(b, 0, &s[1]) == 0, "snapshot b not read");
	CHECK(s[0].total == 1000 && s[1].total == 1500, "totals %llu %llu", s[0].total, s[1].total);
	CHECK(s[1].other_busy - s[0].other_busy == 240 && s[1].other_total - s[0].other_total == 250,
	      "cpu1 (the other one): busy %llu of %llu", s[1].other_busy - s[0].other_busy,
	      s[1].other_total - s[0].other_total);
	j = hostload_json(s, 1);
	buf = json_dumps(j, JSON_COMPACT);
	/* steal 100 of 500 jiffies; cpu1 busy 240 of 250 */
	CHECK(buf && !strcmp(buf, "[{\"steal_pct\":20.0,\"other_cpus_busy_pct\":96.0}]"), "json %s", buf);
	free(buf);
	json_decref(j);
	/* the same snapshot twice: nothing elapsed, null rather than a made-up 0 */
	s[1] = s[0];
	j = hostload_json(s, 1);
	buf = json_dumps(j, JSON_COMPACT);
	CHECK(buf && !strcmp(buf, "[{\"steal_pct\":null,\"other_cpus_busy_pct\":null}]"), "json %s", buf);
	free(buf);
	json_decref(j);
	CHECK(hostload_snap("/nonexistent/stat", 0, &s[0]) == -1 && !s[0].ok, "missing file read");

	/* each CPU on its own: cpu1 busy 240 of 250 jiffies (96%), cpu0 60 of 150; cpu7 unlisted */
	static struct host_cpus ca, cb;
	CHECK(hostload_cpus(a, &ca) == 0 && hostload_cpus(b, &cb) == 0, "per-cpu snapshots not read");
	CHECK(hostload_busy_pct(&ca, &cb, 1) == 96.0 && hostload_busy_pct(&ca, &cb, 0) == 40.0,
	      "busy: cpu1 %.1f%% cpu0 %.1f%%", hostload_busy_pct(&ca, &cb, 1),
	      hostload_busy_pct(&ca, &cb, 0));
	CHECK(hostload_busy_pct(&ca, &cb, 7) == -1 && hostload_busy_pct(&ca, &ca, 1) == -1,
	      "an unlisted cpu, or no time elapsed, is unknown");
	CHECK(hostload_cpus("/nonexistent/stat", &ca) == -1 && hostload_busy_pct(&ca, &cb, 1) == -1,
	      "missing file read");
	unlink(a);
	unlink(b);
	return check_done();
}
