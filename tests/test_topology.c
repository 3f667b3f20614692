/* test_topology.c - the topology reader and the CPU choice for threads, on fixture sysfs trees
 * written here (an SMT machine whose cores share an L2 two by two, a two-package machine, a
 * tree with files missing) and on this machine's own sysfs. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "check.h"
#include "env/topology.h"

static char root[256];

/* Writes text to root/rel, creating the directories on the way. */
static void put(const char *rel, const char *fmt, ...)
{
	char path[512];
	va_list ap;
	FILE *f;

	snprintf(path, sizeof path, "%s/%s", root, rel);
	for (char *p = path + strlen(root) + 1; (p = strchr(p, '/')); p++) {
		*p = 0;
		mkdir(path, 0755);
		*p = '/';
	}
	if (!(f = fopen(path, "w"))) {
		perror(path);
		exit(1);
	}
	va_start(ap, fmt);
	vfprintf(f, fmt, ap);
	va_end(ap);
	fputc('\n', f);
	fclose(f);
}

/* Writes one cache index of cpu. */
static void put_cache(int cpu, int k, int level, const char *type, const char *size,
		      const char *shared)
{
	char rel[128];

	snprintf(rel, sizeof rel, "cpu/cpu%d/cache/index%d/level", cpu, k);
	put(rel, "%d", level);
	snprintf(rel, sizeof rel, "cpu/cpu%d/cache/index%d/type", cpu, k);
	put(rel, "%s", type);
	snprintf(rel, sizeof rel, "cpu/cpu%d/cache/index%d/size", cpu, k);
	put(rel, "%s", size);
	snprintf(rel, sizeof rel, "cpu/cpu%d/cache/index%d/shared_cpu_list", cpu, k);
	put(rel, "%s", shared);
}

/* Writes cpu's topology files. */
static void put_cpu(int cpu, int package, const char *siblings)
{
	char rel[128];

	snprintf(rel, sizeof rel, "cpu/cpu%d/topology/physical_package_id", cpu);
	put(rel, "%d", package);
	snprintf(rel, sizeof rel, "cpu/cpu%d/topology/thread_siblings_list", cpu);
	put(rel, "%s", siblings);
}

/* Makes a fresh fixture root. */
static void fresh_root(void)
{
	char cmd[300];

	if (root[0]) {
		snprintf(cmd, sizeof cmd, "rm -rf '%s'", root);
		if (system(cmd) != 0)
			printf("  could not remove %s\n", root);
	}
	snprintf(root, sizeof root, "/tmp/sb-topo-XXXXXX");
	if (!mkdtemp(root)) {
		perror("mkdtemp");
		exit(1);
	}
}

/* Returns 1 when out[0..n) is want (a comma list), else prints both and returns 0. */
static int same(const int *out, int n, const char *want)
{
	char have[128] = "";
	size_t at = 0;

	for (int i = 0; i < n; i++)
		at += (size_t)snprintf(have + at, sizeof have - at, "%s%d", i ? "," : "", out[i]);
	if (!strcmp(have, want))
		return 1;
	printf("    expected cpus %s got %s\n", want, have);
	return 0;
}

/* Four cores of two hardware threads each (siblings n and n+4), L1 per core, an L2 shared by
 * two cores, one L3: the shape of many client chips. */
static void test_smt_shared_l2(void)
{
	struct topology t;
	int out[8];
	char note[256];

	fresh_root();
	put("cpu/online", "0-7");
	put("node/node0/cpulist", "0-7");
	for (int c = 0; c < 8; c++) {
		char sib[32], l1[32];
		snprintf(sib, sizeof sib, "%d,%d", c % 4, c % 4 + 4);
		snprintf(l1, sizeof l1, "%s", sib);
		put_cpu(c, 0, sib);
		put_cache(c, 0, 1, "Data", "48K", l1);
		put_cache(c, 1, 1, "Instruction", "32K", l1);
		put_cache(c, 2, 2, "Unified", "2048K", c % 4 < 2 ? "0-1,4-5" : "2-3,6-7");
		put_cache(c, 3, 3, "Unified", "30M", "0-7");
	}
	CHECK(topo_read(&t, root) == 0, "read: %s", t.source);
	CHECK(t.ncpu == 8 && t.ncores == 4 && t.threads_per_core == 2 && t.npackages == 1 &&
	      t.nnodes == 1, "ncpu %zu cores %d tpc %d packages %d nodes %d", t.ncpu, t.ncores,
	      t.threads_per_core, t.npackages, t.nnodes);
	CHECK(t.ncache == 11, "caches %zu (4 L1d, 4 L1i, 2 L2, 1 L3)", t.ncache);
	for (size_t i = 0; i < t.ncache; i++)
		if (t.cache[i].level == 2)
			CHECK(t.cache[i].size == 2048 << 10 && t.cache[i].ncpus == 4,
			      "L2 %s: size %ld cpus %d", t.cache[i].cpus, t.cache[i].size,
			      t.cache[i].ncpus);
		else if (t.cache[i].level == 3)
			CHECK(t.cache[i].size == 30L << 20 && t.cache[i].ncpus == 8, "L3 %ld %d",
			      t.cache[i].size, t.cache[i].ncpus);
	CHECK(t.cpu[topo_index(&t, 5)].thread == 1 && t.cpu[topo_index(&t, 1)].thread == 0 &&
	      t.cpu[topo_index(&t, 5)].core == t.cpu[topo_index(&t, 1)].core, "cpu 1 and 5 one core");

	CHECK(topo_choose(&t, 4, 0, TOPO_CORES, out, note, sizeof note) == 0 &&
	      same(out, 4, "0,1,2,3"), "cores, 4 from 0: %s", note);
	CHECK(strstr(note, "one per core") && strstr(note, "4 cores"), "note \"%s\"", note);
	CHECK(topo_choose(&t, 6, 0, TOPO_CORES, out, note, sizeof note) == 0 &&
	      same(out, 6, "0,1,2,3,4,5"), "cores, 6 from 0: %s", note);
	CHECK(strstr(note, "second hardware threads") != NULL, "note \"%s\"", note);
	CHECK(topo_choose(&t, 2, 0, TOPO_SIBLINGS, out, note, sizeof note) == 0 &&
	      same(out, 2, "0,4"), "siblings, 2 from 0: %s", note);
	CHECK(strstr(note, "share its L1") != NULL, "note \"%s\"", note);
	CHECK(topo_choose(&t, 4, 0, TOPO_SIBLINGS, out, note, sizeof note) == 0 &&
	      same(out, 4, "0,4,1,5"), "siblings, 4 from 0 (one L2): %s", note);
	CHECK(topo_choose(&t, 2, 5, TOPO_CORES, out, note, sizeof note) == 0 &&
	      same(out, 2, "5,0"), "cores, 2 from 5 (not 1, its sibling): %s", note);
	CHECK(topo_choose(&t, 9, 0, TOPO_CORES, out, note, sizeof note) == -1 &&
	      strstr(note, "8 online"), "9 threads: \"%s\"", note);
	CHECK(topo_choose(&t, 2, 8, TOPO_CORES, out, note, sizeof note) == -1 &&
	      strstr(note, "cpu 8 is not online"), "from cpu 8: \"%s\"", note);

	/* a process allowed cpus 1 and 4 only (taskset -c 1,4): threads go nowhere else */
	cpu_set_t allowed;
	CPU_ZERO(&allowed);
	CPU_SET(1, &allowed);
	CPU_SET(4, &allowed);
	topo_restrict(&t, &allowed);
	CHECK(topo_choose(&t, 2, 4, TOPO_CORES, out, note, sizeof note) == 0 &&
	      same(out, 2, "4,1"), "allowed 1,4: 2 from 4: %s", note);
	CHECK(topo_choose(&t, 1, -1, TOPO_CORES, out, note, sizeof note) == 0 && same(out, 1, "1"),
	      "allowed 1,4: 1 from the lowest: %s", note);
	CHECK(topo_choose(&t, 3, 1, TOPO_CORES, out, note, sizeof note) == -1 &&
	      strstr(note, "3 threads need 3 CPUs: 2 of the 8 online here may be used (1,4)"),
	      "allowed 1,4: 3 threads: \"%s\"", note);
	CHECK(topo_choose(&t, 2, 0, TOPO_CORES, out, note, sizeof note) == -1 &&
	      strstr(note, "not one this run may use"), "allowed 1,4: from cpu 0: \"%s\"", note);
}

/* Two packages (NUMA nodes) of two cores with adjacent siblings (0,1), (2,3): the shape of
 * many servers' numbering. */
static void test_two_packages(void)
{
	struct topology t;
	int out[8];
	char note[256];

	fresh_root();
	put("cpu/online", "0-7");
	put("node/node0/cpulist", "0-3");
	put("node/node1/cpulist", "4-7");
	for (int c = 0; c < 8; c++) {
		char sib[32];
		snprintf(sib, sizeof sib, "%d-%d", c & ~1, (c & ~1) + 1);
		put_cpu(c, c / 4, sib);
		put_cache(c, 0, 3, "Unified", "32768K", c < 4 ? "0-3" : "4-7");
	}
	CHECK(topo_read(&t, root) == 0, "read: %s", t.source);
	CHECK(t.ncores == 4 && t.npackages == 2 && t.nnodes == 2 && t.ncache == 2,
	      "cores %d packages %d nodes %d caches %zu", t.ncores, t.npackages, t.nnodes,
	      t.ncache);
	CHECK(t.cpu[topo_index(&t, 6)].node == 1 && t.cpu[topo_index(&t, 3)].node == 0,
	      "nodes of 6 and 3: %d %d", t.cpu[topo_index(&t, 6)].node,
	      t.cpu[topo_index(&t, 3)].node);
	CHECK(topo_choose(&t, 3, 4, TOPO_CORES, out, note, sizeof note) == 0 &&
	      same(out, 3, "4,6,0"), "cores, 3 from 4 (its package first): %s", note);
}

/* A tree with only cpu/online: every CPU its own core, no caches; and no tree at all. */
static void test_missing(void)
{
	struct topology t;
	int out[2];
	char note[256];

	fresh_root();
	put("cpu/online", "0,2");
	CHECK(topo_read(&t, root) == 0 && t.ncpu == 2 && t.ncores == 2 && t.ncache == 0 &&
	      t.nnodes == 1, "bare tree: ncpu %zu cores %d caches %zu", t.ncpu, t.ncores,
	      t.ncache);
	CHECK(topo_choose(&t, 2, 2, TOPO_SIBLINGS, out, note, sizeof note) == 0 &&
	      same(out, 2, "2,0") && strstr(note, "no SMT here"), "bare: \"%s\"", note);
	fresh_root();
	CHECK(topo_read(&t, root) == -1 && !strncmp(t.source, "none: ", 6) && t.ncpu == 1,
	      "no online file: \"%s\"", t.source);
}

/* Lists as sysfs writes them, and malformed ones. */
static void test_lists(void)
{
	unsigned char set[64] = { 0 };

	CHECK(topo_parse_list("0-3,8,10-11", set, 64) == 7 && set[3] && set[8] && !set[9] &&
	      set[11], "0-3,8,10-11");
	memset(set, 0, sizeof set);
	CHECK(topo_parse_list("3-1", set, 64) == -1, "3-1 accepted");
	CHECK(topo_parse_list("0,x", set, 64) == -1, "0,x accepted");
	CHECK(topo_parse_list("", set, 64) == 0, "empty list");
}

int main(void)
{
	struct topology t;
	char note[256];
	int out[1];

	test_lists();
	test_smt_shared_l2();
	test_two_packages();
	test_missing();
	fresh_root();
	rmdir(root);
	CHECK(topo_read(&t, NULL) == 0 || !strncmp(t.source, "none: ", 6), "this machine: %s",
	      t.source);
	CHECK(t.ncpu >= 1 && topo_choose(&t, 1, -1, TOPO_CORES, out, note, sizeof note) == 0,
	      "this machine: %zu cpus, %s", t.ncpu, note);
	printf("  this machine: %zu cpus, %d cores, %zu caches; %s\n", t.ncpu, t.ncores, t.ncache,
	       note);
	return check_done();
}
