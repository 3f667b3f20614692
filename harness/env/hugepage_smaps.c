/* hugepage_smaps.c - what /proc/self/smaps says about the mappings covering a range: size,
 * resident set, AnonHugePages, THPeligible and the madvise flags (VmFlags hg / nh).
 *
 * smaps(5) gives a header line per mapping ("lo-hi perms offset dev inode [path]") followed by
 * "Key:   value kB" lines and a last "VmFlags: ..." line.  The figures are per whole mapping:
 * a range inside a mapping gets that mapping's figures. */
#include "env/hugepage.h"

#include <string.h>

/* Returns nothing; adds a finished mapping's figures to out when it overlapped the range. */
static void hp_add(struct hp_info *out, const struct hp_info *m, int overlaps, int *eligible_seen,
		   int *eligible_yes)
{
	if (!overlaps)
		return;
	out->mappings++;
	out->size_kb += m->size_kb;
	out->rss_kb += m->rss_kb;
	out->anon_huge_kb += m->anon_huge_kb;
	out->advised_huge |= m->advised_huge;
	out->advised_nohuge |= m->advised_nohuge;
	if (m->thp_eligible >= 0) {
		(*eligible_seen)++;
		*eligible_yes += m->thp_eligible;
	}
}

/* Returns 1 when the space-separated VmFlags list has the two-letter flag, else 0. */
static int hp_vmflag(const char *list, const char *flag)
{
	for (const char *p = list; (p = strstr(p, flag)) != NULL; p += 2)
		if ((p == list || p[-1] == ' ') && (p[2] == ' ' || p[2] == '\n' || p[2] == '\0'))
			return 1;
	return 0;
}

int hugepage_smaps_parse(FILE *f, uintptr_t lo, uintptr_t hi, struct hp_info *out)
{
	char line[4096];
	struct hp_info m = { 0, 0, 0, 0, -1, 0, 0 };
	int in = 0, seen = 0, yes = 0;

	memset(out, 0, sizeof *out);
	while (fgets(line, sizeof line, f)) {
		unsigned long a, b, v;
		char perms[8];
		if (sscanf(line, "%lx-%lx %7s", &a, &b, perms) == 3) {
			hp_add(out, &m, in, &seen, &yes);
			memset(&m, 0, sizeof m);
			m.thp_eligible = -1;
			in = a < hi && b > lo;
		} else if (sscanf(line, "Size: %lu kB", &v) == 1) {
			m.size_kb = v;
		} else if (sscanf(line, "Rss: %lu kB", &v) == 1) {
			m.rss_kb = v;
		} else if (sscanf(line, "AnonHugePages: %lu kB", &v) == 1) {
			m.anon_huge_kb = v;
		} else if (sscanf(line, "THPeligible: %lu", &v) == 1) {
			m.thp_eligible = v != 0;
		} else if (!strncmp(line, "VmFlags:", 8)) {
			m.advised_huge = hp_vmflag(line + 8, "hg");
			m.advised_nohuge = hp_vmflag(line + 8, "nh");
		}
	}
	hp_add(out, &m, in, &seen, &yes);
	out->thp_eligible = seen == 0 || (size_t)seen < out->mappings ? -1 :
			    yes == seen ? 1 : yes == 0 ? 0 : -1;
	return out->mappings ? 0 : -1;
}

int hugepage_readback(const void *addr, size_t len, struct hp_info *out)
{
	FILE *f = fopen("/proc/self/smaps", "r");
	int rc;

	if (!f) {
		memset(out, 0, sizeof *out);
		out->thp_eligible = -1;
		return -1;
	}
	rc = hugepage_smaps_parse(f, (uintptr_t)addr, (uintptr_t)addr + len, out);
	fclose(f);
	return rc;
}

int hugepage_usage(struct hp_info *out)
{
	const struct hp_region *r;
	enum hp_mode mode;
	size_t n = hugepage_last(&r, &mode), used = 0;

	memset(out, 0, sizeof *out);
	out->thp_eligible = -1;
	for (size_t i = 0; i < n; i++) {
		struct hp_info one;
		if (!r[i].anonymous || hugepage_readback((const void *)r[i].start,
							 r[i].end - r[i].start, &one) < 0)
			continue;
		out->mappings += one.mappings;
		out->size_kb += one.size_kb;
		out->rss_kb += one.rss_kb;
		out->anon_huge_kb += one.anon_huge_kb;
		used++;
	}
	return used ? 0 : -1;
}

/* Returns one region of the last advice as a JSON object, with what smaps reads back now. */
static json_t *region_json(const struct hp_region *r)
{
	struct hp_info now;
	int ok = hugepage_readback((const void *)r->start, r->end - r->start, &now);
	json_t *o = json_object();

	jsonx_set_str(o, "what", r->what);
	jsonx_set_int(o, "bytes", (long long)(r->end - r->start));
	jsonx_set_int(o, "aligned_bytes", (long long)r->aligned_bytes);
	jsonx_set_bool(o, "anonymous", r->anonymous);
	if (ok == 0) {
		jsonx_set_int(o, "rss_bytes", (long long)now.rss_kb << 10);
		jsonx_set_int(o, "anon_huge_bytes", (long long)now.anon_huge_kb << 10);
		json_object_set_new(o, "thp_eligible", now.thp_eligible < 0 ? json_null() :
				    json_boolean(now.thp_eligible));
	} else {
		json_object_set_new(o, "rss_bytes", json_null());
		json_object_set_new(o, "anon_huge_bytes", json_null());
		json_object_set_new(o, "thp_eligible", json_null());
	}
	jsonx_set_str(o, "why", r->why);
	return o;
}

json_t *hugepage_json(void)
{
	const struct hp_region *r;
	enum hp_mode mode;
	size_t n = hugepage_last(&r, &mode);
	struct hp_sys sys;
	char why[200];
	json_t *o = json_object(), *regions = json_array();
	int possible;

	hugepage_sys(&sys);
	possible = hugepage_possible(mode, &sys, why, sizeof why);
	jsonx_set_str(o, "mode", hugepage_mode_name(mode));
	jsonx_set_str(o, "thp_enabled", sys.enabled);
	jsonx_set_str(o, "thp_defrag", sys.defrag);
	jsonx_set_int(o, "huge_page_bytes", (long long)sys.pmd_bytes);
	jsonx_set_bool(o, "possible", possible);
	jsonx_set_str(o, "why", why);
	for (size_t i = 0; i < n; i++)
		json_array_append_new(regions, region_json(&r[i]));
	json_object_set_new(o, "regions", regions);
	return o;
}
