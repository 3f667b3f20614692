/* test_inputs.c - the mode table names each mode's input builder (bench/inputs.h): every row
 * has one, modes that read the same input name the same builder and share one copy, and the
 * builders add to the workset in any order (the random stream built before the trace's is
 * kept).  A missing default trace is refused with how to build it. */
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "bench/inputs.h"

#define TRACE "datasets/master-2000.trace"

/* Returns the mode bits of the named modes (a NULL-terminated list). */
static unsigned bits_of(const char *const *names)
{
	unsigned bits = 0;

	for (; *names; names++) {
		int m = mode_find(*names);
		CHECK(m >= 0, "mode %s is in the table", *names);
		bits |= m >= 0 ? 1u << m : 0;
	}
	return bits;
}

int main(void)
{
	static const char *const LATE_TRACE[] = { "random", "peer-random", "perft", "pressure", NULL };
	struct pressure_set ps = { .n = 1, .bytes = { 4096 } };
	struct input_args a = { .trace = TRACE, .trace_default = 1, .max_queries = 2000,
				.random_queries = 240, .seed = 1, .perft_positions = 2,
				.perft_depth = 1, .pressure = &ps, .quiet = 1 };
	struct workset ws;

	for (int m = 0; m < MODE_COUNT; m++) {
		CHECK(MODES[m].build != NULL, "mode %s names no builder", MODES[m].name);
		for (int o = 0; o < m; o++)  /* the flags' builders add to the plain input's */
			CHECK(MODES[o].input != MODES[m].input || MODES[o].build == MODES[m].build ||
			      MODES[m].pressure || MODES[m].perft || MODES[o].pressure || MODES[o].perft,
			      "modes %s and %s read one input through two builders", MODES[o].name,
			      MODES[m].name);
	}

	/* random first in table order, the trace's builders after it: both inputs stay */
	CHECK(inputs_build(&a, bits_of(LATE_TRACE), &ws) == 0, "inputs of %s failed", TRACE);
	CHECK(ws.n[2] == 240 && ws.occ[2] && ws.n[3] == 240, "random streams kept beside the "
	      "trace's: %zu and %zu queries, want 240", ws.n[2], ws.n[3]);
	CHECK(ws.npos > 0 && ws.n[0] > 0 && ws.n[1] > 0 && ws.n[0] < 10000,
	      "the trace's positions and streams: %zu positions, %zu rook queries", ws.npos, ws.n[0]);
	CHECK(ws.nperft == 2 && ws.perft_depth == 1, "perft roots: %zu to depth %u", ws.nperft,
	      ws.perft_depth);
	CHECK(ws.pressure == &ps && ps.buf && ps.touch[0], "the pressure working set is built");
	CHECK(!strcmp(ws.dataset, TRACE), "dataset \"%s\"", ws.dataset);
	workset_free(&ws);
	pressure_free(&ps);

	/* random alone reads no trace, even a missing one */
	a.trace = "no/such.trace";
	CHECK(inputs_build(&a, 1u << mode_find("random"), &ws) == 0 && ws.npos == 0 &&
	      !strcmp(ws.dataset, "random"), "random mode without a trace");
	workset_free(&ws);
	fprintf(stderr, "(a refusal follows, expected:)\n");
	CHECK(inputs_build(&a, 1u << mode_find("stream"), &ws) < 0, "a missing default trace is "
	      "refused");
	workset_free(&ws);
	return check_done();
}
