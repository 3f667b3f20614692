/* test_hugepage.c - --tables support: the smaps read-back on fixtures (a 6.x kernel's smaps and
 * an old one without THPeligible/VmFlags), the THP possibility rules, and live: a fresh aligned
 * anonymous region and this binary's own .bss advised, then read back. */
#include <dlfcn.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "check.h"
#include "env/hugepage.h"

#define MIB (1ul << 20)

static char bss_table[6 << 20]; /* a static table like a kernel's, in this binary's .bss */

/* Returns 0 after parsing fixture file name over [lo, hi) into out, else -1. */
static int parse_fixture(const char *name, uintptr_t lo, uintptr_t hi, struct hp_info *out)
{
	char path[256];
	FILE *f;
	int rc;

	snprintf(path, sizeof path, "tests/data/%s", name);
	if (!(f = fopen(path, "r"))) {
		CHECK(0, "cannot open fixture %s (run from the repository root)", path);
		return -1;
	}
	rc = hugepage_smaps_parse(f, lo, hi, out);
	fclose(f);
	return rc;
}

/* Returns nothing; the read-back of a 6.18 kernel's smaps (bss advised hugepage, an mmap
 * advised nohugepage). */
static void test_fixture_new(void)
{
	struct hp_info i;

	CHECK(parse_fixture("smaps-thp.txt", 0x5558d19d0000, 0x5558d21d0000, &i) == 0, "bss");
	CHECK(i.mappings == 1 && i.size_kb == 8192 && i.rss_kb == 8192 && i.anon_huge_kb == 6144 &&
	      i.thp_eligible == 1 && i.advised_huge && !i.advised_nohuge,
	      "bss: mappings %zu size %zu rss %zu huge %zu eligible %d hg %d nh %d", i.mappings,
	      i.size_kb, i.rss_kb, i.anon_huge_kb, i.thp_eligible, i.advised_huge,
	      i.advised_nohuge);
	/* a table starting in .data's last page and running into the bss: two mappings, mixed */
	CHECK(parse_fixture("smaps-thp.txt", 0x5558d19cf080, 0x5558d19cf080 + 8 * MIB, &i) == 0,
	      "data+bss");
	CHECK(i.mappings == 2 && i.size_kb == 8196 && i.anon_huge_kb == 6144 &&
	      i.thp_eligible == -1, "data+bss: mappings %zu size %zu huge %zu eligible %d",
	      i.mappings, i.size_kb, i.anon_huge_kb, i.thp_eligible);
	CHECK(parse_fixture("smaps-thp.txt", 0x7f597e500000, 0x7f597e500100, &i) == 0, "nohuge");
	CHECK(i.mappings == 1 && i.size_kb == 4096 && i.anon_huge_kb == 0 && i.thp_eligible == 0 &&
	      i.advised_nohuge && !i.advised_huge, "nohuge: size %zu huge %zu eligible %d nh %d",
	      i.size_kb, i.anon_huge_kb, i.thp_eligible, i.advised_nohuge);
	CHECK(parse_fixture("smaps-thp.txt", 0x1000, 0x2000, &i) == -1 && i.mappings == 0,
	      "unmapped range: mappings %zu", i.mappings);
	/* the last mapping of the file (no header after it) is counted too */
	CHECK(parse_fixture("smaps-thp.txt", 0xffffffffff600000, 0xffffffffff601000, &i) == 0 &&
	      i.size_kb == 4, "vsyscall (last mapping): size %zu", i.size_kb);
}

/* Returns nothing; an old kernel's smaps (no THPeligible, no VmFlags) reads as "not reported". */
static void test_fixture_old(void)
{
	struct hp_info i;

	CHECK(parse_fixture("smaps-old.txt", 0x60c000, 0xe10000, &i) == 0, "old bss");
	CHECK(i.mappings == 1 && i.size_kb == 8208 && i.anon_huge_kb == 4096 &&
	      i.thp_eligible == -1 && !i.advised_huge && !i.advised_nohuge,
	      "old bss: size %zu huge %zu eligible %d", i.size_kb, i.anon_huge_kb, i.thp_eligible);
	CHECK(parse_fixture("smaps-old.txt", 0x400000, 0xe10000, &i) == 0 && i.mappings == 3 &&
	      i.size_kb == 48 + 4 + 8208, "old image: mappings %zu size %zu", i.mappings, i.size_kb);
}

/* Returns nothing; mode names round-trip and the possibility rules say why. */
static void test_modes_and_rules(void)
{
	struct hp_sys never = { "never", "madvise", 2 * MIB }, mad = { "madvise", "madvise", 2 * MIB };
	struct hp_sys none = { "unknown", "unknown", 2 * MIB };
	enum hp_mode m;
	char why[200];

	for (int i = HP_DEFAULT; i <= HP_NOHUGEPAGE; i++)
		CHECK(hugepage_mode_parse(hugepage_mode_name((enum hp_mode)i), &m) == 0 && (int)m == i,
		      "mode %d does not round-trip", i);
	CHECK(hugepage_mode_parse("huge", &m) == -1, "\"huge\" accepted");
	CHECK(!hugepage_possible(HP_HUGEPAGE, &never, why, sizeof why) &&
	      strstr(why, "THP disabled: never"), "hugepage under never: \"%s\"", why);
	CHECK(hugepage_possible(HP_NOHUGEPAGE, &never, why, sizeof why), "nohugepage under never");
	CHECK(hugepage_possible(HP_HUGEPAGE, &mad, why, sizeof why), "hugepage under madvise");
	CHECK(!hugepage_possible(HP_HUGEPAGE, &none, why, sizeof why) && strstr(why, "no THP"),
	      "hugepage without THP: \"%s\"", why);
}

/* Returns nothing; a fresh 2 MiB-aligned 4 MiB anonymous region, advised, touched, read back. */
static void test_live_region(enum hp_mode mode, const struct hp_sys *sys)
{
	size_t len = 4 * MIB;
	char *raw = mmap(NULL, len + sys->pmd_bytes, PROT_READ | PROT_WRITE,
			 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0), *p, why[200], err[200] = "";
	struct hp_region r;
	struct hp_info i;

	CHECK(raw != MAP_FAILED, "mmap failed");
	if (raw == MAP_FAILED)
		return;
	p = (char *)(((uintptr_t)raw + sys->pmd_bytes - 1) & ~(uintptr_t)(sys->pmd_bytes - 1));
	if (!hugepage_possible(mode, sys, why, sizeof why)) {
		printf("SKIPPED: live %s: %s\n", hugepage_mode_name(mode), why);
		munmap(raw, len + sys->pmd_bytes);
		return;
	}
	CHECK(madvise(p, len, mode == HP_HUGEPAGE ? MADV_HUGEPAGE : MADV_NOHUGEPAGE) == 0,
	      "madvise %s failed", hugepage_mode_name(mode));
	memset(p, 1, len);
	CHECK(hugepage_readback(p, len, &i) == 0 && i.mappings == 1, "read back: %zu mappings",
	      i.mappings);
	printf("  live %s: size %zu kB rss %zu kB AnonHugePages %zu kB eligible %d hg %d nh %d\n",
	       hugepage_mode_name(mode), i.size_kb, i.rss_kb, i.anon_huge_kb, i.thp_eligible,
	       i.advised_huge, i.advised_nohuge);
	if (mode == HP_NOHUGEPAGE) {
		CHECK(i.advised_nohuge && i.anon_huge_kb == 0 && i.thp_eligible != 1,
		      "nohugepage: nh %d huge %zu eligible %d", i.advised_nohuge, i.anon_huge_kb,
		      i.thp_eligible);
	} else {
		CHECK(i.advised_huge && i.thp_eligible != 0, "hugepage: hg %d eligible %d",
		      i.advised_huge, i.thp_eligible);
		r = (struct hp_region){ (uintptr_t)p, (uintptr_t)p + len, len, 1, "test", "" };
		if (i.anon_huge_kb == 0 && hugepage_collapse(&r, 1, err, sizeof err) < 0)
			printf("  no huge page at fault nor by collapse here: %s (defrag %s)\n", err,
			       sys->defrag);
		hugepage_readback(p, len, &i);
		printf("  after: AnonHugePages %zu kB of %zu\n", i.anon_huge_kb, len >> 10);
		CHECK(i.anon_huge_kb % (sys->pmd_bytes >> 10) == 0 && i.anon_huge_kb <= len >> 10,
		      "AnonHugePages %zu kB is not whole huge pages within the region", i.anon_huge_kb);
	}
	munmap(raw, len + sys->pmd_bytes);
}

/* Returns nothing; this binary's own .bss is found, advised, and holds bss_table. */
static void test_live_image(const struct hp_sys *sys)
{
	struct hp_region r[16];
	char err[256] = "";
	int n = hugepage_advise_ex(HP_HUGEPAGE, NULL, 0, r, 16, err, sizeof err), found = -1;
	struct hp_info i;

	if (n < 0 && !hugepage_possible(HP_HUGEPAGE, sys, err, sizeof err)) {
		printf("SKIPPED: live image: %s\n", err);
		return;
	}
	CHECK(n >= 1, "hugepage_advise_ex: %d: %s", n, err);
	for (int k = 0; k < n && k < 16; k++) {
		printf("  region %s %#lx-%#lx aligned %zu anon %d %s\n", r[k].what,
		       (unsigned long)r[k].start, (unsigned long)r[k].end, r[k].aligned_bytes,
		       r[k].anonymous, r[k].why);
		/* the table's head may share .data's last page: look where its end lies */
		if (r[k].start <= (uintptr_t)&bss_table[sizeof bss_table - 1] &&
		    (uintptr_t)&bss_table[sizeof bss_table - 1] < r[k].end)
			found = k;
	}
	CHECK(found >= 0 && r[found].anonymous && !r[found].why[0] && strstr(r[found].what, "bss"),
	      "bss_table %p not in an advised anonymous region (found %d)", (void *)bss_table, found);
	CHECK(found < 0 || r[found].aligned_bytes >= 2 * sys->pmd_bytes,
	      "a 6 MiB table gives %zu aligned bytes", found < 0 ? 0 : r[found].aligned_bytes);
	memset(bss_table, 3, sizeof bss_table);
	CHECK(hugepage_readback(bss_table, sizeof bss_table, &i) == 0 && i.advised_huge,
	      "bss read back: mappings %zu hg %d", i.mappings, i.advised_huge);
	printf("  this binary's bss: AnonHugePages %zu kB of %zu kB\n", i.anon_huge_kb, i.size_kb);
	{
		const struct hp_region *last;
		enum hp_mode lm;
		struct hp_info u;
		json_t *j;
		const char *what = NULL;
		CHECK(hugepage_last(&last, &lm) == (size_t)n && lm == HP_HUGEPAGE &&
		      last[0].start == r[0].start, "hugepage_last disagrees with the advice");
		CHECK(hugepage_usage(&u) == 0 && u.anon_huge_kb >= i.anon_huge_kb &&
		      u.rss_kb >= sizeof bss_table >> 10, "usage (the whole process, so at least the bss): rss %zu huge %zu (bss huge %zu)",
		      u.rss_kb, u.anon_huge_kb, i.anon_huge_kb);
		j = hugepage_json();
		for (size_t k = 0; k < json_array_size(jsonx_get(j, "regions")); k++) {
			what = jsonx_str(json_array_get(jsonx_get(j, "regions"), k), "what");
			if (what && !strcmp(what, "test_hugepage bss"))
				break;
		}
		CHECK(j && !strcmp(jsonx_str(j, "mode"), "hugepage") && what &&
		      !strcmp(what, "test_hugepage bss") &&
		      json_array_size(jsonx_get(j, "regions")) == (size_t)n,
		      "tables JSON: mode %s, no region \"test_hugepage bss\"",
		      j ? jsonx_str(j, "mode") : "none");
		json_decref(j);
	}
	err[0] = '\0';
	CHECK(hugepage_advise(HP_DEFAULT, err, sizeof err) == 0, "default advised something");
}

/* Returns nothing; a loaded plugin's .bss is found by its path and advised too. */
static void test_live_plugin(const struct hp_sys *sys)
{
	char path[256], err[256] = "", why[200];
	const char *bin = getenv("BIN") ? getenv("BIN") : "bin", *paths[1] = { path };
	struct hp_region r[16];
	void *h;
	int n, found = 0;

	snprintf(path, sizeof path, "%s/plugins/magic-plain.so", bin);
	if (!hugepage_possible(HP_NOHUGEPAGE, sys, why, sizeof why)) {
		printf("SKIPPED: live plugin: %s\n", why);
		return;
	}
	if (!(h = dlopen(path, RTLD_NOW | RTLD_LOCAL))) {
		printf("SKIPPED: live plugin: %s\n", dlerror());
		return;
	}
	n = hugepage_advise_ex(HP_NOHUGEPAGE, paths, 1, r, 16, err, sizeof err);
	CHECK(n >= 2, "advise with plugin: %d: %s", n, err);
	for (int k = 0; k < n && k < 16; k++)
		if (!strcmp(r[k].what, "magic-plain.so bss") && r[k].anonymous && !r[k].why[0])
			found = 1;
	CHECK(found, "no advised \"magic-plain.so bss\" region among %d", n);
	dlclose(h);
}

int main(void)
{
	struct hp_sys sys;
	int have = hugepage_sys(&sys) == 0;

	printf("  THP enabled [%s] defrag [%s] huge page %zu bytes\n", sys.enabled, sys.defrag,
	       sys.pmd_bytes);
	CHECK(!strcmp(sys.enabled, "always") || !strcmp(sys.enabled, "madvise") ||
	      !strcmp(sys.enabled, "never") || (!have && !strcmp(sys.enabled, "unknown")),
	      "THP enabled \"%s\"", sys.enabled);
	CHECK(sys.pmd_bytes >= 4096 && (sys.pmd_bytes & (sys.pmd_bytes - 1)) == 0, "pmd %zu",
	      sys.pmd_bytes);
	test_fixture_new();
	test_fixture_old();
	test_modes_and_rules();
	test_live_region(HP_NOHUGEPAGE, &sys);
	test_live_region(HP_HUGEPAGE, &sys);
	test_live_image(&sys);
	test_live_plugin(&sys);
	return check_done();
}
