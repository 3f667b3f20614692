/* cmd_report_fleet.c - `slidebench report FLEET_DIR` and `plot-data FLEET_DIR`: the fleet
 * read (report/report_fleet_load.c) and handed to the fleet report (report/report_fleet.c). */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>

#include "cli/cli.h"
#include "report/report_fleet.h"
#include "util/output.h"

int cmd_fleet_plot_data(const char *dir, const char *outdir)
{
	struct fleet *f = fleet_open(dir);
	struct fleet_rank *r = calloc(REPORT_MAX_WORKLOADS, sizeof *r);
	char err[PATH_MAX + 256];
	int rc = EXIT_FAIL;

	if (f && r && fleet_rank_chart_data(f, r, fleet_ranks(f, r, REPORT_MAX_WORKLOADS), outdir,
					    err, sizeof err) < 0)
		fprintf(stderr, "slidebench plot-data: %s\n", err);
	else if (f && r)
		rc = EXIT_OK;
	fleet_free(f);
	free(r);
	return rc;
}

int cmd_report_fleet(const char *dir)
{
	struct fleet *f = fleet_open(dir);
	struct fleet_rank *r = calloc(REPORT_MAX_WORKLOADS, sizeof *r);
	struct out_file html, md;
	char err[PATH_MAX + 256], title[PATH_MAX + 64];
	struct doc d;
	size_t nr;
	int rc = EXIT_FAIL;

	if (!f || !r)
		goto out_free;
	nr = fleet_ranks(f, r, REPORT_MAX_WORKLOADS);
	if (fleet_rank_files(f, r, nr, err, sizeof err) < 0 ||
	    out_open(&html, f->dir, "report.html", err, sizeof err) < 0) {
		fprintf(stderr, "slidebench report: %s\n", err);
		goto out_free;
	}
	if (out_open(&md, f->dir, "report.md", err, sizeof err) < 0) {
		fprintf(stderr, "slidebench report: %s\n", err);
		out_abort(&html);
		goto out_free;
	}
	d = (struct doc){ .html = html.f, .md = md.f };
	snprintf(title, sizeof title, "slidebench fleet report: %zu machine%s, %s", f->n,
		 f->n == 1 ? "" : "s", dir);
	doc_begin(&d, title);
	report_fleet(&d, f, r, nr);
	doc_end(&d);
	if (out_commit(&html, err, sizeof err) < 0 || out_commit(&md, err, sizeof err) < 0) {
		fprintf(stderr, "slidebench report: %s\n", err);
		goto out_free;
	}
	printf("report: %s/report.html\nreport: %s/report.md\nreport: %s/fleet-ranks.csv\n",
	       f->dir, f->dir, f->dir);
	rc = EXIT_OK;
out_free:
	fleet_free(f);
	free(r);
	return rc;
}
