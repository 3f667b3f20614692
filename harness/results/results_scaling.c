/* results_scaling.c - scaling efficiency with threads (results_scaling.h). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "results/results_ranking.h"
#include "results/results_scaling.h"
#include "util/output.h"

/* Returns the workload of b that is wi with one thread, or -1. */
static long one_thread_of(const struct bench *b, size_t wi)
{
	const struct workload *w = &b->w[wi];

	for (size_t j = 0; j < b->nw; j++) {
		const struct workload *o = &b->w[j];
		if (workload_threads(o) == 1 && o->def == w->def && !strcmp(o->piece, w->piece) &&
		    o->cold == w->cold && (o->pressure_bytes == w->pressure_bytes ||
					   (isnan(o->pressure_bytes) && isnan(w->pressure_bytes))))
			return (long)j;
	}
	return -1;
}

/* Compares cell (wb, kb) against cell (wa, ka) round by round into s: efficiency is a's time
 * over b's. */
static int compare(const struct bench *b, size_t wa, size_t ka, size_t wb, size_t kb,
		   struct scaling *s)
{
	struct pr_result res;

	if (results_paired(b, bench_cell((struct bench *)b, wa, ka),
			   bench_cell((struct bench *)b, wb, kb), &res) < 0)
		return -1;
	s->efficiency = 1 / res.ratio;
	s->lo = 1 / res.hi;
	s->hi = 1 / res.lo;
	s->p = res.p;
	s->rounds = res.n;
	s->settled = pr_settled(&res, 0, s->why, sizeof s->why) == 1;
	return 0;
}

long results_scaling(const struct bench *b, const struct results *r, struct scaling **out)
{
	size_t n = 0;

	*out = malloc((r->nw * r->ncols + 1) * sizeof **out);
	if (!*out)
		return -1;
	for (size_t wi = 0; wi < r->nw; wi++) {
		long one = workload_threads(&b->w[wi]) > 1 ? one_thread_of(b, wi) : -1;
		for (size_t ki = 1; one >= 0 && ki < r->ncols; ki++) {
			struct scaling *s = &(*out)[n];
			const struct cell *c = bench_cell((struct bench *)b, wi, ki);
			if (c->state != CELL_TIMED || results_row(r, wi, ki)->layout_copy)
				continue;
			memset(s, 0, sizeof *s);
			s->one = results_row(r, (size_t)one, ki);
			s->many = results_row(r, wi, ki);
			n += compare(b, (size_t)one, ki, wi, ki, s) == 0;
		}
	}
	return (long)n;
}

void results_scaling_csv(const struct scaling *s, size_t n, FILE *f)
{
	fputs("run_id,kernel,mode,piece,cache_state,threads,cpus,ns_one_thread,ns_per_thread,"
	      "efficiency,efficiency_lo,efficiency_hi,p,rounds,settled,mlookups_per_s,format\n", f);
	for (size_t i = 0; i < n; i++) {
		const struct summary *o = s[i].many;
		char pc[48];
		out_csv_str(f, o->run_id);
		fputc(',', f);
		out_csv_str(f, o->kernel);
		fprintf(f, ",%s,%s,%s,%u,", o->mode, results_piece(pc, sizeof pc, o),
			o->cache_state, o->threads);
		out_csv_str(f, o->cpus);
		fputc(',', f);
		out_csv_num(f, s[i].one->ns_median);
		fputc(',', f);
		out_csv_num(f, o->ns_median);
		fprintf(f, ",%.4f,%.4f,%.4f,", s[i].efficiency, s[i].lo, s[i].hi);
		out_csv_num(f, s[i].p);
		fprintf(f, ",%zu,%d,", s[i].rounds, s[i].settled);
		out_csv_num(f, o->mlookups_per_s);
		fprintf(f, ",%d\n", out_format("scaling.csv"));
	}
}

void results_scaling_print(const struct scaling *s, size_t n, FILE *f)
{
	if (!n)
		return;
	fprintf(f, "\nscaling (each thread's time per lookup alone over with the others running, "
		"paired round by round: 1.00 = every thread as fast as one alone; settled when "
		"the interval excludes 1):\n");
	for (size_t i = 0; i < n; i++) {
		const struct summary *o = s[i].many;
		char pc[48];
		fprintf(f, "  %s/%s (%s) %s, %u threads on cpus %s: %.2f (%.2f-%.2f), %.0f Mlookups/s "
			"in all; %s%s\n", o->mode, results_piece(pc, sizeof pc, o), o->cache_state,
			o->kernel, o->threads, o->cpus, s[i].efficiency, s[i].lo, s[i].hi,
			o->mlookups_per_s, !s[i].settled ? "NOT settled: " : s[i].efficiency < 1 ?
			"settled: slower beside the others" : "settled: faster beside the others",
			s[i].settled ? "" : s[i].why);
	}
}

int results_scaling_write(const struct bench *b, const struct results *r, const char *dir,
			  char *err, size_t errlen)
{
	struct scaling *s;
	struct out_file o;
	long n = results_scaling(b, r, &s);
	int rc = 0;

	if (n < 0) {
		snprintf(err, errlen, "scaling: out of memory");
		return -1;
	}
	if (n && (rc = out_open(&o, dir, "scaling.csv", err, errlen)) == 0) {
		results_scaling_csv(s, (size_t)n, o.f);
		rc = out_commit(&o, err, errlen);
	}
	free(s);
	return rc;
}

void results_scaling_report(const struct bench *b, const struct results *r, FILE *f)
{
	struct scaling *s;
	long n = results_scaling(b, r, &s);

	if (n > 0)
		results_scaling_print(s, (size_t)n, f);
	if (n >= 0)
		free(s);
}

/* Returns the column of kernel name in b, or 0. */
static size_t column_of(const struct bench *b, const char *name)
{
	for (size_t ki = 1; ki <= b->nk; ki++)
		if (!strcmp(b->kern[ki - 1]->k->name, name))
			return ki;
	return 0;
}

void results_tables_report(const struct bench *b, const struct results *r, FILE *f)
{
	int said = 0;

	for (size_t wi = 0; wi < r->nw; wi++) {
		if (workload_threads(&b->w[wi]) < 2)
			continue;
		for (size_t ki = 1; ki < r->ncols; ki++) {
			const char *name = b->kern[ki - 1]->k->name, *at = strstr(name, "@per-thread");
			char shared[96];
			struct scaling s;
			size_t ks;
			if (!at || at[11])
				continue;
			snprintf(shared, sizeof shared, "%.*s@shared", (int)(at - name), name);
			if (!(ks = column_of(b, shared)) ||
			    bench_cell((struct bench *)b, wi, ki)->state != CELL_TIMED ||
			    bench_cell((struct bench *)b, wi, ks)->state != CELL_TIMED ||
			    compare(b, wi, ks, wi, ki, &s) < 0)
				continue;
			if (!said++)
				fprintf(f, "\ntables: one set shared by the threads or one per thread "
					"(each thread's time per lookup with its own tables over with the "
					"shared ones, paired round by round):\n");
			fprintf(f, "  %s, %u threads, %.*s: %.2fx (%.2f-%.2f); %s%s\n",
				b->w[wi].def->name, workload_threads(&b->w[wi]), (int)(at - name), name,
				1 / s.efficiency, 1 / s.hi, 1 / s.lo,
				s.settled ? "settled" : "NOT settled: ", s.settled ? "" : s.why);
		}
	}
}
