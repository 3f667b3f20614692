/* unrolled.c - loops for tests/test_bounds.sh: the same chain lookup written once and unrolled
 * by 2 and 8 (as a compiler's own unrolling makes them: a main loop and a remainder), and a
 * loop with a branch inside, each beside an X_run so bounds.sh takes it for a kernel's loop. */
#include <stddef.h>
#include <stdint.h>
struct in { const uint64_t *occ; const uint8_t *sq; size_t n; uint64_t zero; };
uint64_t tab[64 * 64];
#define CHAIN(name, PRAGMA)                                                             \
	__attribute__((noinline)) uint64_t name##_rc_(const struct in *in)               \
	{                                                                               \
		uint64_t prev = 0, sum = 0;                                             \
		PRAGMA                                                                  \
		for (size_t i = 0; i < in->n; i++) {                                    \
			uint64_t o = in->occ[i] | (prev & in->zero);                    \
			prev = tab[in->sq[i] * 64 + (o * 0x9f3c5a1b2d4e6071ull >> 58)]; \
			sum += prev;                                                    \
		}                                                                       \
		return sum;                                                             \
	}                                                                               \
	__attribute__((noinline)) uint64_t name##_run(const struct in *in) { return name##_rc_(in); }
#define P_(x) _Pragma(#x)
CHAIN(u1, P_(GCC unroll 1))
CHAIN(u2, P_(GCC unroll 2))
CHAIN(u8, P_(GCC unroll 8))
__attribute__((noinline)) uint64_t br_rc_(const struct in *in)
{
	uint64_t sum = 0;
	for (size_t i = 0; i < in->n; i++)
		if (in->occ[i] & 1) sum += tab[in->sq[i]]; else sum ^= in->occ[i];
	return sum;
}
__attribute__((noinline)) uint64_t br_run(const struct in *in) { return br_rc_(in); }
int main(void)
{
	struct in x = { 0 };

	return (int)(u1_run(&x) + u2_run(&x) + u8_run(&x) + br_run(&x));
}
