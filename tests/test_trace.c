/* test_trace.c - the trace format: a written trace loads back bit for bit, and every kind of
 * damage (bad magic, unknown version, truncation, checksum of records and header, impossible
 * boards) is refused with its own message and nothing allocated; a version-1 trace (checksum
 * of the records only) still loads. */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "trace/chess.h"
#include "trace/trace.h"

static char path[64];

/* Writes the records to path; returns 0 or -1. */
static int write_trace(const struct trace_rec *rec, size_t n)
{
	struct trace_writer w;
	char err[256];

	if (trace_writer_open(&w, path, "test: hand-made", err, sizeof err) < 0)
		return -1;
	for (size_t i = 0; i < n; i++)
		if (trace_writer_add(&w, &rec[i], err, sizeof err) < 0)
			return -1;
	return trace_writer_close(&w, err, sizeof err);
}

/* Returns the file's bytes (length in *len); the caller frees. */
static unsigned char *slurp(size_t *len)
{
	FILE *f = fopen(path, "rb");
	unsigned char *b = malloc(1 << 16);

	*len = fread(b, 1, 1 << 16, f);
	fclose(f);
	return b;
}

/* Writes len bytes to path. */
static void spill(const unsigned char *b, size_t len)
{
	FILE *f = fopen(path, "wb");

	fwrite(b, 1, len, f);
	fclose(f);
}

/* Returns the 8-byte little-endian number at p. */
static uint64_t le64(const unsigned char *p)
{
	uint64_t v = 0;

	for (int i = 7; i >= 0; i--)
		v = v << 8 | p[i];
	return v;
}

/* Turns the version-2 file b (len bytes) into the version-1 file c: version 1, and the
 * checksum of version 1 (the records' words only). */
static void make_v1(const unsigned char *b, unsigned char *c, size_t len)
{
	uint64_t h = TRACE_FNV_START;

	memcpy(c, b, len);
	c[8] = 1;
	for (size_t at = TRACE_HEADER_BYTES; at + 8 <= len; at += 8)
		h = trace_fnv(h, le64(c + at));
	for (int i = 0; i < 8; i++)
		c[40 + i] = (unsigned char)(h >> 8 * i);
}

/* Checks that loading path fails with a message containing want. */
static void expect_refused(const char *what, const char *want)
{
	struct trace t;
	char err[512] = "";
	int rc = trace_load(path, &t, err, sizeof err);

	CHECK(rc == -1 && strstr(err, want) && !strncmp(err, path, strlen(path)) && !t.rec,
	      "%s: expected \"%s\", got rc %d \"%s\"", what, want, rc, err);
}

int main(void)
{
	enum { N = 20 };
	struct trace_rec rec[N];
	struct chess_pos p;
	struct trace t;
	char err[512];
	static const char *const MOVES[] = { "e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6",
					     "O-O", "Be7", "Re1", "b5", "Bb3", "d6", "c3", "O-O",
					     "h3", "Nb8", "d4" };
	size_t len;

	snprintf(path, sizeof path, "/tmp/test_trace.%d", (int)getpid());
	chess_start(&p);
	for (int i = 0; i < N; i++) {
		rec[i] = (struct trace_rec){ p.b, 7, (uint16_t)i, p.stm, 0 };
		if (i < N - 1)
			CHECK(chess_play_san(&p, MOVES[i], err, sizeof err) == 0, "%s", err);
	}
	CHECK(write_trace(rec, N) == 0, "writing %s", path);
	CHECK(trace_load(path, &t, err, sizeof err) == 0, "%s", err);
	CHECK(t.n == N && t.games == 1 && !strcmp(t.source, "test: hand-made"), "n %zu games %llu",
	      t.n, (unsigned long long)t.games);
	CHECK(t.rec && !memcmp(t.rec, rec, sizeof rec), "records read back differ");
	trace_free(&t);

	unsigned char *b = slurp(&len), *c = malloc(len);
	CHECK(len == TRACE_HEADER_BYTES + N * TRACE_RECORD_BYTES, "file size %zu", len);
	CHECK(!memcmp(b, "SBTRACE\0\2\0\0\0", 12), "magic and little-endian version 2");
	memcpy(c, b, len), c[0] ^= 1, spill(c, len);
	expect_refused("magic", ": bad magic");
	memcpy(c, b, len), c[8] = 9, spill(c, len);
	expect_refused("version", ": unknown version 9");
	spill(b, 100);
	expect_refused("short header", ": truncated header");
	spill(b, TRACE_HEADER_BYTES + 10 * TRACE_RECORD_BYTES + 30);
	expect_refused("truncated", "bytes, but the header's 20 records take 1760: truncated");
	memcpy(c, b, len), c[TRACE_HEADER_BYTES + 5 * TRACE_RECORD_BYTES + 3] ^= 0x10, spill(c, len);
	expect_refused("flipped bit", ": checksum mismatch");
	/* Version 2: the checksum covers the header too (all of it but the checksum). */
	memcpy(c, b, len), c[64 + 6] ^= 0x20, spill(c, len);
	expect_refused("flipped source byte", ": checksum mismatch");
	memcpy(c, b, len), c[32] ^= 2, spill(c, len);
	expect_refused("changed game count", ": checksum mismatch");
	/* Issue 16, D10: counts checked against each other and the file size before memory. */
	memcpy(c, b, len), c[33] ^= 1, spill(c, len);
	expect_refused("more games than records", ": bad header (257 games in 20 records");
	memcpy(c, b, len), c[24] = 0, c[25] = 0xca, c[26] = 0x9a, c[27] = 0x3b, spill(c, len);
	expect_refused("10^9 records claimed", "the header's 1000000000 records take");
	memcpy(c, b, len), c[64 + 200] = 'x', spill(c, len);
	expect_refused("byte in the source's padding", ": checksum mismatch");
	/* A version-1 trace still loads: its checksum covers the records only. */
	make_v1(b, c, len), spill(c, len);
	CHECK(trace_load(path, &t, err, sizeof err) == 0, "version 1: %s", err);
	CHECK(t.version == 1 && t.n == N && t.rec && !memcmp(t.rec, rec, sizeof rec),
	      "version 1: version %u, %zu records", t.version, t.n);
	trace_free(&t);
	make_v1(b, c, len), c[TRACE_HEADER_BYTES + 7] ^= 4, spill(c, len);
	expect_refused("version 1, flipped record bit", ": checksum mismatch");
	memcpy(c, b, len), c[8] = 0, spill(c, len);
	expect_refused("version 0", ": unknown version 0");
	spill(b, len);
	FILE *f = fopen(path, "ab");
	fputc(0, f);
	fclose(f);
	expect_refused("extra byte", "1761 bytes, but the header's 20 records take 1760");
	free(c);
	free(b);

	/* Impossible boards with a right checksum: the writer does not judge, the loader does. */
	struct trace_rec bad[N];
	memcpy(bad, rec, sizeof rec);
	bad[3].b.bb[BB_BLACK] |= 1; /* a1 white rook is now black too */
	CHECK(write_trace(bad, N) == 0, "writing");
	expect_refused("overlap", ": record 3: impossible board (a square is both white and black)");
	memcpy(bad, rec, sizeof rec);
	bad[4].b.bb[BB_BLACK] &= ~bad[4].b.bb[BB_KING], bad[4].b.bb[BB_KING] &= bad[4].b.bb[BB_WHITE];
	CHECK(write_trace(bad, N) == 0, "writing");
	expect_refused("no king", ": record 4: impossible board (no black king)");
	memcpy(bad, rec, sizeof rec);
	bad[5].b.bb[BB_KNIGHT] |= bad[5].b.bb[BB_PAWN] & 0xff00;
	CHECK(write_trace(bad, N) == 0, "writing");
	expect_refused("two kinds", ": record 5: impossible board (a square holds two kinds of piece)");
	memcpy(bad, rec, sizeof rec);
	bad[6].stm = 2;
	CHECK(write_trace(bad, N) == 0, "writing");
	expect_refused("side to move", ": record 6: impossible board (side to move neither 0 nor 1)");
	CHECK(write_trace(rec, 0) == 0, "writing");
	expect_refused("empty", ": bad header (record count 0)");
	unlink(path);
	expect_refused("missing", ": No such file");
	return check_done();
}
