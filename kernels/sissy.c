/* sissy.c - SISSY bitboards, "Split Index Super Set Yielding" (Michael Sherwin, CCC talkchess
 * t=73083, February 2020; chessprogramming "SISSY Bitboards"; timed as "SISSY Bitboards" in
 * Chess_Movegen): the general, simple form.  qss[sq][byte][r] holds the queen attacks from sq
 * when the only blockers are `byte` on rank r: a superset of the true attacks.  A ray's
 * nearest blocker lies on some rank, whose superset stops the ray there, and no rank's
 * superset stops it earlier, so the AND of the eight supersets (one per rank of the
 * occupancy) is exactly the queen attacks: eight loads and seven ANDs, no multiply, 1 MiB.
 * The rook (bishop) attacks are that queen set ANDed with sq's rook (bishop) lines; the queen
 * loops use the eight-way AND alone, which is the technique's strength.
 * Layout: the eight ranks' entries for one byte value share a 64-byte line (a byte that
 * recurs, an empty rank above all, is one line for every rank), and a lookup reads them
 * through sq's 16 KiB row with each rank's byte * 8 as the scaled index, which a loop over
 * squares at one occupancy computes once.  Against qss[r][sq][byte], measured: random
 * squares 1.24x, stream 1.18x, position 1.08x.  (Indexed qss[sq][byte][r] directly, gcc
 * computed sq * 256 + byte and shifted it by 6 for every rank inside the loop.)
 * Each square's row is one line longer than its 256 lines (an unused byte value 256): with
 * rows of exactly 16 KiB, a multiple of the 4 KiB an L1 set index spans, every square's line
 * for byte b fell into the same L1 set, so the lookups of one occupancy at many squares
 * evicted each other from an 8-way set.  Skewed by a line per square, against unskewed:
 * known squares 1.39x, random squares 1.47x, position 1.13x, stream 1.05-1.07x. */
#include "kernel.h"
#include "lines.h"

/* sissy_qss[sq][byte][r]; byte 256 is the skew line, never read. */
static uint64_t sissy_qss[64][257][8] __attribute__((aligned(64)));
/* sissy_lines[sq][0]: rank | file through sq; [1]: both diagonals (sq excluded). */
static uint64_t sissy_lines[64][2] __attribute__((aligned(64)));

/* Returns 0 once the superset table and the line masks are built (the second call is free). */
static int sissy_init(void)
{
	static int done;

	if (done)
		return 0;
	sb_lines_init();
	for (unsigned sq = 0; sq < 64; sq++) {
		sissy_lines[sq][0] = sb_line_ex[SB_RANK][sq] | sb_line_ex[SB_FILE][sq];
		sissy_lines[sq][1] = sb_line_ex[SB_DIAG][sq] | sb_line_ex[SB_ANTI][sq];
		for (unsigned r = 0; r < 8; r++) {
			for (uint64_t b = 0; b < 256; b++) {
				uint64_t occ = b << (8 * r);

				sissy_qss[sq][b][r] = sb_ref_rook(sq, occ) | sb_ref_bishop(sq, occ);
			}
		}
	}
	done = 1;
	return 0;
}

/* Returns rank r's superset entry for occ from sq's row of the table. */
static inline uint64_t sissy_at(const uint64_t *row, uint64_t occ, unsigned r)
{
	return row[((occ >> (8 * r)) & 255) * 8 + r];
}

/* Returns the queen attacks from sq: the AND of the eight rank supersets. */
static inline uint64_t sissy_queen(unsigned sq, uint64_t occ)
{
	const uint64_t *row = &sissy_qss[sq][0][0];

	return sissy_at(row, occ, 0) & sissy_at(row, occ, 1) & sissy_at(row, occ, 2) &
	       sissy_at(row, occ, 3) & sissy_at(row, occ, 4) & sissy_at(row, occ, 5) &
	       sissy_at(row, occ, 6) & sissy_at(row, occ, 7);
}

/* Returns the rook attacks: the queen attacks on sq's rank and file. */
static inline uint64_t sissy_rook(unsigned sq, uint64_t occ)
{
	return sissy_queen(sq, occ) & sissy_lines[sq][0];
}

/* Returns the bishop attacks: the queen attacks on sq's diagonals. */
static inline uint64_t sissy_bishop(unsigned sq, uint64_t occ)
{
	return sissy_queen(sq, occ) & sissy_lines[sq][1];
}

SB_DEFINE_LOOPS_WITH(sissy, sissy_rook, sissy_bishop, sissy_queen, SB_CALL_, SB_CALL_,
		     SB_NO_STATE, sissy_rook, sissy_bishop, sissy_queen)

SB_DEFINE_LOOKUP_PTRS(sissy, sissy_rook, sissy_bishop)

static const struct sb_kernel sissy = {
	.abi_version = SB_ABI_VERSION,
	.name = "sissy",
	.family = "sissy",
	.description = "SISSY bitboards (Michael Sherwin): queen = AND of 8 rank-split supersets "
		       "qss[rank][sq][byte] (1 MiB), rook/bishop = that & their lines (talkchess "
		       "t=73083, CPW SISSY Bitboards; Chess_Movegen \"SISSY Bitboards\")",
	.word_bits = 64,
	.branching = SB_BRANCHLESS,
	.table_bytes = sizeof sissy_qss + sizeof sissy_lines,
	.init = sissy_init,
	.rook = sissy_rook_ptr,
	.bishop = sissy_bishop_ptr,
	.run = sissy_run,
};
SB_REGISTER(sissy);
