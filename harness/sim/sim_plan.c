/* sim_plan.c - which geometries `bench --simulate` runs: the --d1 pass, an --l1 sweep of D1
 * sizes and a data-TLB pass (a D1 of 4 KiB lines, fully associative: one line per page, so
 * its misses are first-level DTLB misses of an LRU TLB with --tlb entries). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sim/bench_sim.h"

/* Returns the byte count of "32768", "48K" or "1M" ending at *end, or -1. */
static long sim_size(const char *s, char **end)
{
	long long x = strtoll(s, end, 10);

	if (*end == s || x <= 0 || x > (1LL << 30))
		return -1;  /* checked before the shift: 2^40 K would overflow it (found by fuzz_cli) */
	if (**end == 'K' || **end == 'k')
		x <<= 10, (*end)++;
	else if (**end == 'M' || **end == 'm')
		x <<= 20, (*end)++;
	return x > (1LL << 30) ? -1 : (long)x;
}

/* Returns nothing; writes into buf the ways that make size a power-of-two set count of
 * line-byte lines, nearest below and above assoc ("" when none), for the entry tok[0..n). */
static void sim_ways_hint(const char *tok, int n, long size, long assoc, long line, char *buf,
			  size_t len)
{
	long lines = size / line, odd = lines, below = 0, above = 0;

	buf[0] = '\0';
	if (size % line || lines < 2)
		return;
	while (odd % 2 == 0)
		odd /= 2;
	for (long a = odd; a <= lines; a *= 2) /* the valid ways are odd * 2^j */
		if (a <= assoc)
			below = a;
		else if (!above)
			above = a;
	if (below && above)
		snprintf(buf, len, ": give the ways, e.g. %.*s:%ld or %.*s:%ld", n, tok, below, n, tok,
			 above);
	else if (below || above)
		snprintf(buf, len, ": give the ways, e.g. %.*s:%ld", n, tok, below ? below : above);
}

/* Returns 0 after adding pass (kind, geometry g) to info unless it is there already; -1 when
 * there are too many. */
static int sim_add_pass(struct sim_info *info, enum sim_kind kind, const struct sim_geometry *g)
{
	struct sim_pass *p;

	for (size_t i = 0; i < info->npass; i++)
		if (info->pass[i].kind == kind && !memcmp(&info->pass[i].g, g, sizeof *g))
			return 0;
	if (info->npass == SIM_MAX_PASSES)
		return -1;
	p = &info->pass[info->npass++];
	memset(p, 0, sizeof *p);
	p->kind = kind, p->g = *g;
	if (kind == SIM_TLB) {
		snprintf(p->geom, sizeof p->geom, "tlb=%ld", g->d1_assoc);
		snprintf(p->dir, sizeof p->dir, "callgrind/tlb-%ld", g->d1_assoc);
	} else {
		snprintf(p->geom, sizeof p->geom, "d1=%ld,%ld,%ld", g->d1_size, g->d1_assoc,
			 g->d1_line);
		snprintf(p->dir, sizeof p->dir, "callgrind/d1-%ld-%ld-%ld", g->d1_size, g->d1_assoc,
			 g->d1_line);
	}
	snprintf(p->status, sizeof p->status, "not run");
	return 0;
}

/* Returns 0 after adding one pass per --l1 entry (SIZE or SIZE:ASSOC), or -1 with err. */
static int sim_plan_l1(const char *list, const struct sim_geometry *d1, const char *ll,
		       struct sim_info *info, char *err, size_t errlen)
{
	const char *p = list;
	char *end, spec[64], hint[96], why[256];

	for (;; p = end + 1) {
		long size = sim_size(p, &end), assoc = d1->d1_assoc, line = d1->d1_line;
		int toklen = (int)(end - p);
		if (size > 0 && *end == ':')
			assoc = strtol(end + 1, &end, 10);
		if (size <= 0 || assoc <= 0 || assoc > size || (*end != ',' && *end != '\0')) {
			/* assoc > size: more ways than bytes, and assoc * line would overflow
			 * (found by fuzz_cli) */
			snprintf(err, errlen, "--l1 \"%s\": want a list of D1 sizes, each SIZE or "
				 "SIZE:WAYS (e.g. 16K,32K,48K:12,64K)", list);
			return -1;
		}
		long sets = size % (assoc * line) ? 0 : size / (assoc * line);
		if (!sets || (sets & (sets - 1))) {
			sim_ways_hint(p, toklen, size, assoc, line, hint, sizeof hint);
			snprintf(err, errlen, "--l1 %.*s: %ld B in %ld ways of %ld B lines is not a "
				 "power-of-two number of sets (valgrind simulates no other)%s",
				 (int)(end - p), p, size, assoc, line, hint);
			return -1;
		}
		struct sim_geometry g;
		snprintf(spec, sizeof spec, "%ld,%ld,%ld", size, assoc, line);
		if (sim_geometry_parse(spec, ll, &g, why, sizeof why) < 0) {
			snprintf(err, errlen, "--l1 %.*s: %s", (int)(end - p), p, why);
			return -1;
		}
		if (sim_add_pass(info, SIM_D1, &g) < 0) {
			snprintf(err, errlen, "--l1 \"%s\": at most %d geometries", list,
				 SIM_MAX_PASSES - 2);
			return -1;
		}
		if (*end == '\0')
			return 0;
	}
}

int sim_plan(const struct sim_opts *o, struct sim_info *info, char *err, size_t errlen)
{
	struct sim_geometry g, t;
	char *end, spec[64];

	memset(info, 0, sizeof *info);
	if (sim_geometry_parse(o->d1, o->ll, &g, err, errlen) < 0)
		return -1;
	sim_add_pass(info, SIM_D1, &g);
	if (o->l1 && sim_plan_l1(o->l1, &g, o->ll, info, err, errlen) < 0)
		return -1;
	info->tlb_entries = o->tlb ? strtol(o->tlb, &end, 10) : SIM_TLB_DEFAULT;
	if (o->tlb && (end == o->tlb || *end || info->tlb_entries < 0 ||
		       info->tlb_entries == 1 || info->tlb_entries > SIM_TLB_MAX)) {
		snprintf(err, errlen, "--tlb \"%s\": want the number of DTLB entries to simulate, "
			 "2 to %d (0: no TLB pass)", o->tlb, SIM_TLB_MAX);
		return -1;
	}
	if (info->tlb_entries == 0)
		return 0;
	/* one set of ENTRIES ways of one page each: a fully associative LRU TLB */
	snprintf(spec, sizeof spec, "%ld,%ld,%d", info->tlb_entries * SIM_PAGE,
		 info->tlb_entries, SIM_PAGE);
	if (sim_geometry_parse(spec, o->ll, &t, err, errlen) < 0)
		return -1;
	if (sim_add_pass(info, SIM_TLB, &t) < 0) {
		snprintf(err, errlen, "--tlb %ld: too many geometries", info->tlb_entries);
		return -1;
	}
	return 0;
}
