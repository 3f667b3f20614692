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

/* Reads /proc/stat (path: NULL for /proc/stat).  Returns 0, or -1 (s->ok = 0). */
int hostload_snap(const char *path, int pinned_cpu, struct host_snap *s);
/* Returns [{"steal_pct": 0.1, "other_cpus_busy_pct": 3.2}, ...] for the n + 1 snapshots
 * around n epochs (json_decref it); null members where a snapshot failed. */
json_t *hostload_json(const struct host_snap *snap, unsigned n);

#endif
