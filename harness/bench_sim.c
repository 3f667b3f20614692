/* bench_sim.c - `bench --simulate`: the same command re-run under callgrind, one counted
 * region per kernel and workload, read back as per-label counts. */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "bench_sim.h"

#define SIM_MAX_QUERIES 20000

int bench_simulate(int argc, char **argv, const char *d1, const char *ll, long max_queries,
		   const char *run_dir, struct sim_counts **sim, size_t *nsim)
{
	struct sim_geometry g;
	char err[512], *child[128], *vg[192], maxq[32], dir[PATH_MAX];
	size_t n = 0;

	/* The raw callgrind dumps stay with the run, in callgrind/. */
	if ((size_t)snprintf(dir, sizeof dir, "%s/callgrind", run_dir) >= sizeof dir ||
	    mkdir(dir, 0777) < 0) {
		fprintf(stderr, "slidebench bench: %s: %s\n", dir, strerror(errno));
		return -1;
	}
	if (sim_geometry_parse(d1, ll, &g, err, sizeof err) < 0) {
		fprintf(stderr, "slidebench bench: %s\n", err);
		return -1;
	}
	if (!sim_available(err, sizeof err)) {
		fprintf(stderr, "slidebench bench: --simulate: %s\n", err);
		return -1;
	}
	snprintf(maxq, sizeof maxq, "%ld", max_queries && max_queries < SIM_MAX_QUERIES ?
		 max_queries : SIM_MAX_QUERIES);
	for (int i = 0; i < argc && n < 100; i++)
		child[n++] = argv[i];
	char *extra[] = { "--sim-child", "--samples", "1", "--warmup", "1", "--events", "none",
			  "--max-queries", maxq, "--min-lookups", "1", "--quiet", NULL };
	for (size_t i = 0; extra[i]; i++)
		child[n++] = extra[i];
	child[n] = NULL;
	char self[PATH_MAX];
	ssize_t len = readlink("/proc/self/exe", self, sizeof self - 1);
	if (len <= 0) {
		fprintf(stderr, "slidebench bench: --simulate: cannot find my own executable\n");
		return -1;
	}
	self[len] = 0;
	if (sim_build_argv(dir, &g, self, child, vg, 192) < 0) {
		fprintf(stderr, "slidebench bench: --simulate: argument list too long\n");
		return -1;
	}
	fprintf(stderr, "slidebench: re-running under callgrind (slow: about 50x) for simulated "
		"counters...\n");
	if (sim_run(vg) != 0) {
		fprintf(stderr, "slidebench bench: the callgrind run failed; sim_* columns stay empty\n");
		return -1;
	}
	if (sim_collect(dir, sim, nsim, NULL, err, sizeof err) < 0) {
		fprintf(stderr, "slidebench bench: %s\n", err);
		return -1;
	}
	return 0;
}

