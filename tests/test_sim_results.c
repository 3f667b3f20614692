/* test_sim_results.c - the simulation's plan (--d1, --l1, --tlb), the dump headers (geometry
 * used, build marker) from a fixture, and the results: per lookup net of null, sim.csv,
 * context.json's record.  No valgrind needed. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "sim/sim_results.h"

/* Returns nothing; the plan's passes, and what it refuses with which message. */
static void test_plan(void)
{
	struct sim_info info;
	char err[512] = "";
	struct sim_opts o = { 0 };

	CHECK(sim_plan(&o, &info, err, sizeof err) == 0 && info.npass == 2, "default: %s", err);
	CHECK(!strcmp(info.pass[0].geom, "d1=32768,8,64") && info.pass[0].kind == SIM_D1 &&
	      !strcmp(info.pass[1].geom, "tlb=64") && info.pass[1].kind == SIM_TLB &&
	      info.pass[1].g.d1_size == 262144 && info.pass[1].g.d1_assoc == 64 &&
	      info.pass[1].g.d1_line == 4096 && info.tlb_entries == 64,
	      "default passes %s %s", info.pass[0].geom, info.pass[1].geom);
	CHECK(!strcmp(info.pass[1].dir, "callgrind/tlb-64") &&
	      !strcmp(info.pass[0].dir, "callgrind/d1-32768-8-64"), "dirs %s", info.pass[0].dir);
	o.l1 = "16K,32K,64K,48K:12";
	o.tlb = "128";
	CHECK(sim_plan(&o, &info, err, sizeof err) == 0 && info.npass == 5, "l1 sweep: n %zu %s",
	      info.npass, err);
	if (info.npass == 5)
		CHECK(!strcmp(info.pass[1].geom, "d1=16384,8,64") &&
		      !strcmp(info.pass[2].geom, "d1=65536,8,64") &&
		      !strcmp(info.pass[3].geom, "d1=49152,12,64") &&
		      !strcmp(info.pass[4].geom, "tlb=128") && info.pass[4].g.d1_size == 524288,
		      "sweep %s %s %s %s", info.pass[1].geom, info.pass[2].geom, info.pass[3].geom,
		      info.pass[4].geom);
	o.l1 = NULL, o.tlb = "0";
	CHECK(sim_plan(&o, &info, err, sizeof err) == 0 && info.npass == 1 &&
	      info.tlb_entries == 0, "--tlb 0: n %zu", info.npass);
	static const struct { const char *l1, *tlb, *d1, *want; } bad[] = {
		{ "48K", NULL, NULL, "48K:6 or 48K:12" }, { "abc", NULL, NULL, "--l1 \"abc\"" },
		{ "16K,", NULL, NULL, "--l1" }, { "16K:0", NULL, NULL, "--l1" },
		{ "8K:3", NULL, NULL, "8K:2 or 8K:4" }, { NULL, "1", NULL, "--tlb \"1\"" },
		{ NULL, "x", NULL, "--tlb" }, { NULL, "5000", NULL, "--tlb" },
		{ NULL, NULL, "33,8,64", "D1 geometry" }, { "32K", NULL, "48K,12,64", "32K:8 or 32K:16" } };
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		struct sim_opts b = { .d1 = bad[i].d1, .l1 = bad[i].l1, .tlb = bad[i].tlb };
		err[0] = '\0';
		int rc = sim_plan(&b, &info, err, sizeof err);
		CHECK(rc == -1 && strstr(err, bad[i].want), "bad %s/%s/%s: rc %d err \"%s\"",
		      bad[i].l1, bad[i].tlb, bad[i].d1, rc, err);
	}
}

/* Returns nothing; writes text into dir/name. */
static void put(const char *dir, const char *name, const char *text)
{
	char path[512];
	snprintf(path, sizeof path, "%s/%s", dir, name);
	FILE *f = fopen(path, "w");
	CHECK(f != NULL, "create %s", path);
	if (f)
		fputs(text, f), fclose(f);
}

#define DUMP_HEAD "# callgrind format\nversion: 1\ncreator: callgrind-3.19.0\npid: 7\n" \
	"cmd: x\npart: %d\n\ndesc: I1 cache: 32768 B, 64 B, 8-way associative\n"          \
	"desc: D1 cache: 16384 B, 64 B, direct-mapped\n"                                   \
	"desc: LL cache: 8388608 B, 64 B, 16-way associative\n\n"                          \
	"desc: Trigger: Client Request: %s\n\npositions: line\n"                           \
	"events: Ir Dr Dw I1mr D1mr D1mw ILmr DLmr DLmw Bc Bcm Bi Bim\n"

/* Returns nothing; a fixture dump pair (build marker, one region) reads back with its header. */
static void test_dump_headers(void)
{
	char dir[] = "/tmp/sb-test-simres-XXXXXX", text[1024], err[512] = "";
	struct sim_dump_info info;
	struct sim_counts *c = NULL;
	struct sim_geometry g;
	size_t n = 0;

	CHECK(mkdtemp(dir) != NULL, "mkdtemp");
	snprintf(text, sizeof text, DUMP_HEAD "summary: 0\n", 1, SIM_BUILD_MARK "-O2 -march=x86-64-v3|abc");
	put(dir, "cg.7.1", text);
	snprintf(text, sizeof text, DUMP_HEAD "totals: 1000 200 100 0 7 3 0 1 0 50 5 2 1\n", 2,
		 "k|stream|rook|100");
	put(dir, "cg.7.2", text);
	put(dir, "valgrind.7.log", "--7-- warning: L3 cache found\n");
	CHECK(sim_collect(dir, &c, &n, &info, err, sizeof err) == 0 && n == 1, "collect: n %zu %s",
	      n, err);
	if (n == 1)
		CHECK(!strcmp(c[0].label, "k|stream|rook|100") && c[0].ir == 1000 && c[0].d1mr == 7 &&
		      c[0].d1mw == 3 && c[0].dlmr == 1 && c[0].bcm == 5 && c[0].bim == 1,
		      "region %s ir %llu d1mr %llu", c[0].label, c[0].ir, c[0].d1mr);
	CHECK(info.d1[0] == 16384 && info.d1[1] == 1 && info.d1[2] == 64 &&
	      info.ll[0] == 8388608 && info.ll[1] == 16 && info.ll[2] == 64,
	      "used %ld,%ld,%ld %ld,%ld,%ld", info.d1[0], info.d1[1], info.d1[2], info.ll[0],
	      info.ll[1], info.ll[2]);
	CHECK(!strcmp(info.build, "-O2 -march=x86-64-v3|abc") &&
	      !strcmp(info.creator, "callgrind-3.19.0"), "build \"%s\" creator \"%s\"", info.build,
	      info.creator);
	sim_geometry_parse("16384,1,64", NULL, &g, err, sizeof err);
	CHECK(sim_check_geometry(&g, &info, err, sizeof err) == 0, "same geometry: %s", err);
	sim_geometry_parse("16384,8,64", "4M,16,64", &g, err, sizeof err);
	err[0] = '\0';
	CHECK(sim_check_geometry(&g, &info, err, sizeof err) == -1 &&
	      strstr(err, "D1 16384,1,64 instead of the 16384,8,64"), "mismatch: \"%s\"", err);
	info.ll[0] = 0;
	sim_geometry_parse("16384,1,64", NULL, &g, err, sizeof err);
	CHECK(sim_check_geometry(&g, &info, err, sizeof err) == -1 && strstr(err, "LL"),
	      "no LL line: \"%s\"", err);
	free(c);
	CHECK(sim_cleanup_dir(dir) == 0 && access(dir, F_OK) != 0, "cleanup %s", dir);
}

/* Returns an entry: label, pass (kind, primary, cache), ir, d1 misses, ll misses, br misses. */
static struct sim_counts entry(const char *label, enum sim_kind kind, int primary, long bytes,
			       unsigned long long ir, unsigned long long d1, unsigned long long ll,
			       unsigned long long br)
{
	struct sim_counts c = { .kind = kind, .primary = primary, .cache_bytes = bytes,
				.assoc = kind == SIM_TLB ? 64 : 8,
				.line_bytes = kind == SIM_TLB ? 4096 : 64, .ir = ir, .d1mr = d1,
				.dlmr = ll, .bcm = br, .dumps = 1 };
	snprintf(c.label, sizeof c.label, "%s", label);
	snprintf(c.geom, sizeof c.geom, kind == SIM_TLB ? "tlb=64" : "d1=%ld,8,64", bytes);
	return c;
}

/* Returns nothing; per lookup net of null, the summary columns, sim.csv, context.json. */
static void test_results(void)
{
	struct sim_counts s[] = {
		entry("null|stream|rook||100", SIM_D1, 1, 32768, 400, 10, 0, 2),
		entry("k|stream|rook||100", SIM_D1, 1, 32768, 1400, 70, 5, 5),
		entry("null|stream|rook||100", SIM_D1, 0, 16384, 400, 20, 0, 2),
		entry("k|stream|rook||100", SIM_D1, 0, 16384, 1400, 220, 5, 5),
		entry("null|stream|rook||100", SIM_TLB, 1, 262144, 400, 1, 0, 2),
		entry("k|stream|rook||100", SIM_TLB, 1, 262144, 1400, 31, 9, 5),
		entry("k|stream|bishop||50", SIM_D1, 1, 32768, 900, 5, 0, 0),
		/* pressure: one region per working-set size, each net of its own null */
		entry("null|pressure|all|32768|100", SIM_D1, 1, 32768, 500, 10, 0, 0),
		entry("k|pressure|all|32768|100", SIM_D1, 1, 32768, 900, 30, 0, 0),
		entry("null|pressure|all|1048576|100", SIM_D1, 1, 32768, 500, 90, 0, 0),
		entry("k|pressure|all|1048576|100", SIM_D1, 1, 32768, 900, 190, 0, 0),
	};
	size_t n = sizeof s / sizeof s[0];
	double v[5];

	sim_summary(s, n, "k", "stream", "rook", "", v);
	CHECK(v[0] == 10 && v[1] == 0.6 && v[2] == 0.05 && v[3] == 0.03 && v[4] == 0.3,
	      "k summary %g %g %g %g %g", v[0], v[1], v[2], v[3], v[4]);
	sim_summary(s, n, "null", "stream", "rook", "", v);
	CHECK(v[0] == 4 && v[1] == 0.1 && v[4] == 0.01, "null summary (gross) %g %g %g", v[0],
	      v[1], v[4]);
	sim_summary(s, n, "k", "stream", "bishop", "", v); /* no null region: unknown, not gross */
	CHECK(isnan(v[0]) && isnan(v[4]), "no null: %g %g", v[0], v[4]);
	sim_summary(s, n, "k", "chain", "rook", "", v);
	CHECK(isnan(v[0]) && isnan(v[1]) && isnan(v[4]), "not simulated: %g", v[0]);
	sim_summary(s, n, "k", "pressure", "all", "32768", v);
	CHECK(v[0] == 4 && v[1] == 0.2, "pressure 32 KiB: %g %g", v[0], v[1]);
	sim_summary(s, n, "k", "pressure", "all", "1048576", v);
	CHECK(v[0] == 4 && v[1] == 1, "pressure 1 MiB: %g %g", v[0], v[1]);
	sim_summary(s, n, "k", "pressure", "all", "", v);
	CHECK(isnan(v[0]), "pressure without a size: %g", v[0]);
	char pr[32];
	sim_pressure_field(NAN, pr);
	CHECK(!strcmp(pr, ""), "no pressure: \"%s\"", pr);
	sim_pressure_field(1048576, pr);
	CHECK(!strcmp(pr, "1048576"), "pressure field \"%s\"", pr);
	sim_per_lookup(&s[6], &s[0], v); /* 50 lookups against 100: no figure */
	CHECK(isnan(v[0]), "lookups differ: %g", v[0]);
	CHECK(sim_find(s, n, SIM_D1, "k", "stream", "rook", "") == &s[1] &&
	      sim_find(s, n, SIM_TLB, "k", "stream", "rook", "") == &s[5], "sim_find primary");

	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	CHECK(f && sim_write_csv(f, "r1", s, n) == 0, "sim_write_csv");
	fclose(f);
	static const char *want[] = {
		SIM_CSV_HEADER "r1,null,stream,rook,,d1,32768,8,64,100,4,0.1,0,0.02,0.1,1\n",
		"\nr1,k,stream,rook,,d1,32768,8,64,100,10,0.6,0.05,0.03,0.7,1\n",
		"\nr1,k,stream,rook,,d1,16384,8,64,100,10,2,0.05,0.03,2.2,1\n",
		"\nr1,k,stream,rook,,tlb,262144,64,4096,100,10,0.3,,,0.31,1\n",
		"\nr1,k,stream,bishop,,d1,32768,8,64,50,,,,,0.1,1\n", /* gross needs no null */
		"\nr1,k,pressure,all,1048576,d1,32768,8,64,100,4,1,0,0,1.9,1\n" };
	for (size_t i = 0; i < sizeof want / sizeof want[0]; i++)
		CHECK(buf && strstr(buf, want[i]), "sim.csv lacks \"%s\"; have:\n%s", want[i], buf);
	free(buf);

	struct sim_info info;
	struct sim_opts o = { .l1 = "16K" };
	char err[256];
	sim_plan(&o, &info, err, sizeof err);
	snprintf(info.march, sizeof info.march, "x86-64-v3");
	json_t *j = sim_context_json(&info);
	buf = j ? json_dumps(j, JSON_COMPACT) : NULL;
	CHECK(buf && strstr(buf, "\"binary_march\":\"x86-64-v3\"") &&
	      strstr(buf, "\"D1\":\"32768,8,64\"") && strstr(buf, "\"geometry\":\"d1=16384,8,64\"") &&
	      strstr(buf, "\"geometry\":\"tlb=64\"") && strstr(buf, "\"used\":{\"D1\":null"),
	      "context:\n%s", buf ? buf : "(none)");
	free(buf);
	json_decref(j);
}

int main(void)
{
	test_plan();
	test_dump_headers();
	test_results();
	return check_done();
}
