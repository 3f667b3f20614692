/* fuzz_pgn.c - the PGN reader and SAN replay (what `slidebench trace` does per game) on any
 * bytes: every game is read, every move played or refused, nothing crashes or leaks. */
#include "fuzz.h"
#include "trace/chess.h"
#include "trace/pgn.h"

static int fd = -1;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc, (void)argv;
	chess_init();
	fuzz_quiet();
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char path[64], err[256], san[PGN_TOKEN_MAX + 8];
	struct pgn_reader r;
	struct pgn_game g;

	if (pgn_open(&r, fuzz_file(&fd, "pgn", data, size, path, sizeof path), err, sizeof err) < 0)
		return 0;
	for (int games = 0, got; games < 1000 && (got = pgn_next_game(&r, &g)) != 0 && got != -1;
	     games++) {
		struct chess_pos p;
		int rc;
		if (got == -2)
			continue;
		if (g.fen[0] ? chess_from_fen(&p, g.fen, err, sizeof err) < 0 : (chess_start(&p), 0)) {
			pgn_skip_game(&r);
			continue;
		}
		while ((rc = pgn_next_move(&r, san)) == PGN_MOVE)
			if (chess_play_san(&p, san, err, sizeof err) != CHESS_OK)
				break;
		if (rc == PGN_MOVE || rc == PGN_BAD)
			pgn_skip_game(&r);
		if (chess_board_problem(&p.b))
			abort();
		if (r.fatal)
			break;
	}
	pgn_close(&r);
	return 0;
}
