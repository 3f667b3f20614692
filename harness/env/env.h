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
	int tsc_invariant;        /* the timer's counter runs at a constant rate (x86: the TSC;
				   * aarch64: cntvct_el0, constant by architecture) */
	char arch[16];            /* what this program is built for: "x86_64", "aarch64", ... */
	char kernel_arch[65];     /* what the kernel runs: /proc/sys/kernel/arch, else uname */
	int emulated;             /* 1: a user-mode emulator runs this program (env_arch.c) */
	char emulation[256];      /* why emulated is 1, else "" */
};

/* The flag-note word for a constant-rate timer counter (tests look for it). */
#if defined(__aarch64__)
#define ENV_COUNTER_FLAG "invariant-cntvct"
#else
#define ENV_COUNTER_FLAG "invariant-tsc"
#endif
/* The environment variable that lets bench time under emulation (for functional tests). */
#define ENV_TIME_EMULATED "SLIDEBENCH_TIME_EMULATED"

/* Fills e from cpuid, /proc and /sys; pinned_cpu is the cpu env_pin_cpu() was given, or -1. */
void env_capture(struct env_info *e, int pinned_cpu);
/* Pins the calling thread to cpu with sched_setaffinity; returns 0, or -1 with err such as
 * "cpu 7 does not exist here: 2 online (0-1)" or, for a cpu outside the mask this process
 * started with (cpuset.h), "cpu 1 is not one this process may run on (0: ...)". */
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
 * in /proc/cpuinfo), else 0; on aarch64 1 (the generic timer's count is constant-rate). */
int env_tsc_invariant(void);
/* Returns the architecture this program is built for: "x86_64", "i386", "aarch64", "arm". */
const char *env_build_arch(void);
/* Fills e's arch, kernel_arch, emulated and emulation (env_arch.c says how). */
void env_arch_capture(struct env_info *e);
/* Returns 0 when times taken here mean something (msg ""); -1 under emulation (msg: the
 * refusal, what to do instead); 1 under emulation with ENV_TIME_EMULATED=1 in the environment
 * (msg: the warning to print). */
int env_timing_check(char *msg, size_t len);

#endif
