/* inputs.h - building what the selected modes replay.  Each row of MODES[] names the builder of
 * its input (struct mode_def.build); inputs_build runs the builders of the selected modes, each
 * once, with what the options ask of the inputs in one struct (struct input_args). */
#ifndef SB_INPUTS_H
#define SB_INPUTS_H

#include <stddef.h>
#include <stdint.h>

#include "bench/pressure.h"
#include "bench/workload.h"
#include "trace/trace.h"

/* What the builders take from the command's options. */
struct input_args {
	const char *trace;         /* the trace file */
	int trace_default;         /* 1: the default path, not --trace (a missing one: say how
				    * to build it) */
	size_t max_queries;        /* whole games, every k-th, at most this many queries a piece */
	size_t random_queries;     /* the random streams' length */
	uint64_t seed;             /* the random streams' and the pressure orders' seed */
	size_t perft_positions;    /* perft roots sampled over the trace */
	unsigned perft_depth;
	size_t search_positions;   /* search roots sampled over the trace */
	unsigned search_depth;
	size_t search_tt_mib;      /* the search's transposition table, MiB */
	struct pressure_set *pressure;  /* the sizes parsed (pressure_parse); built here */
	int quiet;                 /* no summary lines on stderr (errors still) */
};

/* One inputs_build call: the arguments, the workset being filled and, once a builder read it,
 * the trace (freed by inputs_build). */
struct input_build {
	const struct input_args *a;
	struct workset *ws;
	struct trace t;
	int traced;                /* t loaded and ws's trace streams and positions built */
};

/* A builder: adds its input to b->ws (a builder that needs another's, such as the trace's,
 * calls it: each runs once).  Returns 0, or -1 after a message on stderr. */
typedef int (*input_builder)(struct input_build *b);

/* The builders rows of MODES[] name. */
int input_trace(struct input_build *b);          /* the trace's query streams and positions */
int input_perft(struct input_build *b);          /* the trace's, plus perft roots from it */
int input_search(struct input_build *b);         /* the trace's, plus search roots and table */
int input_pressure(struct input_build *b);       /* the trace's, plus the pressure working sets */
int input_random(struct input_build *b);         /* the random queen stream */
int input_random_groups(struct input_build *b);  /* the random queen groups */

/* Fills ws (zeroed first) with the inputs of the selected modes (bit i = enum mode i): each
 * distinct builder of their rows once, in table order.  Returns 0 or -1 (after a message;
 * workset_free releases what was built). */
int inputs_build(const struct input_args *a, unsigned modes, struct workset *ws);

#endif
