/* inputs.c - the input builders the mode table names, and the one loop that runs them. */
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "bench/inputs.h"

int input_trace(struct input_build *b)
{
	const struct input_args *a = b->a;
	struct workset *ws = b->ws;
	char err[1024];

	if (b->traced)
		return 0;
	if (a->trace_default && access(a->trace, R_OK) != 0) {
		fprintf(stderr, "slidebench bench: no trace at %s: build it with `make %s` (or pass "
			"--trace FILE, or --mode random)\n", a->trace, a->trace);
		return -1;
	}
	if (trace_load(a->trace, &b->t, err, sizeof err) < 0) {
		fprintf(stderr, "slidebench bench: %s\n", err);
		return -1;
	}
	b->traced = 1;
	if (workset_from_trace(ws, &b->t, a->max_queries, a->trace) < 0) {
		fprintf(stderr, "slidebench bench: out of memory building the queries\n");
		return -1;
	}
	if (!a->quiet)
		fprintf(stderr, "slidebench: %s: %zu games (1 in %zu), %zu positions, %zu rook and "
			"%zu bishop queries\n", a->trace, ws->games_used, ws->games_every, ws->npos,
			ws->n[0], ws->n[1]);
	return 0;
}

int input_perft(struct input_build *b)
{
	const struct input_args *a = b->a;
	struct workset *ws = b->ws;

	if (input_trace(b) < 0)
		return -1;
	if (workset_add_perft(ws, &b->t, a->perft_positions, a->perft_depth) < 0) {
		fprintf(stderr, "slidebench bench: out of memory building the perft roots\n");
		return -1;
	}
	if (!ws->perft_nodes)
		fprintf(stderr, "slidebench: perft: the %zu root%s sampled from %s lead%s to no "
			"move at depth %u (mated or stalemated positions only): no perft rows\n",
			ws->nperft, ws->nperft == 1 ? "" : "s", a->trace, ws->nperft == 1 ? "s" : "",
			ws->perft_depth);
	else if (!a->quiet)
		fprintf(stderr, "slidebench: perft: %zu roots to depth %u, %llu nodes, %.1f slider "
			"lookups per node\n", ws->nperft, ws->perft_depth,
			(unsigned long long)ws->perft_nodes,
			(double)ws->perft_lookups / (double)ws->perft_nodes);
	return 0;
}

int input_search(struct input_build *b)
{
	const struct input_args *a = b->a;
	struct workset *ws = b->ws;

	if (input_trace(b) < 0)
		return -1;
	if (workset_add_search(ws, &b->t, a->search_positions, a->search_depth,
			       a->search_tt_mib) < 0) {
		fprintf(stderr, "slidebench bench: out of memory building the search roots and its "
			"%zu MiB table (--search-tt)\n", a->search_tt_mib);
		return -1;
	}
	if (!ws->search_nodes)
		fprintf(stderr, "slidebench: search: no root sampled from %s: no search rows\n",
			a->trace);
	else if (!a->quiet)
		fprintf(stderr, "slidebench: search: %zu roots to depth %u, %zu MiB table, %llu "
			"nodes, %.1f slider lookups per node\n", ws->nsearch, ws->search_depth,
			a->search_tt_mib, (unsigned long long)ws->search_nodes,
			(double)ws->search_lookups / (double)ws->search_nodes);
	return 0;
}

int input_pressure(struct input_build *b)
{
	if (input_trace(b) < 0)
		return -1;
	if (pressure_build(b->a->pressure, b->a->seed) < 0) {
		fprintf(stderr, "slidebench bench: out of memory building the pressure working "
			"sets\n");
		return -1;
	}
	b->ws->pressure = b->a->pressure;
	return 0;
}

int input_random(struct input_build *b)
{
	if (workset_add_random(b->ws, b->a->random_queries, b->a->seed) < 0) {
		fprintf(stderr, "slidebench bench: out of memory building the random queries\n");
		return -1;
	}
	return 0;
}

int input_random_groups(struct input_build *b)
{
	if (workset_add_random_groups(b->ws, b->a->random_queries, b->a->seed) < 0) {
		fprintf(stderr, "slidebench bench: out of memory building the random groups\n");
		return -1;
	}
	return 0;
}

int inputs_build(const struct input_args *a, unsigned modes, struct workset *ws)
{
	struct input_build b = { .a = a, .ws = ws };
	input_builder done[MODE_COUNT];
	size_t ndone = 0;
	int rc = 0;

	memset(ws, 0, sizeof *ws);
	for (int m = 0; m < MODE_COUNT && rc == 0; m++) {
		input_builder f = MODES[m].build;
		size_t i = 0;
		if (!(modes >> m & 1))
			continue;
		while (i < ndone && done[i] != f)
			i++;
		if (i < ndone)
			continue;  /* the same input as an earlier mode's */
		done[ndone++] = f;
		rc = f(&b);
	}
	if (b.traced)
		trace_free(&b.t);
	return rc;
}
