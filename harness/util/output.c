/* output.c - atomic result files (run directories: output_run.c). */
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "util/output.h"

void out_run_id(char *buf, size_t len)
{
	time_t now = time(NULL);
	struct tm tm;

	gmtime_r(&now, &tm);
	snprintf(buf, len, "%04d%02d%02d-%02d%02d%02d-%ld", tm.tm_year + 1900, tm.tm_mon + 1,
		 tm.tm_mday, tm.tm_hour, tm.tm_min, tm.tm_sec, (long)getpid());
}

enum out_how out_how(const char *path)
{
	struct stat st;

	if (!strcmp(path, "-"))
		return OUT_STDOUT;
	if (lstat(path, &st) == 0 && !S_ISREG(st.st_mode))
		return OUT_DIRECT;
	return OUT_RENAME;
}

FILE *out_tmp_create(const char *final, char *tmp, size_t len)
{
	const char *slash = strrchr(final, '/');
	int dl = slash ? (int)(slash - final) + 1 : 0, fd = -1;
	static unsigned serial;

	for (int tries = 0; fd < 0 && tries < 100; tries++) {
		if (snprintf(tmp, len, "%.*s.%s.%ld-%u.tmp", dl, final, final + dl, (long)getpid(),
			     serial++) >= (int)len)
			return errno = ENAMETOOLONG, NULL;
		/* O_EXCL: never an existing file, nor a link planted under this name */
		fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0666);
		if (fd < 0 && errno != EEXIST)
			return NULL;
	}
	return fd < 0 ? NULL : fdopen(fd, "w");
}

/* Returns 0 after opening dir/name as out_open does; strict (a study's own output) refuses a
 * path that exists and is not a regular file, a symbolic link above all; else -1 (err). */
static int open_in(struct out_file *o, const char *dir, const char *name, int strict, char *err,
		   size_t errlen)
{
	snprintf(o->final, sizeof o->final, "%s/%s", dir, name);
	o->how = out_how(o->final);
	o->tmp[0] = 0;
	o->f = NULL;
	if (o->how == OUT_STDOUT) {
		o->f = stdout;
		return 0;
	}
	if (strict && o->how == OUT_DIRECT) {
		snprintf(err, errlen, "%s: %s; not written through (remove it, then run again)",
			 o->final, out_is_link(o->final) ? "a symbolic link" : "not a regular file");
		return -1;
	}
	if (o->how == OUT_RENAME)
		o->f = out_tmp_create(o->final, o->tmp, sizeof o->tmp);
	else
		o->f = fopen(o->final, "w");
	if (!o->f) {
		snprintf(err, errlen, "%s: cannot write: %s", o->tmp[0] ? o->tmp : o->final,
			 strerror(errno));
		o->tmp[0] = 0;
		return -1;
	}
	return 0;
}

int out_exists(const char *dir, const char *name)
{
	char path[2 * PATH_MAX + 2];
	struct stat st;

	snprintf(path, sizeof path, "%s/%s", dir, name);
	return stat(path, &st) == 0;
}

int out_is_link(const char *path)
{
	struct stat st;

	return lstat(path, &st) == 0 && S_ISLNK(st.st_mode);
}

int out_open(struct out_file *o, const char *dir, const char *name, char *err, size_t errlen)
{
	return open_in(o, dir, name, 1, err, errlen);
}

int out_open_path(struct out_file *o, const char *path, char *err, size_t errlen)
{
	const char *slash = strrchr(path, '/');
	char dir[PATH_MAX];

	if (!strcmp(path, "-") || !*path) {
		if (!*path) {
			snprintf(err, errlen, "empty output path (give a file name, or - for "
				 "standard output)");
			return -1;
		}
		snprintf(o->final, sizeof o->final, "standard output");
		o->how = OUT_STDOUT, o->tmp[0] = 0, o->f = stdout;
		return 0;
	}
	if (!slash)
		return open_in(o, ".", path, 0, err, errlen);
	if (!slash[1]) {
		snprintf(err, errlen, "%s: a directory, not a file name", path);
		return -1;
	}
	snprintf(dir, sizeof dir, "%.*s", slash == path ? 1 : (int)(slash - path), path);
	return open_in(o, dir, slash + 1, 0, err, errlen);
}

int out_same_file(const char *a, const char *b)
{
	struct stat sa, sb;

	return strcmp(a, "-") && strcmp(b, "-") && stat(a, &sa) == 0 && stat(b, &sb) == 0 &&
	       sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
}

int out_commit(struct out_file *o, char *err, size_t errlen)
{
	int e = 0;

	errno = 0;
	if (fflush(o->f) != 0 || ferror(o->f))
		e = errno ? errno : EIO;
	else if (o->how == OUT_RENAME && fsync(fileno(o->f)) != 0)
		e = errno;
	if (o->how != OUT_STDOUT && fclose(o->f) != 0 && !e)
		e = errno;
	o->f = NULL;
	if (!e && o->how == OUT_RENAME && rename(o->tmp, o->final) < 0)
		e = errno;
	if (e) {
		snprintf(err, errlen, "%s: write failed: %s", o->final, strerror(e));
		if (o->tmp[0])
			unlink(o->tmp);
		return -1;
	}
	return 0;
}

int out_copy(FILE *from, const char *path, char *err, size_t errlen)
{
	int to_stdout = out_how(path) == OUT_STDOUT, e = 0;
	const char *name = to_stdout ? "standard output" : path;
	FILE *out = to_stdout ? stdout : fopen(path, "wb");
	char buf[1 << 16];
	size_t n;

	if (!out) {
		snprintf(err, errlen, "%s: cannot write: %s", name, strerror(errno));
		return -1;
	}
	rewind(from);
	while (!e && (n = fread(buf, 1, sizeof buf, from)) > 0)
		if (fwrite(buf, 1, n, out) != n)
			e = errno ? errno : EIO;
	if (!e && ferror(from)) {
		snprintf(err, errlen, "temporary file: cannot read back: %s", strerror(errno));
		e = -1;
	}
	errno = 0;
	if (!e && (fflush(out) != 0 || ferror(out)))
		e = errno ? errno : EIO;
	if (!to_stdout && fclose(out) != 0 && !e)
		e = errno;
	if (e > 0)
		snprintf(err, errlen, "%s: write failed: %s", name, strerror(e));
	return e ? -1 : 0;
}

void out_abort(struct out_file *o)
{
	if (o->f && o->how != OUT_STDOUT)
		fclose(o->f);
	o->f = NULL;
	if (o->tmp[0])
		unlink(o->tmp);
}

void out_csv_str(FILE *f, const char *s)
{
	if (!s)
		return;
	if (!strpbrk(s, ",\"\n\r")) {
		fputs(s, f);
		return;
	}
	fputc('"', f);
	for (; *s; s++) {
		if (*s == '"')
			fputc('"', f);
		fputc(*s, f);
	}
	fputc('"', f);
}

/* (A C1 control such as U+009B, CSI, starts an escape sequence as ESC [ does.) */
int out_visible_len(const unsigned char *p)
{
	int n = *p >= 0x80 ? out_utf8_len(p) : 1;

	if (n == 0 || *p < 0x20 || *p == 0x7f)
		return -1;
	if (*p == 0xc2 && p[1] < 0xa0)
		return -2;
	return n;
}

char *out_text(const char *s, char *buf, size_t len)
{
	size_t n = 0;

	if (!len)
		return buf;
	for (const unsigned char *p = (const unsigned char *)s; *p;) {
		int v = out_visible_len(p);
		const char *put = v < 0 ? OUT_REPLACEMENT : (const char *)p;
		size_t k = v < 0 ? sizeof OUT_REPLACEMENT - 1 : (size_t)v;
		if (n + k >= len)
			break;
		memcpy(buf + n, put, k);
		n += k, p += v < 0 ? -v : v;
	}
	buf[n] = 0;
	return buf;
}

void out_put_text(FILE *f, const char *s)
{
	for (const unsigned char *p = (const unsigned char *)s; *p;) {
		int v = out_visible_len(p);
		if (v < 0)
			fputs(OUT_REPLACEMENT, f);
		else
			fwrite(p, 1, (size_t)v, f);
		p += v < 0 ? -v : v;
	}
}

void out_csv_text(FILE *f, const char *s)
{
	for (const unsigned char *p = (const unsigned char *)s; *p;) {
		int v = out_visible_len(p);
		if (v < 0)
			fputs(OUT_REPLACEMENT, f);
		else if (*p == ',' || *p == '"')
			fputc(*p == ',' ? ';' : '\'', f);
		else
			fwrite(p, 1, (size_t)v, f);
		p += v < 0 ? -v : v;
	}
}

void out_csv_num(FILE *f, double x)
{
	if (!isnan(x))
		fprintf(f, "%.6g", x);
}

/* Returns the length (2-4) of the well-formed UTF-8 sequence at s (lead byte >= 0x80), or 0. */
int out_utf8_len(const unsigned char *s)
{
	int n = s[0] >= 0xf0 && s[0] <= 0xf4 ? 4 : s[0] >= 0xe0 ? 3 : s[0] >= 0xc2 ? 2 : 0;

	if (n == 0 || (n == 3 && s[0] == 0xe0 && s[1] < 0xa0) ||
	    (n == 3 && s[0] == 0xed && s[1] >= 0xa0) || (n == 4 && s[0] == 0xf0 && s[1] < 0x90) ||
	    (n == 4 && s[0] == 0xf4 && s[1] >= 0x90))
		return 0;
	for (int i = 1; i < n; i++)
		if ((s[i] & 0xc0) != 0x80)
			return 0;
	return n;
}

const char *out_text_problem(const char *s)
{
	for (const unsigned char *p = (const unsigned char *)s; *p;) {
		int n = *p >= 0x80 ? out_utf8_len(p) : 1;
		if (n == 0)
			return "not valid UTF-8";
		if (out_visible_len(p) < 0)
			return "a control character";
		p += n;
	}
	return NULL;
}

/* The format this slidebench writes, per result file (see output.h). */
static const struct {
	const char *name;
	int format;
} FORMATS[] = {
	{ "context.json", SB_RUN_FORMAT }, { "summary.csv", 1 }, { "samples.csv", 1 },
	{ "counters.csv", 1 }, { "sim.csv", 1 }, { "blocks.csv", 1 }, { "verdicts.csv", 1 },
	{ "scaling.csv", 1 }, { "search.csv", 1 },
	{ "fleet-ranks.csv", 1 },
};

int out_format(const char *name)
{
	const char *base = strrchr(name, '/');

	base = base ? base + 1 : name;
	for (size_t i = 0; i < sizeof FORMATS / sizeof FORMATS[0]; i++)
		if (!strcmp(base, FORMATS[i].name))
			return FORMATS[i].format;
	return -1;
}

int out_format_check(const char *path, size_t line, const char *v, char *err, size_t errlen)
{
	int known = out_format(path);
	char at[32] = "", *end;
	long long n;

	if (line)
		snprintf(at, sizeof at, "line %zu: ", line);
	errno = 0;
	n = strtoll(v, &end, 10);
	if (!*v || *end || errno || n < 0) {
		snprintf(err, errlen, "%s: %sformat \"%.32s\" is not a format number (a damaged "
			 "file)", path, at, v);
		return -1;
	}
	if (known >= 0 && n > known) {
		snprintf(err, errlen, "%s: %sformat %lld: this slidebench reads %s formats 0 (none "
			 "written) to %d; a newer slidebench wrote it", path, at, n,
			 strrchr(path, '/') ? strrchr(path, '/') + 1 : path, known);
		return -1;
	}
	return 0;
}
