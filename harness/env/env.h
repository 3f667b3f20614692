/* env.h - what the run happened on (CPU, governor, THP, VM or not, kernel, host); pinning. */
#ifndef SB_ENV_H
#define SB_ENV_H

#include <stddef.h>

/* Cache sizes in bytes (0: not known) and where they were read. */
struct env_caches {
	long l1d, l1i, l2, l3;
	char source[256]; /* "sysfs ...", "cpuid 0x8000001d", "cpuid 4", "cpuid 0x80000005/6", or
			   * "none ..."; a guest's figures are what the hypervisor reports */
};

struct env_info {
	char cpu_model[128];
	char cpu_vendor[16];      /* cpuid vendor string, e.g. "AuthenticAMD", or "unknown" */
	int cpu_family;           /* display family (base + extended), -1 when unknown */
	int cpu_model_number;     /* display model (extended model folded in), -1 when unknown */
	int cpu_stepping;         /* -1 when unknown */
	char uarch[48];           /* "Zen 5", "Golden Cove", ... from family/model, or "unknown" */
	struct env_caches caches;
	char cpu_flags_note[128]; /* e.g. "popcnt lzcnt bmi1 bmi2 avx2 invariant-tsc" */
	char governor[64];        /* scaling governor of the pinned cpu, or "none (no cpufreq)" */
	char thp[64];             /* [selected] word of transparent_hugepage/enabled, or "unknown" */
	int is_vm;
	char hypervisor[64];      /* "KVM", "Xen", ..., "unknown (cpuid ...)", or "none" */
	char kernel_release[128];
	char hostname[64];
	long ncpus;               /* online cpus */
	int cpu_pinned;           /* -1 if not pinned */
	int tsc_invariant;
};

/* Fills e from cpuid, /proc and /sys; pinned_cpu is the cpu env_pin_cpu() was given, or -1. */
void env_capture(struct env_info *e, int pinned_cpu);
/* Pins the calling thread to cpu with sched_setaffinity; returns 0, or -1 with err such as
 * "cpu 7 does not exist here: 2 online (0-1)". */
int env_pin_cpu(int cpu, char *err, size_t errlen);
/* Fills the cpuid identity (vendor, family, model, stepping) and the microarchitecture name of
 * the cpu this runs on; -1 and "unknown" where cpuid is missing (not x86). */
void env_cpu_identity(struct env_info *e);
/* Returns the microarchitecture name for a vendor/family/model/stepping, or "unknown". */
const char *env_uarch_name(const char *vendor, int family, int model, int stepping);
/* Fills c with the cache sizes of cpu (sysfs, else cpuid; a guest may report the host's);
 * returns 0 when at least L1d is known, else -1 (all 0, source says why).  Bench code may use
 * it, e.g. for a cold-start buffer larger than l3. */
int env_caches(struct env_caches *c, int cpu);
/* Returns 1 when the TSC is invariant (cpuid 0x80000007 EDX bit 8, or constant_tsc + nonstop_tsc
 * in /proc/cpuinfo), else 0. */
int env_tsc_invariant(void);

#endif
