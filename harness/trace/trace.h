/* trace.h - position traces: the file format (datasets/README.md "Trace format"), a streaming
 * writer and a validating loader.
 *
 * File: a 320-byte header, then `records` records of 72 bytes, everything little-endian.
 *   header  0  magic "SBTRACE\0"          8  u32 version (2)      12 u32 header bytes (320)
 *          16  u32 record bytes (72)     20  u32 zero            24 u64 records
 *          32  u64 games                 40  u64 checksum        48 16 zero bytes
 *          64  source, 256 bytes, NUL-terminated and NUL-padded
 *   record  0  8 x u64 bitboards in board.h order (white, black, pawn, knight, bishop, rook,
 *              queen, king)      64  u32 game   68  u16 ply   70  u8 side to move   71  u8 zero
 * Checksum: FNV-1a 64 over the payload read as little-endian 64-bit words (9 per record),
 * then (version 2) on over the header's 40 words but the checksum's own (offset 40), so a
 * changed header byte (the source text, the counts) is refused too.  Version 1 files, whose
 * checksum covers the records only, still load.
 * A game contributes its start position (ply 0) and the position after each move (ply k). */
#ifndef SB_TRACE_H
#define SB_TRACE_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "trace/board.h"

#define TRACE_VERSION 2          /* written; versions 1 and 2 are read */
#define TRACE_VERSION_MIN 1
#define TRACE_HEADER_BYTES 320
#define TRACE_RECORD_BYTES 72
#define TRACE_SOURCE_MAX 256

struct trace_rec {
	struct sb_board b;
	uint32_t game;    /* 1-based game number in the converter's input (over all inputs) */
	uint16_t ply;     /* 0: start position; k: after the k-th half-move */
	uint8_t stm;      /* side to move: 0 white, 1 black */
	uint8_t reserved; /* 0 */
};

struct trace {
	struct trace_rec *rec;
	size_t n;
	char source[TRACE_SOURCE_MAX];
	uint32_t version;
	uint64_t games;     /* as the header says */
	uint64_t checksum;
};

struct trace_writer {
	FILE *f;                  /* the temporary file: beside path, or anonymous (tmpfile) */
	int how;                  /* enum out_how (output.h): renamed into place, or copied */
	char path[1024], tmp[1040];
	char source[TRACE_SOURCE_MAX];
	uint64_t n, games, hash;
	unsigned char *buf;
	size_t used;
};

/* Loads and validates a whole trace ("-": standard input); on error writes "PATH: problem"
 * (bad magic, unknown version, truncated at record N, checksum mismatch, record N: impossible
 * board (...)) to err and returns -1 with nothing allocated.  Records are numbered from 0. */
int trace_load(const char *path, struct trace *t, char *err, size_t errlen);
void trace_free(struct trace *t);

/* Starts writing path: through a temporary file next to it, renamed into place at the end;
 * "-" (standard output) and an existing path that is not a regular file (/dev/null, a FIFO)
 * are written in place at the end from an anonymous temporary file, never renamed over
 * (output.h).  Returns 0 or -1 with err. */
int trace_writer_open(struct trace_writer *w, const char *path, const char *source, char *err,
		      size_t errlen);
/* Appends one record; returns 0 or -1 with err. */
int trace_writer_add(struct trace_writer *w, const struct trace_rec *r, char *err, size_t errlen);
/* Writes the header and moves the file into place; returns 0 or -1 with err (file removed). */
int trace_writer_close(struct trace_writer *w, char *err, size_t errlen);
/* Drops the file being written. */
void trace_writer_abort(struct trace_writer *w);

/* Returns the FNV-1a 64 of h extended by word (the trace checksum's step). */
static inline uint64_t trace_fnv(uint64_t h, uint64_t word)
{
	return (h ^ word) * 0x100000001b3ULL;
}
#define TRACE_FNV_START 0xcbf29ce484222325ULL

#endif
