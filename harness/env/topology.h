/* topology.h - which CPUs are cores, which are hardware threads of one core, which share which
 * cache, and on which NUMA node each sits (Linux sysfs); and the choice of CPUs for N threads. */
#ifndef SB_TOPOLOGY_H
#define SB_TOPOLOGY_H

#include <sched.h>
#include <stddef.h>

#include "util/jsonx.h"

#define TOPO_MAX_CPUS 256
#define TOPO_MAX_CACHES 64

struct topo_cpu {
	int cpu;          /* the kernel's cpu number */
	int core;         /* index into the cores this file found (0..ncores-1) */
	int package;      /* physical_package_id */
	int node;         /* NUMA node, 0 when the machine shows none */
	int thread;       /* 0 for the first hardware thread of its core, 1 for the next, ... */
	int usable;       /* 1: a thread may be placed here (topo_read: every online CPU) */
};

/* One cache, however many CPUs share it. */
struct topo_cache {
	int level;        /* 1, 2, 3 ... */
	char type[16];    /* "Data", "Instruction" or "Unified" */
	long size;        /* bytes; 0 when not given */
	char cpus[96];    /* shared_cpu_list as sysfs gives it, e.g. "0-3" or "0,4" */
	int ncpus;        /* how many CPUs share it */
};

struct topology {
	char source[160];  /* "sysfs" or "none: why" */
	size_t ncpu;
	struct topo_cpu cpu[TOPO_MAX_CPUS];  /* online CPUs in ascending number */
	int ncores, npackages, nnodes;
	int threads_per_core;                /* the most hardware threads any core has */
	size_t ncache;
	struct topo_cache cache[TOPO_MAX_CACHES];
};

/* How the threads of a multi-threaded run are placed. */
enum topo_place {
	TOPO_CORES,     /* one thread per core while cores last (the default) */
	TOPO_SIBLINGS   /* the hardware threads of one core first: they share its L1 and L2 */
};

/* Reads the topology under root (NULL: "/sys/devices/system"; a test passes a fixture tree
 * with the same layout: cpu/online, cpu/cpuN/topology/..., cpu/cpuN/cache/indexK/...,
 * node/nodeN/cpulist).  Returns 0, or -1 with t->source saying what was missing (t then holds
 * the online CPUs as one core each, so a run still has CPUs to choose from). */
int topo_read(struct topology *t, const char *root);
/* Leaves usable only the CPUs in allowed (this process's mask, cpuset.h). */
void topo_restrict(struct topology *t, const cpu_set_t *allowed);
/* Chooses n usable CPUs for n threads, the first one first (the CPU a run is pinned to, or
 * -1: the lowest usable), placed as place says; out[] gets the cpu numbers, note a sentence
 * saying what was chosen and why ("cpus 0,2: one per core (4 cores, 2 threads each)").
 * Returns 0, or -1 when fewer than n CPUs are usable or first is not one of them (note says
 * which). */
int topo_choose(const struct topology *t, int n, int first, enum topo_place place, int *out,
		char *note, size_t notelen);
/* Returns the index in t->cpu of cpu, or -1. */
int topo_index(const struct topology *t, int cpu);
/* Parses a sysfs CPU list ("0-3,8,10-11") into set[0..max): set[c] = 1.  Returns how many
 * were set, or -1 on a malformed list. */
int topo_parse_list(const char *s, unsigned char *set, int max);

/* Returns context.json's "topology" member (json_decref it) for this machine: source, cpus,
 * cores, packages, nodes, threads_per_core, allowed_cpus (the CPUs this process may run on,
 * cpuset.h), each CPU's core/package/node/thread, and each cache with the CPUs that share it. */
json_t *topo_json(void);

#endif
