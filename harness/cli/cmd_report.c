/* cmd_report.c - `slidebench report STUDY_DIR`: reads a study (m64/, bits/ or m32.skipped,
 * tables/ or tables.skipped, compiler/ or compiler.skipped, sim/, pressure/, plots/) or one
 * bench run directory, and writes report.html and report.md. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "util/output.h"
#include "report/report.h"
#include "report/report_fleet.h"

enum { REPORT_NODE_NS_OPT = 256 };
static const struct cli_opt REPORT_OPTS[] = {
	{ "node-ns", REPORT_NODE_NS_OPT, "T", "an engine's nanoseconds a node, for the search "
	  "workload's engine gain (default 1000: about 1 M nodes/s on one thread)", NULL, NULL },
	CLI_OPT_HELP, CLI_OPT_END
};
const struct cli_cmd CLI_REPORT = {
	"report", "[OPTIONS] STUDY_DIR",
	"Writes STUDY_DIR/report.html (one self-contained file: inline CSS, the charts of\n"
	"STUDY_DIR/plots/*.svg embedded as images) and STUDY_DIR/report.md (linking plots/*.png).\n"
	"STUDY_DIR is what run_all.sh writes (m64/, bits/ or m32.skipped, tables/ or\n"
	"tables.skipped, compiler/ or compiler.skipped, sim/, pressure/, plots/) or a single\n"
	"bench run directory (read as m64).  bits/, tables/ and compiler/ hold alternating\n"
	"blocks (see slidebench blocks).\n"
	"It opens with the answers: the machine, the three questions (32 or 64 bit, a small\n"
	"shared table or a larger one, branchless or conditional) in a sentence each, and\n"
	"which kernel to use for each workload; then the evidence for each, the charts, the\n"
	"cache study (pressure, huge pages, simulated L1 and TLB), gcc against clang, the\n"
	"environment and every figure.  Also writes verdicts.csv (every verdict stated) and\n"
	"answer.txt (the answers in at most 16 lines, what run_all.sh prints last).\n"
	"STUDY_DIR may be a fleet (run_all.sh --slurm: one study per machine in its\n"
	"subdirectories): then the fleet report, whether the answer depends on the machine.\n",
	REPORT_OPTS,
	"Exit: 0 written; 1 unreadable input or write error; 2 usage.\n"
};

/* Writes s->dir/answer.txt: the answers and the recommendation in a few lines of text.
 * Returns 0, or -1 with err set. */
static int write_answer(const struct study *s, char *err, size_t len)
{
	struct out_file t;

	if (out_open(&t, s->dir, "answer.txt", err, len) < 0)
		return -1;
	if (report_answer_text(s, t.f) < 0) {
		snprintf(err, len, "%s/answer.txt: cannot write", s->dir);
		out_abort(&t);
		return -1;
	}
	return out_commit(&t, err, len);
}

/* Parses --node-ns and the one STUDY_DIR; returns the directory, or NULL with *rc set (help
 * or a usage error). */
static const char *report_args(int argc, char **argv, double *node_ns, int *rc)
{
	struct cli_getopt g;
	int opt;
	char *end;

	cli_getopt_init(&g, REPORT_OPTS);
	while ((opt = cli_getopt(&g, argc, argv)) != -1) {
		if (opt == 'h') {
			cli_print_help(stdout, &CLI_REPORT);
			*rc = EXIT_OK;
			return NULL;
		}
		if (opt == REPORT_NODE_NS_OPT) {
			*node_ns = strtod(optarg, &end);
			if (*end || end == optarg || !(*node_ns >= 1 && *node_ns <= 1e9)) {
				fprintf(stderr, "slidebench report: --node-ns %s: give the nanoseconds "
					"of an engine's node, 1 to 1e9\n", optarg);
				*rc = EXIT_USAGE;
				return NULL;
			}
			continue;
		}
		cli_print_help(stderr, &CLI_REPORT);
		*rc = EXIT_USAGE;
		return NULL;
	}
	if (argc - optind != 1) {
		cli_print_help(stderr, &CLI_REPORT);
		*rc = EXIT_USAGE;
		return NULL;
	}
	return argv[optind];
}

int cmd_report(int argc, char **argv)
{
	struct out_file html, md;
	struct study *s;
	char err[PATH_MAX + 256], title[2 * PATH_MAX];
	const char *cpu, *dir;
	struct verdicts verdicts = { 0 };
	double node_ns = REPORT_NODE_NS;
	int rc = EXIT_FAIL;

	if (!(dir = report_args(argc, argv, &node_ns, &rc)))
		return rc;
	if (report_is_fleet(dir))
		return cmd_report_fleet(dir);
	if (!(s = calloc(1, sizeof *s)) || report_load(dir, s) < 0) {
		free(s);
		return EXIT_FAIL;
	}
	s->node_ns = node_ns;
	if (out_open(&html, s->dir, "report.html", err, sizeof err) < 0) {
		fprintf(stderr, "slidebench report: %s\n", err);
		goto out_study;
	}
	if (out_open(&md, s->dir, "report.md", err, sizeof err) < 0) {
		fprintf(stderr, "slidebench report: %s\n", err);
		out_abort(&html);
		goto out_study;
	}
	cpu = run_ctx(&s->m64, "machine.cpu_model");
	snprintf(title, sizeof title, "slidebench report: %s, run %s", cpu ? cpu : "unknown CPU",
		 run_ctx(&s->m64, "run_id") ? run_ctx(&s->m64, "run_id") : s->dir);
	s->verdicts = &verdicts;
	if (report_write(s, html.f, md.f, title) < 0) {
		fprintf(stderr, "slidebench report: out of memory\n");
		out_abort(&html);
		out_abort(&md);
		goto out_study;
	}
	if (out_commit(&html, err, sizeof err) < 0 || out_commit(&md, err, sizeof err) < 0 ||
	    verdicts_write(s, err, sizeof err) < 0) {
		out_abort(&md); /* the html failed first: its twin's temporary must not stay */
		fprintf(stderr, "slidebench report: %s\n", err);
		goto out_study;
	}
	if (write_answer(s, err, sizeof err) < 0) {
		fprintf(stderr, "slidebench report: %s\n", err);
		goto out_study;
	}
	printf("report: %s/report.html\nreport: %s/report.md\nreport: %s/verdicts.csv\n"
	       "report: %s/answer.txt\n", s->dir, s->dir, s->dir, s->dir);
	rc = EXIT_OK;
out_study:
	free(verdicts.v);
	study_free(s);
	free(s);
	return rc;
}
