/* report_threads.c - the thread sweep (threads/, `bench --threads`): does the ranking change
 * when every core looks up attacks at once?  The fastest kernel alone against the fastest
 * with every CPU's thread running, each decided as every winner of the report is (two best
 * candidates compared round by round), and each kernel's time per lookup per thread with
 * the others running over alone, paired by round in the same run (both were timed in the
 * same rounds). */
#include <math.h>
#include <string.h>

#include "report/report.h"
#include "util/jsonx.h"

/* Returns what a comparison that is not settled shows: a difference its interval holds but the
 * rules do not settle (a busy host, epochs that disagree, the spread between processes), or
 * none at all. */
static const char *settle_word(const struct cmp *c)
{
	return !(c->ratio > 0) ? "not measured" : c->lo > 1 || c->hi < 1 ?
	       "a difference, not settled" : "no difference shown";
}

/* Returns the table-size class of bytes, as run_all.sh's thread sweep picks its kernels. */
static const char *size_class(double bytes)
{
	return !(bytes > 0) ? "no table" : bytes <= 16384 ? "512 B–16 KiB" :
	       bytes <= 1048576 ? "16 KiB–1 MiB" : "over 1 MiB";
}

/* Returns 1 when some kernel of r was timed with threads threads. */
static int timed_with(const struct run *r, unsigned threads)
{
	for (size_t i = 0; i < r->nrows; i++)
		if (r->rows[i].threads == threads && run_row_timed(&r->rows[i]))
			return 1;
	return 0;
}

/* Returns into buf why nothing was timed with some thread count above 1 (an unavailable row's
 * reason: "cpu 1 was 85% busy with other work: ..."), that count in *threads; NULL when every
 * count had a kernel timed. */
static const char *untimed_why(const struct run *r, unsigned *threads, char *buf, size_t len)
{
	for (size_t i = 0; i < r->nrows; i++) {
		const struct rr_row *row = &r->rows[i];
		if (row->threads > 1 && !strncmp(row->flags, "unavailable: ", 13) &&
		    !timed_with(r, row->threads)) {
			*threads = row->threads;
			snprintf(buf, len, "%.*s", (int)strcspn(row->flags + 13, ";"), row->flags + 13);
			return buf;
		}
	}
	return NULL;
}

/* Writes what the machine's topology lets the sweep show: CPUs, cores, hardware threads and
 * the caches the threads share, from the run's context.json "topology". */
static void topology_note(struct doc *d, const struct run *r, unsigned most)
{
	const json_t *caches = jsonx_get(r->ctx, "topology.caches");
	double cpus = jsonx_num(r->ctx, "topology.cpus"), cores = jsonx_num(r->ctx, "topology.cores");
	double tpc = jsonx_num(r->ctx, "topology.threads_per_core");
	char shared[256] = "", b[32];
	size_t i;
	json_t *c;

	json_array_foreach(caches, i, c) {
		double lv = json_number_value(json_object_get(c, "level"));
		double n = json_number_value(json_object_get(c, "ncpus"));
		const char *type = json_string_value(json_object_get(c, "type"));
		if (n > 1 && type && strcmp(type, "Instruction") && !strstr(shared, "L") &&
		    json_is_integer(json_object_get(c, "bytes")))
			doc_cat(shared, sizeof shared, "L%.0f (%s) shared by %.0f CPUs", lv,
				report_bytes(b, sizeof b, json_number_value(json_object_get(c, "bytes"))), n);
	}
	if (isnan(cpus)) {
		doc_p(d, "note", "The run recorded no topology (an older run).");
		return;
	}
	doc_p(d, "note", "This machine: %.0f CPUs, %.0f cores, %.0f hardware thread%s per core; %s. "
	      "At most %u threads ran at once, one per core%s. With two CPUs a sweep shows what a "
	      "second search thread does to the first through the caches and memory they share; "
	      "it cannot show how the ranking moves at 8, 32 or 128 threads, where the last-level "
	      "cache and memory bandwidth are split many ways: run run_all.sh on such a "
	      "machine (the sweep goes 1, 2, 4, ... up to all CPUs) or a fleet with --slurm.",
	      cpus, cores, tpc, tpc == 1 ? "" : "s", shared[0] ? shared : "no cache shared "
	      "between CPUs reported", most, tpc > 1 ? " while cores last" : "");
}

int report_threads_sweep(const struct run *r, struct report_workload *one,
			 struct report_workload *many)
{
	struct report_workload w[REPORT_MAX_WORKLOADS];
	size_t n = report_workloads(r, w, REPORT_MAX_WORKLOADS);
	int have1 = 0, haveN = 0;

	for (size_t i = 0; i < n; i++) {
		if (w[i].threads <= 1 && !have1) {
			*one = w[i];
			have1 = 1;
		} else if (w[i].threads > 1 && (!haveN || w[i].threads > many->threads) &&
			   timed_with(r, w[i].threads)) {
			*many = w[i];
			haveN = 1;
		}
	}
	return have1 && haveN;
}

/* Writes the answer: the fastest alone and with every thread, and whether that changed. */
static void answer(struct doc *d, const struct study *s, const struct report_workload *one,
		   const struct report_workload *many)
{
	struct report_winner w1, wn;
	char t1[400], tn[400];

	if (!report_winner(s, &s->threads, one, &w1) || !report_winner(s, &s->threads, many, &wn)) {
		doc_p(d, NULL, "No kernel was timed in the thread sweep.");
		return;
	}
	report_winner_text(t1, sizeof t1, &w1);
	report_winner_text(tn, sizeof tn, &wn);
	/* the first screen's recommendation table gets a row for it ("position, 2 threads") */
	if (wn.second) {
		char close[256];
		struct verdict_key kq = verdict_key_workload(many);
		struct verdict *v = verdict_add(s, &kq, wn.win, wn.second, &wn.m, wn.settled,
						wn.why);
		if (v && wn.settled != 1 && !isnan(wn.m.ratio) &&
		    report_winner_close(s, &s->threads, many, &wn, close, sizeof close))
			snprintf(v->close, sizeof v->close, "%s", close);
	}
	if (!strcmp(w1.win, wn.win))
		doc_p(d, "answer", "No: %s leads alone and with %u threads looking up attacks at "
		      "once (%s mode). Alone: %s; with %u threads: %s.", wn.win, many->threads,
		      many->mode, t1, many->threads, tn);
	else
		doc_p(d, "answer", "%s: with %u threads looking up attacks at once (%s mode) %s "
		      "leads, where %s leads alone. Alone: %s; with %u threads: %s.",
		      wn.settled == 1 ? "Yes" : "Perhaps (not settled)", many->threads, many->mode,
		      wn.win, w1.win, t1, many->threads, tn);
}

int report_threads_eff(const struct study *s, const struct report_workload *one,
		       const struct report_workload *many, const char *kernel, struct cmp *c,
		       const struct rr_row **row_many)
{
	const struct run *r = &s->threads;
	const struct rr_row *a = NULL, *b = NULL;
	char why[160];

	for (size_t j = 0; j < r->nrows; j++) {
		const struct rr_row *x = &r->rows[j];
		if (strcmp(x->kernel, kernel) || !run_row_timed(x))
			continue;
		if (report_in_workload(x, one))
			a = x;
		else if (report_in_workload(x, many))
			b = x;
	}
	if (!a || !b)
		return -2;
	if (row_many)
		*row_many = b;
	const struct rr_row *ap[] = { a }, *bp[] = { b };
	if (report_cmp(s, ap, bp, 1, c) < 0) {
		c->ratio = NAN;
		return -1;
	}
	return verdict_settle(c, NAN, why, sizeof why);
}

void report_threads_eff_text(char *buf, size_t len, const struct cmp *c)
{
	if (c->ratio > 0)
		snprintf(buf, len, "%.2f (%.2f–%.2f)", 1 / c->ratio, 1 / c->hi, 1 / c->lo);
	else
		snprintf(buf, len, "not measured");
}

/* Writes the table: per kernel, its time per lookup alone and per thread with the others
 * running, and the efficiency (alone over with company) paired by round. */
static void scaling_table(struct doc *d, const struct study *s, const struct report_workload *one,
			  const struct report_workload *many)
{
	static const char *const HEAD[] = { "kernel", "table", "size class", "alone (ns)",
					    "per thread (ns)", "efficiency", "settled" };
	const struct run *r = &s->threads;

	doc_table_begin(d, 7, HEAD);
	for (size_t i = 0; i < r->nrows; i++) {
		const struct rr_row *a = &r->rows[i];
		char tb[32], n1[32], nn[32], eff[96];
		struct cmp c;
		const struct rr_row *b;
		/* K@shared and K@per-thread have their own table (tables_table) */
		if (!report_in_workload(a, one) || !run_row_timed(a) || strchr(a->kernel, '@'))
			continue;
		int settled = report_threads_eff(s, one, many, a->kernel, &c, &b);
		if (settled == -2)
			continue;
		snprintf(n1, sizeof n1, "%.3f", a->ns_median);
		snprintf(nn, sizeof nn, "%.3f", b->ns_median);
		report_threads_eff_text(eff, sizeof eff, &c);
		const char *cells[] = { a->kernel, report_bytes(tb, sizeof tb, a->table_bytes),
					size_class(a->table_bytes), n1, nn, eff,
					settled == 1 ? (c.ratio > 1 ? "slower beside the others" :
							"faster beside the others") :
					settle_word(&c) };
		doc_table_row(d, 7, cells, 0);
	}
	doc_table_end(d);
	doc_p(d, "note", "Efficiency: a thread's time per lookup alone over its time with the "
	      "others running, paired round by round (both were timed in the same rounds, so the "
	      "host's moment cancels); 1.00 is every thread as fast as one alone, 0.50 is %u threads "
	      "doing the lookups of %.0f. The interval is 95%%.", many->threads,
	      many->threads / 2.0);
}

/* Writes, where the sweep timed K@shared and K@per-thread (bench --table-copies), each
 * kernel's time per lookup with a set of tables per thread over with one shared set, at the
 * most threads, paired round by round. */
static void tables_table(struct doc *d, const struct study *s, const struct report_workload *many)
{
	static const char *const HEAD[] = { "kernel", "one shared set (ns)", "one set per thread (ns)",
					    "per-thread over shared", "settled" };
	const struct run *r = &s->threads;
	int said = 0;

	for (size_t i = 0; i < r->nrows; i++) {
		const struct rr_row *a = &r->rows[i], *b = NULL;
		const char *at = strstr(a->kernel, "@shared");
		char per[96], n1[32], n2[32], f[96], why[160];
		struct cmp c;
		if (!at || at[7] || !report_in_workload(a, many) || !run_row_timed(a))
			continue;
		snprintf(per, sizeof per, "%.*s@per-thread", (int)(at - a->kernel), a->kernel);
		if (!(b = run_find(r, per, a)) || !run_row_timed(b))
			continue;
		const struct rr_row *ap[] = { a }, *bp[] = { b };
		int settled = report_cmp(s, ap, bp, 1, &c) == 0 ?
			      verdict_settle(&c, NAN, why, sizeof why) : -1;
		if (!said++) {
			doc_h(d, 3, "threads-tables", "One set of tables, or one per thread?");
			doc_p(d, NULL, "The same kernel from the same file, its tables built once and "
			      "read by every thread (an engine's way) or built once per thread (each "
			      "thread its own copy, as a NUMA-aware engine might keep them), timed in "
			      "the same rounds with %u threads.", many->threads);
			doc_table_begin(d, 5, HEAD);
		}
		snprintf(n1, sizeof n1, "%.3f", a->ns_median);
		snprintf(n2, sizeof n2, "%.3f", b->ns_median);
		if (c.ratio > 0)
			snprintf(f, sizeof f, "%.2f× (%.2f–%.2f)", c.ratio, c.lo, c.hi);
		else
			snprintf(f, sizeof f, "not measured");
		const char *cells[] = { b->kernel, n1, n2, f, settled == 1 ? "yes" : settle_word(&c) };
		cells[0] = per;
		per[at - a->kernel] = 0;
		doc_table_row(d, 5, cells, 0);
	}
	if (said)
		doc_table_end(d);
}

void report_threads(struct doc *d, const struct study *s)
{
	char why[256];
	unsigned nt = 0;
	const char *skipped;
	struct report_workload one, many;

	doc_h(d, 2, "threads", "Threads: does the ranking change when every core searches?");
	if (s->plain) {
		doc_p(d, "note", "A single bench run: the thread sweep is a study's (run_all.sh, "
		      "threads/), or bench --threads 1,all by hand.");
		return;
	}
	if (!s->have_threads) {
		doc_p(d, "note", "No thread sweep: %s.", s->threads_why);
		return;
	}
	skipped = untimed_why(&s->threads, &nt, why, sizeof why);
	if (!report_threads_sweep(&s->threads, &one, &many)) {
		if (skipped)
			doc_p(d, "note", "No thread sweep: nothing was timed with %u threads: %s.",
			      nt, why);
		else
			doc_p(d, "note", "threads/ holds no run with both one thread and more.");
		return;
	}
	if (skipped)
		doc_p(d, "note", "Not timed with %u threads: %s.", nt, why);
	answer(d, s, &one, &many);
	scaling_table(d, s, &one, &many);
	tables_table(d, s, &many);
	report_chart(d, s, "threads");
	topology_note(d, &s->threads, many.threads);
}
