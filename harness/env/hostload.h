/* hostload.h - how busy the host was: /proc/stat read at the edges of each epoch of a run,
 * giving the steal time (a hypervisor running someone else on our vCPUs) and how busy the
 * other logical CPUs were (a build or a test beside the bench shares the core or the cache). */
#ifndef SB_HOSTLOAD_H
#define SB_HOSTLOAD_H

#include <stdio.h>

#include "util/jsonx.h"

#define HOST_MAX_EPOCHS 64

struct host_snap {
	unsigned long long steal, total;            /* all CPUs: the "cpu" line */
	unsigned long long other_busy, other_total; /* the CPUs other than the pinned one */
	int ok;
};

/* Each CPU's busy and total jiffies (the "cpuN" lines), by cpu number, and the whole
 * machine's total and steal (the "cpu" line). */
#define HOST_MAX_CPUS 1024
struct host_cpus {
	unsigned long long busy[HOST_MAX_CPUS], total[HOST_MAX_CPUS];
	unsigned long long all_total, all_steal;
	int ok;
};

/* Reads /proc/stat (path: NULL for /proc/stat).  Returns 0, or -1 (s->ok = 0). */
int hostload_snap(const char *path, int pinned_cpu, struct host_snap *s);
/* Reads every "cpu" line of /proc/stat (path: NULL for /proc/stat) into s.  Returns 0, or -1
 * (s->ok = 0). */
int hostload_cpus(const char *path, struct host_cpus *s);
/* Returns how busy cpu was between snapshots a and b, in percent; -1 when unknown (a snapshot
 * failed, the cpu is not listed, or no time elapsed). */
double hostload_busy_pct(const struct host_cpus *a, const struct host_cpus *b, int cpu);
/* Returns [{"steal_pct": 0.1, "other_cpus_busy_pct": 3.2}, ...] for the n + 1 snapshots
 * around n epochs (json_decref it); null members where a snapshot failed. */
json_t *hostload_json(const struct host_snap *snap, unsigned n);

#endif
