/* fuzz.h - what the libFuzzer targets (tests/fuzz/fuzz_*.c, `make fuzz`) share: the input
 * as a file the readers open by path (a memfd, rewritten per input), and quiet stderr (the
 * readers' refusals are expected; a crash or a sanitizer report is what is looked for). */
#ifndef SB_FUZZ_H
#define SB_FUZZ_H

#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <fcntl.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerInitialize(int *argc, char ***argv);

/* Returns a path whose file holds exactly data (one memfd per name, reused). */
static inline const char *fuzz_file(int *fd, const char *name, const uint8_t *data, size_t size,
				    char *path, size_t len)
{
	if (*fd < 0 && (*fd = memfd_create(name, 0)) < 0)
		abort();
	if (ftruncate(*fd, 0) < 0 || (size && pwrite(*fd, data, size, 0) != (ssize_t)size))
		abort();
	snprintf(path, len, "/proc/self/fd/%d", *fd);
	return path;
}

/* Sends what the code under test prints on stderr to /dev/null unless FUZZ_VERBOSE is set.
 * The FILE is replaced, not descriptor 2: libFuzzer's statistics and the sanitizers' reports
 * go to descriptor 2 and must stay visible. */
static inline void fuzz_quiet(void)
{
	FILE *null = fopen("/dev/null", "w");

	if (!getenv("FUZZ_VERBOSE") && null)
		stderr = null;
}

#endif
