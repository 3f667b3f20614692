/* report_verdicts.c - what makes a verdict settled, the clause that says so, the list of every
 * verdict the report states (written as verdicts.csv, the same numbers as the sentences), and
 * the report's headline: quick studies are indicative, busy hosts are named. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/blocks.h"
#include "report/report.h"
#include "util/output.h"

int verdict_settle(const struct cmp *c, double layout_pct, char *why, size_t len)
{
	if (c->settled != 1) {
		snprintf(why, len, "%s", c->why[0] ? c->why : "the two are not distinguishable");
		return c->settled;
	}
	if (!isnan(layout_pct) && fabs(c->ratio - 1) * 100 <= layout_pct) {
		snprintf(why, len, "distinguishable here, but within the %.1f%% that code layout "
			 "alone moves a figure", layout_pct);
		return 0;
	}
	why[0] = 0;
	return 1;
}

int report_cmp(const struct study *s, const struct rr_row *const *a,
	       const struct rr_row *const *b, size_t n, struct cmp *out)
{
	struct pt_term t;
	int rc = cmp_rows(a, b, n, out);

	if (rc < 0)
		return rc;
	pt_term_of(s->pt, a, b, n, &t);
	pt_widen(&t, out);
	report_cap(s, out);
	return rc;
}

void report_process_note(const struct study *s, char *out, size_t len)
{
	const struct pt_set *p = s->pt;

	if (!p || p->nblk < 2) {
		snprintf(out, len, "Every interval below is within one process only (%s): another "
			 "run of the same build may land outside it", p && p->why[0] ? p->why :
			 "no block processes");
		return;
	}
	snprintf(out, len, "What moves between processes (memory placement, alignment at load, "
		 "the host's state for a process's life) is measured over %s: each comparison is "
		 "estimated again in each of them, and its interval widened by the spread of those "
		 "estimates (t quantile, %zu degrees of freedom; where the blocks lack a comparison's "
		 "own cells, the same kernels' other cells, and the study-wide median", p->what,
		 p->nblk - 1);
	if (isnan(p->study_s))
		doc_cat(out, len, " where the kernels are in no block: none here)");
	else
		doc_cat(out, len, ", \u00b1%.1f%% over %zu kernel pair%s, where the kernels are in "
			"no block)", 100 * expm1(pt_quantile(p->nblk - 1) * p->study_s),
			p->study_pairs, p->study_pairs == 1 ? "" : "s");
	doc_cat(out, len, ". A comparison whose term is borrowed so is never called settled: "
		"what moves one mode's cells between processes says little of another's");
	if (!isnan(p->study_ks))
		doc_cat(out, len, ". The block comparisons (the -m32 build, huge pages, the compiler) "
			"pair two processes each, and are widened by what moves their kernels' own "
			"time relative to the null kernel between those processes (\u00b1%.1f%% for "
			"the median kernel of %zu, \u00b1%.1f%% to \u00b1%.1f%%)",
			100 * expm1(pt_quantile(p->nblk - 1) * p->study_ks), p->study_kernels,
			100 * expm1(pt_quantile(p->nblk - 1) * p->ks_min),
			100 * expm1(pt_quantile(p->nblk - 1) * p->ks_max));
	if (s->hist) {
		doc_cat(out, len, ". ");
		report_history_note(s, out, len);
	}
}

/* Appends ", between processes ±0.8% (6 processes)" or ", within one process only" to how. */
static void process_basis(char *how, size_t len, const struct cmp *c)
{
	static const char *const FROM[][2] = {
		{ "pair", ", from the same kernels' other cells in the blocks" },
		{ "kernel", ", from the same kernels' other cells in the blocks" },
		{ "study", ", the study-wide figure: these kernels are in no block" },
	};
	const char *from = "";

	if (isnan(c->process_pct))
		return;
	if (!c->processes) {
		doc_cat(how, len, ", within one process only");
		return;
	}
	for (size_t i = 0; i < sizeof FROM / sizeof FROM[0]; i++)
		if (c->process_from && !strcmp(c->process_from, FROM[i][0]))
			from = FROM[i][1];
	doc_cat(how, len, ", between processes \u00b1%.1f%% (%zu processes%s", c->process_pct,
		c->processes, from);
	if (c->process_cells && c->process_cells < c->n)
		doc_cat(how, len, ", measured on %zu of the %zu cells", c->process_cells, c->n);
	doc_cat(how, len, ")");
}

void report_blk_process(const struct study *s, const struct cmp *c, char *out, size_t len)
{
	const struct pt_set *p = s->pt;

	if (!isnan(c->process_pct) && !c->processes)
		doc_cat(out, len, ", the block pairs' own spread only, without a between-process "
			"term (%s)", p && p->nblk >= 2 ? "the block processes hold no usable time of "
			"these kernels" : p && p->why[0] ? p->why : "no block processes to measure it "
			"from");
	else
		process_basis(out, len, c);
	report_history_clause(s, c, out, len);
}

const char *report_pval(char *buf, size_t len, double p)
{
	if (isnan(p))
		snprintf(buf, len, "not measured (too few pairs for the test)");
	else
		snprintf(buf, len, "%.2g", p);
	return buf;
}

void verdict_clause(char *out, size_t len, const struct cmp *c, int settled, const char *why)
{
	char how[320], pv[64];

	report_pval(pv, sizeof pv, c->p);
	if (!strcmp(c->basis, "rounds"))
		snprintf(how, sizeof how, "paired over %zu rounds, signed-rank p = %s, the same "
			 "sign in %d of %d epochs", c->npairs, pv, c->epochs_agree, c->epochs);
	else if (c->test[0])
		snprintf(how, sizeof how, "unpaired, %s p = %s", c->test, pv);
	else
		snprintf(how, sizeof how, "unpaired, from %s", c->basis);
	process_basis(how, sizeof how, c);
	if (settled == 1)
		doc_cat(out, len, "; settled (%s)", how);
	else
		doc_cat(out, len, "; not settled because %s (%s)", why, how);
}

struct verdict_key verdict_key(enum verdict_q q)
{
	return (struct verdict_key){ .q = q };
}

struct verdict_key verdict_key_workload(const struct report_workload *w)
{
	struct verdict_key k = { .q = VQ_RECOMMEND, .threads = w->threads > 1 ? w->threads : 1 };

	snprintf(k.mode, sizeof k.mode, "%s", w->mode);
	snprintf(k.cache, sizeof k.cache, "%s", w->cache);
	snprintf(k.pressure, sizeof k.pressure, "%s", w->pressure);
	snprintf(k.label, sizeof k.label, "%s", w->label);
	return k;
}

struct verdict_key verdict_key_mode(const char *mode)
{
	struct report_workload w = { mode, "warm", "", 1, "" };

	return verdict_key_workload(&w);
}

int verdict_q_named(const char *name, enum verdict_q *q)
{
	static const struct {
		const char *name;
		enum verdict_q q;
	} NAMED[] = { { "bits", VQ_BITS }, { "tables", VQ_TABLES }, { "branching", VQ_BRANCHING } };

	for (size_t i = 0; i < sizeof NAMED / sizeof NAMED[0]; i++)
		if (!strcmp(NAMED[i].name, name)) {
			*q = NAMED[i].q;
			return 0;
		}
	return -1;
}

/* Writes verdicts.csv's question of key k into out: "bits", "recommend:LABEL", ... */
static void verdict_question(char *out, size_t len, const struct verdict_key *k)
{
	static const char *const NAME[] = { [VQ_BITS] = "bits", [VQ_BITS_BUILD] = "bits",
		[VQ_BITS_SIBLINGS] = "bits", [VQ_TABLES] = "tables", [VQ_BRANCHING] = "branching",
		[VQ_HUGEPAGES] = "hugepages", [VQ_COMPILER] = "compiler" };

	if (k->q == VQ_RECOMMEND)
		snprintf(out, len, "recommend:%.*s", (int)strnlen(k->label, len), k->label);
	else
		snprintf(out, len, "%s", NAME[k->q]);
}

int verdict_is(const struct verdict *v, const struct verdict_key *k)
{
	const struct verdict_key *x = &v->key;

	if (x->q != k->q)
		return 0;
	return !k->mode[0] || (!strcmp(x->mode, k->mode) && !strcmp(x->cache, k->cache) &&
			       !strcmp(x->pressure, k->pressure) && x->threads == k->threads);
}

const struct verdict *verdict_find(const struct study *s, const struct verdict_key *k,
				   const struct verdict *after)
{
	size_t i = after ? (size_t)(after - s->verdicts->v) + 1 : 0;

	for (; s->verdicts && i < s->verdicts->n; i++)
		if (verdict_is(&s->verdicts->v[i], k))
			return &s->verdicts->v[i];
	return NULL;
}

struct verdict *verdict_add(const struct study *s, const struct verdict_key *k, const char *a,
			    const char *b, const struct cmp *c, int settled, const char *why)
{
	struct verdicts *v = s->verdicts;
	struct verdict *x;

	if (!v)
		return NULL;
	if (v->n == v->cap) {
		size_t cap = v->cap ? 2 * v->cap : 32;
		struct verdict *nv = realloc(v->v, cap * sizeof *nv);
		if (!nv)
			return NULL;
		v->v = nv, v->cap = cap;
	}
	x = &v->v[v->n++];
	memset(x, 0, sizeof *x);
	x->key = *k;
	verdict_question(x->question, sizeof x->question, k);
	snprintf(x->a, sizeof x->a, "%s", a);
	snprintf(x->b, sizeof x->b, "%s", b);
	x->ratio = c->ratio, x->lo = c->lo, x->hi = c->hi, x->p = c->p;
	snprintf(x->test, sizeof x->test, "%s", c->test);
	snprintf(x->basis, sizeof x->basis, "%s", c->basis);
	x->n = c->n, x->pairs = c->npairs, x->settled = settled;
	x->withheld = c->withheld, x->measured = c->measured;
	x->provisional = s->busy;
	x->process_pct = c->process_pct, x->processes = c->processes;
	snprintf(x->process_from, sizeof x->process_from, "%s", c->process_from ? c->process_from :
		 "");
	snprintf(x->why, sizeof x->why, "%s", why ? why : "");
	return x;
}

int verdicts_write(const struct study *s, char *err, size_t len)
{
	struct out_file o;
	const struct verdicts *v = s->verdicts;

	if (out_open(&o, s->dir, "verdicts.csv", err, len) < 0)
		return -1;
	fprintf(o.f, "question,a,b,ratio,lo,hi,test,p,basis,cells,pairs,process_pct,processes,"
		"process_from,settled,why,robust,format\n");
	for (size_t i = 0; v && i < v->n; i++) {
		const struct verdict *x = &v->v[i];
		out_csv_str(o.f, x->question), fputc(',', o.f);
		out_csv_str(o.f, x->a), fputc(',', o.f);
		out_csv_str(o.f, x->b), fputc(',', o.f);
		out_csv_num(o.f, x->ratio), fputc(',', o.f);
		out_csv_num(o.f, x->lo), fputc(',', o.f);
		out_csv_num(o.f, x->hi), fputc(',', o.f);
		out_csv_str(o.f, x->test), fputc(',', o.f);
		out_csv_num(o.f, x->p), fputc(',', o.f);
		fprintf(o.f, "%s,%zu,%zu,", x->basis, x->n, x->pairs);
		out_csv_num(o.f, x->process_pct), fputc(',', o.f);
		if (!isnan(x->process_pct))
			fprintf(o.f, "%zu", x->processes);
		fprintf(o.f, ",%s,%s,", x->process_from, !strcmp(verdict_word(x), "provisional") ?
			"provisional" : x->settled == 1 ? "yes" : x->settled == 0 ? "no" : "unknown");
		out_csv_str(o.f, x->why);
		fputc(',', o.f);
		out_csv_str(o.f, x->robust);
		fprintf(o.f, ",%d\n", out_format("verdicts.csv"));
	}
	return out_commit(&o, err, len);
}

double report_layout_spread(const struct run *r, const struct report_workload *w, const char *k)
{
	double m = NAN;

	for (size_t i = 0; i < r->nrows; i++)
		if (!strcmp(r->rows[i].kernel, k) && report_in_workload(&r->rows[i], w)) {
			double v = run_num(r, &r->rows[i], "layout_spread_pct");
			if (!isnan(v) && (isnan(m) || v > m))
				m = v;
		}
	return m;
}

void report_headline(struct doc *d, const struct study *s)
{
	size_t spc = report_samples_per_cell(&s->m64);

	if (spc > 0 && spc < FULL_SAMPLES)
		doc_p(d, "note", "Quick study (%zu measured sample%s per cell): every verdict below is "
		      "indicative%s; run the full study (./run_all.sh without --quick) to settle "
		      "them.", spc, spc == 1 ? "" : "s", spc < 6 ? ", and with fewer than six rounds "
		      "no paired comparison can be settled" : "");
	else
		doc_p(d, NULL, "Full study: %zu measured samples per cell. A verdict is settled "
		      "when its paired 95%% interval excludes 1, the signed-rank test agrees "
		      "(p < 0.05), the margin exceeds the code-layout spread where measured, and its "
		      "sign is the same in every epoch.", spc);
	report_host_note(d, s);
}
