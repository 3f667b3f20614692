/* report_summary.c - the report's first screen, for a chess programmer: the machine in one
 * line, the three questions answered in a sentence each with a confidence word, and the
 * recommendation as a table.  Every claim is read from the verdict rows the sections below
 * recorded (s->verdicts), the same rows verdicts.csv holds, so the first screen cannot name a
 * winner or a factor that the details do not.  Computed here (summary_build) from the three
 * answers (report_summary_answers.c) and the recommendation's rows (report_summary_recs.c);
 * written by report_summary_write.c. */
#include <limits.h>
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report/report.h"
#include "report/report_summary_model.h"
#include "util/output.h"
#include "util/jsonx.h"

/* The machine, the build and the study in one line. */
static void machine_line(char *line, size_t len, const struct study *s)
{
	const struct run *r = &s->m64;
	const char *cpu = run_ctx(r, "machine.cpu_model"), *ua = run_ctx(r, "machine.uarch"),
		   *hv = run_ctx(r, "machine.hypervisor"), *cc = run_ctx(r, "slidebench.compiler"),
		   *id = run_ctx(r, "run_id");
	double fam = r->ctx ? jsonx_num(r->ctx, "machine.cpu_family") : NAN,
	       mod = r->ctx ? jsonx_num(r->ctx, "machine.cpu_model_number") : NAN,
	       ncpu = r->ctx ? jsonx_num(r->ctx, "machine.ncpus") : NAN;
	size_t spc = report_samples_per_cell(r);

	line[0] = 0;

	doc_cat(line, len, "%s", cpu ? cpu : "unknown CPU");
	if (ua && *ua)
		doc_cat(line, len, ", %s", ua);
	if (!isnan(fam) && !isnan(mod))
		doc_cat(line, len, " (family %.0f model %.0f)", fam, mod);
	if (hv && *hv && strcmp(hv, "none"))
		doc_cat(line, len, ", %s guest", hv);
	if (!isnan(ncpu))
		doc_cat(line, len, ", %.0f CPUs", ncpu);
	doc_cat(line, len, "; %s; %s study (%zu samples a cell)", cc ? cc : "unknown "
		"compiler", spc && spc < FULL_SAMPLES ? "quick" : "full", spc);
	if (id && strlen(id) >= 8)
		doc_cat(line, len, ", %.4s-%.2s-%.2s", id, id + 4, id + 6);
}

/* Writes how many of the study's measured figures are withheld, and in which blocks, into
 * out ("" when none is). */
static void held_line(char *out, size_t len, const struct study *s)
{
	const struct flagged *f = s->flagged;

	out[0] = 0;
	if (!f || !f->n[FLAGGED_WITHHELD])
		return;
	doc_cat(out, len, "%zu of the %zu measured figures of this study are withheld as "
		"measurement errors (", f->n[FLAGGED_WITHHELD], f->rows);
	for (size_t i = 0, k = 0; i < f->ng; i++)
		if (f->g[i].n[FLAGGED_WITHHELD])
			doc_cat(out, len, "%s%s %zu", k++ ? ", " : "", f->g[i].name,
				f->g[i].n[FLAGGED_WITHHELD]);
	doc_cat(out, len, "): no answer uses them; the report's Figures withheld lists them");
}

/* Makes text x (len bytes) safe for a terminal and a text file, in place (out_text). */
static void clean(char *x, size_t len)
{
	char t[4 * SUM_MAX];     /* the longest buffer it cleans (unsettled) and room to grow */

	out_text(x, t, sizeof t < len ? sizeof t : len);
	memcpy(x, t, strlen(t) + 1);
}

/* Computes the first screen; every text read from the study (the machine, a mode or kernel
 * name in a sentence) is made safe once here, for the report and answer.txt alike. */
void summary_build(struct summary *m, const struct study *s)
{
	struct search_gain g;

	memset(m, 0, sizeof *m);
	machine_line(m->machine, sizeof m->machine, s);
	if (s->busy) {
		snprintf(m->busy, sizeof m->busy, "The host was busy during this study (%s): its "
			 "answers are provisional; run it again on a quiet machine", s->busy_brief);
		snprintf(m->busy_brief, sizeof m->busy_brief, "%s", s->busy_brief);
	}
	held_line(m->held, sizeof m->held, s);
	summary_answers(m, s);
	summary_recommendation(m, s);
	summary_needs(m, s);
	summary_unsettled(m, s);
	if (report_search_gain(s, &g))
		report_search_gain_text(m->gain, sizeof m->gain, &g);
	clean(m->machine, sizeof m->machine);
	clean(m->unsettled, sizeof m->unsettled);
	clean(m->trap, sizeof m->trap);
	clean(m->gain, sizeof m->gain);
	clean(m->busy, sizeof m->busy);
	clean(m->busy_brief, sizeof m->busy_brief);
	for (size_t i = 0; i < 3; i++) {
		clean(m->ans[i].text, sizeof m->ans[i].text);
		clean(m->ans[i].more, sizeof m->ans[i].more);
		clean(m->ans[i].brief, sizeof m->ans[i].brief);
		clean(m->ans[i].why, sizeof m->ans[i].why);
	}
	for (size_t i = 0; i < m->nrec; i++) {
		struct rec_row *r = &m->rec[i];
		clean(r->workload, sizeof r->workload);
		clean(r->use, sizeof r->use);
		clean(r->second, sizeof r->second);
		clean(r->note, sizeof r->note);
		clean(r->close, sizeof r->close);
		clean(r->why, sizeof r->why);
		clean(r->needs, sizeof r->needs);
	}
}
