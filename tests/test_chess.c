/* test_chess.c - the converter's chess: fast slider attacks against the reference walk on
 * every relevant occupancy, perft counts of well-known positions (published figures), every
 * legal move written as SAN and read back, and the SAN cases the issue lists. */
#include <string.h>

#include "check.h"
#include "trace/chess.h"

static const char *const KIND_LETTER = "  PNBRQK";

/* Returns the number of leaf positions `depth` plies below p. */
static uint64_t perft(const struct chess_pos *p, int depth)
{
	struct chess_move mv[CHESS_MAX_MOVES];
	int n = chess_legal_moves(p, mv);
	uint64_t sum = 0;

	if (depth == 1)
		return (uint64_t)n;
	for (int i = 0; i < n; i++) {
		struct chess_pos q = *p;
		chess_make(&q, mv[i]);
		sum += perft(&q, depth - 1);
	}
	return sum;
}

/* Writes m as SAN with the least disambiguation into out. */
static void san_write(const struct chess_pos *p, struct chess_move m, const struct chess_move *all,
		      int n, char *out)
{
	int same = 0, same_file = 0, same_rank = 0;

	if (m.piece == BB_KING && (m.to == m.from + 2 || m.to + 2 == m.from)) {
		strcpy(out, m.to > m.from ? "O-O" : "O-O-O");
		return;
	}
	for (int i = 0; i < n; i++)
		if (all[i].to == m.to && all[i].piece == m.piece && all[i].from != m.from &&
		    all[i].promo == m.promo) {
			same++;
			same_file += (all[i].from & 7) == (m.from & 7);
			same_rank += (all[i].from >> 3) == (m.from >> 3);
		}
	int capture = (board_occ(&p->b) >> m.to & 1) || (m.piece == BB_PAWN && (m.from & 7) != (m.to & 7));
	if (m.piece != BB_PAWN)
		*out++ = KIND_LETTER[m.piece];
	if ((m.piece == BB_PAWN && capture) || (same && (!same_file || same_rank)))
		*out++ = (char)('a' + (m.from & 7));
	if (m.piece != BB_PAWN && same && same_file)
		*out++ = (char)('1' + (m.from >> 3));
	if (capture)
		*out++ = 'x';
	*out++ = (char)('a' + (m.to & 7));
	*out++ = (char)('1' + (m.to >> 3));
	if (m.promo) {
		*out++ = '=';
		*out++ = KIND_LETTER[m.promo];
	}
	*out = 0;
}

/* Checks that every legal move of p, written as SAN, reads back as itself; recurses. */
static void san_round_trip(const struct chess_pos *p, int depth, int *bad)
{
	struct chess_move mv[CHESS_MAX_MOVES];
	int n = chess_legal_moves(p, mv);
	char san[16], err[256], fen[CHESS_FEN_MAX];

	for (int i = 0; i < n; i++) {
		struct chess_pos want = *p, have = *p;
		chess_make(&want, mv[i]);
		san_write(p, mv[i], mv, n, san);
		int rc = chess_play_san(&have, san, err, sizeof err);
		if (rc != CHESS_OK || memcmp(&want.b, &have.b, sizeof want.b) || want.stm != have.stm) {
			if ((*bad)++ < 5) {
				chess_board_fen(&p->b, p->stm, fen);
				printf("  %s: SAN %s: rc %d %s\n", fen, san, rc, rc ? err : "");
			}
		}
		if (depth > 1)
			san_round_trip(&want, depth - 1, bad);
	}
}

static void perft_and_san(void)
{
	/* Perft figures published on the chessprogramming wiki page "Perft Results". */
	static const struct { const char *fen; int depth; uint64_t nodes; } P[] = {
		{ "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 4, 197281 },
		{ "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 3, 97862 },
		{ "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 4, 43238 },
		{ "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", 3, 9467 },
		{ "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", 3, 62379 },
	};
	char err[256];

	for (size_t i = 0; i < sizeof P / sizeof P[0]; i++) {
		struct chess_pos p;
		int bad = 0;
		CHECK(chess_from_fen(&p, P[i].fen, err, sizeof err) == 0, "%s", err);
		uint64_t n = perft(&p, P[i].depth);
		CHECK(n == P[i].nodes, "perft(%d) of %s: expected %llu got %llu", P[i].depth,
		      P[i].fen, (unsigned long long)P[i].nodes, (unsigned long long)n);
		san_round_trip(&p, 2, &bad);
		CHECK(bad == 0, "%s: %d SAN moves did not read back", P[i].fen, bad);
	}
}

/* Plays the space-separated SAN list from fen; returns the last code, the error in err. */
static int play(const char *fen, const char *moves, char *fen_out, char *err, size_t errlen)
{
	struct chess_pos p;
	char buf[512], *save = NULL;
	int rc = CHESS_OK;

	if (fen ? chess_from_fen(&p, fen, err, errlen) : (chess_start(&p), 0))
		return 99;
	strcpy(buf, moves);
	for (char *t = strtok_r(buf, " ", &save); t && rc == CHESS_OK; t = strtok_r(NULL, " ", &save))
		rc = chess_play_san(&p, t, err, errlen);
	chess_board_fen(&p.b, p.stm, fen_out);
	return rc;
}

static void san_cases(void)
{
	static const struct { const char *fen, *moves; int rc; const char *want; } C[] = {
		{ NULL, "e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O Be7", CHESS_OK,
		  "r1bqk2r/1pppbppp/p1n2n2/4p3/B3P3/5N2/PPPP1PPP/RNBQ1RK1 w" },
		{ NULL, "e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 0-0 Be7", CHESS_OK,
		  "r1bqk2r/1pppbppp/p1n2n2/4p3/B3P3/5N2/PPPP1PPP/RNBQ1RK1 w" },
		{ NULL, "e4!? a6?? e5! d5!! exd6+ ", CHESS_OK,
		  "rnbqkbnr/1pp1pppp/p2P4/8/8/8/PPPP1PPP/RNBQKBNR b" },
		{ "7k/4P3/8/8/8/8/8/K7 w - - 0 1", "e8=Q+", CHESS_OK, "4Q2k/8/8/8/8/8/8/K7 b" },
		{ "7k/4P3/8/8/8/8/8/K7 w - - 0 1", "e8Q#", CHESS_OK, "4Q2k/8/8/8/8/8/8/K7 b" },
		{ "7k/4P3/8/8/8/8/8/K7 w - - 0 1", "e8=N", CHESS_OK, "4N2k/8/8/8/8/8/8/K7 b" },
		{ "7k/4P3/8/8/8/8/8/K7 w - - 0 1", "e8", CHESS_ILLEGAL, "illegal move \"e8\": a pawn reaching e8 must promote" },
		{ "4k3/8/8/2N5/8/2N5/8/4K3 w - - 0 1", "N5e4", CHESS_OK, "4k3/8/8/8/4N3/2N5/8/4K3 b" },
		{ "4k3/8/8/2N5/8/2N5/8/4K3 w - - 0 1", "Nc5e4", CHESS_OK, "4k3/8/8/8/4N3/2N5/8/4K3 b" },
		{ "4k3/8/8/8/8/2N3N1/8/4K3 w - - 0 1", "Nce4", CHESS_OK, "4k3/8/8/8/4N3/6N1/8/4K3 b" },
		{ "4k3/8/8/8/8/2N3N1/8/4K3 w - - 0 1", "Ne4", CHESS_AMBIGUOUS,
		  "ambiguous move \"Ne4\": knights on c3 and g3 can both reach e4" },
		{ "4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1", "Nc3", CHESS_ILLEGAL,
		  "illegal move \"Nc3\": the knight on e2 would leave its king in check" },
		{ NULL, "Nxe5", CHESS_ILLEGAL, "illegal move \"Nxe5\": no knight can reach e5" },
		{ "4k3/8/8/8/8/8/5r2/4K2R w K - 0 1", "O-O", CHESS_ILLEGAL, NULL },
		{ "r3k3/8/8/8/8/8/8/4K3 b q - 0 1", "O-O-O", CHESS_OK, "2kr4/8/8/8/8/8/8/4K3 w" },
		{ NULL, "Xy9", CHESS_UNREADABLE, "unreadable move \"Xy9\": not a move in SAN" },
		{ NULL, "e2e4 e7-e5 Ng1f3", CHESS_OK,
		  "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b" },
		{ NULL, "e4 e5 Ke2 Ke7 Ke1 Ke8 O-O", CHESS_ILLEGAL, NULL },
	};
	char fen[CHESS_FEN_MAX], err[256];

	for (size_t i = 0; i < sizeof C / sizeof C[0]; i++) {
		err[0] = 0;
		int rc = play(C[i].fen, C[i].moves, fen, err, sizeof err);
		CHECK(rc == C[i].rc, "case %zu \"%s\": expected code %d got %d (%s)", i, C[i].moves,
		      C[i].rc, rc, err);
		if (C[i].want && rc == CHESS_OK)
			CHECK(!strcmp(fen, C[i].want), "case %zu \"%s\": expected %s got %s", i,
			      C[i].moves, C[i].want, fen);
		else if (C[i].want)
			CHECK(!strcmp(err, C[i].want), "case %zu: expected message %s got %s", i,
			      C[i].want, err);
	}
}

static void fen_cases(void)
{
	static const char *const BAD[] = {
		"8/8/8/8/8/8/8/8 w - - 0 1", "P6k/8/8/8/8/8/8/K7 w - - 0 1",
		"k7/8/8/8/8/8/8/R6K w - - 0 1", "kk6/8/8/8/8/8/8/K7 w - - 0 1",
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN w KQkq - 0 1", "hello", "",
		"rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
		/* issue 16, D1: en passant squares no double step explains */
		"4k3/8/8/3PP3/8/8/8/4K3 w - d6 0 1", "4k3/8/3n4/3pP3/8/8/8/4K3 w - d6 0 1",
		"4k3/8/8/3pP3/8/8/8/4K3 w - d3 0 1", "4k3/8/8/3pP3/8/8/8/4K3 w - e6 0 1",
		"4k3/8/8/8/3Pp3/8/8/4K3 b - d6 0 1", "4k3/8/8/8/3Pp3/8/3B4/4K3 b - d3 0 1",
		"4k3/8/8/3pP3/8/8/8/4K3 w - z9 0 1",
		/* castling rights without king and rook at home, twice, or unreadable */
		"4k3/8/8/8/8/8/8/4K3 w K - 0 1", "r3k3/8/8/8/8/8/8/R3K3 w KQkq - 0 1",
		"r3k3/8/8/8/8/8/8/R3K3 w QQ - 0 1", "r3k3/8/8/8/8/8/8/R3K3 w X - 0 1",
		/* pawns on the first rank, too many pawns or promoted pieces, side not to move in check */
		"4k3/8/8/8/8/8/8/p3K3 w - - 0 1", "4k3/pppppppp/p7/8/8/8/8/4K3 w - - 0 1",
		"qq2k3/pppppppp/8/8/8/8/8/4K3 w - - 0 1", "4k2R/8/8/8/8/8/8/4K3 w - - 0 1",
		/* counters and trailing text */
		"4k3/8/8/8/8/8/8/4K3 w - - x 1", "4k3/8/8/8/8/8/8/4K3 w - - 0 1 junk",
	};
	static const char *const GOOD[] = {
		"4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "4k3/8/8/8/3Pp3/8/8/4K3 b - d3 0 1",
		"4k3/8/8/8/8/8/8/4K3 w - -", "4k3/8/8/8/8/8/8/4K3 b", "r3k3/8/8/8/8/8/8/R3K3 w Qq - 3 9 ",
		"4k3/8/8/8/8/8/8/QQQQKQQQ w - - 0 1",
	};
	/* checks no move gives (issue: three checkers, two pawns giving check were accepted) */
	static const struct { const char *fen, *why; } CHECKS[] = {
		{ "4k3/8/3N4/1B6/8/8/8/K3R3 b - - 0 1", "more than two pieces give check" },
		{ "8/8/8/4k3/3P1P2/8/8/K7 b - - 0 1", "double check by pawns or knights" },
		{ "4k3/8/3N1N2/8/8/8/8/K7 b - - 0 1", "double check by pawns or knights" },
		{ "8/8/2N5/4k3/3P4/8/8/K7 b - - 0 1", "double check by pawns or knights" },
		{ "4R3/8/8/4k3/8/8/8/K3R3 b - - 0 1", "along one line" },
	};
	static const char *const DOUBLE_OK[] = {
		"4k3/8/3N4/8/8/8/8/K3R3 b - - 0 1", "4k3/8/8/1B6/8/8/8/K3R3 b - - 0 1",
		"4k3/3P4/8/8/8/8/8/K3R3 b - - 0 1",
	};
	const char *kiwi = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
	struct chess_pos p;
	char err[256], fen[CHESS_FEN_MAX];

	for (size_t i = 0; i < sizeof BAD / sizeof BAD[0]; i++)
		CHECK(chess_from_fen(&p, BAD[i], err, sizeof err) < 0, "FEN \"%s\" accepted", BAD[i]);
	for (size_t i = 0; i < sizeof GOOD / sizeof GOOD[0]; i++)
		CHECK(chess_from_fen(&p, GOOD[i], err, sizeof err) == 0, "FEN \"%s\": %s", GOOD[i], err);
	for (size_t i = 0; i < sizeof CHECKS / sizeof CHECKS[0]; i++)
		CHECK(chess_from_fen(&p, CHECKS[i].fen, err, sizeof err) < 0 &&
		      strstr(err, CHECKS[i].why), "FEN \"%s\": %s", CHECKS[i].fen, err);
	for (size_t i = 0; i < sizeof DOUBLE_OK / sizeof DOUBLE_OK[0]; i++)
		CHECK(chess_from_fen(&p, DOUBLE_OK[i], err, sizeof err) == 0, "FEN \"%s\": %s",
		      DOUBLE_OK[i], err);
	/* a run of empty squares written as two digits: it sums to 8, but no FEN writes it */
	CHECK(chess_from_fen(&p, "4k3/8/8/8/44/8/8/4K3 w - - 0 1", err, sizeof err) < 0 &&
	      strstr(err, "rank 4 has two digits in a row (\"44\")"), "FEN with \"44\": %s", err);
	CHECK(chess_from_fen(&p, GOOD[0], err, sizeof err) == 0 && p.ep == 43, "ep %d", p.ep);
	CHECK(chess_from_fen(&p, kiwi, err, sizeof err) == 0, "%s", err);
	chess_board_fen(&p.b, p.stm, fen);
	CHECK(!strncmp(fen, kiwi, strlen(fen)), "FEN round trip: %s", fen);
	CHECK(p.castle == 15, "castling rights 0x%x", p.castle);
}

int main(void)
{
	chess_init();
	perft_and_san();
	san_cases();
	fen_cases();
	return check_done();
}
