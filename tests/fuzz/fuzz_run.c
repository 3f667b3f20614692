/* fuzz_run.c - run_load (summary.csv, samples.csv, context.json) on any bytes, then what
 * export and compare do with a run: the input is cut at the first two "\n===\n" lines into
 * the three files of a run directory.  Refused, or every row readable. */
#include <sys/stat.h>

#include "fuzz.h"
#include "runread/runread.h"

static char dir[64];

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc, (void)argv;
	snprintf(dir, sizeof dir, "/tmp/fuzz_run.%d", (int)getpid());
	if (mkdir(dir, 0777) < 0)
		abort();
	fuzz_quiet();
	return 0;
}

/* Writes n bytes of p to dir/name. */
static void put(const char *name, const uint8_t *p, size_t n)
{
	char path[128];
	FILE *f;

	snprintf(path, sizeof path, "%s/%s", dir, name);
	if (!(f = fopen(path, "wb")) || fwrite(p, 1, n, f) != n || fclose(f) != 0)
		abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const char *const NAME[] = { "summary.csv", "samples.csv", "context.json" };
	const uint8_t *at = data, *end = data + size;
	char err[PATH_MAX + 512], label[256];
	struct run r;

	for (int i = 0; i < 3; i++) {
		const uint8_t *cut = i < 2 ? memmem(at, (size_t)(end - at), "\n===\n", 5) : NULL;
		put(NAME[i], at, (size_t)((cut ? cut + 1 : end) - at));
		at = cut ? cut + 5 : end;
	}
	if (run_load(dir, &r, err, sizeof err) < 0)
		return 0;
	for (size_t i = 0; i < r.nrows; i++) {
		const struct rr_row *w = &r.rows[i];
		if (!w->kernel || !w->mode || (w->nsamples && !w->samples))
			abort();
		(void)run_find(&r, w->kernel, w);
		(void)run_row_timed(w);
	}
	(void)run_dataset(&r);
	run_label(&r, label, sizeof label);
	run_free(&r);
	return 0;
}
