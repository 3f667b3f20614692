/* search.h - the search workload around kernel.h's search loop (SB_LOOP_SEARCH, the
 * alpha-beta searcher of kernels/search_gen.h): its roots sampled from a trace, its
 * transposition table, a kernel's search, the lookups a search makes, and the check of each
 * root's nodes, best move and score against the reference kernel's. */
#ifndef SB_SEARCH_H
#define SB_SEARCH_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "kernels/kernel.h"
#include "trace/trace.h"

#define SEARCH_TT_DEFAULT_MIB 16   /* the table's size unless --search-tt says otherwise */
#define SEARCH_DEPTH_DEFAULT 4
#define SEARCH_POSITIONS_DEFAULT 16
#define SEARCH_DEPTH_MAX 8
#define SEARCH_POSITIONS_MAX 4096
#define SEARCH_TT_MAX_MIB 4096

/* Allocates a table of mib MiB (zeroed, on a page); *entries its entries.  NULL: no memory. */
struct sb_search_tte *search_tt_alloc(size_t mib, size_t *entries);
/* Zeroes in's table (the harness does before each pass of the search loop: each pass then
 * searches the same trees). */
void search_tt_clear(const struct sb_input *in);
/* Returns the input of a search of p[0..n) to depth in table tt (entries), writing each root's
 * nodes and best move into nodes and best when not NULL. */
struct sb_input search_input(const struct sb_perft_pos *p, size_t n, unsigned depth,
			     struct sb_search_tte *tt, size_t entries, uint64_t *nodes,
			     uint64_t *best);
/* Runs kernel k's search loop on in, its table cleared first; returns the loop's checksum. */
uint64_t search_run(const struct sb_kernel *k, const struct sb_input *in);
/* Returns the slider lookups the reference's search of in makes (counted; the same for every
 * kernel that searches the same trees), its nodes into *nodes. */
uint64_t search_lookups(const struct sb_input *in, uint64_t *nodes);
/* Checks each root of search input in: k's nodes, best move and score against nodes_want[i]
 * and best_want[i] (the reference's), k's own into got[0..nperft) and got[nperft..2 nperft).
 * On the first difference writes "kernel K: search position I (FEN) depth D: N nodes, best
 * move M score S; reference ..." to err and returns -1; 0 when all agree. */
int search_verify_roots(const struct sb_kernel *k, const uint64_t *nodes_want,
			const uint64_t *best_want, const struct sb_input *in, uint64_t *got,
			FILE *err);

#endif
