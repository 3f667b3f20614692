/* rng.h - the project's one seeded generator (xoshiro256**-style splitmix-seeded). */
#ifndef SB_RNG_H
#define SB_RNG_H

#include <stdint.h>

struct rng {
	uint64_t s[4];
};

/* Seeds the generator; the same seed always gives the same stream. */
void rng_seed(struct rng *r, uint64_t seed);
/* Returns the next 64 random bits. */
uint64_t rng_next(struct rng *r);
/* Returns a random occupancy of varied density (sparse, half, dense). */
uint64_t rng_occupancy(struct rng *r);

#endif
