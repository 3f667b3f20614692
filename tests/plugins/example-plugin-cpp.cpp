// example-plugin-cpp.cpp - the example plugin in C++ (docs/plugins.md, "Your generator in C++"):
// what an engine written in C++ puts around its own attack code.  It needs only kernels/kernel.h
// and one command:
//   make plugin SRC=tests/plugins/example-plugin-cpp.cpp OUT=/tmp/cpp.so
//   bin/slidebench verify --plugin /tmp/cpp.so --kernel example-plugin-cpp
// The technique: classical ray attacks (chessprogramming "Classical Approach"), branchless with a
// stop bit: per direction, the ray from the square, the first blocker on it found by a bit scan
// (forward on rays that go up the board, reverse on those that go down) and the ray beyond the
// blocker taken off.  The eight ray tables (4 KiB) are computed by the compiler (constexpr):
// no init() is needed and the tables are read-only data.
// The descriptor is filled member by member in a constexpr function (C++17 has no designated
// initializers); SB_DEFINE_LOOPS and SB_REGISTER work as in C.
#include <array>
#include <cstdint>

#include "kernel.h"

namespace {

// The eight directions, those that go up the board (to higher squares) first.
enum Dir { NORTH, NORTH_EAST, EAST, NORTH_WEST, SOUTH, SOUTH_WEST, WEST, SOUTH_EAST, DIRS };
constexpr int FILE_STEP[DIRS] = { 0, 1, 1, -1, 0, -1, -1, 1 };
constexpr int RANK_STEP[DIRS] = { 1, 1, 0, 1, -1, -1, 0, -1 };

using Rays = std::array<std::array<uint64_t, 64>, DIRS>;

// Returns each direction's ray from each square to the board's edge (the square left out).
constexpr Rays make_rays()
{
	Rays rays{};
	for (int d = 0; d < DIRS; d++)
		for (int sq = 0; sq < 64; sq++)
			for (int f = sq % 8 + FILE_STEP[d], r = sq / 8 + RANK_STEP[d];
			     f >= 0 && f < 8 && r >= 0 && r < 8; f += FILE_STEP[d], r += RANK_STEP[d])
				rays[d][sq] |= uint64_t{ 1 } << (r * 8 + f);
	return rays;
}

constexpr Rays RAYS = make_rays();
static_assert(RAYS[NORTH][0] == 0x0101010101010100ULL, "a1's north ray is the a-file above it");
static_assert(RAYS[SOUTH_WEST][63] == 0x0040201008040201ULL, "h8's south-west ray is the diagonal");

// Returns direction D's attacks from sq on occ: the ray up to and with its first blocker.  The
// stop bit (h8 up the board, a1 down it) is a square whose own ray that way is empty.
template <Dir D>
inline uint64_t ray_attacks(unsigned sq, uint64_t occ)
{
	const uint64_t ray = RAYS[D][sq];
	unsigned blocker;

	if constexpr (D < SOUTH)
		blocker = static_cast<unsigned>(__builtin_ctzll((ray & occ) | 0x8000000000000000ULL));
	else
		blocker = 63u ^ static_cast<unsigned>(__builtin_clzll((ray & occ) | 1u));
	return ray ^ RAYS[D][blocker];
}

inline uint64_t cpp_rook(unsigned sq, uint64_t occ)
{
	return ray_attacks<NORTH>(sq, occ) | ray_attacks<EAST>(sq, occ) |
	       ray_attacks<SOUTH>(sq, occ) | ray_attacks<WEST>(sq, occ);
}

inline uint64_t cpp_bishop(unsigned sq, uint64_t occ)
{
	return ray_attacks<NORTH_EAST>(sq, occ) | ray_attacks<NORTH_WEST>(sq, occ) |
	       ray_attacks<SOUTH_EAST>(sq, occ) | ray_attacks<SOUTH_WEST>(sq, occ);
}

SB_DEFINE_LOOPS(cpp, cpp_rook, cpp_bishop)

// Returns the descriptor; every field left unset is zero, its "not set".
constexpr sb_kernel make_kernel()
{
	sb_kernel k{};
	k.abi_version = SB_ABI_VERSION;
	k.name = "example-plugin-cpp";
	k.family = "classical";
	k.description = "example plugin in C++: classical rays from constexpr tables, stop-bit scans";
	k.word_bits = 64;
	k.branching = SB_BRANCHLESS;
	k.table_bytes = sizeof RAYS;
	k.rook = cpp_rook_ptr;
	k.bishop = cpp_bishop_ptr;
	k.run = cpp_run;
	return k;
}

constexpr sb_kernel EXAMPLE_PLUGIN_CPP = make_kernel();

}  // namespace

SB_REGISTER(EXAMPLE_PLUGIN_CPP);
