/* report_plotdata.c - what the charts read of a study besides its result CSVs, written for
 * them as small CSVs with named columns (`slidebench plot-data`), so that the gnuplot side
 * parses no JSON: context.csv, one row per run folder (the caption's machine and build, the
 * cache sizes, the simulated geometry), and hugepages.csv, one row per run whose context.json
 * has a "tables" record (what smaps read back).  On the way it reads every result file the
 * charts read (summary.csv, sim.csv, blocks.csv) and refuses one of a newer format. */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report/report.h"
#include "util/output.h"

/* context.csv's columns: each a value of context.json at a dotted path. */
static const struct {
	const char *col, *path;
} CTX_COLS[] = {
	{ "run_id", "run_id" }, { "cpu_model", "machine.cpu_model" },
	{ "uarch", "machine.uarch" }, { "is_vm", "machine.is_vm" },
	{ "hypervisor", "machine.hypervisor" }, { "ncpus", "machine.ncpus" },
	{ "l1d_bytes", "machine.l1d_bytes" }, { "l2_bytes", "machine.l2_bytes" },
	{ "l3_bytes", "machine.l3_bytes" }, { "compiler", "slidebench.compiler" },
	{ "cflags", "slidebench.cflags" }, { "git_rev", "slidebench.git_rev" },
	{ "trace", "run.trace" }, { "sim_d1", "simulation.D1" },
	{ "sim_tlb_entries", "simulation.tlb_entries" },
	{ "sim_tlb_page_bytes", "simulation.tlb_page_bytes" },
	{ "topo_l2_bytes", "topology.l2_bytes" }, { "topo_l2_cpus", "topology.l2_cpus" },
	{ "topo_llc_level", "topology.llc_level" }, { "topo_llc_bytes", "topology.llc_bytes" },
	{ "topo_llc_cpus", "topology.llc_cpus" },
};
#define NCTX (sizeof CTX_COLS / sizeof CTX_COLS[0])

/* The study's run folders the charts read: these, and NN-side under the block folders. */
static const char *const RUNS[] = { "m64", "sim", "pressure", "threads" };
static const char *const BLOCK_DIRS[] = { "bits", "tables", "compiler" };

/* Writes JSON value v as one cell: a string as text, a number as written, true or false;
 * nothing for null or a missing value (not recorded). */
static void put_json(FILE *f, const json_t *v)
{
	if (json_is_string(v))
		out_csv_text(f, json_string_value(v));
	else if (json_is_integer(v))
		fprintf(f, "%lld", (long long)json_integer_value(v));
	else if (json_is_real(v))
		fprintf(f, "%.15g", json_real_value(v));
	else if (json_is_boolean(v))
		fputs(json_is_true(v) ? "true" : "false", f);
}

/* Writes hugepages.csv's row of run name: context.json's "tables" record, its regions summed. */
static void hugepage_row(FILE *f, const char *name, const json_t *t)
{
	const json_t *regions = json_object_get(t, "regions"), *reg;
	double bytes = 0, huge = 0;
	size_t i, nread = 0;

	json_array_foreach(regions, i, reg) {
		const json_t *h = json_object_get(reg, "anon_huge_bytes");
		bytes += json_number_value(json_object_get(reg, "bytes"));
		if (json_is_number(h))
			huge += json_number_value(h), nread++;
	}
	out_csv_text(f, name);
	fputc(',', f);
	put_json(f, json_object_get(t, "mode"));
	fputc(',', f);
	put_json(f, json_object_get(t, "thp_enabled"));
	fputc(',', f);
	put_json(f, json_object_get(t, "possible"));
	fputc(',', f);
	put_json(f, json_object_get(t, "why"));
	fprintf(f, ",%.0f,%.0f,%zu,%zu\n", bytes, huge, json_array_size(regions), nread);
}

/* The two outputs. */
struct plotdata {
	const char *study;
	struct out_file ctx, hp;
};

/* Reads the result CSV dir/name where it exists (csv_load refuses one of a newer format or
 * damaged).  Returns 0, or -1 with err set. */
static int check_csv(const char *dir, const char *name, char *err, size_t len)
{
	char path[2 * PATH_MAX];
	struct csv c;

	if (!out_exists(dir, name))
		return 0;
	snprintf(path, sizeof path, "%s/%s", dir, name);
	if (csv_load(path, &c, err, len) < 0)
		return -1;
	csv_free(&c);
	return 0;
}

/* Writes the rows of run name (a folder of the study) when it holds a context.json, after
 * checking the formats of its files.  Returns 0, or -1 with err set. */
static int add_run(struct plotdata *p, const char *name, char *err, size_t len)
{
	char dir[2 * PATH_MAX], path[2 * PATH_MAX + 16];
	const json_t *t;
	json_t *j;

	snprintf(dir, sizeof dir, "%s/%s", p->study, name);
	if (!out_exists(dir, "context.json"))
		return 0;
	if (check_csv(dir, "summary.csv", err, len) < 0 || check_csv(dir, "sim.csv", err, len) < 0)
		return -1;
	snprintf(path, sizeof path, "%s/context.json", dir);
	if (!(j = jsonx_load(path, err, len)))
		return -1;
	if (run_ctx_format(j, path, err, len) < 0) {
		json_decref(j);
		return -1;
	}
	out_csv_text(p->ctx.f, name);
	for (size_t i = 0; i < NCTX; i++) {
		fputc(',', p->ctx.f);
		put_json(p->ctx.f, jsonx_get(j, CTX_COLS[i].path));
	}
	fputc('\n', p->ctx.f);
	if (json_is_object(t = json_object_get(j, "tables")))
		hugepage_row(p->hp.f, name, t);
	json_decref(j);
	return 0;
}

/* Returns 1 when name is a block's folder, NN-side (side: letters, digits, '-'). */
static int block_name(const char *name)
{
	if (name[0] < '0' || name[0] > '9' || name[1] < '0' || name[1] > '9' || name[2] != '-' ||
	    !name[3])
		return 0;
	return strspn(name + 3, "abcdefghijklmnopqrstuvwxyz0123456789-") == strlen(name + 3);
}

/* Adds every block of the study's folder sub (bits, tables, compiler) and checks its
 * blocks.csv.  Returns 0, or -1 with err set. */
static int add_blocks(struct plotdata *p, const char *sub, char *err, size_t len)
{
	char dir[PATH_MAX + 16], name[PATH_MAX + 16];
	struct dirent **e;
	int n, rc = 0;

	snprintf(dir, sizeof dir, "%s/%s", p->study, sub);
	if ((n = scandir(dir, &e, NULL, alphasort)) < 0)
		return 0;
	for (int i = 0; i < n; i++) {
		snprintf(name, sizeof name, "%s/%s", sub, e[i]->d_name);
		if (rc == 0 && block_name(e[i]->d_name))
			rc = add_run(p, name, err, len);
		free(e[i]);
	}
	free(e);
	return rc < 0 ? -1 : check_csv(dir, "blocks.csv", err, len);
}

int report_plot_data(const char *study, const char *outdir, char *err, size_t len)
{
	struct plotdata p = { .study = study };
	int rc = 0;

	if (out_open(&p.ctx, outdir, "context.csv", err, len) < 0)
		return -1;
	if (out_open(&p.hp, outdir, "hugepages.csv", err, len) < 0) {
		out_abort(&p.ctx);
		return -1;
	}
	fputs("run", p.ctx.f);
	for (size_t i = 0; i < NCTX; i++)
		fprintf(p.ctx.f, ",%s", CTX_COLS[i].col);
	fputc('\n', p.ctx.f);
	fputs("run,mode,thp,possible,why,bytes,huge_bytes,regions,readback\n", p.hp.f);
	for (size_t i = 0; rc == 0 && i < sizeof RUNS / sizeof RUNS[0]; i++)
		rc = add_run(&p, RUNS[i], err, len);
	for (size_t i = 0; rc == 0 && i < sizeof BLOCK_DIRS / sizeof BLOCK_DIRS[0]; i++)
		rc = add_blocks(&p, BLOCK_DIRS[i], err, len);
	if (rc < 0) {
		out_abort(&p.ctx);
		out_abort(&p.hp);
		return -1;
	}
	if (out_commit(&p.ctx, err, len) < 0) {
		out_abort(&p.hp);
		return -1;
	}
	return out_commit(&p.hp, err, len);
}
