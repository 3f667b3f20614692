/* lines.h - helpers shared by kernels: bit tricks, line masks, ray tables, the reference ray
 * walk.  One copy for every kernel (STYLE: no mask or ray loop beside its twin).
 * The tables are constants; sb_lines_init() checks them against the ray walk (call it from a
 * kernel's init(); it is idempotent).
 */
#ifndef SB_LINES_H
#define SB_LINES_H

#include <stddef.h>
#include <stdint.h>

/* Ray directions: the first four point to higher squares ("positive"), the rest lower. */
enum sb_dir { SB_NORTH, SB_NORTHEAST, SB_EAST, SB_NORTHWEST,
	      SB_SOUTH, SB_SOUTHWEST, SB_WEST, SB_SOUTHEAST, SB_DIRS };

/* Line kinds through a square. */
enum sb_line { SB_RANK, SB_FILE, SB_DIAG, SB_ANTI, SB_LINES };

#define SB_FILE_A 0x0101010101010101ULL
#define SB_FILE_B 0x0202020202020202ULL
#define SB_FILE_H 0x8080808080808080ULL
#define SB_RANK_1 0x00000000000000FFULL
/* Wrap guards for setwise shifts: a shift east (+1, +9, -7) must not land on the a-file, a
 * shift west (-1, -9, +7) not on the h-file. */
#define SB_NOT_FILE_A (~SB_FILE_A)
#define SB_NOT_FILE_H (~SB_FILE_H)
#define SB_DIAG_A1H8 0x8040201008040201ULL
#define SB_ANTI_H1A8 0x0102040810204080ULL

/* The tables below are compile-time constants: each entry is a constant expression of its
 * square, so a lookup at a square the compiler knows (the peer loop's 64 written-out squares)
 * reads an immediate instead of memory, as a C++ constexpr table gives the Chess_Movegen peer,
 * and a lookup at a variable square reads the table.  Every file that includes this header
 * has its own copy of a table it indexes (so a kernel's footprint is its own).
 * Shifts by multiples of 8 move a line up or down the board without wrapping. */
#define SB_RANK_OF_C_(sq) ((int)((sq) >> 3))
#define SB_FILE_OF_C_(sq) ((int)((sq) & 7))
/* the diagonal (rank - file constant) and anti-diagonal (rank + file constant) through sq:
 * the long one moved up (left shift) or down (right shift) by whole ranks, the other shift 0 */
#define SB_POS_C_(x) ((x) > 0 ? (x) : 0)
#define SB_MOVE_RANKS_C_(bb, up) (((bb) << (8 * SB_POS_C_(up))) >> (8 * SB_POS_C_(-(up))))
#define SB_DIAG_C_(sq) SB_MOVE_RANKS_C_(SB_DIAG_A1H8, SB_RANK_OF_C_(sq) - SB_FILE_OF_C_(sq))
#define SB_ANTI_C_(sq) SB_MOVE_RANKS_C_(SB_ANTI_H1A8, SB_RANK_OF_C_(sq) + SB_FILE_OF_C_(sq) - 7)
#define SB_ABOVE_C_(sq) (~1ULL << (sq))            /* the squares above sq */
#define SB_BELOW_C_(sq) ((1ULL << (sq)) - 1)       /* the squares below sq */
#define SB_RANK_C_(sq) (0xFFULL << ((sq) & 56))
/* the rays from sq, sq excluded, in enum sb_dir order */
#define SB_RAY_N_C_(sq) (0x0101010101010100ULL << (sq))
#define SB_RAY_NE_C_(sq) (SB_DIAG_C_(sq) & SB_ABOVE_C_(sq))
#define SB_RAY_E_C_(sq) (SB_RANK_C_(sq) & SB_ABOVE_C_(sq))
#define SB_RAY_NW_C_(sq) (SB_ANTI_C_(sq) & SB_ABOVE_C_(sq))
#define SB_RAY_S_C_(sq) (0x0080808080808080ULL >> (63 - (sq)))
#define SB_RAY_SW_C_(sq) (SB_DIAG_C_(sq) & SB_BELOW_C_(sq))
#define SB_RAY_W_C_(sq) (SB_RANK_C_(sq) & SB_BELOW_C_(sq))
#define SB_RAY_SE_C_(sq) (SB_ANTI_C_(sq) & SB_BELOW_C_(sq))
#define SB_EDGES_ (SB_FILE_A | SB_FILE_H | SB_RANK_1 | (SB_RANK_1 << 56))
/* the relevant occupancy masks: rays without the edge square each ends on */
#define SB_ROOK_MASK_C_(sq)                                                             \
	((SB_RAY_N_C_(sq) & ~(SB_RANK_1 << 56)) | (SB_RAY_S_C_(sq) & ~SB_RANK_1) |     \
	 (SB_RAY_E_C_(sq) & ~SB_FILE_H) | (SB_RAY_W_C_(sq) & ~SB_FILE_A))
#define SB_BISHOP_MASK_C_(sq) ((SB_DIAG_C_(sq) | SB_ANTI_C_(sq)) & ~SB_EDGES_ & ~(1ULL << (sq)))
#define SB_LINE_RANK_C_(sq) (SB_RANK_C_(sq) ^ (1ULL << (sq)))
#define SB_LINE_FILE_C_(sq) ((SB_FILE_A << ((sq) & 7)) ^ (1ULL << (sq)))
#define SB_LINE_DIAG_C_(sq) (SB_DIAG_C_(sq) ^ (1ULL << (sq)))
#define SB_LINE_ANTI_C_(sq) (SB_ANTI_C_(sq) ^ (1ULL << (sq)))
/* M(0), M(1), ..., M(63): a table's 64 entries */
#define SB_SQ8_(M, b) M((b) + 0u), M((b) + 1u), M((b) + 2u), M((b) + 3u),                \
		      M((b) + 4u), M((b) + 5u), M((b) + 6u), M((b) + 7u)
#define SB_SQ64_(M) { SB_SQ8_(M, 0u), SB_SQ8_(M, 8u), SB_SQ8_(M, 16u), SB_SQ8_(M, 24u),   \
		      SB_SQ8_(M, 32u), SB_SQ8_(M, 40u), SB_SQ8_(M, 48u), SB_SQ8_(M, 56u) }

/* The dense layout of PEXT and fancy magic tables: each square a slice of 2^popcount(mask)
 * entries, squares in order.  SB_ROOK_SLICE_AT_C_(sq) is where sq's rook slice starts (the
 * sizes of the slices before it added up; 102,400 after the last), SB_BISHOP_SLICE_AT_C_
 * the same for bishop slices (5,248 in all).  Constant expressions, as the masks are. */
#define SB_ROOK_SLICE_C_(s) (1u << __builtin_popcountll(SB_ROOK_MASK_C_(s)))
#define SB_BISHOP_SLICE_C_(s) (1u << __builtin_popcountll(SB_BISHOP_MASK_C_(s)))
#define SB_IF_BEFORE_(F, s, sq) ((s) < (sq) ? F(s) : 0u)
#define SB_SUM8_BEFORE_(F, b, sq)                                                       \
	(SB_IF_BEFORE_(F, (b) + 0u, sq) + SB_IF_BEFORE_(F, (b) + 1u, sq) +               \
	 SB_IF_BEFORE_(F, (b) + 2u, sq) + SB_IF_BEFORE_(F, (b) + 3u, sq) +               \
	 SB_IF_BEFORE_(F, (b) + 4u, sq) + SB_IF_BEFORE_(F, (b) + 5u, sq) +               \
	 SB_IF_BEFORE_(F, (b) + 6u, sq) + SB_IF_BEFORE_(F, (b) + 7u, sq))
#define SB_SUM_BEFORE_(F, sq)                                                           \
	(SB_SUM8_BEFORE_(F, 0u, sq) + SB_SUM8_BEFORE_(F, 8u, sq) +                       \
	 SB_SUM8_BEFORE_(F, 16u, sq) + SB_SUM8_BEFORE_(F, 24u, sq) +                     \
	 SB_SUM8_BEFORE_(F, 32u, sq) + SB_SUM8_BEFORE_(F, 40u, sq) +                     \
	 SB_SUM8_BEFORE_(F, 48u, sq) + SB_SUM8_BEFORE_(F, 56u, sq))
#define SB_ROOK_SLICE_AT_C_(sq) SB_SUM_BEFORE_(SB_ROOK_SLICE_C_, sq)
#define SB_BISHOP_SLICE_AT_C_(sq) SB_SUM_BEFORE_(SB_BISHOP_SLICE_C_, sq)

/* Ray from sq in dir, sq excluded: sb_ray[dir][sq]. */
static const uint64_t sb_ray[SB_DIRS][64] = {
	SB_SQ64_(SB_RAY_N_C_), SB_SQ64_(SB_RAY_NE_C_), SB_SQ64_(SB_RAY_E_C_),
	SB_SQ64_(SB_RAY_NW_C_), SB_SQ64_(SB_RAY_S_C_), SB_SQ64_(SB_RAY_SW_C_),
	SB_SQ64_(SB_RAY_W_C_), SB_SQ64_(SB_RAY_SE_C_),
};
/* Whole line through sq, sq excluded: sb_line_ex[line][sq]. */
static const uint64_t sb_line_ex[SB_LINES][64] = {
	SB_SQ64_(SB_LINE_RANK_C_), SB_SQ64_(SB_LINE_FILE_C_), SB_SQ64_(SB_LINE_DIAG_C_),
	SB_SQ64_(SB_LINE_ANTI_C_),
};
/* Rook / bishop relevant occupancy (rays without their edge square), the magic-style masks. */
static const uint64_t sb_rook_mask[64] = SB_SQ64_(SB_ROOK_MASK_C_);
static const uint64_t sb_bishop_mask[64] = SB_SQ64_(SB_BISHOP_MASK_C_);

/* Returns 0 when every table above equals what the plain ray walk gives, else -1 with a
 * message naming the table and square (the check runs once; later calls return its result).
 * Kernels call it from init(), as a magic kernel verifies its magics at start-up. */
int sb_lines_init(void);

/* Returns the plain ray-walk rook attacks: the oracle everything is checked against. */
uint64_t sb_ref_rook(unsigned sq, uint64_t occ);
/* Returns the plain ray-walk bishop attacks. */
uint64_t sb_ref_bishop(unsigned sq, uint64_t occ);

/* Returns entry i of the slice att of table tab.  known: the caller's square is a constant
 * the compiler sees (pass __builtin_constant_p(sq)) and att a constant expression: the load is
 * then written as tab plus a constant, one base register for every slice (through the
 * pointers themselves gcc kept all 128 live across the peer loop and spilled them); otherwise
 * through att, one load as an engine's lookup makes it. */
static inline uint64_t sb_slice_entry(const uint64_t *tab, const uint64_t *att, uint64_t i,
				      int known)
{
	return known ? tab[(size_t)(att - tab) + i] : att[i];
}

/* Returns the index of the lowest set bit; bb must be non-zero. */
static inline unsigned sb_lsb(uint64_t bb) { return (unsigned)__builtin_ctzll(bb); }
/* Returns the index of the highest set bit; bb must be non-zero. */
static inline unsigned sb_msb(uint64_t bb) { return 63u ^ (unsigned)__builtin_clzll(bb); }
/* Returns the number of set bits. */
static inline unsigned sb_popcount(uint64_t bb) { return (unsigned)__builtin_popcountll(bb); }
/* Returns the bits up to and including x's lowest set bit (every bit when x is 0): BMI1's
 * blsmsk.  The empty asm hands gcc the whole x ^ (x - 1) at once: inside a longer XOR chain
 * gcc reassociated it into xor, dec, xor around the other terms and no blsmsk was left. */
static inline uint64_t sb_blsmsk(uint64_t x)
{
	uint64_t m = x ^ (x - 1);

	__asm__("" : "+r"(m));
	return m;
}
/* Returns bb with its bytes reversed: the vertical flip of the board. */
static inline uint64_t sb_flip_vertical(uint64_t bb) { return __builtin_bswap64(bb); }
/* Returns the i-th subset (0 <= i < 2^popcount(mask)) of mask, bits taken low to high. */
uint64_t sb_subset(uint64_t mask, uint64_t index);

static inline unsigned sb_file_of(unsigned sq) { return sq & 7; }
static inline unsigned sb_rank_of(unsigned sq) { return sq >> 3; }

#endif /* SB_LINES_H */
