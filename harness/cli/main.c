/* main.c - slidebench: which sliding-piece attack generator should an engine use? */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>

#include "cli/cli.h"
#include "sim/sim_callgrind.h"

static const struct {
	int (*fn)(int, char **);
	const struct cli_cmd *cmd;   /* its name and options */
	const char *what;
} COMMANDS[] = {
	{ cmd_list, &CLI_LIST, "list the kernels: name, family, word bits, branching, table bytes" },
	{ cmd_verify, &CLI_VERIFY, "check kernels against the reference on every relevant occupancy" },
	{ cmd_bench, &CLI_BENCH, "time kernels (verified first) under counters; write results/" },
	{ cmd_trace, &CLI_TRACE, "convert PGN (.pgn, .pgn.zst, -) into a position trace" },
	{ cmd_trace_info, &CLI_TRACE_INFO, "print a trace's header and statistics" },
	{ cmd_trace_dump, &CLI_TRACE_DUMP, "print one FEN per position of a trace" },
	{ cmd_perft, &CLI_PERFT, "count a position's legal move tree with each kernel's lookups" },
	{ cmd_report, &CLI_REPORT, "write report.html and report.md for a study or a bench run" },
	{ cmd_compare, &CLI_COMPARE, "set runs side by side: ratios, intervals, significance" },
	{ cmd_verdicts, &CLI_VERDICTS, "set studies' verdicts side by side; name every contradiction" },
	{ cmd_plot_data, &CLI_PLOT_DATA, "write what the charts read of a study (plots/render.sh)" },
	{ cmd_blocks, &CLI_BLOCKS, "compare two processes run as alternating blocks (run_all.sh)" },
	{ cmd_export, &CLI_EXPORT, "write a run in another tool's format (--format gbench)" },
};
#define NCOMMANDS (sizeof COMMANDS / sizeof COMMANDS[0])

/* The program's version: the study and result formats it writes and reads. */
#define SB_VERSION "1.0"
#ifndef SB_GIT_REV
#define SB_GIT_REV "unknown"
#endif

static void version(void)
{
	printf("slidebench %s (git %s), kernel ABI %d, %d-bit build\n"
	       "built with %s: %s\n", SB_VERSION, SB_GIT_REV, SB_ABI_VERSION,
	       (int)(8 * sizeof(void *)), SB_CC, SB_CFLAGS);
}

static void usage(FILE *f)
{
	fprintf(f, "usage: slidebench COMMAND [OPTIONS]   (slidebench COMMAND --help for options)\n\n");
	for (size_t i = 0; i < NCOMMANDS; i++)
		fprintf(f, "  %-11s %s\n", COMMANDS[i].cmd->name, COMMANDS[i].what);
	fprintf(f, "\n  --version   the version, git revision and build flags\n");
	fprintf(f, "\nexit status: 0 ok; 1 a check failed (mismatch, refused kernel, I/O error);\n"
		   "2 bad command line; 3 trace: some games skipped; 4 trace: nothing usable read\n");
}

/* `slidebench help-markdown [--summary]` (not in the usage: README.md and docs/program.md
 * are made of it, harness/scripts/options-md.sh): every command's options as Markdown, one
 * section each, or with --summary one table row each. */
static int help_markdown(int argc, char **argv)
{
	int summary = argc == 3 && !strcmp(argv[2], "--summary");

	if (argc > 3 || (argc == 3 && !summary)) {
		fprintf(stderr, "usage: slidebench help-markdown [--summary]\n");
		return EXIT_USAGE;
	}
	if (summary)
		printf("| command | options (each takes --help) |\n|---|---|\n");
	for (size_t i = 0; i < NCOMMANDS; i++)
		(summary ? cli_markdown_summary : cli_markdown_options)(stdout, COMMANDS[i].cmd);
	return EXIT_OK;
}

static int run(int argc, char **argv)
{
	if (argc < 2) {
		usage(stderr);
		return EXIT_USAGE;
	}
	if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h") || !strcmp(argv[1], "help")) {
		usage(stdout);
		return EXIT_OK;
	}
	if (!strcmp(argv[1], "--version") || !strcmp(argv[1], "version")) {
		version();
		return EXIT_OK;
	}
	if (!strcmp(argv[1], "help-markdown"))
		return help_markdown(argc, argv);
	if (registry_init() < 0) {
		fprintf(stderr, "slidebench: a built-in kernel has a bad descriptor\n");
		return EXIT_FAIL;
	}
	for (size_t i = 0; i < NCOMMANDS; i++)
		if (!strcmp(argv[1], COMMANDS[i].cmd->name))
			return COMMANDS[i].fn(argc - 1, argv + 1);
	fprintf(stderr, "slidebench: unknown command \"%s\"\n", argv[1]);
	usage(stderr);
	return EXIT_USAGE;
}

/* Returns rc, or EXIT_FAIL when standard output could not be written through its close (a
 * full disk, a closed pipe): a table that never reached its reader is not a success. */
static int close_stdout(int rc)
{
	int e = 0;

	errno = 0;
	if (fflush(stdout) != 0 || ferror(stdout))
		e = errno ? errno : EIO;
	if (fclose(stdout) != 0 && !e && errno != EBADF)
		e = errno;
	if (!e || rc != EXIT_OK)
		return rc; /* a command that failed has said why; its output was not trusted */
	fprintf(stderr, "slidebench: standard output: write failed: %s\n", strerror(e));
	return rc ? rc : EXIT_FAIL;
}

int main(int argc, char **argv)
{
	/* Past a file size limit (ulimit -f) a write fails with EFBIG, which every writer reports
	 * with its path and removes its temporary, instead of SIGXFSZ killing us silently. */
	signal(SIGXFSZ, SIG_IGN);
	return close_stdout(sim_under_valgrind() ? sim_stack_aligned(run, argc, argv)
						 : run(argc, argv));
}
