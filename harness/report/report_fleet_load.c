/* report_fleet_load.c - a fleet read from its directory: one study per machine (what
 * `run_all.sh --slurm` writes: FLEET/<host>/, FLEET/tasks/N.status, FLEET/fleet.txt), the job
 * array's tasks, and the subdirectories that are not studies (report_fleet.h). */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "report/report_fleet.h"
#include "util/output.h"

/* Returns 1 when dir/name is a machine's study: run_all.sh's, recognised by its m64/ (a bench
 * run's summary.csv alone is not: a study without m64/ has pressure/ and sim/ runs, and was
 * reported as a fleet of two machines). */
static int is_study(const char *dir, const char *name)
{
	char study[2 * PATH_MAX];

	snprintf(study, sizeof study, "%s/%s", dir, name);
	return out_exists(study, "m64/summary.csv");
}

/* Returns 1 when dir/name is a subdirectory that may hold a machine's study: not the fleet's
 * own folders, nor one of a study's. */
static int machine_dir(const char *dir, const struct dirent *e)
{
	static const char *const NOT[] = { "tasks", "logs", "plots", "m64", "bits", "tables",
					   "compiler", "pressure", "sim" };
	char path[2 * PATH_MAX];
	struct stat st;

	if (e->d_name[0] == '.')
		return 0;
	for (size_t i = 0; i < sizeof NOT / sizeof NOT[0]; i++)
		if (!strcmp(e->d_name, NOT[i]))
			return 0;
	snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
	return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

int report_is_fleet(const char *dir)
{
	struct dirent **e;
	int n, found = 0;

	if (out_exists(dir, "summary.csv") || out_exists(dir, "m64/summary.csv"))
		return 0;
	if (out_exists(dir, "fleet.txt") || out_exists(dir, "tasks"))
		return 1;
	if ((n = scandir(dir, &e, NULL, alphasort)) < 0)
		return 0;
	for (int i = 0; i < n; i++) {
		found |= machine_dir(dir, e[i]) && is_study(dir, e[i]->d_name);
		free(e[i]);
	}
	free(e);
	return found;
}

/* Reads key=value file path into t.  Returns 0, or -1 when it cannot be read. */
static int read_task(const char *path, struct fleet_task *t)
{
	char line[2048];
	FILE *f = fopen(path, "r");

	if (!f)
		return -1;
	memset(t, 0, sizeof *t);
	while (fgets(line, sizeof line, f)) {
		char *v = strchr(line, '=');
		if (!v)
			continue;
		*v++ = 0;
		v[strcspn(v, "\n")] = 0;
		if (!strcmp(line, "task"))
			t->task = atoi(v);
		else if (!strcmp(line, "node"))
			snprintf(t->node, sizeof t->node, "%s", v);
		else if (!strcmp(line, "dir"))
			snprintf(t->dir, sizeof t->dir, "%s", v);
		else if (!strcmp(line, "state"))
			snprintf(t->state, sizeof t->state, "%s", v);
		else if (!strcmp(line, "rc"))
			snprintf(t->rc, sizeof t->rc, "%s", v);
		else if (!strcmp(line, "exit_code"))
			snprintf(t->exit_code, sizeof t->exit_code, "%s", v);
		else if (!strcmp(line, "reason"))
			snprintf(t->reason, sizeof t->reason, "%s", v);
	}
	fclose(f);
	return 0;
}

static int by_task(const void *a, const void *b)
{
	const struct fleet_task *x = a, *y = b;
	return (x->task > y->task) - (x->task < y->task);
}

/* Reads FLEET/tasks/N.status (every task) and FLEET/fleet.txt's job id into f. */
static void load_tasks(struct fleet *f)
{
	char dir[PATH_MAX + 16], path[2 * PATH_MAX], line[256];
	struct dirent **e;
	FILE *fp;
	int n;

	snprintf(path, sizeof path, "%s/fleet.txt", f->dir);
	if ((fp = fopen(path, "r"))) {
		while (fgets(line, sizeof line, fp))
			if (!strncmp(line, "job=", 4))
				snprintf(f->job, sizeof f->job, "%.*s", (int)strcspn(line + 4, "\n"),
					 line + 4);
		fclose(fp);
	}
	snprintf(dir, sizeof dir, "%s/tasks", f->dir);
	if ((n = scandir(dir, &e, NULL, alphasort)) < 0)
		return;
	f->t = calloc((size_t)n + 1, sizeof *f->t);
	for (int i = 0; i < n; i++) {
		size_t len = strlen(e[i]->d_name);
		snprintf(path, sizeof path, "%s/%s", dir, e[i]->d_name);
		if (f->t && len > 7 && !strcmp(e[i]->d_name + len - 7, ".status") &&
		    read_task(path, &f->t[f->nt]) == 0)
			f->nt++;
		free(e[i]);
	}
	free(e);
	if (f->t)
		qsort(f->t, f->nt, sizeof *f->t, by_task);
}

/* Loads every machine's study of f->dir.  Returns 0, or -1 when none could be read and there
 * are no task records to report on. */
static int load_machines(struct fleet *f)
{
	struct dirent **e;
	int n;

	if ((n = scandir(f->dir, &e, NULL, alphasort)) < 0) {
		perror(f->dir);
		return -1;
	}
	for (int i = 0; i < n; i++) {
		const char *name = e[i]->d_name;
		struct study *s = NULL;
		if (!machine_dir(f->dir, e[i]))
			goto next;
		if (!is_study(f->dir, name)) {
			doc_cat(f->skipped, sizeof f->skipped, "%s%s/ (no m64/summary.csv: the task "
				"did not get as far as its sweep)", f->skipped[0] ? "; " : "", name);
			goto next;
		}
		char path[2 * PATH_MAX];
		snprintf(path, sizeof path, "%s/%s", f->dir, name);
		if (f->n == FLEET_MAX_MACHINES || !(s = calloc(1, sizeof *s)) ||
		    report_load(path, s) < 0) {
			doc_cat(f->skipped, sizeof f->skipped, "%s%s/ (%s)", f->skipped[0] ? "; " :
				"", name, f->n == FLEET_MAX_MACHINES ? "too many machines" :
				"unreadable, see the message above");
			free(s);
			goto next;
		}
		snprintf(f->m[f->n].name, sizeof f->m[0].name, "%s", name);
		f->m[f->n++].s = s;
next:
		free(e[i]);
	}
	free(e);
	if (f->n == 0)
		fprintf(stderr, "slidebench report: %s: no machine's study could be read%s%s\n",
			f->dir, f->skipped[0] ? ": " : "", f->skipped);
	return f->n || f->nt ? 0 : -1;   /* with task records: a report of the failures */
}

void fleet_free(struct fleet *f)
{
	for (size_t i = 0; f && i < f->n; i++) {
		study_free(f->m[i].s);
		free(f->m[i].s);
	}
	if (f)
		free(f->t);
	free(f);
}

struct fleet *fleet_open(const char *dir)
{
	struct fleet *f = calloc(1, sizeof *f);

	if (!f)
		return NULL;
	snprintf(f->dir, sizeof f->dir, "%s", dir);
	load_tasks(f);
	if (load_machines(f) < 0) {
		fleet_free(f);
		return NULL;
	}
	return f;
}
