/* report_search.c - the search workload (bench --mode search) and Amdahl: per kernel the slider
 * lookups a node (lookups_per_node) and the share of a node's time they take, share(k) =
 * L x t_lookup(k) / t_node(k), with t_lookup the kernel's position-mode ns per lookup (the
 * whole loop's median) of the same study; checked against the measured difference between the
 * search winner and its runner-up; and the engine gain: switching from the runner-up Y to the
 * winner X saves L x (t_lookup(Y) - t_lookup(X)) ns a node, M% of an engine node of T ns
 * (--node-ns). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report/report.h"

#define SEARCH_MAXK 256

struct search_k {
	const char *kernel;
	double node, lpn, lookup;   /* ns a node, lookups a node, position ns a lookup (NaN) */
};

double report_node_ns(const struct study *s)
{
	return s->node_ns > 0 ? s->node_ns : REPORT_NODE_NS;
}

/* Kernel k's lookups a node in workload w of r (the lookups_per_node column), NaN where the
 * run has none. */
static double lookups_per_node(const struct run *r, const struct report_workload *w,
			       const char *k)
{
	for (size_t i = 0; i < r->nrows; i++) {
		const struct rr_row *x = &r->rows[i];
		if (!strcmp(x->kernel, k) && report_in_workload(x, w)) {
			double v = run_num(r, x, "lookups_per_node");
			return v > 0 ? v : NAN;
		}
	}
	return NAN;
}

/* Fills k[] with the search workload's kernels in report_ranked's order (the recommendation's
 * winner first), each with its position-mode ns a lookup where the study has it.  Returns how
 * many (0: no search rows). */
static size_t search_figs(const struct study *s, struct search_k *k, size_t max)
{
	struct report_workload sw, pw;
	struct report_cand *c = calloc(SEARCH_MAXK, sizeof *c), *p = calloc(SEARCH_MAXK, sizeof *p);
	size_t n = 0, np = 0;

	if (!c || !p || !report_find_mode(&s->m64, "search", &sw))
		goto out;
	n = report_ranked(s, &s->m64, &sw, c, SEARCH_MAXK);
	if (report_find_mode(&s->m64, "position", &pw))
		np = report_candidates(&s->m64, &pw, p, SEARCH_MAXK);
	n = n < max ? n : max;
	for (size_t i = 0; i < n; i++) {
		k[i] = (struct search_k){ c[i].kernel, c[i].score,
					  lookups_per_node(&s->m64, &sw, c[i].kernel), NAN };
		for (size_t j = 0; j < np; j++)
			if (!strcmp(p[j].kernel, c[i].kernel))
				k[i].lookup = p[j].score;
	}
out:
	free(c);
	free(p);
	return n;
}

int report_search_gain(const struct study *s, struct search_gain *g)
{
	struct search_k k[2];
	struct verdict_key key = verdict_key_mode("search");
	size_t n = search_figs(s, k, 2);

	memset(g, 0, sizeof *g);
	if (n < 2 || isnan(k[0].lpn) || isnan(k[0].lookup) || isnan(k[1].lookup))
		return 0;
	g->x = k[0].kernel, g->y = k[1].kernel;
	g->nx = k[0].node, g->ny = k[1].node;
	g->lx = k[0].lookup, g->ly = k[1].lookup;
	g->lpn = k[0].lpn;
	g->node_ns = report_node_ns(s);
	g->dnode = g->ny - g->nx;
	g->dlookups = g->lpn * (g->ly - g->lx);
	g->measured_pct = g->dnode / g->ny * 100;
	g->engine_pct = g->dlookups / g->node_ns * 100;
	for (const struct verdict *v = NULL; (v = verdict_find(s, &key, v)) != NULL;)
		g->word = verdict_word(v);   /* the last one recorded */
	return 1;
}

void report_search_gain_text(char *out, size_t len, const struct search_gain *g)
{
	out[0] = 0;
	doc_cat(out, len, "Engine gain: the lookups are %.0f%% of a search node with %s (lookups a "
		"node \u00d7 position-mode ns a lookup / ns a node); switching from %s to %s makes "
		"this search %.1f%% faster (measured: %.1f against %.1f ns a node, medians%s%s); in "
		"an engine whose node costs %.0f ns, about %.1f%%", g->lpn * g->lx / g->nx * 100,
		g->x, g->y, g->x, g->measured_pct, g->nx, g->ny, g->word ? ", " : "",
		g->word ? g->word : "", g->node_ns, g->engine_pct);
	doc_cat(out, len, " (%.2f lookups a node \u00d7 %.2f ns a lookup saved in position mode"
		"%s; --node-ns sets the engine's node time)", g->lpn, g->ly - g->lx,
		g->engine_pct < 0 ? ": position mode orders the two the other way" : "");
}

/* The table: per kernel of the search workload its node time, lookups a node, position-mode
 * lookup time and the lookups' share of a node. */
static void share_table(struct doc *d, const struct search_k *k, size_t n)
{
	static const char *const head[] = { "kernel", "ns a node (median)", "lookups a node",
					     "ns a lookup (position mode)", "lookups' share of a node" };
	char c[5][48];
	const char *cells[5] = { c[0], c[1], c[2], c[3], c[4] };

	doc_table_begin(d, 5, head);
	for (size_t i = 0; i < n; i++) {
		snprintf(c[0], sizeof c[0], "%s", k[i].kernel);
		snprintf(c[1], sizeof c[1], "%.1f", k[i].node);
		snprintf(c[2], sizeof c[2], isnan(k[i].lpn) ? "\u2014" : "%.2f", k[i].lpn);
		snprintf(c[3], sizeof c[3], isnan(k[i].lookup) ? "no position row" : "%.3f",
			 k[i].lookup);
		if (isnan(k[i].lpn) || isnan(k[i].lookup))
			snprintf(c[4], sizeof c[4], "\u2014");
		else
			snprintf(c[4], sizeof c[4], "%.0f%%",
				 k[i].lpn * k[i].lookup / k[i].node * 100);
		doc_table_row(d, 5, cells, 0);
	}
	doc_table_end(d);
}

/* The check: the node-time difference between the winner and the runner-up against what
 * their lookup-time difference predicts, and the engine gain. */
static void gain_check(struct doc *d, const struct study *s)
{
	struct search_gain g;
	char t[1024];

	if (!report_search_gain(s, &g)) {
		doc_p(d, NULL, "No check against the measured difference: it needs two kernels "
		      "timed in search mode, with their lookups a node and position-mode figures.");
		return;
	}
	t[0] = 0;
	if (g.dnode > 0)
		snprintf(t, sizeof t, ", %.0f%% of the measured difference", g.dlookups / g.dnode * 100);
	doc_p(d, NULL, "Check against the measured difference: %s's node takes %.1f ns more than "
	      "%s's (%.1f against %.1f, medians); %.2f lookups a node \u00d7 their position-mode "
	      "difference (%.3f \u2212 %.3f ns a lookup) predicts %.1f ns%s.", g.y, g.dnode, g.x,
	      g.ny, g.nx, g.lpn, g.ly, g.lx, g.dlookups, t);
	report_search_gain_text(t, sizeof t, &g);
	doc_p(d, NULL, "%s. T, the engine's node time, is %.0f ns here (slidebench report "
	      "--node-ns T; the default 1000 ns is about 1 M nodes/s on one thread, a typical NNUE "
	      "engine's single-thread speed on a current x86 core). The estimate assumes the "
	      "engine makes as many lookups a node as this search and that they cost what they "
	      "cost in position mode; the check above shows how far that held here.",
	      t, g.node_ns);
}

void report_search(struct doc *d, const struct study *s)
{
	struct search_k *k = calloc(SEARCH_MAXK, sizeof *k);
	size_t n = k ? search_figs(s, k, SEARCH_MAXK) : 0;

	if (!n) {
		free(k);
		return;
	}
	doc_h(d, 2, "search", "Engine search: what the lookups are of a node (Amdahl)");
	doc_p(d, NULL, "Search mode times a small engine's alpha-beta search (move generation, "
	      "evaluation and a hash table; every kernel searches the same nodes) per node. The "
	      "lookups' share of a node is L \u00d7 t_lookup / t_node: L the slider lookups a node "
	      "(lookups_per_node), t_lookup the kernel's position-mode ns per lookup (the whole "
	      "loop's median, from this study's main sweep), t_node its search ns a node. Position "
	      "mode's loop is not the search's, so a share is an estimate; the check below sets it "
	      "against what was measured.");
	share_table(d, k, n);
	gain_check(d, s);
	free(k);
}
