/* tablewarm.h - reads a kernel's whole lookup table before a warm sample. */
#ifndef SB_TABLEWARM_H
#define SB_TABLEWARM_H

#include <stddef.h>
#include <stdint.h>

#include "kernels/kernel.h"

/* Tables at least this large are swept before each warm sample; smaller ones are read whole
 * by the untimed sample that settles every cell anyway. */
#define TABLEWARM_MIN_BYTES (64u * 1024u)

/* Returns 1 when k's table is swept before its warm samples. */
int tablewarm_applies(const struct sb_kernel *k);
/* Looks up every square at every subset of its relevant occupancy (lines.h's rook and bishop
 * masks: 102,400 rook and 5,248 bishop lookups), so every entry a lookup can reach
 * is read once, whatever the table's layout, and returns a checksum of the results. */
uint64_t tablewarm_sweep(const struct sb_kernel *k);

#endif /* SB_TABLEWARM_H */
