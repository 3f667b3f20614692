/* pgn.c - PGN games as tag pairs and SAN tokens.  Skipped: comments {...} and ; to the end of
 * the line, % escape lines, NAGs ($1), move numbers (12. 12...), nested variations (...).
 * A comment or variation still open when a line starts with '[' is reported unterminated
 * there, so one missing brace costs one game, not the rest of the file. */
#include <string.h>

#include "trace/pgn.h"

/* Returns non-zero for a byte that may be part of a move, move number or result token. */
static inline int is_word(int c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
	       c == '+' || c == '#' || c == '=' || c == '/' || c == '-' || c == '!' || c == '?' ||
	       c == '.' || c == ':' || c == '_';
}

/* Skips to the end of the line. */
static void skip_line(struct pgn_reader *r)
{
	int c;

	while ((c = pgn_getc(r)) >= 0 && c != '\n')
		;
}

/* Returns 0 after skipping a comment (its '{' taken), or -1 when it does not end. */
static int skip_comment(struct pgn_reader *r)
{
	unsigned long line = r->line;
	int c;

	while ((c = pgn_getc(r)) != '}') {
		if (c < 0 || (c == '\n' && pgn_peek(r) == '['))
			return r->fatal ? -1 : pgn_error(r, 0, "unterminated comment (opened at line %lu)", line);
	}
	return 0;
}

/* Returns 0 after skipping a variation (its '(' taken), or -1 when it does not end. */
static int skip_variation(struct pgn_reader *r)
{
	unsigned long line = r->line;
	int depth = 1, c;

	while (depth) {
		c = pgn_getc(r);
		if (c < 0 || (c == '\n' && pgn_peek(r) == '['))
			return r->fatal ? -1 : pgn_error(r, 0, "unterminated variation (opened at line %lu)", line);
		if (c == '(')
			depth++;
		else if (c == ')')
			depth--;
		else if (c == '{' && skip_comment(r) < 0)
			return -1;
		else if (c == ';')
			skip_line(r);
	}
	return 0;
}

/* Returns the next byte that starts a token (not taken), -1 at the end, -2 on an error. */
static int skip_filler(struct pgn_reader *r)
{
	for (;;) {
		int bol = r->bol, c = pgn_peek(r);
		if (c == ' ' || c == '\n' || c == '\r' || c == '\t' || c == '\f' || c == '\v') {
			pgn_getc(r);
		} else if (c == ';' || (c == '%' && bol)) {
			skip_line(r);
		} else if (c == '{' || c == '(') {
			pgn_getc(r);
			if ((c == '{' ? skip_comment(r) : skip_variation(r)) < 0)
				return -2;
		} else if (c == '$') {
			pgn_getc(r);
			while ((c = pgn_peek(r)) >= '0' && c <= '9')
				pgn_getc(r);
		} else {
			return c < 0 && r->fatal ? -2 : c;
		}
	}
}

/* Copies src into dst (size n), cut to fit. */
static void copy_cut(char *dst, size_t n, const char *src)
{
	size_t len = strnlen(src, n - 1);

	memcpy(dst, src, len);
	dst[len] = 0;
}

/* Copies tag values the converter needs into g. */
static void keep_tag(struct pgn_game *g, const char *name, const char *value)
{
	if (!strcmp(name, "White"))
		copy_cut(g->white, sizeof g->white, value);
	else if (!strcmp(name, "Black"))
		copy_cut(g->black, sizeof g->black, value);
	else if (!strcmp(name, "FEN"))
		copy_cut(g->fen, sizeof g->fen, value);
	else if (!strcmp(name, "SetUp") && !strcmp(value, "0"))
		g->fen[0] = 0;
}

/* Returns 0 after reading one tag pair [Name "value"] into g, or -1 when it is malformed. */
static int read_tag(struct pgn_reader *r, struct pgn_game *g)
{
	char name[32], value[PGN_FEN_MAX];
	size_t n = 0, v = 0;
	int c;

	pgn_getc(r); /* '[' */
	while ((c = pgn_peek(r)) == ' ' || c == '\t')
		pgn_getc(r);
	while (((c = pgn_peek(r)) >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') ||
	       (c >= '0' && c <= '9') || c == '_')
		name[n < sizeof name - 1 ? n++ : n] = (char)pgn_getc(r);
	name[n] = 0;
	while ((c = pgn_getc(r)) == ' ' || c == '\t')
		;
	if (c < 0)
		return pgn_error(r, 0, "the input ends inside a tag pair (truncated game?)");
	if (!n || c != '"')
		return pgn_error(r, 0, "line %lu: malformed tag pair", r->line);
	while ((c = pgn_getc(r)) != '"') {
		if (c == '\\')
			c = pgn_getc(r);
		if (c < 0 || c == '\n')
			return pgn_error(r, 0, "line %lu: tag %s: value not closed with '\"'", r->line - (c == '\n'), name);
		if (v < sizeof value - 1)
			value[v++] = (char)c;
	}
	value[v] = 0;
	while ((c = pgn_getc(r)) == ' ' || c == '\t')
		;
	if (c != ']')
		return pgn_error(r, 0, "line %lu: tag %s: no ']' after its value", r->line - (c == '\n'), name);
	keep_tag(g, name, value);
	return 0;
}

int pgn_next_game(struct pgn_reader *r, struct pgn_game *g)
{
	int tags = 0, c;

	memset(g, 0, sizeof *g);
	for (;;) {
		c = skip_filler(r);
		if (c == -2 && r->fatal)
			return -1;
		if (c == -2)
			continue; /* a broken comment between games: nothing lost */
		if (!tags)
			g->line = r->line;
		if (c < 0 && !tags)
			return 0;
		if (c < 0) {
			g->number = ++r->games;
			pgn_error(r, 0, "input ends in the tag section (truncated game?)");
			return -2;
		}
		if (c != '[')
			break;
		tags++;
		if (read_tag(r, g) < 0) {
			g->number = ++r->games;
			while (pgn_peek(r) >= 0 && (!r->bol || pgn_peek(r) == '['))
				pgn_getc(r); /* the rest of the tag section */
			pgn_skip_game(r);
			return r->fatal ? -1 : -2;
		}
	}
	g->number = ++r->games;
	return 1;
}

/* Returns 1 when word is a game result (copied into r->result). */
static int is_result(struct pgn_reader *r, const char *w)
{
	if (strcmp(w, "1-0") && strcmp(w, "0-1") && strcmp(w, "1/2-1/2"))
		return 0;
	strcpy(r->result, w);
	return 1;
}

int pgn_next_move(struct pgn_reader *r, char *san)
{
	char w[PGN_TOKEN_MAX];

	for (;;) {
		int c = skip_filler(r);
		size_t n = 0;
		if (c == -2)
			return PGN_BAD;
		if (c < 0)
			return PGN_TRUNCATED;
		if (c == '[')
			return PGN_NO_RESULT;
		if (c == '*') {
			pgn_getc(r);
			strcpy(r->result, "*");
			return PGN_END;
		}
		if (!is_word(c)) {
			pgn_getc(r);
			pgn_error(r, 0, "line %lu: unexpected %s 0x%02x ('%c')", r->line,
				  c < 128 ? "character" : "byte", c, c < 128 ? c : '?');
			return PGN_BAD;
		}
		while (is_word(c = pgn_peek(r)) && n < sizeof w - 1)
			w[n++] = (char)pgn_getc(r);
		w[n] = 0;
		if (is_word(c)) {
			pgn_error(r, 0, "line %lu: token \"%.20s...\" longer than %d bytes", r->line, w,
				  PGN_TOKEN_MAX - 1);
			return PGN_BAD;
		}
		if ((w[0] == '0' || w[0] == '1') && is_result(r, w))
			return PGN_END;
		const char *s = w, *dots;
		while (*s >= '0' && *s <= '9')
			s++;
		if (!*s)
			continue; /* a bare move number */
		for (dots = s; *s == '.'; s++)
			;
		if (s == dots && dots != w)
			s = w; /* digits with no dot: 0-0 castling */
		if (!*s)
			continue; /* "12." or "12..." or "..." */
		memcpy(san, s, n + 1 - (size_t)(s - w));
		return PGN_MOVE;
	}
}

void pgn_skip_game(struct pgn_reader *r)
{
	int c;

	while ((c = pgn_peek(r)) >= 0 && !(c == '[' && r->bol))
		pgn_getc(r);
}
