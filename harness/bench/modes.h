/* modes.h - what each bench mode times, as one table.  The table drives the usage text, the
 * --mode parser, the inputs built (each row names its builder, bench/inputs.h), the workloads
 * cut from them and how a sample calls the kernel: adding a mode that reuses a loop is adding
 * an enum mode value and a row here (and a builder in inputs.c when no row's input fits); a new
 * loop shape is an sb_loop in kernel.h, in a new ABI version (docs/adding-a-kernel.md). */
#ifndef SB_MODES_H
#define SB_MODES_H

#include "kernels/kernel.h"

enum mode {
	MODE_STREAM, MODE_CHAIN, MODE_POINTER, MODE_POSITION, MODE_RANDOM, MODE_PEER,
	MODE_PEER_RANDOM, MODE_PRESSURE, MODE_PERFT, MODE_NEIGHBOURS, MODE_SEARCH, MODE_COUNT
};

struct input_build;

/* Where a mode's workloads read their input in the workset (its builder puts it there). */
enum mode_input {
	INPUT_TRACE_QUERIES,   /* per-piece query streams of the trace, in game order */
	INPUT_TRACE_POSITIONS, /* the trace's positions */
	INPUT_RANDOM_QUERIES,  /* random squares and occupancies */
	INPUT_RANDOM_GROUPS    /* random occupancies, each with SB_PEER_GROUP random squares */
};

/* Bits of mode_def.pieces. */
enum { PIECES_ROOK = 1, PIECES_BISHOP = 2, PIECES_QUEEN = 4 };

struct mode_def {
	const char *name;
	const char *help;          /* one line for --help */
	enum mode_input input;
	/* Adds the input to the workset (bench/inputs.h); modes naming the same builder share
	 * one input, built once.  Returns 0, or -1 after a message. */
	int (*build)(struct input_build *b);
	unsigned pieces;           /* query modes: which piece streams; positions: 0 */
	enum sb_loop loop[3];      /* the kernel loop per piece (rook, bishop, queen); [0] else */
	int pointer;               /* one indirect call per lookup instead of the kernel's loop */
	int check_queries;         /* each query verified through the lookups before timing; the
				    * loop's checksum against the reference's is checked always */
	unsigned per_query;        /* lookups per query entry (peer: 64 squares per occupancy) */
	int pressure;              /* one workload per --pressure size, working set touched */
	int perft;                 /* needs the perft loops (refused in a build without them
				    * and under --simulate): perft, and search, which expands
				    * the same generator */
	int neighbours;            /* with --threads T: thread 0 runs the kernel, the other T-1
				    * read a working set of their own beside it (noisy neighbours) */
	int by_default;            /* in the run when --mode is not given */
};

extern const struct mode_def MODES[MODE_COUNT];

/* Returns the mode named name, or -1. */
int mode_find(const char *name);
/* Returns the comma list of every mode name, or of the default ones (static storage). */
const char *mode_names(int defaults_only);

#endif
