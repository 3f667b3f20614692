/* pages.h - memory that starts on a page. */
#ifndef SB_PAGES_H
#define SB_PAGES_H

#include <stddef.h>

/* Returns zeroed memory of at least bytes that starts on a page (free() releases it), or NULL.
 * What a timed loop reads lives in such blocks, so its cache sets do not depend on what was
 * allocated before it (the --out path's length moved --simulate's miss counts by a few). */
void *page_alloc(size_t bytes);

#endif
