/* report_summary.c - the report's first screen, for a chess programmer: the machine in one
 * line, the three questions answered in a sentence each with a confidence word, and the
 * recommendation as a table.  Every claim is read from the verdict rows the sections below
 * recorded (s->verdicts), the same rows verdicts.csv holds, so the first screen cannot name a
 * winner or a factor that the details do not. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report/report.h"
#include "util/jsonx.h"

#define SUM_MAX 512

/* What each workload stands for in an engine, by mode. */
static const struct {
	const char *mode, *words;
} WORKLOAD_WORDS[] = {
	{ "stream", "many independent lookups (move generation)" },
	{ "chain", "each lookup waiting for the last (latency)" },
	{ "pointer", "through a function pointer, as a plugin" },
	{ "position", "attack maps of whole positions" },
	{ "random", "random boards (others' benchmarks)" },
	{ "peer-random", "the peer's loop, random squares" },
	{ "peer", "the peer's loop, queens on known squares" },
	{ "engine", "a perft move generator (per node)" },
	{ "pressure", "beside a large working set (the engine's hash and tables)" },
};

const char *verdict_word(const struct verdict *v)
{
	if (v->settled == 1)
		return "settled";
	if (!isnan(v->lo) && !isnan(v->hi) && (v->lo > 1 || v->hi < 1))
		return "likely";
	return "unclear";
}

/* Returns the first verdict of question q whose a starts with prefix a (NULL: any), or NULL. */
static const struct verdict *find(const struct study *s, const char *q, const char *a)
{
	for (size_t i = 0; s->verdicts && i < s->verdicts->n; i++) {
		const struct verdict *v = &s->verdicts->v[i];
		if (!strcmp(v->question, q) && (!a || !strncmp(v->a, a, strlen(a))))
			return v;
	}
	return NULL;
}

/* Writes "X is 2.61x faster than Y" (or "X and Y are not told apart (1.03x)") for v, with
 * the names xa and xb for v->a and v->b. */
static void faster_as(char *out, size_t len, const struct verdict *v, const char *xa,
		      const char *xb)
{
	int b_wins = v->ratio < 1;
	double f = b_wins ? 1 / v->ratio : v->ratio;
	const char *win = b_wins ? xb : xa, *lose = b_wins ? xa : xb;
	/* "their 64-bit siblings are", "split-pext is" */
	int plural = strchr(win, ' ') && win[strlen(win) - 1] == 's';

	if (!strcmp(verdict_word(v), "unclear"))
		snprintf(out, len, "%s and %s are not told apart (%.2f\u00d7)", xa, xb, f);
	else
		snprintf(out, len, "%s %s %.2f\u00d7 faster than %s", win, plural ? "are" : "is", f,
			 lose);
}

static void faster(char *out, size_t len, const struct verdict *v)
{
	faster_as(out, len, v, v->a, v->b);
}

/* Appends what v's answer depends on, from its robust column ("depends on KNOB: LO-HIx;
 * ..."), as factors in the direction the sentence states them (faster over slower). */
static void depends(char *out, size_t len, const struct verdict *v)
{
	const char *p = v->robust;
	int inv = v->ratio < 1, n = 0;

	while ((p = strstr(p, "depends on ")) != NULL) {
		const char *colon = strchr(p, ':'), *end = strchr(p, ';');
		double lo, hi;
		p += 11;
		if (!colon || (end && end < colon))
			continue;
		doc_cat(out, len, "%s%.*s", n++ ? " and on " : " On query streams the factor "
			"depends on ",
			(int)(colon - p), p);
		if (sscanf(colon + 1, " %lf\u2013%lf", &lo, &hi) == 2 && lo > 0 && hi > 0) {
			if (inv)
				doc_cat(out, len, " (%.2f\u2013%.2f\u00d7)", 1 / hi, 1 / lo);
			else
				doc_cat(out, len, " (%.2f\u2013%.2f\u00d7)", lo, hi);
		}
	}
	if (n)
		doc_cat(out, len, ".");
}

static void word_html(FILE *f, const char *w)
{
	fprintf(f, " <span class=\"w-%s\">(%s)</span>", w, w);
}

/* One answer: the question as a term, the sentence, its confidence word, and what follows
 * (more, may be NULL: a second finding with its own word inside). */
static void answer(struct doc *d, const char *q, const char *text, const char *word,
		   const char *more)
{
	fputs("<dt>", d->html);
	doc_html_esc(d->html, q);
	fputs("</dt><dd>", d->html);
	doc_html_esc(d->html, text);
	if (word)
		word_html(d->html, word);
	if (more) {
		fputs(" ", d->html);
		doc_html_esc(d->html, more);
	}
	fputs("</dd>\n", d->html);
	fprintf(d->md, "- **%s** %s%s%s%s%s%s\n", q, text, word ? " (" : "", word ? word : "",
		word ? ")" : "", more ? " " : "", more ? more : "");
}

static void answer_bits(struct doc *d, const struct study *s)
{
	const struct verdict *build = find(s, "bits", "-m64 build"),
			     *sib = find(s, "bits", "64-bit siblings");
	char t[SUM_MAX], m[SUM_MAX], f[256], dep[256] = "";

	if (!build && !sib) {
		answer(d, "32-bit or 64-bit?", "Not measured: no 32-bit kernel or build was timed "
		       "(the details below say why).", NULL, NULL);
		return;
	}
	t[0] = m[0] = 0;
	if (build) {
		faster_as(f, sizeof f, build, "the -m64 build", "the -m32 build");
		depends(dep, sizeof dep, build);
		doc_cat(t, sizeof t, "Build for 64-bit: %s (the same kernels, the same -march, "
			"alternating processes).%s", f, dep);
	}
	if (sib) {
		faster_as(f, sizeof f, sib, "their 64-bit siblings",
			  "the kernels designed for 32-bit arithmetic");
		doc_cat(build ? m : t, build ? sizeof m : sizeof t, "In a 64-bit build, %s%s", f,
			build ? "" : ".");
		if (build)
			doc_cat(m, sizeof m, " (%s).", verdict_word(sib));
	}
	answer(d, "32-bit or 64-bit?", t, verdict_word(build ? build : sib), m[0] ? m : NULL);
}

/* The table sizes of v's two kernels as "(2 KiB)" after each name. */
static void sized(char *out, size_t len, const struct study *s, const char *k)
{
	double b = report_kernel_bytes(&s->m64, k);
	char sz[32];

	if (b >= 0)
		snprintf(out, len, "%s (%s of tables)", k, report_bytes(sz, sizeof sz, b));
	else
		snprintf(out, len, "%s", k);
}

static void answer_tables(struct doc *d, const struct study *s)
{
	const struct verdict *v = find(s, "tables", NULL);
	struct verdict w;
	char t[SUM_MAX], f[384], dep[256];

	if (!v) {
		answer(d, "A small shared table or a larger one?", "Not measured: no kernel pair "
		       "with different table sizes was timed.", NULL, NULL);
		return;
	}
	w = *v;
	sized(w.a, sizeof w.a, s, v->a);
	sized(w.b, sizeof w.b, s, v->b);
	faster(f, sizeof f, &w);
	dep[0] = 0;
	depends(dep, sizeof dep, v);
	snprintf(t, sizeof t, "%s, over every mode and piece.%s", f, dep);
	answer(d, "A small shared table or a larger one?", t, verdict_word(v), NULL);
}

static void answer_branching(struct doc *d, const struct study *s)
{
	const struct verdict *v = find(s, "branching", NULL), *v2 = NULL;
	char t[SUM_MAX], m[SUM_MAX], f[256], f2[256], dep[256];

	if (!v) {
		answer(d, "Branchless or conditional?", "Not measured: no branching pair was timed.",
		       NULL, NULL);
		return;
	}
	for (size_t i = 0; i < s->verdicts->n; i++)
		if (!strcmp(s->verdicts->v[i].question, "branching") && &s->verdicts->v[i] != v) {
			v2 = &s->verdicts->v[i];
			break;
		}
	faster(f, sizeof f, v);
	dep[0] = 0;
	depends(dep, sizeof dep, v);
	snprintf(t, sizeof t, "%s on real-game queries, over every mode and piece.%s", f, dep);
	m[0] = 0;
	if (v2) {
		faster(f2, sizeof f2, v2);
		snprintf(m, sizeof m, "The other pair: %s (%s).", f2, verdict_word(v2));
	}
	answer(d, "Branchless or conditional?", t, verdict_word(v), m[0] ? m : NULL);
}

/* The words for a recommendation's workload label ("stream", "engine (perft)", ...). */
static const char *words_for(const char *label)
{
	for (size_t i = 0; i < sizeof WORKLOAD_WORDS / sizeof WORKLOAD_WORDS[0]; i++) {
		size_t n = strlen(WORKLOAD_WORDS[i].mode);
		if (!strncmp(label, WORKLOAD_WORDS[i].mode, n) &&
		    (label[n] == 0 || label[n] == ' '))
			return WORKLOAD_WORDS[i].words;
	}
	return "";
}

static void rec_row(struct doc *d, const char *workload, const char *words, const char *use,
		    const char *second, double margin, const char *word, const char *note)
{
	char m[32];

	snprintf(m, sizeof m, isnan(margin) ? "not measured" : "%.2f\u00d7", margin);
	fputs("<tr><td><b>", d->html);
	doc_html_esc(d->html, workload);
	fputs("</b> ", d->html);
	doc_html_esc(d->html, words);
	fputs("</td><td><b>", d->html);
	doc_html_esc(d->html, use);
	fputs("</b>", d->html);
	if (note && *note) {
		fputs(" ", d->html);
		doc_html_esc(d->html, note);
	}
	fputs("</td><td>", d->html);
	doc_html_esc(d->html, second);
	fputs("</td><td class=\"n\">", d->html);
	doc_html_esc(d->html, m);
	fputs("</td><td>", d->html);
	word_html(d->html, word);
	fputs("</td></tr>\n", d->html);
	fprintf(d->md, "| %s: %s | **%s**%s%s | %s | %s | %s |\n", workload, words, use,
		note && *note ? " " : "", note ? note : "", second, m, word);
}

/* The pressure sizes folded into one row: the kernel that wins at most sizes, and where
 * another wins. */
static void rec_pressure(struct doc *d, const struct study *s)
{
	const struct verdict *p[REPORT_MAX_WORKLOADS];
	size_t n = 0, best = 0, bestn = 0;
	char note[SUM_MAX] = "", range[96];

	for (size_t i = 0; i < s->verdicts->n && n < REPORT_MAX_WORKLOADS; i++)
		if (!strncmp(s->verdicts->v[i].question, "recommend:pressure", 18))
			p[n++] = &s->verdicts->v[i];
	if (!n)
		return;
	for (size_t i = 0; i < n; i++) {
		size_t c = 0;
		for (size_t j = 0; j < n; j++)
			c += !strcmp(p[i]->a, p[j]->a);
		if (c > bestn)
			best = i, bestn = c;
	}
	for (size_t i = 0; i < n; i++)
		if (strcmp(p[i]->a, p[best]->a))
			doc_cat(note, sizeof note, "%s%s at %s", note[0] ? ", " : "(", p[i]->a,
				p[i]->question + 22);
	if (note[0])
		doc_cat(note, sizeof note, " instead)");
	snprintf(range, sizeof range, "pressure, %s to %s", p[0]->question + 22,
		 p[n - 1]->question + 22);
	rec_row(d, range, words_for("pressure"), p[best]->a, p[best]->b, p[best]->ratio,
		verdict_word(p[best]), note);
}

static void recommendation(struct doc *d, const struct study *s)
{
	static const char *const head[] = { "workload", "use this", "runner-up", "margin",
					     "confidence" };
	size_t rows = 0;

	fputs("<table class=\"rec\"><tr>", d->html);
	for (size_t i = 0; i < 5; i++)
		fprintf(d->html, "<th>%s</th>", head[i]);
	fputs("</tr>\n", d->html);
	fputs("| workload | use this | runner-up | margin | confidence |\n|---|---|---|---:|---|\n",
	      d->md);
	for (size_t i = 0; s->verdicts && i < s->verdicts->n; i++) {
		const struct verdict *v = &s->verdicts->v[i];
		if (strncmp(v->question, "recommend:", 10) || !strncmp(v->question + 10,
								       "pressure", 8))
			continue;
		rec_row(d, v->question + 10, words_for(v->question + 10), v->a, v->b, v->ratio,
			verdict_word(v), NULL);
		rows++;
	}
	if (s->verdicts)
		rec_pressure(d, s);
	fputs("</table>\n", d->html);
	fputs("\n", d->md);
	if (!rows)
		doc_p(d, "note", "No workload had two kernels timed: nothing to recommend.");
}

/* The machine, the build and the study in one line. */
static void machine_line(struct doc *d, const struct study *s)
{
	const struct run *r = &s->m64;
	const char *cpu = run_ctx(r, "machine.cpu_model"), *ua = run_ctx(r, "machine.uarch"),
		   *hv = run_ctx(r, "machine.hypervisor"), *cc = run_ctx(r, "slidebench.compiler"),
		   *id = run_ctx(r, "run_id");
	double fam = r->ctx ? jsonx_num(r->ctx, "machine.cpu_family") : NAN,
	       mod = r->ctx ? jsonx_num(r->ctx, "machine.cpu_model_number") : NAN,
	       ncpu = r->ctx ? jsonx_num(r->ctx, "machine.ncpus") : NAN;
	size_t spc = report_samples_per_cell(r);
	char line[SUM_MAX] = "";

	doc_cat(line, sizeof line, "%s", cpu ? cpu : "unknown CPU");
	if (ua && *ua)
		doc_cat(line, sizeof line, ", %s", ua);
	if (!isnan(fam) && !isnan(mod))
		doc_cat(line, sizeof line, " (family %.0f model %.0f)", fam, mod);
	if (hv && *hv && strcmp(hv, "none"))
		doc_cat(line, sizeof line, ", %s guest", hv);
	if (!isnan(ncpu))
		doc_cat(line, sizeof line, ", %.0f CPUs", ncpu);
	doc_cat(line, sizeof line, "; %s; %s study (%zu samples a cell)", cc ? cc : "unknown "
		"compiler", spc && spc < FULL_SAMPLES ? "quick" : "full", spc);
	if (id && strlen(id) >= 8)
		doc_cat(line, sizeof line, ", %.4s-%.2s-%.2s", id, id + 4, id + 6);
	doc_p(d, "machine", "%s.", line);
}

void report_summary(struct doc *d, const struct study *s)
{
	machine_line(d, s);
	/* not doc_h: the contents list the sections below, written before this one */
	fputs("<h2 id=\"found\">What this study found</h2>\n", d->html);
	fputs("## What this study found\n\n", d->md);
	fputs("<dl class=\"answers\">\n", d->html);
	answer_bits(d, s);
	answer_tables(d, s);
	answer_branching(d, s);
	fputs("</dl>\n", d->html);
	fputs("\n", d->md);
	recommendation(d, s);
	doc_p(d, "foot", "settled: the kernels were timed in the same rounds, the 95%% interval "
	      "of their ratio excludes 1, the signed-rank test agrees and every epoch of the run "
	      "points the same way. likely: the measured margin points one way but the run "
	      "cannot settle it (a quick study, too few pairs, a busy host, or the code-layout "
	      "spread is as large). unclear: no difference is measured. Margin: the runner-up's "
	      "time over the winner's. Every figure is explained in the sections below.");
}
