/* report_compiler.c - "Does the answer depend on the compiler?": the gcc build (bin/slidebench)
 * against the clang build (bin-clang/slidebench), same -O and -march, run as alternating blocks
 * (compiler/NN-gcc/, NN-clang/; analysis/blocks.h).  Per workload (mode x piece) the fastest
 * kernel under each compiler, from each side's median over the block pairs; per kernel the
 * paired clang / gcc ratio of its whole-loop times with its interval, recorded in verdicts.csv under
 * question "compiler"; and both builds' flags. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "analysis/blocks.h"
#include "report/report.h"
#include "util/stats.h"

#define MAXK 256          /* kernels */
#define MAXW 64           /* workloads */

/* fastest()'s answer where no kernel was timed: compared by address, never a disagreement */
static const char NONE[] = "none";

/* Returns the median over pairs of kernel k's ns/lookup (the whole loop's) in cell like on side
 * r[0..n). */
static double side_median(const struct run *r, size_t n, const char *k, const struct rr_row *like)
{
	double v[BLK_MAX_PAIRS], tmp[BLK_MAX_PAIRS];

	for (size_t i = 0; i < n; i++) {
		const struct rr_row *x = run_find(&r[i], k, like);
		v[i] = x && run_row_timed(x) && x->ns_median > 0 ? x->ns_median : NAN;
	}
	return stats_median_nan(v, n, tmp);
}

/* One side of the blocks: its runs r[0..n). */
struct side {
	const struct run *r;
	size_t n;
};

/* Returns row x's side median (report_score's value; arg: the struct side). */
static double side_value(const struct run *r, const struct rr_row *x, const void *arg)
{
	const struct side *sd = arg;

	(void)r;
	return side_median(sd->r, sd->n, x->kernel, x);
}

/* Returns the geometric mean over the pieces of workload w of kernel k's side medians
 * (side_median) on side r[0..n); NaN when k was not timed on every piece, or its lookups
 * read state prepared outside the timed region there (flag "prepared;": rotated's and
 * hypercube's stream loops; hypercube "won" stream and random under both compilers so). */
static double side_score(const struct run *r, size_t n, const char *k,
			 const struct report_workload *w)
{
	struct side sd = { r, n };
	struct report_score_rule rule = { side_value, &sd, 0, SCORE_NO_PREPARED };

	return report_score(&r[0], w, k, &rule);
}

/* Sets *best to the kernel of k[0..nk) with the lowest side_score in w.  Returns its score,
 * NaN when none was timed there. */
static double fastest(const struct run *r, size_t n, const char **k, size_t nk,
		      const struct report_workload *w, const char **best)
{
	double min = NAN;

	*best = NONE;
	for (size_t i = 0; i < nk; i++) {
		double m = side_score(r, n, k[i], w);
		if (!isnan(m) && (isnan(min) || m < min))
			min = m, *best = k[i];
	}
	return min;
}

/* One workload: the recommendation's verdict (the main sweep, report_winner) and the fastest
 * kernel within the blocks under gcc (g) and clang (c), by their medians. */
struct winner {
	char label[96];
	struct report_winner main;
	int have_main;
	const char *g, *c;
	double ng, nc;
};

/* Fills w with the workloads of the first gcc block: the main sweep's winner and each side's
 * fastest.  Returns how many. */
static size_t winners(const struct study *s, const struct blk_set *bs, const char **k,
		      size_t nk, struct winner *w)
{
	struct report_workload wl[MAXW], wm;
	size_t n = report_workloads(&bs->ra[0], wl, MAXW);

	for (size_t i = 0; i < n; i++) {
		const struct run *mr = report_find_like(&s->m64, &wl[i], &wm) ? &s->m64 :
			s->have_pressure && report_find_like(&s->pressure, &wl[i], &wm) ?
			&s->pressure : NULL;
		snprintf(w[i].label, sizeof w[i].label, "%s", wl[i].label);
		w[i].have_main = mr && report_winner(s, mr, &wm, &w[i].main);
		w[i].ng = fastest(bs->ra, bs->npair, k, nk, &wl[i], &w[i].g);
		w[i].nc = fastest(bs->rb, bs->npair, k, nk, &wl[i], &w[i].c);
	}
	return n;
}

/* Returns 1 when the blocks' fastest kernel k disagrees with the main sweep's verdict in w. */
static int disagrees(const struct winner *w, const char *k)
{
	return w->have_main && k != NONE && strcmp(k, w->main.win);
}

/* Writes the blocks' fastest k (score ns) into buf, said to disagree where it does. */
static void side_cell(char *buf, size_t len, const struct winner *w, const char *k, double ns)
{
	if (isnan(ns))
		snprintf(buf, len, "none timed");
	else if (disagrees(w, k))
		snprintf(buf, len, "%s, %.3f ns (disagrees with the main sweep: not settled)", k, ns);
	else
		snprintf(buf, len, "%s, %.3f ns", k, ns);
}

/* Writes the workload table (rows where anything differs marked). */
static void winners_table(struct doc *d, const struct winner *w, size_t n)
{
	static const char *const head[] = {
		"workload",
		("fastest (the recommendation's verdict, main sweep)"),
		"fastest within the gcc blocks",
		"fastest within the clang blocks",
		"the same under both?",
	};
	doc_table_begin(d, 5, head);
	for (size_t i = 0; i < n; i++) {
		char m[512], g[256], c[256];
		int same = !strcmp(w[i].g, w[i].c);
		if (w[i].have_main)
			report_winner_text(m, sizeof m, &w[i].main);
		else
			snprintf(m, sizeof m, "no main-sweep verdict for this workload");
		side_cell(g, sizeof g, &w[i], w[i].g, w[i].ng);
		side_cell(c, sizeof c, &w[i], w[i].c, w[i].nc);
		doc_table_row(d, 5, (const char *const[]){ w[i].label, m, g, c,
			      same ? "yes" : "differs" }, !same || disagrees(&w[i], w[i].g) ||
			      disagrees(&w[i], w[i].c));
	}
	doc_table_end(d);
}

/* One kernel's clang / gcc verdict. */
struct kres {
	const char *k;
	struct cmp c;
	int got;                  /* 1 faster under clang, 2 under gcc, 0 not settled, -1 none */
	char why[160];
};

/* Computes and records (verdicts.csv, question "compiler") kernel k's verdict, NULL: every
 * cell, labelled "every kernel". */
static void kernel_verdict(const struct study *s, const struct blk_set *bs, const char *k,
			   struct kres *x)
{
	struct blk_verdict v;
	struct verdict_key kq;
	char a[96], b[96];
	int settled;

	x->k = k ? k : "every kernel";
	x->got = -1;
	if (report_blk_cmp(s, bs, k, &v, &x->c) < 0)
		return;
	snprintf(a, sizeof a, "%s, gcc build", x->k);
	snprintf(b, sizeof b, "%s, clang build", x->k);
	report_history_widen(s, "compiler", a, b, &x->c);
	settled = verdict_settle(&x->c, NAN, x->why, sizeof x->why);
	kq = verdict_key(VQ_COMPILER);
	verdict_add(s, &kq, a, b, &x->c, settled, x->why);
	x->got = settled != 1 ? 0 : x->c.ratio < 1 ? 1 : 2;
}

/* Writes the kernel table: clang / gcc per kernel. */
static void ratios_table(struct doc *d, const struct kres *x, size_t nk)
{
	static const char *const head[] = { "kernel", "clang / gcc", "95% interval",
		"between processes", "signed-rank p", "pairs", "cells", "verdict" };

	doc_table_begin(d, 8, head);
	for (size_t i = 0; i < nk; i++) {
		char r[32], iv[48], pt[32], p[64], np[16], nc[16], verdict[200];
		if (x[i].got < 0)
			continue;
		snprintf(r, sizeof r, "%.3f", x[i].c.ratio);
		if (isnan(x[i].c.lo) || isnan(x[i].c.hi))
			snprintf(iv, sizeof iv, "not measured (too few pairs)");
		else
			snprintf(iv, sizeof iv, "%.3f\u2013%.3f", x[i].c.lo, x[i].c.hi);
		snprintf(pt, sizeof pt, x[i].c.processes ? "\u00b1%.1f%%" : "none", x[i].c.process_pct);
		report_pval(p, sizeof p, x[i].c.p);
		snprintf(np, sizeof np, "%zu", x[i].c.npairs);
		snprintf(nc, sizeof nc, "%zu", x[i].c.n);
		snprintf(verdict, sizeof verdict, "%s%s", x[i].got == 1 ?
			 "settled: faster under clang" : x[i].got == 2 ? "settled: faster under gcc" :
			 "not settled: ", x[i].got ? "" : x[i].why);
		doc_table_row(d, 8, (const char *const[]){ x[i].k, r, iv, pt, p, np, nc, verdict },
			      0);
	}
	doc_table_end(d);
}

/* Writes the section's note when there are no blocks: compiler.skipped's reason, or err. */
static void no_blocks(struct doc *d, const struct study *s, const char *err)
{
	char path[PATH_MAX + 32], why[512];
	const char *msg = err;
	FILE *f;

	snprintf(path, sizeof path, "%s/compiler.skipped", s->dir);
	if ((f = fopen(path, "r"))) {
		msg = fgets(why, sizeof why, f) ? why : "compiler.skipped is empty";
		why[strcspn(why, "\n")] = 0;
		fclose(f);
	}
	doc_p(d, "note", "No compiler comparison: %s.", msg);
}

/* Appends the workloads' sentence: within the blocks, whether the fastest kernel is the same
 * under both compilers, and where the blocks' fastest is not the recommendation's (then which
 * kernel is fastest there is not settled: one workload has one winner, report_winner's). */
static void winners_sentence(char *out, size_t len, const struct winner *w, size_t nw)
{
	size_t ndiff = 0, j = 0;

	for (size_t i = 0; i < nw; i++)
		ndiff += strcmp(w[i].g, w[i].c) != 0;
	doc_cat(out, len, ". Within the compiler blocks (each compiler's median over the block "
		"pairs, not a paired verdict) the fastest kernel is the same under both in %zu of "
		"%zu workloads", nw - ndiff, nw);
	for (size_t i = 0, k = 0; i < nw; i++)
		if (strcmp(w[i].g, w[i].c))
			doc_cat(out, len, "%s%s (gcc: %s, clang: %s)", k++ ? "; " :
				"; it differs in ", w[i].label, w[i].g, w[i].c);
	for (size_t i = 0; i < nw; i++)
		if (disagrees(&w[i], w[i].g) || disagrees(&w[i], w[i].c))
			doc_cat(out, len, "%s%s (the recommendation: %s; the gcc blocks: %s; the "
				"clang blocks: %s)", j++ ? "; " : ". The blocks disagree with the "
				"main sweep's verdict in ", w[i].label, w[i].main.win, w[i].g, w[i].c);
	if (j)
		doc_cat(out, len, ": which kernel is fastest there is not settled across "
			"processes");
	else
		doc_cat(out, len, ", and wherever the main sweep has a verdict they name its "
			"kernel");
}

/* Writes the answer sentence from the kernels' verdicts x[0..nk), every cell's (all) and the
 * workloads' winners w[0..nw). */
static void answer(struct doc *d, const struct study *s, const struct blk_set *bs,
		   const struct kres *x, size_t nk, const struct kres *all, const struct winner *w,
		   size_t nw)
{
	char how[256], ph[512], out[6144] = "";
	size_t n[3] = { 0 };

	for (size_t i = 0; i < nk; i++)
		if (x[i].got >= 0)
			n[x[i].got]++;
	report_blocks_how(bs, how, sizeof how);
	doc_cat(out, sizeof out, "Time under clang over time under gcc (ns/lookup of the whole loop, the same "
		"-O level and -march, each build's flags below, %s): of %zu kernels, %zu settled faster under clang, %zu settled faster "
		"under gcc, %zu not settled", how, n[0] + n[1] + n[2], n[1], n[2], n[0]);
	if (all->got >= 0) {
		cmp_phrase(ph, sizeof ph, "the clang build", "the gcc build", &all->c, 1);
		doc_cat(out, sizeof out, "; over all %zu cells %s, %s%s", all->c.n, ph,
			all->got ? "settled" : "not settled because ", all->got ? "" : all->why);
		report_blk_process(s, &all->c, out, sizeof out);
	}
	winners_sentence(out, sizeof out, w, nw);
	doc_p(d, "answer", "%s.", out);
}

/* Writes the answer, the builds' flags and the two tables from the loaded blocks. */
static void compiler_body(struct doc *d, const struct study *s, const struct blk_set *bs)
{
	const char *k[MAXK];
	size_t nk = blk_kernels(bs, k, MAXK), nw;
	struct winner w[MAXW];
	struct kres all, *x = calloc(nk ? nk : 1, sizeof *x);
	char fg[320], fc[320], fm[320];

	if (!x) {
		doc_p(d, "note", "No compiler comparison: out of memory.");
		return;
	}
	kernel_verdict(s, bs, NULL, &all);
	for (size_t i = 0; i < nk; i++)
		kernel_verdict(s, bs, k[i], &x[i]);
	nw = winners(s, bs, k, nk, w);
	answer(d, s, bs, x, nk, &all, w, nw);
	doc_p(d, NULL, "Built: gcc side (bin/slidebench) %s; clang side (bin-clang/slidebench) %s; "
	      "every other figure of this report is the gcc build's (m64/: %s).  The fastest kernel "
	      "of a workload is the recommendation's verdict (paired round by round, in the main "
	      "sweep); the blocks' fastest per compiler is each side's median, not a paired "
	      "verdict, said to disagree where it names another kernel, and like the "
	      "recommendation leave out a kernel whose lookups read state prepared outside the "
	      "timed region (flag prepared).  Each kernel's "
	      "interval includes what moves its time relative to the null kernel from one process "
	      "to the next (\"between processes\"), measured over the gcc side's processes and "
	      "taken to be the same under clang.",
	      report_build_flags(&bs->ra[0], fg, sizeof fg),
	      report_build_flags(&bs->rb[0], fc, sizeof fc),
	      report_build_flags(&s->m64, fm, sizeof fm));
	doc_h(d, 3, "compiler-kernels", "Each kernel: time under clang over time under gcc");
	ratios_table(d, x, nk);
	doc_h(d, 3, "compiler-winners", "The fastest kernel per workload: the verdict, and within "
	      "each compiler's blocks");
	winners_table(d, w, nw);
	free(x);
}

void report_compiler(struct doc *d, const struct study *s)
{
	char err[PATH_MAX + 256], path[PATH_MAX + 32];
	struct blk_set *bs;
	struct stat st;

	if (s->plain)
		return;
	doc_h(d, 2, "compiler", "Does the answer depend on the compiler?");
	snprintf(path, sizeof path, "%s/compiler/01-gcc/summary.csv", s->dir);
	if (stat(path, &st) < 0) {
		no_blocks(d, s, "compiler/ holds no blocks (01-gcc/, 01-clang/) and no "
			  "compiler.skipped says why (run_all.sh writes one or the other)");
		return;
	}
	if (!(bs = report_blocks_load(s, "compiler", "gcc", "clang", err, sizeof err))) {
		no_blocks(d, s, err);
		return;
	}
	compiler_body(d, s, bs);
	blk_free(bs);
	free(bs);
}
