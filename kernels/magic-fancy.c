/* magic-fancy.c - fancy magic bitboards: (occ & mask) * magic >> (64 - popcount(mask)), so
 * each square gets exactly 2^bits entries in one shared table (102,400 rook + 5,248 bishop
 * entries, about 841 KB), each square's slice at its offset (chessprogramming "Magic
 * Bitboards", fancy variant).  The magics were found by kernels/magic_search.c (seed 19, the
 * squares a1..h8 for rooks, then for bishops) and are compiled in: with the masks, shifts and
 * offsets they are constant expressions, so at a square the compiler knows (the peer loop's
 * 64 written-out squares) a lookup is and, multiply, shift by immediates and one load at a
 * fixed address, as a C++ constexpr table gives the peer.  init() verifies every magic: a
 * slot claimed by two different attack sets refuses the kernel. */
#include <stdio.h>

#define SB_PEER_RANDOM_UNROLL 12  /* a short lookup: the peer-random loop written out (kernel.h) */
#include "kernel.h"
#include "lines.h"
#include "magic_search.h"

#define FANCY_ROOK_ENTRIES 102400
#define FANCY_BISHOP_ENTRIES 5248

static uint64_t fancy_tab[FANCY_ROOK_ENTRIES + FANCY_BISHOP_ENTRIES];

/* X(sq, rook magic, bishop magic) for every square a1..h8. */
#define FANCY_MAGICS(X) \
	X(0, 0x0080006070400780ULL, 0x0420202101091012ULL) \
	X(1, 0x0440001005200140ULL, 0x0020011901110020ULL) \
	X(2, 0x2200204082000811ULL, 0x2004090421048000ULL) \
	X(3, 0x0480040800100080ULL, 0x0082208200000080ULL) \
	X(4, 0x0280040028008002ULL, 0x0211114010000200ULL) \
	X(5, 0x020002008c430810ULL, 0x0001902c20400000ULL) \
	X(6, 0x4400210408104082ULL, 0x8c38861002e00001ULL) \
	X(7, 0x0200020400204081ULL, 0x0442004a020920a0ULL) \
	X(8, 0x48828000804001a2ULL, 0x2240081010009102ULL) \
	X(9, 0x4002004900802200ULL, 0x0000840800a41880ULL) \
	X(10, 0x9300802000801000ULL, 0x50a8382811408004ULL) \
	X(11, 0x0001002010040901ULL, 0x1000020a02000420ULL) \
	X(12, 0x0001000408010010ULL, 0x00002c03080000a0ULL) \
	X(13, 0x0040800200040080ULL, 0x010a811042102040ULL) \
	X(14, 0xc229000402008100ULL, 0x4800010110100440ULL) \
	X(15, 0x8002001841040082ULL, 0x00000a0a41082840ULL) \
	X(16, 0x100322800080c005ULL, 0x0804290820040404ULL) \
	X(17, 0x8610004000200048ULL, 0x8008002081040880ULL) \
	X(18, 0xb020004040100800ULL, 0x0018001400340250ULL) \
	X(19, 0x2005010008100020ULL, 0x0000800802004014ULL) \
	X(20, 0x1004008004080080ULL, 0x0012840400a00000ULL) \
	X(21, 0x0448808004000200ULL, 0x800510020100a000ULL) \
	X(22, 0x0100040002082130ULL, 0x0002100090842034ULL) \
	X(23, 0x240002000c218441ULL, 0x2000401201140100ULL) \
	X(24, 0x0000400080208002ULL, 0x008410020420a800ULL) \
	X(25, 0x4000200040100040ULL, 0x4182208010944880ULL) \
	X(26, 0x00c2008200201041ULL, 0x2000480a04002404ULL) \
	X(27, 0x00100081800800d0ULL, 0x0082002238008020ULL) \
	X(28, 0x2088000404002040ULL, 0x8009010000104001ULL) \
	X(29, 0x0810020080040080ULL, 0x0000420081010110ULL) \
	X(30, 0x0611000100020004ULL, 0x012c0086040201a0ULL) \
	X(31, 0x041201020000904cULL, 0x800c08804100a080ULL) \
	X(32, 0x2214400820800080ULL, 0x3302202000040824ULL) \
	X(33, 0x8432804001802000ULL, 0x0804102414080160ULL) \
	X(34, 0x2030200080801000ULL, 0x0000202804100088ULL) \
	X(35, 0x2010010008080080ULL, 0x1024020080880080ULL) \
	X(36, 0x0410080080800400ULL, 0x0404010201040084ULL) \
	X(37, 0x4044000200808004ULL, 0x3010008080180a00ULL) \
	X(38, 0x0020985004008221ULL, 0x0010941042010100ULL) \
	X(39, 0x2801011082000054ULL, 0x0140820482204401ULL) \
	X(40, 0x0300408001010024ULL, 0x0012023005e2c100ULL) \
	X(41, 0x1200201000404000ULL, 0x00846c0404006004ULL) \
	X(42, 0x0420002010008080ULL, 0x40000a0804000200ULL) \
	X(43, 0x0304090010010022ULL, 0x5100002018008100ULL) \
	X(44, 0x8882040801010010ULL, 0x2660490122000400ULL) \
	X(45, 0x0020040002008080ULL, 0x0040108401000090ULL) \
	X(46, 0x0010040200010100ULL, 0x2802040122018400ULL) \
	X(47, 0x025100004085000eULL, 0x0204082204480021ULL) \
	X(48, 0x4000c23308800100ULL, 0x810480c808401101ULL) \
	X(49, 0x0041008020400500ULL, 0x0040209410080000ULL) \
	X(50, 0x0203004420001100ULL, 0x0201084044100048ULL) \
	X(51, 0x0800201000090100ULL, 0x200c010084040020ULL) \
	X(52, 0x64c0110004080100ULL, 0x0000010810240181ULL) \
	X(53, 0x1400800200040080ULL, 0x1000d01210011000ULL) \
	X(54, 0x4044800200010080ULL, 0x14102112008a01c0ULL) \
	X(55, 0x0840410084004200ULL, 0x4308016404004102ULL) \
	X(56, 0x0980025040850121ULL, 0x0500120210040440ULL) \
	X(57, 0x0100208040081101ULL, 0x00c1202402421010ULL) \
	X(58, 0x000d200240090011ULL, 0xa048c00484008800ULL) \
	X(59, 0x0000201000040901ULL, 0x1080800010842408ULL) \
	X(60, 0x4002015020880402ULL, 0x0310400008210110ULL) \
	X(61, 0x000200034c083012ULL, 0x00803121c4900084ULL) \
	X(62, 0x0090080200b00104ULL, 0x5000500490840044ULL) \
	X(63, 0x00900644002b0882ULL, 0x8c20020208440280ULL) \

/* Each square's slice of fancy_tab, mask, magic and shift (64 - popcount(mask)), [0] rook,
 * [1] bishop, one array per field: at a square it does not know gcc loads each at the square
 * scaled by 8, where from a 32-byte entry per square it formed a pointer to the entry first (a
 * shift and two adds per lookup; the position loop ran 1.085x faster without them on an
 * Emerald Rapids core). */
#define FANCY_RA_(sq, rmagic, bmagic) fancy_tab + SB_ROOK_SLICE_AT_C_(sq),
#define FANCY_BA_(sq, rmagic, bmagic) fancy_tab + FANCY_ROOK_ENTRIES + SB_BISHOP_SLICE_AT_C_(sq),
#define FANCY_RM_(sq, rmagic, bmagic) SB_ROOK_MASK_C_(sq),
#define FANCY_BM_(sq, rmagic, bmagic) SB_BISHOP_MASK_C_(sq),
#define FANCY_RX_(sq, rmagic, bmagic) rmagic,
#define FANCY_BX_(sq, rmagic, bmagic) bmagic,
#define FANCY_RS_(sq, rmagic, bmagic) 64u - (unsigned)__builtin_popcountll(SB_ROOK_MASK_C_(sq)),
#define FANCY_BS_(sq, rmagic, bmagic) 64u - (unsigned)__builtin_popcountll(SB_BISHOP_MASK_C_(sq)),
static const uint64_t *const fancy_att[2][64] __attribute__((aligned(64))) = {
	{ FANCY_MAGICS(FANCY_RA_) }, { FANCY_MAGICS(FANCY_BA_) } };
static const uint64_t fancy_mask[2][64] __attribute__((aligned(64))) = {
	{ FANCY_MAGICS(FANCY_RM_) }, { FANCY_MAGICS(FANCY_BM_) } };
static const uint64_t fancy_magic[2][64] __attribute__((aligned(64))) = {
	{ FANCY_MAGICS(FANCY_RX_) }, { FANCY_MAGICS(FANCY_BX_) } };
static const uint64_t fancy_shift[2][64] __attribute__((aligned(64))) = {
	{ FANCY_MAGICS(FANCY_RS_) }, { FANCY_MAGICS(FANCY_BS_) } };

/* Returns 0 after filling sq's slice of fancy_tab; -1 (with a message) when the slice is not
 * where the one before it ended or its magic sends two different attack sets to one slot. */
static int fancy_square(unsigned sq, int bishop, size_t *next)
{
	static uint64_t occ[4096], att[4096];
	unsigned n = sb_magic_subsets(sq, bishop, occ, att);
	uint64_t *slice = fancy_tab + *next;

	if (fancy_att[bishop][sq] != slice || *next + n > sizeof fancy_tab / sizeof fancy_tab[0]) {
		fprintf(stderr, "magic-fancy: init: %s slice of square %u is not at %zu\n",
			bishop ? "bishop" : "rook", sq, *next);
		return -1;
	}
	for (unsigned i = 0; i < n; i++)
		slice[i] = 0;
	for (unsigned i = 0; i < n; i++) {
		uint64_t key = occ[i] & fancy_mask[bishop][sq];
		uint64_t *e = &slice[(key * fancy_magic[bishop][sq]) >> fancy_shift[bishop][sq]];

		if (*e && *e != att[i]) {
			fprintf(stderr, "magic-fancy: init: the %s magic of square %u sends two "
				"attack sets to one slot\n", bishop ? "bishop" : "rook", sq);
			return -1;
		}
		*e = att[i];
	}
	*next += n;
	return 0;
}

/* Returns 0 once every square's slice is filled (the second call is free). */
static int fancy_init(void)
{
	static int done;
	size_t next = 0;

	if (done)
		return 0;
	for (int bishop = 0; bishop < 2; bishop++)
		for (unsigned sq = 0; sq < 64; sq++)
			if (fancy_square(sq, bishop, &next) < 0)
				return -1;
	done = 1;
	return 0;
}

/* Returns the attacks of piece p (0 rook, 1 bishop) at sq: mask, multiply, shift, load (known: the
 * compiler knows the square, lines.h's sb_slice_entry). */
static inline uint64_t fancy_attacks(unsigned p, unsigned sq, int known, uint64_t occ)
{
	uint64_t i = ((occ & fancy_mask[p][sq]) * fancy_magic[p][sq]) >> fancy_shift[p][sq];

	return sb_slice_entry(fancy_tab, fancy_att[p][sq], i, known);
}

/* Returns the rook attacks from sq. */
static inline uint64_t fancy_rook(unsigned sq, uint64_t occ)
{
	return fancy_attacks(0, sq, __builtin_constant_p(sq), occ);
}

/* Returns the bishop attacks from sq. */
static inline uint64_t fancy_bishop(unsigned sq, uint64_t occ)
{
	return fancy_attacks(1, sq, __builtin_constant_p(sq), occ);
}

SB_DEFINE_LOOPS(fancy, fancy_rook, fancy_bishop)

static const struct sb_kernel magic_fancy = {
	.abi_version = SB_ABI_VERSION,
	.name = "magic-fancy",
	.family = "magic",
	.description = "fancy magic bitboards: (occ&mask)*magic>>(64-bits(mask)), one shared "
		       "841 KB table at per-square offsets, magics from our fixed-seed search "
		       "(chessprogramming Magic Bitboards)",
	.word_bits = 64,
	.branching = SB_BRANCHLESS,
	.table_bytes = sizeof fancy_att + sizeof fancy_mask + sizeof fancy_magic +
		       sizeof fancy_shift + sizeof fancy_tab,
	.init = fancy_init,
	.rook = fancy_rook_ptr,
	.bishop = fancy_bishop_ptr,
	.run = fancy_run,
};
SB_REGISTER(magic_fancy);
