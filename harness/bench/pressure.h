/* pressure.h - the working sets of `bench --mode pressure`: S bytes an engine's other data
 * (hash table, evaluation tables) would occupy, a few lines of which are touched after every
 * position, in a fixed pseudo-random order that visits every line of S once per cycle.  The
 * touching is inside the timed loop and the null kernel pays exactly the same touches, so the
 * null subtraction leaves what the competition for L1/L2/TLB does to a kernel's lookups. */
#ifndef SB_PRESSURE_H
#define SB_PRESSURE_H

#include <stddef.h>
#include <stdint.h>

#define PRESSURE_MAX 16            /* sizes in one run */
#define PRESSURE_TOUCH_PER_POS 16  /* 64-byte lines touched after each position (1 KiB) */
#define PRESSURE_DEFAULT "0,8K,16K,32K,64K,256K,1M,8M"
#define PRESSURE_WINDOW_SCALE 4    /* a pressure window: this many times --min-lookups */

struct pressure_set {
	size_t n;
	size_t bytes[PRESSURE_MAX];
	uint32_t *touch[PRESSURE_MAX];  /* a permutation of the lines of bytes[i] */
	uint64_t *buf;                   /* max(bytes) bytes, 64-byte aligned */
};

/* Parses a comma list of sizes (bytes, or with K / M / G), each a multiple of 64, into p->bytes.
 * Returns 0, or -1 with err naming the bad entry. */
int pressure_parse(const char *list, struct pressure_set *p, char *err, size_t errlen);
/* Allocates the buffer and the touch orders (seeded).  Returns 0 or -1 (out of memory). */
int pressure_build(struct pressure_set *p, uint64_t seed);
void pressure_free(struct pressure_set *p);

#endif
