/* folding-hash.c - folding hash: fancy magic per line with a 32-bit multiply (Daniel Infuehr's
 * "FoldingHash - 4x fancy magic" in Chess_Movegen, magics found there by a CUDA search).  For
 * each square and line, o = occ | ~inner (the line's inner squares kept, every other bit set,
 * as black magics do), folded to 32 bits as (o >> 32) ^ (uint32)o * 3, times a 32-bit magic;
 * the top 6 bits of the 32-bit product index a 64-entry slice of the line's attack sets.  A
 * rook or bishop is two such lookups ORed, a queen four.  Our magics came from the shared
 * fixed-seed search (magic_search.h, seed 0xF01D, squares a1..h8, lines in enum sb_line order)
 * run on keys folded << 32, so that the low 32 bits of the 64-bit product are what the 32-bit
 * multiply gives, and are compiled in: with the masks and offsets they are constant
 * expressions, so at a square the compiler knows (the peer loop's written-out squares) they
 * are immediates, as the peer's constexpr tables give it; init() verifies every one (two
 * attack sets in one slot refuse the kernel).  Slices are not overlapped as in the peer's
 * packed 5,956-entry table, so ours is 256 x 64 entries (128 KiB).  word_bits is 32: nothing
 * wider than a 32-bit multiply. */
#include <stdio.h>

#define SB_PEER_RANDOM_UNROLL 12  /* a short lookup: the peer-random loop written out (kernel.h) */
#include "kernel.h"
#include "lines.h"

/* One square's line: the bits that are forced on, the multiplier, the slice's offset. */
struct fh_line {
	uint64_t notmask;
	uint32_t mult;
	uint32_t offset;
};

/* fh_line[sq][kind] with kind an enum sb_line: rank, file (rook), diagonal, anti (bishop). */
/* A line's inner squares (its squares but sq and the edge ones) and its entry for one square:
 * forced bits, multiplier, the slice's offset (square by square, lines in enum order). */
#define FH_L_(sq, kind, inner, m) { ~(inner), m, ((sq) * SB_LINES + (kind)) * 64u }
#define FH_SQ_(sq, mr, mf, md, ma)                                                      \
	{ FH_L_(sq, SB_RANK, SB_LINE_RANK_C_(sq) & SB_ROOK_MASK_C_(sq), mr),             \
	  FH_L_(sq, SB_FILE, SB_LINE_FILE_C_(sq) & SB_ROOK_MASK_C_(sq), mf),             \
	  FH_L_(sq, SB_DIAG, SB_LINE_DIAG_C_(sq) & SB_BISHOP_MASK_C_(sq), md),           \
	  FH_L_(sq, SB_ANTI, SB_LINE_ANTI_C_(sq) & SB_BISHOP_MASK_C_(sq), ma) }
static const struct fh_line fh_lines[64][SB_LINES] __attribute__((aligned(64))) = {
	FH_SQ_(0u, 0x4a00100cu, 0x04284020u, 0x0c102202u, 0x21020008u),
	FH_SQ_(1u, 0x08104000u, 0x40850820u, 0x20204104u, 0x22400820u),
	FH_SQ_(2u, 0x02020000u, 0x1825100cu, 0x00100401u, 0x0c90000cu),
	FH_SQ_(3u, 0x42016020u, 0x2c009806u, 0x00042081u, 0x00109008u),
	FH_SQ_(4u, 0x00c26030u, 0x00418402u, 0x04302200u, 0x80022005u),
	FH_SQ_(5u, 0x12001285u, 0x00360041u, 0x01042010u, 0x84005428u),
	FH_SQ_(6u, 0x24000004u, 0x00088222u, 0x00004004u, 0x10040041u),
	FH_SQ_(7u, 0x0a010005u, 0x60204007u, 0xc0085200u, 0x1c020205u),
	FH_SQ_(8u, 0x40020020u, 0x20800802u, 0x02180430u, 0x08000240u),
	FH_SQ_(9u, 0x14612001u, 0x022138a1u, 0x16008230u, 0x00100000u),
	FH_SQ_(10u, 0x40020000u, 0x01041028u, 0x08802044u, 0x00054c00u),
	FH_SQ_(11u, 0x20008000u, 0x008d0410u, 0x01400081u, 0x02c08089u),
	FH_SQ_(12u, 0x80220090u, 0x80480149u, 0x0c00100eu, 0x0a440402u),
	FH_SQ_(13u, 0x03080400u, 0x01000844u, 0x08004100u, 0x06100110u),
	FH_SQ_(14u, 0x40081410u, 0x39004032u, 0x000000b0u, 0x0081c084u),
	FH_SQ_(15u, 0x08020000u, 0x00402805u, 0x62400128u, 0x81080184u),
	FH_SQ_(16u, 0x00200808u, 0x40045260u, 0x70012440u, 0x110c0210u),
	FH_SQ_(17u, 0x81034060u, 0x404a8802u, 0x02650002u, 0x01008120u),
	FH_SQ_(18u, 0x40800200u, 0x84100982u, 0x02040902u, 0x88021002u),
	FH_SQ_(19u, 0x9e140600u, 0x04c80422u, 0x0200f102u, 0x20003002u),
	FH_SQ_(20u, 0x00010604u, 0x008a20c8u, 0x63840722u, 0x10400a41u),
	FH_SQ_(21u, 0x800000a0u, 0x160280b4u, 0x08104802u, 0x05041088u),
	FH_SQ_(22u, 0x00040108u, 0x41141082u, 0x0a020249u, 0x080c0292u),
	FH_SQ_(23u, 0x10401200u, 0x00882031u, 0x00084222u, 0x26404802u),
	FH_SQ_(24u, 0x20800282u, 0x04086408u, 0x04052902u, 0x02490441u),
	FH_SQ_(25u, 0x12400401u, 0x02a00902u, 0x310909b8u, 0x01890102u),
	FH_SQ_(26u, 0x20808002u, 0x04011105u, 0x22085020u, 0x85010600u),
	FH_SQ_(27u, 0x28000002u, 0x00810402u, 0x01449a40u, 0x1108021du),
	FH_SQ_(28u, 0x110010c2u, 0x005300c1u, 0x01010900u, 0x88040408u),
	FH_SQ_(29u, 0x50000002u, 0xc0802200u, 0x40a04800u, 0x08011121u),
	FH_SQ_(30u, 0xc0600142u, 0x21560820u, 0x06120020u, 0x00840500u),
	FH_SQ_(31u, 0x00c00402u, 0x00088160u, 0x80041022u, 0x15210400u),
	FH_SQ_(32u, 0x20820000u, 0x04051282u, 0x00220500u, 0x00005008u),
	FH_SQ_(33u, 0x01620000u, 0x0020880au, 0x02a00122u, 0x01048021u),
	FH_SQ_(34u, 0x02140000u, 0x000a4801u, 0x923006d0u, 0x084d0109u),
	FH_SQ_(35u, 0x4104e001u, 0x18130448u, 0x00028404u, 0x200410c4u),
	FH_SQ_(36u, 0x02180004u, 0x481208c8u, 0x10052113u, 0x42090c1eu),
	FH_SQ_(37u, 0x48208000u, 0x80520045u, 0x040a0202u, 0xa002411du),
	FH_SQ_(38u, 0x29104004u, 0x04010922u, 0x21900881u, 0xa1003206u),
	FH_SQ_(39u, 0x81c08040u, 0xa0003409u, 0x3802020au, 0x00020044u),
	FH_SQ_(40u, 0x80020008u, 0x8805408au, 0x40604041u, 0x10044122u),
	FH_SQ_(41u, 0x82010081u, 0x0440240au, 0x08046000u, 0x02004104u),
	FH_SQ_(42u, 0x0802010cu, 0x05100109u, 0x6050008au, 0x48080409u),
	FH_SQ_(43u, 0x21150200u, 0x46580084u, 0x44000410u, 0x98800804u),
	FH_SQ_(44u, 0x00024400u, 0x22408601u, 0x44014410u, 0x2040ac01u),
	FH_SQ_(45u, 0x80820080u, 0x00202a01u, 0x08100048u, 0x00802088u),
	FH_SQ_(46u, 0x03021100u, 0x01229882u, 0x943000c8u, 0x00420838u),
	FH_SQ_(47u, 0x00020020u, 0x00180441u, 0x0200860au, 0x00a02100u),
	FH_SQ_(48u, 0x88488204u, 0x40090880u, 0x30000208u, 0x08040402u),
	FH_SQ_(49u, 0x40000d50u, 0x0210088cu, 0x00000414u, 0x28204006u),
	FH_SQ_(50u, 0x03000100u, 0x02080811u, 0x00030080u, 0x642a1004u),
	FH_SQ_(51u, 0x0204040au, 0xa2031003u, 0x2d080102u, 0x0c281205u),
	FH_SQ_(52u, 0x00090602u, 0x48015054u, 0x014500a0u, 0x08240211u),
	FH_SQ_(53u, 0x2a00a200u, 0x168a0661u, 0x08222081u, 0x00361814u),
	FH_SQ_(54u, 0x02000860u, 0x14410882u, 0x04064410u, 0x0042080cu),
	FH_SQ_(55u, 0x20004604u, 0x01301031u, 0x00920021u, 0x03002000u),
	FH_SQ_(56u, 0x00a80202u, 0x0130c008u, 0xa0135020u, 0x02010402u),
	FH_SQ_(57u, 0x25900442u, 0x40980520u, 0x12001025u, 0x0f91d004u),
	FH_SQ_(58u, 0x48084002u, 0x03011002u, 0x30100400u, 0x94011401u),
	FH_SQ_(59u, 0x00264062u, 0x00836110u, 0x80308480u, 0x030600d4u),
	FH_SQ_(60u, 0x0010b846u, 0x04214108u, 0x212400c2u, 0x75108200u),
	FH_SQ_(61u, 0x00122082u, 0xa200288cu, 0x008104e0u, 0x5000004au),
	FH_SQ_(62u, 0x02401014u, 0x2a1020a2u, 0x08008828u, 0x20800040u),
	FH_SQ_(63u, 0xa001400au, 0x01822009u, 0x84008a04u, 0x04020280u),
};
static uint64_t fh_att[64 * SB_LINES * 64] __attribute__((aligned(64)));

/* Returns the 32-bit fold of occ with the line's outside bits forced on. */
static inline uint32_t fh_fold(uint64_t occ, uint64_t notmask)
{
	uint64_t o = occ | notmask;

	return (uint32_t)(o >> 32) ^ (uint32_t)o * 3u;
}

/* Returns line `kind`'s attack set of sq for occ: fold, 32-bit multiply, top 6 bits, load.
 * Indexed here, not through a pointer to the line: gcc made a pointer per line (an lea
 * each) where the line's offset in sq's row can be a constant in every address. */
static inline uint64_t fh_lookup(unsigned sq, enum sb_line kind, uint64_t occ)
{
	const struct fh_line *row = fh_lines[sq];

	return fh_att[row[kind].offset + ((fh_fold(occ, row[kind].notmask) * row[kind].mult) >> 26)];
}

/* Returns 0 after filling the slice of sq's line `kind`; -1 (with a message) when its
 * multiplier sends two different attack sets to one slot. */
static int fh_square(unsigned sq, enum sb_line kind)
{
	const struct fh_line *l = &fh_lines[sq][kind];
	int rook = kind == SB_RANK || kind == SB_FILE;
	uint64_t inner = ~l->notmask;
	unsigned n = 1u << sb_popcount(inner);

	for (unsigned i = 0; i < 64; i++)
		fh_att[l->offset + i] = 0;
	for (unsigned i = 0; i < n; i++) {
		uint64_t occ = sb_subset(inner, i);
		uint64_t att = (rook ? sb_ref_rook(sq, occ) : sb_ref_bishop(sq, occ)) &
			       sb_line_ex[kind][sq];
		uint64_t *e = &fh_att[l->offset + ((fh_fold(occ, l->notmask) * l->mult) >> 26)];

		if (*e && *e != att) {	/* 0: free, or the one empty set of a line with no other square */
			fprintf(stderr, "folding-hash: init: the multiplier of square %u, line %d "
				"sends two attack sets to one slot\n", sq, (int)kind);
			return -1;
		}
		*e = att;
	}
	return 0;
}

/* Returns 0 once every square's four slices are filled. */
static int fh_init(void)
{
	static int done;

	if (done)
		return 0;
	if (sb_lines_init() < 0)
		return -1;
	for (unsigned sq = 0; sq < 64; sq++)
		for (int kind = 0; kind < SB_LINES; kind++)
			if (fh_square(sq, (enum sb_line)kind) < 0)
				return -1;
	done = 1;
	return 0;
}

/* Returns the rook attacks: rank and file lookups. */
static inline uint64_t fh_rook(unsigned sq, uint64_t occ)
{
	return fh_lookup(sq, SB_RANK, occ) | fh_lookup(sq, SB_FILE, occ);
}

/* Returns the bishop attacks: diagonal and anti-diagonal lookups. */
static inline uint64_t fh_bishop(unsigned sq, uint64_t occ)
{
	return fh_lookup(sq, SB_DIAG, occ) | fh_lookup(sq, SB_ANTI, occ);
}

SB_DEFINE_LOOPS(fh, fh_rook, fh_bishop)

static const struct sb_kernel folding_hash = {
	.abi_version = SB_ABI_VERSION,
	.name = "folding-hash",
	.family = "magic",
	.description = "folding hash: per line (occ|~inner) folded to 32 bits, *32-bit magic >>26 "
		       "into 64-entry slices, 4 lookups per queen, our fixed-seed magics, 128 KiB "
		       "(D. Infuehr, Chess_Movegen \"FoldingHash - 4x fancy magic\")",
	.word_bits = 32,
	.branching = SB_BRANCHLESS,
	.table_bytes = sizeof fh_lines + sizeof fh_att,
	.init = fh_init,
	.rook = fh_rook_ptr,
	.bishop = fh_bishop_ptr,
	.run = fh_run,
};
SB_REGISTER(folding_hash);
