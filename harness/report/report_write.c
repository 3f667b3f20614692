/* report_write.c - the report's sections in order, written into report.html and report.md
 * through one document emitter, the first screen last (it reads the sections' verdicts). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report/report.h"

/* The report's sections in order: answers first (what a reader came for), then the charts,
 * then how it was measured.  Each writes its own headings and records its verdicts. */
static const struct {
	const char *what;
	void (*write)(struct doc *d, const struct study *s);
} SECTIONS[] = {
	{ "headline: full or quick study, how busy the host was", report_headline },
	{ "recommendation per workload", report_recommend },
	{ "answers to the three questions", report_answers },
	{ "do the answers survive the harness's knobs", report_robust },
	{ "engine search: the lookups' share of a node (Amdahl)", report_search },
	{ "charts", report_charts },
	{ "cache: pressure, huge pages, simulated caches", report_cache },
	{ "does the answer depend on the compiler: gcc against clang blocks", report_compiler },
	{ "threads: does the ranking change when every core searches", report_threads },
	{ "environment", report_environment },
	{ "counters", report_counters },
	{ "verification", report_verification },
	{ "appendix: tables per mode", report_tables },
};

int report_write(struct study *s, FILE *html, FILE *md, const char *title)
{
	char *hb = NULL, *mb = NULL;
	size_t hn = 0, mn = 0;
	struct doc *body = calloc(1, sizeof *body), *top = calloc(1, sizeof *top);
	int rc = -1;

	if (!body || !top)
		goto out;
	body->html = open_memstream(&hb, &hn);
	body->md = open_memstream(&mb, &mn);
	if (!body->html || !body->md)
		goto out;
	for (size_t i = 0; i < sizeof SECTIONS / sizeof SECTIONS[0]; i++)
		SECTIONS[i].write(body, s);
	if (fflush(body->html) || fflush(body->md))
		goto out;
	*top = (struct doc){ .html = html, .md = md };
	doc_begin(top, title);
	report_summary(top, s);
	memcpy(top->toc, body->toc, sizeof top->toc);
	top->ntoc = body->ntoc;
	doc_toc(top);
	fwrite(hb, 1, hn, html);
	fwrite(mb, 1, mn, md);
	doc_end(top);
	rc = 0;
out:
	if (body && body->html)
		fclose(body->html);
	if (body && body->md)
		fclose(body->md);
	free(hb);
	free(mb);
	free(body);
	free(top);
	return rc;
}
