/* perft.c - positions, perft, divide and the standard positions' checks (perft.h). */
#include <stdlib.h>
#include <string.h>

#include "kernels/lines.h"
#include "registry/registry.h"
#include "bench/perft.h"

/* chessprogramming.org "Perft Results": the initial position, Kiwipete and positions 3-6. */
const struct perft_std PERFT_STD[PERFT_STD_COUNT] = {
	{ "initial", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
	  { 20, 400, 8902, 197281, 4865609, 119060324 }, 5, 3 },
	{ "kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
	  { 48, 2039, 97862, 4085603, 193690690, 0 }, 4, 3 },
	{ "position3", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
	  { 14, 191, 2812, 43238, 674624, 11030083 }, 6, 4 },
	{ "position4", "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
	  { 6, 264, 9467, 422333, 15833292, 706045033 }, 5, 3 },
	{ "position5", "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
	  { 44, 1486, 62379, 2103487, 89941194, 0 }, 4, 3 },
	{ "position6", "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
	  { 46, 2079, 89890, 3894594, 164075551, 0 }, 4, 3 },
};

void perft_from_chess(const struct chess_pos *c, struct sb_perft_pos *p)
{
	memset(p, 0, sizeof *p);
	p->side[0] = c->b.bb[BB_WHITE];
	p->side[1] = c->b.bb[BB_BLACK];
	for (int k = 0; k < 6; k++)
		p->kind[k] = c->b.bb[BB_PAWN + k];
	p->stm = c->stm;
	p->castle = c->castle;  /* CASTLE_* and SB_PC_* are the same bits */
	p->ep = c->ep > 0 ? (uint8_t)c->ep : 0;
}

int perft_from_fen(const char *fen, struct sb_perft_pos *p, char *err, size_t errlen)
{
	struct chess_pos c;

	if (chess_from_fen(&c, fen, err, errlen) < 0)
		return -1;
	perft_from_chess(&c, p);
	return 0;
}

uint64_t perft_run(const struct sb_kernel *k, const struct sb_perft_pos *p, size_t n,
		   unsigned depth, int bulk, uint64_t *nodes)
{
	struct sb_input in = { .perft = p, .nperft = n, .depth = depth, .bulk = bulk,
			       .nodes = nodes };

	return k->run(SB_LOOP_PERFT, &in);
}

int perft_divide(const struct sb_kernel *k, const struct sb_perft_pos *p, unsigned depth,
		 int bulk, uint32_t *moves, uint64_t *counts)
{
	/* The root's moves through the kernel's pointers (not inlined: one node, not timed). */
	unsigned n = depth ? sb_pg_gen_(p, moves, k->rook, k->bishop) : 0;
	struct sb_perft_pos *child = malloc((n + 1) * sizeof *child);

	if (!child)
		return -1;
	for (unsigned i = 0; i < n; i++)
		sb_pg_make_(p, &child[i], moves[i]);
	perft_run(k, child, n, depth - 1, bulk, counts);
	free(child);
	return (int)n;
}

void perft_move_uci(uint32_t m, char *out)
{
	static const char PROMO[] = "nbrq";
	unsigned from = m & 63, to = m >> 6 & 63, fl = m >> 15 & 7;

	out[0] = (char)('a' + (from & 7));
	out[1] = (char)('1' + (from >> 3));
	out[2] = (char)('a' + (to & 7));
	out[3] = (char)('1' + (to >> 3));
	out[4] = fl >= SB_PG_PROMO ? PROMO[fl - SB_PG_PROMO] : 0;
	out[5] = 0;
}

/* The reference walk with a count of calls: perft_lookups' instrument. */
static uint64_t counted;
static inline uint64_t counted_rook(unsigned sq, uint64_t occ) { counted++; return sb_ref_rook(sq, occ); }
static inline uint64_t counted_bishop(unsigned sq, uint64_t occ) { counted++; return sb_ref_bishop(sq, occ); }
SB_DEFINE_PERFT(perft_counted, counted_rook, counted_bishop)

uint64_t perft_lookups(const struct sb_perft_pos *p, size_t n, unsigned depth, int bulk,
		       uint64_t *nodes)
{
	uint64_t leaves = 0;

	sb_lines_init();
	counted = 0;
	for (size_t i = 0; i < n; i++)
		leaves += perft_counted(&p[i], depth, bulk);
	if (nodes)
		*nodes = leaves;
	return counted;
}

void perft_first_divergence(const struct sb_kernel *k, const struct sb_perft_pos *p,
			    unsigned depth, int bulk, char *out, size_t outlen)
{
	static uint32_t mk[SB_PERFT_MAX_MOVES], mr[SB_PERFT_MAX_MOVES];
	static uint64_t ck[SB_PERFT_MAX_MOVES], cr[SB_PERFT_MAX_MOVES];
	struct kentry *ref = registry_find("reference");
	int nk, nr;
	char uci[6];

	snprintf(out, outlen, "none");
	if (!ref || registry_prepare(ref) < 0 ||
	    (nk = perft_divide(k, p, depth, bulk, mk, ck)) < 0 ||
	    (nr = perft_divide(ref->k, p, depth, bulk, mr, cr)) < 0)
		return;
	for (int i = 0; i < nr; i++) {  /* a move the reference has: missing, or counted apart */
		int j = 0;
		while (j < nk && mk[j] != mr[i])
			j++;
		perft_move_uci(mr[i], uci);
		if (j == nk) {
			snprintf(out, outlen, "%s: missing (the reference counts %llu)", uci,
				 (unsigned long long)cr[i]);
			return;
		}
		if (ck[j] != cr[i]) {
			snprintf(out, outlen, "%s: %llu against the reference's %llu", uci,
				 (unsigned long long)ck[j], (unsigned long long)cr[i]);
			return;
		}
	}
	for (int j = 0; j < nk; j++) {  /* a move only the kernel has */
		int i = 0;
		while (i < nr && mr[i] != mk[j])
			i++;
		if (i == nr) {
			perft_move_uci(mk[j], uci);
			snprintf(out, outlen, "%s: not a legal move (the kernel counts %llu)", uci,
				 (unsigned long long)ck[j]);
			return;
		}
	}
}

int perft_check_std(const struct sb_kernel *k, size_t i, unsigned depth, int bulk, FILE *err)
{
	const struct perft_std *s = &PERFT_STD[i];
	struct sb_perft_pos p;
	char why[256];
	uint64_t got;

	if (depth < 1 || depth > PERFT_STD_DEPTHS || !s->nodes[depth - 1] ||
	    perft_from_fen(s->fen, &p, why, sizeof why) < 0) {
		fprintf(err, "slidebench: perft: %s depth %u: no listed count\n", s->name, depth);
		return -1;
	}
	got = perft_run(k, &p, 1, depth, bulk, NULL);
	if (got == s->nodes[depth - 1])
		return 0;
	perft_first_divergence(k, &p, depth, bulk, why, sizeof why);
	fprintf(err, "slidebench: kernel %s: perft %s depth %u%s: %llu nodes, expected %llu; "
		"first diverging move %s\n", k->name, s->name, depth, bulk ? " (bulk)" : "",
		(unsigned long long)got, (unsigned long long)s->nodes[depth - 1], why);
	return -1;
}

void perft_fen(const struct sb_perft_pos *p, char *out)
{
	static const char CASTLE[] = "KQkq";
	struct sb_board b;
	size_t at;

	b.bb[BB_WHITE] = p->side[0];
	b.bb[BB_BLACK] = p->side[1];
	for (int k = 0; k < 6; k++)
		b.bb[BB_PAWN + k] = p->kind[k];
	chess_board_fen(&b, p->stm, out);
	at = strlen(out);
	out[at++] = ' ';
	for (int i = 0; i < 4; i++)
		if (p->castle >> i & 1)
			out[at++] = CASTLE[i];
	if (!p->castle)
		out[at++] = '-';
	out[at++] = ' ';
	if (p->ep) {
		out[at++] = (char)('a' + (p->ep & 7));
		out[at++] = (char)('1' + (p->ep >> 3));
	} else {
		out[at++] = '-';
	}
	out[at] = 0;
}

int perft_verify_roots(const struct sb_kernel *k, const uint64_t *want, const struct sb_input *in,
		       FILE *err)
{
	uint64_t *got = calloc(in->nperft + 1, sizeof *got);
	int rc = 0;

	if (!got)
		return -1;
	perft_run(k, in->perft, in->nperft, in->depth, in->bulk, got);
	for (size_t i = 0; i < in->nperft && rc == 0; i++)
		if (got[i] != want[i]) {
			char fen[CHESS_FEN_MAX + 16], why[256];
			perft_fen(&in->perft[i], fen);
			perft_first_divergence(k, &in->perft[i], in->depth, in->bulk, why, sizeof why);
			fprintf(err, "slidebench: kernel %s: perft position %zu (%s) depth %u: %llu "
				"nodes, reference %llu; first diverging move %s\n", k->name, i, fen,
				in->depth, (unsigned long long)got[i], (unsigned long long)want[i], why);
			rc = -1;
		}
	free(got);
	return rc;
}
