/* fuzz_fen.c - chess_from_fen on any text: it returns -1 or a board that passes every check
 * (the trace loader's chess_board_problem, the side not to move not in check), whose legal
 * moves can all be made and whose written FEN reads back to the same board. */
#include "fuzz.h"
#include "trace/chess.h"

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc, (void)argv;
	chess_init();
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char fen[256], err[256], out[CHESS_FEN_MAX];
	struct chess_pos p, q;
	struct chess_move m[CHESS_MAX_MOVES];

	if (size >= sizeof fen)
		return 0;
	memcpy(fen, data, size);
	fen[size] = 0;
	if (chess_from_fen(&p, fen, err, sizeof err) < 0)
		return 0;
	if (chess_board_problem(&p.b))
		abort();
	int n = chess_legal_moves(&p, m);
	for (int i = 0; i < n; i++) {
		q = p;
		chess_make(&q, m[i]);
		if (chess_board_problem(&q.b))
			abort();  /* a legal move made an impossible board */
	}
	chess_board_fen(&p.b, p.stm, out);
	if (chess_from_fen(&q, out, err, sizeof err) < 0 || memcmp(&q.b, &p.b, sizeof p.b))
		abort();      /* its own FEN must read back */
	return 0;
}
