/* test_env.c - environment capture gives sane fields; pinning works on an allowed cpu and names
 * the problem on a cpu that does not exist. */
#include <sched.h>
#include <string.h>

#include "check.h"
#include "env/env.h"

/* Returns nothing; checks the fields of a capture and prints them. */
static void test_capture(void)
{
	struct env_info e;

	memset(&e, 0x5a, sizeof e);
	env_capture(&e, -1);
	printf("  cpu \"%s\" flags \"%s\" governor \"%s\" thp \"%s\" vm %d (%s) kernel %s host %s"
	       " ncpus %ld tsc_invariant %d\n", e.cpu_model, e.cpu_flags_note, e.governor, e.thp,
	       e.is_vm, e.hypervisor, e.kernel_release, e.hostname, e.ncpus, e.tsc_invariant);
	CHECK(e.cpu_model[0] && memchr(e.cpu_model, 0, sizeof e.cpu_model), "cpu_model empty");
	CHECK(e.cpu_flags_note[0] && memchr(e.cpu_flags_note, 0, sizeof e.cpu_flags_note), "flags");
	CHECK(e.governor[0] && memchr(e.governor, 0, sizeof e.governor), "governor empty");
	CHECK(!strcmp(e.thp, "always") || !strcmp(e.thp, "madvise") || !strcmp(e.thp, "never") ||
	      !strcmp(e.thp, "unknown"), "thp \"%.63s\"", e.thp);
	CHECK(e.is_vm == 0 || e.is_vm == 1, "is_vm %d", e.is_vm);
	CHECK(e.is_vm ? strcmp(e.hypervisor, "none") != 0 && e.hypervisor[0] :
	      strcmp(e.hypervisor, "none") == 0, "is_vm %d hypervisor \"%.63s\"", e.is_vm, e.hypervisor);
	CHECK(e.kernel_release[0] && memchr(e.kernel_release, 0, sizeof e.kernel_release), "kernel");
	CHECK(memchr(e.hostname, 0, sizeof e.hostname) != NULL, "hostname not terminated");
	CHECK(e.ncpus >= 1, "ncpus %ld", e.ncpus);
	CHECK(e.cpu_pinned == -1, "cpu_pinned %d", e.cpu_pinned);
	CHECK(e.tsc_invariant == env_tsc_invariant(), "tsc_invariant %d vs %d", e.tsc_invariant,
	      env_tsc_invariant());
	CHECK((strstr(e.cpu_flags_note, ENV_COUNTER_FLAG) != NULL) == (e.tsc_invariant == 1),
	      "flags \"%s\" vs tsc_invariant %d", e.cpu_flags_note, e.tsc_invariant);
}

/* Returns nothing; checks the architecture fields: a test binary runs natively (make test
 * builds it for this machine), so nothing is emulated and timing is allowed. */
static void test_arch(void)
{
	struct env_info e;
	char msg[512] = "x";

	env_capture(&e, -1);
	printf("  arch %s kernel_arch %s emulated %d \"%s\"\n", e.arch, e.kernel_arch, e.emulated,
	       e.emulation);
	CHECK(!strcmp(e.arch, env_build_arch()) && strcmp(e.arch, "unknown") != 0, "arch \"%s\"",
	      e.arch);
	CHECK(e.kernel_arch[0] && strcmp(e.kernel_arch, "unknown") != 0, "kernel_arch \"%s\"",
	      e.kernel_arch);
	CHECK(e.emulated == 0 && e.emulation[0] == '\0', "native run seen as emulated: %s",
	      e.emulation);
	CHECK(env_timing_check(msg, sizeof msg) == 0 && msg[0] == '\0', "timing refused: %s", msg);
}

/* Returns nothing; pins to the last cpu this process may use and checks where it runs. */
static void test_pin(void)
{
	cpu_set_t allowed;
	int cpu = -1;
	char err[256] = "";
	struct env_info e;

	CHECK(sched_getaffinity(0, sizeof allowed, &allowed) == 0, "sched_getaffinity failed");
	for (int i = 0; i < CPU_SETSIZE; i++)
		if (CPU_ISSET(i, &allowed))
			cpu = i;
	CHECK(cpu >= 0, "no allowed cpu");
	CHECK(env_pin_cpu(cpu, err, sizeof err) == 0, "pin to allowed cpu %d: %s", cpu, err);
	CHECK(sched_getcpu() == cpu, "pinned to %d but running on %d", cpu, sched_getcpu());
	env_capture(&e, cpu);
	CHECK(e.cpu_pinned == cpu, "cpu_pinned %d want %d", e.cpu_pinned, cpu);
	CHECK(sched_setaffinity(0, sizeof allowed, &allowed) == 0, "restoring affinity failed");

	err[0] = '\0';
	CHECK(env_pin_cpu(4000, err, sizeof err) == -1, "pin to cpu 4000 succeeded");
	CHECK(strstr(err, "cpu 4000 does not exist here:") && strstr(err, "online ("),
	      "pin to 4000: err \"%s\"", err);
	printf("  pin 4000: %s\n", err);
	err[0] = '\0';
	CHECK(env_pin_cpu(-1, err, sizeof err) == -1 && strstr(err, "cpu -1 does not exist"),
	      "pin to -1: err \"%s\"", err);
}

/* Returns nothing; the microarchitecture table names the models it should and no others. */
static void test_uarch_table(void)
{
	static const struct {
		const char *vendor;
		int family, model, stepping;
		const char *want;
	} cases[] = {
		{"AuthenticAMD", 0x1a, 0x02, 1, "Zen 5"},  /* this project's bhyve guest (Turin) */
		{"AuthenticAMD", 0x1a, 0x44, 0, "Zen 5"},  /* Granite Ridge */
		{"AuthenticAMD", 0x19, 0x01, 1, "Zen 3"},  /* Milan */
		{"AuthenticAMD", 0x19, 0x21, 0, "Zen 3"},  /* Vermeer */
		{"AuthenticAMD", 0x19, 0x44, 1, "Zen 3+"}, /* Rembrandt */
		{"AuthenticAMD", 0x19, 0x11, 1, "Zen 4"},  /* Genoa */
		{"AuthenticAMD", 0x19, 0x61, 2, "Zen 4"},  /* Raphael */
		{"AuthenticAMD", 0x17, 0x01, 2, "Zen"},    /* Naples */
		{"AuthenticAMD", 0x17, 0x08, 2, "Zen+"},   /* Pinnacle Ridge */
		{"AuthenticAMD", 0x17, 0x31, 0, "Zen 2"},  /* Rome */
		{"AuthenticAMD", 0x17, 0x71, 0, "Zen 2"},  /* Matisse */
		{"GenuineIntel", 6, 0x55, 4, "Skylake-SP"},
		{"GenuineIntel", 6, 0x55, 7, "Cascade Lake"},
		{"GenuineIntel", 6, 0x9e, 10, "Kaby/Coffee Lake (Skylake core)"},
		{"GenuineIntel", 6, 0x97, 2, "Alder Lake (Golden Cove + Gracemont)"},
		{"GenuineIntel", 6, 0x8f, 8, "Sapphire Rapids (Golden Cove)"},
		{"AuthenticAMD", 6, 0x97, 2, "unknown"},   /* an Intel model number under AMD */
		{"AuthenticAMD", 0x1b, 0x00, 0, "unknown"},
		{"unknown", -1, -1, -1, "unknown"},
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		const char *got = env_uarch_name(cases[i].vendor, cases[i].family, cases[i].model,
						 cases[i].stepping);
		CHECK(!strcmp(got, cases[i].want), "%s family 0x%x model 0x%x stepping %d: "
		      "expected \"%s\" got \"%s\"", cases[i].vendor, (unsigned)cases[i].family,
		      (unsigned)cases[i].model, cases[i].stepping, cases[i].want, got);
	}
}

/* Returns nothing; the cpu identity and caches of this machine are consistent. */
static void test_cpu_and_caches(void)
{
	struct env_info e;
	struct env_caches c;

	env_capture(&e, -1);
	printf("  vendor %s family %d (0x%x) model %d (0x%x) stepping %d uarch \"%s\"\n",
	       e.cpu_vendor, e.cpu_family, (unsigned)e.cpu_family, e.cpu_model_number,
	       (unsigned)e.cpu_model_number, e.cpu_stepping, e.uarch);
	printf("  caches L1d %ld L1i %ld L2 %ld L3 %ld from %s\n", e.caches.l1d, e.caches.l1i,
	       e.caches.l2, e.caches.l3, e.caches.source);
	CHECK(e.cpu_vendor[0] && memchr(e.cpu_vendor, 0, sizeof e.cpu_vendor), "vendor");
	CHECK((e.cpu_family < 0) == !strcmp(e.cpu_vendor, "unknown"), "vendor %s family %d",
	      e.cpu_vendor, e.cpu_family);
	/* the name itself is checked on known signatures above; here only that what the report
	 * and context.json print is a name (no quote, comma or control character to escape) */
	CHECK(e.uarch[0] && !strpbrk(e.uarch, "\",\n\t"), "uarch \"%s\"", e.uarch);
#if defined(__x86_64__) || defined(__i386__)
	CHECK(e.cpu_family > 0 && e.cpu_model_number >= 0 && e.cpu_stepping >= 0,
	      "x86 without a cpuid signature: %d %d %d", e.cpu_family, e.cpu_model_number,
	      e.cpu_stepping);
#endif
	CHECK(e.caches.source[0], "cache source empty");
	CHECK(env_caches(&c, -1) == (c.l1d ? 0 : -1), "env_caches return vs l1d %ld", c.l1d);
	CHECK(c.l1d == e.caches.l1d && c.l2 == e.caches.l2 && c.l3 == e.caches.l3,
	      "env_caches disagrees with env_capture");
	if (!c.l1d) {
		printf("SKIPPED: cache size checks: %s\n", c.source);
		return;
	}
	/* plausibility of sizes (no timing): an L1d of whole 4 KiB pages, up to 1 MiB; each
	 * further level at least as large as the one before */
	CHECK(c.l1d >= 4096 && c.l1d <= (1L << 20) && c.l1d % 4096 == 0, "L1d %ld", c.l1d);
	CHECK(c.l1i == 0 || (c.l1i >= 4096 && c.l1i % 1024 == 0), "L1i %ld", c.l1i);
	CHECK(c.l2 == 0 || c.l2 >= c.l1d, "L2 %ld below L1d %ld", c.l2, c.l1d);
	CHECK(c.l3 == 0 || c.l3 >= c.l2, "L3 %ld below L2 %ld", c.l3, c.l2);
}

int main(void)
{
	test_capture();
	test_arch();
	test_uarch_table();
	test_cpu_and_caches();
	test_pin();
	return check_done();
}
