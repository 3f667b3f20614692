/* report_load.c - a study directory read into a struct study: m64/ (or one bench run
 * directory itself), bits/ or m32.skipped, tables/ or tables.skipped, compiler/ or
 * compiler.skipped, sim/ and pressure/, each sub-run checked against m64/. */
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "report/report.h"
#include "util/output.h"

/* Loads the run dir/sub into r.  Returns 1 loaded, 0 absent (no such name), -1 bad with err:
 * a sub that is there but no run directory (a file, a symbolic link loop, a folder without
 * summary.csv) is said to be so, not taken for an absent one. */
static int load_sub(const char *dir, const char *sub, struct run *r, char *err, size_t len)
{
	char path[PATH_MAX + 64];
	struct stat st;

	snprintf(path, sizeof path, "%s/%s", dir, sub);
	if (lstat(path, &st) != 0 && errno == ENOENT)
		return 0;
	if (stat(path, &st) != 0)
		return snprintf(err, len, "%s: %s", path, strerror(errno)), -1;
	if (!S_ISDIR(st.st_mode))
		return snprintf(err, len, "%s: not a directory (a run is a folder with summary.csv)",
				path), -1;
	if (!out_exists(path, "summary.csv"))
		return snprintf(err, len, "%s: no summary.csv in it (a run that did not finish?)",
				path), -1;
	return run_load(path, r, err, len) == 0 ? 1 : -1;
}

static void m32_reason(struct study *s)
{
	char path[PATH_MAX + 32];
	FILE *f;

	snprintf(path, sizeof path, "%s/m32.skipped", s->dir);
	if ((f = fopen(path, "r"))) {
		if (!fgets(s->m32_why, sizeof s->m32_why, f))
			snprintf(s->m32_why, sizeof s->m32_why, "m32.skipped is empty");
		s->m32_why[strcspn(s->m32_why, "\n")] = 0;
		fclose(f);
	} else {
		snprintf(s->m32_why, sizeof s->m32_why, "bits/ is absent and no m32.skipped says why");
	}
}

/* Loads the thread sweep (threads/), or says in s->threads_why why there is none. */
static void threads_load(struct study *s, const char *dir)
{
	char err[512], path[PATH_MAX + 32];
	FILE *f;
	int rc = load_sub(dir, "threads", &s->threads, err, sizeof err);

	s->have_threads = rc > 0;
	if (rc < 0) {
		fprintf(stderr, "slidebench report: threads/ skipped: %s\n", err);
		snprintf(s->threads_why, sizeof s->threads_why, "threads/ could not be read: %.200s",
			 err);
	} else if (!rc) {
		snprintf(path, sizeof path, "%s/threads.skipped", dir);
		if ((f = fopen(path, "r")) && fgets(s->threads_why, sizeof s->threads_why, f))
			s->threads_why[strcspn(s->threads_why, "\n")] = 0;
		else
			snprintf(s->threads_why, sizeof s->threads_why, "this study has no thread "
				 "sweep (threads/: run_all.sh runs it where there are two CPUs)");
		if (f)
			fclose(f);
	}
}

/* Returns NULL when sub-run r (named sub) belongs in the study of m64 (the same trace), else
 * why not, in buf. */
static const char *sub_problem(const struct run *m64, const struct run *r, const char *sub,
			       char *buf, size_t len)
{
	const char *a = run_dataset(m64), *b = run_dataset(r);

	if (!strcmp(a, "random") || !strcmp(b, "random") || !strcmp(a, b))
		return NULL;
	snprintf(buf, len, "%s/ was run on dataset \"%s\" but m64/ on \"%s\": not the same study",
		 sub, b, a);
	return buf;
}

/* Returns the first dataset of summary.csv at path that is not "random", "" when none, or
 * NULL when it cannot be read (the block's loader says why). */
static char *dataset_of(const char *path, char *buf, size_t len)
{
	struct csv c;
	char err[PATH_MAX + 256];
	int col;

	if (csv_load(path, &c, err, sizeof err) < 0)
		return NULL;
	buf[0] = 0;
	col = csv_col(&c, "dataset");
	for (size_t i = 0; col >= 0 && i < c.nrow && !buf[0]; i++)
		if (strcmp(csv_cell(&c, i, col), "random"))
			snprintf(buf, len, "%s", csv_cell(&c, i, col));
	csv_free(&c);
	return buf;
}

/* Returns NULL when block run dir/sub/name ran on m64's trace (its dataset column and its
 * context.json run.trace), else why not, in buf. */
static const char *block_problem(const struct run *m64, const char *dir, const char *sub,
				 const char *name, char *buf, size_t len)
{
	char path[2 * PATH_MAX + 64], ds[PATH_MAX], why[PATH_MAX + 64];
	const char *want = run_dataset(m64), *want_trace = run_ctx(m64, "run.trace");
	const char *trace;
	json_t *ctx;
	int differ;

	snprintf(path, sizeof path, "%s/%s/%s/summary.csv", dir, sub, name);
	if (dataset_of(path, ds, sizeof ds) && *ds && strcmp(want, "random") && strcmp(ds, want))
		return snprintf(buf, len, "%s/%s/ was run on dataset \"%s\" but m64/ on \"%s\": not "
				"the same study (its blocks would feed every verdict's between-"
				"process term)", sub, name, ds, want), buf;
	snprintf(path, sizeof path, "%s/%s/%s/context.json", dir, sub, name);
	if (!want_trace || !(ctx = jsonx_load(path, why, sizeof why)))
		return NULL;
	trace = jsonx_str(ctx, "run.trace");
	differ = trace && strcmp(trace, want_trace);
	if (differ)
		snprintf(buf, len, "%s/%s/ was run on trace \"%s\" but m64/ on \"%s\" (context.json "
			 "run.trace): not the same study", sub, name, trace, want_trace);
	json_decref(ctx);     /* trace pointed into it */
	return differ ? buf : NULL;
}

/* Returns NULL when every block of dir/sub (compiler/, tables/) ran on m64's trace, else why
 * not, in buf. */
static const char *blocks_problem(const struct run *m64, const char *dir, const char *sub,
				  char *buf, size_t len)
{
	char path[PATH_MAX + 64];
	struct dirent **e;
	const char *why = NULL;
	int n;

	snprintf(path, sizeof path, "%s/%s", dir, sub);
	if ((n = scandir(path, &e, NULL, alphasort)) < 0)
		return NULL;
	for (int i = 0; i < n; i++) {
		char run[NAME_MAX + 16];
		snprintf(run, sizeof run, "%s/summary.csv", e[i]->d_name);
		if (!why && e[i]->d_name[0] != '.' && out_exists(path, run))
			why = block_problem(m64, dir, sub, e[i]->d_name, buf, len);
		free(e[i]);
	}
	free(e);
	return why;
}

/* Loads the side runs of the study in dir: sim/, pressure/ and threads/ (one that cannot be
 * read is skipped, saying why).  Returns 0, or -1 with err when one belongs to another study
 * (another trace than m64/'s). */
static int load_side_runs(struct study *s, const char *dir, char *err, size_t len)
{
	static const char *const SUB[] = { "sim", "pressure", "threads" };
	int rc;

	if ((rc = load_sub(dir, "sim", &s->sim, err, len)) < 0)
		fprintf(stderr, "slidebench report: sim/ skipped: %s\n", err);
	s->have_sim = rc > 0;
	if ((rc = load_sub(dir, "pressure", &s->pressure, err, len)) < 0)
		fprintf(stderr, "slidebench report: pressure/ skipped: %s\n", err);
	s->have_pressure = rc > 0;
	threads_load(s, dir);
	const struct run *runs[] = { &s->sim, &s->pressure, &s->threads };
	const int have[] = { s->have_sim, s->have_pressure, s->have_threads };
	for (size_t i = 0; i < 3; i++)
		if (have[i] && sub_problem(&s->m64, runs[i], SUB[i], err, len))
			return -1;
	return 0;
}

int report_load(const char *dir, struct study *s)
{
	char err[PATH_MAX + 256];
	int rc;

	memset(s, 0, sizeof *s);
	snprintf(s->dir, sizeof s->dir, "%s", dir);
	if (out_exists(dir, "summary.csv")) {
		s->plain = 1;
		rc = run_load(dir, &s->m64, err, sizeof err) == 0 ? 1 : -1;
		snprintf(s->m32_why, sizeof s->m32_why, "this is a single bench run, not a study "
			 "(run_all.sh runs the -m32 build where the machine runs it)");
	} else if ((rc = load_sub(dir, "m64", &s->m64, err, sizeof err)) == 0) {
		fprintf(stderr, "slidebench report: %s: neither summary.csv nor m64/summary.csv%s: "
			"give a bench run directory or a study directory from run_all.sh\n", dir,
			out_exists(dir, "pressure") || out_exists(dir, "sim") || out_exists(dir, "bits") ?
			" (a study is recognised by its m64/ sweep; this one has none)" : "");
		return -1;
	}
	if (rc < 0) {
		fprintf(stderr, "slidebench report: %s\n", err);
		return -1;
	}
	if (!(s->pt = calloc(1, sizeof *s->pt))) {
		fprintf(stderr, "slidebench report: out of memory\n");
		run_free(&s->m64);
		return -1;
	}
	if (report_flagged_scan(s) < 0) {
		fprintf(stderr, "slidebench report: out of memory\n");
		study_free(s);
		return -1;
	}
	report_busy_judge(s);
	if (s->plain) {
		pt_none(s->pt, "a single bench run, not a study: no block processes to measure "
			"it from");
		return 0;
	}
	pt_load(dir, s->pt);
	report_history_load(s);
	s->have_bits = out_exists(dir, "bits/01-m64/summary.csv");
	s->have_tables = out_exists(dir, "tables/01-hugepage/summary.csv");
	if (!s->have_bits)
		m32_reason(s);
	if (load_side_runs(s, dir, err, sizeof err) < 0 ||
	    blocks_problem(&s->m64, dir, "compiler", err, sizeof err) ||
	    blocks_problem(&s->m64, dir, "tables", err, sizeof err)) {
		fprintf(stderr, "slidebench report: %s: %s\n", dir, err);
		study_free(s);
		return -1;
	}
	return 0;
}

void study_free(struct study *s)
{
	run_free(&s->m64);
	if (s->pt)
		pt_free(s->pt);
	free(s->pt);
	s->pt = NULL;
	free(s->flagged);
	s->flagged = NULL;
	report_history_free(s);
	if (s->have_sim)
		run_free(&s->sim);
	if (s->have_pressure)
		run_free(&s->pressure);
	if (s->have_threads)
		run_free(&s->threads);
}
