/* report_fleet_threads.c - the fleet's thread sweeps side by side: per kernel, each machine's
 * efficiency with all its CPUs' threads at once (a thread's time per lookup alone over with
 * the others running, paired by round within that machine's sweep). */
#include <string.h>

#include "report/report_fleet.h"

/* Adds the kernels of machine m's sweep to k[] (at most FLEET_MAX_KERNELS, *nk of them). */
static void add_kernels(const struct study *s, const struct report_workload *one,
			const char **k, size_t *nk)
{
	for (size_t i = 0; i < s->threads.nrows; i++) {
		const struct rr_row *r = &s->threads.rows[i];
		size_t j = 0;
		if (!report_in_workload(r, one) || !run_row_timed(r))
			continue;
		while (j < *nk && strcmp(k[j], r->kernel))
			j++;
		if (j == *nk && *nk < FLEET_MAX_KERNELS)
			k[(*nk)++] = r->kernel;
	}
}

void report_fleet_threads(struct doc *d, const struct fleet *f)
{
	const char *head[FLEET_MAX_MACHINES + 1], *k[FLEET_MAX_KERNELS];
	char names[FLEET_MAX_MACHINES][320];
	struct report_workload one[FLEET_MAX_MACHINES], many[FLEET_MAX_MACHINES];
	int have[FLEET_MAX_MACHINES];
	size_t nk = 0, nm = 0;

	doc_h(d, 2, "threads", "Threads on each machine");
	head[0] = "kernel";
	for (size_t m = 0; m < f->n; m++) {
		const struct study *s = f->m[m].s;
		have[m] = s->have_threads && report_threads_sweep(&s->threads, &one[m], &many[m]);
		if (!have[m]) {
			snprintf(names[m], sizeof names[m], "%s (no sweep)", f->m[m].name);
		} else {
			snprintf(names[m], sizeof names[m], "%s, %u threads", f->m[m].name,
				 many[m].threads);
			add_kernels(s, &one[m], k, &nk);
			nm++;
		}
		head[m + 1] = names[m];
	}
	if (!nm) {
		doc_p(d, "note", "No machine of the fleet has a thread sweep (threads/: a machine "
		      "with two CPUs or more runs one).");
		return;
	}
	doc_p(d, NULL, "Each cell: a thread's time per lookup alone over its time with all the "
	      "machine's CPUs' threads running, paired round by round within that machine's "
	      "sweep, with its 95%% interval (1.00: every thread as fast as one alone); * marks "
	      "a settled difference. A machine with more cores shows what the shared caches do "
	      "at scale.");
	doc_table_begin(d, f->n + 1, head);
	for (size_t i = 0; i < nk; i++) {
		char cell[FLEET_MAX_MACHINES][96];
		const char *cells[FLEET_MAX_MACHINES + 1] = { k[i] };
		for (size_t m = 0; m < f->n; m++) {
			struct cmp c;
			int st = have[m] ? report_threads_eff(f->m[m].s, &one[m], &many[m], k[i], &c,
							      NULL) : -2;
			if (st == -2)
				snprintf(cell[m], sizeof cell[m], "–");
			else
				report_threads_eff_text(cell[m], sizeof cell[m], &c);
			if (st == 1)
				strncat(cell[m], " *", sizeof cell[m] - strlen(cell[m]) - 1);
			cells[m + 1] = cell[m];
		}
		doc_table_row(d, f->n + 1, cells, 0);
	}
	doc_table_end(d);
}
