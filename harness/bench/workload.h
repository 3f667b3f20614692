/* workload.h - what bench replays: query streams and positions derived from a trace (or
 * random boards), built once, outside every timed region. */
#ifndef SB_WORKLOAD_H
#define SB_WORKLOAD_H

#include <stddef.h>
#include <stdint.h>

#include "kernels/kernel.h"
#include "bench/pressure.h"
#include "registry/verify.h"

#include "bench/modes.h"

extern const char *const PIECE_NAMES[3];

/* The raw material: per-piece query streams in game order and the positions. */
struct workset {
	uint64_t *occ[4];      /* rook, bishop, queen (random), queen (random groups) */
	uint8_t *sq[4];
	size_t n[4];
	struct sb_pos *pos;
	size_t npos;
	size_t pos_lookups;    /* slider lookups the position loop makes per pass */
	char dataset[256];     /* trace file name, or "random" */
	const struct pressure_set *pressure;  /* pressure mode's working sets, or NULL */
	size_t games_used, games_every;  /* every games_every-th game of the trace was taken */
	struct sb_perft_pos *perft;  /* perft mode: root positions sampled over the trace */
	size_t nperft;
	unsigned perft_depth;
	uint64_t perft_nodes, perft_lookups;  /* leaves and slider lookups of one pass */
};

/* One timed unit: a loop over an input, with what it is called in the results. */
struct workload {
	enum mode mode;
	const struct mode_def *def;  /* &MODES[mode] */
	const char *piece;     /* "rook", "bishop", "queen", "all" */
	int cold;              /* cache state: 0 warm (own untimed pass first), 1 cold (evicted) */
	double pressure_bytes; /* pressure mode: the working set's size; NaN otherwise */
	enum piece vpiece;     /* the piece verify_queries checks (not for position) */
	enum sb_loop loop;     /* the kernel loop (pointer mode: the stream loop it mirrors) */
	struct sb_input in;
	size_t lookups;        /* lookups per pass */
	unsigned reps;         /* passes per sample, so a sample makes >= min_lookups */
	const char *dataset;
	uint64_t expected;     /* the reference's checksum of one pass */
	double lookups_per_node;  /* perft: slider lookups per leaf; NaN otherwise */
};

/* Fills ws from a trace: whole games, every k-th one with k chosen so neither piece's stream
 * exceeds max_queries (0: everything), in game order.  Returns 0 or -1. */
struct trace;
/* Returns zeroed memory of at least bytes that starts on a page (free() releases it), or NULL.
 * What a timed loop reads lives in such blocks, so its cache sets do not depend on what was
 * allocated before it (the --out path's length moved --simulate's miss counts by a few). */
void *page_alloc(size_t bytes);
int workset_from_trace(struct workset *ws, const struct trace *t, size_t max_queries,
		       const char *dataset);
/* Adds the random queen stream: nq uniform random squares, and occupancies random & random
 * (each square occupied with probability 1/4, as the Chess_Movegen peer draws them). */
int workset_add_random(struct workset *ws, size_t nq, uint64_t seed);
/* Adds the peer's default queen stream: nq queries, each occupancy (random & random) shared by
 * SB_PEER_GROUP consecutive random squares. */
int workset_add_random_groups(struct workset *ws, size_t nq, uint64_t seed);
void workset_free(struct workset *ws);
/* Adds perft mode's roots: up to want positions sampled evenly over t (perft_from_trace),
 * searched to depth with bulk counting; counts one pass's leaves and lookups (perft_trace.c).
 * Returns 0 or -1. */
int workset_add_perft(struct workset *ws, const struct trace *t, size_t want, unsigned depth);

/* Builds the workloads of the selected modes (bit i = enum mode i) into out (cap max), each
 * twice when `cold` (a warm and a cold cache state).  Returns the count; modes whose data is
 * missing are skipped. */
size_t workloads_build(struct workset *ws, unsigned modes, size_t min_lookups, int cold,
		       struct workload *out, size_t max);
/* Returns "warm" or "cold". */
const char *workload_state(const struct workload *w);

/* Returns the checksum of one pass of w by k (pointer mode: one indirect call per lookup). */
uint64_t workload_pass(const struct sb_kernel *k, const struct workload *w,
		       const struct sb_input *in);

#endif
