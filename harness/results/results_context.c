/* results_context.c - context.json: what a reader needs to compare runs and machines (the
 * machine, the timer, which counters were live and why not, build, run settings, kernels). */
#include <math.h>
#include <stdio.h>

#include "bench/disturb.h"
#include "env/env.h"
#include "env/hugepage.h"
#include "util/output.h"
#include "results/results.h"

static const char *const BRANCH_NAME[] = { "conditional", "branchless" };

/* The compiler that built this binary: SB_CC from the Makefile ("gcc 12.2.0", "clang 14.0.6"),
 * else gcc with the version the Makefile asked it for. */
#ifdef SB_CC
#define CONTEXT_CC SB_CC
#else
#define CONTEXT_CC "gcc " SB_CC_VERSION
#endif

/* Returns nothing; writes a size in bytes, or null when it is not known. */
static void context_bytes(FILE *f, const char *key, long bytes)
{
	if (bytes > 0)
		fprintf(f, ", \"%s\": %ld", key, bytes);
	else
		fprintf(f, ", \"%s\": null", key);
}

/* Returns nothing; writes the cpu identity and cache keys of "machine" (after cpu_model). */
static void context_cpu(FILE *f, const struct env_info *env)
{
	fprintf(f, ", \"cpu_vendor\": ");
	out_json_str(f, env->cpu_vendor);
	if (env->cpu_family >= 0)
		fprintf(f, ", \"cpu_family\": %d, \"cpu_model_number\": %d, \"cpu_stepping\": %d, "
			"\"cpu_family_hex\": \"0x%x\", \"cpu_model_hex\": \"0x%02x\", "
			"\"cpu_stepping_hex\": \"0x%x\"", env->cpu_family, env->cpu_model_number,
			env->cpu_stepping, (unsigned)env->cpu_family, (unsigned)env->cpu_model_number,
			(unsigned)env->cpu_stepping);
	else
		fprintf(f, ", \"cpu_family\": null, \"cpu_model_number\": null, "
			"\"cpu_stepping\": null");
	fprintf(f, ", \"uarch\": ");
	out_json_str(f, env->uarch);
	context_bytes(f, "l1d_bytes", env->caches.l1d);
	context_bytes(f, "l1i_bytes", env->caches.l1i);
	context_bytes(f, "l2_bytes", env->caches.l2);
	context_bytes(f, "l3_bytes", env->caches.l3);
	fprintf(f, ", \"cache_source\": ");
	out_json_str(f, env->caches.source);
}

/* Returns nothing; writes "counter_sources": PAPI's components (live or why not) and the
 * getrusage-based disturbance detection, which is live everywhere. */
static void context_sources(FILE *f)
{
	struct counters_source src[16];
	size_t n = counters_sources(src, sizeof src / sizeof src[0]);

	fprintf(f, "  \"counter_sources\": [");
	for (size_t i = 0; i < n; i++) {
		fprintf(f, "%s{\"name\": ", i ? ", " : "");
		out_json_str(f, src[i].name);
		fprintf(f, ", \"live\": %s, \"why\": ", src[i].live ? "true" : "false");
		out_json_str(f, src[i].why);
		fputc('}', f);
	}
	fprintf(f, "%s{\"name\": \"disturbance\", \"live\": true, \"why\": ", n ? ", " : "");
	out_json_str(f, disturb_method());
	fprintf(f, "}],\n");
}

void results_write_context(struct bench *b, const struct run_meta *m, FILE *f)
{
	struct env_info env;

	env_capture(&env, m->cpu);
	fprintf(f, "{\n  \"run_id\": ");
	out_json_str(f, m->run_id);
	fprintf(f, ",\n  \"command\": ");
	out_json_str(f, m->argv_line);
	fprintf(f, ",\n  \"slidebench\": {\"git_rev\": ");
	out_json_str(f, SB_GIT_REV);
	fprintf(f, ", \"compiler\": ");
	out_json_str(f, CONTEXT_CC);
	fprintf(f, ", \"cflags\": ");
	out_json_str(f, SB_CFLAGS);
	fprintf(f, ", \"abi_version\": %d, \"word_size_bits\": %d},\n", SB_ABI_VERSION,
		(int)(8 * sizeof(void *)));
	fprintf(f, "  \"machine\": {\"cpu_model\": ");
	out_json_str(f, env.cpu_model);
	context_cpu(f, &env);
	fprintf(f, ", \"cpu_flags\": ");
	out_json_str(f, env.cpu_flags_note);
	fprintf(f, ", \"ncpus\": %ld, \"is_vm\": %s, \"hypervisor\": ", env.ncpus,
		env.is_vm ? "true" : "false");
	out_json_str(f, env.hypervisor);
	fprintf(f, ", \"kernel\": ");
	out_json_str(f, env.kernel_release);
	fprintf(f, ", \"hostname\": ");
	out_json_str(f, env.hostname);
	fprintf(f, ", \"governor\": ");
	out_json_str(f, env.governor);
	fprintf(f, ", \"thp\": ");
	out_json_str(f, env.thp);
	fprintf(f, ", \"tsc_invariant\": %s},\n", env.tsc_invariant ? "true" : "false");
	fprintf(f, "  \"timer\": {\"source\": \"%s\", \"tick_ghz\": %.6f, "
		"\"calibration_spread\": %.6f},\n", b->timer.use_tsc ? "tsc" : "clock_gettime",
		b->timer.tick_ghz, b->timer.calib_spread);
	fprintf(f, "  \"host\": {\"source\": \"/proc/stat\", \"epochs\": ");
	hostload_write_json(f, b->host, b->nhost > 0 ? b->nhost - 1 : 0);
	fprintf(f, "},\n");
	fprintf(f, "  \"pinned_cpu\": %d,\n  \"papi_version\": ", m->cpu);
	out_json_str(f, counters_papi_version());
	fprintf(f, ",\n");
	context_sources(f);
	fprintf(f, "  \"tables\": ");
	hugepage_write_json(f);
	fprintf(f, ",\n  \"events\": [");
	for (size_t e = 0; e < b->nev; e++) {
		fprintf(f, "%s{\"name\": ", e ? ", " : "");
		out_json_str(f, counters_name(b->ctr, e));
		fprintf(f, ", \"live\": %s, \"why\": ", counters_live(b->ctr, e) ? "true" : "false");
		out_json_str(f, counters_why(b->ctr, e) ? counters_why(b->ctr, e) : "");
		fputc('}', f);
	}
	fprintf(f, "],\n  \"run\": {\"trace\": ");
	out_json_str(f, m->trace ? m->trace : "");
	fprintf(f, ", \"warmup\": %u, \"samples\": %u, \"samples_taken\": %u, "
		"\"interrupted\": %s, \"simulated\": %s, \"max_queries\": %zu, "
		"\"min_lookups_per_sample\": %zu, \"seed\": %llu, \"epochs\": %u, "
		"\"layout_copies\": %u, \"cold_rows\": %s,\n    \"cache_state\": \"warm: an "
		"untimed pass of the same kernel and workload right before each timed sample; cold "
		"(--cold): a buffer of %zu bytes touched before each sample, one timed pass\"},\n",
		b->warmup, b->samples,
		b->taken > b->warmup ? b->taken - b->warmup : 0, m->interrupted ? "true" : "false",
		m->simulated ? "true" : "false", m->max_queries, m->min_lookups, m->seed, b->epochs,
		m->layouts, m->cold ? "true" : "false", b->evict_words * sizeof(uint64_t));
	if (m->sim)
		sim_write_context(f, m->sim);
	fprintf(f, "  \"workloads\": [");
	for (size_t wi = 0; wi < b->nw; wi++)
		fprintf(f, "%s{\"mode\": \"%s\", \"piece\": \"%s\", \"cache_state\": \"%s\", "
			"\"pressure_bytes\": %.0f, \"lookups\": %zu, \"reps\": %u}", wi ? ", " : "",
			b->w[wi].def->name, b->w[wi].piece, workload_state(&b->w[wi]),
			isnan(b->w[wi].pressure_bytes) ? 0 : b->w[wi].pressure_bytes,
			b->w[wi].lookups, b->w[wi].reps);
	fprintf(f, "],\n  \"kernels\": [\n");
	for (size_t ki = 0; ki < b->nk; ki++) {
		const struct kentry *e = b->kern[ki];
		const struct cell *c = bench_cell(b, 0, ki + 1);
		fprintf(f, "    {\"name\": ");
		out_json_str(f, e->k->name);
		fprintf(f, ", \"family\": ");
		out_json_str(f, e->k->family);
		fprintf(f, ", \"origin\": ");
		out_json_str(f, e->origin);
		fprintf(f, ", \"description\": ");
		out_json_str(f, e->k->description);
		fprintf(f, ", \"word_bits\": %d, \"branching\": \"%s\", \"table_bytes\": %zu, "
			"\"status\": ", e->k->word_bits, BRANCH_NAME[e->k->branching],
			e->k->table_bytes);
		out_json_str(f, b->nw == 0 ? "no workloads" : c->state == CELL_TIMED ? "timed" : c->why);
		fprintf(f, "}%s\n", ki + 1 < b->nk ? "," : "");
	}
	fprintf(f, "  ]\n}\n");
}
