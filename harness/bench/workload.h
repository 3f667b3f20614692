/* workload.h - what bench times: a mode's loop over an input of the workset, cut into
 * windows, with what it is called in the results. */
#ifndef SB_WORKLOAD_H
#define SB_WORKLOAD_H

#include <stddef.h>
#include <stdint.h>

#include "kernels/kernel.h"
#include "registry/verify.h"

#include "bench/modes.h"
#include "bench/workset.h"

extern const char *const PIECE_NAMES[3];

/* A workload's input is cut into windows of at least min_lookups lookups each, and sample s of
 * every kernel replays window s % nwin (all kernels of a round the same one), so no query is
 * replayed within a sample and the branch predictor and the caches cannot learn the stream:
 * an engine searching new positions never sees the same stream twice.  An input too short for
 * two windows is one window replayed `reps` times (and its rows flagged `replayed`). */
#define WIN_MAX 64

/* One timed unit: a loop over an input, with what it is called in the results. */
struct workload {
	enum mode mode;
	const struct mode_def *def;  /* &MODES[mode] */
	const char *piece;     /* "rook", "bishop", "queen", "all" */
	int cold;              /* cache state: 0 warm (own untimed pass first), 1 cold (evicted) */
	double pressure_bytes; /* pressure mode: the working set's size; NaN otherwise */
	enum piece vpiece;     /* the piece verify_queries checks (not for position) */
	enum sb_loop loop;     /* the kernel loop (pointer mode: the stream loop it mirrors) */
	struct sb_input in;
	size_t lookups;        /* lookups of the whole input (one pass over every window) */
	unsigned reps;         /* passes per sample: 1, or more when one window is replayed */
	unsigned nwin;         /* windows (1: the whole input, replayed) */
	unsigned ntimed;       /* windows some sample times: 0 .. ntimed-1 (bench_setup sets it);
				* only they are verified, the others are never timed */
	size_t win_off[WIN_MAX], win_len[WIN_MAX];  /* each window: first entry and entries */
	size_t win_lookups[WIN_MAX];                /* each window: lookups of one pass */
	uint64_t win_expected[WIN_MAX];  /* the reference's checksum of one pass of each window */
	const char *dataset;
	uint64_t *want;        /* the reference's answer to each query (check_queries), or NULL */
	int twin;              /* an earlier workload of the run whose timed queries and piece are
				* these (stream, chain and pointer share them): its want is this
				* one's, and a kernel's per-query check of it stands for this one's
				* (bench_setup sets it; -1: none) */
	uint64_t *perft_want;  /* perft: the reference's count of each root (search: its nodes),
				* or NULL */
	uint64_t *best_want;   /* search: the reference's best move and score of each root */
	struct sb_input settle_in;  /* perft, search: the settle roots (workset.perft_settle,
				     * search_settle) */
	double lookups_per_node;  /* perft: slider lookups per leaf, search: per node; NaN
				   * otherwise */
	unsigned threads;      /* threads that run each sample at once (--threads); 0 or 1: one */
	struct thread_pool *pool;  /* their pool (bench_threads.c), NULL for one */
	char cpus[128];        /* the CPUs they run on, e.g. "1 0" (empty for one thread) */
};

/* Reads the input arrays of in (one byte a cache line) into the caches, and returns a sum of
 * what it read: a warm sample's own queries are then where an engine's positions are, in the
 * caches, whatever ran before (the predictor learns nothing from it: no kernel runs). */
uint64_t workload_touch(const struct sb_input *in);
/* Returns 1 when loop l is timed whole, one window a sample, once: perft and search. */
int workload_whole(enum sb_loop l);

/* Builds the workloads of the selected modes (bit i = enum mode i) into out (cap max), each
 * twice when `cold` (a warm and a cold cache state).  Returns the count; modes whose data is
 * missing are skipped. */
size_t workloads_build(struct workset *ws, unsigned modes, size_t min_lookups, int cold,
		       struct workload *out, size_t max);
/* Returns "warm" or "cold". */
const char *workload_state(const struct workload *w);

/* Returns the input of window win of w, cut from whole (w->in, or a kernel's copy of it). */
struct sb_input workload_window(const struct workload *w, const struct sb_input *whole,
				unsigned win);
/* Returns the window sample s times and the lookups sample s makes (every pass).  With T
 * threads, thread i of sample s takes slot s * T + i: its own window, another thread's never
 * (where there are enough windows); these are thread 0's. */
unsigned workload_sample_window(const struct workload *w, unsigned s);
size_t workload_sample_lookups(const struct workload *w, unsigned s);
/* Returns the window of slot (s * T + i), and the window its cache state is settled with
 * (another one whenever there are two). */
unsigned workload_slot_window(const struct workload *w, unsigned slot);
unsigned workload_slot_settle(const struct workload *w, unsigned slot);
/* Returns the threads of w (1 when not set). */
unsigned workload_threads(const struct workload *w);
/* Sets w->ntimed for samples 0 .. total-1 (warm-up included): their slots time windows
 * 0 .. min(total * T, nwin)-1. */
void workload_set_timed(struct workload *w, size_t total);
/* Makes each of the nw workloads of w once per thread count in counts[0..ncounts), in place
 * (cap max; the first count keeps the originals).  Returns the new count. */
size_t workloads_threaded(struct workload *w, size_t nw, const unsigned *counts,
			  size_t ncounts, size_t max);
/* Returns the queries of w's timed windows (a prefix of w->in.q: windows are consecutive). */
struct sb_queries workload_timed_queries(const struct workload *w);
/* Returns the mean lookups of one sample (the summary's `lookups`). */
size_t workload_mean_lookups(const struct workload *w);
/* Returns 1 when a sample replays queries (one window, or passes repeated within a sample). */
int workload_replayed(const struct workload *w);

/* Readies in for one pass of w, outside any timed region: a search pass's table is zeroed
 * (so every pass searches the same trees); nothing for the other loops. */
void workload_ready(const struct workload *w, const struct sb_input *in);
/* Returns the checksum of one pass of w by k (pointer mode: one indirect call per lookup),
 * without workload_ready: what a sample times. */
uint64_t workload_run(const struct sb_kernel *k, const struct workload *w,
		      const struct sb_input *in);
/* workload_ready, then workload_run: an untimed pass. */
uint64_t workload_pass(const struct sb_kernel *k, const struct workload *w,
		       const struct sb_input *in);

#endif
