/* pext-rate.c - prints how many PEXT instructions this core retires a cycle, for bounds.sh.
 * Nine independent PEXT chains (room for three PEXTs a cycle at a latency of three) are timed against one chain of dependent adds, which runs one
 * add a cycle on every x86 core, so the ratio of the two rates is PEXTs a cycle whatever the
 * clock.  Most cores with BMI2 have one PEXT unit; Zen 5 runs two.  The best of five runs is
 * printed: noise only slows the adds or the PEXTs, and a rate read too high makes the bound
 * lower, which keeps it a floor.  Built with -mbmi2 and run only where the CPU has BMI2. */
#include <stdint.h>
#include <stdio.h>
#include <time.h>

#define ROUNDS 4000000L

/* Returns the monotonic clock in seconds. */
static double now(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

int main(void)
{
	const uint64_t m = 0x00ff00ff00ff00ffull;
	double add = 1e9, pext = 1e9;

	/* the loops are written out whole, so no compiler adds a move to a chain */
	for (int rep = 0; rep < 5; rep++) {
		double t0 = now();
		__asm__ volatile("mov %0, %%rcx\n"
				 "1:\n\t"
				 "add $1, %%rax\n\tadd $1, %%rax\n\tadd $1, %%rax\n\t"
				 "add $1, %%rax\n\tadd $1, %%rax\n\tadd $1, %%rax\n\t"
				 "add $1, %%rax\n\tadd $1, %%rax\n\t"
				 "dec %%rcx\n\tjnz 1b"
				 : : "r"(ROUNDS) : "rax", "rcx", "cc");
		double t1 = now();
		__asm__ volatile("mov %0, %%rcx\n"
				 "1:\n\t"
				 "pext %1, %%rax, %%rax\n\tpext %1, %%rdx, %%rdx\n\t"
				 "pext %1, %%rsi, %%rsi\n\tpext %1, %%rdi, %%rdi\n\t"
				 "pext %1, %%r8, %%r8\n\tpext %1, %%r9, %%r9\n\t"
				 "pext %1, %%r10, %%r10\n\tpext %1, %%r11, %%r11\n\t"
				 "pext %1, %%r12, %%r12\n\t"
				 "dec %%rcx\n\tjnz 1b"
				 : : "r"(ROUNDS), "r"(m)
				 : "rax", "rcx", "rdx", "rsi", "rdi", "r8", "r9", "r10", "r11", "r12", "cc");
		double t2 = now();
		if (t1 - t0 < add)
			add = t1 - t0;
		if (t2 - t1 < pext)
			pext = t2 - t1;
	}
	printf("%.3f\n", 1.125 * add / pext);  /* 9 PEXTs a round against 8 adds */
	return 0;
}
