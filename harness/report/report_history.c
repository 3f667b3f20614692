/* report_history.c - what moves a block comparison between studies.  A block comparison (the
 * -m32 build against the 64-bit build, huge pages against none, clang against gcc) pairs six
 * processes of each side within one study, a minute or two of the host's life; its interval
 * holds what moves between those processes.  The next study of the same build on the same
 * machine is another stretch of the host's life (another neighbour, another placement of the
 * guest), and its estimate fell outside the first's interval: -m32 4.00x (3.67-4.10) settled
 * in one quiet study, 3.48x settled in the next; seven 1-5% compiler verdicts settled in one
 * study had their next estimate on the other side of 1.
 *
 * So the report looks beside the study for other studies of the same machine (CPU vendor,
 * family, model, stepping) and the same build (compiler and flags): the other directories of
 * the study's parent folder (results/ for run_all.sh's default) whose verdicts.csv a report
 * wrote.  For each block comparison, the estimates of the same question and sides with as many
 * block pairs as this one (a quick study's three pairs are noisier than a full study's six),
 * together with this study's, give s, the standard deviation of the log ratio between
 * studies; the interval is widened each way to sqrt(h^2 + (q s)^2), q the 97.5% quantile of
 * Student's t with (studies - 1) degrees of freedom, as the between-process term widens it
 * (analysis/process_term.h).  Each estimate carries its own within-study noise, so s errs
 * wide, never narrow.  With no other study the interval is this study's alone and the clause
 * says so ("between studies: not measured"). */
#include <dirent.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "analysis/process_term.h"
#include "report/report.h"
#include "util/jsonx.h"

#define HIST_MAX 64            /* other studies read at most (the first by name) */

struct history {
	size_t n;                  /* other studies of this machine and build */
	struct csv v[HIST_MAX];    /* their verdicts.csv */
	char name[HIST_MAX][64];   /* their directory names, for the report */
	char why[PATH_MAX + 160];  /* none: why */
};

/* The identity of a study's machine and build, from its m64/context.json: "AuthenticAMD|AMD
 * EPYC|26 2 1|gcc 12.2.0|-O2 -march=native ..." (a number context.json lacks is "?").
 * Returns 0, or -1 when ctx names neither the CPU nor the compiler. */
static int identity(const json_t *ctx, char *out, size_t len)
{
	const char *v = jsonx_str(ctx, "machine.cpu_vendor"),
		   *m = jsonx_str(ctx, "machine.cpu_model"),
		   *cc = jsonx_str(ctx, "slidebench.compiler"),
		   *fl = jsonx_str(ctx, "slidebench.cflags");
	static const char *const NUM[] = { "machine.cpu_family", "machine.cpu_model_number",
					   "machine.cpu_stepping" };

	if (!ctx || !m || !cc)
		return -1;
	snprintf(out, len, "%s|%s|", v ? v : "?", m);
	for (size_t i = 0; i < 3; i++) {
		double x = jsonx_num(ctx, NUM[i]);
		if (isnan(x))
			doc_cat(out, len, "? ");
		else
			doc_cat(out, len, "%.0f ", x);
	}
	doc_cat(out, len, "|%s|%s", cc, fl ? fl : "?");
	return 0;
}

static int by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Reads dir's parent folder for other studies of s's machine and build into h. */
static void scan(const struct study *s, struct history *h)
{
	char parent[PATH_MAX], self[PATH_MAX], me[512], id[512], path[PATH_MAX + 64];
	char *names[4 * HIST_MAX], err[PATH_MAX + 256];
	size_t nn = 0;
	struct dirent *e;
	DIR *d;
	char *slash;

	if (identity(s->m64.ctx, me, sizeof me) < 0) {
		snprintf(h->why, sizeof h->why, "m64/context.json does not name the machine and "
			 "build");
		return;
	}
	snprintf(parent, sizeof parent, "%s", s->dir);
	while (strlen(parent) > 1 && parent[strlen(parent) - 1] == '/')
		parent[strlen(parent) - 1] = '\0';
	slash = strrchr(parent, '/');
	snprintf(self, sizeof self, "%s", slash ? slash + 1 : parent);
	if (slash)
		slash == parent ? (void)(parent[1] = '\0') : (void)(*slash = '\0');
	else
		snprintf(parent, sizeof parent, ".");
	if (!(d = opendir(parent))) {
		snprintf(h->why, sizeof h->why, "its parent folder cannot be read");
		return;
	}
	while ((e = readdir(d)) && nn < sizeof names / sizeof names[0])
		if (e->d_name[0] != '.' && strcmp(e->d_name, self) && strlen(e->d_name) < 64 &&
		    (names[nn] = strdup(e->d_name)))
			nn++;
	closedir(d);
	qsort(names, nn, sizeof *names, by_name);
	for (size_t i = 0; i < nn; i++) {
		json_t *ctx;
		struct stat st;
		snprintf(path, sizeof path, "%s/%s/m64/context.json", parent, names[i]);
		if (h->n < HIST_MAX && !stat(path, &st) && S_ISREG(st.st_mode) &&
		    (ctx = jsonx_load(path, err, sizeof err)) != NULL) {
			int same = identity(ctx, id, sizeof id) == 0 && !strcmp(id, me);
			json_decref(ctx);
			snprintf(path, sizeof path, "%s/%s/verdicts.csv", parent, names[i]);
			if (same && csv_load(path, &h->v[h->n], err, sizeof err) == 0)
				snprintf(h->name[h->n++], sizeof h->name[0], "%s", names[i]);
		}
		free(names[i]);
	}
	if (!h->n)
		snprintf(h->why, sizeof h->why, "no other study of this machine and build beside "
			 "it in %s", parent);
}

void report_history_load(struct study *s)
{
	if (s->plain || !(s->hist = calloc(1, sizeof *s->hist)))
		return;
	scan(s, s->hist);
}

void report_history_free(struct study *s)
{
	if (!s->hist)
		return;
	for (size_t i = 0; i < s->hist->n; i++)
		csv_free(&s->hist->v[i]);
	free(s->hist);
	s->hist = NULL;
}

/* Returns the ratio study v records for (q, a, b) over npairs block pairs, or NaN. */
static double estimate(const struct csv *v, const char *q, const char *a, const char *b,
		       size_t npairs)
{
	int cq = csv_col(v, "question"), ca = csv_col(v, "a"), cb = csv_col(v, "b"),
	    cr = csv_col(v, "ratio"), cp = csv_col(v, "pairs"), cs = csv_col(v, "basis");

	if (cq < 0 || ca < 0 || cb < 0 || cr < 0 || cp < 0 || cs < 0)
		return NAN;
	for (size_t r = 0; r < v->nrow; r++)
		if (!strcmp(csv_cell(v, r, cq), q) && !strcmp(csv_cell(v, r, ca), a) &&
		    !strcmp(csv_cell(v, r, cb), b) && !strcmp(csv_cell(v, r, cs), "blocks") &&
		    csv_num(v, r, cp) == (double)npairs) {
			double x = csv_num(v, r, cr);
			return x > 0 ? x : NAN;
		}
	return NAN;
}

void report_history_widen(const struct study *s, const char *q, const char *a, const char *b,
			  struct cmp *c)
{
	const struct history *h = s->hist;
	double sum = 0, ss = 0, mean, w, x;
	size_t k = 0;
	double *l;

	c->study_looked = 1;
	c->studies = 0;
	c->study_pct = NAN;
	if (!h || !h->n || !(c->ratio > 0) || isnan(c->lo) || isnan(c->hi) ||
	    !(l = malloc((h->n + 1) * sizeof *l)))
		return;
	l[k++] = log(c->ratio);
	for (size_t i = 0; i < h->n; i++)
		if (!isnan(x = estimate(&h->v[i], q, a, b, c->npairs)))
			l[k++] = log(x);
	if (k < 2) {
		free(l);
		return;
	}
	for (size_t i = 0; i < k; i++)
		sum += l[i];
	mean = sum / (double)k;
	for (size_t i = 0; i < k; i++)
		ss += (l[i] - mean) * (l[i] - mean);
	free(l);
	w = pt_quantile(k - 1) * sqrt(ss / (double)(k - 1));
	c->studies = k - 1;
	c->study_pct = 100 * expm1(w);
	pt_widen_by(c, w, "studies", c->study_pct);
}

void report_history_clause(const struct study *s, const struct cmp *c, char *out, size_t len)
{
	if (!c->study_looked)
		return;
	if (c->studies)
		doc_cat(out, len, ", between studies \u00b1%.1f%% (this and %zu other stud%s of "
			"this machine and build)", c->study_pct, c->studies,
			c->studies == 1 ? "y" : "ies");
	else if (s->hist && s->hist->n)
		doc_cat(out, len, ", between studies not measured (no other study of this machine "
			"and build has this comparison with as many pairs)");
	else
		doc_cat(out, len, ", between studies not measured (%s)",
			s->hist && s->hist->why[0] ? s->hist->why : "no other study beside it");
}

void report_history_note(const struct study *s, char *out, size_t len)
{
	const struct history *h = s->hist;

	if (!h)
		return;
	if (!h->n) {
		doc_cat(out, len, "What moves a block comparison between studies is not measured: "
			"%s; run the study again into the same folder to measure it", h->why);
		return;
	}
	doc_cat(out, len, "What moves a block comparison between studies is measured over this "
		"study and %zu other%s of this machine and build beside it (", h->n,
		h->n == 1 ? "" : "s");
	for (size_t i = 0; i < h->n && i < 6; i++)
		doc_cat(out, len, "%s%s", i ? ", " : "", h->name[i]);
	doc_cat(out, len, "%s): each block interval is widened by it.", h->n > 6 ? ", \u2026" : "");
}
