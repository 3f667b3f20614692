/* test_kernels.c - every registered kernel (none named here) against the reference:
 * exhaustive relevant occupancies plus random boards, every loop's checksum (peer and pressure
 * included) and pointer mode's loop, and hand-checked attack sets that pin down the reference
 * itself. */
#include <string.h>

#include "check.h"
#include "bench/null_kernel.h"
#include "registry/registry.h"
#include "registry/verify.h"
#include "util/rng.h"
#include "kernels/lines.h"

#define SQ(f, r) ((unsigned)((r) * 8 + (f)))

static void hand_checked(void)
{
	/* Values worked out on a board by hand, independent of lines.c. */
	CHECK_EQ_U64(0x01010101010101FEULL, sb_ref_rook(SQ(0, 0), 0), "rook a1, empty board");
	CHECK_EQ_U64(0x8040201008040200ULL, sb_ref_bishop(SQ(0, 0), 0), "bishop a1, empty board");
	CHECK_EQ_U64(0x08080808F7080808ULL, sb_ref_rook(SQ(3, 3), 0), "rook d4, empty board");
	CHECK_EQ_U64(0x080808F708080808ULL, sb_ref_rook(SQ(3, 4), 0), "rook d5, empty board");
	/* Rook d4 with blockers d6, b4, g4, d2: d5 d6, c4 b4, e4 f4 g4, d3 d2. */
	CHECK_EQ_U64((1ULL << SQ(3, 4)) | (1ULL << SQ(3, 5)) | (1ULL << SQ(2, 3)) |
		     (1ULL << SQ(1, 3)) | (1ULL << SQ(4, 3)) | (1ULL << SQ(5, 3)) |
		     (1ULL << SQ(6, 3)) | (1ULL << SQ(3, 2)) | (1ULL << SQ(3, 1)),
		     sb_ref_rook(SQ(3, 3), (1ULL << SQ(3, 5)) | (1ULL << SQ(1, 3)) |
					    (1ULL << SQ(6, 3)) | (1ULL << SQ(3, 1))),
		     "rook d4 with blockers d6 b4 g4 d2");
	/* Bishop h8 blocked on e5: g7 f6 e5. */
	CHECK_EQ_U64((1ULL << SQ(6, 6)) | (1ULL << SQ(5, 5)) | (1ULL << SQ(4, 4)),
		     sb_ref_bishop(SQ(7, 7), 1ULL << SQ(4, 4)), "bishop h8 blocked on e5");
	CHECK_EQ_U64(0x000101010101017EULL, sb_rook_mask[0], "rook relevance mask a1");
	CHECK_EQ_U64(0x0040201008040200ULL, sb_bishop_mask[0], "bishop relevance mask a1");
	CHECK_EQ_U64(1ULL << 12 | 1ULL << 40, sb_subset(1ULL << 12 | 1ULL << 40 | 1ULL << 63, 3),
		     "sb_subset picks bits low to high");
}

/* Returns the checksum of `loop` run by k over in. */
static uint64_t run(const struct sb_kernel *k, enum sb_loop loop, const struct sb_input *in)
{
	return k->run(loop, in);
}

enum { N = 4096, NPEER = 256, NPOS = 513, NLINES = 64, NTOUCH = 37, TOUCH_PER_POS = 5 };
static uint64_t occ[N], peer_occ[NPEER], pressure[NLINES * 8];
static uint64_t group_occ[N / SB_PEER_GROUP];  /* not any query's occupancy: see make_inputs */
static uint8_t sq[N];
static uint32_t touch[NTOUCH];
static struct sb_pos pos[NPOS];
static uint64_t touch_sum;	/* what the pressure loop's touching adds, worked out here */

/* Fills the test inputs: random queries; peer occupancies random & random as the peer draws
 * them; positions in runs of three (a fresh board as at a game boundary, then a move that
 * toggles two squares, then the same occupancy again); a small pressure buffer with cyclic
 * touch indices whose count does not divide the touches per pass. */
static void make_inputs(void)
{
	struct rng r;
	size_t t = 0;

	rng_seed(&r, 42);
	for (int i = 0; i < N; i++) {
		occ[i] = rng_occupancy(&r);
		sq[i] = (uint8_t)(rng_next(&r) & 63);
	}
	for (int i = 0; i < NPEER; i++)
		peer_occ[i] = rng_next(&r) & rng_next(&r);
	/* a peer-random loop given group_occ reads each group's occupancy there: these differ
	 * from the group's first query's, so a loop that read q.occ would give another sum */
	for (int g = 0; g < N / SB_PEER_GROUP; g++)
		group_occ[g] = rng_next(&r) & rng_next(&r);
	for (int i = 0; i < NPOS; i++) {
		uint64_t o = rng_occupancy(&r), a = rng_next(&r), b = rng_next(&r);
		if (i % 3 == 1)
			o = pos[i - 1].occ ^ (1ULL << (a & 63)) ^ (1ULL << (b >> 58));
		else if (i % 3 == 2)
			o = pos[i - 1].occ;
		pos[i] = (struct sb_pos){ o, { o & a & b, o & ~a & b }, { o & a & ~b, o & ~a & ~b } };
	}
	for (int i = 0; i < NLINES * 8; i++)
		pressure[i] = rng_next(&r);
	for (int i = 0; i < NTOUCH; i++)
		touch[i] = (uint32_t)(rng_next(&r) % NLINES);
	touch_sum = 0;
	for (int i = 0; i < NPOS * TOUCH_PER_POS; i++, t = (t + 1) % NTOUCH)
		touch_sum += pressure[touch[t] * 8];
}

/* Returns a kernel input over the test data (peer: the peer occupancies as the queries). */
static struct sb_input input(int peer)
{
	struct sb_input in = { .q = { occ, sq, N }, .pos = pos, .npos = NPOS, .pressure = pressure,
			       .touch = touch, .ntouch = NTOUCH, .touch_per_pos = TOUCH_PER_POS };

	if (peer)
		in.q = (struct sb_queries){ peer_occ, NULL, NPEER };
	return in;
}

/* Every loop's checksum equals the reference's; the pressure loop's is the position loop's
 * XOR the touched words' sum; pointer mode's loop gives the stream loop's checksum. */
static void loops_match_reference(const struct sb_kernel *k, const struct sb_kernel *ref)
{
	for (int peer = 0; peer < 2; peer++) {
		struct sb_input in = input(peer), kin = in;

		CHECK(!k->prepare || k->prepare(&kin) == 0, "kernel=%s: prepare() failed", k->name);
		for (int l = 0; l < SB_LOOP_COUNT; l++) {
			if ((l == SB_LOOP_PEER) != peer)
				continue;
			CHECK_EQ_U64(run(ref, (enum sb_loop)l, &in), run(k, (enum sb_loop)l, &kin),
				     "kernel=%s loop=%d: checksum differs from the reference's",
				     k->name, l);
		}
		if (!peer) {
			struct sb_input gin = in, gkin = kin;
			gin.group_occ = gkin.group_occ = group_occ;
			CHECK_EQ_U64(run(ref, SB_LOOP_PEER_RANDOM, &gin),
				     run(k, SB_LOOP_PEER_RANDOM, &gkin),
				     "kernel=%s: peer-random with group_occ differs from the "
				     "reference's", k->name);
			CHECK_EQ_U64(run(k, SB_LOOP_POSITION, &kin) ^ touch_sum,
				     run(k, SB_LOOP_PRESSURE, &kin),
				     "kernel=%s: pressure = position ^ touched words", k->name);
			CHECK_EQ_U64(run(k, SB_LOOP_ROOK_STREAM, &kin), sb_pointer_stream(k->rook, &kin),
				     "kernel=%s: pointer loop vs rook stream loop", k->name);
			CHECK_EQ_U64(run(k, SB_LOOP_BISHOP_STREAM, &kin),
				     sb_pointer_stream(k->bishop, &kin),
				     "kernel=%s: pointer loop vs bishop stream loop", k->name);
		}
		if (k->release)
			k->release(&kin);
	}
}

/* The null kernel pays the same touches (so subtracting it removes them), no touching without
 * touch indices, and pointer mode's loop starts on a 64-byte boundary. */
static void baseline_and_layout(const struct sb_kernel *ref)
{
	struct sb_input in = input(0);

	CHECK_EQ_U64(run(&sb_null_kernel, SB_LOOP_POSITION, &in) ^ touch_sum,
		     run(&sb_null_kernel, SB_LOOP_PRESSURE, &in), "null: pressure = position ^ touched");
	CHECK(touch_sum != 0, "the test's touched words sum to non-zero");
	in.ntouch = 0;
	CHECK_EQ_U64(run(ref, SB_LOOP_POSITION, &in), run(ref, SB_LOOP_PRESSURE, &in),
		     "reference: ntouch 0 touches nothing");
	CHECK_EQ_U64(0, (uint64_t)(uintptr_t)sb_pointer_stream & 63,
		     "sb_pointer_stream is 64-byte aligned");

	/* the peer-random loop without group_occ: whole groups only, each looked up at its first
	 * query's occupancy */
	uint64_t want = 0;
	for (size_t g = 0; g + SB_PEER_GROUP <= N; g += SB_PEER_GROUP)
		for (size_t i = g; i < g + SB_PEER_GROUP; i++)
			want ^= ref->rook(sq[i], occ[g]) | ref->bishop(sq[i], occ[g]);
	CHECK(N % SB_PEER_GROUP != 0, "the test's stream ends in a part group");
	CHECK_EQ_U64(want, run(ref, SB_LOOP_PEER_RANDOM, &in),
		     "reference: peer-random = queens of whole groups at each group's occupancy");
	/* given group_occ, the group's occupancy is read there */
	want = 0;
	for (size_t g = 0; g + SB_PEER_GROUP <= N; g += SB_PEER_GROUP)
		for (size_t i = g; i < g + SB_PEER_GROUP; i++)
			want ^= ref->rook(sq[i], group_occ[g / SB_PEER_GROUP]) |
				ref->bishop(sq[i], group_occ[g / SB_PEER_GROUP]);
	in.group_occ = group_occ;
	CHECK_EQ_U64(want, run(ref, SB_LOOP_PEER_RANDOM, &in),
		     "reference: peer-random reads each group's occupancy from group_occ");
}

int main(void)
{
	const struct sb_kernel *ref;
	int nkernels = 0;

	CHECK(sb_lines_init() == 0, "lines.h: the constant tables equal the ray walk");
	hand_checked();
	CHECK(registry_init() == 0, "registry_init");
	CHECK(registry_find("reference") != NULL, "the reference kernel is registered");
	ref = registry_find("reference")->k;
	registry_prepare(registry_find("reference"));
	make_inputs();
	baseline_and_layout(ref);
	for (size_t i = 0; i < registry_count(); i++) {
		struct kentry *e = registry_at(i);
		struct verify_result res;

		CHECK(registry_check_descriptor(e->k) == NULL, "kernel=%s: descriptor", e->k->name);
		if (registry_prepare(e) < 0) {
			printf("note: kernel=%s skipped here: %s\n", e->k->name, e->why_not);
			continue;
		}
		nkernels++;
		CHECK(verify_exhaustive(e->k, 100000, stdout, &res) == 0,
		      "kernel=%s: %ld of %ld cases wrong", e->k->name, res.mismatches, res.cases);
		CHECK(res.cases == 102400 + 5248 + 2 * 100000, "kernel=%s: %ld cases checked",
		      e->k->name, res.cases);
		loops_match_reference(e->k, ref);
	}
	printf("%d kernels verified\n", nkernels);
	return check_done();
}
