/* registry_abi.c - what of the ABI a plugin has: which versions are read, and which loops a
 * plugin of an older version lacks (kernels/kernel.h: the versions, sb_loop_abi). */
#include <stdio.h>

#include "registry/registry.h"

const char *registry_version_problem(int v, char *buf, size_t len)
{
	if (v > SB_ABI_VERSION)
		snprintf(buf, len, "built for ABI version %d, newer than this slidebench, which reads "
			 "versions %d to %d: use a slidebench as new as the plugin, or rebuild the "
			 "plugin against this one's kernels/kernel.h", v, SB_ABI_OLDEST, SB_ABI_VERSION);
	else if (v < SB_ABI_OLDEST)
		snprintf(buf, len, "built for ABI version %d, older than this slidebench reads (%d "
			 "to %d): rebuild it against this one's kernels/kernel.h", v, SB_ABI_OLDEST,
			 SB_ABI_VERSION);
	else
		return NULL;
	return buf;
}

const char *registry_loop_name(enum sb_loop l)
{
	static const char *const LOOP_NAME[SB_LOOP_COUNT] = {
		[SB_LOOP_ROOK_STREAM] = "rook stream", [SB_LOOP_BISHOP_STREAM] = "bishop stream",
		[SB_LOOP_QUEEN_STREAM] = "queen stream", [SB_LOOP_ROOK_CHAIN] = "rook chain",
		[SB_LOOP_BISHOP_CHAIN] = "bishop chain", [SB_LOOP_QUEEN_CHAIN] = "queen chain",
		[SB_LOOP_POSITION] = "position", [SB_LOOP_PEER] = "peer",
		[SB_LOOP_PRESSURE] = "pressure", [SB_LOOP_PERFT] = "perft",
		[SB_LOOP_PEER_RANDOM] = "peer-random", [SB_LOOP_SEARCH] = "search" };

	return (unsigned)l < SB_LOOP_COUNT ? LOOP_NAME[l] : "unknown";
}

const char *registry_loop_missing(const struct sb_kernel *k, enum sb_loop l)
{
	static char why[SB_ABI_VERSION + 1][SB_LOOP_COUNT][160];
	int v = k->abi_version;

	if ((unsigned)l >= SB_LOOP_COUNT || v < 0 || v > SB_ABI_VERSION || v >= sb_loop_abi(l))
		return NULL;
	if (!why[v][l][0])
		snprintf(why[v][l], sizeof why[v][l], "built for ABI version %d, which has no %s loop "
			 "(ABI %d added it; rebuild against this kernels/kernel.h)", v, registry_loop_name(l),
			 sb_loop_abi(l));
	return why[v][l];
}
