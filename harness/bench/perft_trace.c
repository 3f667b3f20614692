/* perft_trace.c - perft positions from a trace: records sampled evenly, each with the castling
 * rights and en passant square it had in its game (a trace record keeps neither). */
#include <stdlib.h>
#include <string.h>

#include "bench/perft.h"
#include "bench/workload.h"

/* Castling right, king square, rook square: a right is held while both stay at home. */
static const struct { uint8_t bit, king, rook; int side; } HOME[4] = {
	{ SB_PC_WK, 4, 7, 0 }, { SB_PC_WQ, 4, 0, 0 }, { SB_PC_BK, 60, 63, 1 }, { SB_PC_BQ, 60, 56, 1 },
};

/* Returns the rights of HOME whose king and rook stand on their squares on b. */
static uint8_t rights_on(const struct sb_board *b)
{
	uint8_t r = 0;

	for (int i = 0; i < 4; i++)
		if ((board_pieces(b, HOME[i].side, BB_KING) >> HOME[i].king & 1) &&
		    (board_pieces(b, HOME[i].side, BB_ROOK) >> HOME[i].rook & 1))
			r |= HOME[i].bit;
	return r;
}

/* Returns the en passant square after the move from prev to cur (mover: prev's side to
 * move), or 0: one pawn of the mover gone from its second rank, one arrived two ranks on. */
static uint8_t ep_after(const struct trace_rec *prev, const struct trace_rec *cur)
{
	int c = prev->stm;
	uint64_t was = board_pieces(&prev->b, c, BB_PAWN), is = board_pieces(&cur->b, c, BB_PAWN);
	uint64_t gone = was & ~is, came = is & ~was;

	if (__builtin_popcountll(gone) != 1 || __builtin_popcountll(came) != 1)
		return 0;
	if (c == 0 && (gone & 0xFF00ULL) && came == gone << 16)
		return (uint8_t)(__builtin_ctzll(gone) + 8);
	if (c == 1 && (gone & 0x00FF000000000000ULL) && came == gone >> 16)
		return (uint8_t)(__builtin_ctzll(gone) - 8);
	return 0;
}

/* Returns the perft position of record r with rights and ep. */
static struct sb_perft_pos pos_of(const struct trace_rec *r, uint8_t rights, uint8_t ep)
{
	struct sb_perft_pos p;

	memset(&p, 0, sizeof p);
	p.side[0] = r->b.bb[BB_WHITE];
	p.side[1] = r->b.bb[BB_BLACK];
	for (int k = 0; k < 6; k++)
		p.kind[k] = r->b.bb[BB_PAWN + k];
	p.stm = r->stm;
	p.castle = rights;
	p.ep = ep;
	return p;
}

long perft_sample_every(const struct trace *t, size_t every, size_t at, struct sb_perft_pos **out)
{
	uint8_t rights = 0;
	size_t n = 0;

	*out = malloc((t->n / every + 1) * sizeof **out);
	if (!*out)
		return -1;
	for (size_t i = 0; i < t->n; i++) {
		const struct trace_rec *r = &t->rec[i];
		int first = i == 0 || r->game != t->rec[i - 1].game;
		uint8_t ep = first ? 0 : ep_after(&t->rec[i - 1], r);
		rights = (first ? 0xF : rights) & rights_on(&r->b);
		if (i % every == at)
			(*out)[n++] = pos_of(r, rights, ep);
	}
	return (long)n;
}

long perft_from_trace(const struct trace *t, size_t want, struct sb_perft_pos **out)
{
	size_t every = want && t->n > want ? (t->n + want - 1) / want : 1;

	return perft_sample_every(t, every, every / 2, out);
}

int workset_add_perft(struct workset *ws, const struct trace *t, size_t want, unsigned depth)
{
	long n = perft_from_trace(t, want, &ws->perft);

	if (n < 0)
		return -1;
	ws->nperft = (size_t)n;
	/* the settle roots: an eighth as many, from records between the timed ones */
	size_t every = want && t->n > want ? (t->n + want - 1) / want : 1;
	n = perft_sample_every(t, every * PERFT_SETTLE_PART, 0, &ws->perft_settle);
	if (n < 0)
		return -1;
	ws->nperft_settle = (size_t)n;
	ws->perft_depth = depth;
	ws->perft_lookups = perft_lookups(ws->perft, ws->nperft, depth, 1, &ws->perft_nodes);
	return 0;
}
