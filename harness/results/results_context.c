/* results_context.c - context.json: what a reader needs to compare runs and machines (the
 * machine, the timer, which counters were live and why not, build, run settings, kernels),
 * built as one jansson tree and written once. */
#include <math.h>
#include <stdio.h>

#include "bench/disturb.h"
#include "env/env.h"
#include "env/hostload.h"
#include "env/hugepage.h"
#include "env/scheduler.h"
#include "env/topology.h"
#include "results/results.h"
#include "util/output.h"

/* Returns the "slidebench" object: the build that wrote the run. */
static json_t *context_build(void)
{
	json_t *o = json_object();

	jsonx_set_str(o, "git_rev", SB_GIT_REV);
	jsonx_set_str(o, "compiler", SB_CC);
	jsonx_set_str(o, "cflags", SB_CFLAGS);
	jsonx_set_int(o, "abi_version", SB_ABI_VERSION);
	jsonx_set_int(o, "word_size_bits", (int)(8 * sizeof(void *)));
	return o;
}

/* Returns nothing; sets the cpu identity and cache members of "machine". */
static void context_cpu(json_t *o, const struct env_info *env)
{
	char hex[16];

	jsonx_set_str(o, "cpu_vendor", env->cpu_vendor);
	if (env->cpu_family >= 0) {
		jsonx_set_int(o, "cpu_family", env->cpu_family);
		jsonx_set_int(o, "cpu_model_number", env->cpu_model_number);
		jsonx_set_int(o, "cpu_stepping", env->cpu_stepping);
		snprintf(hex, sizeof hex, "0x%x", (unsigned)env->cpu_family);
		jsonx_set_str(o, "cpu_family_hex", hex);
		snprintf(hex, sizeof hex, "0x%02x", (unsigned)env->cpu_model_number);
		jsonx_set_str(o, "cpu_model_hex", hex);
		snprintf(hex, sizeof hex, "0x%x", (unsigned)env->cpu_stepping);
		jsonx_set_str(o, "cpu_stepping_hex", hex);
	} else {
		json_object_set_new(o, "cpu_family", json_null());
		json_object_set_new(o, "cpu_model_number", json_null());
		json_object_set_new(o, "cpu_stepping", json_null());
	}
	jsonx_set_str(o, "uarch", env->uarch);
	jsonx_set_bytes(o, "l1d_bytes", env->caches.l1d);
	jsonx_set_bytes(o, "l1i_bytes", env->caches.l1i);
	jsonx_set_bytes(o, "l2_bytes", env->caches.l2);
	jsonx_set_bytes(o, "l3_bytes", env->caches.l3);
	jsonx_set_str(o, "cache_source", env->caches.source);
}

/* Returns the "machine" object. */
static json_t *context_machine(const struct env_info *env)
{
	json_t *o = json_object();

	jsonx_set_str(o, "cpu_model", env->cpu_model);
	context_cpu(o, env);
	jsonx_set_str(o, "cpu_flags", env->cpu_flags_note);
	jsonx_set_int(o, "ncpus", env->ncpus);
	jsonx_set_bool(o, "is_vm", env->is_vm);
	jsonx_set_str(o, "hypervisor", env->hypervisor);
	jsonx_set_str(o, "kernel", env->kernel_release);
	jsonx_set_str(o, "hostname", env->hostname);
	jsonx_set_str(o, "governor", env->governor);
	jsonx_set_str(o, "thp", env->thp);
	jsonx_set_bool(o, "tsc_invariant", env->tsc_invariant);
	jsonx_set_str(o, "arch", env->arch);
	jsonx_set_str(o, "kernel_arch", env->kernel_arch);
	jsonx_set_bool(o, "emulated", env->emulated);
	if (env->emulated)
		jsonx_set_str(o, "emulation", env->emulation);
	return o;
}

/* Returns a {"name", "live", "why"} object. */
static json_t *context_source(const char *name, int live, const char *why)
{
	json_t *o = json_object();

	jsonx_set_str(o, "name", name);
	jsonx_set_bool(o, "live", live);
	jsonx_set_str(o, "why", why);
	return o;
}

/* Returns "counter_sources": PAPI's components (live or why not) and the getrusage-based
 * disturbance detection, which is live everywhere. */
static json_t *context_sources(void)
{
	struct counters_source src[16];
	size_t n = counters_sources(src, sizeof src / sizeof src[0]);
	json_t *a = json_array();

	for (size_t i = 0; i < n; i++)
		json_array_append_new(a, context_source(src[i].name, src[i].live, src[i].why));
	json_array_append_new(a, context_source("disturbance", 1, disturb_method()));
	return a;
}

/* Returns "events": each requested counter event, live or why not. */
static json_t *context_events(const struct bench *b)
{
	json_t *a = json_array();

	for (size_t e = 0; e < b->nev; e++)
		json_array_append_new(a, context_source(counters_name(b->ctr, e),
							counters_live(b->ctr, e),
							counters_why(b->ctr, e)));
	return a;
}

/* Returns "timer": the tick source and its calibration. */
static json_t *context_timer(const struct bench *b)
{
	json_t *o = json_object();

	jsonx_set_str(o, "source", timer_source(&b->timer));
	jsonx_set_real(o, "tick_ghz", round(b->timer.tick_ghz * 1e6) / 1e6);
	if (b->timer.nominal_ghz > 0)
		jsonx_set_real(o, "nominal_ghz", round(b->timer.nominal_ghz * 1e6) / 1e6);
	jsonx_set_real(o, "calibration_spread", round(b->timer.calib_spread * 1e6) / 1e6);
	return o;
}

/* Returns "host": how busy the host was in each epoch (hostload_json). */
static json_t *context_host(const struct bench *b)
{
	json_t *o = json_object();

	jsonx_set_str(o, "source", "/proc/stat");
	json_object_set_new(o, "epochs", hostload_json(b->host, b->nhost > 0 ? b->nhost - 1 : 0));
	return o;
}

/* Returns "run": the settings of this run. */
static json_t *context_run(const struct bench *b, const struct run_meta *m)
{
	json_t *o = json_object();
	char state[256];

	jsonx_set_str(o, "trace", m->trace);
	jsonx_set_int(o, "warmup", b->warmup);
	jsonx_set_int(o, "samples", b->samples);
	jsonx_set_int(o, "samples_taken", b->taken > b->warmup ? b->taken - b->warmup : 0);
	jsonx_set_bool(o, "interrupted", m->interrupted);
	jsonx_set_bool(o, "simulated", m->simulated);
	jsonx_set_int(o, "max_queries", (long long)m->max_queries);
	jsonx_set_int(o, "min_lookups_per_sample", (long long)m->min_lookups);
	jsonx_set_int(o, "seed", (long long)m->seed);
	jsonx_set_int(o, "epochs", b->epochs);
	jsonx_set_int(o, "layout_copies", m->layouts);
	jsonx_set_bool(o, "cold_rows", m->cold);
	jsonx_set_str(o, "bounds", m->bounds ? m->bounds : "");
	jsonx_set_str(o, "sample_input", "each sample times one window of the workload's input "
		      "(sample s: window s mod windows, every kernel of a round the same one) and "
		      "settles its cache state on another window; an input shorter than two windows "
		      "is replayed within the sample (rows flagged replayed)");
	jsonx_set_str(o, "figure", "ns_median is the whole loop's time per lookup (gross); the "
		      "null's loop overlaps a kernel's in an out-of-order core, so gross less null "
		      "(ns_net_median) is shown, never ranked");
	snprintf(state, sizeof state, "warm: an untimed pass of the same kernel and workload right "
		 "before each timed sample; cold (--cold): a buffer of %zu bytes touched before "
		 "each sample, one timed pass", b->evict_words * sizeof(uint64_t));
	jsonx_set_str(o, "cache_state", state);
	return o;
}

/* Returns "workloads": mode, piece, cache state, pressure, lookups and repetitions of each. */
static json_t *context_workloads(const struct bench *b)
{
	json_t *a = json_array();

	for (size_t wi = 0; wi < b->nw; wi++) {
		const struct workload *w = &b->w[wi];
		json_t *o = json_object();
		jsonx_set_str(o, "mode", w->def->name);
		jsonx_set_str(o, "piece", w->piece);
		jsonx_set_str(o, "cache_state", workload_state(w));
		jsonx_set_int(o, "pressure_bytes",
			      isnan(w->pressure_bytes) ? 0 : (long long)w->pressure_bytes);
		jsonx_set_int(o, "lookups", (long long)w->lookups);
		jsonx_set_int(o, "reps", w->reps);
		jsonx_set_int(o, "windows", w->nwin);
		jsonx_set_bool(o, "replayed", workload_replayed(w));
		json_array_append_new(a, o);
	}
	return a;
}

/* Returns "kernels": every kernel's descriptor (registry_kernel_json) and its status here. */
static json_t *context_kernels(struct bench *b)
{
	json_t *a = json_array();

	for (size_t ki = 0; ki < b->nk; ki++) {
		const struct cell *c = bench_cell(b, 0, ki + 1);
		json_t *o = registry_kernel_json(b->kern[ki]);
		char st[512];
		/* "unavailable: needs x86 BMI2" as list says it: the report counts it apart */
		snprintf(st, sizeof st, "%s%s", c->state == CELL_UNAVAILABLE ? "unavailable: " : "",
			 c->why ? c->why : "not timed");
		jsonx_set_str(o, "status", b->nw == 0 ? "no workloads" :
			      c->state == CELL_TIMED ? "timed" : st);
		json_array_append_new(a, o);
	}
	return a;
}

int results_write_context(struct bench *b, const struct run_meta *m, FILE *f)
{
	struct env_info env;
	json_t *o = json_object(), *sim = m->sim ? sim_context_json(m->sim) : NULL;
	int rc;

	env_capture(&env, m->cpu);
	json_object_set_new(o, "format", json_integer(SB_RUN_FORMAT));
	jsonx_set_str(o, "run_id", m->run_id);
	jsonx_set_str(o, "command", m->argv_line);
	json_object_set_new(o, "slidebench", context_build());
	json_object_set_new(o, "machine", context_machine(&env));
	json_object_set_new(o, "timer", context_timer(b));
	json_object_set_new(o, "host", context_host(b));
	jsonx_set_int(o, "pinned_cpu", m->cpu);
	jsonx_set_str(o, "papi_version", counters_papi_version());
	json_object_set_new(o, "scheduler", scheduler_json());
	json_object_set_new(o, "topology", topo_json());
	json_object_set_new(o, "counter_sources", context_sources());
	json_object_set_new(o, "tables", hugepage_json());
	json_object_set_new(o, "events", context_events(b));
	json_object_set_new(o, "run", context_run(b, m));
	if (sim)
		json_object_set_new(o, "simulation", sim);
	json_object_set_new(o, "workloads", context_workloads(b));
	json_object_set_new(o, "kernels", context_kernels(b));
	rc = jsonx_write(o, f);
	json_decref(o);
	return rc;
}
