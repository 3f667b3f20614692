/* short-descriptor.c - a descriptor shorter than its abi_version says: its first fields
 * (abi_version, name, ...) end right where readable memory ends, so reading the whole of a
 * version 5 descriptor crashes.  The refusal must name that step (reading the descriptor),
 * not dlopen (tests/test_hardening2.sh). */
#include <stddef.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "kernel.h"

static inline uint64_t sd_rook(unsigned sq, uint64_t occ) { return occ ^ sq; }
static inline uint64_t sd_bishop(unsigned sq, uint64_t occ) { return occ ^ sq; }

SB_DEFINE_LOOPS(sd, sd_rook, sd_bishop)

static const struct sb_kernel whole = {
	.abi_version = SB_ABI_VERSION,
	.name = "short-descriptor", .family = "test", .description = "a descriptor cut short",
	.word_bits = 64, .rook = sd_rook_ptr, .bishop = sd_bishop_ptr, .run = sd_run,
};

__attribute__((visibility("default"))) const struct sb_kernel *sb_plugin_kernel;

/* At load: the descriptor's fields up to word_bits at the end of a readable page, the next
 * page unreadable. */
__attribute__((constructor)) static void sd_place(void)
{
	size_t page = (size_t)sysconf(_SC_PAGESIZE), keep = offsetof(struct sb_kernel, word_bits);
	char *p = mmap(NULL, 2 * page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	if (p == MAP_FAILED)
		return;
	memcpy(p + page - keep, &whole, keep);
	mprotect(p + page, page, PROT_NONE);
	sb_plugin_kernel = (const struct sb_kernel *)(p + page - keep);
}
