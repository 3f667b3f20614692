/* report_fleet_rank.c - a fleet's rankings: per workload, every kernel's place on every
 * machine (the single-machine report's candidates and scores), written as fleet-ranks.csv and
 * drawn as one chart per workload: the machines side by side, a line per kernel joining its
 * places (a "bump chart"), the kernels whose place moves drawn bold. */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "report/report_fleet.h"
#include "util/output.h"

/* Returns kernel k's index in r, adding it (-1 when r is full). */
static int kernel_slot(struct fleet_rank *r, const char *k)
{
	for (size_t i = 0; i < r->nk; i++)
		if (!strcmp(r->kernel[i], k))
			return (int)i;
	if (r->nk == FLEET_MAX_KERNELS)
		return -1;
	r->kernel[r->nk] = k;
	return (int)r->nk++;
}

/* Returns kernel k's mean place over the machines that timed it (unranked: after all). */
static double mean_rank(const struct fleet_rank *r, size_t k, size_t nm)
{
	double sum = 0;
	int n = 0;

	for (size_t m = 0; m < nm; m++)
		if (r->rank[k][m] > 0)
			sum += r->rank[k][m], n++;
	return n ? sum / n : 1e9;
}

/* Orders r's kernels by mean place (a stable insertion sort: few kernels). */
static void sort_kernels(struct fleet_rank *r, size_t nm)
{
	for (size_t i = 1; i < r->nk; i++)
		for (size_t j = i; j > 0 && mean_rank(r, j, nm) < mean_rank(r, j - 1, nm); j--) {
			const char *k = r->kernel[j];
			int rk[FLEET_MAX_MACHINES];
			double ns[FLEET_MAX_MACHINES];
			r->kernel[j] = r->kernel[j - 1], r->kernel[j - 1] = k;
			memcpy(rk, r->rank[j], sizeof rk), memcpy(ns, r->ns[j], sizeof ns);
			memcpy(r->rank[j], r->rank[j - 1], sizeof rk);
			memcpy(r->ns[j], r->ns[j - 1], sizeof ns);
			memcpy(r->rank[j - 1], rk, sizeof rk), memcpy(r->ns[j - 1], ns, sizeof ns);
		}
}

size_t fleet_ranks(const struct fleet *f, struct fleet_rank *out, size_t max)
{
	struct report_workload *w = calloc(REPORT_MAX_WORKLOADS, sizeof *w);
	struct report_cand *c = calloc(256, sizeof *c);
	size_t nr = 0;

	if (!w || !c)
		goto out_free;
	for (size_t m = 0; m < f->n; m++) {
		const struct run *run = &f->m[m].s->m64;
		size_t nw = report_workloads(run, w, REPORT_MAX_WORKLOADS);
		for (size_t i = 0; i < nw; i++) {
			size_t j, n;
			for (j = 0; j < nr && strcmp(out[j].label, w[i].label); j++)
				;
			if (j == nr) {
				if (nr == max)
					continue;
				memset(&out[nr], 0, sizeof out[nr]);
				snprintf(out[nr++].label, sizeof out[0].label, "%s", w[i].label);
			}
			n = report_ranked(f->m[m].s, run, &w[i], c, 256);
			for (size_t k = 0; k < n; k++) {
				int s = kernel_slot(&out[j], c[k].kernel);
				if (s >= 0)
					out[j].rank[s][m] = (int)k + 1, out[j].ns[s][m] = c[k].score;
			}
		}
	}
	for (size_t j = 0; j < nr; j++)
		sort_kernels(&out[j], f->n);
out_free:
	free(w);
	free(c);
	return nr;
}

/* Writes FLEET/fleet-ranks.csv.  Returns 0 or -1 (err). */
static int write_csv(const struct fleet *f, const struct fleet_rank *r, size_t nr, char *err,
		     size_t len)
{
	struct out_file o;

	if (out_open(&o, f->dir, "fleet-ranks.csv", err, len) < 0)
		return -1;
	fprintf(o.f, "workload,kernel,machine,rank,ns_per_lookup,format\n");
	for (size_t i = 0; i < nr; i++)
		for (size_t k = 0; k < r[i].nk; k++)
			for (size_t m = 0; m < f->n; m++) {
				if (!r[i].rank[k][m])
					continue;
				out_csv_str(o.f, r[i].label);
				fputc(',', o.f);
				out_csv_str(o.f, r[i].kernel[k]);
				fputc(',', o.f);
				out_csv_str(o.f, f->m[m].name);
				fprintf(o.f, ",%d,", r[i].rank[k][m]);
				out_csv_num(o.f, r[i].ns[k][m]);
				fprintf(o.f, ",%d\n", out_format("fleet-ranks.csv"));
			}
	return out_commit(&o, err, len);
}

/* Returns how far kernel k's place moves across the machines (max - min place). */
static int rank_range(const struct fleet_rank *r, size_t k, size_t nm)
{
	int lo = 0, hi = 0;

	for (size_t m = 0; m < nm; m++)
		if (r->rank[k][m] > 0) {
			lo = lo && lo < r->rank[k][m] ? lo : r->rank[k][m];
			hi = hi > r->rank[k][m] ? hi : r->rank[k][m];
		}
	return hi - lo;
}

#define COL 150     /* pixels between machines */
#define ROW 22      /* pixels between places */
#define LABEL 190   /* room for the kernels' names on either side */
#define TOP 46

/* Writes one workload's bump chart into f. */
static void write_svg(FILE *f, const struct fleet *fl, const struct fleet_rank *r)
{
	static const char *const PAL[] = { "#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e",
		"#17becf", "#8c564b", "#e377c2", "#7f7f7f", "#bcbd22" };
	size_t nm = fl->n, places = r->nk;
	int wd = 2 * LABEL + (int)(nm > 1 ? nm - 1 : 0) * COL, ht = TOP + (int)places * ROW + 10;

	fprintf(f, "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<svg xmlns=\"http://www.w3.org/"
		"2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" font-family=\"sans-serif\" "
		"font-size=\"12\">\n<rect width=\"100%%\" height=\"100%%\" fill=\"#fff\"/>\n",
		wd, ht, wd, ht);
	for (size_t m = 0; m < nm; m++) {
		int x = LABEL + (int)m * COL;
		fprintf(f, "<text x=\"%d\" y=\"18\" text-anchor=\"middle\" font-weight=\"bold\">", x);
		doc_html_esc(f, fl->m[m].name);
		fprintf(f, "</text>\n<line x1=\"%d\" y1=\"26\" x2=\"%d\" y2=\"%d\" stroke=\"#ccd\"/>\n",
			x, x, ht - 6);
	}
	fprintf(f, "<text x=\"4\" y=\"18\" fill=\"#889\">place</text>\n");
	for (size_t p = 1; p <= places; p++)  /* the places, at the far left */
		fprintf(f, "<text x=\"4\" y=\"%zu\" fill=\"#889\">%zu</text>\n",
			TOP + (p - 1) * ROW + 4, p);
	for (size_t k = 0; k < r->nk; k++) {
		const char *col = PAL[k % (sizeof PAL / sizeof PAL[0])];
		int moved = rank_range(r, k, nm) > 0, first = -1, last = -1;
		double sw = moved ? 2.6 : 1.2;
		for (size_t m = 0; m < nm; m++) {
			if (!r->rank[k][m])
				continue;
			int x = LABEL + (int)m * COL, y = TOP + (r->rank[k][m] - 1) * ROW;
			if (last >= 0 && (size_t)last == m - 1)
				fprintf(f, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"%s\" "
					"stroke-width=\"%.1f\"/>\n", x - COL,
					TOP + (r->rank[k][m - 1] - 1) * ROW, x, y, col, sw);
			fprintf(f, "<circle cx=\"%d\" cy=\"%d\" r=\"4\" fill=\"%s\"><title>", x, y, col);
			doc_html_esc(f, r->kernel[k]);
			fputs(" on ", f);
			doc_html_esc(f, fl->m[m].name);
			fprintf(f, ": place %d, %.3f ns/lookup</title></circle>\n", r->rank[k][m],
				r->ns[k][m]);
			if (first < 0)
				first = (int)m;
			last = (int)m;
		}
		if (first < 0)
			continue;
		fprintf(f, "<text x=\"%d\" y=\"%d\" text-anchor=\"end\" fill=\"%s\"%s>",
			LABEL + first * COL - 9, TOP + (r->rank[k][first] - 1) * ROW + 4, col,
			moved ? " font-weight=\"bold\"" : "");
		doc_html_esc(f, r->kernel[k]);
		fprintf(f, "</text>\n");
		if (last != first || nm > 1) {
			fprintf(f, "<text x=\"%d\" y=\"%d\" fill=\"%s\"%s>", LABEL + last * COL + 9,
				TOP + (r->rank[k][last] - 1) * ROW + 4, col,
				moved ? " font-weight=\"bold\"" : "");
			doc_html_esc(f, r->kernel[k]);
			fprintf(f, "</text>\n");
		}
	}
	fprintf(f, "</svg>\n");
}

int fleet_rank_files(const struct fleet *f, const struct fleet_rank *r, size_t nr, char *err,
		     size_t len)
{
	char plots[PATH_MAX + 16], name[64];
	struct out_file o;

	if (write_csv(f, r, nr, err, len) < 0)
		return -1;
	snprintf(plots, sizeof plots, "%s/plots", f->dir);
	if (mkdir(plots, 0777) < 0 && errno != EEXIST) {
		snprintf(err, len, "%s: %s", plots, strerror(errno));
		return -1;
	}
	if (out_is_link(plots)) {  /* the charts would land wherever it points */
		snprintf(err, len, "%s: a symbolic link; not written through (remove it)", plots);
		return -1;
	}
	for (size_t i = 0; i < nr; i++) {
		snprintf(name, sizeof name, "fleet-ranks-%zu.svg", i + 1);
		if (out_open(&o, plots, name, err, len) < 0)
			return -1;
		write_svg(o.f, f, &r[i]);
		if (out_commit(&o, err, len) < 0)
			return -1;
	}
	return 0;
}
