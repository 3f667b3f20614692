/* blocks.c - alternating blocks of two processes, compared pair by pair (see blocks.h). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/blocks.h"
#include "util/output.h"

/* Returns 1 when dir/NN-side/summary.csv exists. */
static int block_exists(const char *dir, unsigned nn, const char *side)
{
	char name[PATH_MAX + 64];

	snprintf(name, sizeof name, "%02u-%s/summary.csv", nn, side);
	return out_exists(dir, name);
}

/* Loads dir/NN-side into r.  Returns 0, or -1 with err set. */
static int block_load(const char *dir, unsigned nn, const char *side, struct run *r, char *err,
		      size_t len)
{
	char path[PATH_MAX + 64];

	snprintf(path, sizeof path, "%s/%02u-%s", dir, nn, side);
	return run_load(path, r, err, len);
}

/* One block in run order: its run_id and side. */
struct when { const char *id; char side; };

static int by_id(const void *x, const void *y)
{
	const struct when *a = x, *b = y;
	/* run_id: YYYYMMDD-HHMMSS-pid; the same second is ordered by pid */
	int c = strncmp(a->id, b->id, 15);

	return c ? c : (atol(a->id + 16) > atol(b->id + 16)) - (atol(a->id + 16) < atol(b->id + 16));
}

/* Sets s->order from the blocks' run_ids ("" when one is missing or malformed). */
static void block_order(struct blk_set *s)
{
	struct when w[2 * BLK_MAX_PAIRS];
	size_t n = 0;

	s->order[0] = 0;
	for (size_t i = 0; i < s->npair; i++) {
		const char *x = run_ctx(&s->ra[i], "run_id"), *y = run_ctx(&s->rb[i], "run_id");
		if (!x || !y || strlen(x) < 17 || strlen(y) < 17)
			return;
		w[n++] = (struct when){ x, 'A' };
		w[n++] = (struct when){ y, 'B' };
	}
	qsort(w, n, sizeof *w, by_id);
	for (size_t i = 0; i < n; i++)
		s->order[i] = w[i].side;
	s->order[n] = 0;
}

int blk_load(const char *dir, const char *a, const char *b, struct blk_set *s, char *err,
	     size_t len)
{
	memset(s, 0, sizeof *s);
	snprintf(s->dir, sizeof s->dir, "%s", dir);
	snprintf(s->a, sizeof s->a, "%s", a);
	snprintf(s->b, sizeof s->b, "%s", b);
	s->ra = calloc(BLK_MAX_PAIRS, sizeof *s->ra);
	s->rb = calloc(BLK_MAX_PAIRS, sizeof *s->rb);
	if (!s->ra || !s->rb) {
		snprintf(err, len, "%s: out of memory", dir);
		blk_free(s);
		return -1;
	}
	for (unsigned nn = 1; nn <= BLK_MAX_PAIRS; nn++) {
		int ha = block_exists(dir, nn, a), hb = block_exists(dir, nn, b);
		if (!ha && !hb)
			break;
		if (!ha || !hb) {
			s->incomplete++;
			continue;
		}
		if (block_load(dir, nn, a, &s->ra[s->npair], err, len) < 0)
			goto fail;
		if (block_load(dir, nn, b, &s->rb[s->npair], err, len) < 0) {
			run_free(&s->ra[s->npair]);
			goto fail;
		}
		/* every block on the first one's trace, or the pairs compare nothing (issue 16) */
		const char *want = run_dataset(&s->ra[0]);
		for (int side = 0; side < 2; side++) {
			const struct run *r = side ? &s->rb[s->npair] : &s->ra[s->npair];
			const char *got = run_dataset(r);
			if (strcmp(want, "random") && strcmp(got, "random") && strcmp(want, got)) {
				snprintf(err, len, "%s: was run on dataset \"%s\" but %s/01-%s/ on "
					 "\"%s\": not the same study", r->dir, got, dir, a, want);
				run_free(&s->ra[s->npair]);
				run_free(&s->rb[s->npair]);
				goto fail;
			}
		}
		s->num[s->npair++] = nn;
	}
	if (s->npair == 0) {
		snprintf(err, len, "%s: no pair of blocks 01-%s/ and 01-%s/ (each with a "
			 "summary.csv)", dir, a, b);
		goto fail;
	}
	block_order(s);
	return 0;
fail:
	blk_free(s);
	return -1;
}

void blk_free(struct blk_set *s)
{
	for (size_t i = 0; i < s->npair; i++) {
		run_free(&s->ra[i]);
		run_free(&s->rb[i]);
	}
	free(s->ra);
	free(s->rb);
	s->ra = s->rb = NULL;
	s->npair = 0;
}

/* Returns 1 when row is a cell the comparison uses (timed, of kernel k when k is given). */
static int cell_row(const struct rr_row *row, const char *k)
{
	return run_row_timed(row) && (!k || !strcmp(row->kernel, k));
}

/* Returns log(ns_median of y over that of x: the whole loop's times), NaN when either is missing
 * or not positive. */
static double pair_log(const struct rr_row *x, const struct rr_row *y)
{
	if (!x || !y || !run_row_timed(x) || !run_row_timed(y) || !(x->ns_median > 0) ||
	    !(y->ns_median > 0))
		return NAN;
	return log(y->ns_median / x->ns_median);
}

/* Withholds "settled" from out when the blocks' processes ran on a busy host: the other
 * CPUs' mean use over every epoch of every block above BLK_BUSY_PCT (blocks.h says why).  The
 * estimate and its interval stay; out->why says why it is not settled. */
static void blk_busy(const struct blk_set *s, struct blk_verdict *out)
{
	double sum = 0;
	size_t n = 0;

	for (size_t i = 0; i < s->npair; i++) {
		run_host_busy(&s->ra[i], &sum, &n);
		run_host_busy(&s->rb[i], &sum, &n);
	}
	if (!n || sum / (double)n <= BLK_BUSY_PCT || out->settled != 1)
		return;
	snprintf(out->why, sizeof out->why, "the host was busy: other CPUs %.0f%% during these "
		 "blocks (above %.0f%%)", sum / (double)n, BLK_BUSY_PCT);
	out->settled = 0;
}

/* Counts the measured rows of kernel k (NULL: every kernel) in every block of s into out->rows,
 * and of them the withheld ones into out->withheld. */
static void blk_withheld(const struct blk_set *s, const char *k, struct blk_verdict *out)
{
	for (size_t i = 0; i < 2 * s->npair; i++) {
		const struct run *r = i % 2 ? &s->rb[i / 2] : &s->ra[i / 2];
		for (size_t j = 0; j < r->nrows; j++) {
			const struct rr_row *row = &r->rows[j];
			if (!run_row_measured(row) || (k && strcmp(row->kernel, k)))
				continue;
			out->rows++;
			out->withheld += run_row_withheld(row) != NULL;
		}
	}
}

int blk_compare(const struct blk_set *s, const char *kernel, struct blk_verdict *out)
{
	const struct run *first = &s->ra[0];
	size_t nc = 0, np = s->npair;
	double *d;
	int rc;

	memset(out, 0, sizeof *out);
	out->r.ratio = out->r.lo = out->r.hi = out->r.p = NAN;
	out->settled = -1;
	snprintf(out->why, sizeof out->why, "no cell was timed in both blocks of a pair");
	if (np == 0 || !(d = malloc(first->nrows * np * sizeof *d)))
		return -1;
	for (size_t c = 0; c < first->nrows; c++) {
		const struct rr_row *like = &first->rows[c];
		size_t got = 0;
		if (!cell_row(like, kernel))
			continue;
		for (size_t i = 0; i < np; i++) {
			double v = pair_log(run_find(&s->ra[i], like->kernel, like),
					    run_find(&s->rb[i], like->kernel, like));
			d[nc * np + i] = v;
			got += !isnan(v);
		}
		nc += got > 0;      /* a cell without any pair is overwritten by the next */
	}
	out->ncell = nc;
	blk_withheld(s, kernel, out);
	struct pr_series ser = { .d = d, .ncell = nc, .npair = np, .epoch = NULL, .block = 1 };
	rc = nc ? pr_compare(&ser, PR_SEED, &out->r) : -1;
	free(d);
	if (rc < 0)
		return -1;
	out->settled = pr_settled(&out->r, NAN, out->why, sizeof out->why);
	blk_busy(s, out);
	return 0;
}

size_t blk_kernels(const struct blk_set *s, const char **names, size_t max)
{
	size_t n = 0;

	for (size_t i = 0; s->npair && i < s->ra[0].nrows && n < max; i++) {
		const struct rr_row *row = &s->ra[0].rows[i];
		size_t j;
		if (!cell_row(row, NULL))
			continue;
		for (j = 0; j < n && strcmp(names[j], row->kernel); j++)
			;
		if (j == n)
			names[n++] = row->kernel;
	}
	return n;
}

int blk_alternates(const struct blk_set *s)
{
	size_t n = strlen(s->order);

	if (n == 0 || n != 2 * s->npair)
		return -1;
	for (size_t i = 0; i < n; i++) {
		size_t pair = i / 2;         /* A B | B A | A B ... */
		char want = (pair % 2 == 0) == (i % 2 == 0) ? 'A' : 'B';
		if (s->order[i] != want)
			return 0;
	}
	return 1;
}

void blk_cmp(const struct blk_verdict *v, struct cmp *c)
{
	memset(c, 0, sizeof *c);
	c->ratio = v->r.ratio, c->lo = v->r.lo, c->hi = v->r.hi, c->p = v->r.p;
	c->verdict = isnan(v->r.lo) ? -1 : (v->r.lo > 1 || v->r.hi < 1) && v->r.p < PR_ALPHA;
	c->settled = v->settled;
	c->basis = "blocks";
	c->test = "signed-rank";
	c->process_pct = NAN;      /* each pair already spans two processes */
	c->process_from = "";
	c->n = v->ncell;
	c->measured = v->rows, c->withheld = v->withheld;
	c->npairs = v->r.n;
	c->epochs = v->r.epochs, c->epochs_agree = v->r.epochs_agree;
	snprintf(c->why, sizeof c->why, "%.95s", v->why);
}
