/* crash-second-init.c - init() crashes when it has run before, in any process: with
 * SB_INIT_MARK naming a file, the first init() (the probe's, in a child) makes it and passes,
 * the second (slidebench's own process) dereferences NULL.  list, verify and bench must refuse
 * the plugin by name and go on (tests/test_hardening2.sh).  Without SB_INIT_MARK it is a plain
 * kernel. */
#include <fcntl.h>
#include <stdlib.h>
#include <unistd.h>

#include "kernel.h"
#include "lines.h"

static inline uint64_t cs_rook(unsigned sq, uint64_t occ) { return sb_ref_rook(sq, occ); }
static inline uint64_t cs_bishop(unsigned sq, uint64_t occ) { return sb_ref_bishop(sq, occ); }

static int *volatile cs_null;  /* never set: NULL */

/* Returns 0 the first time; crashes with SIGSEGV every time after. */
__attribute__((no_sanitize("address", "undefined")))
static int cs_init(void)
{
	const char *mark = getenv("SB_INIT_MARK");
	int fd;

	if (!mark)
		return 0;
	if (access(mark, F_OK) == 0)
		return *cs_null;
	if ((fd = open(mark, O_CREAT | O_WRONLY, 0600)) >= 0)
		close(fd);
	return 0;
}

SB_DEFINE_LOOPS(cs, cs_rook, cs_bishop)

static const struct sb_kernel crash_second_init = {
	.abi_version = SB_ABI_VERSION,
	.name = "crash-second-init", .family = "test",
	.description = "init() crashes on its second call, in any process",
	.word_bits = 64, .init = cs_init, .rook = cs_rook_ptr, .bishop = cs_bishop_ptr,
	.run = cs_run,
};
SB_REGISTER(crash_second_init);
