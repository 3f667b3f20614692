/* layouts.h - `bench --layouts N`: copies of the selected built-in kernels that differ only in
 * where their code lands (bin/layouts/<i>/<kernel>.so, built by `make layouts`), timed beside
 * the originals so a reader can see how much of a difference may be code layout. */
#ifndef SB_LAYOUTS_H
#define SB_LAYOUTS_H

#include <stddef.h>
#include "registry/registry.h"

/* For each of the first *n entries of sel that is built in, loads copies 0..copies-1 as entries
 * named "<kernel>@L<i>", appended to sel (cap max).  A missing copy is one note, not an error.
 * Returns the number of copies loaded. */
size_t layouts_load(unsigned copies, struct kentry **sel, size_t *n, size_t max);
/* Writes the directory of the running executable into dir (where layouts/ and plugins/ are);
 * returns 0 or -1. */
int layouts_exe_dir(char *dir, size_t len);
/* Frees what layouts_load made (the entries stay in sel until the caller drops them). */
void layouts_free(void);

#endif
