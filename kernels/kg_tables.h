/* kg_tables.h - tables shared by the kindergarten-style kernels (seed kindergarten-bitboards.txt,
 * motor-kindergarten.txt): the 512-byte first-rank attack table, its 4 KB fill-up and A-file
 * expansions, and a builder for per-square line tables indexed by any 6-bit occupancy hash.
 * Call sb_kg_init() from a kernel's init() before reading any table here; it is idempotent.
 */
#ifndef SB_KG_TABLES_H
#define SB_KG_TABLES_H

#include <stdint.h>

#include "lines.h"

#define SB_KG_B_FILE 0x0202020202020202ULL   /* B-file multiplier: inner six files to bits 58..63 */
#define SB_KG_C7H2 0x0004081020408000ULL     /* c7-h2 anti-diagonal: a2..a7 to bits 58..63 */
#define SB_KG_C2H7 0x0080402010080400ULL     /* c2-h7 diagonal: a7..a2 (reversed) to bits 58..63 */

/* sb_kg_first_rank[f][o]: attacks along the first rank of a slider on file f, where bit j of
 * the inner occupancy o is file j + 1 (b..g); one byte per entry, 512 bytes. */
extern uint8_t sb_kg_first_rank[8][64];
/* sb_kg_fill_up[f][o]: the same attacks copied into all eight ranks (4 KB). */
extern uint64_t sb_kg_fill_up[8][64];
/* sb_kg_a_file[r][o]: A-file attacks of a slider on rank r, bit j of o being rank j + 1 (4 KB). */
extern uint64_t sb_kg_a_file[8][64];

/* Builds the three tables above from the reference walk; idempotent. */
void sb_kg_init(void);

/* Entries from one line kind's [64][64] table to the next where a kernel keeps several in one
 * array: 4,096 and two cache lines.  A square's row is 512 bytes, so the rows' first lines
 * (the entries random occupancies use most: the squares farthest along the line empty) fall
 * on 8 of the L1's 64 sets; tables exactly 32 KB apart put every table's first lines on the
 * same 8 sets (256 lines for 96 ways: kindergarten-subset's peer loop ran 1.58x slower).
 * Shifted two lines each, four tables' first and second lines take all 64 sets. */
#define SB_KG_LINE_STRIDE (64 * 64 + 16)

/* Returns the 6-bit (or narrower) table index of `occ` for a slider on sq along one line. */
typedef unsigned (*sb_kg_index_fn)(unsigned sq, uint64_t occ);

/* Returns 0 after filling table[sq][index(sq, occ)] with sq's attacks along `line` for every
 * subset occ of the line through sq and sq itself; -1 (with a message) if two occupancies
 * with different attacks share an index.  `nidx` is the entries per square; slots no subset
 * reaches are 0. */
int sb_kg_build_line(uint64_t *table, unsigned nidx, enum sb_line line, sb_kg_index_fn index,
		     const char *who);

#endif /* SB_KG_TABLES_H */
