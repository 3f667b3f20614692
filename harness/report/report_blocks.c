/* report_blocks.c - the report's sentences on two cross-process comparisons run as alternating
 * blocks (analysis/blocks.h): the -m32 build against the 64-bit build of the same -march
 * (bits/), and the large-table kernels with and without huge pages (tables/); and the helpers
 * every block section uses (report_compiler.c is the third: gcc against clang). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/blocks.h"
#include "report/report.h"

#define MAXK 64

void report_blocks_how(const struct blk_set *bs, char *out, size_t len)
{
	const char *name[2] = { bs->a, bs->b };
	int alt = blk_alternates(bs);

	snprintf(out, len, "%zu pair%s of blocks ", bs->npair, bs->npair == 1 ? "" : "s");
	if (alt < 0) {
		doc_cat(out, len, "(their order unknown: a block has no run_id)");
		return;
	}
	doc_cat(out, len, "run in the order ");
	for (size_t i = 0; bs->order[i] && i < 4; i++)
		doc_cat(out, len, "%s%s", i ? " " : "", name[bs->order[i] == 'B']);
	doc_cat(out, len, "%s%s", strlen(bs->order) > 4 ? " \u2026" : "",
		alt ? "" : " (NOT alternating: the host's steps are not cancelled)");
	if (bs->incomplete)
		doc_cat(out, len, "; %zu pair%s with one block missing left out", bs->incomplete,
			bs->incomplete == 1 ? "" : "s");
}

int report_blk_cmp(const struct study *s, const struct blk_set *bs, const char *k,
		   struct blk_verdict *v, struct cmp *c)
{
	struct pt_term t;

	if (blk_compare(bs, k, v) < 0)
		return -1;
	blk_cmp(v, c);
	pt_block_term_of(s->pt, &bs->ra[0], k, &t);
	pt_widen(&t, c);
	report_cap(s, c);
	return 0;
}

/* Appends "; settled (...)" or "; not settled: why (...)" for a block verdict. */
static void clause(const struct study *s, char *out, size_t len, const struct blk_verdict *v,
		   const struct cmp *c, int settled, const char *why)
{
	char how[320], pv[64];

	snprintf(how, sizeof how, "paired over %zu block pairs, signed-rank p = %s", v->r.n,
		 report_pval(pv, sizeof pv, v->r.p));
	report_blk_process(s, c, how, sizeof how);
	if (settled == 1)
		doc_cat(out, len, "; settled (%s)", how);
	else
		doc_cat(out, len, "; not settled because %s (%s)", why, how);
}

struct blk_set *report_blocks_load(const struct study *s, const char *sub, const char *a,
				   const char *b, char *err, size_t len)
{
	struct blk_set *bs = calloc(1, sizeof *bs);
	char dir[PATH_MAX + 16];

	snprintf(dir, sizeof dir, "%s/%s", s->dir, sub);
	if (!bs)
		snprintf(err, len, "out of memory");
	else if (blk_load(dir, a, b, bs, err, len) < 0) {
		free(bs);
		return NULL;
	}
	return bs;
}

const char *report_build_flags(const struct run *r, char *buf, size_t len)
{
	const char *cc = run_ctx(r, "slidebench.compiler"), *fl = run_ctx(r, "slidebench.cflags");

	snprintf(buf, len, "%s %s", cc ? cc : "?", fl ? fl : "(no cflags in context.json)");
	buf[strcspn(buf, "\n")] = 0;
	for (size_t n = strlen(buf); n && buf[n - 1] == ' '; n--)
		buf[n - 1] = 0;
	return buf;
}

/* Marks the last verdict (the -m32 build against the -m64 build) robust, or as depending on
 * the number of block pairs: the same comparison over the first half of the pairs must give
 * the same answer (within 10%, the same side of 1). */
static void bits_robust(const struct study *s, const struct blk_set *bs, double ratio)
{
	struct blk_set half = *bs;
	struct blk_verdict hv;
	struct verdict *v;

	if (!s->verdicts || !s->verdicts->n)
		return;
	v = &s->verdicts->v[s->verdicts->n - 1];
	half.npair = bs->npair / 2;
	if (half.npair < 2 || blk_compare(&half, NULL, &hv) < 0 || isnan(hv.r.ratio)) {
		snprintf(v->robust, sizeof v->robust, "not checked: too few block pairs to halve");
		return;
	}
	if (fabs(hv.r.ratio / ratio - 1) > 0.10 || (hv.r.ratio > 1) != (ratio > 1))
		snprintf(v->robust, sizeof v->robust, "depends on the number of block pairs (the "
			 "first half): %.2f\u2013%.2f\u00d7", fmin(ratio, hv.r.ratio),
			 fmax(ratio, hv.r.ratio));
	else
		snprintf(v->robust, sizeof v->robust, "robust");
}

void report_bits_blocks(const struct study *s, char *out, size_t len)
{
	char err[PATH_MAX + 256], how[256], ph[512], why[160], fa[320], fb[320], fm[320];
	struct blk_verdict v;
	struct blk_set *bs;
	struct verdict_key kq;
	struct cmp c;
	int settled;

	if (!s->have_bits) {
		doc_cat(out, len, "; no -m32 comparison: %s", s->m32_why);
		return;
	}
	if (!(bs = report_blocks_load(s, "bits", "m64", "m32", err, sizeof err))) {
		doc_cat(out, len, "; no -m32 comparison: %s", err);
		return;
	}
	report_blocks_how(bs, how, sizeof how);
	if (report_blk_cmp(s, bs, NULL, &v, &c) < 0) {
		doc_cat(out, len, "; the -m32 and -m64 blocks share no timed cell (%s)", how);
	} else {
		report_history_widen(s, "bits", "-m64 build (same -march)", "-m32 build", &c);
		settled = verdict_settle(&c, NAN, why, sizeof why);
		kq = verdict_key(VQ_BITS_BUILD);
		verdict_add(s, &kq, "-m64 build (same -march)", "-m32 build", &c, settled, why);
		bits_robust(s, bs, c.ratio);
		cmp_phrase(ph, sizeof ph, "the -m32 build", "the 64-bit build of the same -march",
			   &c, 1);
		doc_cat(out, len, "; %s (%zu kernel\u00d7mode\u00d7piece cells, %s)", ph, v.ncell,
			how);
		clause(s, out, len, &v, &c, settled, why);
	}
	doc_cat(out, len, "; built: the 64-bit side (bin/slidebench-sim) %s, the 32-bit side "
		"(bin32/slidebench) %s; the main sweep (m64/, every other figure) %s",
		report_build_flags(&bs->ra[0], fa, sizeof fa),
		report_build_flags(&bs->rb[0], fb, sizeof fb), report_build_flags(&s->m64, fm, sizeof fm));
	blk_free(bs);
	free(bs);
}

/* The between-process terms of the huge-page verdicts: their range and where from. */
struct huge_terms {
	double lo, hi;           /* the smallest and largest term, percent (NaN: none yet) */
	struct cmp last;         /* a verdict with a term, for where it was measured */
	size_t none;             /* verdicts without a term */
};

/* Appends one kernel's huge-page verdict ("K 1.12× (1.05–1.20, settled)") to list, saying so
 * when only the between-process term keeps it from being settled; notes its term in ht. */
static void huge_kernel(const struct study *s, const struct blk_set *bs, const char *k,
			char *list, size_t len, struct huge_terms *ht)
{
	char why[160], with[96], without[96];
	struct verdict_key kq;
	struct blk_verdict v;
	struct cmp c;
	int settled;

	if (report_blk_cmp(s, bs, k, &v, &c) < 0)
		return;
	snprintf(with, sizeof with, "%s, huge pages", k);
	snprintf(without, sizeof without, "%s, no huge pages", k);
	report_history_widen(s, "hugepages", with, without, &c);
	settled = verdict_settle(&c, NAN, why, sizeof why);
	kq = verdict_key(VQ_HUGEPAGES);
	verdict_add(s, &kq, with, without, &c, settled, why);
	doc_cat(list, len, "%s%s %.2f\u00d7 (%.2f\u2013%.2f, ", list[0] ? ", " : "", k, c.ratio,
		c.lo, c.hi);
	if (settled == 1)
		doc_cat(list, len, "settled)");
	else if (v.settled == 1 && c.processes && c.lo <= 1 && c.hi >= 1)
		doc_cat(list, len, "not settled: one way in every pair, but within what moves "
			"between processes, \u00b1%.1f%%)", c.process_pct);
	else if (c.lo > 1 || c.hi < 1)
		doc_cat(list, len, "not settled because %s)", why);
	else
		doc_cat(list, len, "not settled)");
	if (!c.processes) {
		ht->none++;
		return;
	}
	ht->lo = isnan(ht->lo) || c.process_pct < ht->lo ? c.process_pct : ht->lo;
	ht->hi = isnan(ht->hi) || c.process_pct > ht->hi ? c.process_pct : ht->hi;
	ht->last = c;
}

/* Appends where the huge-page intervals' between-process terms come from. */
static void huge_term_note(const struct study *s, const struct huge_terms *ht, char *out,
			   size_t len)
{
	struct cmp none = { .process_pct = 0, .processes = 0 };
	char how[512] = "";

	if (isnan(ht->lo)) {
		report_blk_process(s, &none, how, sizeof how);
		doc_cat(out, len, "; each interval is%s", how + 1);
		return;
	}
	doc_cat(out, len, "; each interval includes what moves that kernel's time relative to the "
		"null kernel between processes, \u00b1%.1f%% to \u00b1%.1f%%, measured over %s",
		ht->lo, ht->hi, s->pt->what);
	if (ht->none)
		doc_cat(out, len, " (%zu kernel%s without one)", ht->none, ht->none == 1 ? "" : "s");
}

/* Appends how much of the tables the hugepage block's smaps read back as huge. */
static void huge_share(const struct run *h, char *out, size_t len)
{
	const json_t *t = h->ctx ? jsonx_get(h->ctx, "tables") : NULL;
	const json_t *reg = t ? jsonx_get(t, "regions") : NULL;
	double huge = 0, all = 0;
	char x[32], y[32];

	if (!t) {
		doc_cat(out, len, "; the hugepage block's context.json does not say what became huge");
		return;
	}
	if (jsonx_num(t, "possible") == 0) {
		const char *why = jsonx_str(t, "why");
		doc_cat(out, len, "; huge pages were not possible here: %s", why && *why ? why : "?");
		return;
	}
	for (size_t i = 0; i < json_array_size(reg); i++) {
		const json_t *g = json_array_get(reg, i);
		if (jsonx_num(g, "anonymous") != 1)
			continue;
		all += jsonx_num(g, "bytes");
		huge += isnan(jsonx_num(g, "anon_huge_bytes")) ? 0 : jsonx_num(g, "anon_huge_bytes");
	}
	if (all > 0)
		doc_cat(out, len, "; %s of the %s of anonymous table memory was backed by huge pages "
		    "(%.0f%%, smaps read-back of the first hugepage block, THP %s)",
		    report_bytes(x, sizeof x, huge), report_bytes(y, sizeof y, all), 100 * huge / all,
		    jsonx_str(t, "thp_enabled") ? jsonx_str(t, "thp_enabled") : "?");
	else
		doc_cat(out, len, "; smaps reported no anonymous table region");
}

int report_huge_blocks(struct doc *d, const struct study *s)
{
	char err[PATH_MAX + 256], how[256], list[6144] = "", out[8192] = "";
	struct huge_terms ht = { .lo = NAN, .hi = NAN };
	const char *k[MAXK];
	struct blk_set *bs;
	size_t nk;

	if (!s->have_tables)
		return -1;
	if (!(bs = report_blocks_load(s, "tables", "hugepage", "nohugepage", err, sizeof err))) {
		doc_p(d, "note", "No huge-page comparison: %s.", err);
		return 0;
	}
	report_blocks_how(bs, how, sizeof how);
	nk = blk_kernels(bs, k, MAXK);
	for (size_t i = 0; i < nk; i++)
		huge_kernel(s, bs, k[i], list, sizeof list, &ht);
	doc_cat(out, sizeof out, "Time without huge pages over time with them (ns/lookup of the whole "
		"loop, %s mode) per kernel, %s: %s", bs->ra[0].nrows ? bs->ra[0].rows[0].mode : "?", how,
		list[0] ? list : "no kernel was timed in both blocks of a pair");
	if (list[0])
		huge_term_note(s, &ht, out, sizeof out);
	huge_share(&bs->ra[0], out, sizeof out);
	doc_p(d, "answer", "%s.", out);
	blk_free(bs);
	free(bs);
	return 0;
}
