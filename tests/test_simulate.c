/* test_simulate.c - callgrind for real: the test re-runs itself under valgrind in child mode
 * (--sim-child), walks a 4 KiB and a 256 KiB buffer one load per 64 B line, and the parent checks
 * the dumps come back under the right labels and that the big walk misses the simulated D1; then
 * walks 32 and 128 pages one load per page under the simulated 64-entry TLB (a D1 of 4 KiB
 * lines, fully associative): 32 pages fit, 128 pages cycled through an LRU miss every time. */
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "sim/sim_callgrind.h"

#define WALK_LOADS 65536 /* loads per walk region, whatever the buffer size */

#if defined(__SANITIZE_ADDRESS__)
#define TEST_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define TEST_ASAN 1
#endif
#endif

#define PAGE 4096
#define PAGE_LOADS 4096 /* loads per page-walk region */

/* not static: the loads must not be folded away */
unsigned char walk_buf[256 * 1024], page_buf[128 * PAGE] __attribute__((aligned(PAGE)));
volatile unsigned walk_sink;

/* Returns nothing; loads WALK_LOADS bytes, one per 64 B line, cycling over the first size bytes. */
static void walk(size_t size)
{
	unsigned s = 0;

	for (size_t done = 0; done < WALK_LOADS;)
		for (size_t i = 0; i < size && done < WALK_LOADS; i += 64, done++)
			s += walk_buf[i];
	walk_sink = s;
}

/* Returns nothing; loads PAGE_LOADS bytes, one per page, cycling over the first pages pages. */
static void walk_pages(size_t pages)
{
	unsigned s = 0;

	for (size_t done = 0; done < PAGE_LOADS; done++)
		s += page_buf[(done % pages) * PAGE];
	walk_sink = s;
}

/* Returns the child's exit status: the regions the parent reads back. */
static int child_main(void)
{
	static const size_t sizes[] = {4096, 256 * 1024};
	static const char *labels[] = {"walk-4k", "walk-256k"};

	if (!sim_under_valgrind())
		return 2;
	/* as bench does before its settle passes: what runs from here on is simulated, so the
	 * memset below leaves the walk's lines in the simulated caches */
	sim_instrument_start();
	memset(walk_buf, 1, sizeof walk_buf);
	for (size_t i = 0; i < 2; i++) {
		sim_region_begin();
		walk(sizes[i]);
		sim_region_end(labels[i]);
	}
	for (int i = 0; i < 2; i++) { /* one label dumped twice: mean counts, dumps == 2 */
		sim_region_begin();
		walk(4096);
		sim_region_end("twice");
	}
	memset(page_buf, 1, sizeof page_buf);
	sim_region_begin();
	walk_pages(32);
	sim_region_end("pages-32");
	sim_region_begin();
	walk_pages(128);
	sim_region_end("pages-128");
	return 0;
}

/* Returns nothing; geometry strings parse, and what valgrind refuses is refused here. */
static void test_geometry(void)
{
	struct sim_geometry g;
	char err[256] = "";

	CHECK(sim_geometry_parse(NULL, NULL, &g, err, sizeof err) == 0, "defaults: %s", err);
	CHECK(g.d1_size == 32768 && g.d1_assoc == 8 && g.d1_line == 64 && g.ll_size == 8388608 &&
	      g.ll_assoc == 16 && g.ll_line == 64, "defaults: %ld,%ld,%ld %ld,%ld,%ld", g.d1_size,
	      g.d1_assoc, g.d1_line, g.ll_size, g.ll_assoc, g.ll_line);
	CHECK(sim_geometry_parse("48K,12,64", "2M,16,64", &g, err, sizeof err) == 0 &&
	      g.d1_size == 49152 && g.d1_assoc == 12 && g.ll_size == 2097152, "48K: %s", err);
	static const char *bad[][2] = {{"32768,8,8", NULL}, {"32768,8", NULL}, {"abc", NULL},
				       {"32768,8,64,1", NULL}, {NULL, "12582912,16,64"}, {"0,8,64", NULL},
				       {"4096,1,4096", NULL}};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		err[0] = '\0';
		CHECK(sim_geometry_parse(bad[i][0], bad[i][1], &g, err, sizeof err) == -1 &&
		      strstr(err, bad[i][0] ? "D1 geometry" : "LL geometry"),
		      "bad geometry %s/%s: err \"%s\"", bad[i][0], bad[i][1], err);
	}
}

/* Returns nothing; the valgrind command line carries the geometry, the dump place and the child. */
static void test_argv(void)
{
	struct sim_geometry g;
	char err[64], *argv[32], *child[] = {"bench", "--sim-child", NULL};
	int n;

	sim_geometry_parse("65536,4,64", NULL, &g, err, sizeof err);
	n = sim_build_argv("/tmp/d", &g, "/x/self", child, argv, 32);
	CHECK(n > 4 && argv[n] == NULL, "argv: n %d", n);
	if (n <= 4)
		return;
	CHECK(!strcmp(argv[0], "valgrind") && !strcmp(argv[n - 3], "/x/self") &&
	      !strcmp(argv[n - 2], "bench") && !strcmp(argv[n - 1], "--sim-child"), "argv ends");
	int seen = 0;
	for (int i = 0; i < n; i++)
		seen |= (!strcmp(argv[i], "--D1=65536,4,64")) | (!strcmp(argv[i], "--LL=8388608,16,64")) << 1 |
			(!strcmp(argv[i], "--callgrind-out-file=/tmp/d/cg.%p")) << 2 |
			(!strcmp(argv[i], "--collect-atstart=no")) << 3 |
			(!strcmp(argv[i], "--tool=callgrind")) << 4;
	CHECK(seen == 31, "argv options seen mask %d", seen);
	CHECK(sim_build_argv("/tmp/d", NULL, "/x/self", child, argv, (size_t)n) == -1, "cap n fits");
	CHECK(sim_build_argv("/tmp/d", NULL, "/x/self", child, argv, (size_t)n + 1) == n, "cap n+1");
}

/* Returns nothing; sim_run reports exit statuses and a missing program; bad dirs are errors. */
static void test_run_and_collect_errors(void)
{
	char *ok[] = {"/bin/sh", "-c", "exit 3", NULL}, *missing[] = {"no-such-valgrind-xyz", NULL};
	char dir[] = "/tmp/sb-test-sim-XXXXXX", err[256] = "";
	struct sim_counts *c = NULL;
	size_t n = 0;

	CHECK(sim_run(ok) == 3, "sim_run sh exit 3");
	CHECK(sim_run(missing) == -1, "sim_run missing program");
	CHECK(mkdtemp(dir) != NULL, "mkdtemp");
	CHECK(sim_collect(dir, &c, &n, NULL, err, sizeof err) == -1 && strstr(err, "no callgrind dump"),
	      "empty dir: err \"%s\"", err);
	CHECK(sim_cleanup_dir(dir) == 0 && access(dir, F_OK) != 0, "cleanup of %s", dir);
	CHECK(sim_collect(dir, &c, &n, NULL, err, sizeof err) == -1 && c == NULL, "missing dir");
	CHECK(sim_under_valgrind() == 0, "parent thinks it runs under valgrind");
	sim_region_begin(); /* outside valgrind: no-ops */
	sim_region_end("nothing");
}

/* Returns the counts of label in c[0..n), or NULL. */
static const struct sim_counts *find(const struct sim_counts *c, size_t n, const char *label)
{
	for (size_t i = 0; i < n; i++)
		if (!strcmp(c[i].label, label))
			return &c[i];
	return NULL;
}

/* Returns nothing; runs the child under callgrind with D1 geometry d1, collects into *c / *n,
 * checks the geometry valgrind reports.  Like the bench, it names itself /proc/self/exe, which
 * sim_build_argv must resolve. */
static void run_child(const char *d1, struct sim_counts **c, size_t *n)
{
	struct sim_dump_info info;
	char dir[] = "/tmp/sb-test-sim-XXXXXX", err[256] = "", *argv[40], self[PATH_MAX];
	char *child[] = {"--sim-child", NULL};
	struct sim_geometry g;
	ssize_t len = readlink("/proc/self/exe", self, sizeof self - 1);
	int argc;

	*c = NULL, *n = 0;
	CHECK(len > 0 && mkdtemp(dir) != NULL, "self path or mkdtemp");
	if (len <= 0)
		return;
	self[len] = '\0';
	CHECK(sim_geometry_parse(d1, NULL, &g, err, sizeof err) == 0, "geometry %s: %s", d1, err);
	argc = sim_build_argv(dir, &g, "/proc/self/exe", child, argv, 40);
	CHECK(argc > 2 && !strcmp(argv[argc - 2], self), "self exe in argv: %s, want %s",
	      argc > 2 ? argv[argc - 2] : "-", self);
	int rc = sim_run(argv);
	CHECK(rc == 0, "child under valgrind exited %d", rc);
	CHECK(sim_collect(dir, c, n, &info, err, sizeof err) == 0, "collect: %s", err);
	CHECK(sim_check_geometry(&g, &info, err, sizeof err) == 0, "geometry used: %s", err);
	CHECK(!strncmp(info.creator, "callgrind-", 10), "creator \"%s\"", info.creator);
	CHECK(strstr(info.build, "|") != NULL, "build marker \"%s\"", info.build);
	CHECK(sim_cleanup_dir(dir) == 0, "cleanup %s", dir);
}

/* Returns nothing; the real simulation: labels, counts, and D1 misses that follow the geometry. */
static void test_simulation(void)
{
	char why[256] = "";
	struct sim_counts *c, *big;
	size_t n;

#ifdef TEST_ASAN
	printf("  simulation skipped: an ASan build cannot run under valgrind\n");
	return;
#endif
	if (!sim_available(why, sizeof why)) {
		printf("  simulation skipped: %s\n", why);
		CHECK(strstr(why, "valgrind") != NULL, "why \"%s\"", why);
		return;
	}
	run_child("32768,8,64", &c, &n);
	const struct sim_counts *w4 = find(c, n, "walk-4k"), *w256 = find(c, n, "walk-256k"),
				*tw = find(c, n, "twice");
	CHECK(n == 5 && w4 == c && w256 == c + 1 && tw == c + 2, "labels: n %zu", n);
	if (n == 5 && w4 && w256 && tw) {
		printf("  D1 32K: walk-4k ir %llu dr %llu d1mr %llu bc %llu bcm %llu; walk-256k ir %llu "
		       "d1mr %llu dlmr %llu; twice dumps %u d1mr %llu\n", w4->ir, w4->dr, w4->d1mr,
		       w4->bc, w4->bcm, w256->ir, w256->d1mr, w256->dlmr, tw->dumps, tw->d1mr);
		CHECK(w4->ir > WALK_LOADS && w256->ir > WALK_LOADS, "ir %llu %llu", w4->ir, w256->ir);
		CHECK(w4->dr >= WALK_LOADS && w4->bc > 0, "dr %llu bc %llu", w4->dr, w4->bc);
		CHECK(w4->d1mr <= 200, "4 KiB walk d1mr %llu (64 lines)", w4->d1mr);
		CHECK(w256->d1mr >= WALK_LOADS * 9 / 10, "256 KiB walk d1mr %llu", w256->d1mr);
		/* the simulated caches run between regions too: the buffer, written before, fits LL */
		CHECK(w256->dlmr <= 4096, "256 KiB walk dlmr %llu", w256->dlmr);
		CHECK(tw->dumps == 2 && w4->dumps == 1, "dumps %u %u", tw->dumps, w4->dumps);
		CHECK(tw->dr >= WALK_LOADS && tw->dr < 2 * WALK_LOADS, "twice: dr %llu", tw->dr);
		CHECK(tw->d1mr <= 64, "twice: mean d1mr %llu (64 cold, then 0)", tw->d1mr);
	}
	free(c);
	run_child("524288,8,64", &big, &n); /* a 512 KiB D1 holds the whole 256 KiB walk */
	w256 = find(big, n, "walk-256k");
	CHECK(w256 && w256->d1mr <= 200, "D1 512K: 256 KiB walk d1mr %llu",
	      w256 ? w256->d1mr : 0ULL);
	if (w256)
		printf("  D1 512K: walk-256k d1mr %llu\n", w256->d1mr);
	free(big);
	run_child("262144,64,4096", &big, &n); /* the TLB pass: 64 entries of one 4 KiB page */
	const struct sim_counts *p32 = find(big, n, "pages-32"), *p128 = find(big, n, "pages-128");
	CHECK(p32 && p128, "page walks found: n %zu", n);
	if (p32 && p128) {
		printf("  TLB 64: pages-32 misses %llu, pages-128 misses %llu of %d loads\n",
		       p32->d1mr, p128->d1mr, PAGE_LOADS);
		CHECK(p32->d1mr <= 40, "32 pages in a 64-entry TLB: misses %llu", p32->d1mr);
		/* all but the first pass over the 32 pages the region before left in the TLB */
		CHECK(p128->d1mr >= PAGE_LOADS - 40, "128 pages cycled through 64 LRU entries: "
		      "misses %llu of %d", p128->d1mr, PAGE_LOADS);
	}
	free(big);
}

int main(int argc, char **argv)
{
	if (argc > 1 && !strcmp(argv[1], "--sim-child"))
		return child_main();
	test_geometry();
	test_argv();
	test_run_and_collect_errors();
	test_simulation();
	return check_done();
}
