/* bench_sim.c - `bench --simulate`: the same command re-run under callgrind once per geometry,
 * one counted region per kernel and workload, read back as per-label counts.  valgrind 3.19
 * cannot decode AVX-512, so a -march=native build of an AVX-512 machine is never run under it:
 * the x86-64-v3 build bin/slidebench-sim beside this binary is (make all builds it). */
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "sim/bench_sim.h"

#define SIM_MAX_QUERIES 20000
#define SIM_EXE "slidebench-sim"

#ifndef SB_GIT_REV
#define SB_GIT_REV "?"
#endif

int sim_ready(struct sim_info *info, char *err, size_t errlen)
{
	if (!sim_available(err, errlen))
		return -1;
	char self[PATH_MAX];
	ssize_t len = readlink("/proc/self/exe", self, sizeof self - 1);

	if (len <= 0) {
		snprintf(err, errlen, "cannot find my own executable (/proc/self/exe): %s",
			 strerror(errno));
		return -1;
	}
	self[len] = '\0';
	char *slash = strrchr(self, '/');
	snprintf(info->exe, sizeof info->exe, "%.*s/" SIM_EXE, slash ? (int)(slash - self) : 1,
		 slash ? self : ".");
	if (access(info->exe, X_OK) == 0) {
		snprintf(info->exe_why, sizeof info->exe_why, "the build for --simulate beside this "
			 "binary");
		return 0;
	}
#ifdef __AVX512F__
	snprintf(err, errlen, "this binary holds AVX-512 code (-march=native on an AVX-512 CPU), "
		 "which valgrind cannot decode, and %s (the build for --simulate) is missing: "
		 "build bin/slidebench-sim: make all", info->exe);
	return -1;
#else
	snprintf(info->exe, sizeof info->exe, "%s", self);
	snprintf(info->exe_why, sizeof info->exe_why, "no " SIM_EXE " beside it, and this build "
		 "has no AVX-512 code");
	return 0;
#endif
}

/* Returns nothing; passes valgrind's messages in dir/valgrind.*.log on to stderr (all of them
 * after a failed run, else those other than its warning about the host's LL cache, which is
 * noted in info: --LL overrides it and the dumps are checked). */
static void sim_scan_logs(const char *dir, int failed, struct sim_info *info)
{
	static const char *const host_ll[] = { "warning: L3 cache found",
		"warning: specified LL cache", "warning: simulated LL cache" };
	DIR *dp = opendir(dir);
	struct dirent *de;
	char path[PATH_MAX + 300], line[512];
	int shown = 0;

	while (dp && (de = readdir(dp)) != NULL) {
		FILE *f;
		if (strncmp(de->d_name, "valgrind.", 9))
			continue;
		snprintf(path, sizeof path, "%s/%s", dir, de->d_name);
		if (!(f = fopen(path, "r")))
			continue;
		while (fgets(line, sizeof line, f)) {
			int known = 0;
			for (size_t i = 0; i < sizeof host_ll / sizeof host_ll[0]; i++)
				known |= strstr(line, host_ll[i]) != NULL;
			info->host_ll_warning |= known;
			if ((failed || !known) && line[strspn(line, " \n")] && shown++ < 30)
				fprintf(stderr, "slidebench: valgrind: %s", line);
		}
		fclose(f);
	}
	if (dp)
		closedir(dp);
}

/* Returns nothing; notes in info which build ran (its marker: "cflags|rev") and which valgrind. */
static void sim_note_build(struct sim_info *info, const struct sim_dump_info *used)
{
	const char *bar = strrchr(used->build, '|'), *m = strstr(used->build, "-march=");

	if (info->cflags[0] || !bar)
		return;
	int len = (int)(bar - used->build);
	while (len > 0 && used->build[len - 1] == ' ')
		len--;
	snprintf(info->cflags, sizeof info->cflags, "%.*s", len, used->build);
	snprintf(info->rev, sizeof info->rev, "%s", bar + 1);
	snprintf(info->march, sizeof info->march, "%.*s", m && m < bar ? (int)strcspn(m + 7, " |") : 0,
		 m ? m + 7 : "");
	snprintf(info->valgrind, sizeof info->valgrind, "%s", used->creator);
	if (strcmp(info->rev, SB_GIT_REV))
		fprintf(stderr, "slidebench: warning: %s is from revision %s, this binary from %s: "
			"`make all` rebuilds it\n", info->exe, info->rev, SB_GIT_REV);
}

/* Returns 0 after one callgrind run of pass p (child argv child, dumps in run_dir/p->dir),
 * its entries appended to *sim; else -1 with p->status saying why.  *crashed is set when the
 * child died of a signal (the next passes would too). */
static int sim_one_pass(struct sim_pass *p, int primary, const char *run_dir, char **child,
			struct sim_info *info, struct sim_counts **sim, size_t *nsim, int *crashed)
{
	char dir[PATH_MAX], err[PATH_MAX + 200], *vg[192];
	struct sim_counts *part = NULL, *all;
	size_t np = 0;
	int rc;

	snprintf(dir, sizeof dir, "%s/%s", run_dir, p->dir);
	if (mkdir(dir, 0777) < 0) {
		snprintf(p->status, sizeof p->status, "error: %.300s: %.80s", dir,
			 strerror(errno));
		return -1;
	}
	if (sim_build_argv(dir, &p->g, info->exe, child, vg, 192) < 0) {
		snprintf(p->status, sizeof p->status, "error: argument list too long");
		return -1;
	}
	rc = sim_run(vg);
	sim_scan_logs(dir, rc != 0, info);
	if (rc < 0 || rc >= 126) {
		*crashed = rc >= 128;
		snprintf(p->status, sizeof p->status, "error: the child under valgrind %s %d%s",
			 rc >= 128 ? "died of signal" : "failed:", rc >= 128 ? rc - 128 : rc,
			 rc == 128 + 4 ? " (SIGILL: an instruction valgrind cannot decode)" : "");
		return -1;
	}
	if (sim_collect(dir, &part, &np, &p->used, err, sizeof err) < 0 ||
	    sim_check_geometry(&p->g, &p->used, err, sizeof err) < 0) {
		snprintf(p->status, sizeof p->status, "error: %.390s", err);
		free(part);
		return -1;
	}
	sim_note_build(info, &p->used);
	if (!(all = realloc(*sim, (*nsim + np) * sizeof *all))) {
		snprintf(p->status, sizeof p->status, "error: out of memory");
		free(part);
		return -1;
	}
	for (size_t i = 0; i < np; i++) {
		struct sim_counts *c = &all[*nsim + i];
		*c = part[i];
		snprintf(c->geom, sizeof c->geom, "%s", p->geom);
		c->kind = p->kind, c->primary = primary;
		c->cache_bytes = p->g.d1_size, c->assoc = p->g.d1_assoc, c->line_bytes = p->g.d1_line;
	}
	*sim = all, *nsim += np, p->entries = np;
	snprintf(p->status, sizeof p->status, rc ? "ok (the child exited %d: see its messages)" :
		 "ok", rc);
	free(part);
	return 0;
}

int bench_simulate(int argc, char **argv, const struct sim_opts *o, const char *run_dir,
		   struct sim_counts **sim, size_t *nsim, struct sim_info *info)
{
	char err[PATH_MAX + 300], *child[128], maxq[32], dir[PATH_MAX];
	size_t n = 0, failed = 0;
	int crashed = 0;

	*sim = NULL, *nsim = 0;
	if (sim_plan(o, info, err, sizeof err) < 0) {
		fprintf(stderr, "slidebench bench: %s\n", err);
		return -1;
	}
	/* The raw callgrind dumps stay with the run, in callgrind/<geometry>/. */
	if ((size_t)snprintf(dir, sizeof dir, "%s/callgrind", run_dir) >= sizeof dir ||
	    mkdir(dir, 0777) < 0) {
		fprintf(stderr, "slidebench bench: %s: %s\n", dir, strerror(errno));
		return -1;
	}
	if (sim_ready(info, err, sizeof err) < 0) {
		fprintf(stderr, "slidebench bench: --simulate: %s\n", err);
		for (size_t i = 0; i < info->npass; i++)
			snprintf(info->pass[i].status, sizeof info->pass[i].status, "skipped: %.380s",
				 err);
		return -1;
	}
	snprintf(maxq, sizeof maxq, "%ld", o->max_queries && o->max_queries < SIM_MAX_QUERIES ?
		 o->max_queries : SIM_MAX_QUERIES);
	for (int i = 0; i < argc && n < 100; i++)
		child[n++] = argv[i];
	char *extra[] = { "--sim-child", "--samples", "1", "--warmup", "1", "--events", "none",
			  "--max-queries", maxq, "--min-lookups", "1", "--quiet", NULL };
	for (size_t i = 0; extra[i]; i++)
		child[n++] = extra[i];
	child[n] = NULL;
	for (size_t i = 0; i < info->npass; i++) {
		struct sim_pass *p = &info->pass[i];
		if (sim_stop && *sim_stop) {  /* a stop signal: not a failure, said by bench */
			snprintf(p->status, sizeof p->status, "skipped: interrupted");
			continue;
		}
		if (crashed) {
			snprintf(p->status, sizeof p->status, "skipped: an earlier pass crashed");
			failed++;
			continue;
		}
		fprintf(stderr, "slidebench: callgrind pass %zu of %zu (%s; slow: about 50x) for "
			"simulated counters...\n", i + 1, info->npass, p->geom);
		int bad = sim_one_pass(p, i == 0 || p->kind == SIM_TLB, run_dir, child, info, sim,
				       nsim, &crashed) < 0;
		if (bad && sim_stop && *sim_stop) {
			snprintf(p->status, sizeof p->status, "interrupted: the child was stopped");
		} else if (bad) {
			fprintf(stderr, "slidebench bench: --simulate %s: %s; its sim_* figures stay "
				"empty\n", p->geom, p->status);
			failed++;
		}
	}
	return failed ? -1 : 0;
}
