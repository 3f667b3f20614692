/* cmd_kernels.c - `slidebench list` and `slidebench verify`. */
#include <stdio.h>
#include <string.h>

#include "cli/cli.h"
#include "bench/perft.h"
#include "registry/verify.h"
#include "report/report.h"
#include "util/child.h"
#include "util/output.h"

#define MAX_SEL 128
#define MAX_PLUGINS 32
#define DEFAULT_RANDOM 100000

/* The columns of `list --format csv`: every descriptor field the study reads. */
#define LIST_CSV_HEAD "name,family,word_bits,branching,table_bytes,sibling,question,simd,oracle," \
		      "origin,status,description,needs"

/* Returns the status text of e after registry_prepare(): "available", "unavailable: WHY" or
 * "refused: WHY", written into buf. */
static const char *list_status(const struct kentry *e, int ok, char *buf, size_t len)
{
	snprintf(buf, len, "%s%s", ok ? "available" : e->refused ? "refused: " : "unavailable: ",
		 ok ? "" : e->why_not);
	return buf;
}

/* Returns nothing; prints one kernel as a CSV row of LIST_CSV_HEAD's columns. */
static void list_csv_row(const struct kentry *e, const char *status)
{
	out_csv_str(stdout, e->k->name);
	putchar(',');
	out_csv_str(stdout, e->k->family);
	printf(",%d,%s,%zu,", e->k->word_bits, registry_branching_name(e->k->branching),
	       e->k->table_bytes);
	out_csv_str(stdout, e->k->sibling ? e->k->sibling : "");
	printf(",%s,%d,%d,", registry_question_name(e->k->question), e->k->simd,
	       !strcmp(e->k->name, SB_ORACLE));
	out_csv_str(stdout, e->origin);
	putchar(',');
	out_csv_str(stdout, status);
	putchar(',');
	out_csv_str(stdout, e->k->description);
	putchar(',');
	out_csv_str(stdout, e->k->needs ? e->k->needs : "");
	putchar('\n');
}

/* Returns the exit status of `list --format csv`: every kernel, refused plugins without the
 * descriptor fields they never showed. */
static int list_csv(int refused)
{
	char st[REGISTRY_WHY_MAX + 32];

	printf("%s\n", LIST_CSV_HEAD);
	for (size_t i = 0; i < registry_count(); i++) {
		struct kentry *e = registry_at(i);
		int ok = registry_prepare(e) == 0;
		list_csv_row(e, list_status(e, ok, st, sizeof st));
		refused += e->refused;
	}
	for (size_t i = 0; i < registry_refused_count(); i++) {
		const struct refused_plugin *r = registry_refused_at(i);
		snprintf(st, sizeof st, "refused: %s", r->why);
		out_csv_str(stdout, r->name[0] ? r->name : r->path);
		printf(",,,,,,,,,");
		out_csv_str(stdout, r->path);
		putchar(',');
		out_csv_str(stdout, st);
		printf(",,\n");
	}
	return refused ? EXIT_FAIL : EXIT_OK;
}

/* Returns the exit status of `list --format json`: an array of every kernel's descriptor
 * (registry_kernel_json) with its status, refused plugins with name, origin and status. */
static int list_json(int refused)
{
	json_t *a = json_array();
	char st[REGISTRY_WHY_MAX + 32];
	int rc;

	for (size_t i = 0; i < registry_count(); i++) {
		struct kentry *e = registry_at(i);
		int ok = registry_prepare(e) == 0;
		json_t *o = registry_kernel_json(e);
		jsonx_set_str(o, "status", list_status(e, ok, st, sizeof st));
		json_array_append_new(a, o);
		refused += e->refused;
	}
	for (size_t i = 0; i < registry_refused_count(); i++) {
		const struct refused_plugin *r = registry_refused_at(i);
		json_t *o = json_object();
		snprintf(st, sizeof st, "refused: %s", r->why);
		jsonx_set_str(o, "name", r->name[0] ? r->name : r->path);
		jsonx_set_str(o, "origin", r->path);
		jsonx_set_str(o, "status", st);
		json_array_append_new(a, o);
	}
	rc = jsonx_write(a, stdout);
	json_decref(a);
	if (rc < 0) {
		fprintf(stderr, "slidebench list: cannot write to standard output\n");
		return EXIT_FAIL;
	}
	return refused ? EXIT_FAIL : EXIT_OK;
}

/* Returns nothing; prints a description without its closing "(source)" part: the glossary
 * says what a kernel does, the origin column of `list --format csv` where it comes from. */
static void glossary_words(const char *d)
{
	size_t n = strlen(d);

	if (n && d[n - 1] == ')') {
		int depth = 0;
		for (size_t i = n; i-- > 0;) {
			depth += d[i] == ')' ? 1 : d[i] == '(' ? -1 : 0;
			if (!depth) {
				n = i;
				break;
			}
		}
		while (n && d[n - 1] == ' ')
			n--;
	}
	for (size_t i = 0; i < n; i++) {
		if (d[i] == '|')
			putchar('\\');
		putchar(d[i]);
	}
}

/* Returns the exit status of `list --format glossary`: the kernels as a Markdown table, one
 * line each (the README's kernel glossary is this output; tests/test_readme.sh compares). */
static int list_glossary(int refused)
{
	char tb[32];

	printf("| kernel | family | bits | table | what it does |\n|---|---|---:|---:|---|\n");
	for (size_t i = 0; i < registry_count(); i++) {
		const struct sb_kernel *k = registry_at(i)->k;
		printf("| `%s` | %s | %d | %s | ", k->name, k->family, k->word_bits,
		       k->table_bytes ? report_bytes(tb, sizeof tb, (double)k->table_bytes) : "none");
		glossary_words(k->description);
		printf(" |\n");
	}
	return refused ? EXIT_FAIL : EXIT_OK;
}

static const struct cli_opt LIST_OPTS[] = {
	{ "plugin", 'p', "FILE.so", "load a kernel from a shared object (repeatable)", NULL, NULL },
	{ "format", 'f', "text|csv|json|glossary", "text (default): one kernel a line; csv: a "
	  "header row, then every descriptor field a study reads; json: the same fields, one "
	  "object per kernel, in an array; glossary: a Markdown table, one line per kernel: what "
	  "it does", NULL, NULL },
	CLI_OPT_HELP,
	CLI_OPT_END
};
const struct cli_cmd CLI_LIST = {
	"list", "[OPTIONS]",
	"One kernel a line: name family word_bits branching table_bytes status.\n"
	"Status: available; unavailable: WHY (cannot run on this machine);\n"
	"refused: WHY (a plugin that failed to load, or whose init() failed,\n"
	"crashed or hung: each plugin is first tried in a child process).\n",
	LIST_OPTS,
	"The columns of --format csv:\n"
	"  " LIST_CSV_HEAD "\n"
	"  (sibling and question: the kernel it is set against in the study's\n"
	"  question bits, tables or branching; empty when none; oracle: 1 for\n"
	"  the kernel every other is verified against; needs: the x86 instruction-set\n"
	"  extensions it cannot run without, e.g. BMI2; last, so older readers\n"
	"  keep their columns).\n"
	"Exit status: 0 ok; 1 a kernel or plugin was refused; 2 usage.\n"
};

/* The list command's arguments. */
struct list_args {
	char *plugins[MAX_PLUGINS];
	size_t nplugins;
	const char *format;
};

/* Parses argv into a; returns 0, or EXIT_USAGE / -1 (help printed). */
static int list_parse(int argc, char **argv, struct list_args *a)
{
	struct cli_getopt g;
	int c;

	cli_getopt_init(&g, LIST_OPTS);
	while ((c = cli_getopt(&g, argc, argv)) != -1) {
		switch (c) {
		case 'p':
			if (a->nplugins < MAX_PLUGINS)
				a->plugins[a->nplugins++] = optarg;
			break;
		case 'f':
			if (strcmp(optarg, "csv") && strcmp(optarg, "json") && strcmp(optarg, "text") &&
			    strcmp(optarg, "glossary")) {
				fprintf(stderr, "slidebench list: --format %s: expected text, csv, json "
					"or glossary\n", optarg);
				return EXIT_USAGE;
			}
			a->format = optarg;
			break;
		case 'h': cli_print_help(stdout, &CLI_LIST); return -1;
		default: return EXIT_USAGE;
		}
	}
	if (optind < argc) {
		fprintf(stderr, "slidebench list: unexpected argument \"%s\"\n", argv[optind]);
		return EXIT_USAGE;
	}
	return 0;
}

/* Returns the exit status of `list` as text: one kernel a line, then the refused plugins. */
static int list_text(int refused)
{
	printf("%-36s %-13s %4s %-11s %10s  %s\n", "name", "family", "bits", "branching",
	       "table_bytes", "status");
	for (size_t i = 0; i < registry_count(); i++) {
		struct kentry *e = registry_at(i);
		int ok = registry_prepare(e) == 0;
		printf("%-36s %-13s %4d %-11s %10zu  %s%s\n", e->k->name, e->k->family,
		       e->k->word_bits, registry_branching_name(e->k->branching), e->k->table_bytes,
		       ok ? "available" : e->refused ? "refused: " : "unavailable: ",
		       ok ? "" : e->why_not);
		refused += e->refused;
	}
	for (size_t i = 0; i < registry_refused_count(); i++) {
		const struct refused_plugin *r = registry_refused_at(i);
		printf("%-36s %-13s %4s %-11s %10s  refused: %s: %s\n", r->name[0] ? r->name : r->path,
		       "-", "-", "-", "-", r->path, r->why);
	}
	return refused ? EXIT_FAIL : EXIT_OK;
}

int cmd_list(int argc, char **argv)
{
	struct list_args a = { .format = "text" };
	int rc, refused;

	if ((rc = list_parse(argc, argv, &a)) != 0)
		return rc < 0 ? EXIT_OK : rc;
	refused = cli_load_plugins(a.plugins, a.nplugins);
	if (!strcmp(a.format, "csv"))
		return list_csv(refused);
	if (!strcmp(a.format, "json"))
		return list_json(refused);
	if (!strcmp(a.format, "glossary"))
		return list_glossary(refused);
	return list_text(refused);
}

/* Checks k's perft of the standard positions to their verify depth (at most max), bulk, and
 * one ply less played out; prints one line.  Returns 1 when a count was wrong, else 0. */
static int verify_perft(const struct sb_kernel *k, unsigned max)
{
	unsigned bad = 0, lo = max, hi = 0;
	const char *missing = registry_loop_missing(k, SB_LOOP_PERFT);

	if (missing) {  /* a plugin of an older ABI: no perft loop to verify */
		printf("%-36s perft skipped: %s\n", k->name, missing);
		return 0;
	}
	fflush(stdout);
	for (size_t i = 0; i < PERFT_STD_COUNT; i++) {
		unsigned d = PERFT_STD[i].verify_depth < max ? PERFT_STD[i].verify_depth : max;
		bad += perft_check_std(k, i, d, 1, stdout) < 0;
		if (d > 1)
			bad += perft_check_std(k, i, d - 1, 0, stdout) < 0;
		lo = d < lo ? d : lo;
		hi = d > hi ? d : hi;
	}
	printf("%-36s perft %s: %d standard positions to depth %u-%u, %u wrong\n", k->name,
	       bad ? "FAIL" : "ok", PERFT_STD_COUNT, lo, hi, bad);
	return bad != 0;
}

/* The verify command's arguments. */
struct verify_args {
	char *plugins[MAX_PLUGINS];
	size_t nplugins;
	const char *list;
	long nrandom, perft_max;
};

static const struct cli_opt VERIFY_OPTS[] = {
	{ "kernel", 'k', "LIST", "kernels, comma-separated (default all; see slidebench list)",
	  NULL, NULL },
	{ "plugin", 'p', "FILE.so", "load a kernel from a shared object (repeatable)", NULL, NULL },
	{ "random", 'r', "N", "seeded random full boards per piece", NULL,
	  CLI_NUM(0, 1000000000L, DEFAULT_RANDOM, struct verify_args, nrandom) },
	{ "perft-depth", 'd', "D", "cap the perft depth at D; 0: no perft", NULL,
	  CLI_NUM(0, PERFT_STD_DEPTHS, PERFT_STD_DEPTHS, struct verify_args, perft_max) },
	CLI_OPT_HELP,
	CLI_OPT_END
};
const struct cli_cmd CLI_VERIFY = {
	"verify", "[OPTIONS]",
	"Checks each kernel against the reference ray walk: every subset of each\n"
	"square's relevant occupancy (102,400 rook + 5,248 bishop cases) and N seeded\n"
	"random full boards per piece (--random N).  Then perft, with the kernel's\n"
	"lookups in the move generator, of the six standard positions (the\n"
	"chessprogramming \"Perft Results\" page) to depth 4-6, bulk-counted, and\n"
	"one ply less played out.\n",
	VERIFY_OPTS,
	"Exit 1 on any mismatch or refused kernel or plugin (the others are still\n"
	"verified).\n"
};

/* Parses argv into a; returns 0, or EXIT_USAGE / -1 (help printed). */
static int verify_parse(int argc, char **argv, struct verify_args *a)
{
	struct cli_getopt g;
	int c;

	cli_getopt_init(&g, VERIFY_OPTS);
	while ((c = cli_getopt(&g, argc, argv)) != -1) {
		int n = cli_take_number(VERIFY_OPTS, c, optarg, a);
		if (n < 0)
			return EXIT_USAGE;
		if (n)  /* a whole number, taken by its row of VERIFY_OPTS */
			continue;
		switch (c) {
		case 'k': a->list = optarg; break;
		case 'p':
			if (a->nplugins < MAX_PLUGINS)
				a->plugins[a->nplugins++] = optarg;
			break;
		case 'h': cli_print_help(stdout, &CLI_VERIFY); return -1;
		default: return EXIT_USAGE;
		}
	}
	if (optind < argc) {
		fprintf(stderr, "slidebench verify: unexpected argument \"%s\"\n", argv[optind]);
		return EXIT_USAGE;
	}
	return 0;
}

/* verify_kernel's checks of a kernel that can run, and how many failed. */
struct verify_call {
	struct kentry *e;
	const struct verify_args *a;
	int bad;
};

/* Verifies the kernel's lookups, then its perft unless perft_max is 0; prints a line each. */
static void verify_checks(void *arg)
{
	struct verify_call *v = arg;
	const struct sb_kernel *k = v->e->k;
	struct verify_result res;

	struct kentry *ref = registry_find(SB_ORACLE);
	int nloops, wrong;

	v->bad = verify_exhaustive(k, v->a->nrandom, stdout, &res) < 0;
	printf("%-36s %s: %ld cases, %ld mismatches\n", k->name, v->bad ? "FAIL" : "ok",
	       res.cases, res.mismatches);
	/* run()'s loops, as bench checks them: each against the reference's checksum */
	if (ref && ref->k != k && registry_prepare(ref) == 0) {
		wrong = verify_loops(k, ref->k, stdout, &nloops);
		printf("%-36s loops %s: %d of %d loops of ABI version %d differ from the "
		       "reference's\n", k->name, wrong ? "FAIL" : "ok", wrong, nloops,
		       k->abi_version);
		v->bad += wrong != 0;
	}
	if (v->a->perft_max > 0 && PERFT_BUILT)
		v->bad += verify_perft(k, (unsigned)v->a->perft_max);
}

/* Verifies kernel e (a plugin's checks under registry_guarded: a crash here, or a hang past
 * SLIDEBENCH_PLUGIN_TIMEOUT, refuses it).
 * Returns how many failures it counts (a refused kernel is one; a skipped one none). */
static int verify_kernel(struct kentry *e, const struct verify_args *a)
{
	struct verify_call v = { e, a, 0 };
	char why[REGISTRY_WHY_MAX];

	if (registry_prepare(e) < 0) {
		printf("%-36s %s: %s\n", e->k->name, e->refused ? "refused" : "skipped", e->why_not);
		return e->refused;
	}
	if (!registry_is_plugin(e)) {
		verify_checks(&v);
		return v.bad;
	}
	fflush(stdout);
	if (registry_guarded("its verification", child_plugin_timeout(), "SLIDEBENCH_PLUGIN_TIMEOUT",
			     verify_checks, &v, why, sizeof why) < 0) {
		fflush(stdout);
		registry_refuse_loaded(e, why);
		printf("%-36s refused: %s\n", e->k->name, why);
		return 1;
	}
	return v.bad;
}

int cmd_verify(int argc, char **argv)
{
	struct verify_args a = { 0 };
	struct kentry *sel[MAX_SEL];
	int n, failed;

	cli_number_defaults(VERIFY_OPTS, &a);
	if ((n = verify_parse(argc, argv, &a)) != 0)
		return n < 0 ? EXIT_OK : n;
	failed = cli_load_plugins(a.plugins, a.nplugins);
	if ((n = cli_select_kernels(a.list, sel, MAX_SEL)) < 0)
		return EXIT_USAGE;
	for (int i = 0; i < n; i++)
		failed += verify_kernel(sel[i], &a);
	if (a.perft_max > 0 && !PERFT_BUILT)
		printf("perft not verified: %s\n", PERFT_NOT_BUILT);
	for (size_t i = 0; i < registry_refused_count(); i++) {
		const struct refused_plugin *r = registry_refused_at(i);
		printf("%-36s refused: %s: %s\n", r->name[0] ? r->name : r->path, r->path, r->why);
	}
	fflush(stdout);
	if (failed)
		fprintf(stderr, "slidebench verify: %d kernel(s) failed or were refused\n", failed);
	return failed ? EXIT_FAIL : EXIT_OK;
}
