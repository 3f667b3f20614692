/* report_fleet_machines.c - the fleet report's closing sections: every machine's environment
 * and recommendations in one table, and the tasks of the job array (failed ones with their
 * node and reason). */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "report/report_fleet.h"

/* Writes run r's context number at key as a count or "?" into buf. */
static const char *num(const struct run *r, const char *key, char *buf, size_t len, int bytes)
{
	double v = r->ctx ? jsonx_num(r->ctx, key) : NAN;

	if (isnan(v))
		return snprintf(buf, len, "?"), buf;
	return bytes ? report_bytes(buf, len, v) : (snprintf(buf, len, "%.0f", v), buf);
}

/* Returns the context string at key of r, or "?". */
static const char *str(const struct run *r, const char *key)
{
	const char *s = run_ctx(r, key);
	return s && *s ? s : "?";
}

void report_fleet_machines(struct doc *d, const struct fleet *f, const struct fleet_rank *r,
			     size_t nr)
{
	static const char *const HEAD[] = { "machine", "Slurm job_task", "CPU",
		"caches L1d / L2 / L3", "VM", "build", "recommendation per workload", "its report" };
	char c[8][1024], a[32], b[32], x[32], n[16];
	struct report_winner p;

	doc_h(d, 2, "machines", "Machines: environment and recommendations");
	doc_table_begin(d, 8, HEAD);
	for (size_t m = 0; m < f->n; m++) {
		const struct run *run = &f->m[m].s->m64;
		const char *cells[8];
		snprintf(c[0], sizeof c[0], "%s", f->m[m].name);
		snprintf(c[1], sizeof c[1], "%s_%s", str(run, "scheduler.array_job_id"),
			 str(run, "scheduler.array_task_id"));
		snprintf(c[2], sizeof c[2], "%s (%s), %s CPUs", str(run, "machine.cpu_model"),
			 str(run, "machine.uarch"), num(run, "machine.ncpus", n, sizeof n, 0));
		snprintf(c[3], sizeof c[3], "%s / %s / %s",
			 num(run, "machine.l1d_bytes", a, sizeof a, 1),
			 num(run, "machine.l2_bytes", b, sizeof b, 1),
			 num(run, "machine.l3_bytes", x, sizeof x, 1));
		snprintf(c[4], sizeof c[4], "%s", !strcmp(str(run, "machine.is_vm"), "true") ?
			 str(run, "machine.hypervisor") : "no");
		snprintf(c[5], sizeof c[5], "%s, %s, git %s", str(run, "slidebench.compiler"),
			 str(run, "slidebench.cflags"), str(run, "slidebench.git_rev"));
		c[6][0] = 0;
		for (size_t i = 0; i < nr; i++) {
			char t[320];
			if (!fleet_pick(f->m[m].s, r[i].label, &p))
				continue;
			report_winner_text(t, sizeof t, &p);
			doc_cat(c[6], sizeof c[6], "%s%s: %s", c[6][0] ? "; " : "", r[i].label, t);
		}
		snprintf(c[7], sizeof c[7], "%s/report.html", f->m[m].name);
		for (int i = 0; i < 8; i++)
			cells[i] = c[i];
		doc_table_row(d, 8, cells, 0);
	}
	doc_table_end(d);
}

int fleet_task_failed(const struct fleet_task *t)
{
	return strcmp(t->rc, "0") || (t->state[0] && strcmp(t->state, "COMPLETED"));
}

void report_fleet_tasks(struct doc *d, const struct fleet *f)
{
	doc_h(d, 2, "tasks", "Tasks of the job array");
	if (!f->nt) {
		doc_p(d, "note", "No task records (tasks/N.status): this directory was not written "
		      "by run_all.sh --slurm, or its tasks never started.");
	} else {
		doc_list_begin(d);
		for (size_t i = 0; i < f->nt; i++) {
			const struct fleet_task *t = &f->t[i];
			if (fleet_task_failed(t))
				doc_li(d, "task %d on %s: FAILED (%s%s%s): %s%s%s", t->task, t->node,
				       t->state[0] ? t->state : "no state", t->exit_code[0] ?
				       ", exit " : "", t->exit_code, t->reason[0] ? t->reason :
				       "no reason recorded", t->dir[0] ? "; what it wrote is in " :
				       "", t->dir);
			else
				doc_li(d, "task %d on %s: completed, study %s/", t->task, t->node, t->dir);
		}
		doc_list_end(d);
	}
	if (f->skipped[0])
		doc_p(d, "note", "Not read as studies: %s.", f->skipped);
}
