/* test_pgn.c - the PGN reader alone: which tokens come out of tricky movetext (glued move
 * numbers, comments holding brackets, nested variations, NAGs, escapes, results), tags with
 * escapes and Latin-1 bytes, and the events a broken game ends with. */
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "trace/pgn.h"

static char path[64];

/* Reads every game of len bytes of text; returns "[White|Black|FEN] m1 m2 = result / ...". */
static const char *tokens_n(const char *text, size_t len)
{
	static char out[2048];
	struct pgn_reader r;
	struct pgn_game g;
	char err[256], san[PGN_TOKEN_MAX];
	FILE *f = fopen(path, "wb");
	int rc, ev;

	fwrite(text, 1, len, f);
	fclose(f);
	out[0] = 0;
	if (pgn_open(&r, path, err, sizeof err) < 0)
		return strcpy(out, err);
	while ((rc = pgn_next_game(&r, &g)) != 0) {
		size_t n = strlen(out);
		if (rc < 0) {
			snprintf(out + n, sizeof out - n, "error(%s) / ", r.err);
			if (rc == -1)
				break;
			continue;
		}
		snprintf(out + n, sizeof out - n, "[%s|%s|%s]", g.white, g.black, g.fen);
		while ((ev = pgn_next_move(&r, san)) == PGN_MOVE)
			snprintf(out + strlen(out), sizeof out - strlen(out), " %s", san);
		n = strlen(out);
		if (ev == PGN_END)
			snprintf(out + n, sizeof out - n, " = %s / ", r.result);
		else if (ev == PGN_BAD)
			snprintf(out + n, sizeof out - n, " bad(%s) / ", r.err), pgn_skip_game(&r);
		else
			snprintf(out + n, sizeof out - n, " %s / ", ev == PGN_NO_RESULT ? "noresult" : "truncated");
	}
	pgn_close(&r);
	return out;
}

/* Returns the tokens of a NUL-terminated text. */
static const char *tokens(const char *text)
{
	return tokens_n(text, strlen(text));
}

int main(void)
{
	static const struct { const char *in, *want; } C[] = {
		{ "1.e4 e5 2.Nf3 1-0", "[||] e4 e5 Nf3 = 1-0 / " },
		{ "1. e4 1... e5 2.Nf3!? Nc6?! 3. Bb5 $1 a6 $22 *", "[||] e4 e5 Nf3!? Nc6?! Bb5 a6 = * / " },
		{ "1. e4 {a (comment) with ; and [brackets]} e5 1/2-1/2",
		  "[||] e4 e5 = 1/2-1/2 / " },
		{ "1. e4 (1. d4 d5 (1... Nf6 {)} 2. c4) 2. c4) e5 ; rest of line ( {\n2. Nf3 0-1",
		  "[||] e4 e5 Nf3 = 0-1 / " },
		{ "[White \"Tal, M\"]\n[Black \"B\\\"x\\\\\"]\n\n1. 0-0 O-O-O 0-1",
		  "[Tal, M|B\"x\\|] 0-0 O-O-O = 0-1 / " },
		{ "[White \"N\xe6stved\"]\n[FEN \"8/8/8/8/8/8/8/K6k w - - 0 1\"]\n[SetUp \"1\"]\n\n1. Kb1 *",
		  "[N\xe6stved||8/8/8/8/8/8/8/K6k w - - 0 1] Kb1 = * / " },
		{ "[FEN \"x\"]\n[SetUp \"0\"]\n\n*", "[||] = * / " },
		{ "%escape line\n1. e4\n%another\ne5 1-0", "[||] e4 e5 = 1-0 / " },
		{ "[Event \"a\"]\n\n1. e4 e5\n\n[Event \"b\"]\n\n1. d4 1-0",
		  "[||] e4 e5 noresult / [||] d4 = 1-0 / " },
		{ "1. e4 e5 2. Nf3", "[||] e4 e5 Nf3 truncated / " },
		{ "1. e4 { open\n[Event \"next\"]\n1. d4 *",
		  "[||] e4 bad(unterminated comment (opened at line 1)) / [||] d4 = * / " },
		{ "1. e4 ( 1. d4\n[Event \"next\"]\n1. c4 *",
		  "[||] e4 bad(unterminated variation (opened at line 1)) / [||] c4 = * / " },
		{ "1. e4 ) e5 *\n\n[Event \"next\"]\n1. c4 *",
		  "[||] e4 bad(line 1: unexpected character 0x29 (')')) / [||] c4 = * / " },
		{ "[White \"A]\n[Black \"B\"]\n\n1. e4 *\n\n[Event \"n\"]\n1. c4 *",
		  "error(line 1: tag White: value not closed with '\"') / [||] c4 = * / " },
		{ "[White \"A\"]\n[Black", "error(the input ends inside a tag pair (truncated game?)) / " },
		{ "\xef\xbb\xbf" "1. e4 *", "[||] e4 = * / " },
		{ "", "" },
	};

	snprintf(path, sizeof path, "/tmp/test_pgn.%d", (int)getpid());
	for (size_t i = 0; i < sizeof C / sizeof C[0]; i++) {
		const char *have = tokens(C[i].in);
		CHECK(!strcmp(have, C[i].want), "case %zu:\n    expected %s\n    got      %s", i,
		      C[i].want, have);
	}
	/* A NUL byte after the first 4 KB stops the input where it stands. */
	char big[6000];
	memset(big, ' ', sizeof big);
	memcpy(big, "1. e4 e5 *\n", 11);
	big[5000] = 0;
	const char *have = tokens_n(big, sizeof big);
	CHECK(!strcmp(have, "[||] e4 e5 = * / error(line 2: byte 0x00: binary data, not PGN text) / "),
	      "NUL after 4 KB: %s", have);
	big[0] = 0;
	have = tokens_n(big, sizeof big);
	CHECK(strstr(have, "a NUL byte in the first 4 KB"), "NUL at the start: %s", have);
	unlink(path);
	return check_done();
}
