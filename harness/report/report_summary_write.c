/* report_summary_write.c - the first screen (summary_build) written: into the report (HTML
 * and Markdown), with the lines of the study's own kernels (report_yours.c), and as the
 * terminal's closing lines (answer.txt). */
#include <limits.h>
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report/report.h"
#include "report/report_summary_model.h"

/* Writes " (word)" or " (word: why)" in HTML, the word in its class's colour. */
static void word_html(FILE *f, const char *w, const char *why)
{
	fprintf(f, " <span class=\"w-%s\">(%s", w, w);
	if (why && *why) {
		fputs(": ", f);
		doc_html_esc(f, why);
	}
	fputs(")</span>", f);
}

/* Writes <tag>text</tag>, text escaped (tag a plain name). */
static void html_text(FILE *f, const char *tag, const char *text)
{
	fprintf(f, "<%s>", tag);
	doc_html_esc(f, text);
	fprintf(f, "</%s>", tag);
}

/* Writes the three answers, a sentence each with its confidence word. */
static void answers_doc(struct doc *d, const struct summary *m)
{
	/* not doc_h: the contents list the sections below, written before this one */
	fputs("<h2 id=\"found\">What this study found</h2>\n<dl class=\"answers\">\n", d->html);
	fputs("## What this study found\n\n", d->md);
	for (size_t i = 0; i < 3; i++) {
		const struct answer *a = &m->ans[i];
		html_text(d->html, "dt", a->q);
		fputs("<dd>", d->html);
		doc_html_esc(d->html, a->text);
		if (a->word)
			word_html(d->html, a->word, a->why);
		if (a->more[0]) {
			fputs(" ", d->html);
			doc_html_esc(d->html, a->more);
		}
		doc_html_esc(d->html, a->left);
		fputs("</dd>\n", d->html);
		fprintf(d->md, "- **%s** %s%s%s%s%s%s%s%s%s\n", a->q, a->text, a->word ? " (" : "",
			a->word ? a->word : "", a->why[0] ? ": " : "", a->why, a->word ? ")" : "",
			a->more[0] ? " " : "", a->more, a->left);
	}
	fputs("</dl>\n", d->html);
}

/* Writes into out what a row recommends: its kernel, or where it is not settled and others
 * are within the noise of it, all of them ("pext, galois-field: within the noise of this
 * host"). */
static void rec_use(char *out, size_t len, const struct rec_row *r)
{
	out[0] = 0;
	doc_cat(out, len, "%s", r->use);
	if (r->needs[0])      /* what a one-binary engine must check for: "pext (needs BMI2)" */
		doc_cat(out, len, " (needs %s)", r->needs);
	if (r->close[0])
		doc_cat(out, len, ", %s: within the noise of this host", r->close);
}

/* Writes one row of the recommendation table. */
static void rec_doc_row(struct doc *d, const struct rec_row *r)
{
	char mg[32], note[SUM_MAX + 96], use[384];

	snprintf(mg, sizeof mg, isnan(r->margin) ? "not measured" : "%.2f\u00d7", r->margin);
	snprintf(note, sizeof note, "%s", r->note);
	rec_use(use, sizeof use, r);
	if (r->withheld)
		doc_cat(note, sizeof note, "%s(leaves out %zu withheld cell%s of %zu measured)",
			note[0] ? " " : "", r->withheld, r->withheld == 1 ? "" : "s", r->measured);
	fputs("<tr><td><b>", d->html);
	doc_html_esc(d->html, r->workload);
	fputs("</b> ", d->html);
	doc_html_esc(d->html, r->words);
	fputs("</td><td>", d->html);
	html_text(d->html, "b", use);
	if (note[0]) {
		fputs(" ", d->html);
		doc_html_esc(d->html, note);
	}
	fputs("</td>", d->html);
	html_text(d->html, "td", r->second);
	fputs("<td class=\"n\">", d->html);
	doc_html_esc(d->html, mg);
	fputs("</td><td>", d->html);
	word_html(d->html, r->word, r->why);
	fputs("</td></tr>\n", d->html);
	fprintf(d->md, "| %s: %s | **%s**%s%s | %s | %s | %s%s%s |\n", r->workload, r->words, use,
		note[0] ? " " : "", note, r->second, mg, r->word, r->why[0] ? ": " : "", r->why);
}

/* Writes the recommendation table: per workload, the kernel to use. */
static void recs_doc(struct doc *d, const struct summary *m)
{
	static const char *const head[] = { "workload", "use this", "runner-up", "margin",
					     "confidence" };

	fputs("<table class=\"rec\"><tr>", d->html);
	for (size_t i = 0; i < 5; i++)
		fprintf(d->html, "<th>%s</th>", head[i]);
	fputs("</tr>\n", d->html);
	fputs("\n| workload | use this | runner-up | margin | confidence |\n"
	      "|---|---|---|---:|---|\n", d->md);
	for (size_t i = 0; i < m->nrec; i++)
		rec_doc_row(d, &m->rec[i]);
	fputs("</table>\n", d->html);
	fputs("\n", d->md);
}

/* The first screen: the machine, the answers, the recommendation and how to read them. */
static void summary_doc(struct doc *d, const struct summary *m)
{
	char busy[96] = " (none here)";

	doc_p(d, "machine", "%s.", m->machine);
	if (m->busy[0])
		doc_p(d, "note", "%s.", m->busy);
	if (m->unsettled[0])
		doc_p(d, "note", "%s.", m->unsettled);
	if (m->held[0])
		doc_p(d, "note", "%s.", m->held);
	answers_doc(d, m);
	recs_doc(d, m);
	if (!m->nrec)
		doc_p(d, "note", "No workload had two kernels timed: nothing to recommend.");
	if (m->trap[0])
		doc_p(d, "note", "%s.", m->trap);
	if (m->gain[0])
		doc_p(d, "note", "%s.", m->gain);
	if (m->busy_brief[0])
		snprintf(busy, sizeof busy, " (%s)", m->busy_brief);
	doc_p(d, "foot", "Each word is decided by the paired comparison's own tests, and a row "
	      "that is not settled says which of them decided it. settled: the kernels were timed "
	      "in the same rounds, the 95%% interval of their ratio (widened by the spread "
	      "between processes where measured) excludes 1, the signed-rank test gives "
	      "p < 0.05, the margin exceeds the code-layout spread and every epoch of the run "
	      "points the same way. likely: the interval excludes 1, but one of the other tests "
	      "fails (the row names it: with fewer than 6 pairs the signed-rank test cannot reach "
	      "p < 0.05, the test does not agree, an epoch points the other way, the margin is "
	      "within the code-layout spread, the spread between processes was measured on other "
	      "cells only). provisional: settled or likely, but the host was busy%s: in-process "
	      "pairing does not cancel a neighbour's cache traffic, which slows large-table "
	      "kernels more than others; run again on a quiet machine. unclear: the interval "
	      "includes 1, either within the run itself (no difference measured) or only once the "
	      "spread between processes is added (the rounds of one process found a difference "
	      "that another process of the same build may not repeat): the row says which. A row "
	      "not settled names the kernels whose paired interval against its first kernel "
	      "includes 1: within the noise of this host. Margin: the runner-up's time over the "
	      "winner's, paired round by round. Every figure is explained in the sections below.",
	      busy);
}

void report_summary(struct doc *d, const struct study *s)
{
	struct summary *m = malloc(sizeof *m);

	if (!m)
		return;
	summary_build(m, s);
	summary_doc(d, m);
	report_yours(d, s);
	free(m);
}

/* The answers and the recommendation in at most SUMMARY_LINES lines of plain text: what
 * run_all.sh prints last, from the same verdicts as the report's first screen. */
static void summary_text(FILE *f, const struct summary *m, size_t yours)
{
	static const char *const shortq[3] = { "32 or 64 bit", "table size", "branching" };
	/* on a busy host the line on why rows are not settled follows the busy one, on it */
	size_t room = SUMMARY_LINES - 4 - !!m->busy[0] - !!m->held[0] -
		      (!m->busy[0] && m->unsettled[0]) - !!m->gain[0] - yours;

	fprintf(f, "%s.\n", m->machine);
	if (m->busy[0])
		fprintf(f, "%s.%s%s%s\n", m->busy, m->unsettled[0] ? " " : "", m->unsettled,
			m->unsettled[0] ? "." : "");
	else if (m->unsettled[0])
		fprintf(f, "%s.\n", m->unsettled);
	if (m->held[0])
		fprintf(f, "%s.\n", m->held);
	for (size_t i = 0; i < 3; i++)
		fprintf(f, "%-14s %s%s%s%s%s%s\n", shortq[i], m->ans[i].brief,
			m->ans[i].word ? " (" : "", m->ans[i].word ? m->ans[i].word : "",
			m->ans[i].why[0] ? ": " : "", m->ans[i].why, m->ans[i].word ? ")" : "");
	for (size_t i = 0; i < m->nrec && i < room; i++) {
		const struct rec_row *r = &m->rec[i];
		char mg[32], use[384];
		if (i + 1 == room && m->nrec > room) {
			fprintf(f, "%-14s and %zu more workloads: see the report\n", "",
				m->nrec - i);
			break;
		}
		rec_use(use, sizeof use, r);
		snprintf(mg, sizeof mg, isnan(r->margin) ? "margin not measured" : "%.2f\u00d7 over",
			 r->margin);
		if (r->close[0])   /* no one winner: the kernels within the noise, then why */
			fprintf(f, "%-14s %s%s%s (%s%s%s)\n", r->workload, use, r->note[0] ? " " : "",
				r->note, r->word, r->why[0] ? ": " : "", r->why);
		else
			fprintf(f, "%-14s use %s%s%s, %s %s (%s%s%s)\n", r->workload, use,
				r->note[0] ? " " : "", r->note, mg, r->second, r->word,
				r->why[0] ? ": " : "", r->why);
	}
	if (m->gain[0])
		fprintf(f, "%s.\n", m->gain);
	if (m->trap[0] && m->nrec < room)   /* the lines left over: where the winner is a trap */
		fprintf(f, "%s.\n", m->trap);
}

int report_answer_text(const struct study *s, FILE *f)
{
	struct summary *m = malloc(sizeof *m);

	if (!m)
		return -1;
	summary_build(m, s);  /* its texts safe for a terminal: run_all.sh prints the file */
	summary_text(f, m, report_yours_text(s, NULL));
	report_yours_text(s, f);
	free(m);
	return ferror(f) ? -1 : 0;
}
