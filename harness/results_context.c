/* results_context.c - context.json: what a reader needs to compare runs and machines (the
 * machine, the timer, which counters were live and why not, build, run settings, kernels). */
#include <stdio.h>

#include "env.h"
#include "output.h"
#include "results.h"

static const char *const BRANCH_NAME[] = { "conditional", "branchless" };

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
	out_json_str(f, "gcc " SB_CC_VERSION);
	fprintf(f, ", \"cflags\": ");
	out_json_str(f, SB_CFLAGS);
	fprintf(f, ", \"abi_version\": %d, \"word_size_bits\": %d},\n", SB_ABI_VERSION,
		(int)(8 * sizeof(void *)));
	fprintf(f, "  \"machine\": {\"cpu_model\": ");
	out_json_str(f, env.cpu_model);
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
	fprintf(f, "  \"pinned_cpu\": %d,\n  \"papi_version\": ", m->cpu);
	out_json_str(f, counters_papi_version());
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
		"\"min_lookups_per_sample\": %zu, \"seed\": %llu},\n", b->warmup, b->samples,
		b->taken > b->warmup ? b->taken - b->warmup : 0, m->interrupted ? "true" : "false",
		m->simulated ? "true" : "false", m->max_queries, m->min_lookups, m->seed);
	if (m->sim)
		sim_write_context(f, m->sim);
	fprintf(f, "  \"workloads\": [");
	for (size_t wi = 0; wi < b->nw; wi++)
		fprintf(f, "%s{\"mode\": \"%s\", \"piece\": \"%s\", \"lookups\": %zu, "
			"\"reps\": %u}", wi ? ", " : "", b->w[wi].def->name, b->w[wi].piece,
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
