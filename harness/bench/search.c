/* search.c - the search workload: table, runs, counted lookups, per-root checks (search.h). */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "kernels/lines.h"
#include "bench/bench.h"
#include "bench/perft.h"
#include "bench/search.h"
#include "util/output.h"
#include "bench/workload.h"

struct sb_search_tte *search_tt_alloc(size_t mib, size_t *entries)
{
	size_t bytes = mib << 20;
	struct sb_search_tte *tt = mib && mib <= SIZE_MAX >> 20 ? page_alloc(bytes) : NULL;

	*entries = tt ? bytes / sizeof *tt : 0;
	return tt;
}

void search_tt_clear(const struct sb_input *in)
{
	if (in->tt)
		memset(in->tt, 0, in->tt_entries * sizeof *in->tt);
}

struct sb_input search_input(const struct sb_perft_pos *p, size_t n, unsigned depth,
			     struct sb_search_tte *tt, size_t entries, uint64_t *nodes,
			     uint64_t *best)
{
	struct sb_input in = { .perft = p, .nperft = n, .depth = depth, .nodes = nodes,
			       .tt = tt, .tt_entries = entries, .best = best };

	return in;
}

uint64_t search_run(const struct sb_kernel *k, const struct sb_input *in)
{
	search_tt_clear(in);
	return k->run(SB_LOOP_SEARCH, in);
}

/* The reference walk with a count of calls: search_lookups' instrument. */
static uint64_t counted;
static inline uint64_t counted_rook(unsigned sq, uint64_t occ) { counted++; return sb_ref_rook(sq, occ); }
static inline uint64_t counted_bishop(unsigned sq, uint64_t occ) { counted++; return sb_ref_bishop(sq, occ); }
SB_DEFINE_SEARCH(search_counted, counted_rook, counted_bishop)

uint64_t search_lookups(const struct sb_input *in, uint64_t *nodes)
{
	uint64_t *each = calloc(in->nperft + 1, sizeof *each), total = 0;

	sb_lines_init();
	search_tt_clear(in);
	counted = 0;
	(void)search_counted(in->perft, in->nperft, in->depth, in->tt, in->tt_entries, each, NULL);
	for (size_t i = 0; each && i < in->nperft; i++)
		total += each[i];
	free(each);
	if (nodes)
		*nodes = total;
	return counted;
}

/* Writes best word b (move | score << 32) as "e2e4 score 35" into out. */
static void best_text(uint64_t b, char *out, size_t len)
{
	char uci[6];

	if (!(b & 0xFFFFFFFFu))
		snprintf(uci, sizeof uci, "none");
	else
		perft_move_uci((uint32_t)b, uci);
	snprintf(out, len, "%s score %d", uci, (int)(int32_t)(uint32_t)(b >> 32));
}

int search_verify_roots(const struct sb_kernel *k, const uint64_t *nodes_want,
			const uint64_t *best_want, const struct sb_input *in, uint64_t *got,
			FILE *err)
{
	uint64_t *nodes = got, *best = got + in->nperft;
	struct sb_input mine = *in;
	int rc = 0;

	mine.nodes = nodes;
	mine.best = best;
	search_run(k, &mine);
	for (size_t i = 0; i < in->nperft && rc == 0; i++)
		if (nodes[i] != nodes_want[i] || best[i] != best_want[i]) {
			char fen[CHESS_FEN_MAX + 16], mine_best[64], ref_best[64];
			perft_fen(&in->perft[i], fen);
			best_text(best[i], mine_best, sizeof mine_best);
			best_text(best_want[i], ref_best, sizeof ref_best);
			fprintf(err, "slidebench: kernel %s: search position %zu (%s) depth %u: %llu "
				"nodes, best move %s; reference %llu nodes, best move %s\n", k->name,
				i, fen, in->depth, (unsigned long long)nodes[i], mine_best,
				(unsigned long long)nodes_want[i], ref_best);
			rc = -1;
		}
	return rc;
}

/* Writes one search.csv row a root of kernel name: nodes[i], best[i], and whether they agree
 * with the reference's of workload w. */
static void write_roots(FILE *f, const char *run_id, const char *name, const struct workload *w,
			const uint64_t *nodes, const uint64_t *best)
{
	const struct sb_input *in = &w->in;

	for (size_t i = 0; i < in->nperft; i++) {
		char fen[CHESS_FEN_MAX + 16], uci[6] = "";
		if (best[i] & 0xFFFFFFFFu)
			perft_move_uci((uint32_t)best[i], uci);
		perft_fen(&in->perft[i], fen);
		out_csv_str(f, run_id);
		fputc(',', f);
		out_csv_str(f, name);
		fprintf(f, ",%zu,%u,%llu,%s,%d,%d,", i, in->depth, (unsigned long long)nodes[i], uci,
			(int)(int32_t)(uint32_t)(best[i] >> 32),
			nodes[i] == w->perft_want[i] && best[i] == w->best_want[i]);
		out_csv_str(f, fen);
		fprintf(f, ",%d\n", out_format("search.csv"));
	}
}

int search_write(const struct bench *b, const char *dir, const char *run_id, char *err,
		 size_t errlen)
{
	struct out_file o;
	int opened = 0;

	for (size_t wi = 0; wi < b->nw; wi++) {
		const struct workload *w = &b->w[wi];
		int ref_seen = 0;
		if (w->loop != SB_LOOP_SEARCH || !w->perft_want)
			continue;
		if (!opened) {
			if (out_open(&o, dir, "search.csv", err, errlen) < 0)
				return -1;
			fprintf(o.f, "run_id,kernel,position,depth,nodes,best_move,score,agrees,fen,format\n");
			opened = 1;
		}
		for (size_t ki = 1; ki <= b->nk; ki++) {
			const struct cell *c = &b->cells[wi * (b->nk + 1) + ki];
			if (!c->roots)
				continue;  /* not searched: unavailable, or refused before */
			ref_seen |= !strcmp(c->k->name, SB_ORACLE);
			write_roots(o.f, run_id, c->k->name, w, c->roots,
				    c->roots + w->in.nperft);
		}
		if (!ref_seen)
			write_roots(o.f, run_id, SB_ORACLE, w, w->perft_want, w->best_want);
	}
	return opened ? out_commit(&o, err, errlen) : 0;
}

int workset_add_search(struct workset *ws, const struct trace *t, size_t want, unsigned depth,
		       size_t tt_mib)
{
	size_t every = want && t->n > want ? (t->n + want - 1) / want : 1;
	long n;

	/* the roots as perft samples its own (the same positions at the same count), and the
	 * settle roots as perft's: an eighth as many, from the records between them */
	if ((n = perft_from_trace(t, want, &ws->search)) < 0)
		return -1;
	ws->nsearch = (size_t)n;
	if ((n = perft_sample_every(t, every * PERFT_SETTLE_PART, 0, &ws->search_settle)) < 0)
		return -1;
	ws->nsearch_settle = (size_t)n;
	ws->search_depth = depth;
	if (!(ws->search_tt = search_tt_alloc(tt_mib, &ws->search_tt_entries)))
		return -1;
	struct sb_input in = search_input(ws->search, ws->nsearch, depth, ws->search_tt,
					  ws->search_tt_entries, NULL, NULL);
	ws->search_lookups = search_lookups(&in, &ws->search_nodes);
	return 0;
}
