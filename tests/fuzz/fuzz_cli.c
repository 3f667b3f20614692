/* fuzz_cli.c - bench's command-line parser (the largest: lists, numbers, geometries) on any
 * argument vector: the input is cut at NUL bytes into arguments after "bench".  bench_parse
 * (cli/cmd_bench_opts.c), then the lists parsed as bench parses them (modes, pressure sizes,
 * kernels, the --simulate plan).  No plugin is loaded and nothing is run. */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fuzz.h"
#include "bench/modes.h"
#include "bench/pressure.h"
#include "cli/cli.h"
#include "cli/cmd_bench.h"
#include "registry/registry.h"
#include "sim/sim_bench.h"

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	FILE *null = fopen("/dev/null", "w");

	(void)argc, (void)argv;
	fuzz_quiet();
	if (null)
		stdout = null;  /* --help */
	if (registry_init() < 0)
		abort();
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static char buf[4096];
	static struct kentry *sel[MAX_SEL];
	char *argv[66] = { "bench" }, err[PATH_MAX + 256];
	int argc = 1;
	struct bench_opts o = { .samples = 15, .warmup = 2, .epochs = 3, .cpu = -1,
				.max_queries = 32768, .min_lookups = 100000, .random_queries = 16384 };
	struct pressure_set ps = { 0 };
	struct sim_info info;

	if (size >= sizeof buf)
		return 0;
	memcpy(buf, data, size);
	buf[size] = 0;
	for (char *p = buf; p < buf + size && argc < 64; p += strlen(p) + 1)
		argv[argc++] = p;
	argv[argc] = NULL;
	optind = 0;  /* glibc: a full reset of getopt's state */
	opterr = 0;
	if (bench_parse(argc, argv, &o) != 0)
		return 0;
	o.nplugins = 0;  /* paths from the input are never opened */
	(void)bench_parse_modes(o.modes ? o.modes : mode_names(1));
	if (pressure_parse(o.pressure ? o.pressure : PRESSURE_DEFAULT, &ps, err, sizeof err) == 0)
		pressure_free(&ps);
	(void)cli_select_kernels(o.kernels, sel, MAX_SEL);
	if (o.simulate) {
		struct sim_opts so = { .d1 = o.d1, .ll = o.ll, .l1 = o.l1, .tlb = o.tlb };
		(void)sim_plan(&so, &info, err, sizeof err);
	}
	return 0;
}
