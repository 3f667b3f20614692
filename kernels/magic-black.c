/* magic-black.c - "black magic" bitboards with a fixed shift: index = ((occ | ~mask) * magic)
 * >> (64 - 12) for rooks, >> (64 - 9) for bishops, into one shared table where every square
 * starts at its own offset and the squares' index windows overlap wherever their entries agree
 * or one side leaves a slot unused.  The magics and offsets are the published ones found by
 * Volker Annuss and Niklas Fiekas (CCC "Black magic bitboards" thread, talkchess t=64790;
 * chessprogramming "Magic Bitboards", section Black Magic Bitboards); they pack all 128
 * squares into BLACK_ENTRIES = 87,988 entries (687 KiB), the layout several engines ship.
 * init() fills the table from the reference walk and refuses the layout if any entry would be
 * claimed by two different attack sets or fall outside the table (an attack set is never
 * empty: 0 marks a free entry), so the published numbers are verified, not trusted. */
#include <stdio.h>

#define SB_PEER_RANDOM_UNROLL 12  /* a short lookup: the peer-random loop written out (kernel.h) */
#include "kernel.h"
#include "lines.h"
#include "magic_search.h"

#define BLACK_ROOK_SHIFT (64 - 12)
#define BLACK_BISHOP_SHIFT (64 - 9)
#define BLACK_ENTRIES 87988

/* One published square: its magic and its offset into the shared table. */
struct black_pub {
	uint64_t magic;
	uint32_t offset;
};

/* Rook magics and offsets, a1..h8 (Annuss / Fiekas, talkchess t=64790). */
static const struct black_pub black_rook_pub[64] = {
	{ 0x80280013ff84ffffULL, 10890 }, { 0x5ffbfefdfef67fffULL, 50579 },
	{ 0xffeffaffeffdffffULL, 62020 }, { 0x003000900300008aULL, 67322 },
	{ 0x0050028010500023ULL, 80251 }, { 0x0020012120a00020ULL, 58503 },
	{ 0x0030006000c00030ULL, 51175 }, { 0x0058005806b00002ULL, 83130 },
	{ 0x7fbff7fbfbeafffcULL, 50430 }, { 0x0000140081050002ULL, 21613 },
	{ 0x0000180043800048ULL, 72625 }, { 0x7fffe800021fffb8ULL, 80755 },
	{ 0xffffcffe7fcfffafULL, 69753 }, { 0x00001800c0180060ULL, 26973 },
	{ 0x4f8018005fd00018ULL, 84972 }, { 0x0000180030620018ULL, 31958 },
	{ 0x00300018010c0003ULL, 69272 }, { 0x0003000c0085ffffULL, 48372 },
	{ 0xfffdfff7fbfefff7ULL, 65477 }, { 0x7fc1ffdffc001fffULL, 43972 },
	{ 0xfffeffdffdffdfffULL, 57154 }, { 0x7c108007befff81fULL, 53521 },
	{ 0x20408007bfe00810ULL, 30534 }, { 0x0400800558604100ULL, 16548 },
	{ 0x0040200010080008ULL, 46407 }, { 0x0010020008040004ULL, 11841 },
	{ 0xfffdfefff7fbfff7ULL, 21112 }, { 0xfebf7dfff8fefff9ULL, 44214 },
	{ 0xc00000ffe001ffe0ULL, 57925 }, { 0x4af01f00078007c3ULL, 29574 },
	{ 0xbffbfafffb683f7fULL, 17309 }, { 0x0807f67ffa102040ULL, 40143 },
	{ 0x200008e800300030ULL, 64659 }, { 0x0000008780180018ULL, 70469 },
	{ 0x0000010300180018ULL, 62917 }, { 0x4000008180180018ULL, 60997 },
	{ 0x008080310005fffaULL, 18554 }, { 0x4000188100060006ULL, 14385 },
	{ 0xffffff7fffbfbfffULL, 0 },     { 0x0000802000200040ULL, 38091 },
	{ 0x20000202ec002800ULL, 25122 }, { 0xfffff9ff7cfff3ffULL, 60083 },
	{ 0x000000404b801800ULL, 72209 }, { 0x2000002fe03fd000ULL, 67875 },
	{ 0xffffff6ffe7fcffdULL, 56290 }, { 0xbff7efffbfc00fffULL, 43807 },
	{ 0x000000100800a804ULL, 73365 }, { 0x6054000a58005805ULL, 76398 },
	{ 0x0829000101150028ULL, 20024 }, { 0x00000085008a0014ULL, 9513 },
	{ 0x8000002b00408028ULL, 24324 }, { 0x4000002040790028ULL, 22996 },
	{ 0x7800002010288028ULL, 23213 }, { 0x0000001800e08018ULL, 56002 },
	{ 0xa3a80003f3a40048ULL, 22809 }, { 0x2003d80000500028ULL, 44545 },
	{ 0xfffff37eefefdfbeULL, 36072 }, { 0x40000280090013c1ULL, 4750 },
	{ 0xbf7ffeffbffaf71fULL, 6014 },  { 0xfffdffff777b7d6eULL, 36054 },
	{ 0x48300007e8080c02ULL, 78538 }, { 0xafe0000fff780402ULL, 28745 },
	{ 0xee73fffbffbb77feULL, 8555 },  { 0x0002000308482882ULL, 1009 },
};

/* Bishop magics and offsets, a1..h8 (same source). */
static const struct black_pub black_bishop_pub[64] = {
	{ 0xa7020080601803d8ULL, 60984 }, { 0x13802040400801f1ULL, 66046 },
	{ 0x0a0080181001f60cULL, 32910 }, { 0x1840802004238008ULL, 16369 },
	{ 0xc03fe00100000000ULL, 42115 }, { 0x24c00bffff400000ULL, 835 },
	{ 0x0808101f40007f04ULL, 18910 }, { 0x100808201ec00080ULL, 25911 },
	{ 0xffa2feffbfefb7ffULL, 63301 }, { 0x083e3ee040080801ULL, 16063 },
	{ 0xc0800080181001f8ULL, 17481 }, { 0x0440007fe0031000ULL, 59361 },
	{ 0x2010007ffc000000ULL, 18735 }, { 0x1079ffe000ff8000ULL, 61249 },
	{ 0x3c0708101f400080ULL, 68938 }, { 0x080614080fa00040ULL, 61791 },
	{ 0x7ffe7fff817fcff9ULL, 21893 }, { 0x7ffebfffa01027fdULL, 62068 },
	{ 0x53018080c00f4001ULL, 19829 }, { 0x407e0001000ffb8aULL, 26091 },
	{ 0x201fe000fff80010ULL, 15815 }, { 0xffdfefffde39ffefULL, 16419 },
	{ 0xcc8808000fbf8002ULL, 59777 }, { 0x7ff7fbfff8203fffULL, 16288 },
	{ 0x8800013e8300c030ULL, 33235 }, { 0x0420009701806018ULL, 15459 },
	{ 0x7ffeff7f7f01f7fdULL, 15863 }, { 0x8700303010c0c006ULL, 75555 },
	{ 0xc800181810606000ULL, 79445 }, { 0x20002038001c8010ULL, 15917 },
	{ 0x087ff038000fc001ULL, 8512 },  { 0x00080c0c00083007ULL, 73069 },
	{ 0x00000080fc82c040ULL, 16078 }, { 0x000000407e416020ULL, 19168 },
	{ 0x00600203f8008020ULL, 11056 }, { 0xd003fefe04404080ULL, 62544 },
	{ 0xa00020c018003088ULL, 80477 }, { 0x7fbffe700bffe800ULL, 75049 },
	{ 0x107ff00fe4000f90ULL, 32947 }, { 0x7f8fffcff1d007f8ULL, 59172 },
	{ 0x0000004100f88080ULL, 55845 }, { 0x00000020807c4040ULL, 61806 },
	{ 0x00000041018700c0ULL, 73601 }, { 0x0010000080fc4080ULL, 15546 },
	{ 0x1000003c80180030ULL, 45243 }, { 0xc10000df80280050ULL, 20333 },
	{ 0xffffffbfeff80fdcULL, 33402 }, { 0x000000101003f812ULL, 25917 },
	{ 0x0800001f40808200ULL, 32875 }, { 0x084000101f3fd208ULL, 4639 },
	{ 0x080000000f808081ULL, 17077 }, { 0x0004000008003f80ULL, 62324 },
	{ 0x08000001001fe040ULL, 18159 }, { 0x72dd000040900a00ULL, 61436 },
	{ 0xfffffeffbfeff81dULL, 57073 }, { 0xcd8000200febf209ULL, 61025 },
	{ 0x100000101ec10082ULL, 81259 }, { 0x7fbaffffefe0c02fULL, 64083 },
	{ 0x7f83fffffff07f7fULL, 56114 }, { 0xfff1fffffff7ffc1ULL, 57058 },
	{ 0x0878040000ffe01fULL, 58912 }, { 0x945e388000801012ULL, 22194 },
	{ 0x0840800080200fdaULL, 70880 }, { 0x100000c05f582008ULL, 11140 },
};

/* Each square's lookup state, [0] rook, [1] bishop, one array per field: at a square it does
 * not know gcc loads each at the square scaled by 8, where from a 24-byte {base, notmask,
 * magic} entry it formed a pointer to the entry first (four instructions per lookup; the
 * position loop ran 1.12x faster without them on an Emerald Rapids core). */
static const uint64_t *black_base[2][64];	/* black_tab + the square's offset */
static uint64_t black_notmask[2][64], black_magic[2][64];
static uint64_t black_tab[BLACK_ENTRIES];

/* Returns 0 after writing every subset of sq's mask into the table at its published offset;
 * -1 (with a message) when an index falls outside the table or meets a different attack set. */
static int black_square(unsigned sq, int bishop)
{
	static uint64_t occ[4096], att[4096];
	const struct black_pub *pub = bishop ? &black_bishop_pub[sq] : &black_rook_pub[sq];
	unsigned n = sb_magic_subsets(sq, bishop, occ, att);
	unsigned shift = bishop ? BLACK_BISHOP_SHIFT : BLACK_ROOK_SHIFT;

	black_notmask[bishop][sq] = ~(bishop ? sb_bishop_mask[sq] : sb_rook_mask[sq]);
	black_magic[bishop][sq] = pub->magic;
	black_base[bishop][sq] = black_tab + pub->offset;
	for (unsigned i = 0; i < n; i++) {
		uint64_t key = occ[i] | black_notmask[bishop][sq];
		size_t at = pub->offset + (size_t)((key * pub->magic) >> shift);

		if (at >= BLACK_ENTRIES || (black_tab[at] && black_tab[at] != att[i])) {
			fprintf(stderr, "magic-black: init: %s square %u, occupancy "
				"0x%016llx: entry %zu %s\n", bishop ? "bishop" : "rook", sq,
				(unsigned long long)occ[i], at,
				at >= BLACK_ENTRIES ? "is outside the table" : "is taken");
			return -1;
		}
		black_tab[at] = att[i];
	}
	return 0;
}

/* Returns 0 once every square's entries are in place (the second call is free). */
static int black_init(void)
{
	static int done;

	if (done)
		return 0;
	for (unsigned j = 0; j < 128; j++)
		if (black_square(j & 63, j >= 64) < 0)
			return -1;
	done = 1;
	return 0;
}

/* Returns the attacks of piece p (0 rook, 1 bishop) at sq from its runtime state or, at a
 * square the compiler knows, from the published constants pub: the same numbers (init() copies
 * them), but constants fold into the instructions (the magic and the mask immediates, the
 * offset into the load's displacement), as the peer's constexpr tables give it, where the
 * runtime state costs three loads. */
static inline uint64_t black_attacks(unsigned p, unsigned sq, const struct black_pub *pub,
				     uint64_t notmask, int known, unsigned shift, uint64_t occ)
{
	if (known)
		return black_tab[pub->offset + (((occ | notmask) * pub->magic) >> shift)];
	return black_base[p][sq][((occ | black_notmask[p][sq]) * black_magic[p][sq]) >> shift];
}

/* Returns the rook attacks from sq: or, multiply, fixed shift, load. */
static inline uint64_t black_rook(unsigned sq, uint64_t occ)
{
	return black_attacks(0, sq, &black_rook_pub[sq], ~sb_rook_mask[sq],
			     __builtin_constant_p(sq), BLACK_ROOK_SHIFT, occ);
}

/* Returns the bishop attacks from sq. */
static inline uint64_t black_bishop(unsigned sq, uint64_t occ)
{
	return black_attacks(1, sq, &black_bishop_pub[sq], ~sb_bishop_mask[sq],
			     __builtin_constant_p(sq), BLACK_BISHOP_SHIFT, occ);
}

SB_DEFINE_LOOPS(black, black_rook, black_bishop)

static const struct sb_kernel magic_black = {
	.abi_version = SB_ABI_VERSION,
	.name = "magic-black",
	.family = "magic",
	.description = "black magic bitboards: ((occ|~mask)*magic)>>52 (rook) / >>55 (bishop), "
		       "fixed shift, overlapping per-square windows in one 87,988-entry table, "
		       "Annuss/Fiekas published magics and offsets (talkchess t=64790, CPW Magic "
		       "Bitboards)",
	.word_bits = 64,
	.branching = SB_BRANCHLESS,
	/* The shared table and the per-square state the lookup reads; the published numbers
	 * (black_*_pub) are read by init() only. */
	.table_bytes = sizeof black_base + sizeof black_notmask + sizeof black_magic +
		       sizeof black_tab,
	.init = black_init,
	.rook = black_rook_ptr,
	.bishop = black_bishop_ptr,
	.run = black_run,
};
SB_REGISTER(magic_black);
