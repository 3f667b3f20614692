/* tablecopies.h - `bench --table-copies`: one shared set of tables against one per thread.
 * An engine's search threads share one set of attack tables; a NUMA-aware engine might give
 * each thread its own.  For each selected built-in kernel with large tables, this loads n
 * instances of its plugin (bin/plugins/<kernel>.so, each from a private copy of the file, so
 * each has tables of its own, built by its own init()) and registers two kernels that differ
 * only in that: "<kernel>@shared", every thread running instance 0, and "<kernel>@per-thread",
 * thread i running instance i.  Both are the same code from the same file, so a difference
 * between them is the tables'. */
#ifndef SB_TABLECOPIES_H
#define SB_TABLECOPIES_H

#include <stddef.h>
#include "registry/registry.h"

/* For each of the first *n entries of sel that is built in and has tables of min_bytes or
 * more, loads n_threads instances and appends the two entries to sel (cap max).  A missing
 * plugin is one note (build them with `make plugins`).  Returns the entries appended. */
size_t tablecopies_load(unsigned n_threads, size_t min_bytes, struct kentry **sel, size_t *n,
			size_t max);
/* Returns the instance thread i of a multi-threaded sample runs for kernel k: for a
 * "<kernel>@per-thread" entry instance i, for "<kernel>@shared" instance 0, else k itself. */
const struct sb_kernel *tablecopies_instance(const struct sb_kernel *k, unsigned i);
/* Returns how many instances k has (1 for any other kernel). */
unsigned tablecopies_count(const struct sb_kernel *k);
/* Unloads what tablecopies_load loaded and removes the private copies of the files. */
void tablecopies_free(void);

#endif
