/* verify.c - no kernel is timed before it has matched the reference on the timed inputs;
 * this file also holds the exhaustive check of every relevant occupancy. */
#include <inttypes.h>
#include <stdlib.h>

#include "kernels/lines.h"
#include "util/rng.h"
#include "registry/verify.h"

#define MAX_REPORTED 10

static const char *const PIECE_NAME[] = { "rook", "bishop", "queen" };

uint64_t verify_expected(enum piece piece, unsigned sq, uint64_t occ)
{
	switch (piece) {
	case PIECE_ROOK: return sb_ref_rook(sq, occ);
	case PIECE_BISHOP: return sb_ref_bishop(sq, occ);
	default: return sb_ref_rook(sq, occ) | sb_ref_bishop(sq, occ);
	}
}

static uint64_t got(const struct sb_kernel *k, enum piece piece, unsigned sq, uint64_t occ)
{
	switch (piece) {
	case PIECE_ROOK: return k->rook(sq, occ);
	case PIECE_BISHOP: return k->bishop(sq, occ);
	default: return k->rook(sq, occ) | k->bishop(sq, occ);
	}
}

/* Checks one case against want; returns 1 when it matched. */
static int check_want(const struct sb_kernel *k, enum piece piece, unsigned sq, uint64_t occ,
		      uint64_t want, FILE *out, struct verify_result *res)
{
	uint64_t have = got(k, piece, sq, occ);

	res->cases++;
	if (want == have)
		return 1;
	if (res->mismatches++ < MAX_REPORTED && out)
		fprintf(out, "mismatch: kernel=%s piece=%s sq=%u (%c%u) occ=0x%016" PRIx64
			": expected 0x%016" PRIx64 " got 0x%016" PRIx64 "\n",
			k->name, PIECE_NAME[piece], sq, 'a' + (int)(sq & 7), (sq >> 3) + 1, occ,
			want, have);
	return 0;
}

/* Checks one case against the reference; returns 1 when it matched. */
static int check(const struct sb_kernel *k, enum piece piece, unsigned sq, uint64_t occ,
		 FILE *out, struct verify_result *res)
{
	return check_want(k, piece, sq, occ, verify_expected(piece, sq, occ), out, res);
}

int verify_exhaustive(const struct sb_kernel *k, long nrandom, FILE *out,
		      struct verify_result *res)
{
	struct rng rng;

	sb_lines_init();
	*res = (struct verify_result){ 0, 0 };
	for (unsigned sq = 0; sq < 64; sq++) {
		uint64_t n = 1ULL << sb_popcount(sb_rook_mask[sq]);
		for (uint64_t i = 0; i < n; i++)
			check(k, PIECE_ROOK, sq, sb_subset(sb_rook_mask[sq], i), out, res);
		n = 1ULL << sb_popcount(sb_bishop_mask[sq]);
		for (uint64_t i = 0; i < n; i++)
			check(k, PIECE_BISHOP, sq, sb_subset(sb_bishop_mask[sq], i), out, res);
	}
	/* Random full boards of varied density; the slider's own square and the edge squares
	 * are occupied or not at random, as the relevance masks leave them out. */
	rng_seed(&rng, 0x5EEDB0A2DULL);
	for (long i = 0; i < nrandom; i++) {
		unsigned sq = (unsigned)(rng_next(&rng) & 63);
		uint64_t occ = rng_occupancy(&rng);
		check(k, PIECE_ROOK, sq, occ, out, res);
		check(k, PIECE_BISHOP, sq, occ, out, res);
	}
	return res->mismatches ? -1 : 0;
}

int verify_queries(const struct sb_kernel *k, enum piece piece, const struct sb_queries *q,
		   const uint64_t *want, FILE *out, struct verify_result *res)
{
	*res = (struct verify_result){ 0, 0 };
	for (size_t i = 0; i < q->n; i++)
		check_want(k, piece, q->sq[i], q->occ[i], want ? want[i] :
			   verify_expected(piece, q->sq[i], q->occ[i]), out, res);
	return res->mismatches ? -1 : 0;
}

uint64_t *verify_answers(enum piece piece, const struct sb_queries *q)
{
	uint64_t *want = malloc((q->n ? q->n : 1) * sizeof *want);

	for (size_t i = 0; want && i < q->n; i++)
		want[i] = verify_expected(piece, q->sq[i], q->occ[i]);
	return want;
}
