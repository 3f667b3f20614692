/* process_term.c - the between-process term of a kernel-against-kernel comparison, measured
 * over a study's block processes (see process_term.h). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "analysis/process_term.h"
#include "util/stats.h"

/* Student's t, 97.5%, df = 1 .. 30. */
static const double T975[] = { 12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262,
	2.228, 2.201, 2.179, 2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074,
	2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042 };

double pt_quantile(size_t df)
{
	size_t n = sizeof T975 / sizeof T975[0];

	if (df == 0)
		return NAN;
	return df <= n ? T975[df - 1] : 1.96 + 2.4 / (double)df;   /* within 0.003 above 30 */
}

/* Returns the sample standard deviation of the non-NaN x[0..n) and their count in *k (NaN
 * when fewer than two). */
static double sd(const double *x, size_t n, size_t *k)
{
	double sum = 0, ss = 0, mean;
	size_t m = 0;

	for (size_t i = 0; i < n; i++)
		if (!isnan(x[i]))
			sum += x[i], m++;
	*k = m;
	if (m < 2)
		return NAN;
	mean = sum / (double)m;
	for (size_t i = 0; i < n; i++)
		if (!isnan(x[i]))
			ss += (x[i] - mean) * (x[i] - mean);
	return sqrt(ss / (double)(m - 1));
}

/* Returns the least of row x's measured samples (the whole loop's time per lookup), else its
 * ns_min; NaN when none is positive.  A block has three
 * rounds: one disturbed round moves their median (the main sweep's median over 31 rounds would
 * shrug it off), while a disturbance on a shared host only ever adds time.  Not the round's
 * own net time (the kernel's less the null's in that round): a disturbed null round makes that
 * smaller, and the least of three is then the disturbed one (pext in position mode, 0.12 ns
 * net, fell to 0.08 in one block and put a study's magic-black / pext interval at
 * 0.38-7.47). */
static double least(const struct rr_row *x)
{
	double m = NAN;

	for (size_t i = 0; x->samples && i < x->nsamples; i++)
		if (x->samples[i] > 0 && !(x->samples[i] >= m))
			m = x->samples[i];
	return isnan(m) && x->ns_min > 0 ? x->ns_min : m;
}

/* Adds log(least y / least x) of one block cell to *sum and *k (when both are usable). */
static void add_cell(const struct rr_row *x, const struct rr_row *y, double *sum, size_t *k)
{
	double fx, fy;

	if (!x || !y || !run_row_timed(x) || !run_row_timed(y))
		return;
	fx = least(x), fy = least(y);
	if (fx > 0 && fy > 0)
		*sum += log(fy / fx), (*k)++;
}

/* Adds every cell of block run r where kernels ka and kb were both timed. */
static void add_pair_cells(const struct run *r, const char *ka, const char *kb, double *sum,
			   size_t *k)
{
	for (size_t i = 0; i < r->nrows; i++)
		if (!strcmp(r->rows[i].kernel, ka))
			add_cell(&r->rows[i], run_find(r, kb, &r->rows[i]), sum, k);
}

/* Returns 1 when kernels (a[i], b[i]) appeared as an earlier pair j < i. */
static int seen_pair(const struct rr_row *const *a, const struct rr_row *const *b, size_t i)
{
	for (size_t j = 0; j < i; j++)
		if (!strcmp(a[j]->kernel, a[i]->kernel) && !strcmp(b[j]->kernel, b[i]->kernel))
			return 1;
	return 0;
}

/* Returns s over the blocks of the comparison's own cells (pair = 0) or of every cell its
 * kernel pairs share in each block (pair = 1); *k the processes it is over, *cells the most
 * cells a block held.  Each block's estimate is the mean over cells of log(least b /
 * least a), as the comparison's is a mean over cells. */
static double block_sd(const struct pt_set *p, const struct rr_row *const *a,
		       const struct rr_row *const *b, size_t n, int pair, size_t *k,
		       size_t *cells)
{
	double est[PT_MAX_BLOCKS];

	*cells = 0;
	for (size_t j = 0; j < p->nblk; j++) {
		const struct run *r = &p->blk[j];
		double sum = 0;
		size_t m = 0;
		for (size_t i = 0; i < n; i++) {
			if (!pair)
				add_cell(run_find(r, a[i]->kernel, a[i]),
					 run_find(r, b[i]->kernel, b[i]), &sum, &m);
			else if (!seen_pair(a, b, i))
				add_pair_cells(r, a[i]->kernel, b[i]->kernel, &sum, &m);
		}
		est[j] = m ? sum / (double)m : NAN;
		*cells = m > *cells ? m : *cells;
	}
	return sd(est, p->nblk, k);
}

/* Returns the log of row x's figure relative to the null kernel in block r: x's fastest round
 * over the null's fastest round.  The host's speed holds within a block's few rounds and moves
 * both alike; a disturbance only adds time, so each fastest round is the undisturbed one.  Not
 * round by round: a disturbed null round lowers that round's net time and ratio at once, and
 * the least of those is then noise (pext in position mode, in one study: +-42%, +-13% so).
 * Without a null in the block, x's fastest alone (the host's speed left in: it errs wide).
 * NaN when unusable. */
static double rel_null(const struct run *r, const struct rr_row *x)
{
	const struct rr_row *n;
	double f, g;

	if (!x || !run_row_timed(x) || !((f = least(x)) > 0))
		return NAN;
	n = run_find(r, "null", x);
	g = n ? least(n) : NAN;
	return log(g > 0 ? f / g : f);
}

/* Returns 1 when run r has a timed row of kernel k. */
static int has_kernel(const struct run *r, const char *k)
{
	for (size_t i = 0; i < r->nrows; i++)
		if (run_row_timed(&r->rows[i]) && !strcmp(r->rows[i].kernel, k))
			return 1;
	return 0;
}

/* Returns s over the blocks of the mean over cells of rel_null: the timed cells of like (of
 * kernel k when k is given) found in each block (own = 1), or every cell a block holds of
 * those kernels (own = 0); *n the processes it is over, *cells the most cells a block held. */
static double block_rel_sd(const struct pt_set *p, const struct run *like, const char *k,
			   int own, size_t *n, size_t *cells)
{
	double est[PT_MAX_BLOCKS];

	*cells = 0;
	for (size_t j = 0; j < p->nblk; j++) {
		const struct run *r = &p->blk[j], *src = own ? like : r;
		double sum = 0, v;
		size_t m = 0;
		for (size_t i = 0; i < src->nrows; i++) {
			const struct rr_row *x = &src->rows[i];
			if (!run_row_timed(x) || (k && strcmp(x->kernel, k)) ||
			    (!own && !k && !has_kernel(like, x->kernel)))
				continue;
			if (!isnan(v = rel_null(r, own ? run_find(r, x->kernel, x) : x)))
				sum += v, m++;
		}
		est[j] = m ? sum / (double)m : NAN;
		*cells = m > *cells ? m : *cells;
	}
	return sd(est, p->nblk, n);
}

/* Returns 1 when some x[i] is of kernel k. */
static int of_kernels(const struct rr_row *const *x, size_t n, const char *k)
{
	for (size_t i = 0; i < n; i++)
		if (!strcmp(x[i]->kernel, k))
			return 1;
	return 0;
}

/* Returns s over the blocks of the mean over cells of the log of each cell's least sample (the
 * whole loop's time; least: not the round-by-round net, which a disturbed null round lowers;
 * absolute: the host's speed in the process left in): of the cells x[0..n) found in each
 * block (own = 1), or of every cell a block holds of their kernels (own = 0); *k the
 * processes it is over, *cells the most cells a block held. */
static double block_abs_sd(const struct pt_set *p, const struct rr_row *const *x, size_t n,
			   int own, size_t *k, size_t *cells)
{
	double est[PT_MAX_BLOCKS];

	*cells = 0;
	for (size_t j = 0; j < p->nblk; j++) {
		const struct run *r = &p->blk[j];
		double sum = 0, f;
		size_t m = 0;
		for (size_t i = 0; i < (own ? n : r->nrows); i++) {
			const struct rr_row *y = own ? run_find(r, x[i]->kernel, x[i]) : &r->rows[i];
			if (!y || !run_row_timed(y) || (!own && !of_kernels(x, n, y->kernel)))
				continue;
			if ((f = least(y)) > 0)
				sum += log(f), m++;
		}
		est[j] = m ? sum / (double)m : NAN;
		*cells = m > *cells ? m : *cells;
	}
	return sd(est, p->nblk, k);
}

/* Sets p->study_ks and its range: the median over the kernels k[0..nk) of the s of their own
 * figure over all their cells. */
static void study_kernel_term(struct pt_set *p, const char **k, size_t nk)
{
	double *v = malloc((nk + 1) * sizeof *v);
	size_t nv = 0, procs, cells;

	p->study_ks = p->ks_min = p->ks_max = NAN;
	for (size_t i = 0; v && i < nk; i++) {
		double s = block_rel_sd(p, &p->blk[0], k[i], 0, &procs, &cells);
		if (!isnan(s))
			v[nv++] = s;
	}
	if (v && nv) {
		p->study_ks = stats_median_inplace(v, nv);
		p->ks_min = v[0], p->ks_max = v[nv - 1];
		p->study_kernels = nv;
	}
	free(v);
}

/* Sets p->study_as: the median over the timed cells of the first block of their own
 * absolute s (block_abs_sd). */
static void study_abs_term(struct pt_set *p)
{
	const struct run *r = &p->blk[0];
	double *v = malloc((r->nrows + 1) * sizeof *v);
	size_t nv = 0, procs, cells;

	p->study_as = NAN;
	for (size_t i = 0; v && i < r->nrows; i++) {
		const struct rr_row *x = &r->rows[i];
		double s;
		if (run_row_timed(x) && !isnan(s = block_abs_sd(p, &x, 1, 1, &procs, &cells)))
			v[nv++] = s;
	}
	if (nv)
		p->study_as = stats_median_inplace(v, nv);
	free(v);
}

/* Sets p->study_s: the median over every pair of kernels timed in the first block of their
 * s over all the cells they share; and p->study_ks (study_kernel_term). */
static void study_term(struct pt_set *p)
{
	const struct run *r = &p->blk[0];
	const char **k = malloc((r->nrows + 1) * sizeof *k);
	double *v = NULL;
	size_t nk = 0, nv = 0, cap = 0, procs, cells;

	p->study_s = p->study_ks = p->ks_min = p->ks_max = NAN;
	if (!k)
		return;
	for (size_t i = 0; i < r->nrows; i++) {
		size_t j = 0;
		if (!run_row_timed(&r->rows[i]))
			continue;
		while (j < nk && strcmp(k[j], r->rows[i].kernel))
			j++;
		if (j == nk)
			k[nk++] = r->rows[i].kernel;
	}
	for (size_t i = 0; i < nk; i++)
		for (size_t j = i + 1; j < nk; j++) {
			struct rr_row x = { .kernel = k[i] }, y = { .kernel = k[j] };
			const struct rr_row *xa[] = { &x }, *yb[] = { &y };
			double s = block_sd(p, xa, yb, 1, 1, &procs, &cells);
			if (isnan(s))
				continue;
			if (nv == cap) {
				double *nvv = realloc(v, (cap = cap ? 2 * cap : 256) * sizeof *v);
				if (!nvv)
					goto out;
				v = nvv;
			}
			v[nv++] = s;
		}
	if (nv) {
		p->study_s = stats_median_inplace(v, nv);
		p->study_pairs = nv;
	}
	study_kernel_term(p, k, nk);
	study_abs_term(p);
out:
	free(v);
	free(k);
}

/* Loads dir/sub/NN-side/ for NN = 01 .. into p.  Returns how many loaded. */
static size_t load_side(const char *dir, const char *sub, const char *side, struct pt_set *p)
{
	char path[PATH_MAX + 64], err[PATH_MAX + 256];
	struct stat st;

	for (unsigned nn = 1; nn <= PT_MAX_BLOCKS && p->nblk < PT_MAX_BLOCKS; nn++) {
		snprintf(path, sizeof path, "%s/%s/%02u-%s/summary.csv", dir, sub, nn, side);
		if (stat(path, &st) != 0)
			continue;
		path[strlen(path) - strlen("/summary.csv")] = 0;
		if (run_load(path, &p->blk[p->nblk], err, sizeof err) < 0) {
			fprintf(stderr, "slidebench report: between-process term: %s: left out\n",
				err);
			continue;
		}
		p->nblk++;
	}
	return p->nblk;
}

void pt_none(struct pt_set *p, const char *why)
{
	memset(p, 0, sizeof *p);
	p->study_s = p->study_ks = p->ks_min = p->ks_max = p->study_as = NAN;
	snprintf(p->why, sizeof p->why, "%s", why);
}

void pt_load(const char *dir, struct pt_set *p)
{
	static const struct { const char *sub, *side, *what; } SRC[] = {
		{ "compiler", "gcc", "the main sweep's binary" },
		{ "bits", "m64", "the 64-bit build of the bits/ blocks (the same -march as the "
		  "32-bit build, not the main sweep's binary: compiler/ holds no blocks)" },
	};

	pt_none(p, "the study has no compiler/ or bits/ blocks (separate processes of a build) "
		"to measure it from");
	for (size_t i = 0; i < sizeof SRC / sizeof SRC[0]; i++) {
		if (!(p->blk = calloc(PT_MAX_BLOCKS, sizeof *p->blk))) {
			snprintf(p->why, sizeof p->why, "out of memory");
			return;
		}
		if (load_side(dir, SRC[i].sub, SRC[i].side, p) >= 2) {
			snprintf(p->what, sizeof p->what, "%zu processes of %s (%s/NN-%s/)", p->nblk,
				 SRC[i].what, SRC[i].sub, SRC[i].side);
			study_term(p);
			return;
		}
		pt_free(p);      /* one block is no spread: try the next source */
	}
}

void pt_free(struct pt_set *p)
{
	for (size_t i = 0; p->blk && i < p->nblk; i++)
		run_free(&p->blk[i]);
	free(p->blk);
	p->blk = NULL;
	p->nblk = 0;
}

static const struct pt_term PT_NONE = { .s = NAN, .q = NAN, .procs = 0, .cells = 0, .from = "" };

/* Sets *t to the term s over n processes (cells of the comparison's own that the blocks held,
 * where it came from) and returns 1; returns 0 and leaves *t when s is NaN.  Every term_of
 * below tries its sources in order through this: the comparison's own cells, then the same
 * kernels' other cells, then the study-wide median. */
static int term_set(struct pt_term *t, double s, size_t n, size_t cells, const char *from)
{
	if (isnan(s))
		return 0;
	*t = (struct pt_term){ s, pt_quantile(n - 1), n, cells, from };
	return 1;
}

void pt_term_of(const struct pt_set *p, const struct rr_row *const *a,
		const struct rr_row *const *b, size_t n, struct pt_term *t)
{
	static const char *const FROM[] = { "cells", "pair" };
	size_t k, cells;

	*t = PT_NONE;
	if (!p || p->nblk < 2 || n == 0)
		return;
	for (int pair = 0; pair < 2; pair++) {
		double s = block_sd(p, a, b, n, pair, &k, &cells);
		if (term_set(t, s, k, pair ? 0 : cells, FROM[pair]))
			return;
	}
	term_set(t, p->study_s, p->nblk, 0, "study");
}

void pt_block_term_of(const struct pt_set *p, const struct run *like, const char *k,
		      struct pt_term *t)
{
	static const char *const FROM[] = { "kernel", "cells" };
	size_t n, cells;

	*t = PT_NONE;
	if (!p || p->nblk < 2 || !like)
		return;
	for (int own = 1; own >= 0; own--) {
		double s = block_rel_sd(p, like, k, own, &n, &cells);
		if (term_set(t, s, n, own ? cells : 0, FROM[own]))
			return;
	}
	term_set(t, p->study_ks, p->nblk, 0, "study");
}

void pt_abs_term_of(const struct pt_set *p, const struct rr_row *const *x, size_t n,
		    struct pt_term *t)
{
	static const char *const FROM[] = { "kernel", "cells" };
	size_t k, cells;

	*t = PT_NONE;
	if (!p || p->nblk < 2 || n == 0)
		return;
	for (int own = 1; own >= 0; own--) {
		double s = block_abs_sd(p, x, n, own, &k, &cells);
		if (term_set(t, s, k, own ? cells : 0, FROM[own]))
			return;
	}
	term_set(t, p->study_as, p->nblk, 0, "study");
}

void pt_combine(const struct pt_term *a, const struct pt_term *b, struct pt_term *t)
{
	const struct pt_term *one = a->procs ? a : b;
	double wa, wb;

	*t = PT_NONE;
	if (!a->procs && !b->procs)
		return;
	wa = one->q * one->s;
	wb = a->procs && b->procs ? b->q * b->s : wa;
	*t = (struct pt_term){ sqrt(wa * wa + wb * wb), 1.0,
			       a->procs && b->procs ? (a->procs < b->procs ? a->procs : b->procs) :
			       one->procs, one->cells, one->from };
}

int pt_widen_by(struct cmp *c, double w, const char *what, double pct)
{
	double e = log(c->ratio), hl = e - log(c->lo), hh = log(c->hi) - e;

	c->lo = exp(e - sqrt(hl * hl + w * w));
	c->hi = exp(e + sqrt(hh * hh + w * w));
	if (!(c->lo <= 1 && c->hi >= 1))
		return 0;
	if (c->settled == 1)
		snprintf(c->why, sizeof c->why, "the interval includes 1 once what moves "
			 "between %s (\u00b1%.1f%%) is added", what, pct);
	c->verdict = c->verdict == 1 ? 0 : c->verdict;
	c->settled = c->settled == 1 ? 0 : c->settled;
	return 1;
}

void pt_widen(const struct pt_term *t, struct cmp *c)
{
	double w;

	c->process_pct = NAN;          /* no interval to widen: nothing to say */
	c->processes = 0;
	c->process_from = "";
	if (isnan(c->ratio) || !(c->ratio > 0) || isnan(c->lo) || isnan(c->hi))
		return;
	c->process_pct = 0;
	c->processes = t->procs;
	c->process_cells = t->cells;
	c->process_from = t->from;
	if (!t->procs)
		return;
	w = t->q * t->s;
	c->process_pct = 100 * expm1(w);
	if (strcmp(t->from, "cells") && c->settled == 1) {
		/* Borrowed from other cells: what moves one mode's cells between processes says
		 * little of another's (an 8 MiB pressure verdict settled on +-1.1% from stream and
		 * position cells; the next two studies of the same build reversed it). */
		snprintf(c->why, sizeof c->why, "its between-process spread was measured on %s",
			 !strcmp(t->from, "study") ? "other kernels" : "other cells only");
		c->settled = 0;          /* still distinguishable within the run: verdict stays */
	}
	pt_widen_by(c, w, "processes", c->process_pct);
}
