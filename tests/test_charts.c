/* test_charts.c - every chart of the report comes from one table (report/report_charts.h):
 * a study made of the fixture runs (tests/data/fixture-run-a as the main sweep, the learning
 * sweep and, with a threads column added, the thread sweep; fixture-study-cache's pressure,
 * sim and tables, on the main sweep's trace as test_report.sh makes them) with an SVG in plots/ for every chart of the table and one the table lacks
 * is rendered, and report.md and report.html must show each chart of the table exactly once,
 * in the table's order, with its caption, and the chart the table lacks not at all. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "report/report.h"
#include "report/report_charts.h"

#define D "tests/data"

/* Runs shell command cmd.  Returns 0 when it succeeded. */
static int sh(const char *cmd)
{
	int rc = system(cmd);

	CHECK(rc == 0, "%s: status %d", cmd, rc);
	return rc;
}

/* The thread sweep: fixture-run-a's cells once with 1 thread, then once with 2, in
 * summary.csv and samples.csv alike. */
static int make_threads(const char *dir)
{
	char cmd[1024];

	snprintf(cmd, sizeof cmd, "mkdir -p %s/threads && cp " D "/fixture-run-a/context.json "
		 "%s/threads/ && for f in summary samples; do { awk 'NR == 1 { print $0 \",threads\" "
		 "} NR > 1 { print $0 \",1\" }' " D "/fixture-run-a/$f.csv && awk 'NR > 1 { print $0 "
		 "\",2\" }' " D "/fixture-run-a/$f.csv; } >%s/threads/$f.csv; done", dir, dir, dir);
	return sh(cmd);
}

/* Makes the study in dir: the runs, and plots/FILE.svg for every chart and for "extra". */
static int make_study(const char *dir, const struct report_chart_def *c, size_t n)
{
	char cmd[2048];

	snprintf(cmd, sizeof cmd, "cp -r " D "/fixture-run-a %s/m64 && mkdir -p %s/learn %s/plots "
		 "&& cp -r " D "/fixture-run-a %s/learn/q1024 && cp -r " D "/fixture-study-cache/. %s/ "
		 "&& cp " D "/fixture-plots/bits.svg %s/plots/extra.svg && find %s -name '*.csv' -exec "
		 "sed -i 's|datasets/x\\.trace|datasets/master-2000.trace|' {} +", dir, dir, dir, dir,
		 dir, dir, dir);
	if (sh(cmd) || make_threads(dir))
		return -1;
	for (size_t i = 0; i < n; i++) {
		snprintf(cmd, sizeof cmd, "cp " D "/fixture-plots/bits.svg %s/plots/%s.svg", dir,
			 c[i].file);
		if (sh(cmd))
			return -1;
	}
	return 0;
}

/* Renders study dir into *md and *html (free both).  Returns 0, or -1. */
static int render(const char *dir, char **md, char **html)
{
	struct study *s = calloc(1, sizeof *s);
	struct verdicts v = { 0 };
	size_t nm = 0, nh = 0;
	FILE *fm = open_memstream(md, &nm), *fh = open_memstream(html, &nh);
	int rc = -1;

	if (s && fm && fh && report_load(dir, s) == 0) {
		s->node_ns = REPORT_NODE_NS;
		s->verdicts = &v;
		rc = report_write(s, fh, fm, "charts");
		study_free(s);
	}
	if (fm)
		fclose(fm);
	if (fh)
		fclose(fh);
	free(v.v);
	free(s);
	return rc;
}

/* Returns how many times needle occurs in hay. */
static size_t count(const char *hay, const char *needle)
{
	size_t n = 0;

	for (const char *p = hay; (p = strstr(p, needle)) != NULL; p += strlen(needle))
		n++;
	return n;
}

/* Checks chart c in the Markdown: once, after *at, its line holding its caption. */
static void check_md(const char *md, const struct report_chart_def *c, const char **at)
{
	char link[128];
	const char *p, *line;

	snprintf(link, sizeof link, "](plots/%s.svg)", c->file);
	CHECK(count(md, link) == 1, "report.md: chart %s shown %zu times, not once", c->file,
	      count(md, link));
	if (!(p = strstr(md, link)))
		return;
	CHECK(p > *at, "report.md: chart %s out of the table's order", c->file);
	*at = p;
	for (line = p; line > md && line[-1] != '\n'; line--)
		;
	CHECK(line[0] == '!' && line[1] == '[', "report.md: chart %s not an image line", c->file);
	CHECK(memmem(line, (size_t)(p - line), c->caption, strlen(c->caption)) != NULL,
	      "report.md: chart %s lacks its caption \"%s\"", c->file, c->caption);
}

/* Checks chart c in the HTML: one figure, after *at. */
static void check_html(const char *html, const struct report_chart_def *c, const char **at)
{
	char fig[128];
	const char *p;

	snprintf(fig, sizeof fig, "<figure id=\"chart-%s\">", c->file);
	CHECK(count(html, fig) == 1, "report.html: chart %s shown %zu times, not once", c->file,
	      count(html, fig));
	if ((p = strstr(html, fig))) {
		CHECK(p > *at, "report.html: chart %s out of the table's order", c->file);
		*at = p;
	}
}

int main(void)
{
	char dir[] = "/tmp/sb-test-charts-XXXXXX", cmd[128];
	size_t n;
	const struct report_chart_def *c = report_chart_table(&n);
	char *md = NULL, *html = NULL;

	CHECK(n >= 12, "the table holds every chart: %zu rows", n);
	if (!mkdtemp(dir) || make_study(dir, c, n) || render(dir, &md, &html) < 0) {
		CHECK(0, "the study renders");
	} else {
		const char *at_md = md, *at_html = html;
		for (size_t i = 0; i < n; i++) {
			CHECK(c[i].caption && c[i].caption[0], "chart %s has a caption", c[i].file);
			for (size_t j = 0; j < i; j++)
				CHECK(strcmp(c[i].file, c[j].file), "chart %s twice in the table",
				      c[i].file);
			check_md(md, &c[i], &at_md);
			check_html(html, &c[i], &at_html);
		}
		CHECK(!strstr(md, "plots/extra."), "report.md: a chart the table lacks is shown");
		CHECK(!strstr(html, "chart-extra"), "report.html: a chart the table lacks is shown");
	}
	free(md);
	free(html);
	snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
	if (dir[sizeof dir - 2] != 'X')
		sh(cmd);
	return check_done();
}
