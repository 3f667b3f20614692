/* pages.c - page-aligned, zeroed blocks (pages.h). */
#include <stdlib.h>
#include <string.h>

#include "util/pages.h"

void *page_alloc(size_t bytes)
{
	size_t n = (bytes + 4095) & ~(size_t)4095;
	void *p = aligned_alloc(4096, n ? n : 4096);

	return p ? memset(p, 0, n ? n : 4096) : NULL;
}
