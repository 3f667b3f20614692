/* fuzz_study.c - the study readers on any bytes: report_load (m64/ and compiler/ blocks, their
 * trace checks), blk_load (the blocks) and `slidebench verdicts` (two verdicts.csv).  The
 * input is cut at "\n===\n" lines into m64/summary.csv, m64/samples.csv, m64/context.json, a
 * block's summary.csv (compiler/01-gcc and 01-clang, with m64's samples and context), and two
 * studies' verdicts.csv.  Refused, or read; a crash or a sanitizer report is what is sought. */
#include <sys/stat.h>

#include "fuzz.h"
#include "analysis/blocks.h"
#include "cli/cli.h"
#include "report/report.h"

static char dir[64];

/* Makes dir/sub. */
static void sub(const char *name)
{
	char path[160];

	snprintf(path, sizeof path, "%s/%s", dir, name);
	if (mkdir(path, 0777) < 0)
		abort();
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc, (void)argv;
	snprintf(dir, sizeof dir, "/tmp/fuzz_study.%d", (int)getpid());
	if (mkdir(dir, 0777) < 0)
		abort();
	sub("m64"), sub("compiler"), sub("compiler/01-gcc"), sub("compiler/01-clang");
	sub("va"), sub("vb");
	if (!freopen("/dev/null", "w", stdout))   /* verdicts prints its table */
		abort();
	fuzz_quiet();
	return 0;
}

/* Writes n bytes of p to dir/name. */
static void put(const char *name, const uint8_t *p, size_t n)
{
	char path[160];
	FILE *f;

	snprintf(path, sizeof path, "%s/%s", dir, name);
	if (!(f = fopen(path, "wb")) || fwrite(p, 1, n, f) != n || fclose(f) != 0)
		abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const char *const NAME[][3] = {
		{ "m64/summary.csv", NULL, NULL },
		{ "m64/samples.csv", "compiler/01-gcc/samples.csv", "compiler/01-clang/samples.csv" },
		{ "m64/context.json", "compiler/01-gcc/context.json", "compiler/01-clang/context.json" },
		{ "compiler/01-gcc/summary.csv", "compiler/01-clang/summary.csv", NULL },
		{ "va/verdicts.csv", NULL, NULL }, { "vb/verdicts.csv", NULL, NULL },
	};
	const size_t npiece = sizeof NAME / sizeof NAME[0];
	const uint8_t *at = data, *end = data + size;
	char err[PATH_MAX + 512], blocks[128], va[128], vb[128];
	char *argv[] = { "verdicts", va, vb, NULL };
	struct study *s = calloc(1, sizeof *s);
	struct blk_set b;

	for (size_t i = 0; i < npiece; i++) {
		const uint8_t *cut = i + 1 < npiece ? memmem(at, (size_t)(end - at), "\n===\n", 5) : NULL;
		for (size_t j = 0; j < 3 && NAME[i][j]; j++)
			put(NAME[i][j], at, (size_t)((cut ? cut + 1 : end) - at));
		at = cut ? cut + 5 : end;
	}
	if (!s)
		abort();
	if (report_load(dir, s) == 0)
		study_free(s);
	free(s);
	snprintf(blocks, sizeof blocks, "%s/compiler", dir);
	if (blk_load(blocks, "gcc", "clang", &b, err, sizeof err) == 0)
		blk_free(&b);
	snprintf(va, sizeof va, "%s/va", dir);
	snprintf(vb, sizeof vb, "%s/vb", dir);
	(void)cmd_verdicts(3, argv);
	return 0;
}
