/* report_yours.c - the first screen's "your kernel" line: for each kernel the study ran from a
 * plugin (--plugin), its place per workload among the kernels that ran that workload and its
 * margin to the winner, so the plugin's author need not look for it in every table.  The
 * places are the recommendation's (report_ranked: the winner the one every section names). */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "report/report.h"
#include "util/jsonx.h"
#include "util/output.h"

#define YOURS_MAX 8      /* plugin kernels given a line */
#define YOURS_CANDS 256  /* candidates of a workload */
#define YOURS_LEN 1536

/* Returns the ordinal suffix of n: 1st, 2nd, 3rd, 4th, 11th, 12th, 13th, 21st ... */
static const char *ordinal(size_t n)
{
	if (n % 100 >= 11 && n % 100 <= 13)
		return "th";
	return n % 10 == 1 ? "st" : n % 10 == 2 ? "nd" : n % 10 == 3 ? "rd" : "th";
}

/* Fills names[] with the kernels of run r that came from a plugin: in context.json's
 * "kernels" a plugin's origin is its file, a built-in kernel's "built-in"; the copies of a
 * built-in kernel (K@L1, K@shared: bench --layouts, --table-copies) are not the user's.
 * Returns how many. */
static size_t plugins(const struct run *r, const char **names, size_t max)
{
	const json_t *ks = r->ctx ? jsonx_get(r->ctx, "kernels") : NULL;
	size_t n = 0;

	for (size_t i = 0; i < json_array_size(ks) && n < max; i++) {
		const json_t *k = json_array_get(ks, i);
		const char *name = jsonx_str(k, "name"), *origin = jsonx_str(k, "origin");
		if (name && origin && strncmp(origin, "built-in", 8) && !strchr(name, '@'))
			names[n++] = name;
	}
	return n;
}

/* Returns kernel k's place in workload w of run r (1 the winner; 0 when it is no candidate
 * there: not run, or its figures withheld or prepared), *n the candidates, *ratio its time
 * over the winner's (in first place: the runner-up's over its own, *other the runner-up; else
 * *other the winner), paired round by round where the recommendation compared the two. */
static size_t place(const struct study *s, const struct run *r, const struct report_workload *w,
		    const char *k, size_t *n, double *ratio, const char **other)
{
	static struct report_cand c[YOURS_CANDS];
	struct report_winner p;
	size_t i;

	*n = report_ranked(s, r, w, c, YOURS_CANDS);
	for (i = 0; i < *n && strcmp(c[i].kernel, k); i++)
		;
	if (i == *n)
		return 0;
	*other = *n < 2 ? NULL : i ? c[0].kernel : c[1].kernel;
	*ratio = *n < 2 ? NAN : i ? c[i].score / c[0].score : c[1].score / c[0].score;
	if (i < 2 && *n >= 2 && report_winner(s, r, w, &p) && p.second && !isnan(p.m.ratio))
		*ratio = p.m.ratio;
	return i + 1;
}

/* Returns 1 when kernel k has a measured row in workload w of run r (its figure withheld or
 * not; a row unavailable or not timed is not one). */
static int ran(const struct run *r, const struct report_workload *w, const char *k)
{
	for (size_t i = 0; i < r->nrows; i++)
		if (!strcmp(r->rows[i].kernel, k) && report_in_workload(&r->rows[i], w) &&
		    run_row_measured(&r->rows[i]))
			return 1;
	return 0;
}

/* Appends "LABEL 3rd of 54 (1.21× the winner pext)", "LABEL 1st of 54 (1.05× ahead of
 * magic-black)" or "LABEL not run" to out. */
static void one(const struct study *s, const struct run *r, const struct report_workload *w,
		const char *label, const char *k, char *out, size_t len)
{
	const char *other = NULL;
	double ratio = NAN;
	size_t n, at = place(s, r, w, k, &n, &ratio, &other);

	doc_cat(out, len, "%s%s ", out[0] ? ", " : "", label);
	if (!at)
		doc_cat(out, len, "not %s", ran(r, w, k) ? "ranked (a figure withheld, or its "
			"lookups prepared)" : "run");
	else if (!other || isnan(ratio))
		doc_cat(out, len, "%zu%s of %zu", at, ordinal(at), n);
	else if (at == 1)
		doc_cat(out, len, "1st of %zu (%.2f\u00d7 ahead of %s)", n, ratio, other);
	else
		doc_cat(out, len, "%zu%s of %zu (%.2f\u00d7 the winner %s)", at, ordinal(at), n,
			ratio, other);
}

/* Appends the pressure sizes folded into one entry: "pressure 0 B–8 MiB 2nd–4th of 12". */
/* Returns pressure workload w's working-set size ("8 MiB"), written into buf; its label where
 * it has none. */
static const char *size_of(char *buf, size_t len, const struct report_workload *w)
{
	if (!*w->pressure)
		return w->label;
	return report_bytes(buf, len, strtod(w->pressure, NULL));
}

static void pressure(const struct study *s, const char *k, char *out, size_t len)
{
	struct report_workload w[REPORT_MAX_WORKLOADS];
	size_t nw = report_workloads(&s->pressure, w, REPORT_MAX_WORKLOADS), lo = 0, hi = 0,
	       most = 0, n, at;
	const char *other;
	double ratio;
	char lo_sz[32], hi_sz[32];

	for (size_t i = 0; i < nw; i++) {
		if (!(at = place(s, &s->pressure, &w[i], k, &n, &ratio, &other)))
			continue;
		lo = !lo || at < lo ? at : lo;
		hi = at > hi ? at : hi;
		most = n > most ? n : most;
	}
	if (!nw)
		return;
	doc_cat(out, len, "%spressure %s\u2013%s ", out[0] ? ", " : "",
		size_of(lo_sz, sizeof lo_sz, &w[0]), size_of(hi_sz, sizeof hi_sz, &w[nw - 1]));
	if (!lo)
		doc_cat(out, len, "not run");
	else if (lo == hi)
		doc_cat(out, len, "%zu%s of %zu", lo, ordinal(lo), most);
	else
		doc_cat(out, len, "%zu%s\u2013%zu%s of %zu", lo, ordinal(lo), hi, ordinal(hi), most);
}

/* Writes plugin kernel k's line (without "your kernel") into out: the main sweep's workloads,
 * the pressure sweep and the thread sweep's most threads. */
static void line(const struct study *s, const char *k, char *out, size_t len)
{
	struct report_workload w[REPORT_MAX_WORKLOADS], one_t, many;
	size_t nw = report_workloads(&s->m64, w, REPORT_MAX_WORKLOADS), twice = 0;
	char places[YOURS_LEN] = "", label[128];

	for (size_t i = 0; i < nw; i++) {
		/* the engine workload, as the recommendation names it */
		snprintf(label, sizeof label, report_engine_mode(w[i].mode) ? "engine (%s)" : "%s",
			 w[i].label);
		one(s, &s->m64, &w[i], label, k, places, sizeof places);
	}
	if (s->have_pressure)
		pressure(s, k, places, sizeof places);
	if (s->have_threads && report_threads_sweep(&s->threads, &one_t, &many)) {
		/* (a main sweep run with --threads has that workload already) */
		for (size_t i = 0; i < nw; i++)
			twice |= report_workload_same(&w[i], &many);
		if (!twice)
			one(s, &s->threads, &many, many.label, k, places, sizeof places);
	}
	snprintf(out, len, "%s: %s", k, places[0] ? places : "no workload was timed");
}

void report_yours(struct doc *d, const struct study *s)
{
	const char *k[YOURS_MAX];
	size_t n = plugins(&s->m64, k, YOURS_MAX);
	char t[YOURS_LEN];

	for (size_t i = 0; i < n; i++) {
		line(s, k[i], t, sizeof t);
		doc_p(d, "yours", "your kernel %s", t);
	}
}

size_t report_yours_text(const struct study *s, FILE *f)
{
	const char *k[YOURS_MAX];
	size_t n = plugins(&s->m64, k, YOURS_MAX);
	char t[YOURS_LEN];

	for (size_t i = 0; f && i < n; i++) {
		line(s, k[i], t, sizeof t);
		fprintf(f, "%-14s ", "your kernel");
		out_put_text(f, t);  /* its names are the study's: made safe for a terminal */
		fputc('\n', f);
	}
	return n;
}
