/* sim_bench.h - the parent side of `bench --simulate`: which geometries to simulate (the --d1
 * pass, an --l1 sweep, a data-TLB pass), which binary valgrind runs, and what came back. */
#ifndef SB_SIM_BENCH_H
#define SB_SIM_BENCH_H

#include <limits.h>
#include <stddef.h>
#include "sim/sim_callgrind.h"

#define SIM_MAX_PASSES 16
#define SIM_MAX_UNSIM 32   /* plugins (bench --plugin) noted as not run under valgrind */
#define SIM_TLB_DEFAULT 64  /* first-level DTLB entries simulated unless --tlb says otherwise */
#define SIM_PAGE 4096       /* the simulated TLB's "line": one 4 KiB page per entry */
#define SIM_TLB_MAX 4096

/* What the user asked for (the bench options). */
struct sim_opts {
	const char *d1, *ll; /* --d1, --ll "size,assoc,line" (NULL: SIM_DEFAULT_D1 / _LL) */
	const char *l1;      /* --l1 LIST of D1 sizes, each SIZE or SIZE:ASSOC (NULL: no sweep) */
	const char *tlb;     /* --tlb ENTRIES (NULL: SIM_TLB_DEFAULT; "0": no TLB pass) */
	long max_queries;    /* the run's --max-queries (0: none); capped at 20,000 per piece */
};

/* One callgrind run of the whole bench at one geometry. */
struct sim_pass {
	enum sim_kind kind;
	struct sim_geometry g;      /* asked for */
	char geom[48];              /* "d1=32768,8,64" or "tlb=64": the label of its entries */
	char dir[64];               /* its dumps, under the run directory: "callgrind/d1-32768-8-64" */
	struct sim_dump_info used;  /* what valgrind says it simulated */
	char status[400];           /* "ok", "error: ..." or "skipped: ..." */
	size_t entries;             /* regions read back */
};

/* Everything context.json records about a simulation (filled by sim_plan / sim_bench_run). */
struct sim_info {
	char exe[PATH_MAX];   /* the binary run under valgrind */
	char exe_why[128];    /* why that one */
	char cflags[200];     /* its build flags, as its build marker says ("" if none came back) */
	char march[48];       /* the -march= value in cflags */
	char rev[64];         /* its git revision */
	char valgrind[32];    /* "callgrind-3.19.0" */
	long tlb_entries;     /* 0: no TLB pass */
	int host_ll_warning;  /* valgrind warned about the host's LL (overridden by --LL, checked) */
	size_t npass;
	struct sim_pass pass[SIM_MAX_PASSES]; /* [0] is the --d1 pass */
	size_t nunsim;        /* plugins the child could not run under valgrind: timed natively */
	struct sim_unsim {
		char path[256], why[256];
	} unsim[SIM_MAX_UNSIM];
};

/* In the --simulate child: loads the plugins at paths[0..n) (registry_load_plugin); one that
 * is refused here, where the parent loaded it (valgrind cannot run its code: a -march=native
 * build's AVX-512, say), is noted in the file notes ("PATH<tab>WHY" lines; stderr without
 * one) for the parent to say once, not as a refusal: its cells are timed natively. */
void sim_child_plugins(char **paths, size_t n, const char *notes);
/* In the --simulate child: notes that the plugin at path was lost here, and why (a line of
 * notes; stderr without one). */
void sim_child_note(const char *notes, const char *path, const char *why);
/* Checks o and lays out the passes in info: the --d1 pass, one per new --l1 size (same ways
 * and line as --d1 unless SIZE:ASSOC), the TLB pass.  Returns 0, or -1 with err (a usage
 * error: exit 2).  Call it before the timed run so a bad geometry costs nothing. */
int sim_plan(const struct sim_opts *o, struct sim_info *info, char *err, size_t errlen);
/* Checks that valgrind is there and picks in info->exe the binary it can run: bin/slidebench-sim
 * beside this one, else this one unless it holds AVX-512 code.  Returns 0, or -1 with err
 * (e.g. "... build bin/slidebench-sim: make all").  sim_bench_run calls it too; call it
 * after sim_plan and before the timed run to fail early. */
int sim_ready(struct sim_info *info, char *err, size_t errlen);
/* Re-runs `slidebench bench argv...` under callgrind once per pass of sim_plan (the x86-64-v3
 * build bin/slidebench-sim when it exists beside this binary), on at most 20,000 queries per
 * piece, one warm pass uncounted and one counted pass per kernel and workload, dumps kept in
 * run_dir/callgrind/.  Fills *sim (caller frees; each entry labelled with its pass) and info.
 * Returns 0, or -1 after a message when any pass failed (*sim then holds the passes that
 * worked; info->pass[].status says which did not and why). */
int sim_bench_run(int argc, char **argv, const struct sim_opts *o, const char *run_dir,
		   struct sim_counts **sim, size_t *nsim, struct sim_info *info);

#endif
