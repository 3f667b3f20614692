/* magic_search.h - the one deterministic magic-multiplier search shared by the magic kernels
 * (magic-plain, magic-fancy, osborne-compressed; magic-black uses only sb_magic_subsets): a
 * fixed-seed generator, sparse random candidates, and an exact collision check of
 * key * magic >> shift against the attack sets built from the reference ray walk.  Collisions
 * are allowed only where the attack sets agree ("constructive"), so a found magic is verified
 * by construction.
 */
#ifndef SB_MAGIC_SEARCH_H
#define SB_MAGIC_SEARCH_H

#include <stdint.h>

/* Largest index width the search checks (4096 slots). */
#define SB_MAGIC_MAX_BITS 12

/* The fixed-seed candidate generator (splitmix64); each kernel seeds its own. */
struct sb_magic_rng {
	uint64_t s;
};

/* One square's problem: n keys as the lookup forms them from the occupancy, the attack set
 * each key must map to, and the index shift (index = key * magic >> shift). */
struct sb_magic_job {
	const uint64_t *key;
	const uint64_t *att;
	unsigned n;
	unsigned shift;     /* 64 - index bits; index bits at most SB_MAGIC_MAX_BITS */
	uint64_t mask;      /* non-zero: reject candidates that spread mask into < 6 top bits */
	uint64_t clear;     /* magic bits that must stay 0 (room for a stored shift, say) */
};

/* Seeds the generator; the same seed always gives the same candidates. */
void sb_magic_seed(struct sb_magic_rng *rng, uint64_t seed);
/* Returns the next 64 random bits. */
uint64_t sb_magic_next(struct sb_magic_rng *rng);
/* Fills occ[] with every subset of the rook (bishop) relevance mask of sq and att[] with the
 * reference attacks for each; returns the count (at most 4096).  Calls sb_lines_init(). */
unsigned sb_magic_subsets(unsigned sq, int bishop, uint64_t *occ, uint64_t *att);
/* Returns 0 with *magic set to the first candidate (of at most max_tries) that maps every key
 * to a slot holding only its own attack set; -1 when none did or the job is malformed. */
int sb_magic_search(const struct sb_magic_job *job, struct sb_magic_rng *rng,
		    unsigned long max_tries, uint64_t *magic);

/* Largest index width and number of distinct attack sets sb_magic_search_local() takes. */
#define SB_MAGIC_LOCAL_MAX_BITS 6
#define SB_MAGIC_LOCAL_MAX_SETS 64

/* Returns 0 with *magic set to a magic for a small, tight job (few index bits, where random
 * candidates almost never fit, as in Osborne's 4-bit file magics): fixed-seed local search,
 * dense random starts improved by single-bit flips that do not raise the number of slots
 * shared by different attack sets, a fresh start every 200 flips; the result is
 * exact (no shared slot left).  -1 after max_evals candidates or when the job is too big. */
int sb_magic_search_local(const struct sb_magic_job *job, struct sb_magic_rng *rng,
			  unsigned long max_evals, uint64_t *magic);

#endif /* SB_MAGIC_SEARCH_H */
