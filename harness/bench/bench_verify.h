/* bench_verify.h - the verification gate of one cell: its kernel checked against the
 * reference on exactly the inputs it will be timed on. */
#ifndef SB_BENCH_VERIFY_H
#define SB_BENCH_VERIFY_H

#include <stddef.h>

#include "bench/bench_cells.h"

/* Verifies one cell: the per-query check (which names a wrong square and occupancy; once per
 * kernel and query set: a twin workload's stands for it) and the loop checksum of every window
 * it is timed on (w->ntimed; no other).  A perft cell's check is each root's count against the
 * reference's, from the loop itself (its checksum is their sum); a search cell's, each root's
 * nodes, best move and score against the reference's; a pressure cell's, its loop's
 * checksums at the first working-set size (bench_twin_of).  Says what was wrong on stderr.
 * Returns 0 or -1. */
int bench_verify_cell(struct cell *c);
/* Returns the index of an earlier workload of b (before wi) that verifies what wi would, or -1:
 * one with the same timed queries and verified piece (stream, chain and pointer), or, for a
 * pressure workload, the first pressure workload over the same positions and windows (every
 * working-set size runs the one loop on them; only what it touches between positions differs,
 * harness code the kernel does not see). */
int bench_twin_of(const struct bench *b, size_t wi);

#endif
