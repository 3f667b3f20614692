/* modes.c - the mode table. */
#include <string.h>

#include "bench/inputs.h"
#include "bench/modes.h"

#define QUERY_LOOPS(r, b, q) { SB_LOOP_##r, SB_LOOP_##b, SB_LOOP_##q }

#define QUERY_STREAMS QUERY_LOOPS(ROOK_STREAM, BISHOP_STREAM, QUEEN_STREAM)

const struct mode_def MODES[MODE_COUNT] = {
	[MODE_STREAM] = {
		.name = "stream", .help = "independent lookups in game order: throughput",
		.input = INPUT_TRACE_QUERIES, .build = input_trace,
		.pieces = PIECES_ROOK | PIECES_BISHOP,
		.loop = QUERY_STREAMS, .check_queries = 1, .per_query = 1, .by_default = 1,
	},
	[MODE_CHAIN] = {
		.name = "chain", .help = "each occupancy depends on the previous result: latency",
		.input = INPUT_TRACE_QUERIES, .build = input_trace,
		.pieces = PIECES_ROOK | PIECES_BISHOP,
		.loop = QUERY_LOOPS(ROOK_CHAIN, BISHOP_CHAIN, QUEEN_CHAIN), .check_queries = 1,
		.per_query = 1, .by_default = 1,
	},
	[MODE_POINTER] = {
		.name = "pointer", .help = "one indirect call per lookup: what a plugin caller pays",
		.input = INPUT_TRACE_QUERIES, .build = input_trace,
		.pieces = PIECES_ROOK | PIECES_BISHOP,
		.loop = QUERY_STREAMS, .pointer = 1, .check_queries = 1, .per_query = 1,
		.by_default = 1,
	},
	[MODE_POSITION] = {
		.name = "position", .help = "every slider of both sides per position, OR'ed per side",
		.input = INPUT_TRACE_POSITIONS, .build = input_trace, .loop = { SB_LOOP_POSITION },
		.per_query = 1, .by_default = 1,
	},
	[MODE_RANDOM] = {
		.name = "random", .help = "random squares and occupancies (1/4 dense), queen = rook|bishop",
		.input = INPUT_RANDOM_QUERIES, .build = input_random,
		.pieces = PIECES_QUEEN, .loop = QUERY_STREAMS,
		.check_queries = 1, .per_query = 1, .by_default = 1,
	},
	[MODE_PEER] = {
		.name = "peer", .help = "the Chess_Movegen loop: per random occupancy, queens on all "
		"64 constant squares", .input = INPUT_RANDOM_QUERIES, .build = input_random,
		.pieces = PIECES_QUEEN,
		.loop = { SB_LOOP_PEER, SB_LOOP_PEER, SB_LOOP_PEER }, .per_query = 64,
		.by_default = 1,
	},
	[MODE_PEER_RANDOM] = {
		.name = "peer-random", .help = "the Chess_Movegen default loop: per random occupancy, "
		"queens on 12 random squares", .input = INPUT_RANDOM_GROUPS,
		.build = input_random_groups, .pieces = PIECES_QUEEN,
		.loop = QUERY_LOOPS(PEER_RANDOM, PEER_RANDOM, PEER_RANDOM), .check_queries = 1,
		.per_query = 1,
	},
	[MODE_PRESSURE] = {
		.name = "pressure", .help = "position mode, a working set of S bytes touched between "
		"positions (--pressure)", .input = INPUT_TRACE_POSITIONS, .build = input_pressure,
		.loop = { SB_LOOP_PRESSURE }, .per_query = 1, .pressure = 1,
	},
	/* Figures per node (leaf) of the tree, not per lookup, and gross: the whole engine's
	 * time, nothing subtracted (the null kernel's tree would not be the same tree). */
	[MODE_PERFT] = {
		.name = "perft", .help = "legal move trees to --perft-depth from positions sampled "
		"over the trace: per node", .input = INPUT_TRACE_POSITIONS, .build = input_perft,
		.loop = { SB_LOOP_PERFT }, .per_query = 1, .perft = 1,
	},
	/* Time per lookup of thread 0 alone; with --threads 1 it is position mode. */
	[MODE_NEIGHBOURS] = {
		.name = "neighbours", .help = "position mode on one thread while the other --threads "
		"read 8 MiB each: noisy neighbours", .input = INPUT_TRACE_POSITIONS,
		.build = input_trace,
		.loop = { SB_LOOP_POSITION }, .per_query = 1, .neighbours = 1,
	},
	/* Figures per node (alpha-beta and quiescence nodes) and gross, as perft's; one thread
	 * (each would need a table of its own). */
	[MODE_SEARCH] = {
		.name = "search", .help = "alpha-beta search to --search-depth from positions sampled "
		"over the trace, --search-tt MiB table: per node", .input = INPUT_TRACE_POSITIONS,
		.build = input_search, .loop = { SB_LOOP_SEARCH }, .per_query = 1, .perft = 1,
	},
};

int mode_find(const char *name)
{
	for (int m = 0; m < MODE_COUNT; m++)
		if (!strcmp(name, MODES[m].name))
			return m;
	return -1;
}

const char *mode_names(int defaults_only)
{
	static char buf[2][256];
	char *b = buf[defaults_only != 0];

	if (!b[0])
		for (int m = 0; m < MODE_COUNT; m++) {
			if (defaults_only && !MODES[m].by_default)
				continue;
			if (b[0])
				strcat(b, ",");
			strcat(b, MODES[m].name);
		}
	return b;
}
