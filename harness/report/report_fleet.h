/* report_fleet.h - `slidebench report FLEET_DIR`: the studies of several machines (one per
 * subdirectory, as `run_all.sh --slurm` writes them) in one report: each machine's environment
 * and recommendations, whether the answer depends on the machine, the rankings side by side,
 * and the tasks of the job array that failed. */
#ifndef SB_REPORT_FLEET_H
#define SB_REPORT_FLEET_H

#include "report/report.h"

#define FLEET_MAX_MACHINES 64
#define FLEET_MAX_KERNELS 64

/* One task of the fleet's job array, from FLEET/tasks/N.status (key=value lines). */
struct fleet_task {
	int task;
	char node[64], dir[128], state[32], rc[16], exit_code[32];
	char reason[1024];
};

/* One machine: its study directory's name (the host) and the study. */
struct fleet_machine {
	char name[256];
	struct study *s;
};

struct fleet {
	char dir[PATH_MAX];
	char job[32];                    /* the job array's id (FLEET/fleet.txt), or "" */
	struct fleet_machine m[FLEET_MAX_MACHINES];
	size_t n;
	struct fleet_task *t;            /* every task, by task id */
	size_t nt;
	char skipped[1024];              /* subdirectories that are not readable studies, and why */
};

/* One workload's ranking on every machine: rank[k][m] is kernel k's place on machine m
 * (1 = fastest; 0 = not timed there), ns[k][m] its score.  Kernels by mean rank. */
struct fleet_rank {
	char label[96];
	const char *kernel[FLEET_MAX_KERNELS];
	size_t nk;
	int rank[FLEET_MAX_KERNELS][FLEET_MAX_MACHINES];
	double ns[FLEET_MAX_KERNELS][FLEET_MAX_MACHINES];
};

/* report_fleet_threads.c: each machine's thread sweep side by side (efficiency per kernel) */
void report_fleet_threads(struct doc *d, const struct fleet *f);

/* report_fleet_rank.c */
/* Fills out[] (at most max) with the rankings of the workloads of the machines' m64 runs, in
 * the first machine's order.  Returns how many. */
size_t fleet_ranks(const struct fleet *f, struct fleet_rank *out, size_t max);
/* Writes FLEET/fleet-ranks.csv (workload, kernel, machine, rank, ns_per_lookup, format).
 * Returns 0, or -1 with err set. */
int fleet_rank_files(const struct fleet *f, const struct fleet_rank *r, size_t nr, char *err,
		     size_t len);
/* Writes outdir/fleet-chart.csv, what plots/fleet-ranks.gp draws (one chart per workload,
 * FLEET/plots/fleet-ranks-N.svg and .png): per workload (workload_no from 1, workload) and
 * kernel (kernel_no, by mean place) a row per machine that placed it (machine_no from 0,
 * machine, rank, prev_rank: its place on machine_no - 1, ns_per_lookup, moved: 1 when its
 * place differs between machines, first and last: 1 on its first and last machine).
 * Returns 0, or -1 with err set. */
int fleet_rank_chart_data(const struct fleet *f, const struct fleet_rank *r, size_t nr,
			  const char *outdir, char *err, size_t len);

/* report_fleet.c */
/* Writes the whole fleet report into d. */
void report_fleet(struct doc *d, const struct fleet *f, const struct fleet_rank *r, size_t nr);
/* Fills p with the winner of workload label on machine s (the single-machine report's
 * candidates and settling rules).  Returns 1, or 0 when s has no such workload or timed no
 * kernel in it. */
int fleet_pick(const struct study *s, const char *label, struct report_winner *p);

/* report_fleet_machines.c */
/* The machines' environments and recommendations in one table. */
void report_fleet_machines(struct doc *d, const struct fleet *f, const struct fleet_rank *r,
			   size_t nr);
/* Every task of the job array; the failed ones with node, state and reason. */
void report_fleet_tasks(struct doc *d, const struct fleet *f);
/* Returns 1 when task t failed (anything but a completed run with status 0). */
int fleet_task_failed(const struct fleet_task *t);

/* Returns 1 when dir is a fleet: no study itself, but studies in its subdirectories. */
int report_is_fleet(const char *dir);
/* Returns the fleet of dir, its tasks and machines read, or NULL (said why); fleet_free
 * releases it (NULL too). */
struct fleet *fleet_open(const char *dir);
void fleet_free(struct fleet *f);

#endif
