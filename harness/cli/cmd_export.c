/* cmd_export.c - `slidebench export --format gbench RUN_DIR`: a run in Google Benchmark's JSON
 * schema (as benchmark 1.7 writes it: "context" plus "benchmarks"), so compare.py and other
 * viewers read our runs.  One entry per kernel x mode x piece; --repetitions adds one entry
 * per measured sample and a median aggregate, which compare.py's U test needs. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli/cli.h"
#include "util/output.h"
#include "runread/runread.h"

enum { EXPORT_FORMAT = 256, EXPORT_REPS };

static const struct cli_opt EXPORT_OPTS[] = {
	{ "format", EXPORT_FORMAT, "gbench", "the format to write: gbench, the one there is",
	  NULL, NULL },
	{ "output", 'o', "FILE", "write to FILE instead of standard output", NULL, NULL },
	{ "repetitions", EXPORT_REPS, NULL, "one entry per measured sample (repetition_index) plus "
	  "a \"_median\" aggregate: what compare.py's U test reads", NULL, NULL },
	CLI_OPT_HELP,
	CLI_OPT_END
};
const struct cli_cmd CLI_EXPORT = {
	"export", "--format gbench [OPTIONS] RUN_DIR",
	"Writes the run as Google Benchmark JSON (stdout, or FILE): one benchmark\n"
	"\"kernel/mode/piece\" per summary row, real_time = cpu_time = median net ns per\n"
	"lookup, iterations = lookups timed, items_per_second = lookups per second.\n",
	EXPORT_OPTS,
	"A study directory is read through its m64/.\n"
	"Exit: 0 written; 1 unreadable run or write error; 2 usage.\n"
};

/* Returns v as a JSON number: an integer when it is one, null when not finite. */
static json_t *num(double v)
{
	if (!isfinite(v))
		return json_null();
	if (v == floor(v) && fabs(v) < 1e15)
		return json_integer((json_int_t)v);
	return json_real(v);
}

/* Returns the "caches" array of the context: L1d, L2 and L3 where context.json has them. */
static json_t *caches(const struct run *r)
{
	static const char *const CACHE[][2] = { { "machine.l1d_bytes", "Data" },
		{ "machine.l2_bytes", "Unified" }, { "machine.l3_bytes", "Unified" } };
	json_t *a = json_array();

	for (int i = 0; a && i < 3; i++) {
		double b = r->ctx ? jsonx_num(r->ctx, CACHE[i][0]) : NAN;
		json_t *c = b > 0 ? json_object() : NULL;
		if (!c)
			continue;
		jsonx_set_str(c, "type", CACHE[i][1]);
		jsonx_set_int(c, "level", i + 1);
		json_object_set_new(c, "size", num(b));
		jsonx_set_int(c, "num_sharing", 0);
		json_array_append_new(a, c);
	}
	return a;
}

/* Returns the "slidebench" member of the context: where the run came from. */
static json_t *origin(const struct run *r)
{
	static const char *const KEYS[][2] = { { "git_rev", "slidebench.git_rev" },
		{ "compiler", "slidebench.compiler" }, { "cflags", "slidebench.cflags" },
		{ "cpu_model", "machine.cpu_model" }, { "uarch", "machine.uarch" } };
	json_t *o = json_object();

	jsonx_set_str(o, "run_id", run_ctx(r, "run_id"));
	for (size_t i = 0; i < sizeof KEYS / sizeof KEYS[0]; i++)
		jsonx_set_str(o, KEYS[i][0], run_ctx(r, KEYS[i][1]));
	jsonx_set_str(o, "dataset", run_dataset(r));
	jsonx_set_str(o, "unit", "net ns per lookup (null loop subtracted)");
	return o;
}

/* Returns the "context" object of the export. */
static json_t *context(const struct run *r)
{
	const char *id = run_ctx(r, "run_id"), *gov = run_ctx(r, "machine.governor");
	double ghz = r->ctx ? jsonx_num(r->ctx, "timer.tick_ghz") : NAN;
	double ncpu = r->ctx ? jsonx_num(r->ctx, "machine.ncpus") : NAN;
	json_t *o = json_object();
	char date[40] = "";

	/* run ids are UTC "YYYYMMDD-HHMMSS-pid" (out_run_id) */
	if (id && strlen(id) >= 15 && id[8] == '-')
		snprintf(date, sizeof date, "%.4s-%.2s-%.2sT%.2s:%.2s:%.2s+00:00", id, id + 4, id + 6,
			 id + 9, id + 11, id + 13);
	jsonx_set_str(o, "date", date);
	jsonx_set_str(o, "host_name", run_ctx(r, "machine.hostname"));
	jsonx_set_str(o, "executable", "slidebench");
	json_object_set_new(o, "num_cpus", num(isnan(ncpu) ? 0 : ncpu));
	json_object_set_new(o, "mhz_per_cpu", num(isnan(ghz) ? 0 : round(ghz * 1000)));
	jsonx_set_bool(o, "cpu_scaling_enabled",
		       gov && strcmp(gov, "performance") && strncmp(gov, "none", 4));
	json_object_set_new(o, "caches", caches(r));
	json_object_set_new(o, "load_avg", json_array());
	jsonx_set_str(o, "library_build_type", "release");
	json_object_set_new(o, "slidebench", origin(r));
	return o;
}

/* Returns one benchmark entry; aggregate: the median aggregate (rep unused), else
 * repetition rep of reps. */
static json_t *entry(const struct rr_row *x, const char *name, int family, int inst, long reps,
		     long rep, const char *aggregate, double ns, double iters)
{
	json_t *o = json_object();
	char full[512];

	snprintf(full, sizeof full, "%s%s%s", name, aggregate ? "_" : "", aggregate ? aggregate : "");
	jsonx_set_str(o, "name", full);
	jsonx_set_int(o, "family_index", family);
	jsonx_set_int(o, "per_family_instance_index", inst);
	jsonx_set_str(o, "run_name", name);
	jsonx_set_str(o, "run_type", aggregate ? "aggregate" : "iteration");
	jsonx_set_int(o, "repetitions", reps);
	if (!aggregate)
		jsonx_set_int(o, "repetition_index", rep);
	jsonx_set_int(o, "threads", 1);
	if (aggregate) {
		jsonx_set_str(o, "aggregate_name", aggregate);
		jsonx_set_str(o, "aggregate_unit", "time");
	}
	json_object_set_new(o, "iterations", num(iters));
	json_object_set_new(o, "real_time", num(ns));
	json_object_set_new(o, "cpu_time", num(ns));
	jsonx_set_str(o, "time_unit", "ns");
	json_object_set_new(o, "ns_min", num(x->ns_min));
	json_object_set_new(o, "spread_pct", num(x->spread_pct));
	json_object_set_new(o, "items_per_second", num(ns > 0 ? 1e9 / ns : NAN));
	return o;
}

/* Returns the "benchmarks" array: one entry per timed row, or with reps one per sample and
 * a median aggregate. */
static json_t *benchmarks(const struct run *r, int reps)
{
	json_t *a = json_array();
	int family = -1, inst = 0;
	const char *last = "";

	for (size_t i = 0; a && i < r->nrows; i++) {
		const struct rr_row *x = &r->rows[i];
		char name[512];
		double lk = x->lookups > 0 ? x->lookups : 1;
		if (!run_row_timed(x))
			continue;
		if (strcmp(last, x->kernel))
			family++, inst = 0, last = x->kernel;
		snprintf(name, sizeof name, "%s/%s/%s%s%s%s%s", x->kernel, x->mode, x->piece,
			 strcmp(x->cache_state, "warm") ? "/" : "",
			 strcmp(x->cache_state, "warm") ? x->cache_state : "",
			 *x->pressure ? "/pressure:" : "", x->pressure);
		if (!reps || !x->nsamples) {
			json_array_append_new(a, entry(x, name, family, inst++, 1, 0, NULL,
				x->ns_median, lk * (x->nsamples ? (double)x->nsamples : 1)));
			continue;
		}
		for (size_t s = 0; s < x->nsamples; s++)
			json_array_append_new(a, entry(x, name, family, inst, (long)x->nsamples,
						       (long)s, NULL, x->samples[s], lk));
		json_array_append_new(a, entry(x, name, family, inst++, (long)x->nsamples, 0,
					       "median", x->ns_median, (double)x->nsamples));
	}
	return a;
}

/* The export command's arguments. */
struct export_args {
	const char *format, *out, *dir;
	int reps;
};

/* Parses argv into a; returns 0, or EXIT_USAGE / -1 (help printed). */
static int export_parse(int argc, char **argv, struct export_args *a)
{
	struct cli_getopt g;
	int opt;

	cli_getopt_init(&g, EXPORT_OPTS);
	while ((opt = cli_getopt(&g, argc, argv)) != -1) {
		if (opt == EXPORT_FORMAT)
			a->format = optarg;
		else if (opt == 'o')
			a->out = optarg;
		else if (opt == EXPORT_REPS)
			a->reps = 1;
		else if (opt == 'h')
			return cli_print_help(stdout, &CLI_EXPORT), -1;
		else
			return cli_print_help(stderr, &CLI_EXPORT), EXIT_USAGE;
	}
	if (!a->format || strcmp(a->format, "gbench")) {
		fprintf(stderr, "slidebench export: %s%s%s: the one format is gbench "
			"(--format gbench)\n", a->format ? "unknown format \"" : "no --format",
			a->format ? a->format : "", a->format ? "\"" : "");
		return EXIT_USAGE;
	}
	if (argc - optind != 1)
		return cli_print_help(stderr, &CLI_EXPORT), EXIT_USAGE;
	a->dir = argv[optind];
	return 0;
}

/* Loads the run at dir, or the study's dir/m64, into r.  Returns 0 or -1 (named). */
static int export_load(const char *dir, struct run *r)
{
	char err[PATH_MAX + 256], path[PATH_MAX + 8];
	struct stat st;

	snprintf(path, sizeof path, "%s/m64", dir);
	if (stat(path, &st) != 0)
		snprintf(path, sizeof path, "%s", dir);
	if (run_load(path, r, err, sizeof err) < 0) {
		fprintf(stderr, "slidebench export: %s\n", err);
		return -1;
	}
	return 0;
}

/* Writes doc to out ("-": standard output), through a temporary.  Returns the exit status. */
static int export_write(json_t *doc, const char *out)
{
	char err[PATH_MAX + 256];
	struct out_file o;

	if (out_open_path(&o, out, err, sizeof err) < 0) {
		fprintf(stderr, "slidebench export: %s\n", err);
		return EXIT_FAIL;
	}
	if (jsonx_write(doc, o.f) < 0) {
		/* out_commit names the reason when the stream failed; the temporary goes */
		if (out_commit(&o, err, sizeof err) == 0)
			snprintf(err, sizeof err, "%s: cannot write the JSON", o.final);
		out_abort(&o);
		fprintf(stderr, "slidebench export: %s\n", err);
		return EXIT_FAIL;
	}
	if (out_commit(&o, err, sizeof err) < 0) {
		fprintf(stderr, "slidebench export: %s\n", err);
		return EXIT_FAIL;
	}
	return EXIT_OK;
}

int cmd_export(int argc, char **argv)
{
	struct export_args a = { 0 };
	struct run r;
	json_t *doc;
	int rc;

	if ((rc = export_parse(argc, argv, &a)) != 0)
		return rc < 0 ? EXIT_OK : rc;
	if (export_load(a.dir, &r) < 0)
		return EXIT_FAIL;
	doc = json_object();
	json_object_set_new(doc, "context", context(&r));
	json_object_set_new(doc, "benchmarks", benchmarks(&r, a.reps));
	rc = export_write(doc, a.out ? a.out : "-");
	json_decref(doc);
	run_free(&r);
	return rc;
}
