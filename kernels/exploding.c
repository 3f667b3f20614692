/* exploding.c - Harald Lüßen's exploding (expanding) bitboards: the attacks spread out from
 * the slider on all its rays at once, one square per step, "like the waves of a stone thrown
 * into water".  Each step moves the frontier (the newest attacked squares that are empty)
 * down by one rank and file (>> 9 for the bishop, >> 8 for the rook) and multiplies it by the
 * sum of the shifts to the four neighbours (a bishop's 0x50005: -9, -7, +7, +9; a rook's
 * 0x10281: -8, -1, +1, +8), so every frontier square explodes into its neighbours; masking
 * with the squares at the next distance on the slider's rays (a mask per distance, worked out
 * in init) keeps the next square of each ray and drops both the sideways debris and the step
 * back.  (Masking with all the rays and then out the squares already attacked, as the original
 * does, is one operation more per step: this table of rings took known squares 1.08x, the
 * other modes 1.04-1.06x.)
 * The technique's "nasty overflows" are handled here as follows (my fixes, checked against
 * the reference): (1) at distance 1 the frontier squares are close enough that their products
 * overlap and carry (all four step back onto the slider, and that carry wipes a rook's +2
 * square), so the step from distance 1 is four shifts ORed (each neighbour distance up and
 * down; of everything they make, only a ray's next square lies on the distance-2 ring), no
 * multiply; from distance 2 on no two products of one multiply overlap.  (Multiplying the
 * frontier above the slider and the one below it separately, two multiplies, was 0.90x in
 * random squares and 0.93-0.95x in the other modes.)  (2) a
 * rook's +-1 neighbours wrap round the board edge onto its own rank from its file's first
 * square, so a- and h-file rooks use a multiplier without the -1 (0x10201) or the +1
 * (0x10081) term; (3) the >> 8 loses rank-1 frontier squares, which only
 * matter to a rook on rank 1: its rank comes from a first-rank table (kg_tables.h's), as in
 * Elephant, the technique's home, ORed in under a mask, no branch; its rank-1 frontier dies
 * in the shift.  The table replaced looking that rook up on the vertically flipped board (a byte
 * swap of the occupancy and of the result): rook stream 1.19x, position 1.08x, random squares
 * 1.05x, known squares 0.99x.  Distance 1 comes from a table of the
 * slider's neighbours; then six steps, a fixed count, so no branch (the original switches on
 * a per-square step count).
 * Source: chessprogramming wiki, Exploding Bitboards (Harald Lüßen, Elephant, 2006); the
 * Chess_Movegen comparison's Exploading.  Written from the description. */
#include "kernel.h"
#include "lines.h"
#include "kg_tables.h"

#define EX_BISHOP_MUL 0x50005ULL  /* after >> 9: -9, -7, +7, +9 */
#define EX_ROOK_MUL 0x10281ULL    /* after >> 8: -8, -1, +1, +8 */
#define EX_ROOK_MUL_A 0x10201ULL  /* a-file: no -1 */
#define EX_ROOK_MUL_H 0x10081ULL  /* h-file: no +1 */

/* One square's explosion state, in the order the lookup reads it. */
struct ex_sq {
	uint64_t near;     /* the rays' first squares (distance 1) */
	uint64_t mul;      /* the neighbour multiplier */
	uint64_t ring[6];  /* the rays' squares at distance 2 .. 7 */
};

static struct ex_sq ex_rook_sq[64], ex_bishop_sq[64];

/* Returns the attacks from the slider whose explosion state is e, the squares of `empty`
 * letting the waves through, sh being the shift to the multiplier's base (8 or 9) and a, b
 * the piece's two neighbour distances (8 and 1, or 7 and 9). */
static inline uint64_t ex_explode(const struct ex_sq *e, uint64_t empty, unsigned sh,
				  unsigned a, unsigned b)
{
	uint64_t at = e->near, front = e->near & empty, step;

	step = ((front << a) | (front >> a) | (front << b) | (front >> b)) & e->ring[0];
	at |= step;
	front = step & empty;
#pragma GCC unroll 5
	for (int i = 1; i < 6; i++) {
		step = ((front >> sh) * e->mul) & e->ring[i];
		at |= step;
		front = step & empty;
	}
	return at;
}

/* Returns the rook attacks; a rank-1 rook's rank comes from kg_tables.h's first-rank table,
 * kept by a mask (all ones for a rank-1 rook) rather than a branch. */
static inline uint64_t ex_rook(unsigned sq, uint64_t occ)
{
	uint64_t first = sb_kg_first_rank[sq & 7][(occ >> 1) & 63] & (0 - (uint64_t)(sq < 8));

	return ex_explode(&ex_rook_sq[sq], ~occ, 8, 8, 1) | first;
}

/* Returns the bishop attacks. */
static inline uint64_t ex_bishop(unsigned sq, uint64_t occ)
{
	return ex_explode(&ex_bishop_sq[sq], ~occ, 9, 7, 9);
}

/* Returns the square at distance n (1 to 7) along ray dir from sq, or 0 if the ray is
 * shorter. */
static uint64_t ex_ray_square(unsigned dir, unsigned sq, unsigned n)
{
	uint64_t ray = sb_ray[dir][sq];

	for (unsigned i = 1; i < n && ray; i++)
		ray = dir < SB_SOUTH ? ray & (ray - 1) : ray ^ (1ULL << sb_msb(ray));
	if (!ray)
		return 0;
	return dir < SB_SOUTH ? ray & (0 - ray) : 1ULL << sb_msb(ray);
}

/* Returns 0 once both pieces' explosion states are built. */
static int ex_init(void)
{
	sb_lines_init();
	sb_kg_init();
	for (unsigned sq = 0; sq < 64; sq++) {
		struct ex_sq *r = &ex_rook_sq[sq], *b = &ex_bishop_sq[sq];

		*r = (struct ex_sq){ 0 };
		*b = (struct ex_sq){ 0 };
		for (unsigned d = 0; d < SB_DIRS; d++) {
			int diagonal = d != SB_NORTH && d != SB_EAST && d != SB_SOUTH && d != SB_WEST;
			struct ex_sq *e = diagonal ? b : r;

			e->near |= ex_ray_square(d, sq, 1);
			for (unsigned n = 2; n <= 7; n++)
				e->ring[n - 2] |= ex_ray_square(d, sq, n);
		}
		b->mul = EX_BISHOP_MUL;
		r->mul = (sq & 7) == 0 ? EX_ROOK_MUL_A : (sq & 7) == 7 ? EX_ROOK_MUL_H : EX_ROOK_MUL;
	}
	return 0;
}

SB_DEFINE_LOOPS(ex, ex_rook, ex_bishop)

static const struct sb_kernel exploding = {
	.abi_version = SB_ABI_VERSION,
	.name = "exploding",
	.family = "exploding",
	.description = "exploding bitboards (Lüßen): waves spread one square per step by a shift "
		       "and a neighbour multiply, masked with the rays' next squares (CPW Exploding "
		       "Bitboards)",
	.word_bits = 64,
	.branching = SB_BRANCHLESS,
	/* Two tables of eight words per square (rook, bishop): 2 x 64 x 64 bytes, and the
	 * 512-byte first-rank table. */
	.table_bytes = sizeof ex_rook_sq + sizeof ex_bishop_sq + sizeof sb_kg_first_rank,
	.init = ex_init,
	.rook = ex_rook_ptr,
	.bishop = ex_bishop_ptr,
	.run = ex_run,
};
SB_REGISTER(exploding);
