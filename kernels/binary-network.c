/* binary-network.c - sliding attacks inferred by a binary neural network per square (Daniel
 * Infuehr's "Binary Neural Network" in Chess_Movegen, 2022): the relevant occupancy is packed
 * by pext into 16 input bits, one small network per attack square says whether that square is
 * attacked, and pdep spreads the answers over the slider's rays.
 *
 * One network, for one output square: 32 hidden units, each looking at one input byte (even
 * units the low byte, odd units the high byte), fires when that byte is within Hamming
 * distance 3 of its weight byte (popcount(byte ^ w) < 4); the output fires when more than 16
 * of the 32 units fire.  So a network is 32 weight bytes, and evaluating it is an XOR of a
 * 32-byte vector, a byte popcount, a compare, a movemask and a popcount: AVX2 here, as in the
 * original.  A rook has 14 networks, a bishop up to 13.
 *
 * The weights are ours, trained in init() (the original ships weights trained offline, under
 * its own licence; we use none of them).  A square's output is "no input bit between the
 * slider and it is set", and a network's count is (units of the low byte that fire) + (units
 * of the high byte that fire), so the search keeps a count per byte value of each byte and a
 * step (flip one weight bit) costs one pass over the byte values it changes.  The search is
 * a seeded local search (keep a flip unless it costs; take a costly one with probability
 * 2^-(cost increase x stage)), short and restarted from another seed when it stalls; the
 * same problem recurs at many squares and is trained once.  It is integer-only with fixed
 * seeds, so every machine trains the same networks; init() refuses the kernel if one does
 * not converge, and verify checks every network on every occupancy, as for any kernel.
 * Training takes about 0.7 s (gcc -O2, Zen 5; 1.2 s on Emerald Rapids), in every process that
 * runs the kernel, so the trained networks are kept in bn_weights.h: init() takes each from
 * there after checking it on every input, and trains only a network missing there or wrong.
 * Sources: Chess_Movegen BinaryNeuralNetwork.hpp's description (the architecture above); the
 * training is our own.  Written from the description. */
#include <stdio.h>
#include <string.h>

#include "bn_weights.h"
#include "kernel.h"
#include "lines.h"
#include "magic_search.h"
#include "pext_layout.h"
#include "simd_x86.h"

#define BN_UNITS 16       /* hidden units per input byte */
#define BN_FIRE 17        /* units that must fire for an output to fire */
#define BN_ROOK_OUT 14
#define BN_BISHOP_OUT 13  /* the most squares a bishop attacks on an empty board */

/* One square: its networks' weights (unit 2k reads the low byte, 2k + 1 the high one),
 * where the input comes from and where the outputs go. */
struct bn_sq {
	uint64_t gather, scatter;
	const uint8_t (*net)[2 * BN_UNITS];
};

static uint8_t bn_rook_w[64][BN_ROOK_OUT][2 * BN_UNITS] __attribute__((aligned(32)));
static uint8_t bn_bishop_w[64][BN_BISHOP_OUT][2 * BN_UNITS] __attribute__((aligned(32)));
static struct bn_sq bn_rook_sq[64], bn_bishop_sq[64];

static const char *bn_unavailable(void)
{
#if SB_X86 && defined(__x86_64__)
	__builtin_cpu_init();
	if (!__builtin_cpu_supports("avx2"))
		return "needs AVX2";
	return __builtin_cpu_supports("bmi2") ? NULL : "needs BMI2 (pext, pdep)";
#else
	return "needs x86-64 with AVX2 and BMI2" SB_BUILD_FOR;
#endif
}

#if SB_X86 && defined(__x86_64__)
#if defined(__clang__)
#pragma clang attribute push(__attribute__((target("avx2,bmi2,popcnt"))), apply_to = function)
#else
#pragma GCC push_options
#pragma GCC target("avx2,bmi2,popcnt")
#endif

/* Returns the attacks of the slider whose networks and masks are s, running n networks. */
static SB_ALWAYS_INLINE uint64_t bn_infer(const struct bn_sq *s, unsigned n, uint64_t occ)
{
	/* Byte popcounts from nibble tables, the low nibble's biased by 124: a byte's sum
	 * reaches 128 (its sign bit, which movemask reads) exactly when its popcount is 4 or
	 * more, so the mask holds the units that do not fire and no compare is needed (gcc
	 * made the compare against 4 a min and an equality, two instructions). */
#define BN_C(v) (char)(unsigned char)(v)
#define BN_NIB(b) BN_C((b) + 0), BN_C((b) + 1), BN_C((b) + 1), BN_C((b) + 2), BN_C((b) + 1), \
		  BN_C((b) + 2), BN_C((b) + 2), BN_C((b) + 3), BN_C((b) + 1), BN_C((b) + 2), \
		  BN_C((b) + 2), BN_C((b) + 3), BN_C((b) + 2), BN_C((b) + 3), BN_C((b) + 3), \
		  BN_C((b) + 4)
	const __m256i lo_pc = _mm256_setr_epi8(BN_NIB(124), BN_NIB(124));
	const __m256i hi_pc = _mm256_setr_epi8(BN_NIB(0), BN_NIB(0));
#undef BN_NIB
#undef BN_C
	const __m256i low = _mm256_set1_epi8(0x0F);
	__m256i in = _mm256_set1_epi16((short)_pext_u64(occ, s->gather));
	uint64_t out = 0;

#pragma GCC unroll 14
	for (unsigned i = 0; i < n; i++) {
		__m256i x = _mm256_xor_si256(in, _mm256_load_si256((const __m256i *)s->net[i]));
		__m256i c = _mm256_add_epi8(_mm256_shuffle_epi8(lo_pc, _mm256_and_si256(x, low)),
					    _mm256_shuffle_epi8(hi_pc, _mm256_and_si256(
						    _mm256_srli_epi16(x, 4), low)));
		unsigned idle = (unsigned)_mm256_movemask_epi8(c);

		out |= (uint64_t)(__builtin_popcount(idle) <= 2 * BN_UNITS - BN_FIRE) << i;
	}
	return _pdep_u64(out, s->scatter);
}

static inline uint64_t bn_rook(unsigned sq, uint64_t occ)
{
	return bn_infer(&bn_rook_sq[sq], BN_ROOK_OUT, occ);
}

static inline uint64_t bn_bishop(unsigned sq, uint64_t occ)
{
	return bn_infer(&bn_bishop_sq[sq], BN_BISHOP_OUT, occ);
}
#else /* never run (unavailable), keeps the file building */
SB_FALLBACK_LOOKUPS(bn)
#endif

SB_DEFINE_LOOPS(bn, bn_rook, bn_bishop)

#if SB_X86 && defined(__x86_64__) && defined(__clang__)
#pragma clang attribute pop
#elif SB_X86 && defined(__x86_64__)
#pragma GCC pop_options
#endif

/* ---- training (init only) ---- */

/* One network's problem: the input bits in use (live) and the ones between the slider and the
 * output square (rel); the output fires iff the input has none of rel.  The same problem
 * recurs at many squares (203 distinct ones among 1,456 networks) and is trained once. */
struct bn_problem {
	uint16_t live, rel;
	uint8_t w[2 * BN_UNITS];
};

#define BN_PROBLEMS 512
static struct bn_problem bn_prob[BN_PROBLEMS];
static unsigned bn_nprob;

static int bn_fires(unsigned v, unsigned w) { return __builtin_popcount((v ^ w) & 0xFF) < 4; }

/* Returns how far c firing units are from the answer `on` wants. */
static int bn_miss(int on, int c)
{
	return on ? (c < BN_FIRE ? BN_FIRE - c : 0) : (c >= BN_FIRE ? c - BN_FIRE + 1 : 0);
}

/* Fills val[b] with the n[b] values byte b of the input takes (live bits only) and count[b][v]
 * with how many units of byte b fire on value v under p->w; returns how far the network is
 * from p's answer over every input (0: it is right on all of them). */
static int bn_tally(const struct bn_problem *p, uint8_t val[2][256], unsigned n[2],
		    int count[2][256], unsigned rel[2])
{
	unsigned live[2] = { p->live & 0xFFu, (unsigned)p->live >> 8 };
	int cost = 0;

	rel[0] = p->rel & 0xFFu;
	rel[1] = (unsigned)p->rel >> 8;
	for (unsigned b = 0; b < 2; b++) {
		n[b] = 0;
		for (unsigned v = 0; v < 256; v++)
			if ((v & ~live[b]) == 0)
				val[b][n[b]++] = (uint8_t)v;
		memset(count[b], 0, sizeof count[b]);
	}
	for (unsigned u = 0; u < 2 * BN_UNITS; u++)
		for (unsigned k = 0; k < n[u & 1]; k++)
			count[u & 1][val[u & 1][k]] += bn_fires(val[u & 1][k], p->w[u]);
	for (unsigned i = 0; i < n[0]; i++)
		for (unsigned j = 0; j < n[1]; j++)
			cost += bn_miss(!(val[0][i] & rel[0]) && !(val[1][j] & rel[1]),
					count[0][val[0][i]] + count[1][val[1][j]]);
	return cost;
}

/* One local search for p->w from the seed `attempt`, `steps` steps long; returns 0 when every
 * input gets its answer.  count[b][v]: how many units of byte b fire on byte value v (the
 * network's count on input x is count[0][x & 0xFF] + count[1][x >> 8]). */
static int bn_search(struct bn_problem *p, unsigned attempt, uint32_t steps)
{
	struct sb_magic_rng seed;
	unsigned rel[2], n[2];
	uint8_t val[2][256];
	int count[2][256];
	int cost;

	sb_magic_seed(&seed, ((uint64_t)attempt << 32) | ((uint64_t)p->live << 16) | p->rel);
	for (unsigned u = 0; u < 2 * BN_UNITS; u++)
		p->w[u] = (uint8_t)sb_magic_next(&seed);
	cost = bn_tally(p, val, n, count, rel);
	for (uint32_t step = 0; step < steps && cost; step++) {
		unsigned u = (unsigned)(sb_magic_next(&seed) & (2 * BN_UNITS - 1)), b = u & 1, o = b ^ 1;
		unsigned w = p->w[u] ^ (1u << (sb_magic_next(&seed) & 7));
		int d = 0, sh;

		for (unsigned k = 0; k < n[b]; k++) {
			unsigned v = val[b][k];
			int dc = bn_fires(v, w) - bn_fires(v, p->w[u]);

			if (!dc)
				continue;
			for (unsigned j = 0; j < n[o]; j++) {
				unsigned x = val[o][j];
				int on = !(v & rel[b]) && !(x & rel[o]), c = count[b][v] + count[o][x];

				d += bn_miss(on, c + dc) - bn_miss(on, c);
			}
		}
		/* a worse step is taken with probability 2^-(d x stage), the stage rising every
		 * 2048 steps: integer-only, so every machine trains the same weights */
		sh = d * (1 + (int)(step >> 11));
		if (d > 0 && (sh > 40 || (sb_magic_next(&seed) & ((1ULL << sh) - 1)) != 0))
			continue;
		for (unsigned k = 0; k < n[b]; k++)
			count[b][val[b][k]] += bn_fires(val[b][k], w) - bn_fires(val[b][k], p->w[u]);
		p->w[u] = (uint8_t)w;
		cost += d;
	}
	return cost;
}

/* The networks trained before (bn_weights.h), each with its problem. */
static const struct {
	uint16_t live, rel;
	char hex[4 * BN_UNITS + 1];
} bn_known_w[] = {
#define BN_W_(live, rel, hex) { live, rel, hex },
	SB_BN_WEIGHTS(BN_W_)
#undef BN_W_
};

/* Sets p->w from bn_weights.h when it holds p's problem and the network there is right on
 * every input; returns 1 then, else 0 (p is trained by search). */
static int bn_known(struct bn_problem *p)
{
	unsigned rel[2], n[2];
	uint8_t val[2][256];
	int count[2][256];

	for (size_t i = 0; i < sizeof bn_known_w / sizeof bn_known_w[0]; i++) {
		if (bn_known_w[i].live != p->live || bn_known_w[i].rel != p->rel)
			continue;
		for (unsigned u = 0; u < 2 * BN_UNITS; u++) {
			unsigned byte = 0;
			for (unsigned h = 0; h < 2; h++) {
				char c = bn_known_w[i].hex[2 * u + h];
				byte = byte << 4 | (unsigned)(c <= '9' ? c - '0' : c - 'a' + 10);
			}
			p->w[u] = (uint8_t)byte;
		}
		return bn_tally(p, val, n, count, rel) == 0;
	}
	return 0;
}

/* Returns the trained problem (live, rel), or NULL if no search converged. */
static const struct bn_problem *bn_solve(unsigned live, unsigned rel)
{
	struct bn_problem *p;

	for (unsigned i = 0; i < bn_nprob; i++)
		if (bn_prob[i].live == live && bn_prob[i].rel == rel)
			return &bn_prob[i];
	if (bn_nprob == BN_PROBLEMS)
		return NULL;
	p = &bn_prob[bn_nprob];
	p->live = (uint16_t)live;
	p->rel = (uint16_t)rel;
	if (bn_known(p)) {
		bn_nprob++;
		return p;
	}
	/* short searches from many seeds beat long ones: 5,000 steps from up to 32 seeds solve
	 * all 203 problems (the hardest, a rook's output behind three input bits of one byte,
	 * takes 31 seeds; 3,000 steps left two for the next stage and cost more in all);
	 * longer searches if ever needed.  The seeds come from magic_search's generator. */
	for (uint32_t steps = 5000; steps <= 80000; steps *= 4)
		for (unsigned attempt = 0; attempt < 32; attempt++)
			if (bn_search(p, attempt, steps) == 0) {
				bn_nprob++;
				return p;
			}
	return NULL;
}

/* Trains the network of an output square into w: gather is the slider's input squares,
 * between the squares between it and the output square.  Returns 0, or -1. */
static int bn_train(uint64_t gather, uint64_t between, uint8_t w[2 * BN_UNITS])
{
	unsigned n = sb_popcount(gather);
	const struct bn_problem *p = bn_solve((unsigned)((1ULL << n) - 1),
					      (unsigned)sb_pext_soft(between, gather));

	if (!p)
		return -1;
	memcpy(w, p->w, sizeof p->w);
	return 0;
}

/* Trains one slider's networks; returns 0 or -1. */
static int bn_square(struct bn_sq *s, unsigned sq, int bishop, uint8_t (*net)[2 * BN_UNITS],
		     unsigned n_out)
{
	uint64_t rays = bishop ? sb_ref_bishop(sq, 0) : sb_ref_rook(sq, 0), r = rays;

	s->gather = bishop ? sb_bishop_mask[sq] : sb_rook_mask[sq];
	s->scatter = rays;
	s->net = (const uint8_t (*)[2 * BN_UNITS])net;
	memset(net, 0, n_out * sizeof net[0]);
	for (unsigned o = 0; r; o++, r &= r - 1) {
		unsigned t = (unsigned)sb_lsb(r);
		uint64_t between = bishop ? sb_ref_bishop(sq, 1ULL << t) & sb_ref_bishop(t, 1ULL << sq)
					  : sb_ref_rook(sq, 1ULL << t) & sb_ref_rook(t, 1ULL << sq);

		if (o >= n_out || bn_train(s->gather, between, net[o]) < 0) {
			fprintf(stderr, "binary-network: init: %s on square %u, output %u: the "
				"training did not converge\n", bishop ? "bishop" : "rook", sq, o);
			return -1;
		}
	}
	return 0;
}

/* Returns 0 once every network is trained (the second call is free). */
static int bn_init(void)
{
	static int done;

	if (done)
		return 0;
	sb_lines_init();
	for (unsigned sq = 0; sq < 64; sq++)
		if (bn_square(&bn_rook_sq[sq], sq, 0, bn_rook_w[sq], BN_ROOK_OUT) < 0 ||
		    bn_square(&bn_bishop_sq[sq], sq, 1, bn_bishop_w[sq], BN_BISHOP_OUT) < 0)
			return -1;
	done = 1;
	return 0;
}

static const struct sb_kernel binary_network = {
	.abi_version = SB_ABI_VERSION,
	.name = "binary-network",
	.family = "network",
	.description = "SIMD AVX2 + BMI2: a binary neural network per attack square (32 "
		       "Hamming-ball units on the pext'd occupancy, majority vote), pdep to the "
		       "rays; weights trained in init() (Chess_Movegen Binary Neural Network)",
	.word_bits = 64,
	.simd = 1,
	.branching = SB_BRANCHLESS,
	.table_bytes = sizeof bn_rook_w + sizeof bn_bishop_w + sizeof bn_rook_sq +
		       sizeof bn_bishop_sq,
	.init = bn_init,
	.unavailable = bn_unavailable,
	.rook = bn_rook_ptr,
	.bishop = bn_bishop_ptr,
	.run = bn_run,
	.needs = "AVX2 and BMI2",
};
SB_REGISTER(binary_network);
