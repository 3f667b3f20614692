/* search_csv.c - search.csv: each searched kernel's nodes, best move and score per root
 * (search_csv.h). */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "bench/bench.h"
#include "bench/perft.h"
#include "bench/search_csv.h"
#include "util/output.h"

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
