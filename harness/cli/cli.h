/* cli.h - subcommands and the pieces of option handling they share. */
#ifndef SB_CLI_H
#define SB_CLI_H

#include <stddef.h>
#include "registry/registry.h"

/* Exit statuses, documented in README and `slidebench --help`. */
enum {
	EXIT_OK = 0,
	EXIT_FAIL = 1,      /* a check failed: verification mismatch, a kernel refused, I/O error */
	EXIT_USAGE = 2,     /* bad command line: unknown option, kernel, event, bad number */
	EXIT_PARTIAL = 3,   /* trace: some games were skipped, the rest converted */
	EXIT_NOTHING = 4    /* trace: nothing usable was read */
};

int cmd_list(int argc, char **argv);
int cmd_verify(int argc, char **argv);
int cmd_bench(int argc, char **argv);
int cmd_trace(int argc, char **argv);
int cmd_trace_info(int argc, char **argv);
int cmd_trace_dump(int argc, char **argv);
int cmd_perft(int argc, char **argv);
/* The commands that read runs back. */
int cmd_report(int argc, char **argv);
int cmd_compare(int argc, char **argv);
int cmd_export(int argc, char **argv);
int cmd_verdicts(int argc, char **argv);
int cmd_blocks(int argc, char **argv);
int cmd_plot_data(int argc, char **argv);
/* report on a fleet (cmd_report_fleet.c): a directory of studies, one per machine */
/* Returns 1 when dir is a fleet: no study itself, but studies in its subdirectories. */
int report_is_fleet(const char *dir);
int cmd_report_fleet(const char *dir);
/* `slidebench plot-data FLEET_DIR OUT_DIR`: the fleet ranking chart's data (fleet-chart.csv). */
int cmd_fleet_plot_data(const char *dir, const char *outdir);

/* Loads each --plugin path (each first tried in a child process: registry.h); prints
 * "slidebench: PATH: WHY: refused" for each one refused.  Returns how many were refused: the
 * one rule of every command is that it still does its work for the other kernels and exits
 * EXIT_FAIL when this is not 0. */
int cli_load_plugins(char **paths, size_t n);
/* Resolves a comma-separated kernel list ("all" or NULL: every kernel) into out[] (cap max).
 * A name held by a refused plugin is left out (when a plugin was refused before its name was
 * read, any unknown name is left out, with a note).  Otherwise prints the unknown name and
 * the known ones.  Returns the count or -1. */
int cli_select_kernels(const char *list, struct kentry **out, size_t max);
/* Parses a whole non-negative number in [min, max]; prints what was wrong and returns -1. */
int cli_parse_long(const char *opt, const char *s, long min, long max, long *out);

#endif
