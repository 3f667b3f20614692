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

static void pressure_sentence(struct doc *d, const struct study *s)
{
	const struct run *r = &s->pressure;
	struct report_workload w[REPORT_MAX_WORKLOADS];
	struct rank rk[MAXK], last[MAXK];
	const struct rr_row *a[64], *b[64];
	char out[4096] = "", un[1024] = "", s0[32], s1[32], sp[32], f[96];
	size_t nw = 0, n, nl, flips = 0;

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
	for (size_t i = 0; i + 1 < n; i++) {            /* rk[i] is faster than rk[i+1] at s0 */
		int weak = 0;
		for (size_t j = 1; j < nw; j++) {
			struct cmp c;
			size_t np = report_pairs(r, &w[j], rk[i].k, rk[i + 1].k, a, b, 64);
			if (!np || report_cmp(s, a, b, np, &c) < 0 || !(c.ratio < 1))
				continue;
			report_bytes(sp, sizeof sp, atof(w[j].pressure));
			if (c.verdict != 1) {           /* the medians flip, the test does not confirm */
				if (!weak++)
					doc_cat(un, sizeof un, "%s%s over %s at %s", un[0] ? ", " : "",
					    rk[i + 1].k, rk[i].k, sp);
				continue;
			}
			cmp_factor(f, sizeof f, 1 / c.ratio, 1 / c.hi, 1 / c.lo, 1);
			report_bytes(sp, sizeof sp, atof(w[j - 1].pressure));
			doc_cat(out, sizeof out, "%sabove %s of pressure, %s overtakes %s (%s at ",
			    flips++ ? "; " : "", sp, rk[i + 1].k, rk[i].k, f);
			doc_cat(out, sizeof out, "%s)", report_bytes(sp, sizeof sp, atof(w[j].pressure)));
			break;
		}
	}
	if (!flips)
		doc_cat(out, sizeof out, "no ranking change from %s to %s of pressure among the %zu "
		    "kernels timed (no adjacent pair's order flips with a significant difference)",
		    s0, s1, n);
	nl = ranking(r, &w[nw - 1], last);
	doc_cat(out, sizeof out, "; fastest %s%s: %s (%.3g ns), at %s: %s (%.3g ns)",
	    atof(w[0].pressure) > 0 ? "at " : "without pressure", atof(w[0].pressure) > 0 ? s0 : "",
	    rk[0].k, rk[0].ns, s1, nl ? last[0].k : "none", nl ? last[0].ns : NAN);
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
	doc_chart(d, s->dir, "pressure", "Under cache pressure");
	doc_h(d, 3, "cache-hugepages", "Huge pages");
	huge_sentence(d, s);
	doc_chart(d, s->dir, "hugepages", "Huge pages");
	doc_h(d, 3, "cache-sim", "Simulated L1 and TLB");
	report_cache_sim(d, s);
	doc_chart(d, s->dir, "sim-l1", "Simulated L1 misses");
}
