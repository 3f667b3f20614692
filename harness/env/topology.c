/* topology.c - the CPU topology from Linux sysfs (topology.h).  Every file is optional but
 * cpu/online: what is missing is said in t->source and the rest still read. */
#include <ctype.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "env/cpuset.h"
#include "env/topology.h"

#define SYSFS_ROOT "/sys/devices/system"

/* Reads the first line of root/rel into buf (newline removed).  Returns 0, or -1. */
static int read_line(const char *root, const char *rel, char *buf, size_t len)
{
	char path[512];
	FILE *f;

	if ((size_t)snprintf(path, sizeof path, "%s/%s", root, rel) >= sizeof path)
		return -1;
	if (!(f = fopen(path, "r")))
		return -1;
	if (!fgets(buf, (int)len, f)) {
		fclose(f);
		return -1;
	}
	fclose(f);
	buf[strcspn(buf, "\n")] = 0;
	return 0;
}

/* Returns the integer in root/rel, or dflt when it is missing or not a number. */
static long read_long(const char *root, const char *rel, long dflt)
{
	char buf[64], *end;
	long v;

	if (read_line(root, rel, buf, sizeof buf))
		return dflt;
	v = strtol(buf, &end, 10);
	return end == buf ? dflt : v;
}

int topo_parse_list(const char *s, unsigned char *set, int max)
{
	int n = 0;

	while (*s) {
		char *end;
		long a = strtol(s, &end, 10), b = a;
		if (end == s || a < 0)
			return -1;
		s = end;
		if (*s == '-') {
			b = strtol(s + 1, &end, 10);
			if (end == s + 1 || b < a)
				return -1;
			s = end;
		}
		if (*s == ',')
			s++;
		else if (*s && !isspace((unsigned char)*s))
			return -1;
		for (long c = a; c <= b && c < max; c++)
			if (!set[c]) {
				set[c] = 1;
				n++;
			}
		while (isspace((unsigned char)*s))
			s++;
	}
	return n;
}

/* Returns bytes for a sysfs cache size such as "48K", "2048K" or "260M"; 0 when unreadable. */
static long parse_size(const char *s)
{
	char *end;
	long v = strtol(s, &end, 10);

	if (end == s || v < 0)
		return 0;
	switch (*end) {
	case 'K': return v << 10;
	case 'M': return v << 20;
	case 'G': return v << 30;
	default: return v;
	}
}

int topo_index(const struct topology *t, int cpu)
{
	for (size_t i = 0; i < t->ncpu; i++)
		if (t->cpu[i].cpu == cpu)
			return (int)i;
	return -1;
}

/* Groups the CPUs into cores by their thread_siblings_list (a missing list: a core of its
 * own) and numbers each CPU's hardware thread within its core. */
static void read_cores(struct topology *t, const char *root)
{
	char sib[TOPO_MAX_CPUS][96];

	t->ncores = 0;
	t->threads_per_core = 1;
	for (size_t i = 0; i < t->ncpu; i++) {
		char rel[96];
		struct topo_cpu *c = &t->cpu[i];
		snprintf(rel, sizeof rel, "cpu/cpu%d/topology/thread_siblings_list", c->cpu);
		if (read_line(root, rel, sib[i], sizeof sib[i]))
			snprintf(sib[i], sizeof sib[i], "%d", c->cpu);
		snprintf(rel, sizeof rel, "cpu/cpu%d/topology/physical_package_id", c->cpu);
		c->package = (int)read_long(root, rel, 0);
		c->core = -1;
		c->thread = 0;
		for (size_t j = 0; j < i; j++)
			if (!strcmp(sib[i], sib[j])) {
				c->core = t->cpu[j].core;
				c->thread++;
			}
		if (c->core < 0)
			c->core = t->ncores++;
		if (c->thread + 1 > t->threads_per_core)
			t->threads_per_core = c->thread + 1;
	}
}

/* Returns how many distinct packages the CPUs are on. */
static int count_packages(const struct topology *t)
{
	int n = 0;

	for (size_t i = 0; i < t->ncpu; i++) {
		size_t j = 0;
		while (j < i && t->cpu[j].package != t->cpu[i].package)
			j++;
		n += j == i;
	}
	return n;
}

/* Sets each CPU's NUMA node from node/nodeN/cpulist (none: every CPU on node 0). */
static void read_nodes(struct topology *t, const char *root)
{
	char path[512];
	struct dirent *d;
	DIR *dir;

	t->nnodes = 1;
	snprintf(path, sizeof path, "%s/node", root);
	if (!(dir = opendir(path)))
		return;
	t->nnodes = 0;
	while ((d = readdir(dir))) {
		char rel[300], list[512];
		unsigned char set[TOPO_MAX_CPUS] = { 0 };
		int node;
		if (sscanf(d->d_name, "node%d", &node) != 1 || node < 0)
			continue;
		snprintf(rel, sizeof rel, "node/%s/cpulist", d->d_name);
		if (read_line(root, rel, list, sizeof list) || topo_parse_list(list, set,
									 TOPO_MAX_CPUS) < 0)
			continue;
		t->nnodes++;
		for (size_t i = 0; i < t->ncpu; i++)
			if (set[t->cpu[i].cpu])
				t->cpu[i].node = node;
	}
	closedir(dir);
	if (!t->nnodes)
		t->nnodes = 1;
}

/* Adds cache indexK of cpu unless one with the same level, type and CPU list is known.
 * Returns 0, or -1 when the cpu has no such index. */
static int add_cache(struct topology *t, const char *root, int cpu, int k)
{
	char rel[128], size[32];
	struct topo_cache c = { 0 };
	unsigned char set[TOPO_MAX_CPUS] = { 0 };

	snprintf(rel, sizeof rel, "cpu/cpu%d/cache/index%d/level", cpu, k);
	if ((c.level = (int)read_long(root, rel, -1)) < 0)
		return -1;
	snprintf(rel, sizeof rel, "cpu/cpu%d/cache/index%d/type", cpu, k);
	if (read_line(root, rel, c.type, sizeof c.type))
		snprintf(c.type, sizeof c.type, "Unified");
	snprintf(rel, sizeof rel, "cpu/cpu%d/cache/index%d/size", cpu, k);
	c.size = read_line(root, rel, size, sizeof size) ? 0 : parse_size(size);
	snprintf(rel, sizeof rel, "cpu/cpu%d/cache/index%d/shared_cpu_list", cpu, k);
	if (read_line(root, rel, c.cpus, sizeof c.cpus))
		snprintf(c.cpus, sizeof c.cpus, "%d", cpu);
	c.ncpus = topo_parse_list(c.cpus, set, TOPO_MAX_CPUS);
	for (size_t i = 0; i < t->ncache; i++)
		if (t->cache[i].level == c.level && !strcmp(t->cache[i].type, c.type) &&
		    !strcmp(t->cache[i].cpus, c.cpus))
			return 0;
	if (t->ncache < TOPO_MAX_CACHES)
		t->cache[t->ncache++] = c;
	return 0;
}

int topo_read(struct topology *t, const char *root)
{
	unsigned char online[TOPO_MAX_CPUS] = { 0 };
	char list[512];

	memset(t, 0, sizeof *t);
	root = root ? root : SYSFS_ROOT;
	if (read_line(root, "cpu/online", list, sizeof list) ||
	    topo_parse_list(list, online, TOPO_MAX_CPUS) <= 0) {
		snprintf(t->source, sizeof t->source, "none: %.100s/cpu/online unreadable", root);
		t->ncpu = 1;
		t->cpu[0].usable = 1;
		t->ncores = t->npackages = t->nnodes = t->threads_per_core = 1;
		return -1;
	}
	for (int c = 0; c < TOPO_MAX_CPUS; c++)
		if (online[c])
			t->cpu[t->ncpu++] = (struct topo_cpu){ .cpu = c, .usable = 1 };
	read_cores(t, root);
	t->npackages = count_packages(t);
	read_nodes(t, root);
	for (size_t i = 0; i < t->ncpu; i++)
		for (int k = 0; k < 16 && !add_cache(t, root, t->cpu[i].cpu, k); k++)
			;
	snprintf(t->source, sizeof t->source, "sysfs");
	return 0;
}

/* Returns the index of the next CPU to take: for TOPO_CORES the one whose core has the fewest
 * chosen CPUs, then one on first's package, then the lowest number; for TOPO_SIBLINGS one on
 * the core with the most chosen CPUs that still has a free one, then the same ties. */
static int next_cpu(const struct topology *t, const unsigned char *taken, const int *on_core,
		    int package, enum topo_place place)
{
	int best = -1;
	long best_key = 0;

	for (size_t i = 0; i < t->ncpu; i++) {
		const struct topo_cpu *c = &t->cpu[i];
		long k = place == TOPO_CORES ? on_core[c->core] : -on_core[c->core];
		if (taken[i] || !c->usable)
			continue;
		k = k * 2 + (c->package != package);
		if (best < 0 || k < best_key) {
			best = (int)i;
			best_key = k;
		}
	}
	return best;
}

/* Writes what was chosen into note: the CPUs, the rule, and the machine's shape. */
static void choose_note(const struct topology *t, const int *out, int n, enum topo_place place,
			int cores_used, char *note, size_t len)
{
	char cpus[256] = "";
	size_t at = 0;

	for (int i = 0; i < n && at < sizeof cpus - 8; i++)
		at += (size_t)snprintf(cpus + at, sizeof cpus - at, "%s%d", i ? "," : "", out[i]);
	snprintf(note, len, "cpu%s %s: %s (%d core%s, %d hardware thread%s per core)",
		 n > 1 ? "s" : "", cpus,
		 t->threads_per_core < 2 ? "one per core (no SMT here)" :
		 place == TOPO_SIBLINGS ? "hardware threads of one core first (they share its L1 "
					  "and L2)" :
		 cores_used < n ? "one per core, then the cores' second hardware threads" :
				  "one per core",
		 t->ncores, t->ncores == 1 ? "" : "s", t->threads_per_core,
		 t->threads_per_core == 1 ? "" : "s");
}

void topo_restrict(struct topology *t, const cpu_set_t *allowed)
{
	for (size_t i = 0; i < t->ncpu; i++)
		if (!CPU_ISSET_S(t->cpu[i].cpu, sizeof *allowed, allowed))
			t->cpu[i].usable = 0;
}

/* Writes the usable CPUs as "0,2" into buf; returns how many. */
static int usable_list(const struct topology *t, char *buf, size_t len)
{
	int n = 0;
	size_t at = 0;

	buf[0] = 0;
	for (size_t i = 0; i < t->ncpu; i++)
		if (t->cpu[i].usable && ++n && at + 8 < len)
			at += (size_t)snprintf(buf + at, len - at, "%s%d", at ? "," : "",
					       t->cpu[i].cpu);
	return n;
}

int topo_choose(const struct topology *t, int n, int first, enum topo_place place, int *out,
		char *note, size_t notelen)
{
	unsigned char taken[TOPO_MAX_CPUS] = { 0 };
	int on_core[TOPO_MAX_CPUS] = { 0 }, cores_used = 0, package;
	int at = first < 0 ? next_cpu(t, taken, on_core, -1, TOPO_CORES) : topo_index(t, first);
	char list[256];
	int usable = usable_list(t, list, sizeof list);

	if (at < 0 || !t->cpu[at].usable) {
		snprintf(note, notelen, "cpu %d is not online here or not one this run may use "
			 "(%zu online; usable: %s)", first, t->ncpu, list);
		return -1;
	}
	if (n < 1 || n > usable) {
		if ((size_t)usable < t->ncpu)
			snprintf(note, notelen, "%d threads need %d CPUs: %d of the %zu online here "
				 "may be used (%s)", n, n, usable, t->ncpu, list);
		else
			snprintf(note, notelen, "%d threads need %d CPUs: %zu online here", n, n,
				 t->ncpu);
		return -1;
	}
	package = t->cpu[at].package;
	for (int i = 0; i < n; i++) {
		if (i)
			at = next_cpu(t, taken, on_core, package, place);
		taken[at] = 1;
		cores_used += !on_core[t->cpu[at].core]++;
		out[i] = t->cpu[at].cpu;
	}
	choose_note(t, out, n, place, cores_used, note, notelen);
	return 0;
}

/* Returns one cache as {"level", "type", "bytes", "shared_cpus", "ncpus"}. */
static json_t *cache_json(const struct topo_cache *c)
{
	json_t *o = json_object();

	jsonx_set_int(o, "level", c->level);
	jsonx_set_str(o, "type", c->type);
	jsonx_set_bytes(o, "bytes", c->size);
	jsonx_set_str(o, "shared_cpus", c->cpus);
	jsonx_set_int(o, "ncpus", c->ncpus);
	return o;
}

json_t *topo_json(void)
{
	struct topology t;
	json_t *o = json_object(), *cpus = json_array(), *caches = json_array();
	char list[256];

	topo_read(&t, NULL);
	jsonx_set_str(o, "source", t.source);
	jsonx_set_int(o, "cpus", (long long)t.ncpu);
	jsonx_set_int(o, "cores", t.ncores);
	jsonx_set_int(o, "packages", t.npackages);
	jsonx_set_int(o, "numa_nodes", t.nnodes);
	jsonx_set_int(o, "threads_per_core", t.threads_per_core);
	jsonx_set_str(o, "allowed_cpus", cpuset_list(list, sizeof list));
	for (size_t i = 0; i < t.ncpu; i++) {
		json_t *c = json_object();
		jsonx_set_int(c, "cpu", t.cpu[i].cpu);
		jsonx_set_int(c, "core", t.cpu[i].core);
		jsonx_set_int(c, "package", t.cpu[i].package);
		jsonx_set_int(c, "node", t.cpu[i].node);
		jsonx_set_int(c, "thread", t.cpu[i].thread);
		json_array_append_new(cpus, c);
	}
	const struct topo_cache *l2 = NULL, *llc = NULL;
	for (size_t i = 0; i < t.ncache; i++) {
		const struct topo_cache *c = &t.cache[i];
		json_array_append_new(caches, cache_json(c));
		if (c->level < 2 || !strcmp(c->type, "Instruction"))
			continue;
		if (c->level == 2 && !l2)
			l2 = c;
		if (!llc || c->level > llc->level)
			llc = c;
	}
	/* the charts' scalars: an L2 and the last level, and how many CPUs share one */
	if (l2) {
		jsonx_set_bytes(o, "l2_bytes", l2->size);
		jsonx_set_int(o, "l2_cpus", l2->ncpus);
	}
	if (llc) {
		jsonx_set_int(o, "llc_level", llc->level);
		jsonx_set_bytes(o, "llc_bytes", llc->size);
		jsonx_set_int(o, "llc_cpus", llc->ncpus);
	}
	json_object_set_new(o, "cpu_list", cpus);
	json_object_set_new(o, "caches", caches);
	return o;
}
