/* modes.c - the mode table. */
#include <string.h>

#include "modes.h"

#define QUERY_LOOPS(r, b, q) { SB_LOOP_##r, SB_LOOP_##b, SB_LOOP_##q }

const struct mode_def MODES[MODE_COUNT] = {
	[MODE_STREAM] = { "stream", "independent lookups in game order: throughput",
			  INPUT_TRACE_QUERIES, PIECES_ROOK | PIECES_BISHOP,
			  QUERY_LOOPS(ROOK_STREAM, BISHOP_STREAM, QUEEN_STREAM), 0, 1 },
	[MODE_CHAIN] = { "chain", "each occupancy depends on the previous result: latency",
			 INPUT_TRACE_QUERIES, PIECES_ROOK | PIECES_BISHOP,
			 QUERY_LOOPS(ROOK_CHAIN, BISHOP_CHAIN, QUEEN_CHAIN), 0, 1 },
	[MODE_POINTER] = { "pointer", "one indirect call per lookup: what a plugin caller pays",
			   INPUT_TRACE_QUERIES, PIECES_ROOK | PIECES_BISHOP,
			   QUERY_LOOPS(ROOK_STREAM, BISHOP_STREAM, QUEEN_STREAM), 1, 1 },
	[MODE_POSITION] = { "position", "every slider of both sides per position, OR'ed per side",
			    INPUT_TRACE_POSITIONS, 0, { SB_LOOP_POSITION }, 0, 0 },
	[MODE_RANDOM] = { "random", "random squares and occupancies (1/4 dense), queen = rook|bishop",
			  INPUT_RANDOM_QUERIES, PIECES_QUEEN,
			  QUERY_LOOPS(ROOK_STREAM, BISHOP_STREAM, QUEEN_STREAM), 0, 1 },
};

int mode_find(const char *name)
{
	for (int m = 0; m < MODE_COUNT; m++)
		if (!strcmp(name, MODES[m].name))
			return m;
	return -1;
}

const char *mode_names(void)
{
	static char buf[256];

	if (!buf[0])
		for (int m = 0; m < MODE_COUNT; m++) {
			if (m)
				strcat(buf, ",");
			strcat(buf, MODES[m].name);
		}
	return buf;
}
