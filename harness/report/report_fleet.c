/* report_fleet.c - the fleet report's sections: which tasks failed, "Does the answer depend on
 * the machine?" (per workload the winner on each machine, settled by the single-machine
 * report's rules, and the kernels whose place moves most) and the rankings side by side. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report/report_fleet.h"

/* Compares kernel b against a in w of study s's m64 by the report's rules (report_cmp, the
 * between-process term included).  Returns settled (1, 0, -1). */
static int settle(const struct study *s, const struct report_workload *w, const char *a,
		  const char *b, struct cmp *m, char *why, size_t len)
{
	const struct rr_row *ra[16], *rb[16];
	size_t np = report_pairs(&s->m64, w, a, b, ra, rb, 16);

	if (!np || report_cmp(s, ra, rb, np, m) < 0) {
		snprintf(why, len, "%s and %s share no timed cell", a, b);
		return -1;
	}
	return verdict_settle(m, fmax(report_layout_spread(&s->m64, w, a),
				      report_layout_spread(&s->m64, w, b)), why, len);
}

/* Appends "A 1.10× faster on M" for ratio = time(b) / time(a), the faster named first. */
static void faster_on(char *out, size_t len, const char *a, const char *b, double ratio,
		      const char *machine)
{
	doc_cat(out, len, "%s %.2f\u00d7 faster on %s", ratio >= 1 ? a : b,
		ratio >= 1 ? ratio : 1 / ratio, machine);
}

int fleet_pick(const struct study *s, const char *label, struct report_winner *p)
{
	struct report_workload w;

	memset(p, 0, sizeof *p);
	p->settled = -1;
	return report_find_workload(&s->m64, label, &w) && report_winner(s, &s->m64, &w, p);
}

/* Writes the fleet verdict of one workload into out: the same winner everywhere, or which
 * machines disagree and whether that reversal is settled on both.  Returns 2 when the
 * answer depends on the machine and that is settled, 1 when not settled, else 0. */
static int depend_verdict(const struct fleet *f, const char *label, const struct report_winner *p,
			  char *out, size_t len)
{
	size_t first = f->n;

	out[0] = 0;
	for (size_t m = 0; m < f->n; m++)
		if (p[m].win && first == f->n)
			first = m;
	if (first == f->n)
		return snprintf(out, len, "no machine timed this workload"), 0;
	for (size_t m = first + 1; m < f->n; m++) {
		struct report_workload w1, w2;
		struct cmp c1, c2;
		char y1[160], y2[160];
		if (!p[m].win || !strcmp(p[m].win, p[first].win))
			continue;
		report_find_workload(&f->m[first].s->m64, label, &w1);
		report_find_workload(&f->m[m].s->m64, label, &w2);
		int s1 = settle(f->m[first].s, &w1, p[first].win, p[m].win, &c1, y1, sizeof y1);
		int s2 = settle(f->m[m].s, &w2, p[m].win, p[first].win, &c2, y2, sizeof y2);
		doc_cat(out, len, "yes: %s wins on %s, %s on %s; ", p[first].win, f->m[first].name,
			p[m].win, f->m[m].name);
		int rev = s1 == 1 && s2 == 1 && c1.ratio > 1 && c2.ratio > 1;
		if (s1 == 1 && s2 == 1) {
			doc_cat(out, len, rev ? "settled: the order of the two reverses (" :
				"not settled: paired, the two do not reverse (");
			faster_on(out, len, p[first].win, p[m].win, c1.ratio, f->m[first].name);
			doc_cat(out, len, ", ");
			faster_on(out, len, p[m].win, p[first].win, c2.ratio, f->m[m].name);
			doc_cat(out, len, ")");
		} else
			doc_cat(out, len, "not settled because on %s %s", s1 != 1 ?
				f->m[first].name : f->m[m].name, s1 != 1 ? y1 : y2);
		return rev ? 2 : 1;
	}
	doc_cat(out, len, "no: %s wins on every machine that timed it", p[first].win);
	for (size_t m = 0, k = 0; m < f->n; m++)
		if (p[m].win && p[m].second && p[m].settled != 1)
			doc_cat(out, len, "%s%s", k++ ? ", " : "; not settled on ", f->m[m].name);
	return 0;
}

/* Writes the kernels of r whose place moves most (up to three) into out. */
static void movers(const struct fleet *f, const struct fleet_rank *r, char *out, size_t len)
{
	int used[FLEET_MAX_KERNELS] = { 0 };

	out[0] = 0;
	for (int shown = 0; shown < 3; shown++) {
		int best = -1, span = 0, lo = 0, hi = 0, mlo = 0, mhi = 0;
		for (size_t k = 0; k < r->nk; k++) {
			int a = 0, b = 0, ma = 0, mb = 0;
			for (size_t m = 0; m < f->n; m++) {
				int x = r->rank[k][m];
				if (!x)
					continue;
				if (!a || x < a)
					a = x, ma = (int)m;
				if (x > b)
					b = x, mb = (int)m;
			}
			if (!used[k] && b - a > span)
				best = (int)k, span = b - a, lo = a, hi = b, mlo = ma, mhi = mb;
		}
		if (best < 0)
			break;
		used[best] = 1;
		doc_cat(out, len, "%s%s: %d on %s, %d on %s", shown ? "; " : "", r->kernel[best],
			lo, f->m[mlo].name, hi, f->m[mhi].name);
	}
	if (!out[0])
		snprintf(out, len, f->n > 1 ? "none: the same places on every machine" :
			 "one machine: nothing to compare");
}

/* What the table of section_depend found: the workloads whose answer depends on the machine
 * (named in sum), and in how many of them that is settled. */
struct depend_count {
	size_t depends, settled;
	char sum[1024];
};

/* Writes the header of the table: a winner column per machine. */
static void depend_head(struct doc *d, const struct fleet *f)
{
	const char *head[FLEET_MAX_MACHINES + 3];
	char (*hcol)[300] = calloc(f->n ? f->n : 1, sizeof *hcol);

	if (!hcol)
		return;
	head[0] = "workload";
	for (size_t m = 0; m < f->n; m++) {
		snprintf(hcol[m], sizeof hcol[m], "winner on %s", f->m[m].name);
		head[m + 1] = hcol[m];
	}
	head[f->n + 1] = "places that move most";
	head[f->n + 2] = "depends on the machine?";
	doc_table_begin(d, f->n + 3, head);
	free(hcol);
}

/* Writes workload r's row: its winner on each machine (p, txt: room per machine), the kernels
 * whose place moves most and the verdict; counts it in k. */
static void depend_row(struct doc *d, const struct fleet *f, const struct fleet_rank *r,
		       struct report_winner *p, char (*txt)[320], struct depend_count *k)
{
	const char *cells[FLEET_MAX_MACHINES + 3];
	char verdict[768], moves[512];

	cells[0] = r->label;
	for (size_t m = 0; m < f->n; m++) {
		if (!fleet_pick(f->m[m].s, r->label, &p[m]))
			p[m].win = NULL;
		report_winner_text(txt[m], sizeof txt[m], &p[m]);
		cells[m + 1] = txt[m];
	}
	movers(f, r, moves, sizeof moves);
	int dep = depend_verdict(f, r->label, p, verdict, sizeof verdict);
	if (dep)
		doc_cat(k->sum, sizeof k->sum, "%s%s", k->depends++ ? ", " : "", r->label);
	k->settled += dep == 2;
	cells[f->n + 1] = moves;
	cells[f->n + 2] = verdict;
	doc_table_row(d, f->n + 3, cells, dep);
}

static void section_depend(struct doc *d, const struct fleet *f, const struct fleet_rank *r,
			   size_t nr)
{
	char (*txt)[320] = calloc(f->n ? f->n : 1, sizeof *txt);
	struct report_winner *p = calloc(f->n ? f->n : 1, sizeof *p);
	struct depend_count k = { 0 };

	doc_h(d, 2, "depend", "Does the answer depend on the machine?");
	doc_p(d, NULL, "Per workload, the fastest kernel on each machine (each machine's own "
	      "recommendation: ranked by the geometric mean of the pieces' medians, the first two "
	      "compared round by round, the rounds deciding), whether its lead over "
	      "the runner-up is settled there (the single-machine report's rules: the paired "
	      "interval excludes 1, the test agrees, the sign holds in every epoch, the margin "
	      "exceeds the layout spread), and the verdict: the answer depends on the machine "
	      "when two machines have different winners; that is settled when each winner beats "
	      "the other by those rules on its own machine.");
	if (!txt || !p)
		goto out_free;
	if (f->n == 0) {
		doc_p(d, "answer", "No machine's study could be read: every task failed (see "
		      "Tasks of the job array).");
		goto out_free;
	}
	depend_head(d, f);
	for (size_t i = 0; i < nr; i++)
		depend_row(d, f, &r[i], p, txt, &k);
	doc_table_end(d);
	if (f->n < 2)
		doc_p(d, "answer", "Only one machine's study is here: nothing to compare across "
		      "machines.");
	else if (k.depends)
		doc_p(d, "answer", "The answer depends on the machine in %zu of %zu workloads (%s); "
		      "settled in %zu of them (the table says where and why not).", k.depends, nr,
		      k.sum, k.settled);
	else
		doc_p(d, "answer", "The same kernel wins every workload on all %zu machines.", f->n);
out_free:
	free(txt);
	free(p);
}

static void section_ranks(struct doc *d, const struct fleet *f, const struct fleet_rank *r,
			  size_t nr)
{
	const char *head[FLEET_MAX_MACHINES + 1], *cells[FLEET_MAX_MACHINES + 1];
	char (*txt)[64] = calloc(f->n, sizeof *txt), name[64], cap[256], id[32];

	doc_h(d, 2, "ranks", "Ranking per machine, side by side");
	doc_p(d, NULL, "Each kernel's place per workload on each machine (1 = fastest, the "
	      "machine's recommendation; the geometric mean of the pieces' medians in ns per "
	      "lookup, which may order the first two the other way where their rounds decide), "
	      "kernels by mean place; "
	      "the same numbers are in fleet-ranks.csv. In the charts a line joins a kernel's "
	      "places; kernels whose place moves are drawn bold.");
	if (!txt)
		return;
	head[0] = "kernel";
	for (size_t m = 0; m < f->n; m++)
		head[m + 1] = f->m[m].name;
	for (size_t i = 0; i < nr; i++) {
		snprintf(id, sizeof id, "ranks-%zu", i + 1);
		doc_h(d, 3, id, r[i].label);
		doc_table_begin(d, f->n + 1, head);
		for (size_t k = 0; k < r[i].nk; k++) {
			int lo = 0, hi = 0;
			cells[0] = r[i].kernel[k];
			for (size_t m = 0; m < f->n; m++) {
				int x = r[i].rank[k][m];
				if (x)
					snprintf(txt[m], sizeof txt[m], "%d (%.3f ns)", x, r[i].ns[k][m]);
				else
					snprintf(txt[m], sizeof txt[m], "\u2014");
				cells[m + 1] = txt[m];
				lo = x && (!lo || x < lo) ? x : lo;
				hi = x > hi ? x : hi;
			}
			doc_table_row(d, f->n + 1, cells, hi > lo);
		}
		doc_table_end(d);
		snprintf(name, sizeof name, "fleet-ranks-%zu", i + 1);
		snprintf(cap, sizeof cap, "Places per machine, %s", r[i].label);
		doc_chart(d, f->dir, name, cap);
	}
	free(txt);
}

void report_fleet(struct doc *d, const struct fleet *f, const struct fleet_rank *r, size_t nr)
{
	char failed[2048] = "";
	size_t nf = 0;

	for (size_t i = 0; i < f->nt; i++)
		if (fleet_task_failed(&f->t[i]))
			doc_cat(failed, sizeof failed, "%stask %d on %s (%s)", nf++ ? "; " : "",
				f->t[i].task, f->t[i].node, f->t[i].reason[0] ? f->t[i].reason :
				f->t[i].state);
	if (f->nt)
		doc_p(d, NULL, "%zu machine%s read; Slurm job array %s: %zu of %zu tasks completed.",
		      f->n, f->n == 1 ? "" : "s", f->job[0] ? f->job : "?", f->nt - nf, f->nt);
	else
		doc_p(d, NULL, "%zu machine%s read (no task records: not written by run_all.sh "
		      "--slurm).", f->n, f->n == 1 ? "" : "s");
	if (nf)
		doc_p(d, "note", "Failed tasks (their machines are missing or partial below; the "
		      "other machines' studies are kept): %s.", failed);
	section_depend(d, f, r, nr);
	section_ranks(d, f, r, nr);
	report_fleet_threads(d, f);
	report_fleet_machines(d, f, r, nr);
	report_fleet_tasks(d, f);
}
