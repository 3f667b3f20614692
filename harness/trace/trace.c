/* trace.c - the trace file format (layout in trace.h): writer and validating loader. */
#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "trace/chess.h"
#include "util/output.h"
#include "trace/trace.h"

#define WRITE_BUF_RECORDS 4096
#define CHECKSUM_AT 40
static const unsigned char MAGIC[8] = { 'S', 'B', 'T', 'R', 'A', 'C', 'E', 0 };

/* Stores v little-endian in n bytes at p (a plain copy on little-endian hosts). */
static inline void put_le(unsigned char *p, uint64_t v, int n)
{
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	if (n == 8) {
		memcpy(p, &v, 8);
		return;
	}
#endif
	for (int i = 0; i < n; i++)
		p[i] = (unsigned char)(v >> (8 * i));
}

/* Returns the n-byte little-endian number at p. */
static inline uint64_t get_le(const unsigned char *p, int n)
{
	uint64_t v = 0;

#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	if (n == 8) {
		memcpy(&v, p, 8);
		return v;
	}
#endif
	for (int i = n - 1; i >= 0; i--)
		v = v << 8 | p[i];
	return v;
}

/* Writes "fmt..." into err; returns -1. */
static int say(char *err, size_t errlen, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(err, errlen, fmt, ap);
	va_end(ap);
	return -1;
}

/* Encodes r into 72 bytes at p; returns the checksum h extended by them. */
static uint64_t rec_encode(const struct trace_rec *r, unsigned char *p, uint64_t h)
{
	for (int k = 0; k < BB_COUNT; k++) {
		put_le(p + 8 * k, r->b.bb[k], 8);
		h = trace_fnv(h, r->b.bb[k]);
	}
	put_le(p + 64, r->game, 4);
	put_le(p + 68, r->ply, 2);
	p[70] = r->stm;
	p[71] = r->reserved;
	return trace_fnv(h, get_le(p + 64, 8));
}

/* Decodes 72 bytes at p into r; returns the checksum h extended by them. */
static uint64_t rec_decode(const unsigned char *p, struct trace_rec *r, uint64_t h)
{
	for (int k = 0; k < BB_COUNT; k++) {
		r->b.bb[k] = get_le(p + 8 * k, 8);
		h = trace_fnv(h, r->b.bb[k]);
	}
	r->game = (uint32_t)get_le(p + 64, 4);
	r->ply = (uint16_t)get_le(p + 68, 2);
	r->stm = p[70];
	r->reserved = p[71];
	return trace_fnv(h, get_le(p + 64, 8));
}

/* Returns h extended by the header's words but the checksum's (version 2's checksum). */
static uint64_t header_fold(uint64_t h, const unsigned char *hdr)
{
	for (int at = 0; at < TRACE_HEADER_BYTES; at += 8)
		if (at != CHECKSUM_AT)
			h = trace_fnv(h, get_le(hdr + at, 8));
	return h;
}

int trace_writer_open(struct trace_writer *w, const char *path, const char *source, char *err,
		      size_t errlen)
{
	unsigned char zero[TRACE_HEADER_BYTES] = { 0 };

	memset(w, 0, sizeof *w);
	snprintf(w->path, sizeof w->path, "%s", path);
	snprintf(w->source, sizeof w->source, "%s", source);
	w->hash = TRACE_FNV_START;
	w->how = out_how(path);
	w->buf = malloc(WRITE_BUF_RECORDS * TRACE_RECORD_BYTES);
	/* not renamed: written in place at the end, from an anonymous file */
	w->f = w->how == OUT_RENAME ? out_tmp_create(path, w->tmp, sizeof w->tmp) : tmpfile();
	if (!w->f || !w->buf || fwrite(zero, 1, sizeof zero, w->f) != sizeof zero) {
		say(err, errlen, "%s: %s", w->tmp[0] ? w->tmp : "temporary file",
		    w->buf ? strerror(errno) : "out of memory");
		trace_writer_abort(w);
		return -1;
	}
	return 0;
}

/* Returns -1 with err naming the trace being written (not its temporary, which goes) and why. */
static int write_failed(const struct trace_writer *w, char *err, size_t errlen)
{
	return say(err, errlen, "%s: write failed: %s", w->path, strerror(errno ? errno : EIO));
}

/* Returns 0 after writing the buffered records, or -1 with err. */
static int writer_flush(struct trace_writer *w, char *err, size_t errlen)
{
	if (w->used && fwrite(w->buf, 1, w->used, w->f) != w->used)
		return write_failed(w, err, errlen);
	w->used = 0;
	return 0;
}

int trace_writer_add(struct trace_writer *w, const struct trace_rec *r, char *err, size_t errlen)
{
	if (w->used == WRITE_BUF_RECORDS * TRACE_RECORD_BYTES && writer_flush(w, err, errlen) < 0)
		return -1;
	w->hash = rec_encode(r, w->buf + w->used, w->hash);
	w->used += TRACE_RECORD_BYTES;
	w->n++;
	w->games += r->ply == 0;
	return 0;
}

int trace_writer_close(struct trace_writer *w, char *err, size_t errlen)
{
	unsigned char h[TRACE_HEADER_BYTES] = { 0 };

	err[0] = 0;
	memcpy(h, MAGIC, sizeof MAGIC);
	put_le(h + 8, TRACE_VERSION, 4);
	put_le(h + 12, TRACE_HEADER_BYTES, 4);
	put_le(h + 16, TRACE_RECORD_BYTES, 4);
	put_le(h + 24, w->n, 8);
	put_le(h + 32, w->games, 8);
	memcpy(h + 64, w->source, strnlen(w->source, TRACE_SOURCE_MAX - 1));
	put_le(h + CHECKSUM_AT, header_fold(w->hash, h), 8);
	int bad = writer_flush(w, err, errlen) < 0 || fseek(w->f, 0, SEEK_SET) ||
		  fwrite(h, 1, sizeof h, w->f) != sizeof h || fflush(w->f) ||
		  (!w->tmp[0] && out_copy(w->f, w->path, err, errlen) < 0);
	bad |= fclose(w->f) != 0;
	w->f = NULL;
	if (bad) {
		if (!err[0])
			write_failed(w, err, errlen);
		trace_writer_abort(w);
		return -1;
	}
	free(w->buf);
	w->buf = NULL;
	if (w->tmp[0] && rename(w->tmp, w->path)) {
		say(err, errlen, "%s: cannot rename from %s: %s", w->path, w->tmp, strerror(errno));
		remove(w->tmp);
		return -1;
	}
	return 0;
}

void trace_writer_abort(struct trace_writer *w)
{
	if (w->f)
		fclose(w->f);
	w->f = NULL;
	free(w->buf);
	w->buf = NULL;
	if (w->tmp[0])
		remove(w->tmp);
}

/* Returns 0 after reading the header of f into h and checking it into t (count in *n), or
 * -1 with err. */
static int load_header(FILE *f, const char *path, unsigned char *h, struct trace *t,
		       uint64_t *n, char *err, size_t errlen)
{
	size_t got = fread(h, 1, TRACE_HEADER_BYTES, f);
	uint64_t version = got < 12 ? 0 : get_le(h + 8, 4);

	if (got < sizeof MAGIC || memcmp(h, MAGIC, sizeof MAGIC))
		return say(err, errlen, "%s: bad magic (not a slidebench trace)", path);
	if (version < TRACE_VERSION_MIN || version > TRACE_VERSION)
		return say(err, errlen, "%s: unknown version %llu (this slidebench reads versions "
			   "%d to %d; a newer slidebench wrote it, or rebuild it with make trace)",
			   path, (unsigned long long)version, TRACE_VERSION_MIN, TRACE_VERSION);
	if (got < TRACE_HEADER_BYTES)
		return say(err, errlen, "%s: truncated header (%zu of %d bytes)", path, got,
			   TRACE_HEADER_BYTES);
	if (get_le(h + 12, 4) != TRACE_HEADER_BYTES || get_le(h + 16, 4) != TRACE_RECORD_BYTES ||
	    !memchr(h + 64, 0, TRACE_SOURCE_MAX))
		return say(err, errlen, "%s: bad header (sizes %llu/%llu, or source not terminated)",
			   path, (unsigned long long)get_le(h + 12, 4),
			   (unsigned long long)get_le(h + 16, 4));
	*n = get_le(h + 24, 8);
	if (*n == 0 || *n > SIZE_MAX / sizeof(struct trace_rec) / 2)
		return say(err, errlen, "%s: bad header (record count %llu)", path,
			   (unsigned long long)*n);
	t->version = (uint32_t)version;
	t->games = get_le(h + 32, 8);
	if (t->games == 0 || t->games > *n)
		return say(err, errlen, "%s: bad header (%llu games in %llu records: each game has "
			   "at least its first position)", path, (unsigned long long)t->games,
			   (unsigned long long)*n);
	t->checksum = get_le(h + CHECKSUM_AT, 8);
	memcpy(t->source, h + 64, TRACE_SOURCE_MAX);
	return 0;
}

/* Returns 0 when every record of t is a possible position, else -1 naming the first. */
static int load_check(const struct trace *t, const char *path, char *err, size_t errlen)
{
	for (size_t i = 0; i < t->n; i++) {
		const struct trace_rec *r = &t->rec[i];
		const char *why = chess_board_problem(&r->b);
		if (!why && (r->stm > 1 || r->reserved))
			why = r->stm > 1 ? "side to move neither 0 nor 1" : "reserved byte not zero";
		if (why)
			return say(err, errlen, "%s: record %zu: impossible board (%s)", path, i, why);
	}
	return 0;
}

/* Returns 0 after reading t->n records from f, checking the count and the checksum (of the
 * records, and from version 2 on of the header hdr too). */
static int load_records(FILE *f, const char *path, const unsigned char *hdr, struct trace *t,
			char *err, size_t errlen)
{
	unsigned char *buf = malloc(WRITE_BUF_RECORDS * TRACE_RECORD_BYTES);
	uint64_t hash = TRACE_FNV_START;
	int rc = 0;

	size_t cap = 0;

	if (!buf)
		return say(err, errlen, "%s: out of memory", path);
	for (size_t i = 0; i < t->n && !rc;) {
		size_t want = t->n - i < WRITE_BUF_RECORDS ? t->n - i : WRITE_BUF_RECORDS;
		if (i + want > cap) {
			/* grown as records arrive: a header's count is not trusted with memory */
			size_t ncap = cap ? (cap * 2 < t->n ? cap * 2 : t->n) : (t->n < 65536 ? t->n : 65536);
			struct trace_rec *nr = realloc(t->rec, (ncap > i + want ? ncap : i + want) *
						       sizeof *nr);
			if (!nr) {
				rc = say(err, errlen, "%s: out of memory for %zu records", path, t->n);
				break;
			}
			t->rec = nr, cap = ncap > i + want ? ncap : i + want;
		}
		size_t got = fread(buf, TRACE_RECORD_BYTES, want, f);
		for (size_t k = 0; k < got; k++)
			hash = rec_decode(buf + k * TRACE_RECORD_BYTES, &t->rec[i + k], hash);
		i += got;
		if (got < want)
			rc = say(err, errlen, "%s: truncated at record %zu (the header says %zu)",
				 path, i, t->n);
	}
	free(buf);
	if (rc < 0)
		return -1;
	if (fgetc(f) != EOF)
		return say(err, errlen, "%s: data after the last record (%zu records)", path, t->n);
	if (t->version >= 2)
		hash = header_fold(hash, hdr);
	if (hash != t->checksum)
		return say(err, errlen, "%s: checksum mismatch (header says 0x%016llx, the %s hash "
			   "to 0x%016llx)", path, (unsigned long long)t->checksum,
			   t->version >= 2 ? "header and records" : "records",
			   (unsigned long long)hash);
	return load_check(t, path, err, errlen);
}

int trace_load(const char *path, struct trace *t, char *err, size_t errlen)
{
	int from_stdin = !strcmp(path, "-");
	FILE *f = from_stdin ? stdin : fopen(path, "rb");
	unsigned char hdr[TRACE_HEADER_BYTES];
	uint64_t n = 0;
	struct stat st;

	memset(t, 0, sizeof *t);
	path = from_stdin ? "standard input" : path;
	if (!f)
		return say(err, errlen, "%s: %s", path, strerror(errno));
	if (load_header(f, path, hdr, t, &n, err, errlen) < 0)
		goto close_file;
	t->n = (size_t)n;
	if (fstat(fileno(f), &st) == 0 && S_ISREG(st.st_mode) &&
	    (uint64_t)st.st_size != TRACE_HEADER_BYTES + n * TRACE_RECORD_BYTES) {
		say(err, errlen, "%s: %lld bytes, but the header's %llu records take %llu: "
		    "truncated or damaged (rebuild it with slidebench trace)", path,
		    (long long)st.st_size, (unsigned long long)n,
		    (unsigned long long)(TRACE_HEADER_BYTES + n * TRACE_RECORD_BYTES));
		goto close_file;
	}
	if (load_records(f, path, hdr, t, err, errlen) < 0)
		goto free_records;
	if (!from_stdin)
		fclose(f);
	return 0;
free_records:
	free(t->rec);
close_file:
	if (!from_stdin)
		fclose(f);
	memset(t, 0, sizeof *t);
	return -1;
}

void trace_free(struct trace *t)
{
	free(t->rec);
	memset(t, 0, sizeof *t);
}
