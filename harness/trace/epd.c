/* epd.c - one position a line (epd.h). */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "trace/epd.h"

/* Returns 1 when the first field of s (up to a blank) has eight ranks of board characters. */
static int looks_like_fen(const char *s)
{
	int slashes = 0;

	while (*s == ' ' || *s == '\t')
		s++;
	for (; *s && *s != ' ' && *s != '\t' && *s != '\n' && *s != '\r'; s++) {
		if (*s == '/')
			slashes++;
		else if (!strchr("pnbrqkPNBRQK12345678", *s))
			return 0;
	}
	return slashes == 7;
}

int epd_is_list(const char *path)
{
	size_t len = strlen(path);
	char line[512];
	FILE *f;
	int yes = 0;

	if (len > 4 && (!strcmp(path + len - 4, ".epd") || !strcmp(path + len - 4, ".fen")))
		return 1;
	if (!strcmp(path, "-") || !(f = fopen(path, "r")))
		return 0;
	while (fgets(line, sizeof line, f))
		if (line[strspn(line, " \t\r\n")]) {
			yes = looks_like_fen(line);
			break;
		}
	fclose(f);
	return yes;
}

int epd_open(struct epd_reader *r, const char *path, char *err, size_t errlen)
{
	memset(r, 0, sizeof *r);
	r->name = path;
	r->f = fopen(path, "r");
	if (!r->f) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		return -1;
	}
	return 0;
}

void epd_close(struct epd_reader *r)
{
	if (r->f)
		fclose(r->f);
	free(r->buf);
	memset(r, 0, sizeof *r);
}

/* Returns 1 when s is a whole non-negative number. */
static int whole(const char *s)
{
	return *s && strspn(s, "0123456789") == strlen(s);
}

/* Returns NULL when side, castling and en passant fields are well formed, else what is not. */
static const char *field_problem(const char *side, const char *castle, const char *ep)
{
	static const char ORDER[] = "KQkq";
	const char *o = ORDER;

	if (strcmp(side, "w") && strcmp(side, "b"))
		return "side to move is not w or b";
	if (strcmp(castle, "-")) {
		for (const char *c = castle; *c; c++) {
			while (*o && *o != *c)
				o++;
			if (!*o++)
				return "castling field is not - or a subset of KQkq in that order";
		}
	}
	if (strcmp(ep, "-") && !(strlen(ep) == 2 && ep[0] >= 'a' && ep[0] <= 'h' &&
				 ep[1] == (*side == 'w' ? '6' : '3')))
		return "en passant field is not - or a square on the mover's sixth rank";
	return NULL;
}

/* Splits line into at most max blank-separated fields (in place); returns how many. */
static int split(char *line, char **field, int max)
{
	int n = 0;

	for (char *save = NULL, *t = strtok_r(line, " \t\r\n", &save); t && n < max;
	     t = strtok_r(NULL, " \t\r\n", &save))
		field[n++] = t;
	return n;
}

int epd_next(struct epd_reader *r, struct chess_pos *p, char *err, size_t errlen)
{
	char *f[7], fen[160], why[256];
	ssize_t got;
	int n;

	while ((got = getline(&r->buf, &r->cap, r->f)) >= 0) {
		r->line++;
		char *s = r->buf + strspn(r->buf, " \t");
		if (!s[strspn(s, "\r\n")] || *s == '#')
			continue;
		r->positions++;
		if ((size_t)got != strlen(r->buf)) {
			snprintf(err, errlen, "line %lu: a NUL byte in the line", r->line);
			return -2;
		}
		n = split(s, f, 7);
		if (n < 4) {
			snprintf(err, errlen, "line %lu: %d field(s); a position needs placement, side, "
				 "castling and en passant", r->line, n);
			return -2;
		}
		/* FEN: exactly six fields ending in two counters; EPD: operations after four. */
		if (n >= 6 && whole(f[4]) && whole(f[5]) && n > 6) {
			snprintf(err, errlen, "line %lu: text after the FEN's move counters", r->line);
			return -2;
		}
		const char *bad = field_problem(f[1], f[2], f[3]);
		if (bad) {
			snprintf(err, errlen, "line %lu: %s", r->line, bad);
			return -2;
		}
		snprintf(fen, sizeof fen, "%.80s %.8s %.8s %.8s", f[0], f[1], f[2], f[3]);
		if (chess_from_fen(p, fen, why, sizeof why) < 0) {
			snprintf(err, errlen, "line %lu: %s", r->line, why);
			return -2;
		}
		return 1;
	}
	if (ferror(r->f)) {
		snprintf(err, errlen, "%s: read error after line %lu", r->name, r->line);
		return -1;
	}
	return 0;
}
