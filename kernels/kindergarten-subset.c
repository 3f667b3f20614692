/* kindergarten-subset.c - Motor's kindergarten bitboards: per-square "subset" tables indexed by
 * square and the 6-bit occupancy of one line; seed motor-kindergarten.txt.
 *
 * Each line's inner occupancy (edge squares left out) is gathered into bits 58..63:
 *  - vertical: the file times the c7-h2 anti-diagonal shifted right by the file, so a2..a7 (or
 *    that file's ranks 2..7) land on bits 58..63 in rank order;
 *  - diagonal and anti-diagonal: times the b2-b7 file segment, which moves files b..g up;
 *  - horizontal: no multiply, the rank is shifted down by 8 * rank + 1 and masked to 6 bits.
 * The tables hold the final attack set per square and index (4 x 32 KB), so no mask is
 * applied after the lookup.
 */
#define SB_PEER_RANDOM_UNROLL 12  /* a short lookup: the peer-random loop written out (kernel.h) */
#include "kernel.h"
#include "lines.h"
#include "kg_tables.h"

#define KGS_INNER_FILE 0x00FFFFFFFFFFFF00ULL    /* ranks 2..7 */
#define KGS_INNER_DIAG 0x007E7E7E7E7E7E00ULL    /* the inner 6 x 6 board */
#define KGS_B2_B7 0x0002020202020200ULL         /* Motor's file_b2_b7 multiplier */

/* What one square's lookups read besides the attack tables, kept in one half cache line.  The
 * entries are constant expressions of the square, so at a square the compiler knows they are
 * immediates (as the peer's constexpr tables give it), and at a variable square one line. */
struct kgs_square {
	uint64_t vmask;  /* inner file */
	uint64_t vmul;   /* c7-h2 >> file */
	uint64_t dmask;  /* inner diagonal */
	uint64_t amask;  /* inner anti-diagonal */
};
#define KGS_SQUARE_C_(sq)                                                               \
	{ SB_LINE_FILE_C_(sq) & KGS_INNER_FILE, SB_KG_C7H2 >> ((sq) & 7),                \
	  SB_LINE_DIAG_C_(sq) & KGS_INNER_DIAG, SB_LINE_ANTI_C_(sq) & KGS_INNER_DIAG }
#define KGS_HSHIFT_C_(sq) ((uint8_t)(((sq) & 56) + 1))
static const struct kgs_square kgs_sq[64] __attribute__((aligned(64))) = SB_SQ64_(KGS_SQUARE_C_);
static const uint8_t kgs_hshift[64] __attribute__((aligned(64))) = SB_SQ64_(KGS_HSHIFT_C_);
/* The four line tables in one array, each sq's row at kind * SB_KG_LINE_STRIDE + sq * 64
 * (kg_tables.h says why they are not exactly 32 KB apart). */
static uint64_t kgs_tab[SB_LINES * SB_KG_LINE_STRIDE] __attribute__((aligned(64)));
#define KGS_AT(kind, sq, i) kgs_tab[(size_t)(kind) * SB_KG_LINE_STRIDE + (size_t)(sq) * 64 + (i)]

/* Returns the vertical subset index of occ for sq. */
static inline unsigned kgs_vidx(unsigned sq, uint64_t occ)
{
	return (unsigned)(((occ & kgs_sq[sq].vmask) * kgs_sq[sq].vmul) >> 58);
}

/* Returns the horizontal subset index of occ for sq. */
static inline unsigned kgs_hidx(unsigned sq, uint64_t occ)
{
	return (unsigned)(occ >> kgs_hshift[sq]) & 63;
}

/* Returns the diagonal subset index of occ for sq. */
static inline unsigned kgs_didx(unsigned sq, uint64_t occ)
{
	return (unsigned)(((occ & kgs_sq[sq].dmask) * KGS_B2_B7) >> 58);
}

/* Returns the anti-diagonal subset index of occ for sq. */
static inline unsigned kgs_aidx(unsigned sq, uint64_t occ)
{
	return (unsigned)(((occ & kgs_sq[sq].amask) * KGS_B2_B7) >> 58);
}

static int kgs_init(void)
{
	static int done;

	if (done)
		return 0;
	if (sb_lines_init() < 0)
		return -1;
	if (sb_kg_build_line(&KGS_AT(SB_FILE, 0, 0), 64, SB_FILE, kgs_vidx, "kindergarten-subset") ||
	    sb_kg_build_line(&KGS_AT(SB_RANK, 0, 0), 64, SB_RANK, kgs_hidx, "kindergarten-subset") ||
	    sb_kg_build_line(&KGS_AT(SB_DIAG, 0, 0), 64, SB_DIAG, kgs_didx, "kindergarten-subset") ||
	    sb_kg_build_line(&KGS_AT(SB_ANTI, 0, 0), 64, SB_ANTI, kgs_aidx, "kindergarten-subset"))
		return -1;
	done = 1;
	return 0;
}

/* Returns the rook attacks from sq: horizontal | vertical subsets. */
static inline uint64_t kgs_rook(unsigned sq, uint64_t occ)
{
	return KGS_AT(SB_RANK, sq, kgs_hidx(sq, occ)) | KGS_AT(SB_FILE, sq, kgs_vidx(sq, occ));
}

/* Returns the bishop attacks from sq: diagonal | anti-diagonal subsets. */
static inline uint64_t kgs_bishop(unsigned sq, uint64_t occ)
{
	return KGS_AT(SB_DIAG, sq, kgs_didx(sq, occ)) | KGS_AT(SB_ANTI, sq, kgs_aidx(sq, occ));
}

SB_DEFINE_LOOPS(kgs, kgs_rook, kgs_bishop)

static const struct sb_kernel kindergarten_subset = {
	.abi_version = SB_ABI_VERSION,
	.name = "kindergarten-subset",
	.family = "kindergarten",
	.description = "Motor's kindergarten: per-square 64-entry subset tables per line, c7-h2 / "
		       "b2-b7 multiply >> 58, horizontal by shift (motor-kindergarten.txt)",
	.word_bits = 64,
	.branching = SB_BRANCHLESS,
	.table_bytes = sizeof(kgs_sq) + sizeof(kgs_hshift) + sizeof(kgs_tab),
	.init = kgs_init,
	.rook = kgs_rook_ptr,
	.bishop = kgs_bishop_ptr,
	.run = kgs_run,
};
SB_REGISTER(kindergarten_subset);
