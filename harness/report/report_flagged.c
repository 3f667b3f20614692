/* report_flagged.c - the rows of every sub-run of a study whose figure is withheld
 * (below-bound, baseline-invalid: a measurement error, in no verdict) or whose bound was
 * dropped (bound-dropped: the bound was wrong, the figure is kept and ranked), found once when
 * the study is loaded, per block: m64/, pressure/, sim/, threads/, every bits/, tables/ and
 * compiler/ block, every learn/ run, whatever sub-runs the folder holds.  The recommendation
 * section lists them; the first screen counts them. */
#include <ctype.h>
#include <dirent.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report/report.h"
#include "util/output.h"

/* Returns f's group called name, a new one when there is none (NULL when f is full). */
static struct flagged_group *group_of(struct flagged *f, const char *name)
{
	for (size_t i = 0; i < f->ng; i++)
		if (!strcmp(f->g[i].name, name))
			return &f->g[i];
	if (f->ng == FLAGGED_GROUPS)
		return NULL;
	snprintf(f->g[f->ng].name, sizeof f->g[0].name, "%s", name);
	return &f->g[f->ng++];
}

/* Writes row x of r (block blk of its group, "" for a sub-run of its own) as the lists show
 * it: "pext pressure all at 1 MiB in block 01: below-bound (3.60 core cycles per lookup
 * measured, at least 5.50 possible)". */
static void row_text(char *out, size_t len, const char *blk, const struct run *r,
		     const struct rr_row *x, const char *flag)
{
	double c = run_num(r, x, "cycles_median"), b = run_num(r, x, "bound_cycles");
	char sz[32];

	out[0] = 0;
	doc_cat(out, len, "%s %s %s", x->kernel, x->mode, x->piece);
	if (*x->pressure)
		doc_cat(out, len, " at %s", report_bytes(sz, sizeof sz, strtod(x->pressure, NULL)));
	if (strcmp(x->cache_state, "warm"))
		doc_cat(out, len, " (%s)", x->cache_state);
	if (x->threads > 1)
		doc_cat(out, len, ", %u threads", x->threads);
	if (*blk)
		doc_cat(out, len, " in block %s", blk);
	doc_cat(out, len, ": %s", flag);
	if (!isnan(c) && !isnan(b))
		doc_cat(out, len, " (%.2f core cycles per lookup measured, %s %.2f possible)", c,
			run_row_withheld(x) ? "at least" : "the dropped bound said at least", b);
	else if (!isnan(c))
		doc_cat(out, len, " (%.2f core cycles per lookup measured)", c);
}

/* Counts the measured rows of the run in dir (block blk of group g) into g and f, and keeps
 * the first FLAGGED_SHOWN of each kind's rows. */
static void scan_run(struct flagged *f, struct flagged_group *g, const char *dir, const char *blk)
{
	char err[PATH_MAX + 256];
	size_t n[FLAGGED_KINDS] = { 0 };
	struct run r;

	if (!g)
		return;
	g->nrun++;
	if (run_load_summary(dir, &r, err, sizeof err) < 0) {
		snprintf(g->err, sizeof g->err, "%.180s", err);
		return;
	}
	for (size_t i = 0; i < r.nrows; i++) {
		const struct rr_row *x = &r.rows[i];
		if (!run_row_measured(x))
			continue;
		g->rows++, f->rows++;
		for (int k = 0; k < FLAGGED_KINDS; k++) {
			const char *flag = run_row_flag_of(x, k == FLAGGED_WITHHELD);
			if (!flag)
				continue;
			if (g->nshown[k] < FLAGGED_SHOWN)
				row_text(g->shown[k][g->nshown[k]++], sizeof g->shown[0][0], blk, &r,
					 x, flag);
			n[k]++;
		}
	}
	for (int k = 0; k < FLAGGED_KINDS; k++) {
		g->n[k] += n[k], f->n[k] += n[k];
		if (*blk && n[k])
			doc_cat(g->per[k], sizeof g->per[k], "%s%s: %zu", g->per[k][0] ? ", " : "",
				blk, n[k]);
	}
	run_free(&r);
}

/* Scans the runs in dir/sub: NN-side/ folders (alternating blocks) into group "sub/NN-side",
 * the others (learn/q1024/) into a group each. */
static void scan_dir(struct flagged *f, const char *dir, const char *sub)
{
	char path[PATH_MAX + NAME_MAX + 2], run[PATH_MAX + 2 * NAME_MAX + 4], name[64];
	char file[NAME_MAX + 16];
	struct dirent **e;
	int n;

	snprintf(path, sizeof path, "%s/%s", dir, sub);
	if ((n = scandir(path, &e, NULL, versionsort)) < 0)
		return;
	for (int i = 0; i < n; i++) {
		const char *d = e[i]->d_name;
		int nn = isdigit((unsigned char)d[0]) && isdigit((unsigned char)d[1]) &&
			 d[2] == '-' && d[3];
		char blk[3] = { nn ? d[0] : 0, nn ? d[1] : 0, 0 };
		snprintf(file, sizeof file, "%s/summary.csv", d);
		if (d[0] != '.' && out_exists(path, file)) {
			snprintf(name, sizeof name, nn ? "%s/NN-%s" : "%s/%s", sub, nn ? d + 3 : d);
			snprintf(run, sizeof run, "%s/%s", path, d);
			scan_run(f, group_of(f, name), run, blk);
		}
		free(e[i]);
	}
	free(e);
}

int report_flagged_scan(struct study *s)
{
	char run[PATH_MAX + NAME_MAX + 16], file[NAME_MAX + 16];
	struct flagged *f = calloc(1, sizeof *f);
	struct dirent **e;
	int n;

	if (!(s->flagged = f))
		return -1;
	if (s->plain) {
		scan_run(f, group_of(f, "run"), s->dir, "");
		return 0;
	}
	snprintf(run, sizeof run, "%s/m64", s->dir);
	scan_run(f, group_of(f, "m64"), run, "");
	if ((n = scandir(s->dir, &e, NULL, alphasort)) < 0)
		return 0;
	for (int i = 0; i < n; i++) {
		const char *d = e[i]->d_name;
		snprintf(file, sizeof file, "%s/summary.csv", d);
		snprintf(run, sizeof run, "%s/%s", s->dir, d);
		if (d[0] == '.' || !strcmp(d, "m64") || !strcmp(d, "plots"))
			;
		else if (out_exists(s->dir, file))
			scan_run(f, group_of(f, d), run, "");
		else
			scan_dir(f, s->dir, d);
		free(e[i]);
	}
	free(e);
	return 0;
}

/* Writes the blocks read into out: "m64 (540 rows), compiler/NN-gcc (6 blocks, 3120 rows)". */
static void blocks_read(const struct flagged *f, char *out, size_t len)
{
	out[0] = 0;
	for (size_t i = 0; i < f->ng; i++) {
		const struct flagged_group *g = &f->g[i];
		doc_cat(out, len, "%s%s (", i ? ", " : "", g->name);
		if (g->nrun > 1)
			doc_cat(out, len, "%zu blocks, ", g->nrun);
		doc_cat(out, len, "%zu row%s%s%s)", g->rows, g->rows == 1 ? "" : "s",
			g->err[0] ? "; one could not be read: " : "", g->err);
	}
}

/* Lists kind k's rows: one item per group that has any, with its count of the measured rows
 * (per block where it groups several) and its first FLAGGED_SHOWN rows ("and N more"). */
static void flagged_list(struct doc *d, const struct flagged *f, int k)
{
	char item[FLAGGED_SHOWN * 224 + 512];
	int open = 0;

	for (size_t i = 0; i < f->ng; i++) {
		const struct flagged_group *g = &f->g[i];
		if (!g->n[k])
			continue;
		if (!open++)
			doc_list_begin(d);
		item[0] = 0;
		doc_cat(item, sizeof item, "%s", g->name);
		if (g->nrun > 1)
			doc_cat(item, sizeof item, " (%zu blocks: %s)", g->nrun, g->per[k]);
		doc_cat(item, sizeof item, ": %zu of %zu measured rows", g->n[k], g->rows);
		for (size_t j = 0; j < g->nshown[k]; j++)
			doc_cat(item, sizeof item, "%s%s", j ? "; " : ": ", g->shown[k][j]);
		if (g->n[k] > g->nshown[k])
			doc_cat(item, sizeof item, "; and %zu more", g->n[k] - g->nshown[k]);
		doc_li(d, "%s.", item);
	}
	if (open)
		doc_list_end(d);
}

void report_flagged(struct doc *d, const struct study *s)
{
	const struct flagged *f = s->flagged;
	char seen[4096];

	if (!f)
		return;
	blocks_read(f, seen, sizeof seen);
	doc_h(d, 3, "withheld", "Figures withheld");
	doc_p(d, NULL, "A row is withheld when it is flagged below-bound: %s; or baseline-invalid: "
	      "%s. Its figure enters no verdict, ranking, recommendation or chart above or below. "
	      "Every measured row of every block of the study was read for them: %s.",
	      run_flag_why("below-bound"), run_flag_why("baseline-invalid"), seen);
	flagged_list(d, f, FLAGGED_WITHHELD);
	if (f->n[FLAGGED_WITHHELD])
		doc_p(d, NULL, "%zu of the %zu measured figures are withheld; every answer rests on "
		      "the others.", f->n[FLAGGED_WITHHELD], f->rows);
	else
		doc_p(d, NULL, "None: no row of any block is flagged below-bound or "
		      "baseline-invalid.");
	doc_h(d, 3, "bounds-dropped", "Bounds dropped");
	doc_p(d, NULL, "A row flagged bound-dropped had a lower bound (bound_cycles: the fewest "
	      "cycles its own instructions allow on this core) above most of its samples: the "
	      "bound was wrong, not the figure. The bound was dropped; the figure is kept, ranked "
	      "and compared as any other.");
	flagged_list(d, f, FLAGGED_DROPPED);
	if (!f->n[FLAGGED_DROPPED])
		doc_p(d, NULL, "None: no row of any block had its bound dropped.");
}
