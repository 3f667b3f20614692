/* search_csv.h - the search workload's result file, written after the run (search_csv.c). */
#ifndef SB_SEARCH_CSV_H
#define SB_SEARCH_CSV_H

#include <stddef.h>

struct bench;
/* Writes search.csv into dir when b has a search workload: each verified kernel's nodes, best
 * move and score per root (the verification's; the reference's own as kernel "reference"
 * when it was not selected).  Returns 0, or -1 with err. */
int search_write(const struct bench *b, const char *dir, const char *run_id, char *err,
		 size_t errlen);

#endif
