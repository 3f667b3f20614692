/* env.c - environment capture for the JSON sidecar, and pinning the bench to one cpu.
 * VM detection: cpuid leaf 1 ECX bit 31 ("hypervisor present") and the vendor signature at leaf
 * 0x40000000, then /sys/hypervisor/type and the DMI vendor strings, as systemd-detect-virt does. */
#include "env/env.h"
#include "env/cpuset.h"
#include "env/topology.h"

#include <errno.h>
#include <sched.h>
#include <stdio.h>
#include <string.h>
#include <sys/utsname.h>
#include <unistd.h>

#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>
#define ENV_X86 1
#elif defined(__aarch64__)
#include <asm/hwcap.h>
#include <sys/auxv.h>
#endif

#ifdef ENV_X86
/* cpuid hypervisor signatures (12 bytes from EBX, ECX, EDX of leaf 0x40000000) and their names. */
static const struct {
	const char *sig, *name;
} env_hv_sigs[] = {
	{"KVMKVMKVM", "KVM"},       {"Microsoft Hv", "Hyper-V"}, {"VMwareVMware", "VMware"},
	{"XenVMMXenVMM", "Xen"},    {"TCGTCGTCGTCG", "QEMU"},    {"VBoxVBoxVBox", "VirtualBox"},
	{" lrpepyh  vr", "Parallels"}, {"bhyve bhyve ", "bhyve"}, {"ACRNACRNACRN", "ACRN"},
};
#endif

/* DMI sys_vendor / product_name prefixes that mean a virtual machine, and their names. */
static const struct {
	const char *prefix, *name;
} env_dmi_vms[] = {
	{"QEMU", "QEMU"}, {"KVM", "KVM"}, {"VMware", "VMware"}, {"innotek", "VirtualBox"},
	{"VirtualBox", "VirtualBox"}, {"Xen", "Xen"}, {"Parallels", "Parallels"},
	{"Amazon EC2", "KVM (Amazon EC2)"}, {"Google Compute Engine", "KVM (Google)"},
	{"Virtual Machine", "Hyper-V"}, {"BHYVE", "bhyve"},
};

/* Returns nothing; copies src into dst (len bytes), cut short when it does not fit. */
static void env_copy(char *dst, size_t len, const char *src)
{
	size_t n = strnlen(src, len - 1);

	memcpy(dst, src, n);
	dst[n] = '\0';
}

/* Returns 0 after copying the first line of path (newline stripped) into buf, else -1. */
static int env_read_line(const char *path, char *buf, size_t len)
{
	FILE *f = fopen(path, "r");
	int ok;

	if (!f)
		return -1;
	ok = fgets(buf, (int)len, f) != NULL;
	fclose(f);
	if (!ok)
		return -1;
	buf[strcspn(buf, "\n")] = '\0';
	return 0;
}

/* Returns 0 after copying the value of the first "key<tabs>: value" line of /proc/cpuinfo. */
static int env_cpuinfo(const char *key, char *buf, size_t len)
{
	char line[4096];
	size_t klen = strlen(key);
	FILE *f = fopen("/proc/cpuinfo", "r");
	int found = -1;

	if (!f)
		return -1;
	while (found < 0 && fgets(line, sizeof line, f)) {
		char *colon = strchr(line, ':');
		if (strncmp(line, key, klen) != 0 || !colon ||
		    strspn(line + klen, " \t") != (size_t)(colon - line - klen))
			continue;
		colon += strspn(colon + 1, " \t") + 1;
		colon[strcspn(colon, "\n")] = '\0';
		snprintf(buf, len, "%s", colon);
		found = 0;
	}
	fclose(f);
	return found;
}

#if !defined(__aarch64__)
/* Returns 1 when the space-separated flag list has flag, else 0. */
static int env_has_flag(const char *flags, const char *flag)
{
	size_t n = strlen(flag);

	for (const char *p = flags; (p = strstr(p, flag)) != NULL; p += n)
		if ((p == flags || p[-1] == ' ') && (p[n] == ' ' || p[n] == '\0'))
			return 1;
	return 0;
}
#endif

int env_tsc_invariant(void)
{
#if defined(__aarch64__)
	return 1; /* the system counter's frequency is fixed (CNTFRQ), whatever the cores' clocks do */
#else
	char flags[4096];
#ifdef ENV_X86
	unsigned a, b, c, d;

	if (__get_cpuid(0x80000000u, &a, &b, &c, &d) && a >= 0x80000007u &&
	    __get_cpuid(0x80000007u, &a, &b, &c, &d) && (d & (1u << 8)))
		return 1;
#endif
	if (env_cpuinfo("flags", flags, sizeof flags) < 0)
		return 0;
	return env_has_flag(flags, "constant_tsc") && env_has_flag(flags, "nonstop_tsc");
#endif
}

/* Returns nothing; appends word and a separating space to the note when it has room. */
static void env_note_add(char *note, size_t len, const char *word)
{
	size_t used = strlen(note);
	snprintf(note + used, len - used, "%s%s", used ? " " : "", word);
}

/* Returns nothing; fills the flag note (the instruction-set extensions kernels care about). */
static void env_flags_note(struct env_info *e)
{
	char *note = e->cpu_flags_note;
	size_t len = sizeof e->cpu_flags_note;

	note[0] = '\0';
#ifdef ENV_X86
	unsigned a, b, c, d, c1 = 0, b7 = 0, c81 = 0, family = 0;
	char vendor[13] = "";

	if (__get_cpuid(0, &a, &b, &c, &d)) {
		memcpy(vendor, &b, 4), memcpy(vendor + 4, &d, 4), memcpy(vendor + 8, &c, 4);
		if (a >= 7 && __get_cpuid_count(7, 0, &a, &b7, &c, &d) == 0)
			b7 = 0;
	}
	if (__get_cpuid(1, &a, &b, &c1, &d))
		family = ((a >> 8) & 0xf) + (((a >> 8) & 0xf) == 0xf ? (a >> 20) & 0xff : 0);
	if (__get_cpuid(0x80000001u, &a, &b, &c81, &d) == 0)
		c81 = 0;
	if (c1 & (1u << 23)) env_note_add(note, len, "popcnt");
	if (c81 & (1u << 5)) env_note_add(note, len, "lzcnt");
	if (b7 & (1u << 3)) env_note_add(note, len, "bmi1");
	if (b7 & (1u << 8))   /* AMD before Zen 3 (family 0x19) runs pext/pdep in microcode */
		env_note_add(note, len, strcmp(vendor, "AuthenticAMD") == 0 && family < 0x19 ?
			     "bmi2(slow-pext)" : "bmi2");
	if (b7 & (1u << 5)) env_note_add(note, len, "avx2");
	if (b7 & (1u << 16)) env_note_add(note, len, "avx512f");
#endif
#if defined(__aarch64__)
	unsigned long hw = getauxval(AT_HWCAP);

	if (hw & HWCAP_ASIMD) env_note_add(note, len, "asimd");
	if (hw & HWCAP_CRC32) env_note_add(note, len, "crc32");
	if (hw & HWCAP_SVE) env_note_add(note, len, "sve");
#endif
	if (env_tsc_invariant())
		env_note_add(note, len, ENV_COUNTER_FLAG);
	if (!note[0])
		snprintf(note, len, "none noted");
}

/* Returns nothing; sets is_vm and hypervisor from cpuid, /sys/hypervisor and DMI strings. */
static void env_detect_vm(struct env_info *e)
{
	char buf[128];
	const char *dmi[] = {"/sys/class/dmi/id/sys_vendor", "/sys/class/dmi/id/product_name"};

	e->is_vm = 0;
	snprintf(e->hypervisor, sizeof e->hypervisor, "none");
#ifdef ENV_X86
	unsigned a, b, c, d;
	if (__get_cpuid(1, &a, &b, &c, &d) && (c & (1u << 31))) {
		char sig[13] = "";
		__cpuid(0x40000000u, a, b, c, d);
		memcpy(sig, &b, 4), memcpy(sig + 4, &c, 4), memcpy(sig + 8, &d, 4);
		e->is_vm = 1;
		snprintf(e->hypervisor, sizeof e->hypervisor, "unknown (cpuid \"%s\")", sig);
		for (size_t i = 0; i < sizeof env_hv_sigs / sizeof env_hv_sigs[0]; i++)
			if (strcmp(sig, env_hv_sigs[i].sig) == 0)
				env_copy(e->hypervisor, sizeof e->hypervisor, env_hv_sigs[i].name);
		return;
	}
#endif
	if (env_read_line("/sys/hypervisor/type", buf, sizeof buf) == 0 && buf[0]) {
		e->is_vm = 1;
		env_copy(e->hypervisor, sizeof e->hypervisor, buf);
		return;
	}
	for (size_t f = 0; f < 2; f++) {
		if (env_read_line(dmi[f], buf, sizeof buf) < 0)
			continue;
		for (size_t i = 0; i < sizeof env_dmi_vms / sizeof env_dmi_vms[0]; i++) {
			const char *pre = env_dmi_vms[i].prefix;
			if (strncmp(buf, pre, strlen(pre)) == 0) {
				e->is_vm = 1;
				env_copy(e->hypervisor, sizeof e->hypervisor, env_dmi_vms[i].name);
				return;
			}
		}
	}
}

/* Returns nothing; fills the CPU model from /proc/cpuinfo, else the cpuid brand string. */
static void env_cpu_model(struct env_info *e)
{
	if (env_cpuinfo("model name", e->cpu_model, sizeof e->cpu_model) == 0)
		return;
	snprintf(e->cpu_model, sizeof e->cpu_model, "unknown");
#ifdef ENV_X86
	unsigned r[12], a;
	if (__get_cpuid(0x80000000u, &a, &r[1], &r[2], &r[3]) && a >= 0x80000004u) {
		for (unsigned i = 0; i < 12; i += 4)
			__cpuid(0x80000002u + i / 4, r[i], r[i + 1], r[i + 2], r[i + 3]);
		memcpy(e->cpu_model, r, sizeof r);
		e->cpu_model[sizeof r] = '\0';
	}
#endif
}

/* Returns nothing; fills the THP mode (the bracketed word) and the pinned cpu's governor. */
static void env_thp_governor(struct env_info *e, int cpu)
{
	char buf[256], path[128];
	char *open_b, *close_b;

	snprintf(e->thp, sizeof e->thp, "unknown");
	if (env_read_line("/sys/kernel/mm/transparent_hugepage/enabled", buf, sizeof buf) == 0 &&
	    (open_b = strchr(buf, '[')) && (close_b = strchr(open_b, ']'))) {
		*close_b = '\0';
		env_copy(e->thp, sizeof e->thp, open_b + 1);
	}
	if (cpu < 0)
		cpu = sched_getcpu() < 0 ? 0 : sched_getcpu();
	snprintf(path, sizeof path, "/sys/devices/system/cpu/cpu%d/cpufreq/scaling_governor", cpu);
	if (env_read_line(path, buf, sizeof buf) < 0 || !buf[0])
		snprintf(buf, sizeof buf, "none (no cpufreq)");
	env_copy(e->governor, sizeof e->governor, buf);
}

void env_capture(struct env_info *e, int pinned_cpu)
{
	struct utsname u;

	memset(e, 0, sizeof *e);
	env_cpu_model(e);
	env_flags_note(e);
	env_thp_governor(e, pinned_cpu);
	env_detect_vm(e);
	env_cpu_identity(e);
	env_caches(&e->caches, pinned_cpu);
	if (e->is_vm && e->caches.l1d)
		env_note_add(e->caches.source, sizeof e->caches.source, "(in a guest: as the "
			     "hypervisor reports them)");
	if (!strcmp(e->cpu_vendor, "AuthenticAMD") && e->caches.l3 > 128L << 20)
		env_note_add(e->caches.source, sizeof e->caches.source, "(an L3 above 128 MiB is "
			     "more than any AMD core complex has: likely the whole package's)");
	snprintf(e->kernel_release, sizeof e->kernel_release, "%s",
		 uname(&u) == 0 ? u.release : "unknown");
	if (gethostname(e->hostname, sizeof e->hostname) != 0)
		snprintf(e->hostname, sizeof e->hostname, "unknown");
	e->hostname[sizeof e->hostname - 1] = '\0';
	e->ncpus = sysconf(_SC_NPROCESSORS_ONLN);
	e->cpu_pinned = pinned_cpu;
	e->tsc_invariant = env_tsc_invariant();
	env_arch_capture(e);
}

int env_pin_cpu(int cpu, char *err, size_t errlen)
{
	char online[256] = "";
	unsigned char in[CPU_SETSIZE] = { 0 };
	cpu_set_t set;
	int known = env_read_line("/sys/devices/system/cpu/online", online, sizeof online) == 0 &&
		    topo_parse_list(online, in, CPU_SETSIZE) > 0;

	if (cpu < 0 || cpu >= CPU_SETSIZE || (known && !in[cpu])) {
		snprintf(err, errlen, "cpu %d does not exist here: %ld online (%s)", cpu,
			 sysconf(_SC_NPROCESSORS_ONLN), known ? online : "list unknown");
		return -1;
	}
	/* (asked before the first pin narrows the mask this process started with) */
	if (!cpuset_has(cpu)) {
		char list[256];
		snprintf(err, errlen, "cpu %d is not one this process may run on (%s: see taskset "
			 "-p, a cgroup cpuset or the batch allocation)", cpu,
			 cpuset_list(list, sizeof list));
		return -1;
	}
	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	if (sched_setaffinity(0, sizeof set, &set) != 0) {
		int e = errno;
		snprintf(err, errlen, "cannot pin to cpu %d: sched_setaffinity: %s%s", cpu,
			 strerror(e), e != EINVAL ? "" :
			 " (not in this process's allowed cpus: see taskset -p, cgroup cpuset)");
		return -1;
	}
	return 0;
}
