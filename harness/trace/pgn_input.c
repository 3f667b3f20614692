/* pgn_input.c - the PGN reader's input: plain text or zstd data from a file or standard
 * input, through one fixed buffer (plus one for zstd's output), so memory stays constant
 * whatever the input size.  Bytes no text holds stop the input with a message. */
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#ifdef HAVE_ZSTD
#include <zstd.h>
#endif

#include "trace/pgn.h"

#define RAW_CAP (1u << 18)
#define BUF_CAP (1u << 18)

/* Writes the message into r->err; returns -1. */
int pgn_error(struct pgn_reader *r, int fatal, const char *fmt, ...)
{
	va_list ap;

	if (r->fatal)
		return -1; /* keep the message that stopped the input */
	va_start(ap, fmt);
	vsnprintf(r->err, sizeof r->err, fmt, ap);
	va_end(ap);
	r->fatal |= fatal;
	return -1;
}

/* Stops the text at its first byte that is no PGN text (from buf[pos]): a NUL.  Other
 * control bytes turn up in real collections (a stray 0x11 in a Latin-1 tag of
 * book_1.02.pgn), so tags and comments keep them. */
static void rd_scan(struct pgn_reader *r)
{
	const unsigned char *nul = memchr(r->buf + r->pos, 0, r->len - r->pos);

	if (nul) {
		r->stop = (size_t)(nul - r->buf);
		r->len = r->stop;
	}
}

/* Returns the number of raw bytes read into r->raw (0 at the end), or -1 on a read error. */
static long rd_raw(struct pgn_reader *r)
{
	size_t n = fread(r->raw, 1, RAW_CAP, r->f);

	if (!n && ferror(r->f))
		return pgn_error(r, 1, "read error: %s", strerror(errno));
	r->raw_pos = 0;
	r->raw_len = n;
	r->bytes_in += n;
	return (long)n;
}

#ifdef HAVE_ZSTD
/* Returns 1 after decoding more text into r->buf, 0 at the end, -1 on bad zstd data. */
static int rd_unzstd(struct pgn_reader *r)
{
	for (;;) {
		if (r->raw_pos == r->raw_len) {
			long n = rd_raw(r);
			if (n < 0)
				return -1;
			if (n == 0)
				return r->zleft ? pgn_error(r, 1, "zstd data ends early (truncated file?)") : 0;
		}
		ZSTD_inBuffer in = { r->raw, r->raw_len, r->raw_pos };
		ZSTD_outBuffer out = { r->buf, BUF_CAP, 0 };
		r->zleft = ZSTD_decompressStream(r->zs, &out, &in);
		r->raw_pos = in.pos;
		if (ZSTD_isError(r->zleft))
			return pgn_error(r, 1, "bad zstd data: %s", ZSTD_getErrorName(r->zleft));
		if (out.pos) {
			r->pos = 0;
			r->len = out.pos;
			return 1;
		}
	}
}
#endif

int pgn_fill(struct pgn_reader *r)
{
	int more;

	if (r->eof || r->fatal)
		return 0;
	if (r->stop != (size_t)-1) {
		pgn_error(r, 1, "line %lu: byte 0x%02x: binary data, not PGN text", r->line,
			 r->buf[r->stop]);
		return 0;
	}
#ifdef HAVE_ZSTD
	if (r->zs)
		more = rd_unzstd(r);
	else
#endif
	{
		long n = rd_raw(r);
		more = n > 0 ? 1 : (int)n;
		r->pos = 0;
		r->len = n > 0 ? (size_t)n : 0;
	}
	if (more <= 0) {
		r->eof = more == 0;
		return 0;
	}
	rd_scan(r);
	return r->pos < r->len || pgn_fill(r);
}

/* Returns 0 after opening the input as plain or zstd text, or -1 with the reason. */
static int rd_detect(struct pgn_reader *r)
{
	const unsigned char *m = r->raw;

	if (rd_raw(r) < 0)
		return -1;
	if (r->raw_len >= 2 && m[0] == 0x1f && m[1] == 0x8b)
		return pgn_error(r, 1, "gzip-compressed data, not PGN text (decompress it, e.g. "
				"zcat FILE | slidebench trace - -o OUT)");
	if (r->raw_len >= 4 && m[0] == 0x28 && m[1] == 0xb5 && m[2] == 0x2f && m[3] == 0xfd) {
#ifdef HAVE_ZSTD
		r->buf = malloc(BUF_CAP);
		r->zs = ZSTD_createDStream();
		if (!r->buf || !r->zs)
			return pgn_error(r, 1, "out of memory");
		ZSTD_initDStream(r->zs);
		return 0;
#else
		return pgn_error(r, 1, "zstd-compressed data, but slidebench was built without "
				"libzstd (install libzstd-dev and rebuild, or zstd -d the file first)");
#endif
	}
	r->buf = r->raw;
	r->len = r->raw_len;
	if (r->len >= 3 && !memcmp(r->buf, "\xef\xbb\xbf", 3))
		r->pos = 3; /* UTF-8 byte order mark */
	r->eof = r->raw_len == 0;
	if (memchr(r->buf, 0, r->len < 4096 ? r->len : 4096))
		return pgn_error(r, 1, "binary data (a NUL byte in the first 4 KB), not PGN text");
	rd_scan(r);
	return 0;
}

int pgn_open(struct pgn_reader *r, const char *path, char *err, size_t errlen)
{
	memset(r, 0, sizeof *r);
	r->name = strcmp(path, "-") ? path : "<stdin>";
	r->stop = (size_t)-1;
	r->line = 1;
	r->bol = 1;
	r->f = strcmp(path, "-") ? fopen(path, "rb") : stdin;
	r->raw = malloc(RAW_CAP);
	if (!r->f || !r->raw) {
		snprintf(err, errlen, "%s: %s", r->name, r->f ? "out of memory" : strerror(errno));
		pgn_close(r);
		return -1;
	}
	if (rd_detect(r) < 0) {
		snprintf(err, errlen, "%s: %s", r->name, r->err);
		pgn_close(r);
		return -1;
	}
	return 0;
}

void pgn_close(struct pgn_reader *r)
{
#ifdef HAVE_ZSTD
	if (r->zs)
		ZSTD_freeDStream(r->zs);
#endif
	if (r->buf && r->buf != r->raw)
		free(r->buf);
	free(r->raw);
	if (r->f && r->f != stdin)
		fclose(r->f);
	r->f = NULL;
	r->zs = NULL;
	r->buf = r->raw = NULL;
}
