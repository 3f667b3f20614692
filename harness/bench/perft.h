/* perft.h - the engine workload around kernel.h's perft loop (SB_LOOP_PERFT): positions from
 * FEN and from traces, a kernel's perft and divide, the attack lookups a tree makes, and the
 * six standard positions of the chessprogramming "Perft Results" page with their counts. */
#ifndef SB_PERFT_H
#define SB_PERFT_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "kernels/kernel.h"
#include "trace/chess.h"
#include "trace/trace.h"

/* Whether this build has the kernels' perft loops (kernels/kernel.h, SB_NO_PERFT: the -m32 and
 * simulation builds leave them out); PERFT_NOT_BUILT says why not and how to get them. */
#ifdef SB_NO_PERFT
#define PERFT_BUILT 0
#else
#define PERFT_BUILT 1
#endif
#define PERFT_NOT_BUILT "this build has no perft loops (the -m32 and simulation builds leave " \
	"them out, they time no perft; make PERFT_LOOPS=1 ... builds them)"

#define PERFT_STD_COUNT 6
#define PERFT_STD_DEPTHS 6

/* A standard position: its name, FEN and node counts at depths 1..PERFT_STD_DEPTHS (0: not
 * listed); verify_depth is what `slidebench verify` checks, test_depth what `make test` does. */
struct perft_std {
	const char *name, *fen;
	uint64_t nodes[PERFT_STD_DEPTHS];
	unsigned verify_depth, test_depth;
};
extern const struct perft_std PERFT_STD[PERFT_STD_COUNT];

/* Returns the perft position of a chess position (a trace's board type and FEN reader). */
void perft_from_chess(const struct chess_pos *c, struct sb_perft_pos *p);
/* Reads a FEN (strictly: chess_from_fen) into p; returns 0 or -1 with err. */
int perft_from_fen(const char *fen, struct sb_perft_pos *p, char *err, size_t errlen);
/* Returns the leaf count of perft from each of p[0..n) to depth by kernel k, through its run()
 * (each root's count into nodes when not NULL). */
uint64_t perft_run(const struct sb_kernel *k, const struct sb_perft_pos *p, size_t n,
		   unsigned depth, int bulk, uint64_t *nodes);
/* Fills moves (SB_PERFT_MAX_MOVES) with the legal moves of p as kernel k's lookups (through
 * its pointers) find them, and counts[i] with perft of each move's child to depth - 1 by k's
 * run().  Returns the number of moves, or -1 when out of memory. */
int perft_divide(const struct sb_kernel *k, const struct sb_perft_pos *p, unsigned depth,
		 int bulk, uint32_t *moves, uint64_t *counts);
/* Writes move m in UCI notation ("e2e4", "e7e8q") into out (6 bytes). */
void perft_move_uci(uint32_t m, char *out);
/* Returns the slider lookups perft of p[0..n) to depth makes (the reference kernel's lookups,
 * counted; the count is the generator's, the same for every kernel), its leaves into *nodes. */
uint64_t perft_lookups(const struct sb_perft_pos *p, size_t n, unsigned depth, int bulk,
		       uint64_t *nodes);
/* Checks kernel k on standard position i at depth against the listed count (bulk and not
 * bulk alike).  On a difference writes "kernel K: position P depth D: N nodes, expected E;
 * first diverging move M: X against the reference's Y" to err and returns -1; 0 when equal. */
int perft_check_std(const struct sb_kernel *k, size_t i, unsigned depth, int bulk, FILE *err);
/* Writes the first move of p whose divide count at depth differs between k and the reference
 * kernel into out ("e2e4: 21 against the reference's 20", or "none" when all agree). */
void perft_first_divergence(const struct sb_kernel *k, const struct sb_perft_pos *p,
			    unsigned depth, int bulk, char *out, size_t outlen);

/* Writes p as a FEN without the move counters into out (CHESS_FEN_MAX + 16 bytes). */
void perft_fen(const struct sb_perft_pos *p, char *out);
/* Checks each root of in's perft loop: k's count against want[i], the reference's (nodes of
 * root i, perft_run).  On the first difference writes "kernel K: perft position I (FEN) depth
 * D: N nodes, reference M; first diverging move X" to err and returns -1 (also when out of
 * memory); 0 when all agree. */
int perft_verify_roots(const struct sb_kernel *k, const uint64_t *want, const struct sb_input *in,
		       FILE *err);

/* Samples up to want positions evenly over trace t (every k-th record, so every part of
 * every game phase is represented), with the castling rights and en passant square each had
 * in its game: rights held while king and rook stayed on their squares since the game's first
 * record, ep after a double pawn push.  Returns the count (into *out, malloc'ed) or -1. */
long perft_from_trace(const struct trace *t, size_t want, struct sb_perft_pos **out);
/* Samples the records i of t with i % every == at into *out (malloc'ed), each with its rights
 * and en passant square as perft_from_trace's; returns the count or -1. */
long perft_sample_every(const struct trace *t, size_t every, size_t at, struct sb_perft_pos **out);

#endif
