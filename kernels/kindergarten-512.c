/* kindergarten-512.c - Kindergarten bitboards with one shared 512-byte first-rank table for
 * every line: seed kindergarten-bitboards.txt, "Shared Rank Lookup".
 *
 * The 6-bit occupancy index is the one of kindergarten-4k (B-file multiply for ranks and
 * diagonals, a flip multiply for files), but the table holds only the first-rank attack byte,
 * [file][occupancy], and a second multiplication maps it back onto the line:
 *  - ranks, diagonals: byte * A-file ("fill north") copies it into all eight ranks, and the line
 *    mask keeps the right bits;
 *  - files: the c2-h7 multiply gives the file's occupancy reversed, which is the first-rank
 *    occupancy of the file mirrored (rank r read as file 7 - r); the looked-up byte times the
 *    a1-h8 diagonal, >> 7, masked with the A-file, turns bit i into rank 7 - i, undoing the
 *    mirror; shifting by the file puts it back.
 */
#define SB_PEER_RANDOM_UNROLL 12  /* a short lookup: the peer-random loop written out (kernel.h) */
#include "kernel.h"
#include "lines.h"
#include "kg_tables.h"

static int kg512_init(void)
{
	sb_kg_init();
	return 0;
}

/* Returns the attacks along `mask`, a rank, diagonal or anti-diagonal through sq. */
static inline uint64_t kg512_line(unsigned sq, uint64_t occ, uint64_t mask)
{
	unsigned idx = (unsigned)(((occ & mask) * SB_KG_B_FILE) >> 58);

	return (sb_kg_first_rank[sq & 7][idx] * SB_FILE_A) & mask;
}

/* Returns the attacks along the file of sq. */
static inline uint64_t kg512_file(unsigned sq, uint64_t occ)
{
	unsigned f = sq & 7;
	unsigned idx = (unsigned)((((occ >> f) & SB_FILE_A) * SB_KG_C2H7) >> 58);
	uint64_t att = sb_kg_first_rank[(sq >> 3) ^ 7][idx];

	return (((att * SB_DIAG_A1H8) >> 7) & SB_FILE_A) << f;
}

/* Returns the rook attacks from sq. */
static inline uint64_t kg512_rook(unsigned sq, uint64_t occ)
{
	return kg512_line(sq, occ, sb_line_ex[SB_RANK][sq]) | kg512_file(sq, occ);
}

/* Returns the bishop attacks from sq. */
static inline uint64_t kg512_bishop(unsigned sq, uint64_t occ)
{
	return kg512_line(sq, occ, sb_line_ex[SB_DIAG][sq]) |
	       kg512_line(sq, occ, sb_line_ex[SB_ANTI][sq]);
}

SB_DEFINE_LOOPS(kg512, kg512_rook, kg512_bishop)

static const struct sb_kernel kindergarten_512 = {
	.abi_version = SB_ABI_VERSION,
	.name = "kindergarten-512",
	.family = "kindergarten",
	.description = "kindergarten with one shared 512 B first-rank table for all lines, mapped "
		       "back by A-file / a1-h8 multiplies (kindergarten-bitboards.txt, Shared Rank "
		       "Lookup)",
	.word_bits = 64,
	.branching = SB_BRANCHLESS,
	.table_bytes = sizeof(sb_kg_first_rank) + sizeof(sb_line_ex[SB_RANK]) +
		       sizeof(sb_line_ex[SB_DIAG]) + sizeof(sb_line_ex[SB_ANTI]),
	.init = kg512_init,
	.rook = kg512_rook_ptr,
	.bishop = kg512_bishop_ptr,
	.run = kg512_run,
};
SB_REGISTER(kindergarten_512);
