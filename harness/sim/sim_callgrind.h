/* sim_callgrind.h - simulated cache and branch counters with valgrind's callgrind, for machines
 * without a PMU.  The bench re-runs itself under callgrind (sim_build_argv + sim_run); the child
 * brackets each timed region with sim_region_begin / sim_region_end("label"), which toggles
 * collection and dumps one file per region; the parent reads them back with sim_collect.
 * Figures are deterministic for a given geometry and are labelled "sim", never mixed with
 * hardware counters. */
#ifndef SB_SIM_CALLGRIND_H
#define SB_SIM_CALLGRIND_H

#include <signal.h>
#include <sys/types.h>
#include <stddef.h>

enum sim_kind { SIM_D1, SIM_TLB };

struct sim_counts {
	char label[128]; /* kernel|mode|piece|pressure|lookups, as the child gave sim_region_end */
	char geom[48];   /* the pass it came from: "d1=32768,8,64" or "tlb=64" ("" from sim_collect) */
	enum sim_kind kind;
	int primary;     /* 1: the --d1 pass (summary's sim_* columns) or the TLB pass */
	long cache_bytes, assoc, line_bytes; /* the simulated D1 of that pass */
	unsigned long long ir, dr, dw, d1mr, d1mw, dlmr, dlmw, bc, bcm, bi, bim;
	unsigned dumps; /* how many dumps carried this label (the counts are their mean) */
};

struct sim_geometry {
	long d1_size, d1_assoc, d1_line, ll_size, ll_assoc, ll_line;
};

/* What the dumps of one callgrind run say about themselves. */
struct sim_dump_info {
	long d1[3], ll[3];  /* size, assoc, line from "desc: D1 cache:" / "desc: LL cache:" (0: absent) */
	char creator[32];   /* "callgrind-3.19.0" */
	char build[256];    /* the child's build marker: "cflags|git rev" ("" when absent) */
};

#define SIM_BUILD_MARK "sb-build|" /* label prefix of the child's build marker dump */

#define SIM_DEFAULT_D1 "32768,8,64"   /* 32 KiB, 8-way, 64 B lines */
#define SIM_DEFAULT_LL "8388608,16,64" /* 8 MiB, 16-way, 64 B lines */

/* Parses "size,assoc,line" for D1 and LL (NULL: the defaults above; size may end in K or M);
 * returns 0, or -1 with err naming what valgrind would refuse (sets or line not a power of two). */
int sim_geometry_parse(const char *d1, const char *ll, struct sim_geometry *g, char *err,
		       size_t errlen);
/* Builds into argv_out (cap entries) the NULL-terminated valgrind command re-running self_exe
 * with child_args (NULL-terminated; the caller adds its child flag) under callgrind, dumps into
 * dir (valgrind's own messages into dir/valgrind.PID.log), geometry g (NULL: defaults).  The option strings live in static storage until the next
 * call.  Returns the number of arguments before the NULL, or -1 when cap is too small. */
int sim_build_argv(const char *dir, const struct sim_geometry *g, const char *self_exe,
		   char *const child_args[], char **argv_out, size_t cap);
/* Runs argv (fork, execvpe, waitpid) in a fixed environment (PATH=/usr/bin:/bin, LC_ALL=C,
 * VALGRIND_LIB if set); returns the child's exit status (128 + signal when killed), or -1 with
 * a message on stderr ("valgrind not found: install valgrind"). */
int sim_run(char *const argv[]);
/* sim_run in two halves, so that several runs go side by side: sim_start starts argv (the
 * child not bound to the caller's pinned CPU) and sets *pid, or returns -1 with the message
 * sim_run gives; sim_finish waits for it and returns what sim_run returns. */
int sim_start(char *const argv[], pid_t *pid);
int sim_finish(pid_t pid);
/* When set and non-zero (a signal handler set it), sim_run kills its child and returns. */
extern volatile sig_atomic_t *sim_stop;
/* Reads every callgrind dump in dir and returns in *out (malloc'd, caller frees) one entry per
 * label given to sim_region_end, in the order first dumped (a label dumped several times gets
 * the mean of its dumps, rounded, and dumps > 1); -1 with err when there is none.  info (may be
 * NULL) gets the geometry valgrind used, its version and the child's build marker. */
int sim_collect(const char *dir, struct sim_counts **out, size_t *n, struct sim_dump_info *info,
		char *err, size_t errlen);
/* Compares the geometry valgrind used (info) with the one asked for; returns 0, or -1 with err
 * saying which cache differs and how. */
int sim_check_geometry(const struct sim_geometry *asked, const struct sim_dump_info *info,
		       char *err, size_t errlen);
/* Removes the callgrind dumps (cg.*) and valgrind logs (valgrind.*.log) from dir and then dir itself; returns 0 or -1. */
int sim_cleanup_dir(const char *dir);
/* Under callgrind, turns its instrumentation on (the child starts with it off: the tables' init
 * and the verification run at valgrind's plain speed, 12x faster than simulated); the sampling
 * phase, settle passes included, runs simulated, so each region starts from the cache state
 * its own settle pass left, as before.  Once; elsewhere nothing.  sim_region_begin calls it
 * for a caller that did not. */
void sim_instrument_start(void);
/* Starts collecting (only under valgrind with the headers compiled in; else a no-op).  The
 * first call first dumps an empty region labelled SIM_BUILD_MARK "cflags|rev" (this build's). */
void sim_region_begin(void);
/* Stops collecting and dumps the region's counts under label (a no-op outside valgrind). */
void sim_region_end(const char *label);
/* Returns fn(argc, argv), called with the stack pointer at the same offset within a page
 * whatever lies above it.  The child's stack starts below its argument, environment and
 * auxiliary-vector strings (the binary's path among them), whose lengths would otherwise move
 * every stack variable to other cache sets: a clone at a path 2 bytes longer changed
 * kindergarten-4k's simulated D1 misses from 1 to 7 per 1068 lookups.  main() calls the
 * commands through it under valgrind. */
int sim_stack_aligned(int (*fn)(int, char **), int argc, char **argv);
/* Returns 1 when running under valgrind, else 0. */
int sim_under_valgrind(void);
/* Returns 1 when valgrind is on PATH and the headers were compiled in, else 0 with why. */
int sim_available(char *why, size_t whylen);

#endif
