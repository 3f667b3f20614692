/* rng.c - xoshiro256** seeded by splitmix64: fast, reproducible, no libc state. */
#include "util/rng.h"

static uint64_t splitmix(uint64_t *x)
{
	uint64_t z = (*x += 0x9E3779B97F4A7C15ULL);

	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
	z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
	return z ^ (z >> 31);
}

void rng_seed(struct rng *r, uint64_t seed)
{
	for (int i = 0; i < 4; i++)
		r->s[i] = splitmix(&seed);
}

static uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

uint64_t rng_next(struct rng *r)
{
	uint64_t *s = r->s, out = rotl(s[1] * 5, 7) * 9, t = s[1] << 17;

	s[2] ^= s[0];
	s[3] ^= s[1];
	s[1] ^= s[2];
	s[0] ^= s[3];
	s[2] ^= t;
	s[3] = rotl(s[3], 45);
	return out;
}

uint64_t rng_occupancy(struct rng *r)
{
	uint64_t a = rng_next(r), b = rng_next(r);

	switch (rng_next(r) & 3) {
	case 0: return a & b & rng_next(r);   /* about 8 men */
	case 1: return a & b;                 /* about 16 */
	case 2: return a;                     /* about 32 */
	default: return a | b;                /* about 48 */
	}
}
