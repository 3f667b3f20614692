/* cmd_plot_data.c - `slidebench plot-data STUDY_DIR OUT_DIR`: what the charts read of a study
 * besides its result CSVs, as small CSVs (report/report_plotdata.c); plots/render.sh runs it
 * into its temporary folder before gnuplot. */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "cli/cli.h"
#include "report/report.h"
#include "report/report_fleet.h"
#include "util/output.h"

static const struct cli_opt PLOT_DATA_OPTS[] = { CLI_OPT_HELP, CLI_OPT_END };
const struct cli_cmd CLI_PLOT_DATA = {
	"plot-data", "STUDY_DIR OUT_DIR",
	"Writes OUT_DIR/context.csv (one row per run folder of the study: run, run_id,\n"
	"cpu_model, uarch, is_vm, hypervisor, ncpus, l1d_bytes, l2_bytes, l3_bytes,\n"
	"compiler, cflags, git_rev, trace, sim_d1, sim_tlb_entries, sim_tlb_page_bytes, the\n"
	"topology's shared caches, read from its context.json) and OUT_DIR/hugepages.csv (run,\n"
	"mode, thp, possible, why, bytes, huge_bytes, regions, readback: its \"tables\" record),\n"
	"for the charts.  Refuses a result file the charts read that is damaged or of a newer\n"
	"format.  For a fleet (a directory of studies: see slidebench report),\n"
	"OUT_DIR/fleet-chart.csv: each machine's ranking per workload, what\n"
	"plots/fleet-ranks.gp draws.\n",
	PLOT_DATA_OPTS,
	"Exit: 0 written; 1 unreadable input or write error; 2 usage (STUDY_DIR or\n"
	"OUT_DIR not a directory, STUDY_DIR one bench run).\n"
};

/* Returns 0 when path is a directory, else -1 after saying why (what names it: "STUDY_DIR"). */
static int need_dir(const char *path, const char *what)
{
	struct stat st;
	const char *why;

	if (stat(path, &st) != 0)
		why = errno == ENOENT ? "no such directory" : strerror(errno);
	else if (!S_ISDIR(st.st_mode))
		why = "not a directory";
	else
		return 0;
	fprintf(stderr, "slidebench plot-data: %s %s: %s\n", what, path, why);
	return -1;
}

int cmd_plot_data(int argc, char **argv)
{
	char err[2 * PATH_MAX + 256];

	if (argc == 2 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"))) {
		cli_print_help(stdout, &CLI_PLOT_DATA);
		return EXIT_OK;
	}
	if (argc != 3 || argv[1][0] == '-' || argv[2][0] == '-') {
		cli_print_help(stderr, &CLI_PLOT_DATA);
		return EXIT_USAGE;
	}
	if (need_dir(argv[1], "STUDY_DIR") < 0 || need_dir(argv[2], "OUT_DIR") < 0)
		return EXIT_USAGE;
	if (out_exists(argv[1], "summary.csv") && !out_exists(argv[1], "m64")) {
		fprintf(stderr, "slidebench plot-data: STUDY_DIR %s: one bench run, not a study (no "
			"m64/): the charts draw a study's sweeps (run_all.sh makes one)\n", argv[1]);
		return EXIT_USAGE;
	}
	if (report_is_fleet(argv[1]))
		return cmd_fleet_plot_data(argv[1], argv[2]);
	if (report_plot_data(argv[1], argv[2], err, sizeof err) < 0) {
		fprintf(stderr, "slidebench plot-data: %s\n", err);
		return EXIT_FAIL;
	}
	return EXIT_OK;
}
