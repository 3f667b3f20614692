/* lines.c - the reference ray walk shared by every kernel, and the check of lines.h's constant
 * tables against it. */
#include "lines.h"

#include <stdio.h>

/* File and rank steps per direction, in enum sb_dir order. */
static const int DIR_DF[SB_DIRS] = { 0, 1, 1, -1, 0, -1, -1, 1 };
static const int DIR_DR[SB_DIRS] = { 1, 1, 0, 1, -1, -1, 0, -1 };

/* Returns the squares from sq stepping (df, dr) until the first blocker in occ (included) or
 * the edge; with `inner`, the last square before the edge is left out (relevance masks). */
static uint64_t walk(unsigned sq, int df, int dr, uint64_t occ, int inner)
{
	uint64_t att = 0;
	int f = (int)sb_file_of(sq) + df, r = (int)sb_rank_of(sq) + dr;

	while (f >= 0 && f < 8 && r >= 0 && r < 8) {
		int nf = f + df, nr = r + dr;
		uint64_t bit = 1ULL << (r * 8 + f);

		if (inner && (nf < 0 || nf > 7 || nr < 0 || nr > 7))
			break;
		att |= bit;
		if (occ & bit)
			break;
		f = nf;
		r = nr;
	}
	return att;
}

/* Returns 0 when got equals want, else -1 after saying which table and square differ. */
static int same(const char *table, unsigned sq, uint64_t got, uint64_t want)
{
	if (got == want)
		return 0;
	fprintf(stderr, "slidebench: lines.h: %s[%u] is 0x%016llx, the ray walk gives 0x%016llx\n",
		table, sq, (unsigned long long)got, (unsigned long long)want);
	return -1;
}

int sb_lines_init(void)
{
	static int result = 1;   /* 1: not checked yet */
	static const char *const LINE_NAMES[SB_LINES] = { "rank", "file", "diag", "anti" };
	/* the directions making up each line: enum sb_line order */
	static const int LINE_DIRS[SB_LINES][2] = { { SB_EAST, SB_WEST }, { SB_NORTH, SB_SOUTH },
		{ SB_NORTHEAST, SB_SOUTHWEST }, { SB_NORTHWEST, SB_SOUTHEAST } };

	if (result != 1)
		return result;
	result = 0;
	for (unsigned sq = 0; sq < 64; sq++) {
		uint64_t rook = 0, bishop = 0;
		char name[32];

		for (int d = 0; d < SB_DIRS; d++) {
			uint64_t inner = walk(sq, DIR_DF[d], DIR_DR[d], 0, 1);
			snprintf(name, sizeof name, "sb_ray[%d]", d);
			result |= same(name, sq, sb_ray[d][sq], walk(sq, DIR_DF[d], DIR_DR[d], 0, 0));
			if (DIR_DF[d] == 0 || DIR_DR[d] == 0)
				rook |= inner;
			else
				bishop |= inner;
		}
		for (int l = 0; l < SB_LINES; l++) {
			snprintf(name, sizeof name, "sb_line_ex[%s]", LINE_NAMES[l]);
			result |= same(name, sq, sb_line_ex[l][sq],
				       sb_ray[LINE_DIRS[l][0]][sq] | sb_ray[LINE_DIRS[l][1]][sq]);
		}
		result |= same("sb_rook_mask", sq, sb_rook_mask[sq], rook);
		result |= same("sb_bishop_mask", sq, sb_bishop_mask[sq], bishop);
	}
	return result;
}

uint64_t sb_ref_rook(unsigned sq, uint64_t occ)
{
	return walk(sq, 0, 1, occ, 0) | walk(sq, 0, -1, occ, 0) |
	       walk(sq, 1, 0, occ, 0) | walk(sq, -1, 0, occ, 0);
}

uint64_t sb_ref_bishop(unsigned sq, uint64_t occ)
{
	return walk(sq, 1, 1, occ, 0) | walk(sq, 1, -1, occ, 0) |
	       walk(sq, -1, 1, occ, 0) | walk(sq, -1, -1, occ, 0);
}

uint64_t sb_subset(uint64_t mask, uint64_t index)
{
	uint64_t sub = 0;

	for (unsigned i = 0; mask; i++, mask &= mask - 1)
		if (index >> i & 1)
			sub |= mask & (0 - mask);
	return sub;
}
