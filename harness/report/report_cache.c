/* report_cache.c - the cache section: the pressure, huge-page and simulated-L1 charts, each
 * with one sentence computed from the data (pressure crossovers; the huge-page blocks'
 * paired ratios are in report_blocks.c, the simulated L1 and TLB sentences in report_sim.c). */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "report/report.h"

#define MAXK 64           /* kernels in one sentence */

/* ---- pressure ---- */

struct rank { const char *k; double ns; };

static int by_ns(const void *a, const void *b)
{
	const struct rank *x = a, *y = b;
	return (x->ns > y->ns) - (x->ns < y->ns);
}

/* Fills rk with the timed kernels of workload w, fastest first.  Returns how many. */
static size_t ranking(const struct run *r, const struct report_workload *w, struct rank *rk)
{
	size_t n = 0;

	for (size_t i = 0; i < r->nrows && n < MAXK; i++) {
		const struct rr_row *row = &r->rows[i];
		size_t j;
		if (!run_row_timed(row) || !report_in_workload(row, w) || isnan(row->ns_median))
			continue;
		for (j = 0; j < n && strcmp(rk[j].k, row->kernel); j++)
			;
		if (j == n)
			rk[n++] = (struct rank){ row->kernel, row->ns_median };
	}
	qsort(rk, n, sizeof *rk, by_ns);
	return n;
}

static int by_pressure(const void *a, const void *b)
{
	double x = atof(((const struct report_workload *)a)->pressure);
	double y = atof(((const struct report_workload *)b)->pressure);
	return (x > y) - (x < y);
}

/* Appends the fastest kernel at each pressure size w[0..nw) (report_winner: the
 * recommendation's verdict per size) to out, in runs of the same kernel.  Returns 1 when the
 * same kernel is fastest at every size. */
static int winners_clause(const struct study *s, const struct report_workload *w, size_t nw,
			  char *out, size_t len)
{
	struct report_winner p[REPORT_MAX_WORKLOADS];
	char a[32], b[32];
	size_t settled = 0, run = 0;
	int same = 1;

	for (size_t j = 0; j < nw; j++) {
		if (!report_winner(s, &s->pressure, &w[j], &p[j]))
			p[j].win = "no kernel";
		settled += p[j].settled == 1;
		same &= !strcmp(p[j].win, p[0].win);
	}
	report_bytes(a, sizeof a, atof(w[0].pressure));
	report_bytes(b, sizeof b, atof(w[nw - 1].pressure));
	if (same)
		doc_cat(out, len, "the same kernel is fastest at every size from %s to %s: %s", a, b,
			p[0].win);
	else
		doc_cat(out, len, "the fastest kernel changes with pressure: ");
	for (size_t j = 1; !same && j <= nw; j++) {
		if (j < nw && !strcmp(p[j].win, p[run].win))
			continue;
		report_bytes(a, sizeof a, atof(w[run].pressure));
		report_bytes(b, sizeof b, atof(w[j - 1].pressure));
		doc_cat(out, len, "%s%s %s %s%s%s", run ? ", " : "", p[run].win,
			j - 1 > run ? "from" : "at", a, j - 1 > run ? " to " : "",
			j - 1 > run ? b : "");
		run = j;
	}
	doc_cat(out, len, " (its lead over the runner-up settled at %zu of %zu sizes)", settled, nw);
	return same;
}

/* Appends "above S of pressure, K overtakes L (f at S')" for each adjacent pair of the
 * ranking rk[0..n) at the first size whose order flips with a significant difference, and the
 * flips the test cannot confirm to un.  Returns how many flips were settled so. */
static size_t crossovers(const struct study *s, const struct report_workload *w, size_t nw,
			 const struct rank *rk, size_t n, char *out, size_t len, char *un,
			 size_t unlen)
{
	const struct rr_row *a[64], *b[64];
	char sp[32], f[96];
	size_t flips = 0;

	for (size_t i = 0; i + 1 < n; i++) {            /* rk[i] is faster than rk[i+1] at w[0] */
		int weak = 0;
		for (size_t j = 1; j < nw; j++) {
			struct cmp c;
			size_t np = report_pairs(&s->pressure, &w[j], rk[i].k, rk[i + 1].k, a, b, 64);
			if (!np || report_cmp(s, a, b, np, &c) < 0 || !(c.ratio < 1))
				continue;
			report_bytes(sp, sizeof sp, atof(w[j].pressure));
			if (c.verdict != 1) {           /* the medians flip, the test does not confirm */
				if (!weak++)
					doc_cat(un, unlen, "%s%s over %s at %s", un[0] ? ", " : "",
						rk[i + 1].k, rk[i].k, sp);
				continue;
			}
			cmp_factor(f, sizeof f, 1 / c.ratio, 1 / c.hi, 1 / c.lo, 1);
			report_bytes(sp, sizeof sp, atof(w[j - 1].pressure));
			doc_cat(out, len, "%sabove %s of pressure, %s overtakes %s (%s at ",
				flips++ ? "; " : "", sp, rk[i + 1].k, rk[i].k, f);
			doc_cat(out, len, "%s)", report_bytes(sp, sizeof sp, atof(w[j].pressure)));
			break;
		}
	}
	return flips;
}

/* The pressure sentence: the fastest kernel per size (the one verdict per size), where an
 * adjacent pair of the first size's ranking flips, and "no ranking change" only when neither
 * the winner nor any such pair changes. */
static void pressure_sentence(struct doc *d, const struct study *s)
{
	const struct run *r = &s->pressure;
	struct report_workload w[REPORT_MAX_WORKLOADS];
	struct rank rk[MAXK];
	char out[4096] = "", un[1024] = "", flips[2048] = "", s0[32], s1[32];
	size_t nw = 0, n;

	if (!s->have_pressure) {
		doc_p(d, "note", "No pressure sweep: the study has no pressure/ run "
		      "(run_all.sh runs bench --mode pressure).");
		return;
	}
	for (size_t i = 0, m = report_workloads(r, w, REPORT_MAX_WORKLOADS); i < m; i++)
		if (!strcmp(w[i].mode, "pressure"))
			w[nw++] = w[i];
	qsort(w, nw, sizeof *w, by_pressure);
	if (nw < 2 || (n = ranking(r, &w[0], rk)) < 2) {
		doc_p(d, "note", "The pressure run holds fewer than two pressure sizes or kernels: "
		      "no crossover to compute.");
		return;
	}
	report_bytes(s0, sizeof s0, atof(w[0].pressure));
	report_bytes(s1, sizeof s1, atof(w[nw - 1].pressure));
	int same = winners_clause(s, w, nw, out, sizeof out);
	if (crossovers(s, w, nw, rk, n, flips, sizeof flips, un, sizeof un))
		doc_cat(out, sizeof out, "; %s", flips);
	else if (same)
		doc_cat(out, sizeof out, "; no ranking change from %s to %s of pressure among the "
			"%zu kernels timed (no adjacent pair's order flips with a significant "
			"difference)", s0, s1, n);
	else
		doc_cat(out, sizeof out, "; among the %zu kernels timed no adjacent pair's order "
			"flips with a significant difference", n);
	if (un[0])
		doc_cat(out, sizeof out, "; medians flip but the test cannot confirm it: %s", un);
	out[0] = (char)(out[0] >= 'a' && out[0] <= 'z' ? out[0] - 32 : out[0]);
	doc_p(d, "answer", "%s.", out);
}

/* ---- huge pages ---- */

/* Writes the text of dir/name (first line) into buf, or returns -1. */
static int read_line(const char *dir, const char *name, char *buf, size_t len)
{
	char path[PATH_MAX + 64];
	FILE *f;

	snprintf(path, sizeof path, "%s/%s", dir, name);
	if (!(f = fopen(path, "r")))
		return -1;
	if (!fgets(buf, (int)len, f))
		buf[0] = 0;
	buf[strcspn(buf, "\n")] = 0;
	fclose(f);
	return 0;
}

/* The huge-page paragraph (report_blocks.c), or why there is none. */
static void huge_sentence(struct doc *d, const struct study *s)
{
	char buf[512];

	if (report_huge_blocks(d, s) == 0)
		return;
	if (read_line(s->dir, "tables.skipped", buf, sizeof buf) < 0)
		snprintf(buf, sizeof buf, "tables/ holds no blocks (01-hugepage/, 01-nohugepage/) "
			 "and no tables.skipped says why");
	doc_p(d, "note", "No huge-page comparison: %s.", buf);
}

void report_cache(struct doc *d, const struct study *s)
{
	doc_h(d, 2, "cache", "Cache");
	if (s->plain) {
		doc_p(d, "note", "A single bench run: the cache section needs a study from "
		      "run_all.sh (pressure/, tables/, sim/).");
		return;
	}
	doc_h(d, 3, "cache-pressure", "Under cache pressure");
	pressure_sentence(d, s);
	report_chart(d, s, "pressure");
	doc_h(d, 3, "cache-hugepages", "Huge pages");
	huge_sentence(d, s);
	report_chart(d, s, "hugepages");
	doc_h(d, 3, "cache-sim", "Simulated L1 and TLB");
	report_cache_sim(d, s);
	report_chart(d, s, "sim-l1");
}
