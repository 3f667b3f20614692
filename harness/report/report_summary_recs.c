/* report_summary_recs.c - the first screen's recommendation rows (one per workload, the
 * pressure sizes folded into one), what their winners need, and why the rows not settled are
 * not. */
#include <limits.h>
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report/report.h"
#include "report/report_summary_model.h"
#include "util/jsonx.h"

/* What each workload stands for in an engine, by mode. */
static const struct {
	const char *mode, *words;
} WORKLOAD_WORDS[] = {
	{ "stream", "many independent lookups (move generation)" },
	{ "chain", "each lookup waiting for the last (latency)" },
	{ "pointer", "through a function pointer, as a plugin" },
	{ "position", "attack maps of whole positions" },
	{ "random", "random boards (others' benchmarks)" },
	{ "peer-random", "the peer's loop, random squares" },
	{ "peer", "the peer's loop, queens on known squares" },
	{ "search", "a small engine's alpha-beta search (per node)" },
	{ "perft", "a perft move generator (per node)" },
	{ "pressure", "beside a large working set (the engine's hash and tables)" },
};

/* Returns the words for a workload's mode ("stream", "perft", ...), "" for another. */
static const char *words_for(const char *mode)
{
	for (size_t i = 0; i < sizeof WORKLOAD_WORDS / sizeof WORKLOAD_WORDS[0]; i++)
		if (!strcmp(mode, WORKLOAD_WORDS[i].mode))
			return WORKLOAD_WORDS[i].words;
	return "";
}

/* Writes the working-set size of pressure verdict v ("8 MiB") into out.  Returns out. */
static const char *pressure_size(char *out, size_t len, const struct verdict *v)
{
	return report_bytes(out, len, strtod(v->key.pressure, NULL));
}

/* Adds a row of the recommendation from verdict v.  Returns it, NULL when the table is full. */
static struct rec_row *rec_row(struct summary *m, const char *workload, const char *words,
			   const struct verdict *v, const char *note, size_t withheld,
			   size_t measured)
{
	struct rec_row *r;

	if (m->nrec == REPORT_MAX_WORKLOADS)
		return NULL;
	r = &m->rec[m->nrec++];
	snprintf(r->workload, sizeof r->workload, "%s", workload);
	snprintf(r->use, sizeof r->use, "%s", v->a);
	snprintf(r->second, sizeof r->second, "%s", v->b);
	snprintf(r->note, sizeof r->note, "%s", note ? note : "");
	snprintf(r->close, sizeof r->close, "%s", v->close);
	why_words(r->why, sizeof r->why, v);
	r->kind = why_kind(v);
	r->words = words;
	r->word = verdict_word(v);
	r->margin = v->ratio;
	r->withheld = withheld, r->measured = measured;
	return r;
}

/* The pressure sizes folded into one row: the kernel that wins at most sizes, and where
 * another wins. */
static void rec_pressure(struct summary *d, const struct study *s)
{
	const struct verdict *p[REPORT_MAX_WORKLOADS], *v = NULL;
	struct rec_row *r;
	struct verdict_key k = verdict_key(VQ_RECOMMEND);
	size_t n = 0, best = 0, bestn = 0, withheld = 0, measured = 0;
	char note[SUM_MAX] = "", range[96], lo[32], hi[32];

	while (n < REPORT_MAX_WORKLOADS && (v = verdict_find(s, &k, v)) != NULL)
		if (!strcmp(v->key.mode, "pressure"))
			p[n++] = v;
	if (!n)
		return;
	for (size_t i = 0; i < n; i++) {
		size_t c = 0;
		for (size_t j = 0; j < n; j++)
			c += !strcmp(p[i]->a, p[j]->a);
		if (c > bestn)
			best = i, bestn = c;
	}
	for (size_t i = 0; i < n; i++) {
		if (strcmp(p[i]->a, p[best]->a))
			doc_cat(note, sizeof note, "%s%s at %s", note[0] ? ", " : "(", p[i]->a,
				pressure_size(lo, sizeof lo, p[i]));
		withheld += p[i]->withheld, measured += p[i]->measured;
	}
	if (note[0])
		doc_cat(note, sizeof note, " instead)");
	pressure_size(lo, sizeof lo, p[0]);
	pressure_size(hi, sizeof hi, p[n - 1]);
	snprintf(range, sizeof range, "pressure %s\u2013%s", lo, hi);
	if ((r = rec_row(d, range, words_for("pressure"), p[best], note, withheld, measured))) {
		snprintf(r->sizes, sizeof r->sizes, "%s\u2013%s", lo, hi);
		r->pressure = 1;
	}
}

void summary_recommendation(struct summary *m, const struct study *s)
{
	struct verdict_key k = verdict_key(VQ_RECOMMEND);
	const struct verdict *v = NULL;

	while ((v = verdict_find(s, &k, v)) != NULL)
		if (strcmp(v->key.mode, "pressure"))
			rec_row(m, v->key.label, words_for(v->key.mode), v, NULL, v->withheld,
				v->measured);
	if (s->verdicts)
		rec_pressure(m, s);
}

/* Writes into out (len bytes) what kernel k needs to run, the needs column of the study's
 * kernels.csv (`slidebench list --format csv`, its descriptor's needs), else its context.json's
 * descriptor; "" where neither says (nothing, or a study older than the column). */
static void kernel_needs(const struct study *s, const struct csv *kc, const char *k, char *out,
			 size_t len)
{
	int name = kc ? csv_col(kc, "name") : -1, needs = kc ? csv_col(kc, "needs") : -1;
	const json_t *ks = s->m64.ctx ? jsonx_get(s->m64.ctx, "kernels") : NULL;

	out[0] = 0;
	for (size_t i = 0; name >= 0 && needs >= 0 && i < kc->nrow; i++)
		if (!strcmp(csv_cell(kc, i, name), k)) {
			snprintf(out, len, "%s", csv_cell(kc, i, needs));
			return;
		}
	for (size_t i = 0; i < json_array_size(ks); i++) {
		const json_t *x = json_array_get(ks, i);
		if (jsonx_str(x, "name") && !strcmp(jsonx_str(x, "name"), k) && jsonx_str(x, "needs"))
			snprintf(out, len, "%s", jsonx_str(x, "needs"));
	}
}

/* Fills each row's needs from the kernels' descriptors, and m->trap: where a winner needs
 * BMI2, that AMD cores before Zen 3 run PEXT/PDEP microcoded (kernels/kernel.h, needs), and the
 * fastest kernel of the rows that needs none, to keep as the fallback. */
void summary_needs(struct summary *m, const struct study *s)
{
	char path[PATH_MAX + 16], err[256];
	struct csv kc, *kp = NULL;
	const struct rec_row *pext = NULL;

	snprintf(path, sizeof path, "%s/kernels.csv", s->dir);
	if (csv_load(path, &kc, err, sizeof err) == 0)
		kp = &kc;
	for (size_t i = 0; i < m->nrec; i++) {
		struct rec_row *r = &m->rec[i];
		kernel_needs(s, kp, r->use, r->needs, sizeof r->needs);
		kernel_needs(s, kp, r->second, r->second_needs, sizeof r->second_needs);
		if (!pext && strstr(r->needs, "BMI2"))
			pext = r;
	}
	if (kp)
		csv_free(kp);
	m->trap[0] = 0;
	if (!pext)
		return;
	doc_cat(m->trap, sizeof m->trap, "%s needs BMI2: AMD cores before Zen 3 (family 0x17 and "
		"earlier) run its PEXT and PDEP microcoded, many times slower, so a "
		"one-binary engine that ships it should keep a fallback chosen at run time",
		pext->use);
	if (!strstr(pext->second_needs, "BMI2"))
		doc_cat(m->trap, sizeof m->trap, ": in this study %s, %s's runner-up (margin "
			"%.2f\u00d7, %s), needs no BMI2", pext->second, pext->workload, pext->margin,
			pext->word);
	else
		for (size_t i = 0; i < m->nrec; i++)
			if (!strstr(m->rec[i].needs, "BMI2")) {
				doc_cat(m->trap, sizeof m->trap, ": in this study %s, the fastest in %s, "
					"needs no BMI2", m->rec[i].use, m->rec[i].workload);
				break;
			}
}

/* Copies reason into out without its parenthesised parts: a reason without a label is one
 * row's own, and its figures ("(+-8.8%, measured on other cells)") are that row's, not the
 * count's. */
static void plain_reason(char *out, size_t len, const char *reason)
{
	size_t o = 0;
	int depth = 0;

	for (const char *c = reason; *c && o + 1 < len; c++) {
		if (*c == '(')
			depth++;
		else if (*c == ')' && depth)
			depth--;
		else if (!depth && !(*c == ' ' && c[1] == '('))
			out[o++] = *c;
	}
	out[o] = 0;
}

/* Writes into m->unsettled why the recommendation's rows that are not settled are not, and
 * what would settle them, one clause per reason, the most frequent first ("" when every row is
 * settled). */
void summary_unsettled(struct summary *m, const struct study *s)
{
	/* a quick study: whatever else holds a row back, the full study is the first step */
	int quick = report_samples_per_cell(&s->m64) < FULL_SAMPLES;
	size_t count[NWHY + 1] = { 0 }, first[NWHY + 1], n = 0;
	char *out = m->unsettled;
	size_t len = sizeof m->unsettled;

	out[0] = 0;
	for (size_t i = 0; i < m->nrec; i++) {
		size_t k = m->rec[i].kind;
		if (!strcmp(m->rec[i].word, "settled"))
			continue;
		if (!count[k]++)
			first[k] = i;
		n++;
	}
	if (!n)
		return;
	if (n == 1 && m->nrec == 1)
		doc_cat(out, len, "The recommendation is not settled");
	else if (n == m->nrec)
		doc_cat(out, len, "No recommendation of the %zu is settled", n);
	else
		doc_cat(out, len, "%zu of the %zu recommendations %s not settled", n, m->nrec,
			n == 1 ? "is" : "are");
	for (size_t done = 0; done < NWHY + 1; done++) {
		size_t k = 0;
		for (size_t j = 1; j < NWHY + 1; j++)   /* the most frequent reason left first */
			if (count[j] > count[k])
				k = j;
		if (!count[k])
			break;
		char why[sizeof m->rec[0].why];
		plain_reason(why, sizeof why, k < NWHY && WHY_KINDS[k].label ?
			     WHY_KINDS[k].label : m->rec[first[k]].why);
		doc_cat(out, len, "%s%s (%zu row%s)", done ? "; " : ": ", why, count[k],
			count[k] == 1 ? "" : "s");
		if (k < NWHY)
			doc_cat(out, len, ": %s", quick && k != 0 && strncmp(WHY_KINDS[k].fix,
								     "nothing", 7) ?
				WHY_KINDS[1].fix : WHY_KINDS[k].fix);
		count[k] = 0;
	}
}
