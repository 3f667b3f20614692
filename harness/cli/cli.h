/* cli.h - subcommands and the pieces of option handling they share. */
#ifndef SB_CLI_H
#define SB_CLI_H

#include <getopt.h>
#include <limits.h>
#include <stddef.h>
#include <stdio.h>
#include "registry/registry.h"

/* Exit statuses, documented in README and `slidebench --help`. */
enum {
	EXIT_OK = 0,
	EXIT_FAIL = 1,      /* a check failed: verification mismatch, a kernel refused, I/O error */
	EXIT_USAGE = 2,     /* bad command line: unknown option, kernel, event, bad number */
	EXIT_PARTIAL = 3,   /* trace: some games were skipped, the rest converted */
	EXIT_NOTHING = 4    /* trace: nothing usable was read */
};

/* One option of a command.  A command's table of these (ended by CLI_OPT_END) is the one place
 * its options are written: it drives getopt_long, the option list of its --help and the
 * Markdown of `slidebench help-markdown` (README.md and docs/program.md hold that). */
struct cli_opt {
	const char *name;   /* the long name, without "--" */
	int key;            /* what getopt_long returns; a letter is also the short option -k */
	const char *arg;    /* the argument's placeholder ("LIST", "N"); NULL for a flag */
	const char *help;   /* what it does, one line (--help wraps it); NULL: not shown */
	/* optional: what --help prints below the line, computed at run time (the terminal only) */
	void (*more)(FILE *f, int col);
	/* a whole number (CLI_NUM): its range and default, printed after help; NULL: none */
	const struct cli_num *num;
};
#define CLI_OPT_HELP { "help", 'h', NULL, "this text", NULL, NULL }
#define CLI_OPT_END { NULL, 0, NULL, NULL, NULL, NULL }

/* A whole-number option: the numbers it takes, what it is when not given, and the long of the
 * command's options struct that holds it (cli_take_number, cli_number_defaults).  Written once,
 * in the option's row: --help and the Markdown print the range and the default from here. */
struct cli_num {
	long min, max;
	long def;           /* CLI_NO_DEFAULT: none printed (the command sets it; help says what) */
	size_t off;         /* offsetof the long in the options struct */
};
#define CLI_NO_DEFAULT LONG_MIN
/* The num of an option taken into field of options struct type: CLI_NUM(1, 100, 15, struct
 * bench_opts, samples). */
#define CLI_NUM(min, max, def, type, field) \
	(&(const struct cli_num){ (min), (max), (def), offsetof(type, field) })
#define CLI_MAX_OPTS 48

/* A command's help: "usage: slidebench NAME SYNOPSIS", what it does (about), its options, and
 * what follows them (tail: exit statuses and the like).  The Markdown shows name, synopsis
 * and options. */
struct cli_cmd {
	const char *name;
	const char *synopsis;
	const char *about;
	const struct cli_opt *opts;
	const char *tail;
};
/* A number's macro as a string, for help text: CLI_STR(MAX_DEPTH) is "12". */
#define CLI_STR_(x) #x
#define CLI_STR(x) CLI_STR_(x)

/* getopt_long's two tables, built from a cli_opt table. */
struct cli_getopt {
	struct option longs[CLI_MAX_OPTS + 1];
	char shorts[3 * CLI_MAX_OPTS + 1];
};

/* Builds g from the table opts and rewinds getopt (optind = 1). */
void cli_getopt_init(struct cli_getopt *g, const struct cli_opt *opts);
/* Returns getopt_long's next option of argv (-1 at the end, '?' for a bad one). */
int cli_getopt(struct cli_getopt *g, int argc, char **argv);
/* Prints c's help: usage line, about, the shown options one a line (their help wrapped at 79
 * columns), tail. */
void cli_print_help(FILE *f, const struct cli_cmd *c);
/* Prints c's options as a Markdown section: a heading and a table (--help left out). */
void cli_markdown_options(FILE *f, const struct cli_cmd *c);
/* Prints c as one Markdown table row: the command and its options' names. */
void cli_markdown_summary(FILE *f, const struct cli_cmd *c);

/* Each command as its help shows it (in its cmd_*.c). */
extern const struct cli_cmd CLI_LIST, CLI_VERIFY, CLI_BENCH, CLI_TRACE, CLI_TRACE_INFO,
	CLI_TRACE_DUMP, CLI_PERFT, CLI_REPORT, CLI_COMPARE, CLI_EXPORT, CLI_VERDICTS, CLI_BLOCKS,
	CLI_PLOT_DATA;

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
int cmd_report_fleet(const char *dir);
/* `slidebench plot-data FLEET_DIR OUT_DIR`: the fleet ranking chart's data (fleet-chart.csv). */
int cmd_fleet_plot_data(const char *dir, const char *outdir);

/* Loads each --plugin path (each first tried in a child process: registry.h); prints
 * "slidebench: PATH: WHY: refused" for each one refused.  Returns how many were refused: the
 * one rule of every command is that it still does its work for the other kernels and exits
 * EXIT_FAIL when this is not 0. */
int cli_load_plugins(char **paths, size_t n);
/* Returns 0 when list (of option opt) is a comma-separated list without an empty name (not
 * '', no leading, trailing or doubled comma), else -1 after saying so: every list option's
 * first check (--kernel, --mode, --threads). */
int cli_check_list(const char *opt, const char *list);
/* Resolves a comma-separated kernel list ("all" or NULL: every kernel) into out[] (cap max).
 * A name held by a refused plugin is left out (when a plugin was refused before its name was
 * read, any unknown name is left out, with a note).  Otherwise prints the unknown name and
 * the known ones.  Returns the count or -1. */
int cli_select_kernels(const char *list, struct kentry **out, size_t max);
/* Parses a whole non-negative number in [min, max]; prints what was wrong and returns -1. */
int cli_parse_long(const char *opt, const char *s, long min, long max, long *out);
/* When key is a whole-number option of opts (CLI_NUM), parses arg into its long in *into (the
 * options struct) and returns 1, or -1 after saying what was wrong; returns 0 for any other
 * key. */
int cli_take_number(const struct cli_opt *opts, int key, const char *arg, void *into);
/* Sets every whole-number option of opts that has a default to it, in *into. */
void cli_number_defaults(const struct cli_opt *opts, void *into);

#endif
