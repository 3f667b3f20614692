/* kernel.h - the slidebench kernel plugin ABI.
 *
 * A kernel is one `const struct sb_kernel` filled with designated initializers (the SQLite VFS /
 * Linux file_operations pattern); everything else in its file is static.  The harness never
 * calls a kernel's lookup per timed lookup through a pointer: each kernel file expands
 * SB_DEFINE_LOOPS() over its static inline lookups, which gives it a `run` function holding
 * every timed loop with the lookups inlined.  The pointer is paid once per batch.
 *
 * Adding a kernel is adding one .c file in kernels/ that ends with SB_REGISTER(descriptor).
 * In the harness build the macro drops a pointer into the `sb_kernels` linker section, which
 * the registry walks; in a plugin build (-DSB_PLUGIN) it exports `sb_plugin_kernel` for dlsym.
 * A plugin may be C++ (C++17 or later): this file and those it includes compile as C++ too,
 * so they hold no construct C alone has (array designators, out-of-order or partial struct
 * designators), and the registration exports a C name.
 *
 * Squares are 0..63 with a1 = 0, b1 = 1, ..., h8 = 63 (little-endian rank-file mapping).
 */
#ifndef SB_KERNEL_H
#define SB_KERNEL_H

#include <stddef.h>
#include <stdint.h>

#include "perft_gen.h"
#include "search_gen.h"

/* The ABI grows as SQLite's VFS does (its iVersion): a descriptor says which version of this
 * header it was built against, and the harness reads every version from SB_ABI_OLDEST up to
 * SB_ABI_VERSION.  So a version may only *append*: a field goes at the end of struct sb_kernel
 * or struct sb_input, a loop at the end of enum sb_loop; nothing is removed, moved or retyped.
 * The harness reads no more of an older plugin's descriptor than its version has
 * (sb_kernel_size: the fields after it read as zero, their "not set"), never asks it for a
 * loop its version lacks (sb_loop_abi: that mode is reported unavailable for it, with the
 * reason), and refuses a plugin built for a newer version than its own, by name.
 * Bump the version for any such addition, and say here what it added:
 * 1: struct sb_kernel abi_version .. run; struct sb_input q, pos, npos, zero; the rook, bishop
 *    and queen stream and chain loops and the position loop.  No longer read: its loops were
 *    inlined into run() and unaligned, so its figures moved with code placement.
 * 2: struct sb_kernel gains prepare and release; struct sb_input gains aux and the pressure
 *    working set (pressure, touch, ntouch, touch_per_pos); enum sb_loop gains SB_LOOP_PEER and
 *    SB_LOOP_PRESSURE; every generated loop function is 64-byte aligned and not inlined into
 *    run().  The oldest version read (SB_ABI_OLDEST).
 * 3: struct sb_kernel gains what the study needs to know of a kernel: sibling and question
 *    (the pair a study question compares) and simd; enum sb_loop gains SB_LOOP_PERFT and
 *    struct sb_input the perft fields (perft, nperft, depth, bulk, nodes);
 *    SB_DEFINE_LOOPS_WITH expands perft_gen.h's generator over the chain lookups (RC, BC).
 * 4: enum sb_loop gains SB_LOOP_PEER_RANDOM, the peer's default loop shape (one occupancy,
 *    SB_PEER_GROUP random squares), which SB_DEFINE_LOOPS_WITH expands with the position
 *    loop's call hook and state (LP, PS).
 * 5: struct sb_input gains group_occ, the peer-random loop's occupancy per group, which its
 *    loop reads instead of q.occ (one occupancy a query, at a stride of SB_PEER_GROUP words).
 * 6: struct sb_kernel gains needs, the x86 instruction-set extensions the kernel cannot run
 *    without (the study's kernels.csv and the report's recommendation name them).
 * 7: enum sb_loop gains SB_LOOP_SEARCH (search_gen.h's alpha-beta search from each of the
 *    perft fields' roots, to their depth, each root's nodes into `nodes`) and struct sb_input
 *    the search's table and results (tt, tt_entries, best); SB_DEFINE_LOOPS_WITH expands the
 *    searcher over the chain lookups (RC, BC), as it does the perft generator.
 * A loop's checksum never changes meaning: an older plugin's loop is verified against the
 * current reference's. */
#define SB_ABI_VERSION 7
#define SB_ABI_OLDEST 2

/* The kernel every other is verified against (a plain ray walk); the oracle, not a candidate. */
#define SB_ORACLE "reference"

enum sb_branching { SB_CONDITIONAL = 0, SB_BRANCHLESS = 1 };

/* The study's questions that set one kernel against another (struct sb_kernel's sibling).
 * The kernel that names the sibling is the first of the pair: ratios are its time over the
 * sibling's.  Zero (the default of a descriptor that says nothing) is no question. */
enum sb_question {
	SB_QUESTION_NONE = 0,
	SB_QUESTION_BITS,       /* designed for 32-bit words, against its 64-bit sibling */
	SB_QUESTION_TABLE,      /* its tables against its sibling's smaller shared ones (4 KB, 512 B) */
	SB_QUESTION_BRANCHING,  /* branchless, against its conditional sibling */
	SB_QUESTION_COUNT       /* keep last */
};

/* The timed loops a kernel's run() provides.  Stream loops are throughput (independent
 * lookups, four accumulators); chain loops are latency (each lookup's occupancy depends on the
 * previous result); the position loop builds both sides' slider attack maps per position.
 * The peer loop is the Chess_Movegen comparison's shape: per occupancy in q.occ[0..n), queen
 * lookups at all 64 squares as compile-time constants, XOR-accumulated (64 * n lookups); the
 * peer-random loop is its default shape: the queries come in groups of SB_PEER_GROUP that
 * share one occupancy, which is loaded once and held while the group's squares are looked
 * up (an engine's generator asks several pieces of one position the same way).  The
 * pressure loop is the position loop plus, after each position, touch_per_pos lines of the
 * pressure working set (see struct sb_input).  The perft loop walks the legal move tree of
 * perft_gen.h from each of in->perft[0..nperft) to in->depth and returns the leaf count; the
 * search loop searches each of them with search_gen.h's alpha-beta to in->depth (iterative
 * deepening, quiescence below) and returns sb_search_roots_'s checksum of their nodes and best
 * moves. */
enum sb_loop {
	SB_LOOP_ROOK_STREAM,
	SB_LOOP_BISHOP_STREAM,
	SB_LOOP_QUEEN_STREAM,
	SB_LOOP_ROOK_CHAIN,
	SB_LOOP_BISHOP_CHAIN,
	SB_LOOP_QUEEN_CHAIN,
	SB_LOOP_POSITION,
	SB_LOOP_PEER,
	SB_LOOP_PRESSURE,
	SB_LOOP_PERFT,
	SB_LOOP_PEER_RANDOM,       /* ABI 4 (sb_loop_abi: each loop's version) */
	SB_LOOP_SEARCH,            /* ABI 7 */
	SB_LOOP_COUNT		/* keep last */
};

/* A query stream: n lookups (sq[i], occ[i]), structure-of-arrays. */
struct sb_queries {
	const uint64_t *occ;
	const uint8_t *sq;
	size_t n;
};

/* One position as the position loop sees it: the occupancy and, per side (0 white, 1 black),
 * the rook-like (rooks | queens) and bishop-like (bishops | queens) sliders. */
struct sb_pos {
	uint64_t occ;
	uint64_t rq[2];
	uint64_t bq[2];
};

/* What a run() call replays.  `zero` is always 0 but opaque to the compiler: chain loops fold
 * (prev & zero) into the next occupancy, which creates the data dependency without changing
 * the input, so the verified inputs are exactly the timed ones.  `aux` is NULL unless the
 * kernel has a prepare() hook, which may hang per-query state there (rotated occupancies,
 * say) outside the timed region.
 * The pressure loop, after each position, loads the first word of touch_per_pos 64-byte lines
 * of `pressure`, at line indices taken in order from touch[0..ntouch), cyclically (each
 * position goes on where the last one stopped), and adds the loaded words into an accumulator
 * that is XORed into the checksum.  Every kernel and the null kernel touch the same lines, so
 * the null's subtraction removes the touching cost and leaves what the competition does to
 * the lookups.  No touching when ntouch or touch_per_pos is 0.
 * group_occ, in the peer-random loop's input, holds each group's occupancy once
 * (group_occ[g] == q.occ[g * SB_PEER_GROUP]), as the peer's array does: the loop reads it
 * there, eight bytes a group, where q.occ (one a query, kept for the per-query checks and
 * for plugins of ABI 4) would have it read one 64-byte line a group.  NULL elsewhere; a
 * peer-random input without it is read from q.occ.
 * The search loop reads its roots from perft[0..nperft) and its depth from depth, writes each
 * root's node count into nodes and its best move and score into best (when not NULL), and
 * keeps its transposition table in tt[0..tt_entries): the harness's, zeroed by it before each
 * pass so every pass searches the same trees (NULL: the loop uses one entry of its own). */
struct sb_input {
	struct sb_queries q;
	const struct sb_pos *pos;
	size_t npos;
	uint64_t zero;
	const void *aux;           /* ABI 2 */
	const uint64_t *pressure;  /* ABI 2: the working set, 8 words per 64-byte line */
	const uint32_t *touch;     /* line indices into pressure, touched in order */
	size_t ntouch;
	unsigned touch_per_pos;    /* lines touched after each position */
	const struct sb_perft_pos *perft;  /* ABI 3: the perft loop's root positions */
	size_t nperft;
	unsigned depth;            /* perft depth (0: each root counts 1) */
	int bulk;                  /* count the last ply's moves instead of playing them */
	uint64_t *nodes;           /* NULL, or [nperft]: each root's leaf count, written */
	const uint64_t *group_occ; /* ABI 5: peer-random's occupancy per group, or NULL */
	struct sb_search_tte *tt;  /* ABI 7: the search loop's transposition table, or NULL */
	size_t tt_entries;
	uint64_t *best;            /* NULL, or [nperft]: each root's best move | score << 32 */
};

typedef uint64_t (*sb_lookup_fn)(unsigned sq, uint64_t occ);

struct sb_kernel {
	int abi_version;           /* SB_ABI_VERSION (the harness reads SB_ABI_OLDEST and on) */
	const char *name;          /* CSV key, e.g. "kindergarten-4k" */
	const char *family;        /* "kindergarten", "classical", "magic", ... */
	const char *description;   /* one line: technique and its source */
	int word_bits;             /* widest multiply or word it relies on: 32 or 64 */
	enum sb_branching branching;
	size_t table_bytes;        /* lookup-table footprint after init(), exact */

	int (*init)(void);                 /* build tables; 0 or -1.  May be NULL. */
	const char *(*unavailable)(void);  /* reason it cannot run here, or NULL.  May be NULL. */
	sb_lookup_fn rook;
	sb_lookup_fn bishop;
	/* Runs one timed loop over `in` and returns a checksum of every result (so nothing is
	 * dead code, and so the loop itself is verified against the reference's checksum). */
	uint64_t (*run)(enum sb_loop loop, const struct sb_input *in);
	/* ABI 2, optional: derive per-input state into in->aux before verification and timing
	 * (0 or -1), and free it after.  Both NULL for stateless kernels. */
	int (*prepare)(struct sb_input *in);
	void (*release)(struct sb_input *in);

	/* ABI 3: what the study needs to know (all may be left zero). */
	const char *sibling;       /* the kernel this one is compared with for `question`, or NULL */
	enum sb_question question; /* which question (SB_QUESTION_NONE without a sibling) */
	int simd;                  /* 1: explicit SIMD (vector registers), else 0 */

	/* ABI 6: the instruction-set extensions this build of the kernel cannot run without, as
	 * its unavailable() names them ("BMI2", "AVX2 and GFNI"), or NULL: what a one-binary
	 * engine that ships the kernel must check for.  What the report says of them:
	 *
	 *   extension  instructions   where it is a trap
	 *   BMI2       PEXT, PDEP     AMD before Zen 3 (family 0x17 and earlier: Zen, Zen+,
	 *                             Zen 2) runs them microcoded, their latency growing with
	 *                             the mask's set bits (tens to hundreds of cycles), against
	 *                             3 cycles on Intel since Haswell and on AMD since Zen 3:
	 *                             a binary that ships a PEXT kernel keeps a fallback
	 *
	 * (report_summary.c's sentence on PEXT says what this row says; keep them together.) */
	const char *needs;
};

/* Returns the bytes of struct sb_kernel a descriptor of ABI version v has (fields are only
 * appended): the harness copies no more of a plugin's descriptor.  A version that appends a
 * field adds its line here. */
static inline size_t sb_kernel_size(int v)
{
	return v >= 6 ? sizeof(struct sb_kernel) : v >= 3 ? offsetof(struct sb_kernel, needs) :
	       offsetof(struct sb_kernel, sibling);
}

/* Returns the ABI version that added loop l: a plugin of an older version has no such loop
 * (its run() returns 0 for it), and the harness does not ask it. */
static inline int sb_loop_abi(enum sb_loop l)
{
	switch (l) {
	case SB_LOOP_PEER: case SB_LOOP_PRESSURE: return 2;
	case SB_LOOP_PERFT: return 3;
	case SB_LOOP_PEER_RANDOM: return 4;
	case SB_LOOP_SEARCH: return 7;
	default: return 1;
	}
}

/* ---- loop generation ------------------------------------------------------------------- */

/* Every timed loop is a function of its own, 64-byte aligned and never inlined into run(), so
 * where its code starts does not move with the size of unrelated code around it (an added
 * kernel file could otherwise move other kernels' figures by up to 19%).  The Makefile's kernel flags
 * (-falign-functions=64 -falign-loops=64) align the loops inside them too. */
#define SB_LOOP_FN_ __attribute__((noinline, aligned(64)))
/* The peer loop writes 64 lookups out in one function, and gcc stops inlining into a function
 * that has grown past its limits (large-function-growth): bob-mike's peer loop called its rook
 * lookup out of line at all 64 squares, and 29 kernels' called at 7 to 128 of them, so those
 * figures carried a call, its register saves and a lookup at a square no longer constant.
 * flatten inlines every call in the loop, as the peer's build does with clang's
 * -mllvm -inline-threshold=16000.  (No other loop of any kernel has a call; a kernel whose
 * lookup is too large for gcc to inline marks it SB_ALWAYS_INLINE.)  noclone under gcc: a loop
 * that reads only two fields of its input was made a clone taking them as arguments
 * (prefix_peer_.isra.0), and flatten did not reach into the clone: bitrotation's peer loop called
 * its line lookup 196 times. */
#if defined(__clang__)
#define SB_PEER_LOOP_FN_ __attribute__((noinline, aligned(64), flatten))
#else
#define SB_PEER_LOOP_FN_ __attribute__((noinline, noclone, aligned(64), flatten))
#endif
#define SB_ALWAYS_INLINE inline __attribute__((always_inline))
/* SB_LINE_DONE(x): an empty asm that takes x in a register and hands it back (no
 * instruction), so x is complete before anything after it uses it.  A lookup made of
 * independent lines puts one after each line's result: gcc otherwise interleaves the lines'
 * instructions all at once and runs out of general registers in a loop that holds a running
 * sum and a pointer or two (hyperbola's random-squares loop spilled four values per lookup,
 * the sum among them: 0.94x the speed it has with its line results marked). */
#define SB_LINE_DONE(x) __asm__("" : "+r"(x))
/* The queen SB_DEFINE_LOOPS makes of a kernel's two lookups: clang 14 called it out of line
 * in five kernels' queen stream loops (the ones whose lookups loop), so under clang it is
 * always inlined; gcc inlines it everywhere by itself but where the lookups are too large,
 * and such a kernel defines SB_QUEEN_INLINE_ as SB_ALWAYS_INLINE before including this file
 * (bitrotation.c). */
#ifndef SB_QUEEN_INLINE_
#if defined(__clang__)
#define SB_QUEEN_INLINE_ SB_ALWAYS_INLINE
#else
#define SB_QUEEN_INLINE_ inline
#endif
#endif

/* How a stream or position loop calls lookup F for entry i (the query's index, or the
 * position's) with square s and occupancy o.  Plain kernels take (s, o); a kernel whose
 * prepare() derived per-query state passes its own hook that hands F that state too. */
#define SB_CALL_(F, in, i, s, o) F((s), (o))

#define SB_STREAM_LOOP_(L, F, in)                                                       \
	do {                                                                            \
		const uint64_t *occ_ = (in)->q.occ;                                     \
		const uint8_t *sq_ = (in)->q.sq;                                        \
		size_t n_ = (in)->q.n, i_ = 0;                                          \
		uint64_t s0_ = 0, s1_ = 0, s2_ = 0, s3_ = 0;                            \
		for (; i_ + 4 <= n_; i_ += 4) {                                         \
			s0_ ^= L(F, in, i_, sq_[i_], occ_[i_]);                         \
			s1_ ^= L(F, in, i_ + 1, sq_[i_ + 1], occ_[i_ + 1]);             \
			s2_ ^= L(F, in, i_ + 2, sq_[i_ + 2], occ_[i_ + 2]);             \
			s3_ ^= L(F, in, i_ + 3, sq_[i_ + 3], occ_[i_ + 3]);             \
		}                                                                       \
		for (; i_ < n_; i_++)                                                   \
			s0_ ^= L(F, in, i_, sq_[i_], occ_[i_]);                         \
		return s0_ ^ (s1_ + s2_) ^ (s3_ * 3);                                   \
	} while (0)

/* The chain loops call F(sq, occ) directly: the occupancy is only known inside the loop, so
 * a kernel's chain lookups derive whatever state they need themselves. */
#define SB_CHAIN_LOOP_(F, in)                                                           \
	do {                                                                            \
		const uint64_t *occ_ = (in)->q.occ;                                     \
		const uint8_t *sq_ = (in)->q.sq;                                        \
		const uint64_t z_ = (in)->zero;                                         \
		uint64_t prev_ = 0, sum_ = 0;                                           \
		for (size_t i_ = 0; i_ < (in)->q.n; i_++) {                             \
			prev_ = F(sq_[i_], occ_[i_] | (prev_ & z_));                    \
			sum_ += prev_;                                                  \
		}                                                                       \
		return sum_;                                                            \
	} while (0)

/* Position state hooks, named by a prefix PS: PS##_DECL_(in) declares the position loop's
 * running state, PS##_STEP_(in, o) brings it to occupancy o before that position's lookups
 * (state an engine keeps incrementally, such as rotated occupancies; the positions are
 * consecutive plies of a game).  SB_NO_STATE keeps none. */
#define SB_NO_STATE_DECL_(in)
#define SB_NO_STATE_STEP_(in, o)

/* The pressure loop's touching after a position (see struct sb_input), in the position loop's
 * variables: tpp_ lines per position, t_ the next index into touch, tacc_ the accumulator. */
#define SB_TOUCH_(in)                                                                   \
	for (unsigned k_ = 0; k_ < tpp_; k_++) {                                        \
		tacc_ += (in)->pressure[(size_t)(in)->touch[t_] * 8];                   \
		t_ = t_ + 1 == (in)->ntouch ? 0 : t_ + 1;                               \
	}
#define SB_NO_TOUCH_(in)

#define SB_POSITION_LOOP_(L, R, B, PS, TOUCH, in)                                       \
	do {                                                                            \
		uint64_t sum_ = 0, tacc_ = 0;                                           \
		size_t t_ = 0;                                                          \
		const unsigned tpp_ = (in)->ntouch ? (in)->touch_per_pos : 0;           \
		PS##_DECL_(in)                                                          \
		for (size_t i_ = 0; i_ < (in)->npos; i_++) {                            \
			const struct sb_pos *p_ = &(in)->pos[i_];                       \
			PS##_STEP_(in, p_->occ)                                         \
			for (int c_ = 0; c_ < 2; c_++) {                                \
				uint64_t att_ = 0, bb_;                                 \
				for (bb_ = p_->rq[c_]; bb_; bb_ &= bb_ - 1)             \
					att_ |= L(R, in, i_, (unsigned)__builtin_ctzll(bb_), p_->occ); \
				for (bb_ = p_->bq[c_]; bb_; bb_ &= bb_ - 1)             \
					att_ |= L(B, in, i_, (unsigned)__builtin_ctzll(bb_), p_->occ); \
				sum_ += att_ ^ (uint64_t)c_;                            \
			}                                                               \
			TOUCH(in)                                                       \
		}                                                                       \
		(void)t_;                                                               \
		(void)tpp_;                                                             \
		return sum_ ^ tacc_;                                                    \
	} while (0)

/* The peer loop: per occupancy o_, the position state brought to it (PS, as in the position
 * loop: the peer prepares a stateful kernel once per occupancy too), then the kernel's queen Q
 * through hook L at the 64 squares written out as constants.  Each lookup takes an opaque copy
 * of the occupancy and its result is made opaque after it (SB_PEER_OPAQUE_): gcc otherwise
 * shares work between lookups at squares of one line (occ & the line's mask, its byte swap)
 * across all 64, keeps every shared value live at once and spills them (hyperbola's peer loop
 * had a 2.8 KB stack frame; with the barriers pext went from 1131 to 1734 MQueens/s and
 * sbamg-inline from 193 to 416 on one machine).  The barriers emit no instruction.
 * Each result is stored, as the peer stores each to a volatile, into the occupancy's row of
 * 64, and the row is folded into the checksum with 32-byte vector XORs once per occupancy (16
 * for 64 lookups; the checksum is still the XOR of every result).  A running XOR per lookup
 * is one more integer operation beside each lookup's own, on the ports PEXT and the bit scans
 * share: pext's peer loop ran 1.078x faster with the stores on an Emerald Rapids core, the
 * geometric mean of all 54 kernels 1.005x (docs/methodology.md).  The loop reads the input's
 * pointer and count once, before it: after each occupancy's fence it had to load both again,
 * two dependent loads ahead of the occupancy every lookup waits for. */
#define SB_PEER_OPAQUE_(x) __asm__ volatile("" : "+r"(x))
typedef uint64_t sb_peer_row_ __attribute__((vector_size(32), aligned(32)));
#define SB_PEER1_(L, Q, in, o, sq)                                                      \
	{                                                                               \
		uint64_t ob_ = (o);                                                     \
		SB_PEER_OPAQUE_(ob_);                                                   \
		uint64_t r_ = L(Q, in, i_, (sq), ob_);                                  \
		SB_PEER_OPAQUE_(r_);                                                    \
		row_[(sq)] = r_;                                                        \
	}
#define SB_PEER8_(L, Q, in, o, r)                                                       \
	SB_PEER1_(L, Q, in, o, 8u * (r) + 0u) SB_PEER1_(L, Q, in, o, 8u * (r) + 1u)     \
	SB_PEER1_(L, Q, in, o, 8u * (r) + 2u) SB_PEER1_(L, Q, in, o, 8u * (r) + 3u)     \
	SB_PEER1_(L, Q, in, o, 8u * (r) + 4u) SB_PEER1_(L, Q, in, o, 8u * (r) + 5u)     \
	SB_PEER1_(L, Q, in, o, 8u * (r) + 6u) SB_PEER1_(L, Q, in, o, 8u * (r) + 7u)

/* A compiler barrier per occupancy: the 64 squares' masks and table bases are constants of the
 * loop, and gcc hoists all of them out of it, then spills them to the stack (hyperbola's peer
 * loop read 1,483 stack slots per pass and ran 4x slower than its stream loop).  The barrier
 * makes each occupancy load what it uses from the tables again, as an engine's lookup does. */
#define SB_PEER_FENCE_() __asm__ volatile("" ::: "memory")
/* The row's 64 stores are made before it is read back as vectors (without it the compiler may
 * forward the stored values and fold them one by one again).  32-byte vectors: 64-byte ones
 * timed the same on an Emerald Rapids core and need AVX-512; a build without AVX2 splits them. */
#define SB_PEER_ROW_DONE_(row) __asm__ volatile("" : : "r"(row) : "memory")

#define SB_PEER_LOOP_(L, Q, PS, in)                                                  \
	do {                                                                            \
		uint64_t row_[64] __attribute__((aligned(64)));                         \
		sb_peer_row_ sum_ = { 0 };                                              \
		uint64_t out_ = 0;                                                      \
		const uint64_t *occ_ = (in)->q.occ;                                     \
		const size_t n_ = (in)->q.n;                                            \
		PS##_DECL_(in)                                                          \
		for (size_t i_ = 0; i_ < n_; i_++) {                                   \
			const uint64_t o_ = occ_[i_];                                   \
			SB_PEER_FENCE_();                                               \
			PS##_STEP_(in, o_)                                              \
			SB_PEER8_(L, Q, in, o_, 0) SB_PEER8_(L, Q, in, o_, 1)           \
			SB_PEER8_(L, Q, in, o_, 2) SB_PEER8_(L, Q, in, o_, 3)           \
			SB_PEER8_(L, Q, in, o_, 4) SB_PEER8_(L, Q, in, o_, 5)           \
			SB_PEER8_(L, Q, in, o_, 6) SB_PEER8_(L, Q, in, o_, 7)           \
			SB_PEER_ROW_DONE_(row_);                                        \
			const sb_peer_row_ *v_ = (const sb_peer_row_ *)row_;            \
			sum_ ^= v_[0] ^ v_[1] ^ v_[2] ^ v_[3] ^ v_[4] ^ v_[5] ^ v_[6] ^ v_[7] ^ \
				v_[8] ^ v_[9] ^ v_[10] ^ v_[11] ^ v_[12] ^ v_[13] ^ v_[14] ^ v_[15]; \
		}                                                                       \
		for (size_t k_ = 0; k_ < sizeof sum_ / sizeof(uint64_t); k_++)         \
			out_ ^= sum_[k_];                                               \
		return out_;                                                            \
	} while (0)

/* The peer-random loop: per group of SB_PEER_GROUP queries, the group's occupancy o_
 * (from group_occ: see struct sb_input), the position state brought to it (PS, as in the
 * position loop), and the group's queen lookups through hook L.  A trailing part group is
 * left out (the workload builds whole groups).
 * The inner loop is left rolled unless the kernel defines SB_PEER_RANDOM_UNROLL as 12 before
 * including this file: then the twelve lookups are written out, as the peer's clang build
 * writes out its loop of twelve with a short lookup, each lookup taking an opaque copy of the
 * occupancy after the sum of the one before (SB_PEER_OPAQUE_; without it gcc starts all twelve
 * at once and spills their results).  Written out, a lookup saves the loop's count, compare and
 * branch.  The kernels that do it are those whose queen is one table load per piece or line
 * after a short index (a multiply, a PEXT, a line extraction): on an Emerald Rapids core their
 * peer-random loop ran 0.995-1.10x as fast so (magic-plain 1.10x, correlation-magic 1.05x,
 * pext 1.02x; the other kernels 0.98-1.01x, 7 alternating rounds, docs/methodology.md); longer
 * lookups ran slower (spectral-magic 0.93x, sissy 0.95x, pext-compress 0.985x) and stay
 * rolled, as clang leaves a large body rolled. */
#define SB_PEER_GROUP 12
#ifndef SB_PEER_RANDOM_UNROLL
#define SB_PEER_RANDOM_UNROLL 1
#endif
#define SB_PRAGMA1_(x) _Pragma(#x)
#define SB_PRAGMA_(x) SB_PRAGMA1_(x)
#if SB_PEER_RANDOM_UNROLL > 1
#define SB_PEER_RANDOM_OPAQUE_(x) SB_PEER_OPAQUE_(x)
#define SB_PEER_RANDOM_PRAGMA_ SB_PRAGMA_(GCC unroll SB_PEER_RANDOM_UNROLL)
#else
#define SB_PEER_RANDOM_OPAQUE_(x) ((void)(x))
#define SB_PEER_RANDOM_PRAGMA_
#endif
#define SB_PEER_RANDOM_LOOP_(L, Q, PS, in)                                           \
	do {                                                                            \
		/* an input without group_occ: the group's first query's occupancy */ \
		const uint64_t *go_ = (in)->group_occ ? (in)->group_occ :              \
							(in)->q.occ;                    \
		const size_t gs_ = (in)->group_occ ? 1 : SB_PEER_GROUP;                \
		const uint8_t *sq_ = (in)->q.sq;                                        \
		uint64_t sum_ = 0;                                                      \
		PS##_DECL_(in)                                                          \
		for (size_t i_ = 0; i_ + SB_PEER_GROUP <= (in)->q.n;                    \
		     i_ += SB_PEER_GROUP, go_ += gs_) {                                 \
			const uint64_t o_ = *go_;                                       \
			PS##_STEP_(in, o_)                                              \
			SB_PEER_RANDOM_PRAGMA_                                          \
			for (size_t j_ = i_; j_ < i_ + SB_PEER_GROUP; j_++) {           \
				uint64_t ob_ = o_;                                      \
				SB_PEER_RANDOM_OPAQUE_(ob_);                            \
				sum_ ^= L(Q, in, j_, sq_[j_], ob_);                     \
				SB_PEER_RANDOM_OPAQUE_(sum_);                           \
			}                                                               \
		}                                                                       \
		return sum_;                                                            \
	} while (0)

/* The perft loop: perft of every root with the kernel's recursion P (SB_DEFINE_PERFT).  A build
 * made with -DSB_NO_PERFT (the -m32 and simulation builds: nothing they run is perft, and the
 * move generator expanded per kernel was 60% of a kernel's compile time) has no perft loop:
 * SB_LOOP_PERFT returns 0 and the harness refuses perft (bench/perft.h, PERFT_BUILT).  The
 * search loop (SB_DEFINE_SEARCH, search_gen.h) is left out of such a build with it: it expands
 * the same generator. */
#ifdef SB_NO_PERFT
#define SB_KERNEL_PERFT_(name, R, B)
#define SB_PERFT_LOOP_(P, in)                                                           \
	do {                                                                            \
		(void)(in);                                                             \
		return 0;                                                               \
	} while (0)
#define SB_KERNEL_SEARCH_(name, R, B)
#define SB_SEARCH_LOOP_(S, in) SB_PERFT_LOOP_(S, in)
#else
#define SB_KERNEL_SEARCH_(name, R, B) SB_DEFINE_SEARCH(name, R, B)
#define SB_SEARCH_LOOP_(S, in)                                                          \
	do {                                                                            \
		return S((in)->perft, (in)->nperft, (in)->depth, (in)->tt,              \
			 (in)->tt_entries, (in)->nodes, (in)->best);                    \
	} while (0)
#define SB_KERNEL_PERFT_(name, R, B) SB_DEFINE_PERFT(name, R, B)
#define SB_PERFT_LOOP_(P, in)                                                           \
	do {                                                                            \
		uint64_t sum_ = 0;                                                      \
		for (size_t i_ = 0; i_ < (in)->nperft; i_++) {                          \
			uint64_t n_ = P(&(in)->perft[i_], (in)->depth, (in)->bulk);     \
			if ((in)->nodes)                                                \
				(in)->nodes[i_] = n_;                                   \
			sum_ += n_;                                                     \
		}                                                                       \
		return sum_;                                                            \
	} while (0)
#endif

/* SB_DEFINE_LOOPS_WITH(prefix, R, B, Q, LQ, LP, PS, RC, BC, QC): defines `static uint64_t
 * prefix_run(...)` with every loop of enum sb_loop.  Stream loops call R, B, Q (queen) through
 * hook LQ; the position and pressure loops call R and B through hook LP, with position state
 * PS (see SB_NO_STATE), and so do the peer and peer-random loops, with the queen Q (a SIMD
 * kernel's queen does both pieces' rays in one pass, so it is not R | B); the chain
 * loops call RC, BC, QC as F(sq, occ), and the perft loop's generator (perft_gen.h) and the search
 * loop's searcher (search_gen.h) call RC and BC.
 * For kernels with prepare()d or running state; others use SB_DEFINE_LOOPS. */
#define SB_DEFINE_LOOPS_WITH(prefix, R, B, Q, LQ, LP, PS, RC, BC, QC)                   \
	static SB_LOOP_FN_ uint64_t prefix##_rs_(const struct sb_input *in)             \
	{                                                                               \
		SB_STREAM_LOOP_(LQ, R, in);                                             \
	}                                                                               \
	static SB_LOOP_FN_ uint64_t prefix##_bs_(const struct sb_input *in)             \
	{                                                                               \
		SB_STREAM_LOOP_(LQ, B, in);                                             \
	}                                                                               \
	static SB_LOOP_FN_ uint64_t prefix##_qs_(const struct sb_input *in)             \
	{                                                                               \
		SB_STREAM_LOOP_(LQ, Q, in);                                             \
	}                                                                               \
	static SB_LOOP_FN_ uint64_t prefix##_rc_(const struct sb_input *in)             \
	{                                                                               \
		SB_CHAIN_LOOP_(RC, in);                                                 \
	}                                                                               \
	static SB_LOOP_FN_ uint64_t prefix##_bc_(const struct sb_input *in)             \
	{                                                                               \
		SB_CHAIN_LOOP_(BC, in);                                                 \
	}                                                                               \
	static SB_LOOP_FN_ uint64_t prefix##_qc_(const struct sb_input *in)             \
	{                                                                               \
		SB_CHAIN_LOOP_(QC, in);                                                 \
	}                                                                               \
	static SB_LOOP_FN_ uint64_t prefix##_pos_(const struct sb_input *in)            \
	{                                                                               \
		SB_POSITION_LOOP_(LP, R, B, PS, SB_NO_TOUCH_, in);                      \
	}                                                                               \
	static SB_LOOP_FN_ uint64_t prefix##_prs_(const struct sb_input *in)            \
	{                                                                               \
		SB_POSITION_LOOP_(LP, R, B, PS, SB_TOUCH_, in);                         \
	}                                                                               \
	static SB_PEER_LOOP_FN_ uint64_t prefix##_peer_(const struct sb_input *in)      \
	{                                                                               \
		SB_PEER_LOOP_(LP, Q, PS, in);                                           \
	}                                                                               \
	static SB_LOOP_FN_ uint64_t prefix##_pr_(const struct sb_input *in)             \
	{                                                                               \
		SB_PEER_RANDOM_LOOP_(LP, Q, PS, in);                                    \
	}                                                                               \
	SB_KERNEL_PERFT_(prefix##_pft_, RC, BC)                                         \
	static SB_LOOP_FN_ uint64_t prefix##_perft_(const struct sb_input *in)          \
	{                                                                               \
		SB_PERFT_LOOP_(prefix##_pft_, in);                                      \
	}                                                                               \
	SB_KERNEL_SEARCH_(prefix##_srch_, RC, BC)                                       \
	static SB_LOOP_FN_ uint64_t prefix##_search_(const struct sb_input *in)         \
	{                                                                               \
		SB_SEARCH_LOOP_(prefix##_srch_, in);                                    \
	}                                                                               \
	static uint64_t prefix##_run(enum sb_loop loop_, const struct sb_input *in_)    \
	{                                                                               \
		switch (loop_) {                                                        \
		case SB_LOOP_ROOK_STREAM: return prefix##_rs_(in_);                     \
		case SB_LOOP_BISHOP_STREAM: return prefix##_bs_(in_);                   \
		case SB_LOOP_QUEEN_STREAM: return prefix##_qs_(in_);                    \
		case SB_LOOP_ROOK_CHAIN: return prefix##_rc_(in_);                      \
		case SB_LOOP_BISHOP_CHAIN: return prefix##_bc_(in_);                    \
		case SB_LOOP_QUEEN_CHAIN: return prefix##_qc_(in_);                     \
		case SB_LOOP_POSITION: return prefix##_pos_(in_);                       \
		case SB_LOOP_PEER: return prefix##_peer_(in_);                          \
		case SB_LOOP_PRESSURE: return prefix##_prs_(in_);                       \
		case SB_LOOP_PERFT: return prefix##_perft_(in_);                        \
		case SB_LOOP_PEER_RANDOM: return prefix##_pr_(in_);                     \
		case SB_LOOP_SEARCH: return prefix##_search_(in_);                      \
		default: return 0;                                                      \
		}                                                                       \
	}

/* SB_DEFINE_LOOKUP_PTRS(prefix, R, B): the descriptor's prefix_rook_ptr / prefix_bishop_ptr,
 * out-of-line functions calling the lookups R and B (for kernels using SB_DEFINE_LOOPS_WITH;
 * SB_DEFINE_LOOPS makes them itself). */
#define SB_DEFINE_LOOKUP_PTRS(prefix, R, B)                                             \
	static uint64_t prefix##_rook_ptr(unsigned s_, uint64_t o_) { return R(s_, o_); } \
	static uint64_t prefix##_bishop_ptr(unsigned s_, uint64_t o_) { return B(s_, o_); }

/* SB_DEFINE_LOOPS(prefix, rook, bishop): defines `static uint64_t prefix_run(...)` with every
 * loop of enum sb_loop, calling the two `static inline` lookups directly so they inline, and
 * prefix_rook_ptr / prefix_bishop_ptr for the descriptor.  Put it after the lookups. */
#define SB_DEFINE_LOOPS(prefix, R, B)                                                   \
	static SB_QUEEN_INLINE_ uint64_t prefix##_queen_(unsigned s_, uint64_t o_)     \
	{                                                                               \
		return R(s_, o_) | B(s_, o_);                                           \
	}                                                                               \
	SB_DEFINE_LOOPS_WITH(prefix, R, B, prefix##_queen_, SB_CALL_, SB_CALL_, SB_NO_STATE, \
			     R, B, prefix##_queen_)                                     \
	SB_DEFINE_LOOKUP_PTRS(prefix, R, B)

/* SB_DEFINE_POINTER_LOOP(name): defines `uint64_t name(sb_lookup_fn f, const struct sb_input
 * *in)`, pointer mode's loop: the stream loop above with one call through f per lookup, so
 * pointer and stream modes differ by the call alone.  Write `static` before it for a
 * file-local one.  The harness's is sb_pointer_stream (harness/bench/null_kernel.c). */
#define SB_DEFINE_POINTER_LOOP(name)                                                    \
	SB_LOOP_FN_ uint64_t name(sb_lookup_fn f_, const struct sb_input *in_)          \
	{                                                                               \
		SB_STREAM_LOOP_(SB_CALL_, f_, in_);                                     \
	}

/* ---- registration ---------------------------------------------------------------------- */

/* A plugin written in C++ exports the pointer under its C name, the one the harness looks up
 * (extern "C"; it also gives the const pointer the external linkage C++ would not). */
#ifdef __cplusplus
#define SB_PLUGIN_LINKAGE_ extern "C"
#else
#define SB_PLUGIN_LINKAGE_
#endif
#ifdef SB_PLUGIN
#define SB_REGISTER(desc)                                                               \
	SB_PLUGIN_LINKAGE_ __attribute__((visibility("default")))                       \
	const struct sb_kernel *const sb_plugin_kernel = &(desc)
#else
#define SB_REGISTER(desc)                                                               \
	static const struct sb_kernel *const sb_reg_##desc                              \
		__attribute__((used, section("sb_kernels"), aligned(sizeof(void *)))) = &(desc)
#endif

#endif /* SB_KERNEL_H */
