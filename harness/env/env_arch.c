/* env_arch.c - which architecture this program is built for, which one the kernel runs, and
 * whether the program runs under a user-mode emulator (qemu-user: an aarch64 build on an x86-64
 * host, say), where a time measures the emulator on the host and says nothing about the
 * architecture emulated.
 *
 * qemu-user answers uname() with the emulated machine ("aarch64") and AT_HWCAP with the
 * emulated features, so neither tells.  What it passes through is the kernel's own answer:
 * /proc/sys/kernel/arch (the kernel's machine, where the kernel has the file: "x86_64" under
 * qemu-aarch64 on this x86-64 host) and /proc/cpuinfo, whose fields are the host's ("vendor_id"
 * and "flags" on x86, "CPU implementer" and "Features" on ARM).  Either disagreeing with the
 * build's architecture is emulation.  Not caught: qemu-i386 on an x86-64 kernel (the same
 * family; harness/scripts/run32.sh says when it uses it). */
#include "env/env.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>

const char *env_build_arch(void)
{
#if defined(__x86_64__)
	return "x86_64";
#elif defined(__i386__)
	return "i386";
#elif defined(__aarch64__)
	return "aarch64";
#elif defined(__arm__)
	return "arm";
#else
	return "unknown";
#endif
}

/* Returns the family of a machine name as uname or /proc/sys/kernel/arch gives it: "x86" for
 * x86_64, i386 .. i686, "arm" for aarch64, arm64, armv7l, ...; else the name itself. */
static const char *env_arch_family(const char *machine)
{
	if (!strcmp(machine, "x86_64") || (machine[0] == 'i' && !strcmp(machine + 2, "86")))
		return "x86";
	if (!strncmp(machine, "arm", 3) || !strcmp(machine, "aarch64"))
		return "arm";
	return machine;
}

/* Returns the family of /proc/cpuinfo's fields ("x86": a vendor_id line; "arm": a CPU
 * implementer line), or NULL when it has neither (or cannot be read). */
static const char *env_cpuinfo_family(void)
{
	char line[512];
	const char *fam = NULL;
	FILE *f = fopen("/proc/cpuinfo", "r");

	while (f && !fam && fgets(line, sizeof line, f)) {
		if (!strncmp(line, "vendor_id", 9))
			fam = "x86";
		else if (!strncmp(line, "CPU implementer", 15))
			fam = "arm";
	}
	if (f)
		fclose(f);
	return fam;
}

void env_arch_capture(struct env_info *e)
{
	char karch[sizeof e->kernel_arch] = "";
	const char *build = env_arch_family(env_build_arch()), *cpu;
	FILE *f = fopen("/proc/sys/kernel/arch", "r");
	struct utsname u;

	snprintf(e->arch, sizeof e->arch, "%s", env_build_arch());
	if (f && fgets(karch, sizeof karch, f)) {
		karch[strcspn(karch, "\n")] = '\0';
		snprintf(e->kernel_arch, sizeof e->kernel_arch, "%s", karch);
	} else {
		snprintf(e->kernel_arch, sizeof e->kernel_arch, "%s",
			 uname(&u) == 0 ? u.machine : "unknown");
	}
	if (f)
		fclose(f);
	e->emulated = 0;
	e->emulation[0] = '\0';
	cpu = env_cpuinfo_family();
	if (karch[0] && strcmp(env_arch_family(karch), build) != 0) {
		e->emulated = 1;
		snprintf(e->emulation, sizeof e->emulation, "this %s program runs under a user-mode "
			 "emulator such as qemu-user (the kernel is %s: /proc/sys/kernel/arch)",
			 e->arch, karch);
	} else if (cpu && strcmp(cpu, build) != 0) {
		e->emulated = 1;
		snprintf(e->emulation, sizeof e->emulation, "this %s program runs under a user-mode "
			 "emulator such as qemu-user (/proc/cpuinfo describes an %s CPU)", e->arch,
			 cpu);
	}
}

int env_timing_check(char *msg, size_t len)
{
	struct env_info e;
	const char *allow = getenv(ENV_TIME_EMULATED);

	msg[0] = '\0';
	env_arch_capture(&e);
	if (!e.emulated)
		return 0;
	if (allow && !strcmp(allow, "1")) {
		snprintf(msg, len, "timing under emulation because %s=1 (%s): the figures are a "
			 "functional check of the program, not a measurement of any %s core; "
			 "context.json says \"emulated\"", ENV_TIME_EMULATED, e.emulation, e.arch);
		return 1;
	}
	snprintf(msg, len, "refusing to time: %s, and an emulated time measures the emulator on "
		 "this host, not an %s core.  Time it on %s hardware; verify and perft check its "
		 "results here.  (%s=1 times it anyway, for functional tests only.)", e.emulation,
		 e.arch, e.arch, ENV_TIME_EMULATED);
	return -1;
}
