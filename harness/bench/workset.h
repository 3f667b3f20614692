/* workset.h - the raw material bench replays: per-piece query streams and positions derived
 * from a trace (or random boards), perft's and search's roots; built once, outside every timed
 * region (workset.c; perft's roots, perft_trace.c). */
#ifndef SB_WORKSET_H
#define SB_WORKSET_H

#include <stddef.h>
#include <stdint.h>

#include "kernels/kernel.h"
#include "bench/pressure.h"

struct trace;

#define PERFT_SETTLE_PART 8  /* perft's settle roots: one for every 8 timed ones */

/* The raw material: per-piece query streams in game order and the positions. */
struct workset {
	uint64_t *occ[4];      /* rook, bishop, queen (random), queen (random groups) */
	uint8_t *sq[4];
	size_t n[4];
	uint64_t *group_occ;   /* the random groups' occupancies, one a group (n[3] / 12) */
	struct sb_pos *pos;
	size_t npos;
	size_t pos_lookups;    /* slider lookups the position loop makes per pass */
	char dataset[256];     /* trace file name, or "random" */
	const struct pressure_set *pressure;  /* pressure mode's working sets, or NULL */
	size_t games_used, games_every;  /* every games_every-th game of the trace was taken */
	struct sb_perft_pos *perft;  /* perft mode: root positions sampled over the trace */
	size_t nperft;
	/* perft mode's settle roots: 1/PERFT_SETTLE_PART as many, from the records between the
	 * timed roots, so a cell's untimed pass walks other trees than the one timed after it */
	struct sb_perft_pos *perft_settle;
	size_t nperft_settle;
	unsigned perft_depth;
	uint64_t perft_nodes, perft_lookups;  /* leaves and slider lookups of one pass */
	/* search mode: its roots (sampled as perft's are), settle roots, depth, the table
	 * (page_alloc'ed, --search-tt), and one pass's nodes and slider lookups */
	struct sb_perft_pos *search, *search_settle;
	size_t nsearch, nsearch_settle;
	unsigned search_depth;
	struct sb_search_tte *search_tt;
	size_t search_tt_entries;
	uint64_t search_nodes, search_lookups;
};

/* Adds a trace's query streams and positions to ws (its other inputs are kept): whole games,
 * every k-th one with k chosen so neither piece's stream exceeds max_queries (0: everything),
 * in game order.  Returns 0 or -1. */
int workset_from_trace(struct workset *ws, const struct trace *t, size_t max_queries,
		       const char *dataset);
/* Adds the random queen stream: nq uniform random squares, and occupancies random & random
 * (each square occupied with probability 1/4, as the Chess_Movegen peer draws them). */
int workset_add_random(struct workset *ws, size_t nq, uint64_t seed);
/* Adds the peer's default queen stream: nq queries, each occupancy (random & random) shared by
 * SB_PEER_GROUP consecutive random squares, and each group's occupancy once (group_occ). */
int workset_add_random_groups(struct workset *ws, size_t nq, uint64_t seed);
void workset_free(struct workset *ws);
/* Adds perft mode's roots: up to want positions sampled evenly over t (perft_from_trace),
 * searched to depth with bulk counting; counts one pass's leaves and lookups (perft_trace.c).
 * Returns 0 or -1. */
int workset_add_perft(struct workset *ws, const struct trace *t, size_t want, unsigned depth);
/* Adds search mode's roots (up to want, sampled as perft's), its settle roots and a table of
 * tt_mib MiB; counts one pass's nodes and lookups at depth.  Returns 0 or -1. */
int workset_add_search(struct workset *ws, const struct trace *t, size_t want, unsigned depth,
		       size_t tt_mib);

#endif
