/* report_env.c - the report's first sections: the environment of the run, which counters
 * were live (and why the others were not), and what verification left to time. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "report/report.h"

/* Writes a byte count as "48 KiB" / "1 MiB" / "unknown". */
static const char *bytes(const struct run *r, const char *key, char *buf, size_t len)
{
	double v = r->ctx ? jsonx_num(r->ctx, key) : NAN;

	if (isnan(v) || v <= 0)
		snprintf(buf, len, "unknown");
	else if (v >= 1 << 20 && fmod(v, 1 << 20) == 0)
		snprintf(buf, len, "%.0f MiB", v / (1 << 20));
	else
		snprintf(buf, len, "%.0f KiB", v / 1024);
	return buf;
}

/* Writes a scalar or a flat object/array as text ("name=x, live=true"). */
static void json_text(const json_t *j, char *buf, size_t len)
{
	size_t used = 0;
	const char *key;
	json_t *v;

	buf[0] = 0;
	if (!j)
		return;
	switch (json_typeof(j)) {
	case JSON_STRING: snprintf(buf, len, "%s", json_string_value(j)); return;
	case JSON_INTEGER:
	case JSON_REAL: snprintf(buf, len, "%g", json_number_value(j)); return;
	case JSON_TRUE: snprintf(buf, len, "true"); return;
	case JSON_FALSE: snprintf(buf, len, "false"); return;
	case JSON_NULL: snprintf(buf, len, "null"); return;
	case JSON_ARRAY:
		for (size_t i = 0; i < json_array_size(j) && used + 1 < len; i++) {
			char t[256];
			json_text(json_array_get(j, i), t, sizeof t);
			used += (size_t)snprintf(buf + used, len - used, "%s%s", i ? ", " : "", t);
		}
		return;
	case JSON_OBJECT:
		json_object_foreach((json_t *)j, key, v) {
			char t[256];
			if (used + 1 >= len)
				break;
			json_text(v, t, sizeof t);
			used += (size_t)snprintf(buf + used, len - used, "%s%s=%s", used ? ", " : "",
						 key, t);
		}
		return;
	}
}

/* Returns the context value at key of r as text (numbers too), or "unknown".  The text
 * lives in one of a few rotating buffers: enough for one printf's arguments. */
static const char *cs(const struct run *r, const char *key)
{
	static char buf[12][512];
	static unsigned next;
	char *b = buf[next++ % 12];

	json_text(r->ctx ? jsonx_get(r->ctx, key) : NULL, b, sizeof buf[0]);
	return *b ? b : "unknown";
}

void report_environment(struct doc *d, const struct study *s)
{
	const struct run *r = &s->m64;
	char l1[32], l2[32], l3[32];
	const char *vm = run_ctx(r, "machine.is_vm");

	doc_h(d, 2, "environment", "Environment");
	if (!r->ctx) {
		doc_p(d, "note", "No context.json could be read (%s): the environment is unknown.",
		      r->ctx_err);
		return;
	}
	doc_list_begin(d);
	doc_li(d, "CPU: %s (vendor %s, microarchitecture %s), %s CPUs", cs(r, "machine.cpu_model"),
	       cs(r, "machine.cpu_vendor"), cs(r, "machine.uarch"),
	       cs(r, "machine.ncpus"));
	doc_li(d, "Caches: L1d %s, L2 %s, L3 %s", bytes(r, "machine.l1d_bytes", l1, sizeof l1),
	       bytes(r, "machine.l2_bytes", l2, sizeof l2),
	       bytes(r, "machine.l3_bytes", l3, sizeof l3));
	doc_li(d, "Virtual machine: %s%s%s", vm && !strcmp(vm, "true") ? "yes, " : vm ? "no" :
	       "unknown", vm && !strcmp(vm, "true") ? "hypervisor " : "",
	       vm && !strcmp(vm, "true") ? cs(r, "machine.hypervisor") : "");
	doc_li(d, "OS kernel %s; frequency governor %s; transparent huge pages %s",
	       cs(r, "machine.kernel"), cs(r, "machine.governor"), cs(r, "machine.thp"));
	doc_li(d, "Build: %s, flags \"%s\", %s-bit, git revision %s", cs(r, "slidebench.compiler"),
	       cs(r, "slidebench.cflags"), cs(r, "slidebench.word_size_bits"),
	       cs(r, "slidebench.git_rev"));
	doc_li(d, "Timer: %s at %s GHz; pinned to CPU %s", cs(r, "timer.source"),
	       cs(r, "timer.tick_ghz"), cs(r, "pinned_cpu"));
	doc_li(d, "Run %s: trace %s, %s measured samples after %s warm-up rounds per cell",
	       cs(r, "run_id"), cs(r, "run.trace"), cs(r, "run.samples"), cs(r, "run.warmup"));
	doc_li(d, "Command: %s", cs(r, "command"));
	if (!s->plain)
		doc_li(d, "Sub-runs: m64%s%s%s%s%s%s", s->have_bits ? ", bits blocks" : "",
		       s->have_tables ? ", tables blocks" : "", s->have_sim ? ", sim (callgrind)" : "",
		       s->have_pressure ? ", pressure" : "", s->have_bits ? "" : "; no bits blocks: ",
		       s->have_bits ? "" : s->m32_why);
	doc_list_end(d);
}

/* Lists the events of run r: live ones together, the others with their reason. */
static void run_counters(struct doc *d, const struct run *r, const char *what)
{
	const json_t *ev = r->ctx ? jsonx_get(r->ctx, "events") : NULL;
	const json_t *src = r->ctx ? jsonx_get(r->ctx, "counter_sources") : NULL;
	char live[1024] = "", txt[512];
	size_t nlive = 0;

	if (!r->ctx)
		return;
	for (size_t i = 0; i < json_array_size(ev); i++) {
		const json_t *e = json_array_get(ev, i);
		const char *name = jsonx_str(e, "name"), *why = jsonx_str(e, "why");
		const char *on = jsonx_str(e, "live");
		if (on && !strcmp(on, "true")) {
			snprintf(live + strlen(live), sizeof live - strlen(live), "%s%s",
				 nlive++ ? ", " : "", name ? name : "?");
			continue;
		}
		doc_li(d, "%s: %s not counted: %s", what, name ? name : "?",
		       why && *why ? why : "no reason recorded");
	}
	if (json_array_size(ev) == 0)
		doc_li(d, "%s: no counter events were requested or recorded", what);
	else
		doc_li(d, "%s: live events: %s", what, nlive ? live : "none");
	for (size_t i = 0; i < json_array_size(src); i++) {
		json_text(json_array_get(src, i), txt, sizeof txt);
		doc_li(d, "%s: counter source: %s", what, txt);
	}
}

void report_counters(struct doc *d, const struct study *s)
{
	doc_h(d, 2, "counters", "Counters");
	doc_list_begin(d);
	run_counters(d, &s->m64, s->plain ? "run" : "m64");
	if (s->have_sim) {
		const char *d1 = run_ctx(&s->sim, "simulation.D1"), *ll = run_ctx(&s->sim, "simulation.LL");
		doc_li(d, "sim: callgrind-simulated misses (sim_* columns, labelled sim): D1 %s, "
		       "LL %s (bytes,ways,line)", d1 ? d1 : "?", ll ? ll : "?");
	} else {
		doc_li(d, "sim: no simulated run (sim/) in this study");
	}
	doc_list_end(d);
}

void report_verification(struct doc *d, const struct study *s)
{
	const struct run *r = &s->m64;
	const json_t *k = r->ctx ? jsonx_get(r->ctx, "kernels") : NULL;
	size_t timed = 0, failed = 0, unavail = 0, n = json_array_size(k);

	doc_h(d, 2, "verification", "Verification");
	if (!json_is_array(k)) {
		doc_p(d, "note", "context.json lists no kernels; see the flags in the tables.");
		return;
	}
	for (size_t i = 0; i < n; i++) {
		const char *st = jsonx_str(json_array_get(k, i), "status");
		if (st && !strcmp(st, "timed"))
			timed++;
		else if (st && strstr(st, "unavailable"))
			unavail++;
		else
			failed++;
	}
	doc_p(d, NULL, "Every kernel is checked against the plain ray-walk oracle on the run's exact "
	      "inputs before it is timed: %zu kernels timed, %zu failed verification (or were "
	      "refused), %zu unavailable on this machine.", timed, failed, unavail);
	if (timed == n)
		return;
	doc_list_begin(d);
	for (size_t i = 0; i < n; i++) {
		const char *st = jsonx_str(json_array_get(k, i), "status");
		const char *name = jsonx_str(json_array_get(k, i), "name");
		if (!st || strcmp(st, "timed"))
			doc_li(d, "%s: %s", name ? name : "?", st ? st : "no status");
	}
	doc_list_end(d);
}
