/* report_sim.c - the cache section's simulated sentences: the smallest simulated L1 each kernel
 * fits in (sim/sim.csv's --l1 sweep), and the kernels the simulated data TLB misses most. */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report/report.h"

#define MAXK 64           /* kernels in one sentence */
#define FIT_MISSES 0.05   /* D1 misses per lookup, net of the null kernel, under which a kernel fits */

/* One kernel's simulated L1 sweep: miss, net of the null kernel (fits or not); shown, the gross
 * misses (its query's read included) where sim.csv has them: net figures need not fall with
 * the L1 size, since the tables evict the query stream that stays cached for the null kernel. */
struct fit_point { double size, miss, shown; };
struct fit { const char *k, *piece; struct fit_point pt[16]; size_t n; };

/* The TLB sentence's kernels, most misses first. */
struct tlb_rank { const char *k; double miss; };

static int by_miss(const void *a, const void *b)
{
	double x = ((const struct tlb_rank *)a)->miss, y = ((const struct tlb_rank *)b)->miss;

	return (x < y) - (x > y);
}

/* Adds point (sz, m, g) to f, kept in order of size. */
static void fit_add(struct fit *f, double sz, double m, double g)
{
	size_t at = f->n++;

	while (at && f->pt[at - 1].size > sz) {
		f->pt[at] = f->pt[at - 1];
		at--;
	}
	f->pt[at] = (struct fit_point){ sz, m, g };
}

/* Fills ft (MAXK) with each kernel's d1 points of sim.csv c, its rook rows where present,
 * else its first piece's.  Returns how many kernels. */
static size_t read_fits(const struct csv *c, struct fit *ft)
{
	int ck = csv_col(c, "kernel"), cp = csv_col(c, "piece"), cs = csv_col(c, "sim_kind");
	int cb = csv_col(c, "cache_bytes"), cm = csv_col(c, "sim_d1_miss");
	int cg = csv_col(c, "sim_d1_miss_gross");
	size_t nk = 0;

	for (size_t i = 0; i < c->nrow; i++) {
		const char *k = csv_cell(c, i, ck), *p = csv_cell(c, i, cp);
		size_t j;
		if (strcmp(csv_cell(c, i, cs), "d1") || !strcmp(k, "null"))
			continue;
		for (j = 0; j < nk && strcmp(ft[j].k, k); j++)
			;
		if (j == nk) {
			if (nk == MAXK)
				continue;
			ft[nk++] = (struct fit){ .k = k, .piece = p };
		}
		if (strcmp(ft[j].piece, p) && !strcmp(p, "rook"))
			ft[j].piece = p, ft[j].n = 0;
		if (strcmp(ft[j].piece, p) || ft[j].n == 16)
			continue;
		double m = csv_num(c, i, cm);
		fit_add(&ft[j], csv_num(c, i, cb), m, cg >= 0 ? csv_num(c, i, cg) : m);
	}
	return nk;
}

/* Writes into out, per kernel of ft, the L1 it needs (or that it does not fit in the largest
 * simulated), and the kernels that fit in the smallest. */
static void fit_clauses(const struct fit *ft, size_t nk, char *out, size_t len)
{
	char fits[1024] = "", b0[32], b1[32];
	int first = 1;

	for (size_t j = 0; j < nk; j++) {
		const struct fit *f = &ft[j];
		size_t i;
		if (!f->n)
			continue;
		for (i = 0; i < f->n && !(f->pt[i].miss < FIT_MISSES); i++)
			;
		report_bytes(b0, sizeof b0, f->pt[0].size);
		if (i == 0) {
			doc_cat(fits, sizeof fits, "%s%s", fits[0] ? ", " : "", f->k);
			continue;
		}
		const struct fit_point *to = &f->pt[i < f->n ? i : f->n - 1];
		report_bytes(b1, sizeof b1, to->size);
		doc_cat(out, len, "%s%s %s %s L1 (%.2g \u2192 %.2g misses per %s lookup from %s to "
			"%s)", first ? "" : "; ", f->k, i < f->n ? "needs a" : "does not fit in a", b1,
			f->pt[0].shown, to->shown, f->piece, b0, b1);
		first = 0;
	}
	if (fits[0])
		doc_cat(out, len, "%s%s fit%s in %s", first ? "" : "; ", fits,
			strchr(fits, ',') ? "" : "s", b0);
}

/* The simulated L1 sweep (sim/sim.csv) in one sentence: what L1 each kernel needs. */
static void sim_sentence(struct doc *d, const struct study *s)
{
	struct csv c;
	struct fit *ft = calloc(MAXK, sizeof *ft);
	char path[PATH_MAX + 32], err[PATH_MAX + 256], out[4096] = "";

	snprintf(path, sizeof path, "%s/sim/sim.csv", s->dir);
	if (!ft)
		return;
	if (csv_load(path, &c, err, sizeof err) < 0) {
		doc_p(d, "note", "No simulated L1 sweep: %s.", err);
		free(ft);
		return;
	}
	fit_clauses(ft, read_fits(&c, ft), out, sizeof out);
	doc_p(d, "answer", "Simulated L1 (fits: under %.2f D1 misses per lookup more than the null "
	      "kernel's%s): %s.", FIT_MISSES, csv_col(&c, "sim_d1_miss_gross") >= 0 ? "; the "
	      "misses quoted include reading the query" : "", out[0] ? out : "no d1 rows in "
	      "sim/sim.csv");
	csv_free(&c);
	free(ft);
}

static void tlb_sentence(struct doc *d, const struct study *s)
{
	const struct run *r = &s->sim;
	const struct rr_row *like = NULL;
	struct tlb_rank rk[MAXK];
	char out[1024] = "";
	size_t n = 0;

	if (!s->have_sim || csv_col(&r->summary, "sim_tlb_miss") < 0) {
		doc_p(d, "note", "No simulated TLB: the study has no sim/ run with sim_tlb_miss.");
		return;
	}
	for (size_t i = 0; i < r->nrows; i++)   /* the rook stream, else the first workload */
		if (run_row_timed(&r->rows[i]) && (!like || !strcmp(r->rows[i].piece, "rook")))
			if (!like || strcmp(like->piece, "rook"))
				like = &r->rows[i];
	for (size_t i = 0; like && i < r->nrows && n < MAXK; i++) {
		const struct rr_row *row = &r->rows[i];
		double v = run_num(r, row, "sim_tlb_miss");
		if (run_row_timed(row) && run_same_workload(row, like) && v > 0)
			rk[n++] = (struct tlb_rank){ row->kernel, v };
	}
	qsort(rk, n, sizeof *rk, by_miss);
	for (size_t i = 0; i < n && i < 3; i++)
		doc_cat(out, sizeof out, "%s%s %.3g", i ? ", " : "", rk[i].k, rk[i].miss);
	doc_p(d, "answer", "Simulated TLB, %s %s: the most misses per lookup: %s%s.",
	      like ? like->mode : "?", like ? like->piece : "?", n ? out : "no kernel misses it",
	      n > 3 ? "; the others miss less" : n ? "; the others never miss" : "");
}

void report_cache_sim(struct doc *d, const struct study *s)
{
	sim_sentence(d, s);
	tlb_sentence(d, s);
}
