/* test_peer_random.c - peer-random mode's input: each random occupancy is shared by
 * SB_PEER_GROUP consecutive random squares (the Chess_Movegen default loop), the stream is a
 * whole number of groups, and the workload times the peer-random loop (one occupancy held per
 * group) on it. */
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "bench/modes.h"
#include "bench/workload.h"

int main(void)
{
	struct workset ws;
	struct workload w[8];
	size_t groups = 0, nw, hist[64] = { 0 };

	memset(&ws, 0, sizeof ws);
	CHECK(workset_add_random_groups(&ws, 1000, 42) == 0, "random groups not built");
	CHECK(ws.n[3] == 1000 - 1000 % SB_PEER_GROUP, "queries %zu, want whole groups", ws.n[3]);
	for (size_t i = 0; i < ws.n[3]; i++) {
		if (i % SB_PEER_GROUP == 0) {
			groups++;
			CHECK(i == 0 || ws.occ[3][i] != ws.occ[3][i - 1], "group %zu repeats the last "
			      "occupancy", groups);
		} else {
			CHECK(ws.occ[3][i] == ws.occ[3][i - 1], "query %zu leaves its group's occupancy",
			      i);
		}
		hist[ws.sq[3][i]]++;
	}
	size_t used = 0;
	for (int s = 0; s < 64; s++)
		used += hist[s] > 0;
	CHECK(used == 64, "squares are random over the board: %zu of 64 seen", used);
	nw = workloads_build(&ws, 1u << MODE_PEER_RANDOM, 1000, 0, w, 8);
	CHECK(nw == 1 && w[0].loop == SB_LOOP_PEER_RANDOM && w[0].in.q.occ == ws.occ[3] &&
	      w[0].lookups == ws.n[3] && !strcmp(w[0].piece, "queen") &&
	      !strcmp(w[0].dataset, "random"), "peer-random workload: %zu built", nw);
	workset_free(&ws);
	return check_done();
}
