/* workset.c - the raw material bench replays, built once from the trace (or random boards),
 * outside every timed region: query streams, positions, perft and search roots (workset.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "trace/board.h"
#include "trace/trace.h"
#include "bench/perft.h"
#include "bench/search.h"
#include "util/pages.h"
#include "util/rng.h"
#include "bench/workset.h"

/* Returns the rook-like and bishop-like sliders of side c. */
static uint64_t rooks(const struct sb_board *b, int c) { return b->bb[c] & (b->bb[BB_ROOK] | b->bb[BB_QUEEN]); }
static uint64_t bishops(const struct sb_board *b, int c) { return b->bb[c] & (b->bb[BB_BISHOP] | b->bb[BB_QUEEN]); }

/* Appends one query per slider in `sliders` at occupancy occ to stream p. */
static void push(struct workset *ws, int p, uint64_t sliders, uint64_t occ)
{
	for (; sliders; sliders &= sliders - 1) {
		ws->sq[p][ws->n[p]] = (uint8_t)__builtin_ctzll(sliders);
		ws->occ[p][ws->n[p]++] = occ;
	}
}

/* Returns the number of rook (p = 0) or bishop (p = 1) queries of the whole trace. */
static size_t count_queries(const struct trace *t, int p)
{
	size_t n = 0;

	for (size_t i = 0; i < t->n; i++)
		for (int c = 0; c < 2; c++)
			n += (size_t)__builtin_popcountll(p ? bishops(&t->rec[i].b, c) : rooks(&t->rec[i].b, c));
	return n;
}

/* Returns k with its lowest `bits` bits in reverse order. */
static size_t bit_reverse(size_t k, unsigned bits)
{
	size_t r = 0;

	for (unsigned i = 0; i < bits; i++, k >>= 1)
		r = r << 1 | (k & 1);
	return r;
}

/* Fills order[0..n) with 0..n-1 in van der Corput order (bit-reversed counting, skipping what
 * is n or more): any run of consecutive entries is spread evenly over 0..n-1. */
static void spread_order(size_t *order, size_t n)
{
	unsigned bits = 0;
	size_t m = 0;

	while (((size_t)1 << bits) < n)
		bits++;
	for (size_t k = 0; m < n && k < ((size_t)1 << bits); k++) {
		size_t g = bit_reverse(k, bits);
		if (g < n)
			order[m++] = g;
	}
}

/* Appends the queries and the position of trace record r to ws. */
static void add_record(struct workset *ws, const struct trace_rec *r)
{
	const struct sb_board *b = &r->b;
	uint64_t occ = board_occ(b), rq[2] = { rooks(b, 0), rooks(b, 1) };
	uint64_t bq[2] = { bishops(b, 0), bishops(b, 1) };

	for (int c = 0; c < 2; c++) {
		push(ws, 0, rq[c], occ);
		push(ws, 1, bq[c], occ);
	}
	ws->pos[ws->npos++] = (struct sb_pos){ occ, { rq[0], rq[1] }, { bq[0], bq[1] } };
	ws->pos_lookups += (size_t)(__builtin_popcountll(rq[0] | rq[1]) +
				    __builtin_popcountll(bq[0] | bq[1]));
}

int workset_from_trace(struct workset *ws, const struct trace *t, size_t max_queries,
		       const char *dataset)
{
	size_t total[2] = { count_queries(t, 0), count_queries(t, 1) }, every = 1;
	size_t *start = NULL, *order = NULL, ngames = 0, taken = 0;

	snprintf(ws->dataset, sizeof ws->dataset, "%s", dataset);
	/* Whole games spread evenly over the trace keep game order and locality, and keep the
	 * query stream cache-resident: a stream read from DRAM would time the harness. */
	while (max_queries && (total[0] / every > max_queries || total[1] / every > max_queries))
		every++;
	for (int p = 0; p < 2; p++) {
		ws->occ[p] = page_alloc((total[p] + 1) * sizeof(uint64_t));
		ws->sq[p] = page_alloc(total[p] + 1);
		if (!ws->occ[p] || !ws->sq[p])
			goto free_all;
	}
	ws->pos = page_alloc((t->n + 1) * sizeof *ws->pos);
	start = malloc((t->n + 2) * sizeof *start);
	order = malloc((t->n + 1) * sizeof *order);
	if (!ws->pos || !start || !order)
		goto free_all;
	/* the first record of every game taken (every every-th game of the trace) */
	for (size_t i = 0; i < t->n; i++)
		if (i == 0 || t->rec[i].game != t->rec[i - 1].game) {
			if (ngames++ % every == 0) {
				start[taken++] = i;
			}
		}
	/* The games in van der Corput order, each game's positions in play order: a window (a
	 * run of consecutive queries, bench/workload.h) then samples the whole corpus evenly
	 * rather than one stretch of it (an event, an era, one player's openings), so every
	 * window asks the same of a kernel and which windows a sample count reaches does not
	 * move the answer. */
	spread_order(order, taken);
	for (size_t k = 0; k < taken; k++) {
		size_t g = order[k];
		for (size_t i = start[g]; i < t->n && t->rec[i].game == t->rec[start[g]].game; i++)
			add_record(ws, &t->rec[i]);
	}
	ws->games_used = taken;
	ws->games_every = every;
	free(start);
	free(order);
	return 0;

free_all:
	free(start);
	free(order);
	workset_free(ws);
	return -1;
}

int workset_add_random(struct workset *ws, size_t nq, uint64_t seed)
{
	struct rng r;

	ws->occ[2] = page_alloc(nq * sizeof(uint64_t));
	ws->sq[2] = page_alloc(nq);
	if (!ws->occ[2] || !ws->sq[2])
		return -1;
	rng_seed(&r, seed);
	/* Density as the Chess_Movegen peer draws it (random & random: a quarter of the squares),
	 * so the figures can be set beside its MQueens/s. */
	for (size_t i = 0; i < nq; i++) {
		ws->sq[2][i] = (uint8_t)(rng_next(&r) & 63);
		ws->occ[2][i] = rng_next(&r) & rng_next(&r);
	}
	ws->n[2] = nq;
	if (!ws->dataset[0])
		snprintf(ws->dataset, sizeof ws->dataset, "random");
	return 0;
}

int workset_add_random_groups(struct workset *ws, size_t nq, uint64_t seed)
{
	struct rng r;
	uint64_t occ = 0;

	nq -= nq % SB_PEER_GROUP;
	ws->occ[3] = page_alloc(nq * sizeof(uint64_t));
	ws->sq[3] = page_alloc(nq);
	ws->group_occ = page_alloc(nq / SB_PEER_GROUP * sizeof(uint64_t) + 1);
	if (!ws->occ[3] || !ws->sq[3] || !ws->group_occ)
		return -1;
	rng_seed(&r, seed ^ 0x9e3779b97f4a7c15ULL);
	for (size_t i = 0; i < nq; i++) {
		if (i % SB_PEER_GROUP == 0)
			ws->group_occ[i / SB_PEER_GROUP] = occ = rng_next(&r) & rng_next(&r);
		ws->sq[3][i] = (uint8_t)(rng_next(&r) & 63);
		ws->occ[3][i] = occ;
	}
	ws->n[3] = nq;
	return 0;
}

void workset_free(struct workset *ws)
{
	for (int p = 0; p < 4; p++) {
		free(ws->occ[p]);
		free(ws->sq[p]);
	}
	free(ws->group_occ);
	free(ws->pos);
	free(ws->perft);
	free(ws->perft_settle);
	free(ws->search);
	free(ws->search_settle);
	free(ws->search_tt);
	memset(ws, 0, sizeof *ws);
}

int workset_add_search(struct workset *ws, const struct trace *t, size_t want, unsigned depth,
		       size_t tt_mib)
{
	size_t every = want && t->n > want ? (t->n + want - 1) / want : 1;
	long n;

	/* the roots as perft samples its own (the same positions at the same count), and the
	 * settle roots as perft's: an eighth as many, from the records between them */
	if ((n = perft_from_trace(t, want, &ws->search)) < 0)
		return -1;
	ws->nsearch = (size_t)n;
	if ((n = perft_sample_every(t, every * PERFT_SETTLE_PART, 0, &ws->search_settle)) < 0)
		return -1;
	ws->nsearch_settle = (size_t)n;
	ws->search_depth = depth;
	if (!(ws->search_tt = search_tt_alloc(tt_mib, &ws->search_tt_entries)))
		return -1;
	struct sb_input in = search_input(ws->search, ws->nsearch, depth, ws->search_tt,
					  ws->search_tt_entries, NULL, NULL);
	ws->search_lookups = search_lookups(&in, &ws->search_nodes);
	return 0;
}
