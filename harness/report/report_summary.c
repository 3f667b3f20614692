/* report_summary.c - the report's first screen, for a chess programmer: the machine in one
 * line, the three questions answered in a sentence each with a confidence word, and the
 * recommendation as a table.  Every claim is read from the verdict rows the sections below
 * recorded (s->verdicts), the same rows verdicts.csv holds, so the first screen cannot name a
 * winner or a factor that the details do not. */
#include <limits.h>
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report/report.h"
#include "util/output.h"
#include "util/jsonx.h"

#define SUM_MAX 512

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
	{ "engine (search)", "a small engine's alpha-beta search (per node)" },
	{ "engine", "a perft move generator (per node)" },
	{ "pressure", "beside a large working set (the engine's hash and tables)" },
};

const char *verdict_word(const struct verdict *v)
{
	int one_way = v->settled == 1 || (!isnan(v->lo) && !isnan(v->hi) && (v->lo > 1 ||
									    v->hi < 1));

	if (!one_way)
		return "unclear";
	return v->provisional ? "provisional" : v->settled == 1 ? "settled" : "likely";
}

/* What keeps a verdict from settled, by how its why begins (the reasons analysis/paired.c,
 * analysis/process_term.c, verdict_settle, report_cap and the block verdicts write: the same
 * words as the sections' "not settled because ..."), and what would settle it with the
 * harness's own knobs.  The first match wins: the longer beginnings come first. */
static const struct why_kind {
	const char *starts, *label, *fix;   /* label: for the first screen's line, NULL: the why */
} WHY_KINDS[] = {
	{ "the host was busy", "the host was busy", "run the study again on a quiet machine" },
	{ "with ", NULL, "run the full study (./run_all.sh without --quick; --samples and --pairs "
	  "6 or more)" },
	{ "the interval includes 1 once", "the interval includes 1 once the spread between "
	  "processes is added", "more block processes (--pairs N: the spread is measured over the "
	  "compiler blocks' processes) or a quieter machine" },
	{ "the interval includes 1", "the interval includes 1", "more rounds (--samples N) narrow "
	  "the interval, unless the kernels are as fast as each other" },
	{ "the two are not distinguishable", "the interval includes 1", "more rounds (--samples "
	  "N) narrow the interval, unless the kernels are as fast as each other" },
	{ "the signed-rank test does not agree", NULL, "more rounds (--samples N)" },
	{ "the sign differs", "the sign differs between epochs", "more rounds (--samples N) on a "
	  "quieter machine" },
	{ "distinguishable here, but within", "the margin is within the code-layout spread",
	  "nothing the harness can: code layout alone moves a figure that much" },
	{ "within the ", "the margin is within the code-layout spread", "nothing the harness can: "
	  "code layout alone moves a figure that much" },
	{ "its between-process spread was measured on", "the spread between processes was "
	  "measured on other cells only", "run the study again with this "
	  "build (its compiler blocks time every mode)" },
	{ "too few pairs", "too few rounds for an interval", "more rounds (--samples N)" },
};
#define NWHY (sizeof WHY_KINDS / sizeof WHY_KINDS[0])

/* Returns the index into WHY_KINDS of what keeps v from settled (NWHY: none known, or
 * settled).  A provisional verdict is the host's, whatever else its why says. */
static size_t why_kind(const struct verdict *v)
{
	if (v->settled == 1 && !v->provisional)
		return NWHY;
	if (v->provisional && strcmp(verdict_word(v), "unclear"))
		return 0;
	for (size_t i = 0; i < NWHY; i++)
		if (!strncmp(v->why, WHY_KINDS[i].starts, strlen(WHY_KINDS[i].starts)))
			return i;
	return NWHY;
}

/* Writes into out why v is not settled, in the footnote's words: its why as the sections say
 * it ("the interval includes 1 once the spread between processes (±17%) is added", "with 3
 * pairs the signed-rank test cannot reach p < 0.05", "the host was busy"); "" when settled. */
static void why_words(char *out, size_t len, const struct verdict *v)
{
	const char *w = v->why, *pm;
	size_t k = why_kind(v);
	char own[SUM_MAX];

	out[0] = 0;
	if (v->settled == 1 && !v->provisional)
		return;
	/* "with 3 pairs the signed-rank test cannot reach p < 0.05 (6 are the fewest that can)":
	 * the parenthesis is the sections' */
	if ((pm = strstr(w, " are the fewest that can")) != NULL)
		while (pm > w && strncmp(pm, " (", 2))
			pm--;
	snprintf(own, sizeof own, "%.*s", pm && pm > w ? (int)(pm - w) : (int)strlen(w), w);
	if (k == 0) {
		snprintf(out, len, "the host was busy");
		if (strncmp(w, "the host was busy", 17) && *w)
			doc_cat(out, len, ", and %s", own);
		return;
	}
	if (k < NWHY && !strcmp(WHY_KINDS[k].starts, "the interval includes 1 once") &&
	    (pm = strstr(w, "(\u00b1")) != NULL) {
		snprintf(out, len, "the interval includes 1 once the spread between processes "
			 "%.*s is added", (int)strcspn(pm, ")") + 1, pm);
		return;
	}
	if (!strcmp(verdict_word(v), "unclear") && k < NWHY &&
	    !strcmp(WHY_KINDS[k].starts, "its between-process spread was measured on") &&
	    !isnan(v->process_pct)) {
		/* unclear: the interval decided it, with a term borrowed from other cells */
		doc_cat(out, len, "the interval includes 1 once the spread between processes "
			"(\u00b1%.1f%%, %s) is added", v->process_pct,
			own + strlen("its between-process spread was "));
		return;
	}
	snprintf(out, len, "%s", own[0] ? own : "not settled");
}

/* Returns the first verdict of question q whose a starts with prefix a (NULL: any), or NULL. */
static const struct verdict *find(const struct study *s, const char *q, const char *a)
{
	for (size_t i = 0; s->verdicts && i < s->verdicts->n; i++) {
		const struct verdict *v = &s->verdicts->v[i];
		if (!strcmp(v->question, q) && (!a || !strncmp(v->a, a, strlen(a))))
			return v;
	}
	return NULL;
}

/* Writes "X is 2.61x faster than Y" (or "X and Y are not told apart (1.03x)") for v, with
 * the names xa and xb for v->a and v->b. */
static void faster_as(char *out, size_t len, const struct verdict *v, const char *xa,
		      const char *xb)
{
	int b_wins = v->ratio < 1;
	double f = b_wins ? 1 / v->ratio : v->ratio;
	const char *win = b_wins ? xb : xa, *lose = b_wins ? xa : xb;
	/* "their 64-bit siblings are", "split-pext is" */
	int plural = strchr(win, ' ') && win[strlen(win) - 1] == 's';

	if (!strcmp(verdict_word(v), "unclear"))
		snprintf(out, len, "%s and %s are not told apart (%.2f\u00d7)", xa, xb, f);
	else
		snprintf(out, len, "%s %s %.2f\u00d7 faster than %s", win, plural ? "are" : "is", f,
			 lose);
}

static void faster(char *out, size_t len, const struct verdict *v)
{
	faster_as(out, len, v, v->a, v->b);
}

/* Appends " WHO leaves out 12 withheld cells of 96 measured (...)." for v when it left out
 * any: an answer that rests on fewer cells than were measured says so. */
static void left_out(char *out, size_t len, const struct verdict *v, const char *who)
{
	if (v->withheld)
		doc_cat(out, len, " %s leaves out %zu withheld cell%s of %zu measured (Figures "
			"withheld lists them).", who, v->withheld, v->withheld == 1 ? "" : "s",
			v->measured);
}

/* Appends what v's answer depends on, from its robust column ("depends on KNOB: LO-HIx;
 * ..."), as factors in the direction the sentence states them (faster over slower). */
static void depends(char *out, size_t len, const struct verdict *v)
{
	const char *p = v->robust;
	int inv = v->ratio < 1, n = 0;

	while ((p = strstr(p, "depends on ")) != NULL) {
		const char *colon = strchr(p, ':'), *end = strchr(p, ';');
		double lo, hi;
		p += 11;
		if (!colon || (end && end < colon))
			continue;
		doc_cat(out, len, "%s%.*s", n++ ? " and on " : " On query streams the factor "
			"depends on ",
			(int)(colon - p), p);
		if (sscanf(colon + 1, " %lf\u2013%lf", &lo, &hi) == 2 && lo > 0 && hi > 0) {
			if (inv)
				doc_cat(out, len, " (%.2f\u2013%.2f\u00d7)", 1 / hi, 1 / lo);
			else
				doc_cat(out, len, " (%.2f\u2013%.2f\u00d7)", lo, hi);
		}
	}
	if (n)
		doc_cat(out, len, ".");
}

/* Writes " (word)" or " (word: why)" in HTML, the word in its class's colour. */
static void word_html(FILE *f, const char *w, const char *why)
{
	fprintf(f, " <span class=\"w-%s\">(%s", w, w);
	if (why && *why) {
		fputs(": ", f);
		doc_html_esc(f, why);
	}
	fputs(")</span>", f);
}

/* One answer: the question, the sentence, its confidence word (NULL: not measured), what
 * follows it (a second finding with its own word inside), the cells it left out as withheld,
 * and the terminal's short line. */
struct answer {
	const char *q, *word;
	char text[SUM_MAX], more[SUM_MAX], left[SUM_MAX], brief[SUM_MAX];
	char why[SUM_MAX];       /* why_words of its verdict: "" settled or not measured */
	size_t kind;             /* why_kind of its verdict (NWHY: settled or not measured) */
};

/* The first screen's content, computed once from the verdicts and written twice: into the
 * report (summary_doc) and as the terminal's closing lines (answer.txt, summary_text). */
struct summary {
	char machine[SUM_MAX];
	char busy[SUM_MAX + 64];     /* the host was busy: every answer provisional, "" quiet */
	char busy_brief[80];         /* its first reason, for the footnote */
	char held[SUM_MAX];          /* how many figures of the study are withheld, "" none */
	struct answer ans[3];
	struct rec {
		char workload[96], use[96], second[96], note[SUM_MAX];
		char close[256];             /* kernels within the noise of use, "" */
		char needs[64], second_needs[64];  /* what use and second need (kernels.csv) */
		char why[SUM_MAX];           /* why_words: "" when settled */
		const char *words, *word;
		double margin;
		size_t withheld, measured;   /* cells left out as withheld, of those measured */
		size_t kind;                 /* why_kind (NWHY: settled) */
	} rec[REPORT_MAX_WORKLOADS];
	size_t nrec;
	char unsettled[2 * SUM_MAX];  /* why rows are not settled, what would settle them, "" */
	char trap[SUM_MAX];           /* a winner that needs BMI2: where that is a trap, "" */
	char gain[2 * SUM_MAX];       /* the search's engine gain (report_search.c), "" */
};

static void answer(struct answer *a, const char *q, const char *text, const char *word,
		   const char *more, const char *brief)
{
	a->q = q;
	a->word = word;
	a->kind = NWHY;
	snprintf(a->text, sizeof a->text, "%s", text);
	snprintf(a->more, sizeof a->more, "%s", more ? more : "");
	snprintf(a->brief, sizeof a->brief, "%s", brief ? brief : text);
}

/* Sets a's reason from verdict v (its confidence word's "why"). */
static void answer_why(struct answer *a, const struct verdict *v)
{
	why_words(a->why, sizeof a->why, v);
	a->kind = why_kind(v);
}

static void answer_bits(struct answer *d, const struct study *s)
{
	const struct verdict *build = find(s, "bits", "-m64 build"),
			     *sib = find(s, "bits", "64-bit siblings");
	char t[SUM_MAX], m[SUM_MAX], f[256], f0[256] = "", dep[256] = "";

	if (!build && !sib) {
		answer(d, "32-bit or 64-bit?", "Not measured: no 32-bit kernel or build was timed "
		       "(the details below say why).", NULL, NULL, NULL);
		return;
	}
	t[0] = m[0] = 0;
	if (build) {
		faster_as(f, sizeof f, build, "the -m64 build", "the -m32 build");
		snprintf(f0, sizeof f0, "%s", f);
		depends(dep, sizeof dep, build);
		doc_cat(t, sizeof t, "Build for 64-bit: %s (the same kernels, the same -march, "
			"alternating processes).%s", f, dep);
		left_out(d->left, sizeof d->left, build, "This answer");
	}
	if (sib) {
		faster_as(f, sizeof f, sib, "their 64-bit siblings",
			  "the kernels designed for 32-bit arithmetic");
		doc_cat(build ? m : t, build ? sizeof m : sizeof t, "In a 64-bit build, %s%s", f,
			build ? "" : ".");
		if (build)
			doc_cat(m, sizeof m, " (%s).", verdict_word(sib));
		else
			snprintf(f0, sizeof f0, "%s", f);
		left_out(d->left, sizeof d->left, sib, build ? "The siblings' comparison" :
			 "This answer");
	}
	answer(d, "32-bit or 64-bit?", t, verdict_word(build ? build : sib), m[0] ? m : NULL,
	       f0);
	answer_why(d, build ? build : sib);
}

/* The table sizes of v's two kernels as "(2 KiB)" after each name. */
static void sized(char *out, size_t len, const struct study *s, const char *k)
{
	double b = report_kernel_bytes(&s->m64, k);
	char sz[32];

	if (b >= 0)
		snprintf(out, len, "%s (%s of tables)", k, report_bytes(sz, sizeof sz, b));
	else
		snprintf(out, len, "%s", k);
}

static void answer_tables(struct answer *d, const struct study *s)
{
	const struct verdict *v = find(s, "tables", NULL);
	struct verdict w;
	char t[SUM_MAX], f[384], dep[256];

	if (!v) {
		answer(d, "A small shared table or a larger one?", "Not measured: no kernel pair "
		       "with different table sizes was timed.", NULL, NULL, NULL);
		return;
	}
	w = *v;
	sized(w.a, sizeof w.a, s, v->a);
	sized(w.b, sizeof w.b, s, v->b);
	faster(f, sizeof f, &w);
	dep[0] = 0;
	depends(dep, sizeof dep, v);
	t[0] = 0;
	doc_cat(t, sizeof t, "%s, over every mode and piece.%s", f, dep);
	answer(d, "A small shared table or a larger one?", t, verdict_word(v), NULL, f);
	answer_why(d, v);
	left_out(d->left, sizeof d->left, v, "This answer");
}

static void answer_branching(struct answer *d, const struct study *s)
{
	const struct verdict *v = find(s, "branching", NULL), *v2 = NULL;
	char t[SUM_MAX], m[SUM_MAX], f[256], f2[256], dep[256];

	if (!v) {
		answer(d, "Branchless or conditional?", "Not measured: no branching pair was timed.",
		       NULL, NULL, NULL);
		return;
	}
	for (size_t i = 0; i < s->verdicts->n; i++)
		if (!strcmp(s->verdicts->v[i].question, "branching") && &s->verdicts->v[i] != v) {
			v2 = &s->verdicts->v[i];
			break;
		}
	faster(f, sizeof f, v);
	dep[0] = 0;
	depends(dep, sizeof dep, v);
	t[0] = 0;
	doc_cat(t, sizeof t, "%s on real-game queries, over every mode and piece.%s", f, dep);
	m[0] = 0;
	if (v2) {
		faster(f2, sizeof f2, v2);
		snprintf(m, sizeof m, "The other pair: %s (%s).", f2, verdict_word(v2));
	}
	answer(d, "Branchless or conditional?", t, verdict_word(v), m[0] ? m : NULL, f);
	answer_why(d, v);
	left_out(d->left, sizeof d->left, v, "This answer");
}

/* The words for a recommendation's workload label ("stream", "engine (perft)", ...). */
static const char *words_for(const char *label)
{
	for (size_t i = 0; i < sizeof WORKLOAD_WORDS / sizeof WORKLOAD_WORDS[0]; i++) {
		size_t n = strlen(WORKLOAD_WORDS[i].mode);
		if (!strncmp(label, WORKLOAD_WORDS[i].mode, n) &&
		    (label[n] == 0 || label[n] == ' ' || label[n] == ','))
			return WORKLOAD_WORDS[i].words;
	}
	return "";
}

static void rec_row(struct summary *m, const char *workload, const char *words,
		    const struct verdict *v, const char *note, size_t withheld, size_t measured)
{
	struct rec *r;

	if (m->nrec == REPORT_MAX_WORKLOADS)
		return;
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
}

/* The pressure sizes folded into one row: the kernel that wins at most sizes, and where
 * another wins. */
static void rec_pressure(struct summary *d, const struct study *s)
{
	const struct verdict *p[REPORT_MAX_WORKLOADS];
	size_t n = 0, best = 0, bestn = 0, withheld = 0, measured = 0;
	char note[SUM_MAX] = "", range[96];

	for (size_t i = 0; i < s->verdicts->n && n < REPORT_MAX_WORKLOADS; i++)
		if (!strncmp(s->verdicts->v[i].question, "recommend:pressure", 18))
			p[n++] = &s->verdicts->v[i];
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
				p[i]->question + 22);
		withheld += p[i]->withheld, measured += p[i]->measured;
	}
	if (note[0])
		doc_cat(note, sizeof note, " instead)");
	snprintf(range, sizeof range, "pressure %s\u2013%s", p[0]->question + 22,
		 p[n - 1]->question + 22);
	rec_row(d, range, words_for("pressure"), p[best], note, withheld, measured);
}

static void recommendation(struct summary *m, const struct study *s)
{
	for (size_t i = 0; s->verdicts && i < s->verdicts->n; i++) {
		const struct verdict *v = &s->verdicts->v[i];
		if (strncmp(v->question, "recommend:", 10) || !strncmp(v->question + 10,
								       "pressure", 8))
			continue;
		rec_row(m, v->question + 10, words_for(v->question + 10), v, NULL, v->withheld,
			v->measured);
	}
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
static void needs_rows(struct summary *m, const struct study *s)
{
	char path[PATH_MAX + 16], err[256];
	struct csv kc, *kp = NULL;
	const struct rec *pext = NULL;

	snprintf(path, sizeof path, "%s/kernels.csv", s->dir);
	if (csv_load(path, &kc, err, sizeof err) == 0)
		kp = &kc;
	for (size_t i = 0; i < m->nrec; i++) {
		struct rec *r = &m->rec[i];
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
static void unsettled_line(struct summary *m, const struct study *s)
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

/* The machine, the build and the study in one line. */
static void machine_line(char *line, size_t len, const struct study *s)
{
	const struct run *r = &s->m64;
	const char *cpu = run_ctx(r, "machine.cpu_model"), *ua = run_ctx(r, "machine.uarch"),
		   *hv = run_ctx(r, "machine.hypervisor"), *cc = run_ctx(r, "slidebench.compiler"),
		   *id = run_ctx(r, "run_id");
	double fam = r->ctx ? jsonx_num(r->ctx, "machine.cpu_family") : NAN,
	       mod = r->ctx ? jsonx_num(r->ctx, "machine.cpu_model_number") : NAN,
	       ncpu = r->ctx ? jsonx_num(r->ctx, "machine.ncpus") : NAN;
	size_t spc = report_samples_per_cell(r);

	line[0] = 0;

	doc_cat(line, len, "%s", cpu ? cpu : "unknown CPU");
	if (ua && *ua)
		doc_cat(line, len, ", %s", ua);
	if (!isnan(fam) && !isnan(mod))
		doc_cat(line, len, " (family %.0f model %.0f)", fam, mod);
	if (hv && *hv && strcmp(hv, "none"))
		doc_cat(line, len, ", %s guest", hv);
	if (!isnan(ncpu))
		doc_cat(line, len, ", %.0f CPUs", ncpu);
	doc_cat(line, len, "; %s; %s study (%zu samples a cell)", cc ? cc : "unknown "
		"compiler", spc && spc < FULL_SAMPLES ? "quick" : "full", spc);
	if (id && strlen(id) >= 8)
		doc_cat(line, len, ", %.4s-%.2s-%.2s", id, id + 4, id + 6);
}

/* Writes how many of the study's measured figures are withheld, and in which blocks, into
 * out ("" when none is). */
static void held_line(char *out, size_t len, const struct study *s)
{
	const struct flagged *f = s->flagged;

	out[0] = 0;
	if (!f || !f->n[FLAGGED_WITHHELD])
		return;
	doc_cat(out, len, "%zu of the %zu measured figures of this study are withheld as "
		"measurement errors (", f->n[FLAGGED_WITHHELD], f->rows);
	for (size_t i = 0, k = 0; i < f->ng; i++)
		if (f->g[i].n[FLAGGED_WITHHELD])
			doc_cat(out, len, "%s%s %zu", k++ ? ", " : "", f->g[i].name,
				f->g[i].n[FLAGGED_WITHHELD]);
	doc_cat(out, len, "): no answer uses them; the report's Figures withheld lists them");
}

/* Makes text x (len bytes) safe for a terminal and a text file, in place (out_text). */
static void clean(char *x, size_t len)
{
	char t[4 * SUM_MAX];     /* the longest buffer it cleans (unsettled) and room to grow */

	out_text(x, t, sizeof t < len ? sizeof t : len);
	memcpy(x, t, strlen(t) + 1);
}

/* Computes the first screen; every text read from the study (the machine, a mode or kernel
 * name in a sentence) is made safe once here, for the report and answer.txt alike. */
static void summary_build(struct summary *m, const struct study *s)
{
	struct search_gain g;

	memset(m, 0, sizeof *m);
	machine_line(m->machine, sizeof m->machine, s);
	if (s->busy) {
		snprintf(m->busy, sizeof m->busy, "The host was busy during this study (%s): its "
			 "answers are provisional; run it again on a quiet machine", s->busy_brief);
		snprintf(m->busy_brief, sizeof m->busy_brief, "%s", s->busy_brief);
	}
	held_line(m->held, sizeof m->held, s);
	answer_bits(&m->ans[0], s);
	answer_tables(&m->ans[1], s);
	answer_branching(&m->ans[2], s);
	recommendation(m, s);
	needs_rows(m, s);
	unsettled_line(m, s);
	if (report_search_gain(s, &g))
		report_search_gain_text(m->gain, sizeof m->gain, &g);
	clean(m->machine, sizeof m->machine);
	clean(m->unsettled, sizeof m->unsettled);
	clean(m->trap, sizeof m->trap);
	clean(m->gain, sizeof m->gain);
	clean(m->busy, sizeof m->busy);
	clean(m->busy_brief, sizeof m->busy_brief);
	for (size_t i = 0; i < 3; i++) {
		clean(m->ans[i].text, sizeof m->ans[i].text);
		clean(m->ans[i].more, sizeof m->ans[i].more);
		clean(m->ans[i].brief, sizeof m->ans[i].brief);
		clean(m->ans[i].why, sizeof m->ans[i].why);
	}
	for (size_t i = 0; i < m->nrec; i++) {
		struct rec *r = &m->rec[i];
		clean(r->workload, sizeof r->workload);
		clean(r->use, sizeof r->use);
		clean(r->second, sizeof r->second);
		clean(r->note, sizeof r->note);
		clean(r->close, sizeof r->close);
		clean(r->why, sizeof r->why);
		clean(r->needs, sizeof r->needs);
	}
}

/* Writes <tag>text</tag>, text escaped (tag a plain name). */
static void html_text(FILE *f, const char *tag, const char *text)
{
	fprintf(f, "<%s>", tag);
	doc_html_esc(f, text);
	fprintf(f, "</%s>", tag);
}

/* Writes the three answers, a sentence each with its confidence word. */
static void answers_doc(struct doc *d, const struct summary *m)
{
	/* not doc_h: the contents list the sections below, written before this one */
	fputs("<h2 id=\"found\">What this study found</h2>\n<dl class=\"answers\">\n", d->html);
	fputs("## What this study found\n\n", d->md);
	for (size_t i = 0; i < 3; i++) {
		const struct answer *a = &m->ans[i];
		html_text(d->html, "dt", a->q);
		fputs("<dd>", d->html);
		doc_html_esc(d->html, a->text);
		if (a->word)
			word_html(d->html, a->word, a->why);
		if (a->more[0]) {
			fputs(" ", d->html);
			doc_html_esc(d->html, a->more);
		}
		doc_html_esc(d->html, a->left);
		fputs("</dd>\n", d->html);
		fprintf(d->md, "- **%s** %s%s%s%s%s%s%s%s%s\n", a->q, a->text, a->word ? " (" : "",
			a->word ? a->word : "", a->why[0] ? ": " : "", a->why, a->word ? ")" : "",
			a->more[0] ? " " : "", a->more, a->left);
	}
	fputs("</dl>\n", d->html);
}

/* Writes into out what a row recommends: its kernel, or where it is not settled and others
 * are within the noise of it, all of them ("pext, galois-field: within the noise of this
 * host"). */
static void rec_use(char *out, size_t len, const struct rec *r)
{
	out[0] = 0;
	doc_cat(out, len, "%s", r->use);
	if (r->needs[0])      /* what a one-binary engine must check for: "pext (needs BMI2)" */
		doc_cat(out, len, " (needs %s)", r->needs);
	if (r->close[0])
		doc_cat(out, len, ", %s: within the noise of this host", r->close);
}

/* Writes one row of the recommendation table. */
static void rec_doc_row(struct doc *d, const struct rec *r)
{
	char mg[32], note[SUM_MAX + 96], use[384];

	snprintf(mg, sizeof mg, isnan(r->margin) ? "not measured" : "%.2f\u00d7", r->margin);
	snprintf(note, sizeof note, "%s", r->note);
	rec_use(use, sizeof use, r);
	if (r->withheld)
		doc_cat(note, sizeof note, "%s(leaves out %zu withheld cell%s of %zu measured)",
			note[0] ? " " : "", r->withheld, r->withheld == 1 ? "" : "s", r->measured);
	fputs("<tr><td><b>", d->html);
	doc_html_esc(d->html, r->workload);
	fputs("</b> ", d->html);
	doc_html_esc(d->html, r->words);
	fputs("</td><td>", d->html);
	html_text(d->html, "b", use);
	if (note[0]) {
		fputs(" ", d->html);
		doc_html_esc(d->html, note);
	}
	fputs("</td>", d->html);
	html_text(d->html, "td", r->second);
	fputs("<td class=\"n\">", d->html);
	doc_html_esc(d->html, mg);
	fputs("</td><td>", d->html);
	word_html(d->html, r->word, r->why);
	fputs("</td></tr>\n", d->html);
	fprintf(d->md, "| %s: %s | **%s**%s%s | %s | %s | %s%s%s |\n", r->workload, r->words, use,
		note[0] ? " " : "", note, r->second, mg, r->word, r->why[0] ? ": " : "", r->why);
}

/* Writes the recommendation table: per workload, the kernel to use. */
static void recs_doc(struct doc *d, const struct summary *m)
{
	static const char *const head[] = { "workload", "use this", "runner-up", "margin",
					     "confidence" };

	fputs("<table class=\"rec\"><tr>", d->html);
	for (size_t i = 0; i < 5; i++)
		fprintf(d->html, "<th>%s</th>", head[i]);
	fputs("</tr>\n", d->html);
	fputs("\n| workload | use this | runner-up | margin | confidence |\n"
	      "|---|---|---|---:|---|\n", d->md);
	for (size_t i = 0; i < m->nrec; i++)
		rec_doc_row(d, &m->rec[i]);
	fputs("</table>\n", d->html);
	fputs("\n", d->md);
}

/* The first screen: the machine, the answers, the recommendation and how to read them. */
static void summary_doc(struct doc *d, const struct summary *m)
{
	char busy[96] = " (none here)";

	doc_p(d, "machine", "%s.", m->machine);
	if (m->busy[0])
		doc_p(d, "note", "%s.", m->busy);
	if (m->unsettled[0])
		doc_p(d, "note", "%s.", m->unsettled);
	if (m->held[0])
		doc_p(d, "note", "%s.", m->held);
	answers_doc(d, m);
	recs_doc(d, m);
	if (!m->nrec)
		doc_p(d, "note", "No workload had two kernels timed: nothing to recommend.");
	if (m->trap[0])
		doc_p(d, "note", "%s.", m->trap);
	if (m->gain[0])
		doc_p(d, "note", "%s.", m->gain);
	if (m->busy_brief[0])
		snprintf(busy, sizeof busy, " (%s)", m->busy_brief);
	doc_p(d, "foot", "Each word is decided by the paired comparison's own tests, and a row "
	      "that is not settled says which of them decided it. settled: the kernels were timed "
	      "in the same rounds, the 95%% interval of their ratio (widened by the spread "
	      "between processes where measured) excludes 1, the signed-rank test gives "
	      "p < 0.05, the margin exceeds the code-layout spread and every epoch of the run "
	      "points the same way. likely: the interval excludes 1, but one of the other tests "
	      "fails (the row names it: with fewer than 6 pairs the signed-rank test cannot reach "
	      "p < 0.05, the test does not agree, an epoch points the other way, the margin is "
	      "within the code-layout spread, the spread between processes was measured on other "
	      "cells only). provisional: settled or likely, but the host was busy%s: in-process "
	      "pairing does not cancel a neighbour's cache traffic, which slows large-table "
	      "kernels more than others; run again on a quiet machine. unclear: the interval "
	      "includes 1, either within the run itself (no difference measured) or only once the "
	      "spread between processes is added (the rounds of one process found a difference "
	      "that another process of the same build may not repeat): the row says which. A row "
	      "not settled names the kernels whose paired interval against its first kernel "
	      "includes 1: within the noise of this host. Margin: the runner-up's time over the "
	      "winner's, paired round by round. Every figure is explained in the sections below.",
	      busy);
}

void report_summary(struct doc *d, const struct study *s)
{
	struct summary *m = malloc(sizeof *m);

	if (!m)
		return;
	summary_build(m, s);
	summary_doc(d, m);
	report_yours(d, s);
	free(m);
}

/* The answers and the recommendation in at most SUMMARY_LINES lines of plain text: what
 * run_all.sh prints last, from the same verdicts as the report's first screen. */
static void summary_text(FILE *f, const struct summary *m, size_t yours)
{
	static const char *const shortq[3] = { "32 or 64 bit", "table size", "branching" };
	/* on a busy host the line on why rows are not settled follows the busy one, on it */
	size_t room = SUMMARY_LINES - 4 - !!m->busy[0] - !!m->held[0] -
		      (!m->busy[0] && m->unsettled[0]) - !!m->gain[0] - yours;

	fprintf(f, "%s.\n", m->machine);
	if (m->busy[0])
		fprintf(f, "%s.%s%s%s\n", m->busy, m->unsettled[0] ? " " : "", m->unsettled,
			m->unsettled[0] ? "." : "");
	else if (m->unsettled[0])
		fprintf(f, "%s.\n", m->unsettled);
	if (m->held[0])
		fprintf(f, "%s.\n", m->held);
	for (size_t i = 0; i < 3; i++)
		fprintf(f, "%-14s %s%s%s%s%s%s\n", shortq[i], m->ans[i].brief,
			m->ans[i].word ? " (" : "", m->ans[i].word ? m->ans[i].word : "",
			m->ans[i].why[0] ? ": " : "", m->ans[i].why, m->ans[i].word ? ")" : "");
	for (size_t i = 0; i < m->nrec && i < room; i++) {
		const struct rec *r = &m->rec[i];
		char mg[32], use[384];
		if (i + 1 == room && m->nrec > room) {
			fprintf(f, "%-14s and %zu more workloads: see the report\n", "",
				m->nrec - i);
			break;
		}
		rec_use(use, sizeof use, r);
		snprintf(mg, sizeof mg, isnan(r->margin) ? "margin not measured" : "%.2f\u00d7 over",
			 r->margin);
		if (r->close[0])   /* no one winner: the kernels within the noise, then why */
			fprintf(f, "%-14s %s%s%s (%s%s%s)\n", r->workload, use, r->note[0] ? " " : "",
				r->note, r->word, r->why[0] ? ": " : "", r->why);
		else
			fprintf(f, "%-14s use %s%s%s, %s %s (%s%s%s)\n", r->workload, use,
				r->note[0] ? " " : "", r->note, mg, r->second, r->word,
				r->why[0] ? ": " : "", r->why);
	}
	if (m->gain[0])
		fprintf(f, "%s.\n", m->gain);
	if (m->trap[0] && m->nrec < room)   /* the lines left over: where the winner is a trap */
		fprintf(f, "%s.\n", m->trap);
}

int report_answer_text(const struct study *s, FILE *f)
{
	struct summary *m = malloc(sizeof *m);

	if (!m)
		return -1;
	summary_build(m, s);  /* its texts safe for a terminal: run_all.sh prints the file */
	summary_text(f, m, report_yours_text(s, NULL));
	report_yours_text(s, f);
	free(m);
	return ferror(f) ? -1 : 0;
}

/* Writes the sentence chart name answers, from the verdicts, into out ("" when the chart
 * states no verdict of its own). */
static void chart_answer(const struct study *s, const struct summary *m, const char *name,
			 char *out, size_t len)
{
	const struct verdict *a, *b;

	out[0] = 0;
	if (!strcmp(name, "bits") && m->ans[0].word)
		snprintf(out, len, "%s", m->ans[0].brief);
	else if (!strcmp(name, "tables") && m->ans[1].word)
		snprintf(out, len, "%s", m->ans[1].brief);
	else if (!strcmp(name, "branching") && m->ans[2].word)
		snprintf(out, len, "%s", m->ans[2].brief);
	else if (!strcmp(name, "ranking") && (a = find(s, "recommend:position", NULL)) != NULL) {
		/* "ahead" only where the interval says so: an unclear margin is no lead */
		if (!strcmp(verdict_word(a), "unclear"))
			snprintf(out, len, "In position mode %s and %s are not told apart (%.2f\u00d7, "
				 "unclear)", a->a, a->b, a->ratio);
		else
			snprintf(out, len, "In position mode %s is fastest, %.2f\u00d7 ahead of %s "
				 "(%s)", a->a, a->ratio, a->b, verdict_word(a));
		if ((b = find(s, "recommend:engine (perft)", NULL)) != NULL &&
		    !strcmp(verdict_word(b), "unclear"))
			doc_cat(out, len, "; in perft %s and %s are not told apart (%.2f\u00d7, "
				"unclear)", b->a, b->b, b->ratio);
		else if (b)
			doc_cat(out, len, "; in perft %s, %.2f\u00d7 ahead of %s (%s)", b->a, b->ratio,
				b->b, verdict_word(b));
	} else if (!strcmp(name, "pressure")) {
		for (size_t i = 0; i < m->nrec; i++)
			if (!strncmp(m->rec[i].workload, "pressure", 8))
				snprintf(out, len, "%s is fastest beside a working set of %s%s%s",
					 m->rec[i].use, m->rec[i].workload + 9,
					 m->rec[i].note[0] ? " " : "", m->rec[i].note);
	} else if (!strcmp(name, "hugepages")) {
		size_t n = 0, faster = 0, slower = 0;
		const struct verdict *big = NULL;
		for (size_t i = 0; s->verdicts && i < s->verdicts->n; i++) {
			const struct verdict *v = &s->verdicts->v[i];
			if (strcmp(v->question, "hugepages"))
				continue;
			n++;
			faster += v->settled == 1 && v->ratio > 1;
			slower += v->settled == 1 && v->ratio < 1;
			if (v->ratio > 0 && (!big || fabs(log(v->ratio)) > fabs(log(big->ratio))))
				big = v;
		}
		if (n && big)
			snprintf(out, len, "Huge pages make %zu of %zu large-table kernels settled "
				 "faster and %zu slower; the largest change: %.*s, %.2f\u00d7 (time without "
				 "over with)", faster, n, slower, (int)strcspn(big->a, ","), big->a,
				 big->ratio);
	}
}

/* What each chart draws, against what its opening sentence compares: the bars are medians,
 * the sentences paired ratios round by round, and the two can order two kernels otherwise. */
static const struct {
	const char *name, *shows;
} CHART_SHOWS[] = {
	{ "bits", "The bars are each kernel's median ns/lookup; the sentence and the -m32 panel "
	  "are paired ratios (round by round, or over the blocks)" },
	{ "tables", "The bars are each kernel's median ns/lookup; the sentence is the paired "
	  "ratio, round by round" },
	{ "branching", "The bars are each kernel's median ns/lookup; the sentence is the paired "
	  "ratio, round by round" },
	{ "ranking", "The bars are each kernel's median ns/lookup, in the order of the medians; "
	  "the sentence is the paired ratio, round by round, which decides where the two "
	  "disagree" },
	{ "footprint", "Each point is a kernel's median ns/lookup" },
	{ "random-vs-real", "Ranks by median ns/lookup" },
	{ "pressure", "The lines are each kernel's median ns/lookup; the sentence is the paired "
	  "ratio per size, round by round" },
	{ "hugepages", "The bars are the medians of the first pair of blocks; the sentence and "
	  "the ratios under the names are paired over every pair of blocks" },
};

void report_chart(struct doc *d, const struct study *s, const char *name, const char *caption)
{
	struct summary *m = malloc(sizeof *m);
	char text[2 * SUM_MAX + 512], ans[SUM_MAX] = "";
	const char *shows = "";

	if (m) {
		summary_build(m, s);
		chart_answer(s, m, name, ans, sizeof ans);
		free(m);
	}
	for (size_t i = 0; i < sizeof CHART_SHOWS / sizeof CHART_SHOWS[0]; i++)
		if (!strcmp(CHART_SHOWS[i].name, name))
			shows = CHART_SHOWS[i].shows;
	snprintf(text, sizeof text, "%s%s%s%s%s", ans, ans[0] ? ". " : "", shows,
		 shows[0] ? ". " : "", caption);
	doc_chart(d, s->dir, name, text);
}
