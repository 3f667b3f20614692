/* test_peer_random.c - peer-random mode's input: each random occupancy is shared by
 * SB_PEER_GROUP consecutive random squares (the Chess_Movegen default loop), the stream is a
 * whole number of groups, each group's occupancy is also held once (group_occ, what the loop
 * reads), and the workload times the peer-random loop (one occupancy held per group) on it,
 * each window on whole groups with its own part of group_occ. */
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
		CHECK(ws.group_occ[i / SB_PEER_GROUP] == ws.occ[3][i], "query %zu: its group's "
		      "occupancy is not group_occ's", i);
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
	CHECK(w[0].in.group_occ == ws.group_occ, "the peer-random loop is given group_occ");
	/* windows: each starts on a group, and its group_occ at that group's occupancy */
	workset_free(&ws);
	memset(&ws, 0, sizeof ws);
	CHECK(workset_add_random_groups(&ws, 12000, 7) == 0, "random groups not built");
	nw = workloads_build(&ws, 1u << MODE_PEER_RANDOM, 1000, 0, w, 8);
	CHECK(nw == 1 && w[0].nwin > 1, "a workload of several windows: %u", w[0].nwin);
	for (unsigned k = 0; k < w[0].nwin; k++) {
		struct sb_input in = workload_window(&w[0], &w[0].in, k);
		CHECK(w[0].win_off[k] % SB_PEER_GROUP == 0 && in.q.n % SB_PEER_GROUP == 0,
		      "window %u: whole groups", k);
		for (size_t g = 0; g < in.q.n / SB_PEER_GROUP; g++)
			CHECK(in.group_occ[g] == in.q.occ[g * SB_PEER_GROUP], "window %u group %zu: "
			      "group_occ is not the group's occupancy", k, g);
	}
	workset_free(&ws);
	return check_done();
}
