/* runread_load.c - a run as the report reads it: its files (runread.c), checked
 * (runread_check.c) and a block's null pooled over its side (runread_pool.c). */
#include <stdlib.h>
#include <string.h>

#include "runread/runread.h"
#include "util/output.h"

int run_load(const char *dir, struct run *r, char *err, size_t errlen)
{
	if (run_load_files(dir, r, err, errlen) < 0 || run_check(r, err, errlen) < 0) {
		char *t = malloc(errlen);
		run_free(r);
		/* a refusal quotes the files' text: made safe for the terminal */
		if (t && errlen) {
			out_text(err, t, errlen);
			memcpy(err, t, strlen(t) + 1);
		}
		free(t);
		return -1;
	}
	run_pool_null(r);
	return 0;
}

int run_load_summary(const char *dir, struct run *r, char *err, size_t errlen)
{
	if (run_load_rows(dir, r, err, errlen) < 0)
		return -1;
	run_pool_null(r);
	return 0;
}
