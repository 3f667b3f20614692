/* report_fleet_rank.c - a fleet's rankings: per workload, every kernel's place on every
 * machine (the single-machine report's candidates and scores), written as fleet-ranks.csv, and
 * what plots/fleet-ranks.gp draws of them (fleet-chart.csv: one chart per workload, the
 * machines side by side, a line per kernel joining its places, a "bump chart"). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

int fleet_rank_files(const struct fleet *f, const struct fleet_rank *r, size_t nr, char *err,
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

/* Writes the chart's rows of workload i (r), kernel k: one per machine that placed it. */
static void chart_rows(FILE *f, const struct fleet *fl, const struct fleet_rank *r, size_t i,
		       size_t k)
{
	size_t nm = fl->n, first = nm, last = 0;
	int moved = rank_range(r, k, nm) > 0;

	for (size_t m = 0; m < nm; m++)
		if (r->rank[k][m]) {
			first = first < m ? first : m;
			last = m;
		}
	for (size_t m = first; m < nm; m++) {
		if (!r->rank[k][m])
			continue;
		fprintf(f, "%zu,", i + 1);
		out_csv_text(f, r->label);
		fputc(',', f);
		out_csv_text(f, r->kernel[k]);
		fprintf(f, ",%zu,%zu,", k + 1, m);
		out_csv_text(f, fl->m[m].name);
		fprintf(f, ",%d,", r->rank[k][m]);
		if (m > 0 && r->rank[k][m - 1])
			fprintf(f, "%d", r->rank[k][m - 1]);
		fputc(',', f);
		out_csv_num(f, r->ns[k][m]);
		fprintf(f, ",%d,%d,%d\n", moved, m == first, m == last);
	}
}

int fleet_rank_chart_data(const struct fleet *f, const struct fleet_rank *r, size_t nr,
			  const char *outdir, char *err, size_t len)
{
	struct out_file o;

	if (out_open(&o, outdir, "fleet-chart.csv", err, len) < 0)
		return -1;
	fprintf(o.f, "workload_no,workload,kernel,kernel_no,machine_no,machine,rank,prev_rank,"
		"ns_per_lookup,moved,first,last\n");
	for (size_t i = 0; i < nr; i++)
		for (size_t k = 0; k < r[i].nk; k++)
			chart_rows(o.f, f, &r[i], i, k);
	return out_commit(&o, err, len);
}
