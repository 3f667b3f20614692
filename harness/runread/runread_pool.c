/* runread_pool.c - the null test of a block's rows, judged over the block's processes.
 *
 * A block (dir/NN-side/) times each cell three times, too few for a 95% interval of the
 * median (stats_order_reaches): bench leaves such a row unflagged however its null compares.
 * The same cell was timed in every block of that side, one process each, so when a block is
 * read its row is flagged baseline-invalid here when the null's medians over those processes
 * lie, as an interval, wholly above the kernel's: the rule bench applies to a cell's samples,
 * applied to the processes' medians.  With fewer than six processes (a quick study's three)
 * nothing can be said at 95%, and nothing is flagged. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runread/runread.h"
#include "util/output.h"
#include "util/stats.h"

#define POOL_MAX 99      /* blocks NN = 01..99 */

/* Returns the number NN of a block folder named NN-side (side set to its rest), else 0. */
static unsigned block_number(const char *dir, const char **side)
{
	const char *b = strrchr(dir, '/');

	b = b ? b + 1 : dir;
	if (b[0] < '0' || b[0] > '9' || b[1] < '0' || b[1] > '9' || b[2] != '-' || !b[3])
		return 0;
	*side = b + 3;
	return (unsigned)((b[0] - '0') * 10 + (b[1] - '0'));
}

/* Returns the row of p matching like (kernel and workload), tried first at like's index
 * (every block of a side ran the same command, so its rows come in the same order). */
static const struct rr_row *same_row(const struct run *p, const struct rr_row *like)
{
	if (like->line < p->nrows) {
		const struct rr_row *x = &p->rows[like->line];
		if (!strcmp(x->kernel, like->kernel) && run_same_workload(x, like))
			return x;
	}
	return run_find(p, like->kernel, like);
}

/* Returns 1 when row x of r is a cell too small for bench's own null test. */
static int few_samples(const struct run *r, const struct rr_row *x)
{
	double n = run_num(r, x, "samples");

	return n > 0 && !stats_order_reaches((size_t)n) && run_row_measured(x) &&
	       !run_row_withheld(x);
}

/* Returns the row of x's workload among the n null rows z, or NULL. */
static const struct rr_row *null_of(const struct rr_row *const *z, size_t n,
				    const struct rr_row *x)
{
	for (size_t i = 0; i < n; i++)
		if (run_same_workload(z[i], x))
			return z[i];
	return NULL;
}

/* Returns 1 when the null's medians over the n processes p lie wholly above row x's. */
static int null_dearer(struct run *const *p, size_t n, const struct rr_row *z,
		       const struct rr_row *x)
{
	double nv[POOL_MAX], kv[POOL_MAX], nlo, nhi, klo, khi;
	size_t m = 0;

	for (size_t i = 0; i < n; i++) {
		const struct rr_row *pz = same_row(p[i], z), *px = same_row(p[i], x);
		if (pz && px && pz->ns_median > 0 && px->ns_median > 0)
			nv[m] = pz->ns_median, kv[m++] = px->ns_median;
	}
	return stats_order_reaches(m) && stats_order_interval(nv, m, &nlo, &nhi) == 0 &&
	       stats_order_interval(kv, m, &klo, &khi) == 0 && nlo > khi;
}

/* Adds "baseline-invalid;" to row x's flags (a string r owns).  Returns 0, or -1. */
static int flag_row(struct run *r, struct rr_row *x)
{
	size_t len = strlen(x->flags);
	char *f = malloc(len + 32), **o = realloc(r->owned, (r->nowned + 1) * sizeof *o);

	if (!f || !o) {
		free(f);
		if (o)
			r->owned = o;
		return -1;
	}
	r->owned = o;
	snprintf(f, len + 32, "%s%sbaseline-invalid;", x->flags,
		 len && x->flags[len - 1] != ';' ? ";" : "");
	r->owned[r->nowned++] = f;
	x->flags = f;
	return 0;
}

/* Flags the rows of r whose null is dearer over the n processes p (r among them). */
static void pool_rows(struct run *r, struct run *const *p, size_t n)
{
	const struct rr_row **z = malloc((r->nrows + 1) * sizeof *z);
	size_t nz = 0;

	if (!z)
		return;
	for (size_t i = 0; i < r->nrows; i++)
		if (!strcmp(r->rows[i].kernel, "null") || run_flag(&r->rows[i], "baseline"))
			z[nz++] = &r->rows[i];
	for (size_t i = 0; i < r->nrows; i++) {
		struct rr_row *x = &r->rows[i];
		const struct rr_row *zx = few_samples(r, x) ? null_of(z, nz, x) : NULL;
		if (zx && null_dearer(p, n, zx, x) && flag_row(r, x) < 0)
			break;
	}
	free(z);
}

void run_pool_null(struct run *r)
{
	char name[PATH_MAX + 16], parent[PATH_MAX], err[256];
	struct run *sib, *p[POOL_MAX];
	const char *side;
	unsigned own = block_number(r->dir, &side);
	size_t n = 0, loaded = 0, need = 0;
	int plen;

	for (size_t i = 0; own && i < r->nrows; i++)
		need += (size_t)few_samples(r, &r->rows[i]);
	if (!need || !(sib = calloc(POOL_MAX, sizeof *sib)))
		return;
	plen = (int)(side - 3 - r->dir);    /* the parent folder, with its slash (0: none) */
	snprintf(parent, sizeof parent, "%.*s", plen > 1 ? plen - 1 : plen, plen ? r->dir : ".");
	for (unsigned nn = 1; nn <= POOL_MAX; nn++) {
		snprintf(name, sizeof name, "%02u-%s/summary.csv", nn, side);
		if (nn == own)
			p[n++] = r;
		else if (out_exists(parent, name)) {
			snprintf(name, sizeof name, "%.*s%02u-%s", plen, r->dir, nn, side);
			if (run_load_rows(name, &sib[loaded], err, sizeof err) == 0)
				p[n++] = &sib[loaded++];
		}
	}
	if (stats_order_reaches(n))
		pool_rows(r, p, n);
	for (size_t i = 0; i < loaded; i++)
		run_free(&sib[i]);
	free(sib);
}
