/* test_perft.c - the perft generator with every registered kernel (none named here) on the six
 * standard positions at a reduced depth, bulk and played out; divide against perft; a wrong
 * kernel named with its position and first diverging move; positions taken from a trace get
 * the castling rights and en passant square of their game. */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "bench/perft.h"
#include "registry/registry.h"
#include "kernels/lines.h"

/* A kernel that is wrong in one place: rook attacks never reach the h-file. */
static inline uint64_t bad_rook(unsigned sq, uint64_t occ) { return sb_ref_rook(sq, occ) & ~SB_FILE_H; }
static inline uint64_t bad_bishop(unsigned sq, uint64_t occ) { return sb_ref_bishop(sq, occ); }
SB_DEFINE_LOOPS(bad, bad_rook, bad_bishop)
static const struct sb_kernel bad_kernel = {
	.abi_version = SB_ABI_VERSION, .name = "no-h-file", .family = "test",
	.description = "rook attacks without the h-file", .word_bits = 64,
	.rook = bad_rook_ptr, .bishop = bad_bishop_ptr, .run = bad_run,
};

static void every_kernel(void)
{
	for (size_t i = 0; i < registry_count(); i++) {
		struct kentry *e = registry_at(i);
		if (registry_prepare(e) < 0)
			continue;
		for (size_t s = 0; s < PERFT_STD_COUNT; s++) {
			unsigned d = PERFT_STD[s].test_depth;
			CHECK(perft_check_std(e->k, s, d, 1, stdout) == 0, "kernel=%s %s depth %u bulk",
			      e->k->name, PERFT_STD[s].name, d);
			CHECK(perft_check_std(e->k, s, d - 1, 0, stdout) == 0, "kernel=%s %s depth %u",
			      e->k->name, PERFT_STD[s].name, d - 1);
		}
	}
}

static void divide_adds_up(void)
{
	const struct sb_kernel *ref = registry_find("reference")->k;
	uint32_t moves[SB_PERFT_MAX_MOVES];
	uint64_t counts[SB_PERFT_MAX_MOVES], sum = 0;
	struct sb_perft_pos p;
	char err[256], uci[6];
	int n, e4 = 0;

	CHECK(perft_from_fen(PERFT_STD[1].fen, &p, err, sizeof err) == 0, "kiwipete FEN: %s", err);
	n = perft_divide(ref, &p, 3, 1, moves, counts);
	CHECK(n == 48, "kiwipete has 48 moves, divide found %d", n);
	for (int i = 0; i < n; i++)
		sum += counts[i];
	CHECK_EQ_U64(97862, sum, "kiwipete divide at depth 3 adds up to perft 3");
	perft_from_fen(PERFT_STD[0].fen, &p, err, sizeof err);
	n = perft_divide(ref, &p, 1, 0, moves, counts);
	for (int i = 0; i < n; i++) {
		perft_move_uci(moves[i], uci);
		e4 |= !strcmp(uci, "e2e4") && counts[i] == 1;
	}
	CHECK(n == 20 && e4, "initial position: 20 moves, e2e4 among them (n=%d)", n);
	/* promotions in UCI: position 5's d7 pawn takes c8 */
	perft_from_fen(PERFT_STD[4].fen, &p, err, sizeof err);
	n = perft_divide(ref, &p, 1, 0, moves, counts);
	int promo = 0;
	for (int i = 0; i < n; i++) {
		perft_move_uci(moves[i], uci);
		promo += !strcmp(uci, "d7c8q") || !strcmp(uci, "d7c8n");
	}
	CHECK(promo == 2, "d7c8q and d7c8n among white's moves (%d)", promo);
}

static void wrong_kernel_named(void)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	CHECK(perft_check_std(&bad_kernel, 0, 3, 1, f) < 0, "a wrong kernel fails perft");
	fclose(f);
	CHECK(buf && strstr(buf, "kernel no-h-file") && strstr(buf, "initial depth 3") &&
	      strstr(buf, "expected 8902") && strstr(buf, "first diverging move "),
	      "the message names kernel, position, count and move: %s", buf ? buf : "");
	CHECK(buf && !strstr(buf, "first diverging move none"), "a move is named: %s", buf ? buf : "");
	free(buf);
}

/* A two-game trace: 1. e4 (en passant square e3 after it), then the h1 rook moves and back
 * (white's king-side right gone for good); a second game starts with full rights again. */
static void from_trace(void)
{
	static const struct chess_move MOVES[] = { { 12, 28, BB_PAWN, 0 }, { 62, 45, BB_KNIGHT, 0 },
						   { 6, 21, BB_KNIGHT, 0 }, { 57, 42, BB_KNIGHT, 0 },
						   { 7, 6, BB_ROOK, 0 }, { 42, 57, BB_KNIGHT, 0 },
						   { 6, 7, BB_ROOK, 0 } };
	struct trace_rec rec[16];
	struct chess_pos c;
	struct trace t = { .rec = rec };
	struct sb_perft_pos *p;
	long n;

	chess_start(&c);
	rec[t.n++] = (struct trace_rec){ c.b, 1, 0, c.stm, 0 };
	for (size_t i = 0; i < sizeof MOVES / sizeof MOVES[0]; i++) {
		chess_make(&c, MOVES[i]);
		rec[t.n++] = (struct trace_rec){ c.b, 1, (uint16_t)(i + 1), c.stm, 0 };
	}
	chess_start(&c);
	rec[t.n++] = (struct trace_rec){ c.b, 2, 0, c.stm, 0 };
	n = perft_from_trace(&t, 0, &p);
	CHECK(n == (long)t.n, "every record taken when want is 0 (%ld of %zu)", n, t.n);
	if (n == (long)t.n) {
		CHECK(p[0].castle == 15 && p[0].ep == 0, "start: KQkq, no ep");
		CHECK(p[1].ep == 20 && p[1].stm == 1, "after e4: ep e3 (%u), black to move", p[1].ep);
		CHECK(p[2].ep == 0, "after Nf6: no ep");
		CHECK(p[5].castle == (15 & ~SB_PC_WK), "rook gone from h1: K lost (%u)", p[5].castle);
		CHECK(p[7].castle == (15 & ~SB_PC_WK), "rook back on h1: K still lost (%u)", p[7].castle);
		CHECK(p[8].castle == 15, "a new game: rights from its own board (%u)", p[8].castle);
		uint64_t nodes, lk = perft_lookups(p, 1, 3, 1, &nodes);
		CHECK_EQ_U64(8902, nodes, "the trace's start position, perft 3");
		CHECK(lk > 0 && lk < nodes, "bulk perft 3 from the start: %llu lookups for %llu nodes",
		      (unsigned long long)lk, (unsigned long long)nodes);
	}
	free(p);
	n = perft_from_trace(&t, 3, &p);
	CHECK(n >= 1 && n <= 3, "want 3: at most 3 roots (%ld)", n);
	free(p);
}

int main(void)
{
	if (registry_init() < 0) {
		printf("registry_init failed\n0 passed, 1 failed\n");
		return 1;
	}
	sb_lines_init();
	chess_init();
	every_kernel();
	divide_adds_up();
	wrong_kernel_named();
	from_trace();
	return check_done();
}
