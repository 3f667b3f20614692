/* search.c - the search workload: table, runs, counted lookups, per-root checks (search.h). */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "kernels/lines.h"
#include "bench/perft.h"
#include "bench/search.h"
#include "util/pages.h"

struct sb_search_tte *search_tt_alloc(size_t mib, size_t *entries)
{
	size_t bytes = mib << 20;
	struct sb_search_tte *tt = mib && mib <= SIZE_MAX >> 20 ? page_alloc(bytes) : NULL;

	*entries = tt ? bytes / sizeof *tt : 0;
	return tt;
}

void search_tt_clear(const struct sb_input *in)
{
	if (in->tt)
		memset(in->tt, 0, in->tt_entries * sizeof *in->tt);
}

struct sb_input search_input(const struct sb_perft_pos *p, size_t n, unsigned depth,
			     struct sb_search_tte *tt, size_t entries, uint64_t *nodes,
			     uint64_t *best)
{
	struct sb_input in = { .perft = p, .nperft = n, .depth = depth, .nodes = nodes,
			       .tt = tt, .tt_entries = entries, .best = best };

	return in;
}

uint64_t search_run(const struct sb_kernel *k, const struct sb_input *in)
{
	search_tt_clear(in);
	return k->run(SB_LOOP_SEARCH, in);
}

/* The reference walk with a count of calls: search_lookups' instrument. */
static uint64_t counted;
static inline uint64_t counted_rook(unsigned sq, uint64_t occ) { counted++; return sb_ref_rook(sq, occ); }
static inline uint64_t counted_bishop(unsigned sq, uint64_t occ) { counted++; return sb_ref_bishop(sq, occ); }
SB_DEFINE_SEARCH(search_counted, counted_rook, counted_bishop)

uint64_t search_lookups(const struct sb_input *in, uint64_t *nodes)
{
	uint64_t *each = calloc(in->nperft + 1, sizeof *each), total = 0;

	sb_lines_init();
	search_tt_clear(in);
	counted = 0;
	(void)search_counted(in->perft, in->nperft, in->depth, in->tt, in->tt_entries, each, NULL);
	for (size_t i = 0; each && i < in->nperft; i++)
		total += each[i];
	free(each);
	if (nodes)
		*nodes = total;
	return counted;
}

/* Writes best word b (move | score << 32) as "e2e4 score 35" into out. */
static void best_text(uint64_t b, char *out, size_t len)
{
	char uci[6];

	if (!(b & 0xFFFFFFFFu))
		snprintf(uci, sizeof uci, "none");
	else
		perft_move_uci((uint32_t)b, uci);
	snprintf(out, len, "%s score %d", uci, (int)(int32_t)(uint32_t)(b >> 32));
}

int search_verify_roots(const struct sb_kernel *k, const uint64_t *nodes_want,
			const uint64_t *best_want, const struct sb_input *in, uint64_t *got,
			FILE *err)
{
	uint64_t *nodes = got, *best = got + in->nperft;
	struct sb_input mine = *in;
	int rc = 0;

	mine.nodes = nodes;
	mine.best = best;
	search_run(k, &mine);
	for (size_t i = 0; i < in->nperft && rc == 0; i++)
		if (nodes[i] != nodes_want[i] || best[i] != best_want[i]) {
			char fen[CHESS_FEN_MAX + 16], mine_best[64], ref_best[64];
			perft_fen(&in->perft[i], fen);
			best_text(best[i], mine_best, sizeof mine_best);
			best_text(best_want[i], ref_best, sizeof ref_best);
			fprintf(err, "slidebench: kernel %s: search position %zu (%s) depth %u: %llu "
				"nodes, best move %s; reference %llu nodes, best move %s\n", k->name,
				i, fen, in->depth, (unsigned long long)nodes[i], mine_best,
				(unsigned long long)nodes_want[i], ref_best);
			rc = -1;
		}
	return rc;
}
