/* bench_verify.c - the verification gate of one cell (see bench_verify.h): no kernel is timed
 * before it has matched the reference on the very inputs it is timed on. */
#include <stdio.h>
#include <stdlib.h>

#include "bench/bench_verify.h"
#include "bench/perft.h"
#include "bench/search.h"
#include "registry/verify.h"

int bench_verify_cell(struct cell *c)
{
	struct verify_result res;

	if (c->w->loop == SB_LOOP_PERFT) {  /* one window; perft_want set by setup_workload */
		if (perft_verify_roots(c->k, c->w->perft_want, &c->win[0], stderr) < 0) {
			fprintf(stderr, "slidebench: kernel %s: perft counts differ from the "
				"reference's: not timed\n", c->k->name);
			return -1;
		}
		return 0;
	}
	if (c->w->loop == SB_LOOP_SEARCH) {  /* one window; its wants set by setup_workload */
		if (!c->roots && !(c->roots = calloc(2 * c->w->in.nperft + 1, sizeof *c->roots)))
			return -1;
		if (search_verify_roots(c->k, c->w->perft_want, c->w->best_want, &c->win[0],
					c->roots, stderr) < 0) {
			fprintf(stderr, "slidebench: kernel %s: search nodes or best moves differ from "
				"the reference's: not timed\n", c->k->name);
			return -1;
		}
		return 0;
	}
	/* a pressure loop verified on these positions at the first size: each sample is checked */
	if (c->w->loop == SB_LOOP_PRESSURE && c->w->twin >= 0)
		return 0;
	struct sb_queries tq = workload_timed_queries(c->w);
	if (c->w->def->check_queries && c->w->twin < 0 &&
	    verify_queries(c->k, c->w->vpiece, &tq, c->w->want, stderr, &res) < 0) {
		fprintf(stderr, "slidebench: kernel %s: %ld of %ld %s %s queries wrong: not timed\n",
			c->k->name, res.mismatches, res.cases, c->w->def->name, c->w->piece);
		return -1;
	}
	for (unsigned i = 0; i < c->w->ntimed; i++) {
		uint64_t sum = workload_pass(c->k, c->w, &c->win[i]);
		if (sum != c->w->win_expected[i]) {
			fprintf(stderr, "slidebench: kernel %s: %s/%s loop checksum 0x%016llx, "
				"reference 0x%016llx (window %u of %u): not timed\n", c->k->name,
				c->w->def->name, c->w->piece, (unsigned long long)sum,
				(unsigned long long)c->w->win_expected[i], i + 1, c->w->nwin);
			return -1;
		}
	}
	return 0;
}

int bench_twin_of(const struct bench *b, size_t wi)
{
	const struct workload *w = &b->w[wi];
	struct sb_queries q = workload_timed_queries(w);

	for (size_t j = 0; j < wi; j++) {
		const struct workload *o = &b->w[j];
		struct sb_queries oq = workload_timed_queries(o);
		if (w->loop == SB_LOOP_PRESSURE) {
			if (o->loop == SB_LOOP_PRESSURE && o->in.pos == w->in.pos &&
			    o->in.npos == w->in.npos && o->nwin == w->nwin && o->ntimed == w->ntimed)
				return (int)j;
		} else if (w->def->check_queries && o->def->check_queries &&
			   o->vpiece == w->vpiece && oq.occ == q.occ && oq.sq == q.sq && oq.n == q.n) {
			return (int)j;
		}
	}
	return -1;
}
