/* magic-plain.c - plain magic bitboards: (occ & mask) * magic >> (64 - 12) for rooks and
 * >> (64 - 9) for bishops, a fixed-size [64][4096] / [64][512] table row per square (the
 * plain layout of the chessprogramming "Magic Bitboards" page).  The magics are the ones
 * kernels/magic_search.c finds from seed 19, written out below so that init() only checks
 * them (the search took 0.3 s a process in the -m32 build and seconds under valgrind); a
 * magic that sends two attack sets to one slot refuses the kernel. */
#include <stdio.h>

#define SB_PEER_RANDOM_UNROLL 12  /* a short lookup: the peer-random loop written out (kernel.h) */
#include "kernel.h"
#include "lines.h"
#include "magic_search.h"

#define PLAIN_ROOK_BITS 12
#define PLAIN_BISHOP_BITS 9

/* X(sq, rook magic, bishop magic) for every square a1..h8: sb_magic_search from seed 19
 * (sb_magic_seed), rooks a1..h8 then bishops, each job's shift and mask as plain_square's. */
#define PLAIN_MAGICS(X) \
	X( 0, 0x0080006070400780ULL, 0x1018880188c08008ULL) \
	X( 1, 0x1040001000082003ULL, 0x00002180a1420200ULL) \
	X( 2, 0x0020040008002000ULL, 0x005c011a04048003ULL) \
	X( 3, 0x0800801031200800ULL, 0x0090c10010010918ULL) \
	X( 4, 0x0008020104004080ULL, 0x0002121000a00000ULL) \
	X( 5, 0x202001080c008200ULL, 0x8610802420008202ULL) \
	X( 6, 0x6010150040800102ULL, 0x0802880188404000ULL) \
	X( 7, 0x8200008104c2032cULL, 0x0080488108004000ULL) \
	X( 8, 0x8100082092408020ULL, 0x0050268880104400ULL) \
	X( 9, 0x2402022000410008ULL, 0x4070d82801002022ULL) \
	X(10, 0x0000084320011000ULL, 0x0028100340424c28ULL) \
	X(11, 0x0600800390808008ULL, 0x1020c0e010800002ULL) \
	X(12, 0x0000200208140005ULL, 0xc000112040010240ULL) \
	X(13, 0x0840410434000200ULL, 0x8110000902440480ULL) \
	X(14, 0x0282680082200102ULL, 0x010000c010002120ULL) \
	X(15, 0x2002000200802044ULL, 0x0020804202088091ULL) \
	X(16, 0x0001200820001000ULL, 0x02080020c0410808ULL) \
	X(17, 0x0c42020100100052ULL, 0x8003002050086350ULL) \
	X(18, 0x0104000801201020ULL, 0x2802010114040002ULL) \
	X(19, 0x540008008108002aULL, 0x0004200041000200ULL) \
	X(20, 0x00410c2042000105ULL, 0x820408808020a08cULL) \
	X(21, 0x01000a0010008200ULL, 0x80000c03002a50c8ULL) \
	X(22, 0x2200008035000201ULL, 0x0a00104004021a00ULL) \
	X(23, 0x000010f001000040ULL, 0x4002220112041208ULL) \
	X(24, 0x0210a04004084024ULL, 0x0001304a18810414ULL) \
	X(25, 0xc120080004b00140ULL, 0x38a02a0801001210ULL) \
	X(26, 0x2000042040c12000ULL, 0x0020102020408080ULL) \
	X(27, 0x6000020020041011ULL, 0x3244040000401080ULL) \
	X(28, 0x8002008018040008ULL, 0x4000840002802000ULL) \
	X(29, 0x0200080108100414ULL, 0x0009002000402000ULL) \
	X(30, 0x8008020100304190ULL, 0x0008104010802480ULL) \
	X(31, 0xa008008200010044ULL, 0x04000880010090c0ULL) \
	X(32, 0x0060408021400050ULL, 0x0202080208152005ULL) \
	X(33, 0x0014080800484000ULL, 0x1101006004880800ULL) \
	X(34, 0x082020000c098302ULL, 0x0002085000024020ULL) \
	X(35, 0x4020441201200800ULL, 0x0800020080880080ULL) \
	X(36, 0x0018020010200101ULL, 0x4004200200002080ULL) \
	X(37, 0x011001814060040cULL, 0x0208052440200800ULL) \
	X(38, 0x1000410000802206ULL, 0xa40c840108808080ULL) \
	X(39, 0x2080044800a00100ULL, 0x00c1000408009500ULL) \
	X(40, 0x0820001000206008ULL, 0x002200a008428111ULL) \
	X(41, 0x064001108800040cULL, 0x0801080448004480ULL) \
	X(42, 0xa200f80041080080ULL, 0x0801090014000202ULL) \
	X(43, 0x6042680090400404ULL, 0x0000000608000404ULL) \
	X(44, 0x80a6040302090002ULL, 0x1000300030110201ULL) \
	X(45, 0x1288800202c01400ULL, 0x0204ce210010089aULL) \
	X(46, 0x02a1c0014000a010ULL, 0x000402414c002004ULL) \
	X(47, 0x4001000080007009ULL, 0x0042004401086404ULL) \
	X(48, 0x00a0002012004140ULL, 0x0000880402922000ULL) \
	X(49, 0x0550020028213002ULL, 0x0028b2000bc10000ULL) \
	X(50, 0x4000100004801880ULL, 0x0040200202820410ULL) \
	X(51, 0x100108020410000aULL, 0xd00040418080a840ULL) \
	X(52, 0x0010801008040068ULL, 0x00006101102e0400ULL) \
	X(53, 0x6084000200018810ULL, 0x804400a081430050ULL) \
	X(54, 0x0606400800814180ULL, 0x0001080104480801ULL) \
	X(55, 0x2000032080044010ULL, 0xa010900280041000ULL) \
	X(56, 0x4002002100408012ULL, 0x102422010c050100ULL) \
	X(57, 0x14020210810460c2ULL, 0x8032104068043005ULL) \
	X(58, 0x10a6006460081022ULL, 0x0043208109008200ULL) \
	X(59, 0x6400528840020032ULL, 0x110082940c022110ULL) \
	X(60, 0x080101151002000aULL, 0x0200624843004100ULL) \
	X(61, 0x0080008900440021ULL, 0xe0000022020c0100ULL) \
	X(62, 0x2000008c01044204ULL, 0x8180040808e00c00ULL) \
	X(63, 0x000004002049008aULL, 0x4081010104010040ULL)

#define PLAIN_ROW_(sq, r, b) { r, b },
static const uint64_t plain_magics[64][2] = { PLAIN_MAGICS(PLAIN_ROW_) };

/* Each square's mask and magic, [0] rook, [1] bishop, one array per field (see
 * plain_rook). */
static uint64_t plain_mask[2][64], plain_magic[2][64];
static uint64_t plain_rook_tab[64][1u << PLAIN_ROOK_BITS];
static uint64_t plain_bishop_tab[64][1u << PLAIN_BISHOP_BITS];

/* Returns 0 after filling sq's table row with its magic; -1 (with a message) when the magic
 * sends two different attack sets to one slot. */
static int plain_square(unsigned sq, int bishop)
{
	static uint64_t occ[4096], att[4096];
	unsigned bits = bishop ? PLAIN_BISHOP_BITS : PLAIN_ROOK_BITS;
	uint64_t *row = bishop ? plain_bishop_tab[sq] : plain_rook_tab[sq];
	unsigned n = sb_magic_subsets(sq, bishop, occ, att);

	plain_mask[bishop][sq] = bishop ? sb_bishop_mask[sq] : sb_rook_mask[sq];
	plain_magic[bishop][sq] = plain_magics[sq][bishop];
	for (unsigned i = 0; i < 1u << bits; i++)
		row[i] = 0;
	for (unsigned i = 0; i < n; i++) {
		uint64_t *e = &row[(occ[i] * plain_magic[bishop][sq]) >> (64 - bits)];

		if (*e && *e != att[i]) {
			fprintf(stderr, "magic-plain: init: the %s magic of square %u sends two "
				"attack sets to one slot\n", bishop ? "bishop" : "rook", sq);
			return -1;
		}
		*e = att[i];
	}
	return 0;
}

/* Returns 0 once every square has its magic and table row (the second call is free). */
static int plain_init(void)
{
	static int done;

	if (done)
		return 0;
	for (int bishop = 0; bishop < 2; bishop++)
		for (unsigned sq = 0; sq < 64; sq++)
			if (plain_square(sq, bishop) < 0)
				return -1;
	done = 1;
	return 0;
}

/* Returns the rook attacks from sq: one multiply, one shift, one load.  The mask and the
 * magic come from arrays of 8-byte fields, so gcc loads each at the square scaled by 8; from a
 * 16-byte {mask, magic} entry it formed a pointer to the entry first (a shift and two adds per
 * lookup; the position loop ran 1.13x faster without them on an Emerald Rapids core). */
static inline uint64_t plain_rook(unsigned sq, uint64_t occ)
{
	return plain_rook_tab[sq][((occ & plain_mask[0][sq]) * plain_magic[0][sq]) >>
				  (64 - PLAIN_ROOK_BITS)];
}

/* Returns the bishop attacks from sq. */
static inline uint64_t plain_bishop(unsigned sq, uint64_t occ)
{
	return plain_bishop_tab[sq][((occ & plain_mask[1][sq]) * plain_magic[1][sq]) >>
				    (64 - PLAIN_BISHOP_BITS)];
}

SB_DEFINE_LOOPS(plain, plain_rook, plain_bishop)

static const struct sb_kernel magic_plain = {
	.abi_version = SB_ABI_VERSION,
	.name = "magic-plain",
	.family = "magic",
	.description = "plain magic bitboards: (occ&mask)*magic>>52 (rook) / >>55 (bishop), "
		       "fixed [64][4096]+[64][512] tables, magics from our fixed-seed search "
		       "(chessprogramming Magic Bitboards)",
	.word_bits = 64,
	.branching = SB_BRANCHLESS,
	.table_bytes = sizeof plain_mask + sizeof plain_magic + sizeof plain_rook_tab +
		       sizeof plain_bishop_tab,
	.init = plain_init,
	.rook = plain_rook_ptr,
	.bishop = plain_bishop_ptr,
	.run = plain_run,
};
SB_REGISTER(magic_plain);
