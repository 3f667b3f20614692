/* fuzz_csv.c - csv_load on any bytes: refused (file and reason), or every row holds exactly
 * the header's number of fields and every cell can be read as text and as a number. */
#include <math.h>

#include "fuzz.h"
#include "runread/runread.h"

static int fd = -1;

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char path[64], err[512];
	struct csv c;

	if (csv_load(fuzz_file(&fd, "csv", data, size, path, sizeof path), &c, err, sizeof err) < 0) {
		if (strncmp(err, path, strlen(path)))
			abort();
		return 0;
	}
	for (size_t r = 0; r < c.nrow; r++)
		for (size_t k = 0; k < c.ncol; k++)
			if (!csv_cell(&c, r, (int)k) || isinf(csv_num(&c, r, (int)k) * 0.0))
				abort();
	csv_free(&c);
	return 0;
}
