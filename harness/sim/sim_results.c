/* sim_results.c - simulated counts per lookup, sim.csv and context.json's "simulation". */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "util/output.h"
#include "sim/sim_results.h"

#define SIM_NULL_KERNEL "null"

void sim_pressure_field(double pressure_bytes, char out[32])
{
	out[0] = '\0';
	if (!isnan(pressure_bytes))
		snprintf(out, 32, "%.0f", pressure_bytes);
}

double sim_lookups(const struct sim_counts *c)
{
	const char *bar = strrchr(c->label, '|');

	return bar ? atof(bar + 1) : 0;
}

void sim_per_lookup(const struct sim_counts *k, const struct sim_counts *null, double out[4])
{
	static const struct sim_counts none;
	double n = k ? sim_lookups(k) : 0;

	for (int i = 0; i < 4; i++)
		out[i] = NAN;
	if (!null)
		null = &none;
	else if (sim_lookups(null) != n)
		return;
	if (!n)
		return;
	out[0] = ((double)k->ir - (double)null->ir) / n;
	out[1] = ((double)(k->d1mr + k->d1mw) - (double)(null->d1mr + null->d1mw)) / n;
	out[2] = ((double)(k->dlmr + k->dlmw) - (double)(null->dlmr + null->dlmw)) / n;
	out[3] = ((double)(k->bcm + k->bim) - (double)(null->bcm + null->bim)) / n;
}

const struct sim_counts *sim_find(const struct sim_counts *sim, size_t n, enum sim_kind kind,
				  const char *kernel, const char *mode, const char *piece,
				  const char *pressure)
{
	char prefix[232];
	size_t len = (size_t)snprintf(prefix, sizeof prefix, "%s|%s|%s|%s|", kernel, mode, piece,
				      pressure);

	for (size_t i = 0; sim && i < n; i++)
		if (sim[i].primary && sim[i].kind == kind && !strncmp(sim[i].label, prefix, len))
			return &sim[i];
	return NULL;
}

void sim_summary(const struct sim_counts *sim, size_t n, const char *kernel, const char *mode,
		 const char *piece, const char *pressure, double out[5])
{
	int is_null = !strcmp(kernel, SIM_NULL_KERNEL);
	double tlb[4];

	for (int kind = SIM_D1; kind <= SIM_TLB; kind++) {
		const struct sim_counts *k = sim_find(sim, n, kind, kernel, mode, piece, pressure);
		const struct sim_counts *z = sim_find(sim, n, kind, SIM_NULL_KERNEL, mode, piece,
						      pressure);
		double *o = kind == SIM_D1 ? out : tlb;
		sim_per_lookup(is_null || z ? k : NULL, is_null ? NULL : z, o); /* no null: unknown */
	}
	out[4] = tlb[1];
}

/* Returns the null kernel's entry for the region and geometry of c, or NULL. */
static const struct sim_counts *sim_null_of(const struct sim_counts *sim, size_t n,
					    const struct sim_counts *c)
{
	const char *rest = strchr(c->label, '|');

	for (size_t i = 0; rest && i < n; i++) {
		const char *r = strchr(sim[i].label, '|');
		if (r && r - sim[i].label == (long)strlen(SIM_NULL_KERNEL) &&
		    !strncmp(sim[i].label, SIM_NULL_KERNEL "|", strlen(SIM_NULL_KERNEL) + 1) &&
		    !strcmp(r, rest) && !strcmp(sim[i].geom, c->geom))
			return &sim[i];
	}
	return NULL;
}

/* Returns nothing; writes field i (0: kernel, 1: mode, 2: piece, 3: pressure) of label as a
 * CSV cell. */
static void sim_label_field(FILE *f, const char *label, int i)
{
	char buf[128];

	while (i-- > 0 && label)
		label = strchr(label, '|') ? strchr(label, '|') + 1 : NULL;
	snprintf(buf, sizeof buf, "%.*s", label ? (int)strcspn(label, "|") : 0, label ? label : "");
	out_csv_str(f, buf);
}

int sim_write_csv(FILE *f, const char *run_id, const struct sim_counts *sim, size_t n)
{
	fputs(SIM_CSV_HEADER, f);
	for (size_t i = 0; i < n; i++) {
		const struct sim_counts *c = &sim[i], *z = NULL;
		int bars = 0, is_null = !strncmp(c->label, SIM_NULL_KERNEL "|",
						 strlen(SIM_NULL_KERNEL) + 1);
		double v[4] = { NAN, NAN, NAN, NAN }, gross[4];

		for (const char *p = c->label; (p = strchr(p, '|')) != NULL; p++)
			bars++;
		if (bars < 4)
			continue; /* not a bench region (kernel|mode|piece|pressure|lookups) */
		if (is_null || (z = sim_null_of(sim, n, c)) != NULL)
			sim_per_lookup(c, z, v);
		if (c->kind == SIM_TLB)
			v[2] = v[3] = NAN; /* LL behind a page-line D1 means nothing; branches: d1 rows */
		fprintf(f, "%s,", run_id);
		for (int k = 0; k < 4; k++) {
			sim_label_field(f, c->label, k);
			fputc(',', f);
		}
		fprintf(f, "%s,%ld,%ld,%ld,%.0f", c->kind == SIM_TLB ? "tlb" : "d1", c->cache_bytes,
			c->assoc, c->line_bytes, sim_lookups(c));
		for (int k = 0; k < 4; k++) {
			fputc(',', f);
			out_csv_num(f, v[k]);
		}
		sim_per_lookup(c, NULL, gross);
		fputc(',', f);
		out_csv_num(f, gross[1]);
		fprintf(f, ",%d\n", out_format("sim.csv"));
	}
	return ferror(f) ? -1 : 0;
}

/* Returns "size,assoc,line" as a JSON string. */
static json_t *sim_json_cache(long size, long assoc, long line)
{
	char buf[64];

	snprintf(buf, sizeof buf, "%ld,%ld,%ld", size, assoc, line);
	return json_string(buf);
}

/* Returns one callgrind pass of context.json's "simulation": its geometry asked and used. */
static json_t *sim_json_pass(const struct sim_pass *p)
{
	json_t *o = json_object(), *asked = json_object(), *used = json_object();

	jsonx_set_str(o, "geometry", p->geom);
	jsonx_set_str(o, "kind", p->kind == SIM_TLB ? "tlb" : "d1");
	jsonx_set_str(o, "dumps", p->dir);
	json_object_set_new(asked, "D1", sim_json_cache(p->g.d1_size, p->g.d1_assoc, p->g.d1_line));
	json_object_set_new(asked, "LL", sim_json_cache(p->g.ll_size, p->g.ll_assoc, p->g.ll_line));
	json_object_set_new(o, "asked", asked);
	json_object_set_new(used, "D1", !p->used.d1[0] ? json_null() :  /* not read back */
			    sim_json_cache(p->used.d1[0], p->used.d1[1], p->used.d1[2]));
	json_object_set_new(used, "LL", !p->used.ll[0] ? json_null() :
			    sim_json_cache(p->used.ll[0], p->used.ll[1], p->used.ll[2]));
	json_object_set_new(o, "used", used);
	jsonx_set_int(o, "regions", (long long)p->entries);
	jsonx_set_str(o, "status", p->status);
	return o;
}

json_t *sim_context_json(const struct sim_info *info)
{
	const struct sim_geometry *g0 = &info->pass[0].g;
	const struct { const char *key, *val; } str[] = {  /* the string members, in order */
		{ "valgrind", info->valgrind }, { "binary", info->exe },
		{ "binary_why", info->exe_why }, { "binary_cflags", info->cflags },
		{ "binary_march", info->march }, { "binary_rev", info->rev } };
	json_t *o, *passes;

	if (!info->npass)
		return NULL;
	o = json_object();
	passes = json_array();
	jsonx_set_str(o, "tool", "valgrind callgrind --cache-sim=yes --branch-sim=yes");
	for (size_t i = 0; i < sizeof str / sizeof str[0]; i++)
		jsonx_set_str(o, str[i].key, str[i].val);
	json_object_set_new(o, "D1", sim_json_cache(g0->d1_size, g0->d1_assoc, g0->d1_line));
	json_object_set_new(o, "LL", sim_json_cache(g0->ll_size, g0->ll_assoc, g0->ll_line));
	jsonx_set_str(o, "I1", "32768,8,64");
	jsonx_set_int(o, "tlb_entries", info->tlb_entries);
	jsonx_set_int(o, "tlb_page_bytes", SIM_PAGE);
	jsonx_set_bool(o, "host_ll_warning", info->host_ll_warning);
	jsonx_set_str(o, "dumps", "callgrind/");
	for (size_t i = 0; i < info->npass; i++)
		json_array_append_new(passes, sim_json_pass(&info->pass[i]));
	json_object_set_new(o, "passes", passes);
	/* plugins valgrind could not run: timed, their sim_* cells empty */
	json_t *unsim = json_array();
	for (size_t i = 0; i < info->nunsim; i++) {
		json_t *u = json_object();
		jsonx_set_str(u, "plugin", info->unsim[i].path);
		jsonx_set_str(u, "why", info->unsim[i].why);
		json_array_append_new(unsim, u);
	}
	json_object_set_new(o, "not_simulated", unsim);
	return o;
}
