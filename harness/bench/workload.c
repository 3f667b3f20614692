/* workload.c - the timed units: each mode's loop over the workset's input, cut into windows,
 * and one pass of it (workload.h). */
#include <math.h>
#include <string.h>

#include "bench/null_kernel.h"
#include "bench/pressure.h"
#include "bench/search.h"
#include "bench/workload.h"

const char *const PIECE_NAMES[3] = { "rook", "bishop", "queen" };

int workload_whole(enum sb_loop l)
{
	return l == SB_LOOP_PERFT || l == SB_LOOP_SEARCH;
}

static unsigned reps_for(size_t lookups, size_t min_lookups)
{
	return lookups >= min_lookups ? 1 : (unsigned)((min_lookups + lookups - 1) / lookups);
}

/* Windows the random modes take at most (see workload_of). */
#define RANDOM_WINDOWS 4

/* Returns the slider lookups the position loop makes at position p. */
static size_t pos_lookups(const struct sb_pos *p)
{
	return (size_t)(__builtin_popcountll(p->rq[0] | p->rq[1]) +
			__builtin_popcountll(p->bq[0] | p->bq[1]));
}

/* Cuts the positions of w into its nwin windows of about equal lookups. */
static void cut_positions(struct workload *w)
{
	size_t acc = 0, at = 0, win = 0;

	for (size_t i = 0; i < w->in.npos && win < w->nwin; i++) {
		acc += pos_lookups(&w->in.pos[i]);
		if (acc * w->nwin >= w->lookups * (win + 1) || i + 1 == w->in.npos) {
			w->win_off[win] = at;
			w->win_len[win] = i + 1 - at;
			w->win_lookups[win] = 0;
			for (size_t j = at; j <= i; j++)
				w->win_lookups[win] += pos_lookups(&w->in.pos[j]);
			at = i + 1;
			win++;
		}
	}
	w->nwin = (unsigned)(win ? win : 1);
}

/* Cuts w's input into windows of at least min_lookups lookups each (WIN_MAX at most), or
 * makes it one window replayed enough times when it is shorter than two. */
static void cut_windows(struct workload *w, size_t min_lookups)
{
	size_t group = w->def->input == INPUT_RANDOM_GROUPS ? SB_PEER_GROUP : 1;
	size_t per = w->def->per_query ? w->def->per_query : 1;

	w->nwin = 1;
	w->win_off[0] = 0;
	w->win_lookups[0] = w->lookups;
	/* --min-lookups 1 is one pass over the whole input a sample (the simulated sweep's) */
	if (w->loop == SB_LOOP_SEARCH) {  /* one pass: a second would find the first's table */
		w->win_len[0] = w->in.nperft;
		w->reps = w->lookups ? 1 : 0;
		return;
	}
	if (w->loop == SB_LOOP_PERFT || !w->lookups || w->lookups < 2 * min_lookups ||
	    min_lookups <= 1) {
		w->win_len[0] = w->in.pos ? w->in.npos : w->in.perft ? w->in.nperft : w->in.q.n;
		w->reps = w->lookups ? reps_for(w->lookups, min_lookups) : 0;
		return;
	}
	w->reps = 1;
	w->nwin = (unsigned)(w->lookups / min_lookups < WIN_MAX ? w->lookups / min_lookups : WIN_MAX);
	if (w->in.pos) {
		cut_positions(w);
		return;
	}
	size_t len = w->in.q.n / w->nwin / group * group;
	for (unsigned i = 0; i < w->nwin; i++) {
		w->win_off[i] = i * len;
		w->win_len[i] = i + 1 < w->nwin ? len : (w->in.q.n - i * len) / group * group;
		w->win_lookups[i] = w->win_len[i] * per;
	}
}

struct sb_input workload_window(const struct workload *w, const struct sb_input *whole,
				unsigned win)
{
	struct sb_input in = *whole;

	if (workload_whole(w->loop) || w->nwin <= 1)
		return in;
	if (in.pos) {
		in.pos += w->win_off[win];
		in.npos = w->win_len[win];
	} else {
		in.q.occ += w->win_off[win];
		in.q.sq += w->win_off[win];
		in.q.n = w->win_len[win];
		if (in.group_occ)  /* windows start on a group (cut_windows) */
			in.group_occ += w->win_off[win] / SB_PEER_GROUP;
	}
	return in;
}

/* Returns a sum of one byte per 64-byte line of the n bytes at p (reading them in). */
static uint64_t touch_lines(const void *p, size_t n)
{
	const volatile uint8_t *b = p;
	uint64_t sum = 0;

	for (size_t i = 0; b && i < n; i += 64)
		sum += b[i];
	return sum;
}

uint64_t workload_touch(const struct sb_input *in)
{
	/* the peer-random loop reads group_occ, not q.occ (twelve times its lines) */
	size_t nocc = in->group_occ ? in->q.n / SB_PEER_GROUP : in->q.n;

	return touch_lines(in->group_occ ? in->group_occ : in->q.occ, nocc * sizeof(uint64_t)) +
	       touch_lines(in->q.sq, in->q.n * sizeof *in->q.sq) +
	       touch_lines(in->pos, in->npos * sizeof *in->pos);
}

unsigned workload_threads(const struct workload *w)
{
	return w->threads > 1 ? w->threads : 1;
}

unsigned workload_slot_window(const struct workload *w, unsigned slot)
{
	return w->nwin > 1 ? slot % w->nwin : 0;
}

unsigned workload_slot_settle(const struct workload *w, unsigned slot)
{
	/* the window timed farthest from now, so the one settled is not timed soon after */
	return w->nwin > 1 ? (slot + w->nwin / 2) % w->nwin : 0;
}

unsigned workload_sample_window(const struct workload *w, unsigned s)
{
	return workload_slot_window(w, s * workload_threads(w));
}

void workload_set_timed(struct workload *w, size_t total)
{
	total *= workload_threads(w);
	w->ntimed = w->nwin > 1 && total < w->nwin ? (unsigned)(total ? total : 1) :
		    (w->nwin ? w->nwin : 1);
}

size_t workloads_threaded(struct workload *w, size_t nw, const unsigned *counts,
			  size_t ncounts, size_t max)
{
	size_t n = nw;

	for (size_t i = 0; i < nw; i++)
		w[i].threads = counts[0];
	for (size_t t = 1; t < ncounts; t++)
		for (size_t i = 0; i < nw && n < max; i++) {
			w[n] = w[i];
			w[n++].threads = counts[t];
		}
	return n;
}

struct sb_queries workload_timed_queries(const struct workload *w)
{
	struct sb_queries q = w->in.q;

	if (w->nwin > 1 && !w->in.pos && w->ntimed < w->nwin)
		q.n = w->win_off[w->ntimed - 1] + w->win_len[w->ntimed - 1];
	return q;
}

size_t workload_sample_lookups(const struct workload *w, unsigned s)
{
	return w->win_lookups[workload_sample_window(w, s)] * w->reps;
}

size_t workload_mean_lookups(const struct workload *w)
{
	size_t sum = 0;

	for (unsigned i = 0; i < w->nwin; i++)
		sum += w->win_lookups[i];
	return w->nwin ? sum * w->reps / w->nwin : 0;
}

int workload_replayed(const struct workload *w)
{
	return w->reps > 1 || (w->nwin <= 1 && !workload_whole(w->loop));
}

/* Sets w to perft's roots in ws: its input, settle roots and lookups per leaf. */
static void perft_workload(struct workload *w, const struct workset *ws)
{
	w->loop = SB_LOOP_PERFT;
	w->in = (struct sb_input){ .perft = ws->perft, .nperft = ws->nperft,
				   .depth = ws->perft_depth, .bulk = 1 };
	w->lookups = ws->nperft ? (size_t)ws->perft_nodes : 0;
	w->settle_in = w->in;
	if (ws->nperft_settle) {
		w->settle_in.perft = ws->perft_settle;
		w->settle_in.nperft = ws->nperft_settle;
	}
	if (ws->perft_nodes)
		w->lookups_per_node = (double)ws->perft_lookups / (double)ws->perft_nodes;
}

/* Sets w to search's roots in ws: its input, settle roots and lookups per node. */
static void search_workload(struct workload *w, const struct workset *ws)
{
	w->loop = SB_LOOP_SEARCH;
	w->in = search_input(ws->search, ws->nsearch, ws->search_depth, ws->search_tt,
			     ws->search_tt_entries, NULL, NULL);
	w->lookups = ws->nsearch ? (size_t)ws->search_nodes : 0;
	w->settle_in = w->in;
	if (ws->nsearch_settle) {
		w->settle_in.perft = ws->search_settle;
		w->settle_in.nperft = ws->nsearch_settle;
	}
	if (ws->search_nodes)
		w->lookups_per_node = (double)ws->search_lookups / (double)ws->search_nodes;
}

/* Sets w to mode d's loop over piece p's query stream in ws (the random modes': a few windows
 * of it). */
static void stream_workload(struct workload *w, const struct workset *ws, int p,
			    size_t min_lookups)
{
	const struct mode_def *d = w->def;
	int s = d->input == INPUT_RANDOM_GROUPS ? 3 : p;  /* which stream */

	w->piece = PIECE_NAMES[p];
	w->vpiece = (enum piece)p;
	w->loop = d->loop[p];
	w->in = (struct sb_input){ .q = { ws->occ[s], ws->sq[s], ws->n[s] } };
	if (d->input == INPUT_RANDOM_GROUPS)
		w->in.group_occ = ws->group_occ;
	w->lookups = ws->n[s] * d->per_query;
	if (d->input == INPUT_RANDOM_QUERIES || d->input == INPUT_RANDOM_GROUPS) {
		/* random queries are alike everywhere: a few windows keep every sample new, and
		 * verification short (the peer makes 64 lookups a query) */
		size_t cap = (RANDOM_WINDOWS * min_lookups + d->per_query - 1) / d->per_query;
		cap = (cap + SB_PEER_GROUP - 1) / SB_PEER_GROUP * SB_PEER_GROUP;
		if (w->in.q.n > cap)
			w->in.q.n = cap;
		w->lookups = w->in.q.n * d->per_query;
		w->dataset = "random";
	}
}

/* Returns the workload of mode m over piece p's stream (p < 0: the positions), or a zero
 * workload (lookups 0) when that input is empty. */
static struct workload workload_of(struct workset *ws, int m, int p, size_t min_lookups)
{
	const struct mode_def *d = &MODES[m];
	struct workload w = { .mode = (enum mode)m, .def = d, .dataset = ws->dataset,
			      .pressure_bytes = NAN, .lookups_per_node = NAN, .twin = -1 };

	if (p >= 0) {
		stream_workload(&w, ws, p, min_lookups);
	} else {
		w.piece = "all";
		if (d->loop[0] == SB_LOOP_PERFT) {
			perft_workload(&w, ws);
		} else if (d->loop[0] == SB_LOOP_SEARCH) {
			search_workload(&w, ws);
		} else {
			w.loop = d->loop[0];
			w.in = (struct sb_input){ .pos = ws->pos, .npos = ws->npos };
			w.lookups = ws->npos ? ws->pos_lookups : 0;
		}
	}
	/* A pressure sample sweeps a working set of up to megabytes through the shared caches,
	 * and what other tenants do to them moves its time within milliseconds: at the default
	 * 100,000 lookups the null's sample lasted 0.3 ms at 8 MiB on a Zen 5 guest, its samples
	 * ran 2.7-6.3 ns a lookup, and its median came out dearer than pext's (3.34 against
	 * 3.19 ns).  Samples four times as long (none replayed: the input holds two windows of
	 * them) put it at 2.76 against 3.03, and below every kernel in each of 15 rounds but one.
	 * (--min-lookups 1, one pass over the whole input a sample, is the simulated sweep's.) */
	if (d->pressure && min_lookups > 1 && w.lookups >= 2 * PRESSURE_WINDOW_SCALE * min_lookups)
		min_lookups *= PRESSURE_WINDOW_SCALE;
	cut_windows(&w, min_lookups);
	return w;
}

/* Points pressure workload w at working set i of ps (none: a zero-byte working set). */
static void pressure_apply(struct workload *w, const struct pressure_set *ps, size_t i)
{
	size_t bytes = ps ? ps->bytes[i] : 0;

	w->pressure_bytes = (double)bytes;
	w->in.pressure = ps ? ps->buf : NULL;
	w->in.touch = bytes ? ps->touch[i] : NULL;
	w->in.ntouch = bytes / 64;
	w->in.touch_per_pos = PRESSURE_TOUCH_PER_POS;
}

size_t workloads_build(struct workset *ws, unsigned modes, size_t min_lookups, int cold,
		       struct workload *out, size_t max)
{
	size_t n = 0;

	for (int m = 0; m < MODE_COUNT; m++) {
		if (!(modes >> m & 1))
			continue;
		for (int p = -1; p < 3; p++) {
			if (p < 0 ? MODES[m].input != INPUT_TRACE_POSITIONS :
				    !(MODES[m].pieces >> p & 1))
				continue;
			struct workload w = workload_of(ws, m, p, min_lookups);
			size_t np = MODES[m].pressure && ws->pressure ? ws->pressure->n : 1;
			for (size_t i = 0; i < np; i++) {
				if (MODES[m].pressure)
					pressure_apply(&w, ws->pressure, i);
				for (int state = 0; w.lookups && state <= cold && n < max; state++) {
					out[n] = w;
					out[n].cold = state;
					if (state)  /* only the first pass after an eviction is cold */
						out[n].reps = 1;
					n++;
				}
			}
		}
	}
	return n;
}

const char *workload_state(const struct workload *w)
{
	return w->cold ? "cold" : "warm";
}

void workload_ready(const struct workload *w, const struct sb_input *in)
{
	if (w->loop == SB_LOOP_SEARCH)
		search_tt_clear(in);
}

uint64_t workload_pass(const struct sb_kernel *k, const struct workload *w,
		       const struct sb_input *in)
{
	workload_ready(w, in);
	return workload_run(k, w, in);
}

uint64_t workload_run(const struct sb_kernel *k, const struct workload *w,
		      const struct sb_input *in)
{
	/* Pointer mode's baseline is the null kernel's inlined stream loop, so the call that this
	 * mode exists to show is not subtracted away. */
	if (w->def->pointer && k != &sb_null_kernel)
		return sb_pointer_stream(w->vpiece == PIECE_BISHOP ? k->bishop : k->rook, in);
	return k->run(w->loop, in);
}
