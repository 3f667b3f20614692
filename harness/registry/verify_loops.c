/* verify_loops.c - a kernel's timed loops (run()) checked against the reference's on made-up
 * inputs: verify checks them as bench does on a run's inputs, so a plugin whose loops are
 * wrong (one that claims an ABI version whose loops it lacks, say) fails verify, not every
 * mode of its first bench.  The probe runs the same loops to see that they do not crash. */
#include <inttypes.h>

#include "registry/registry.h"
#include "registry/verify.h"
#include "util/rng.h"

#define VL_GROUPS 16                          /* peer-random groups */
#define VL_QUERIES (VL_GROUPS * SB_PEER_GROUP)
#define VL_POSITIONS 32
#define VL_LINES 64                           /* pressure working set, 64-byte lines */

/* The made-up inputs: queries, positions and a pressure working set in one input; the same
 * squares in groups of one occupancy in another (the peer-random loop's shape). */
struct vl_inputs {
	uint64_t occ[VL_QUERIES], gocc[VL_QUERIES], group_occ[VL_GROUPS];
	uint8_t sq[VL_QUERIES];
	struct sb_pos pos[VL_POSITIONS];
	uint64_t pressure[VL_LINES * 8];
	uint32_t touch[VL_LINES];
	struct sb_input in, grouped;
};

/* Fills v with the fixed-seed inputs. */
static void vl_fill(struct vl_inputs *v)
{
	struct rng r;

	rng_seed(&r, 0x100B5C4EC5ULL);
	for (unsigned g = 0; g < VL_GROUPS; g++)
		v->group_occ[g] = rng_occupancy(&r);
	for (unsigned i = 0; i < VL_QUERIES; i++) {
		v->sq[i] = (uint8_t)(rng_next(&r) & 63);
		v->occ[i] = rng_occupancy(&r) | 1ULL << v->sq[i];
		v->gocc[i] = v->group_occ[i / SB_PEER_GROUP];
	}
	for (unsigned i = 0; i < VL_POSITIONS; i++) {
		uint64_t o = rng_occupancy(&r), s = rng_next(&r);
		v->pos[i] = (struct sb_pos){ .occ = o, .rq = { o & s & 0xFFFFFFFFULL, o & s >> 32 << 32 },
					     .bq = { o & ~s & 0xFFFFFFFFULL, o & ~s >> 32 << 32 } };
	}
	for (unsigned i = 0; i < VL_LINES * 8; i++)
		v->pressure[i] = rng_next(&r);
	for (unsigned i = 0; i < VL_LINES; i++)
		v->touch[i] = (uint32_t)(rng_next(&r) % VL_LINES);
	v->in = (struct sb_input){ .q = { v->occ, v->sq, VL_QUERIES }, .pos = v->pos,
				   .npos = VL_POSITIONS, .pressure = v->pressure, .touch = v->touch,
				   .ntouch = VL_LINES, .touch_per_pos = 3 };
	v->grouped = (struct sb_input){ .q = { v->gocc, v->sq, VL_QUERIES },
					.group_occ = v->group_occ };
}

/* Returns loop l's checksum from k over the input it reads (prepared when k has prepare()). */
static uint64_t vl_run(const struct sb_kernel *k, enum sb_loop l, struct vl_inputs *v)
{
	struct sb_input in = l == SB_LOOP_PEER_RANDOM ? v->grouped : v->in;
	uint64_t sum;

	if (l == SB_LOOP_PEER_RANDOM && k->abi_version < 5)
		in.group_occ = NULL;  /* an ABI 4 loop reads q.occ */
	if (k->prepare && k->prepare(&in) < 0)
		return 0;
	sum = k->run(l, &in);
	if (k->release)
		k->release(&in);
	return sum;
}

int verify_loops(const struct sb_kernel *k, const struct sb_kernel *ref, FILE *out, int *nloops)
{
	static struct vl_inputs v;
	int wrong = 0;

	vl_fill(&v);
	*nloops = 0;
	for (int l = 0; l < SB_LOOP_COUNT; l++) {
		if (l == SB_LOOP_PERFT || l == SB_LOOP_SEARCH ||
		    registry_loop_missing(k, (enum sb_loop)l))
			continue;  /* perft: checked on the standard positions (verify_perft);
				    * search: on the run's roots by bench (no roots here) */
		uint64_t have = vl_run(k, (enum sb_loop)l, &v), want = vl_run(ref, (enum sb_loop)l, &v);
		++*nloops;
		if (have == want)
			continue;
		wrong++;
		if (out)
			fprintf(out, "mismatch: kernel=%s loop=%s: checksum 0x%016" PRIx64 ", the "
				"reference's 0x%016" PRIx64 " (%d made-up queries, %d positions)\n",
				k->name, registry_loop_name((enum sb_loop)l), have, want, VL_QUERIES,
				VL_POSITIONS);
	}
	return wrong;
}
