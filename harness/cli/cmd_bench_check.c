/* cmd_bench_check.c - `slidebench bench`'s request checked before anything runs: --threads,
 * the modes against the build and each other, the --simulate plan, the pressure sizes
 * (cmd_bench.h). */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench/perft.h"
#include "bench/threads.h"
#include "cli/cli.h"
#include "cli/cmd_bench.h"
#include "env/cpuset.h"
#include "env/env.h"
#include "sim/sim_bench.h"

/* Returns 1 when a selected mode has the flag at offset off of struct mode_def set. */
static int modes_flag(unsigned modes, size_t off)
{
	for (int m = 0; m < MODE_COUNT; m++)
		if ((modes >> m & 1) && *(const int *)((const char *)&MODES[m] + off))
			return 1;
	return 0;
}

unsigned bench_max_threads(const struct bench_opts *o)
{
	unsigned m = 1;

	for (unsigned i = 0; i < o->nthreads; i++)
		m = o->thread_counts[i] > m ? o->thread_counts[i] : m;
	return m;
}

/* Parses --threads into o->thread_counts (default: 1) and refuses what multi-threaded samples
 * cannot be combined with.  Returns 0, or the exit status. */
static int check_threads(struct bench_opts *o)
{
	long ncpu = cpuset_count();
	const char *p = o->threads ? o->threads : "1";
	char note[400];
	int many = 0;

	if (o->threads && !o->sim_child && cpuset_note(note, sizeof note))
		fprintf(stderr, "slidebench bench: %s: --threads counts only those\n", note);
	o->nthreads = 0;
	if (cli_check_list("--threads", p) < 0)
		return EXIT_USAGE;
	while (*p) {
		char *end;
		int all = !strncmp(p, "all", 3), twice = 0;
		long n = all ? ncpu : strtol(p, &end, 10);
		if (all)
			end = (char *)p + 3;
		/* digits only, as cli_parse_long reads numbers: strtol also takes blanks and a sign */
		if (end == p || (*p != 'a' && (*p < '0' || *p > '9')) || (*end && *end != ',') ||
		    n < 1 || n > ncpu || n > THREADS_MAX ||
		    o->nthreads == BENCH_MAX_THREAD_COUNTS) {
			fprintf(stderr, "slidebench bench: --threads \"%.80s\": a list of at most %d "
				"counts from 1 to the %ld CPUs this process may run on, or all\n",
				o->threads, BENCH_MAX_THREAD_COUNTS, ncpu);
			return EXIT_USAGE;
		}
		for (unsigned i = 0; i < o->nthreads; i++)
			twice |= o->thread_counts[i] == (unsigned)n;
		/* (all is one of the counts given where few CPUs may be used: 1,all on one) */
		if (twice && !all) {
			fprintf(stderr, "slidebench bench: --threads \"%.80s\": %ld twice\n",
				o->threads, n);
			return EXIT_USAGE;
		}
		if (!twice)
			o->thread_counts[o->nthreads++] = (unsigned)n;
		many |= n > 1;
		p = *end ? end + 1 : end;
	}
	if (many && (o->simulate || o->sim_child || o->cold)) {
		fprintf(stderr, "slidebench bench: --threads above 1 with --%s: not built (%s)\n",
			o->simulate || o->sim_child ? "simulate" : "cold",
			o->simulate || o->sim_child ? "callgrind runs one thread at a time" :
			"a cold sample evicts the caches of one core");
		return EXIT_USAGE;
	}
	if (o->table_copies && !many) {
		fprintf(stderr, "slidebench bench: --table-copies compares tables shared between "
			"threads with one set per thread: give --threads a count above 1\n");
		return EXIT_USAGE;
	}
	return 0;
}

int bench_check_request(struct bench_opts *o, int *modes, struct pressure_set *ps,
			struct sim_info *si)
{
	char err[PATH_MAX + 256];
	int emu;

	/* an emulated program's times measure the emulator (env_timing_check) */
	if (!o->sim_child && (emu = env_timing_check(err, sizeof err)) != 0) {
		fprintf(stderr, "slidebench bench: %s\n", err);
		if (emu < 0)
			return EXIT_FAIL;
	}
	if (o->simulate && !o->sim_child) {
		struct sim_opts so = { .d1 = o->d1, .ll = o->ll, .l1 = o->l1, .tlb = o->tlb };
		if (sim_plan(&so, si, err, sizeof err) < 0) {
			fprintf(stderr, "slidebench bench: %s\n", err);
			return EXIT_USAGE;
		}
		if (sim_ready(si, err, sizeof err) < 0) {
			fprintf(stderr, "slidebench bench: --simulate: %s\n", err);
			return EXIT_FAIL;
		}
	}
	if ((*modes = bench_parse_modes(o->modes ? o->modes : mode_names(1))) < 0)
		return EXIT_USAGE;
	if (modes_flag((unsigned)*modes, offsetof(struct mode_def, perft)) &&
	    (!PERFT_BUILT || o->simulate)) {
		fprintf(stderr, "slidebench bench: --mode %s: %s\n",
			*modes >> MODE_PERFT & 1 ? "perft" : "search", !PERFT_BUILT ? PERFT_NOT_BUILT :
			"not simulated: the simulation build has no perft loops (nothing it runs is perft; "
			"the search loop expands the same generator)");
		return EXIT_USAGE;
	}
	if (pressure_parse(o->pressure ? o->pressure : PRESSURE_DEFAULT, ps, err, sizeof err) < 0) {
		fprintf(stderr, "slidebench bench: %s\n", err);
		return EXIT_USAGE;
	}
	int rc = check_threads(o);
	if (!rc && bench_max_threads(o) < 2 && modes_flag((unsigned)*modes,
						      offsetof(struct mode_def, neighbours))) {
		fprintf(stderr, "slidebench bench: --mode neighbours times one thread beside noisy "
			"neighbours on other cores: give --threads a count of 2 or more (e.g. "
			"--threads 1,2)\n");
		return EXIT_USAGE;
	}
	if (!rc && bench_max_threads(o) > 1 && (*modes >> MODE_SEARCH & 1)) {
		fprintf(stderr, "slidebench bench: --mode search runs on one thread: threads sharing "
			"its transposition table would not search the same trees run after run; leave "
			"--threads out, or run search apart from the --threads modes\n");
		return EXIT_USAGE;
	}
	return rc;
}
