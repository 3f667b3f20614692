/* fuzz_trace.c - trace_load on any bytes: refused with a reason, or loaded with every record
 * a possible board and the counts the header claims (D10: no allocation trusts the header). */
#include "fuzz.h"
#include "trace/chess.h"
#include "trace/trace.h"

static int fd = -1;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc, (void)argv;
	chess_init();
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char path[64], err[512];
	struct trace t;

	if (trace_load(fuzz_file(&fd, "trace", data, size, path, sizeof path), &t, err,
		       sizeof err) < 0) {
		if (!strstr(err, path))
			abort();  /* every refusal names the file */
		return 0;
	}
	if (t.games == 0 || t.games > t.n)
		abort();
	for (size_t i = 0; i < t.n; i++)
		if (chess_board_problem(&t.rec[i].b))
			abort();
	trace_free(&t);
	return 0;
}
