/* runread_csv.c - CSV by column name: RFC 4180 quoting (commas, quotes and newlines inside
 * quoted fields).  Strict, because a damaged run must be refused, never half-read: every row
 * has the header's number of fields, the file ends with a newline (else it was cut short),
 * holds no NUL byte, and is a regular file; each refusal names the file, line and reason. */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "runread/runread.h"
#include "util/output.h"

/* A growing list of strings: the fields of the record being read. */
struct fields {
	char **v;
	size_t n, cap;
};

static int fields_push(struct fields *f, const char *s, size_t len)
{
	if (f->n == f->cap) {
		size_t cap = f->cap ? 2 * f->cap : 64;
		char **v = realloc(f->v, cap * sizeof *v);
		if (!v)
			return -1;
		f->v = v;
		f->cap = cap;
	}
	f->v[f->n] = malloc(len + 1);
	if (!f->v[f->n])
		return -1;
	memcpy(f->v[f->n], s, len);
	f->v[f->n][len] = 0;
	f->n++;
	return 0;
}

/* Reads one record from *p into out (fields appended).  Returns the number of fields, 0 at
 * the end of the text, -1 on a quote left open or out of memory. */
static long read_record(const char **p, struct fields *out, char *tmp, size_t *line)
{
	const char *s = *p;
	size_t start = out->n;

	if (!*s)
		return 0;
	for (;;) {
		size_t len = 0;
		if (*s == '"') {
			for (s++;; s++) {
				if (!*s)
					return -1;
				if (*s == '"' && s[1] == '"')
					tmp[len++] = *s++;
				else if (*s == '"')
					break;
				else
					tmp[len++] = *s;
				*line += *s == '\n';
			}
			s++;
			while (*s && *s != ',' && *s != '\n' && *s != '\r')
				tmp[len++] = *s++;   /* junk after a closing quote: kept, not lost */
		} else {
			while (*s && *s != ',' && *s != '\n' && *s != '\r')
				tmp[len++] = *s++;
		}
		if (fields_push(out, tmp, len) < 0)
			return -1;
		if (*s == ',') {
			s++;
			continue;
		}
		if (*s == '\r')
			s++;
		if (*s == '\n')
			s++, ++*line;
		break;
	}
	*p = s;
	return (long)(out->n - start);
}

/* Returns path's whole text (NUL-terminated, length in *len), or NULL with err. */
static char *slurp(const char *path, size_t *len, char *err, size_t errlen)
{
	FILE *f = fopen(path, "rb");
	char *buf = NULL;
	struct stat st;

	if (!f) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		return NULL;
	}
	if (fstat(fileno(f), &st) < 0 || !S_ISREG(st.st_mode)) {
		snprintf(err, errlen, "%s: not a regular file%s", path,
			 S_ISDIR(st.st_mode) ? " (a directory)" : "");
		fclose(f);
		return NULL;
	}
	if ((buf = malloc((size_t)st.st_size + 1)) &&
	    fread(buf, 1, (size_t)st.st_size, f) == (size_t)st.st_size) {
		buf[st.st_size] = 0;
		*len = (size_t)st.st_size;
	} else {
		snprintf(err, errlen, "%s: cannot read: %s", path, buf ? (ferror(f) ?
			 strerror(errno) : "shorter than its size") : "out of memory");
		free(buf);
		buf = NULL;
	}
	fclose(f);
	return buf;
}

/* Returns 0 when text (len bytes) is whole CSV text, else -1 with err naming path. */
static int text_problem(const char *path, const char *text, size_t len, char *err, size_t errlen)
{
	const char *nul = memchr(text, 0, len);
	size_t line = 1;

	if (nul) {
		for (const char *q = text; q < nul; q++)
			line += *q == '\n';
		snprintf(err, errlen, "%s: line %zu: a NUL byte (binary data, not CSV)", path, line);
		return -1;
	}
	if (len == 0) {
		snprintf(err, errlen, "%s: empty (no header row)", path);
		return -1;
	}
	if (text[len - 1] != '\n') {
		for (size_t i = 0; i < len; i++)
			line += text[i] == '\n';
		snprintf(err, errlen, "%s: line %zu: the last row has no newline: the file was cut "
			 "short", path, line);
		return -1;
	}
	return 0;
}

/* Returns 0 when c, read from path, is a format this slidebench reads: a result file's
 * `format` column (util/output.h; no such column: format 0) on every row, or any other CSV.
 * Else -1 with err naming the file, the line and the format. */
static int format_problem(const char *path, const struct csv *c, char *err, size_t errlen)
{
	int col = csv_col(c, "format");

	if (col < 0 || out_format(path) < 0)
		return 0;
	for (size_t i = 0; i < c->nrow; i++)
		if (out_format_check(path, i + 2, csv_cell(c, i, col), err, errlen) < 0)
			return -1;
	return 0;
}

int csv_load(const char *path, struct csv *c, char *err, size_t errlen)
{
	struct fields f = { 0 };
	size_t len = 0, line = 1;
	char *text = slurp(path, &len, err, errlen), *tmp = NULL;
	const char *p = text;
	long got;
	int rc = -1;

	memset(c, 0, sizeof *c);
	if (!text)
		return -1;
	if (text_problem(path, text, len, err, errlen) < 0)
		goto out_free;
	tmp = malloc(len + 1);
	if (!tmp || (got = read_record(&p, &f, tmp, &line)) <= 0) {
		snprintf(err, errlen, "%s: line 1: %s", path, tmp ? "no readable header row" :
			 "out of memory");
		goto out_rows;  /* the header's fields read so far (found by fuzz_csv) */
	}
	c->ncol = (size_t)got;
	c->head = f.v;
	f = (struct fields){ 0 };
	while (*p) {
		size_t at = line;
		if (*p == '\n' || *p == '\r') {      /* blank line */
			line += *p++ == '\n';
			continue;
		}
		if ((got = read_record(&p, &f, tmp, &line)) < 0) {
			snprintf(err, errlen, "%s: line %zu: a quoted field is never closed", path, at);
			goto out_rows;
		}
		if ((size_t)got != c->ncol) {
			snprintf(err, errlen, "%s: line %zu: %ld fields, the header has %zu (a damaged "
				 "row)", path, at, got, c->ncol);
			goto out_rows;
		}
		c->nrow++;
	}
	c->cell = f.v;
	f = (struct fields){ 0 };
	if (format_problem(path, c, err, errlen) < 0)
		goto out_rows;
	rc = 0;
	goto out_free;
out_rows:
	for (size_t i = 0; i < f.n; i++)
		free(f.v[i]);
	free(f.v);
	csv_free(c);
out_free:
	free(tmp);
	free(text);
	return rc;
}

void csv_free(struct csv *c)
{
	for (size_t i = 0; c->head && i < c->ncol; i++)
		free(c->head[i]);
	for (size_t i = 0; c->cell && i < c->nrow * c->ncol; i++)
		free(c->cell[i]);
	free(c->head);
	free(c->cell);
	memset(c, 0, sizeof *c);
}

int csv_col(const struct csv *c, const char *name)
{
	for (size_t i = 0; i < c->ncol; i++)
		if (!strcmp(c->head[i], name))
			return (int)i;
	return -1;
}

const char *csv_cell(const struct csv *c, size_t row, int col)
{
	if (col < 0 || (size_t)col >= c->ncol || row >= c->nrow)
		return "";
	return c->cell[row * c->ncol + (size_t)col];
}

double csv_num(const struct csv *c, size_t row, int col)
{
	const char *s = csv_cell(c, row, col);
	char *end;
	double v;

	if (!*s)
		return NAN;
	v = strtod(s, &end);
	while (*end == ' ')
		end++;
	return end == s || *end ? NAN : v;
}
