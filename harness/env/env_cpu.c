/* env_cpu.c - which cpu this is (cpuid vendor, family, model, stepping, microarchitecture) and
 * its cache sizes, so a reader can compare runs from different machines.
 *
 * Family and model are the display values of cpuid leaf 1 (extended fields folded in as the
 * vendors' manuals say).  The microarchitecture table follows the families' public model ranges
 * (AMD's as Linux's arch/x86/kernel/cpu/amd.c sorts them into Zen generations, Intel's as
 * arch/x86/include/asm/intel-family.h names them); a model not listed is "unknown".
 * Caches: sysfs first (the kernel's cacheinfo), then cpuid: leaf 0x8000001d (AMD with
 * TOPOEXT), leaf 4 (Intel), the legacy AMD leaves 0x80000005/6.  A guest sees what the
 * hypervisor reports, which may be the host's figures: the source is recorded with the sizes. */
#include "env/env.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>
#define ENV_X86 1
#endif

/* Model ranges to microarchitecture names; the first match wins (narrow ranges first). */
static const struct {
	const char *vendor;
	int family, model_lo, model_hi, step_lo, step_hi;
	const char *name;
} UARCH[] = {
	{"AuthenticAMD", 0x15, 0x00, 0x01, 0, 15, "Bulldozer"},
	{"AuthenticAMD", 0x15, 0x02, 0x1f, 0, 15, "Piledriver"},
	{"AuthenticAMD", 0x15, 0x30, 0x3f, 0, 15, "Steamroller"},
	{"AuthenticAMD", 0x15, 0x60, 0x7f, 0, 15, "Excavator"},
	{"AuthenticAMD", 0x16, 0x00, 0x0f, 0, 15, "Jaguar"},
	{"AuthenticAMD", 0x16, 0x30, 0x3f, 0, 15, "Puma"},
	{"AuthenticAMD", 0x17, 0x08, 0x08, 0, 15, "Zen+"},
	{"AuthenticAMD", 0x17, 0x18, 0x18, 0, 15, "Zen+"},
	{"AuthenticAMD", 0x17, 0x00, 0x2f, 0, 15, "Zen"},
	{"AuthenticAMD", 0x17, 0x50, 0x5f, 0, 15, "Zen"},
	{"AuthenticAMD", 0x17, 0x30, 0x4f, 0, 15, "Zen 2"},
	{"AuthenticAMD", 0x17, 0x60, 0x7f, 0, 15, "Zen 2"},
	{"AuthenticAMD", 0x17, 0x90, 0x91, 0, 15, "Zen 2"},
	{"AuthenticAMD", 0x17, 0xa0, 0xaf, 0, 15, "Zen 2"},
	{"HygonGenuine", 0x18, 0x00, 0xff, 0, 15, "Zen (Hygon Dhyana)"},
	{"AuthenticAMD", 0x19, 0x40, 0x4f, 0, 15, "Zen 3+"},
	{"AuthenticAMD", 0x19, 0x00, 0x0f, 0, 15, "Zen 3"},
	{"AuthenticAMD", 0x19, 0x20, 0x5f, 0, 15, "Zen 3"},
	{"AuthenticAMD", 0x19, 0x10, 0x1f, 0, 15, "Zen 4"},
	{"AuthenticAMD", 0x19, 0x60, 0xaf, 0, 15, "Zen 4"},
	{"AuthenticAMD", 0x1a, 0x00, 0x2f, 0, 15, "Zen 5"},
	{"AuthenticAMD", 0x1a, 0x40, 0x4f, 0, 15, "Zen 5"},
	{"AuthenticAMD", 0x1a, 0x60, 0x7f, 0, 15, "Zen 5"},
	{"AuthenticAMD", 0x1a, 0x50, 0x5f, 0, 15, "Zen 6"},
	{"AuthenticAMD", 0x1a, 0x80, 0xaf, 0, 15, "Zen 6"},
	{"AuthenticAMD", 0x1a, 0xc0, 0xcf, 0, 15, "Zen 6"},
	{"GenuineIntel", 6, 0x2a, 0x2a, 0, 15, "Sandy Bridge"},
	{"GenuineIntel", 6, 0x2d, 0x2d, 0, 15, "Sandy Bridge"},
	{"GenuineIntel", 6, 0x3a, 0x3a, 0, 15, "Ivy Bridge"},
	{"GenuineIntel", 6, 0x3e, 0x3e, 0, 15, "Ivy Bridge"},
	{"GenuineIntel", 6, 0x3c, 0x3c, 0, 15, "Haswell"},
	{"GenuineIntel", 6, 0x3f, 0x3f, 0, 15, "Haswell"},
	{"GenuineIntel", 6, 0x45, 0x46, 0, 15, "Haswell"},
	{"GenuineIntel", 6, 0x3d, 0x3d, 0, 15, "Broadwell"},
	{"GenuineIntel", 6, 0x47, 0x47, 0, 15, "Broadwell"},
	{"GenuineIntel", 6, 0x4f, 0x4f, 0, 15, "Broadwell"},
	{"GenuineIntel", 6, 0x56, 0x56, 0, 15, "Broadwell"},
	{"GenuineIntel", 6, 0x4e, 0x4e, 0, 15, "Skylake"},
	{"GenuineIntel", 6, 0x5e, 0x5e, 0, 15, "Skylake"},
	{"GenuineIntel", 6, 0x55, 0x55, 0, 4, "Skylake-SP"},
	{"GenuineIntel", 6, 0x55, 0x55, 5, 7, "Cascade Lake"},
	{"GenuineIntel", 6, 0x55, 0x55, 10, 11, "Cooper Lake"},
	{"GenuineIntel", 6, 0x8e, 0x8e, 0, 15, "Kaby/Coffee/Whiskey Lake (Skylake core)"},
	{"GenuineIntel", 6, 0x9e, 0x9e, 0, 15, "Kaby/Coffee Lake (Skylake core)"},
	{"GenuineIntel", 6, 0xa5, 0xa6, 0, 15, "Comet Lake (Skylake core)"},
	{"GenuineIntel", 6, 0x66, 0x66, 0, 15, "Cannon Lake (Palm Cove)"},
	{"GenuineIntel", 6, 0x6a, 0x6a, 0, 15, "Ice Lake (Sunny Cove)"},
	{"GenuineIntel", 6, 0x6c, 0x6c, 0, 15, "Ice Lake (Sunny Cove)"},
	{"GenuineIntel", 6, 0x7d, 0x7e, 0, 15, "Ice Lake (Sunny Cove)"},
	{"GenuineIntel", 6, 0x8c, 0x8d, 0, 15, "Tiger Lake (Willow Cove)"},
	{"GenuineIntel", 6, 0xa7, 0xa7, 0, 15, "Rocket Lake (Cypress Cove)"},
	{"GenuineIntel", 6, 0x97, 0x97, 0, 15, "Alder Lake (Golden Cove + Gracemont)"},
	{"GenuineIntel", 6, 0x9a, 0x9a, 0, 15, "Alder Lake (Golden Cove + Gracemont)"},
	{"GenuineIntel", 6, 0xb7, 0xb7, 0, 15, "Raptor Lake (Raptor Cove + Gracemont)"},
	{"GenuineIntel", 6, 0xba, 0xba, 0, 15, "Raptor Lake (Raptor Cove + Gracemont)"},
	{"GenuineIntel", 6, 0xbf, 0xbf, 0, 15, "Raptor Lake (Raptor Cove + Gracemont)"},
	{"GenuineIntel", 6, 0x8f, 0x8f, 0, 15, "Sapphire Rapids (Golden Cove)"},
	{"GenuineIntel", 6, 0xcf, 0xcf, 0, 15, "Emerald Rapids (Raptor Cove)"},
	{"GenuineIntel", 6, 0xaa, 0xaa, 0, 15, "Meteor Lake (Redwood Cove + Crestmont)"},
	{"GenuineIntel", 6, 0xac, 0xac, 0, 15, "Meteor Lake (Redwood Cove + Crestmont)"},
	{"GenuineIntel", 6, 0xad, 0xae, 0, 15, "Granite Rapids (Redwood Cove)"},
	{"GenuineIntel", 6, 0xaf, 0xaf, 0, 15, "Sierra Forest (Crestmont)"},
	{"GenuineIntel", 6, 0xbd, 0xbd, 0, 15, "Lunar Lake (Lion Cove + Skymont)"},
	{"GenuineIntel", 6, 0xc5, 0xc6, 0, 15, "Arrow Lake (Lion Cove + Skymont)"},
	{"GenuineIntel", 6, 0x5c, 0x5c, 0, 15, "Goldmont"},
	{"GenuineIntel", 6, 0x5f, 0x5f, 0, 15, "Goldmont"},
	{"GenuineIntel", 6, 0x7a, 0x7a, 0, 15, "Goldmont Plus"},
	{"GenuineIntel", 6, 0x86, 0x86, 0, 15, "Tremont"},
	{"GenuineIntel", 6, 0x96, 0x96, 0, 15, "Tremont"},
	{"GenuineIntel", 6, 0x9c, 0x9c, 0, 15, "Tremont"},
	{"GenuineIntel", 6, 0xbe, 0xbe, 0, 15, "Gracemont (Alder Lake-N)"},
};

const char *env_uarch_name(const char *vendor, int family, int model, int stepping)
{
	for (size_t i = 0; i < sizeof UARCH / sizeof UARCH[0]; i++)
		if (!strcmp(vendor, UARCH[i].vendor) && family == UARCH[i].family &&
		    model >= UARCH[i].model_lo && model <= UARCH[i].model_hi &&
		    stepping >= UARCH[i].step_lo && stepping <= UARCH[i].step_hi)
			return UARCH[i].name;
	return "unknown";
}

void env_cpu_identity(struct env_info *e)
{
	snprintf(e->cpu_vendor, sizeof e->cpu_vendor, "unknown");
	e->cpu_family = e->cpu_model_number = e->cpu_stepping = -1;
#ifdef ENV_X86
	unsigned a, b, c, d;

	if (__get_cpuid(0, &a, &b, &c, &d)) {
		memcpy(e->cpu_vendor, &b, 4), memcpy(e->cpu_vendor + 4, &d, 4);
		memcpy(e->cpu_vendor + 8, &c, 4), e->cpu_vendor[12] = '\0';
	}
	if (__get_cpuid(1, &a, &b, &c, &d)) {
		unsigned fam = (a >> 8) & 0xf, model = (a >> 4) & 0xf;
		if (fam == 0x6 || fam == 0xf)
			model |= ((a >> 16) & 0xf) << 4;
		if (fam == 0xf)
			fam += (a >> 20) & 0xff;
		e->cpu_family = (int)fam;
		e->cpu_model_number = (int)model;
		e->cpu_stepping = (int)(a & 0xf);
	}
#endif
	snprintf(e->uarch, sizeof e->uarch, "%s", env_uarch_name(e->cpu_vendor, e->cpu_family,
			e->cpu_model_number, e->cpu_stepping));
}

/* Returns the size in bytes of a sysfs cache size such as "48K" or "32M", or 0. */
static long env_size_text(const char *s)
{
	char *end;
	long v = strtol(s, &end, 10);

	if (v <= 0)
		return 0;
	return *end == 'K' ? v << 10 : *end == 'M' ? v << 20 : *end == 'G' ? v << 30 : v;
}

/* Returns nothing; stores size for a cache of level and type ('D', 'I' or 'U') into c. */
static void env_cache_put(struct env_caches *c, int level, char type, long size)
{
	if (level == 1 && type == 'D')
		c->l1d = size;
	else if (level == 1 && type == 'I')
		c->l1i = size;
	else if (level == 2 && type != 'I')
		c->l2 = size;
	else if (level == 3 && type != 'I')
		c->l3 = size;
}

/* Returns 0 after reading cpu's caches from sysfs (cacheinfo), -1 when sysfs has none. */
static int env_caches_sysfs(struct env_caches *c, int cpu)
{
	char path[128], buf[64];
	int found = 0;

	for (int i = 0; i < 8; i++) {
		int level = 0;
		char type = 0;
		long size = 0;
		const char *field[3] = {"level", "type", "size"};
		for (int f = 0; f < 3; f++) {
			FILE *fp;
			snprintf(path, sizeof path, "/sys/devices/system/cpu/cpu%d/cache/index%d/%s",
				 cpu, i, field[f]);
			if (!(fp = fopen(path, "r")))
				break;
			if (fgets(buf, sizeof buf, fp))
				f == 0 ? (void)(level = atoi(buf)) : f == 1 ? (void)(type = buf[0]) :
					 (void)(size = env_size_text(buf));
			fclose(fp);
		}
		if (level > 0 && size > 0) {
			env_cache_put(c, level, type == 'D' ? 'D' : type == 'I' ? 'I' : 'U', size);
			found = 1;
		}
	}
	if (found)
		snprintf(c->source, sizeof c->source, "sysfs /sys/devices/system/cpu/cpu%d/cache",
			 cpu);
	return found ? 0 : -1;
}

#ifdef ENV_X86
/* Returns 0 after walking a deterministic cache leaf (4 or 0x8000001d), -1 when it is empty. */
static int env_caches_leaf(struct env_caches *c, unsigned leaf)
{
	unsigned a, b, cc, d;
	int found = 0;

	for (unsigned i = 0; i < 16; i++) {
		__cpuid_count(leaf, i, a, b, cc, d);
		unsigned type = a & 0x1f, level = (a >> 5) & 7;
		if (type == 0)
			break;
		long size = (long)((b >> 22) + 1) * (((b >> 12) & 0x3ff) + 1) * ((b & 0xfff) + 1) *
			    ((long)cc + 1);
		env_cache_put(c, (int)level, type == 1 ? 'D' : type == 2 ? 'I' : 'U', size);
		found = 1;
	}
	(void)d;
	if (found)
		snprintf(c->source, sizeof c->source, "cpuid 0x%x", leaf);
	return found ? 0 : -1;
}

/* Returns 0 after reading caches from cpuid, -1 when no leaf describes them. */
static int env_caches_cpuid(struct env_caches *c)
{
	unsigned a, b, cc, d, max_ext = 0, max_basic = 0;
	char vendor[13] = "";

	if (__get_cpuid(0, &max_basic, &b, &cc, &d))
		memcpy(vendor, &b, 4), memcpy(vendor + 4, &d, 4), memcpy(vendor + 8, &cc, 4);
	if (!__get_cpuid(0x80000000u, &max_ext, &b, &cc, &d))
		max_ext = 0;
	if (max_ext >= 0x8000001du && __get_cpuid(0x80000001u, &a, &b, &cc, &d) &&
	    (cc & (1u << 22)) && env_caches_leaf(c, 0x8000001du) == 0)
		return 0;
	if (!strcmp(vendor, "GenuineIntel") && max_basic >= 4 && env_caches_leaf(c, 4) == 0)
		return 0;
	if (max_ext < 0x80000006u)
		return -1;
	__cpuid(0x80000005u, a, b, cc, d);
	if (strcmp(vendor, "GenuineIntel") != 0) { /* Intel leaves 0x80000005 reserved */
		c->l1d = (long)(cc >> 24) << 10;
		c->l1i = (long)(d >> 24) << 10;
	}
	__cpuid(0x80000006u, a, b, cc, d);
	c->l2 = (long)(cc >> 16) << 10;
	c->l3 = (long)(d >> 18) * (512L << 10);
	snprintf(c->source, sizeof c->source, "cpuid 0x80000005/0x80000006 (legacy leaves)");
	return c->l1d || c->l2 ? 0 : -1;
}
#endif

int env_caches(struct env_caches *c, int cpu)
{
	memset(c, 0, sizeof *c);
	if (env_caches_sysfs(c, cpu < 0 ? 0 : cpu) < 0) {
		memset(c, 0, sizeof *c);
#ifdef ENV_X86
		if (env_caches_cpuid(c) < 0)
#endif
		{
			memset(c, 0, sizeof *c);
			snprintf(c->source, sizeof c->source, "none (no sysfs cacheinfo, no cpuid "
				 "cache leaf)");
			return -1;
		}
	}
	return c->l1d ? 0 : -1;
}
