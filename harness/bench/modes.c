/* modes.c - the mode table. */
#include <string.h>

#include "bench/modes.h"

#define QUERY_LOOPS(r, b, q) { SB_LOOP_##r, SB_LOOP_##b, SB_LOOP_##q }

const struct mode_def MODES[MODE_COUNT] = {
	[MODE_STREAM] = { "stream", "independent lookups in game order: throughput",
			  INPUT_TRACE_QUERIES, PIECES_ROOK | PIECES_BISHOP,
			  QUERY_LOOPS(ROOK_STREAM, BISHOP_STREAM, QUEEN_STREAM), 0, 1, 1, 0, 1 },
	[MODE_CHAIN] = { "chain", "each occupancy depends on the previous result: latency",
			 INPUT_TRACE_QUERIES, PIECES_ROOK | PIECES_BISHOP,
			 QUERY_LOOPS(ROOK_CHAIN, BISHOP_CHAIN, QUEEN_CHAIN), 0, 1, 1, 0, 1 },
	[MODE_POINTER] = { "pointer", "one indirect call per lookup: what a plugin caller pays",
			   INPUT_TRACE_QUERIES, PIECES_ROOK | PIECES_BISHOP,
			   QUERY_LOOPS(ROOK_STREAM, BISHOP_STREAM, QUEEN_STREAM), 1, 1, 1, 0, 1 },
	[MODE_POSITION] = { "position", "every slider of both sides per position, OR'ed per side",
			    INPUT_TRACE_POSITIONS, 0, { SB_LOOP_POSITION }, 0, 0, 1, 0, 1 },
	[MODE_RANDOM] = { "random", "random squares and occupancies (1/4 dense), queen = rook|bishop",
			  INPUT_RANDOM_QUERIES, PIECES_QUEEN,
			  QUERY_LOOPS(ROOK_STREAM, BISHOP_STREAM, QUEEN_STREAM), 0, 1, 1, 0, 1 },
	[MODE_PEER] = { "peer", "the Chess_Movegen loop: per random occupancy, queens on all 64 "
			"constant squares", INPUT_RANDOM_QUERIES, PIECES_QUEEN,
			{ SB_LOOP_PEER, SB_LOOP_PEER, SB_LOOP_PEER }, 0, 0, 64, 0, 1 },
	[MODE_PEER_RANDOM] = { "peer-random", "the Chess_Movegen default loop: per random "
			       "occupancy, queens on 12 random squares", INPUT_RANDOM_GROUPS,
			       PIECES_QUEEN, QUERY_LOOPS(ROOK_STREAM, BISHOP_STREAM, QUEEN_STREAM),
			       0, 1, 1, 0, 0 },
	[MODE_PRESSURE] = { "pressure", "position mode, a working set of S bytes touched between "
			    "positions (--pressure)", INPUT_TRACE_POSITIONS, 0,
			    { SB_LOOP_PRESSURE }, 0, 0, 1, 1, 0 },
	/* Figures per node (leaf) of the tree, not per lookup, and gross: the whole engine's
	 * time, nothing subtracted (the null kernel's tree would not be the same tree). */
	[MODE_PERFT] = { "perft", "legal move trees to --perft-depth from positions sampled over "
			 "the trace: per node", INPUT_TRACE_POSITIONS, 0, { SB_LOOP_PERFT }, 0, 0, 1,
			 0, 0 },
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
