/* sim_bench.c - `bench --simulate`: the same command re-run under callgrind once per geometry,
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

#include "registry/registry.h"
#include "sim/sim_bench.h"
#include "env/cpuset.h"

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

/* Returns 1 when the valgrind log at path says its process died of a signal. */
static int log_of_crash(const char *path)
{
	char line[512];
	FILE *f = fopen(path, "r");
	int crash = 0;

	while (f && !crash && fgets(line, sizeof line, f))
		crash = strstr(line, "Process terminating with default action of signal") != NULL;
	if (f)
		fclose(f);
	return crash;
}

/* Returns nothing; passes valgrind's messages in dir/valgrind.*.log on to stderr (all of them
 * after a failed run, else those other than its warning about the host's LL cache, which is
 * noted in info: --LL overrides it and the dumps are checked).  After a run that went well, a
 * log of a process that crashed is one of the child's own children (a plugin's probe, say):
 * the child has said what that cost (sim_child_plugins' notes), and the log is not shown. */
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
		if ((!failed && log_of_crash(path)) || !(f = fopen(path, "r")))
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

void sim_child_note(const char *notes, const char *path, const char *why)
{
	FILE *f = notes ? fopen(notes, "a") : NULL;

	if (f) {
		fprintf(f, "%s\t%s\n", path, why);
		fclose(f);
	} else {
		fprintf(stderr, "slidebench: under valgrind: %s: %s\n", path, why);
	}
}

void sim_child_plugins(char **paths, size_t n, const char *notes)
{
	char err[1024];

	for (size_t i = 0; i < n; i++) {
		if (registry_load_plugin(paths[i], err, sizeof err) == 0)
			continue;
		/* err is "PATH: WHY: refused": the parent wants the why */
		const struct refused_plugin *r = registry_refused_at(registry_refused_count() - 1);
		sim_child_note(notes, paths[i], r ? r->why : err);
	}
}

/* Reads pass p's notes (run_dir/p->dir/notes.txt, sim_child_plugins') into info->unsim, each
 * plugin once. */
static void sim_read_notes(const struct sim_pass *p, const char *run_dir, struct sim_info *info)
{
	char path[PATH_MAX + 80], line[600];
	FILE *f;

	snprintf(path, sizeof path, "%s/%s/notes.txt", run_dir, p->dir);
	if (!(f = fopen(path, "r")))
		return;
	while (fgets(line, sizeof line, f)) {
		char *tab = strchr(line, '\t');
		size_t i = 0;
		if (!tab)
			continue;
		*tab++ = 0;
		tab[strcspn(tab, "\n")] = 0;
		while (i < info->nunsim && strcmp(info->unsim[i].path, line))
			i++;
		if (i == info->nunsim && i < SIM_MAX_UNSIM) {
			snprintf(info->unsim[i].path, sizeof info->unsim[i].path, "%.255s", line);
			snprintf(info->unsim[i].why, sizeof info->unsim[i].why, "%.255s", tab);
			info->nunsim++;
		}
	}
	fclose(f);
}

/* Starts the callgrind run of pass p (child argv child, dumps in run_dir/p->dir) and sets
 * *pid; returns 0, else -1 with p->status saying why. */
static int sim_pass_start(struct sim_pass *p, const char *run_dir, char **child,
			  const struct sim_info *info, pid_t *pid)
{
	char dir[PATH_MAX], notes[PATH_MAX + 16], *vg[192], *args[136];
	size_t n = 0;

	snprintf(dir, sizeof dir, "%s/%s", run_dir, p->dir);
	if (mkdir(dir, 0777) < 0) {
		snprintf(p->status, sizeof p->status, "error: %.300s: %.80s", dir,
			 strerror(errno));
		return -1;
	}
	/* the child notes there a plugin it cannot run under valgrind */
	snprintf(notes, sizeof notes, "%s/notes.txt", dir);
	while (child[n] && n < 132)
		args[n] = child[n], n++;
	args[n++] = "--sim-notes", args[n++] = notes, args[n] = NULL;
	if (sim_build_argv(dir, &p->g, info->exe, args, vg, 192) < 0) {
		snprintf(p->status, sizeof p->status, "error: argument list too long");
		return -1;
	}
	if (sim_start(vg, pid) < 0) {
		snprintf(p->status, sizeof p->status, "error: valgrind could not be started");
		return -1;
	}
	return 0;
}

/* Returns 0 after pass p's run (started as pid) ended well, its entries appended to *sim;
 * else -1 with p->status saying why.  *crashed is set when the child died of a signal (the
 * next passes would too). */
static int sim_pass_finish(struct sim_pass *p, pid_t pid, int primary, const char *run_dir,
			   struct sim_info *info, struct sim_counts **sim, size_t *nsim,
			   int *crashed)
{
	char dir[PATH_MAX], err[PATH_MAX + 200];
	struct sim_counts *part = NULL, *all;
	size_t np = 0;
	int rc = sim_finish(pid);

	snprintf(dir, sizeof dir, "%s/%s", run_dir, p->dir);
	sim_scan_logs(dir, rc != 0, info);
	sim_read_notes(p, run_dir, info);
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

/* Runs passes [from, to) side by side (one per CPU: the timed rounds are over and a
 * simulated count does not depend on what runs beside it), then reads them in pass order. */
static size_t sim_pass_group(struct sim_info *info, size_t from, size_t to, const char *run_dir,
			     char **child, struct sim_counts **sim, size_t *nsim, int *crashed)
{
	pid_t pid[SIM_MAX_PASSES];
	int started[SIM_MAX_PASSES] = { 0 };
	size_t failed = 0;

	for (size_t i = from; i < to; i++) {
		struct sim_pass *p = &info->pass[i];
		fprintf(stderr, "slidebench: callgrind pass %zu of %zu (%s; slow: about 50x) for "
			"simulated counters...\n", i + 1, info->npass, p->geom);
		started[i - from] = sim_pass_start(p, run_dir, child, info, &pid[i - from]) == 0;
	}
	for (size_t i = from; i < to; i++) {
		struct sim_pass *p = &info->pass[i];
		int bad = !started[i - from] ||
			  sim_pass_finish(p, pid[i - from], i == 0 || p->kind == SIM_TLB, run_dir,
					  info, sim, nsim, crashed) < 0;
		if (bad && sim_stop && *sim_stop) {
			snprintf(p->status, sizeof p->status, "interrupted: the child was stopped");
		} else if (bad) {
			fprintf(stderr, "slidebench bench: --simulate %s: %s; its sim_* figures stay "
				"empty\n", p->geom, p->status);
			failed++;
		}
	}
	return failed;
}

int sim_bench_run(int argc, char **argv, const struct sim_opts *o, const char *run_dir,
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
	long ncpu = cpuset_count();
	size_t side = ncpu < 1 ? 1 : ncpu > SIM_MAX_PASSES ? SIM_MAX_PASSES : (size_t)ncpu;
	for (size_t i = 0; i < info->npass;) {
		size_t to = i + side < info->npass ? i + side : info->npass;
		if ((sim_stop && *sim_stop) || crashed) {  /* a stop signal is said by bench */
			snprintf(info->pass[i].status, sizeof info->pass[i].status, "%s",
				 crashed ? "skipped: an earlier pass crashed" : "skipped: interrupted");
			failed += crashed != 0;
			i++;
			continue;
		}
		failed += sim_pass_group(info, i, to, run_dir, child, sim, nsim, &crashed);
		i = to;
	}
	/* once for every pass: such a plugin was verified and timed here, natively */
	for (size_t i = 0; i < info->nunsim; i++)
		fprintf(stderr, "slidebench: --simulate: %s not simulated (its sim_* cells stay empty, "
			"its times are measured): under valgrind %s%s\n", info->unsim[i].path,
			info->unsim[i].why, strstr(info->unsim[i].why, "SIGILL") ? "; valgrind 3.19 "
			"cannot run every instruction of a -march=native build (make plugin "
			"ARCH=-march=x86-64-v3 builds one it runs)" : "");
	return failed ? -1 : 0;
}
