/* report_answers.c - the study's three questions (32-bit against 64-bit, small against large
 * tables, branchless against conditional), each answered by one sentence computed from the
 * data (ratio of medians, 95% interval, significance), with the detail in a table.  Which
 * kernels are compared is what their descriptors declare (sibling and question), as the run's
 * context.json recorded them. */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/paired.h"
#include "report/report.h"

#define MAXP 4096   /* pairs of cells gathered for one comparison */

/* One pair of a question: kernel x (which names its sibling) against y, with their table
 * footprints for the order. */
#define MAXPAIRS 64

/* Returns the descriptor member key of kernel name as the run's context.json recorded it (a
 * string or number as text; numbers are written into buf), or NULL: a report reads the run,
 * never the kernels of the binary that draws it.  A run written before the descriptors
 * carried their question has no sibling or question to give (descriptors_recorded). */
static const char *kernel_field(const struct run *r, const char *name, const char *key,
				char *buf, size_t len)
{
	const json_t *ks = r->ctx ? jsonx_get(r->ctx, "kernels") : NULL;

	for (size_t i = 0; i < json_array_size(ks); i++) {
		const json_t *k = json_array_get(ks, i), *v;
		if (!jsonx_str(k, "name") || strcmp(jsonx_str(k, "name"), name))
			continue;
		if (!json_object_get(k, "question") && strcmp(key, "table_bytes"))
			return NULL;  /* recorded before descriptors carried the question */
		v = json_object_get(k, key);
		if (json_is_number(v))
			return snprintf(buf, len, "%.0f", json_number_value(v)), buf;
		return json_is_string(v) ? json_string_value(v) : NULL;
	}
	return NULL;
}

/* Returns 1 when the run's context.json records its kernels' questions (every run since the
 * descriptors carried them), else 0. */
static int descriptors_recorded(const struct run *r)
{
	const json_t *ks = r->ctx ? jsonx_get(r->ctx, "kernels") : NULL;

	return json_array_size(ks) > 0 && json_object_get(json_array_get(ks, 0), "question");
}

double report_kernel_bytes(const struct run *r, const char *k)
{
	char buf[32];
	const char *v = kernel_field(r, k, "table_bytes", buf, sizeof buf);

	return v ? atof(v) : -1;
}

static int by_tables(const void *a, const void *b)
{
	const struct kpair *p = a, *q = b;

	if (p->y_bytes != q->y_bytes)
		return p->y_bytes < q->y_bytes ? -1 : 1;
	if (p->x_bytes != q->x_bytes)
		return p->x_bytes < q->x_bytes ? -1 : 1;
	return strcmp(p->x, q->x);
}

/* Fills out[] with the pairs of question q (registry_question_name) among the kernels of r,
 * as their descriptors declare them, smallest sibling tables first.  Returns how many. */
size_t report_question_pairs(const struct run *r, const char *q, struct kpair *out, size_t max)
{
	const char *seen[MAXPAIRS * 4];
	size_t n = 0, nseen = 0;
	char buf[32];

	for (size_t i = 0; i < r->nrows && n < max; i++) {
		const char *k = r->rows[i].kernel, *qq, *sib;
		size_t j = 0;
		while (j < nseen && strcmp(seen[j], k))
			j++;
		if (j < nseen || nseen == sizeof seen / sizeof seen[0])
			continue;
		seen[nseen++] = k;
		qq = kernel_field(r, k, "question", buf, sizeof buf);
		sib = kernel_field(r, k, "sibling", buf, sizeof buf);
		if (!qq || strcmp(qq, q) || !sib || !*sib)
			continue;
		out[n].x = k;
		out[n].y = sib;
		out[n].x_bytes = atof(kernel_field(r, k, "table_bytes", buf, sizeof buf) ?: "0");
		out[n].y_bytes = atof(kernel_field(r, sib, "table_bytes", buf, sizeof buf) ?: "0");
		n++;
	}
	qsort(out, n, sizeof out[0], by_tables);
	return n;
}

struct gather {
	const struct rr_row *a[MAXP], *b[MAXP];
	size_t n;
	size_t withheld, measured;   /* cells both measured, of them left out as withheld */
};

/* Appends the pairs (y as a, x as b) of every workload of r but pressure to g. */
static void gather_all(const struct run *r, const char *x, const char *y, struct gather *g)
{
	struct report_workload w[REPORT_MAX_WORKLOADS];
	size_t nw = report_workloads(r, w, REPORT_MAX_WORKLOADS);

	for (size_t i = 0; i < nw; i++)
		if (strcmp(w[i].mode, "pressure")) {
			g->n += report_pairs(r, &w[i], y, x, g->a + g->n, g->b + g->n, MAXP - g->n);
			g->withheld += report_pairs_withheld(r, &w[i], y, x, &g->measured);
		}
}

/* Compares the cells of g into c (report_cmp) with the cells left out counted.  Returns what
 * report_cmp returns. */
static int gather_cmp(const struct study *s, const struct gather *g, struct cmp *c)
{
	int rc = report_cmp(s, g->a, g->b, g->n, c);

	c->withheld = g->withheld, c->measured = g->measured;
	return rc;
}

static void fmt_miss(char *buf, size_t len, double v, const char *src)
{
	if (isnan(v))
		snprintf(buf, len, "\u2014");
	else
		snprintf(buf, len, "%.4f (%s)", v, src);
}

/* One question's kernel-against-kernel comparison: x against y, their misses (columns hw
 * and sim, called what), and what the rows so far say. */
struct kcmp {
	const struct study *s;
	const char *x, *y, *hw, *sim, *what;
	size_t done;              /* workloads compared (table rows) */
	char lists[3][512];       /* the workloads settled faster, settled slower, not settled */
	double sx, sy;            /* the misses summed over the workloads that have both */
	int nm;
	const char *src;
	struct gather g;
};

/* Writes the per-workload table's header. */
static void kcmp_head(struct doc *d, const struct kcmp *k)
{
	char h0[128], h4[160], h5[160];

	snprintf(h0, sizeof h0, "%s vs %s: mode", k->x, k->y);
	snprintf(h4, sizeof h4, "%s per lookup, %s", k->what, k->x);
	snprintf(h5, sizeof h5, "%s per lookup, %s", k->what, k->y);
	const char *head[] = { h0, "result", "p (signed-rank, paired)", "basis", h4, h5 };
	doc_table_begin(d, 6, head);
}

/* Compares x against y in workload w (one table row, the table begun at the first) and files
 * w under its list. */
static void kcmp_workload(struct doc *d, struct kcmp *k, const struct report_workload *w)
{
	const struct run *r = &k->s->m64;
	size_t n = report_pairs(r, w, k->y, k->x, k->g.a, k->g.b, MAXP);
	char buf[512], mx[48], my[48], pv[32];
	const char *sx_src, *sy_src;
	struct cmp c;

	if (!n)
		return;
	if (!k->done++)
		kcmp_head(d, k);
	report_cmp(k->s, k->g.a, k->g.b, n, &c);
	cmp_phrase(buf, sizeof buf, k->x, k->y, &c, 1);
	if (!strcmp(c.basis, "rounds"))
		doc_cat(buf, sizeof buf, "%s%s", c.settled == 1 ? "; settled" :
			"; not settled because ", c.settled == 1 ? "" : c.why);
	double vx = report_misses(k->s, r, w, k->x, k->hw, k->sim, &sx_src);
	double vy = report_misses(k->s, r, w, k->y, k->hw, k->sim, &sy_src);
	fmt_miss(mx, sizeof mx, vx, sx_src);
	fmt_miss(my, sizeof my, vy, sy_src);
	if (!isnan(vx) && !isnan(vy))
		k->sx += vx, k->sy += vy, k->nm++, k->src = sx_src;
	if (isnan(c.p))
		snprintf(pv, sizeof pv, "\u2014");
	else
		snprintf(pv, sizeof pv, "%.3g", c.p);
	const char *cells[] = { w->label, buf, pv, c.basis, mx, my };
	doc_table_row(d, 6, cells, 0);
	char *list = k->lists[c.settled == 1 ? (c.ratio < 1 ? 0 : 1) : 2];
	doc_cat(list, sizeof k->lists[0], "%s%s", list[0] ? ", " : "", w->label);
}

/* Compares x against y over every workload but pressure, records the verdict (question) and
 * writes the clause into out: the overall phrase, where it holds per mode, the misses. */
static void kcmp_overall(struct kcmp *k, const char *question, char *out, size_t len)
{
	char buf[512], why[160];
	struct cmp all;

	gather_cmp(k->s, &k->g, &all);
	int settled = verdict_settle(&all, NAN, why, sizeof why);
	struct verdict_key kq = verdict_key(VQ_BITS);
	if (verdict_q_named(question, &kq.q) == 0)
		verdict_add(k->s, &kq, k->y, k->x, &all, settled, why);
	cmp_phrase(buf, sizeof buf, k->x, k->y, &all, 1);
	out[0] = 0;
	doc_cat(out, len, "%s over %zu mode%s (geometric mean of %zu cells)", buf, k->done,
		k->done == 1 ? "" : "s", k->g.n);
	verdict_clause(out, len, &all, settled, why);
	doc_cat(out, len, "%s%s%s%s%s%s", k->lists[0][0] ? "; settled faster in " : "",
		k->lists[0], k->lists[1][0] ? "; settled slower in " : "", k->lists[1],
		k->lists[2][0] ? "; not settled in " : "", k->lists[2]);
	if (k->nm)
		doc_cat(out, len, "; %s per lookup %.4f vs %.4f (%s, mean over %d mode%s)", k->what,
			k->sx / k->nm, k->sy / k->nm, k->src, k->nm, k->nm == 1 ? "" : "s");
	else
		doc_cat(out, len, "; %s per lookup: not measured (no counters, no sim/ run)",
			k->what);
}

/* Compares kernel x against y per workload (a table) and over all workloads.  Appends one
 * clause to out: the overall phrase, where it holds per mode, and the misses (miss columns
 * hw and sim, called what).  Returns the number of workloads compared. */
static size_t compare_kernels(struct doc *d, const struct study *s, const char *question,
			      const char *x, const char *y, const char *hw, const char *sim,
			      const char *what, char *out, size_t len)
{
	struct report_workload w[REPORT_MAX_WORKLOADS];
	size_t nw = report_workloads(&s->m64, w, REPORT_MAX_WORKLOADS), done;
	struct kcmp *k = calloc(1, sizeof *k);

	if (!k)
		return 0;
	*k = (struct kcmp){ .s = s, .x = x, .y = y, .hw = hw, .sim = sim, .what = what, .src = "" };
	for (size_t i = 0; i < nw; i++)
		if (strcmp(w[i].mode, "pressure"))
			kcmp_workload(d, k, &w[i]);
	if (k->done)
		doc_table_end(d);
	gather_all(&s->m64, x, y, &k->g);
	if (k->g.n)
		kcmp_overall(k, question, out, len);
	else
		snprintf(out, len, "%s and %s were not both timed in this run", x, y);
	done = k->g.n ? k->done : 0;
	free(k);
	return done;
}

/* (a) 32-bit designs against 64-bit siblings, and the -m32 build against the 64-bit build of
 * the same -march (alternating blocks, report_blocks.c). */
static void answer_bits(struct doc *d, const struct study *s)
{
	struct gather *g = calloc(1, sizeof *g);
	char a[2048], b[1024], list[512] = "";
	struct kpair pair[MAXPAIRS];
	size_t np = report_question_pairs(&s->m64, "bits", pair, MAXPAIRS);
	struct cmp c;

	if (!g)
		return;
	doc_h(d, 3, "q-bits", "(a) 32-bit against 64-bit");
	for (size_t i = 0; i < np; i++) {
		size_t before = g->n;
		gather_all(&s->m64, pair[i].x, pair[i].y, g);
		if (g->n > before)
			doc_cat(list, sizeof list, "%s%s against %s",
				 list[0] ? ", " : "", pair[i].x, pair[i].y);
	}
	doc_p(d, NULL, "Pairing (same tables or technique, 64-bit arithmetic): %s.",
	      list[0] ? list : "none of the pairs was timed");
	if (g->n && gather_cmp(s, g, &c) == 0) {
		char why[160];
		int settled = verdict_settle(&c, NAN, why, sizeof why);
		struct verdict_key kq = verdict_key(VQ_BITS_SIBLINGS);
		verdict_add(s, &kq, "64-bit siblings", "32-bit-designed kernels", &c, settled, why);
		cmp_phrase_plural(b, sizeof b, "the 32-bit-designed kernels", "their 64-bit siblings",
				  &c, 1);
		a[0] = 0;
		doc_cat(a, sizeof a, "In the 64-bit build %s (geometric mean over %zu kernel\u00d7"
			 "mode\u00d7piece cells)", b, g->n);
		verdict_clause(a, sizeof a, &c, settled, why);
	} else {
		snprintf(a, sizeof a, "The 32-bit-designed kernels and their 64-bit siblings were "
			 "not both timed");
	}
	report_bits_blocks(s, a, sizeof a);
	doc_p(d, "answer", "%s.", a);
	for (size_t i = 0; i < np; i++) {
		compare_kernels(d, s, "bits", pair[i].x, pair[i].y, "hw_instructions", "sim_ir",
				"instructions", b, sizeof b);
	}
	free(g);
}

/* Answers question q (registry_question_name, also the verdicts' question id) with one
 * clause per pair the descriptors declare, comparing the miss column hw (or sim) called
 * what; none declared says so. */
static void answer_pairs(struct doc *d, const struct study *s, const char *q, const char *hw,
			 const char *sim, const char *what)
{
	struct kpair pair[MAXPAIRS];
	size_t np = report_question_pairs(&s->m64, q, pair, MAXPAIRS);
	char all[4096] = "", one[2048];

	for (size_t i = 0; i < np; i++) {
		compare_kernels(d, s, q, pair[i].x, pair[i].y, hw, sim, what, one, sizeof one);
		doc_cat(all, sizeof all, "%s%s", i ? "; " : "", one);
	}
	if (!np && !descriptors_recorded(&s->m64))
		snprintf(all, sizeof all, "this run's context.json does not record its kernels' "
			 "questions and siblings (an older slidebench wrote it): run the study again "
			 "to answer this question");
	else if (!np)
		snprintf(all, sizeof all, "no kernel of this run declares a sibling for this question");
	doc_p(d, "answer", "%s.", all);
}

void report_answers(struct doc *d, const struct study *s)
{
	char proc[2048];

	report_process_note(s, proc, sizeof proc);
	doc_h(d, 2, "answers", "Answers");
	doc_p(d, NULL, "Each ratio is the time of the first kernel over the second. Both were "
	      "timed in the same rounds, so each ratio is computed round by round (on the whole "
	      "loop's time: the null loop's overlaps a kernel's, so it is not subtracted): the estimate is the median of the per-round log "
	      "ratios (the geometric mean of those over several cells), the 95%% interval a "
	      "moving-block bootstrap over rounds (%d resamples, fixed seed) and at least the "
	      "order-statistic interval of the per-round median, the test Wilcoxon's signed-rank. "
	      "%s. A verdict is settled when the interval excludes 1, the test gives p < 0.05 and "
	      "the sign is the same in every epoch of the run.", PR_BOOT_ITERS, proc);
	answer_bits(d, s);
	doc_h(d, 3, "q-tables", "(b) A small shared table against a larger one");
	answer_pairs(d, s, "tables", "hw_l1d_miss", "sim_d1_miss", "L1 misses");
	doc_h(d, 3, "q-branching", "(c) Branchless against conditional");
	answer_pairs(d, s, "branching", "hw_br_miss", "sim_br_miss", "branch mispredictions");
}
