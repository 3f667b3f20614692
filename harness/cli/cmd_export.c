/* export.c - `slidebench export --format gbench RUN_DIR`: a run in Google Benchmark's JSON
 * schema (as benchmark 1.7 writes it: "context" plus "benchmarks"), so compare.py and other
 * viewers read our runs.  One entry per kernel x mode x piece; --repetitions adds one entry
 * per measured sample and a median aggregate, which compare.py's U test needs. */
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli/cli.h"
#include "util/output.h"
#include "runread/runread.h"

static void usage(FILE *f)
{
	fprintf(f, "usage: slidebench export --format gbench RUN_DIR [-o FILE] [--repetitions]\n"
		"Writes the run as Google Benchmark JSON (stdout, or FILE): one benchmark\n"
		"\"kernel/mode/piece\" per summary row, real_time = cpu_time = median net ns per\n"
		"lookup, iterations = lookups timed, items_per_second = lookups per second.\n"
		"  --repetitions   one entry per measured sample (repetition_index) plus a\n"
		"                  \"_median\" aggregate: what compare.py's U test reads\n"
		"A study directory is read through its m64/.\n"
		"Exit: 0 written; 1 unreadable run or write error; 2 usage.\n");
}

static void num(FILE *f, const char *key, double v, int comma)
{
	fprintf(f, "      \"%s\": ", key);
	if (isnan(v) || isinf(v))
		fprintf(f, "null");
	else if (v == floor(v) && fabs(v) < 1e15)
		fprintf(f, "%.0f", v);
	else
		fprintf(f, "%.10g", v);
	fprintf(f, "%s\n", comma ? "," : "");
}

static void context(FILE *f, const struct run *r)
{
	const char *id = run_ctx(r, "run_id"), *gov = run_ctx(r, "machine.governor");
	const char *host = run_ctx(r, "machine.hostname");
	double ghz = r->ctx ? json_num(r->ctx, "timer.tick_ghz") : NAN;
	double ncpu = r->ctx ? json_num(r->ctx, "machine.ncpus") : NAN;
	static const char *const CACHE[][3] = { { "machine.l1d_bytes", "Data", "1" },
		{ "machine.l2_bytes", "Unified", "2" }, { "machine.l3_bytes", "Unified", "3" } };
	int nc = 0;
	char date[40] = "";

	/* run ids are UTC "YYYYMMDD-HHMMSS-pid" (out_run_id) */
	if (id && strlen(id) >= 15 && id[8] == '-')
		snprintf(date, sizeof date, "%.4s-%.2s-%.2sT%.2s:%.2s:%.2s+00:00", id, id + 4, id + 6,
			 id + 9, id + 11, id + 13);
	fprintf(f, "{\n  \"context\": {\n    \"date\": ");
	out_json_str(f, date);
	fprintf(f, ",\n    \"host_name\": ");
	out_json_str(f, host ? host : "");
	fprintf(f, ",\n    \"executable\": \"slidebench\",\n    \"num_cpus\": %.0f,\n"
		"    \"mhz_per_cpu\": %.0f,\n    \"cpu_scaling_enabled\": %s,\n    \"caches\": [",
		isnan(ncpu) ? 0 : ncpu, isnan(ghz) ? 0 : ghz * 1000,
		gov && strcmp(gov, "performance") && strncmp(gov, "none", 4) ? "true" : "false");
	for (int i = 0; i < 3; i++) {
		double b = r->ctx ? json_num(r->ctx, CACHE[i][0]) : NAN;
		if (!(b > 0))
			continue;
		fprintf(f, "%s\n      {\"type\": \"%s\", \"level\": %s, \"size\": %.0f, "
			"\"num_sharing\": 0}", nc++ ? "," : "", CACHE[i][1], CACHE[i][2], b);
	}
	fprintf(f, "%s],\n    \"load_avg\": [],\n    \"library_build_type\": \"release\",\n"
		"    \"slidebench\": {\"run_id\": ", nc ? "\n    " : "");
	out_json_str(f, id ? id : "");
	static const char *const KEYS[][2] = { { "git_rev", "slidebench.git_rev" },
		{ "compiler", "slidebench.compiler" }, { "cflags", "slidebench.cflags" },
		{ "cpu_model", "machine.cpu_model" }, { "uarch", "machine.uarch" } };
	for (size_t i = 0; i < sizeof KEYS / sizeof KEYS[0]; i++) {
		const char *v = run_ctx(r, KEYS[i][1]);
		fprintf(f, ", \"%s\": ", KEYS[i][0]);
		out_json_str(f, v ? v : "");
	}
	fprintf(f, ", \"dataset\": ");
	out_json_str(f, run_dataset(r));
	fprintf(f, ", \"unit\": \"net ns per lookup (null loop subtracted)\"}\n  },\n");
}

/* One benchmark entry; rep < 0: the cell's summary; aggregate: the median aggregate. */
static void entry(FILE *f, const struct rr_row *x, const char *name, int family, int inst,
		  long reps, long rep, const char *aggregate, double ns, double iters, int *first)
{
	fprintf(f, "%s    {\n      \"name\": ", *first ? "" : ",\n");
	*first = 0;
	if (aggregate) {
		char full[512];
		snprintf(full, sizeof full, "%s_%s", name, aggregate);
		out_json_str(f, full);
	} else {
		out_json_str(f, name);
	}
	fprintf(f, ",\n      \"family_index\": %d,\n      \"per_family_instance_index\": %d,\n"
		"      \"run_name\": ", family, inst);
	out_json_str(f, name);
	fprintf(f, ",\n      \"run_type\": \"%s\",\n      \"repetitions\": %ld,\n",
		aggregate ? "aggregate" : "iteration", reps);
	if (aggregate)
		fprintf(f, "      \"threads\": 1,\n      \"aggregate_name\": \"%s\",\n"
			"      \"aggregate_unit\": \"time\",\n", aggregate);
	else
		fprintf(f, "      \"repetition_index\": %ld,\n      \"threads\": 1,\n", rep);
	num(f, "iterations", iters, 1);
	num(f, "real_time", ns, 1);
	num(f, "cpu_time", ns, 1);
	fprintf(f, "      \"time_unit\": \"ns\",\n");
	num(f, "ns_min", x->ns_min, 1);
	num(f, "spread_pct", x->spread_pct, 1);
	num(f, "items_per_second", ns > 0 ? 1e9 / ns : NAN, 0);
	fprintf(f, "    }");
}

static void benchmarks(FILE *f, const struct run *r, int reps)
{
	int first = 1, family = -1, inst = 0;
	const char *last = "";

	fprintf(f, "  \"benchmarks\": [\n");
	for (size_t i = 0; i < r->nrows; i++) {
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
			entry(f, x, name, family, inst++, 1, 0, NULL, x->ns_median,
			      lk * (x->nsamples ? (double)x->nsamples : 1), &first);
			continue;
		}
		for (size_t s = 0; s < x->nsamples; s++)
			entry(f, x, name, family, inst, (long)x->nsamples, (long)s, NULL,
			      x->samples[s], lk, &first);
		entry(f, x, name, family, inst++, (long)x->nsamples, 0, "median", x->ns_median,
		      (double)x->nsamples, &first);
	}
	fprintf(f, "\n  ]\n}\n");
}

int cmd_export(int argc, char **argv)
{
	static const struct option LONG[] = {
		{ "format", required_argument, 0, 'f' }, { "output", required_argument, 0, 'o' },
		{ "repetitions", no_argument, 0, 'r' }, { "help", no_argument, 0, 'h' },
		{ 0, 0, 0, 0 } };
	const char *format = NULL, *out = NULL;
	char err[PATH_MAX + 256], dir[PATH_MAX + 8];
	struct run r;
	struct stat st;
	int opt, reps = 0, rc = EXIT_OK;
	struct out_file o;

	optind = 1;
	while ((opt = getopt_long(argc, argv, "o:h", LONG, NULL)) != -1) {
		if (opt == 'f')
			format = optarg;
		else if (opt == 'o')
			out = optarg;
		else if (opt == 'r')
			reps = 1;
		else if (opt == 'h')
			return usage(stdout), EXIT_OK;
		else
			return usage(stderr), EXIT_USAGE;
	}
	if (!format || strcmp(format, "gbench")) {
		fprintf(stderr, "slidebench export: %s%s%s: the one format is gbench "
			"(--format gbench)\n", format ? "unknown format \"" : "no --format",
			format ? format : "", format ? "\"" : "");
		return EXIT_USAGE;
	}
	if (argc - optind != 1)
		return usage(stderr), EXIT_USAGE;
	snprintf(dir, sizeof dir, "%s/m64", argv[optind]);
	if (stat(dir, &st) != 0)
		snprintf(dir, sizeof dir, "%s", argv[optind]);
	if (run_load(dir, &r, err, sizeof err) < 0) {
		fprintf(stderr, "slidebench export: %s\n", err);
		return EXIT_FAIL;
	}
	if (out_open_path(&o, out ? out : "-", err, sizeof err) < 0) {
		fprintf(stderr, "slidebench export: %s\n", err);
		run_free(&r);
		return EXIT_FAIL;
	}
	context(o.f, &r);
	benchmarks(o.f, &r, reps);
	if (out_commit(&o, err, sizeof err) < 0) {
		fprintf(stderr, "slidebench export: %s\n", err);
		rc = EXIT_FAIL;
	}
	run_free(&r);
	return rc;
}
