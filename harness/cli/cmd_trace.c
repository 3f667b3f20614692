/* cmd_trace.c - `slidebench trace IN... -o OUT`: replay PGN games move by move (full
 * legality, harness/trace/chess.h) and write every position to a trace (harness/trace/trace.h).
 * A game that ends in an illegal, ambiguous or unreadable move, broken movetext or the end of
 * the input is skipped whole: none of its positions is written (datasets/README.md). */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "trace/chess.h"
#include "trace/epd.h"
#include "cli/cli.h"
#include "util/output.h"
#include "trace/pgn.h"
#include "trace/trace.h"

#define GAME_MAX_PLIES 65535

struct conv {
	struct trace_writer w;
	struct trace_rec *rec;   /* the current game's positions, written once it is complete */
	size_t cap, n;
	unsigned long read, converted, skipped, inputs_failed;
	uint64_t plies, bytes_before;
	uint32_t game_base;      /* games in earlier inputs */
	double t0, shown;
	int quiet, tty, progress_on;
	char err[512];
};

/* Returns seconds on the monotonic clock. */
static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* Prints "slidebench: NAME: game N (White - Black)" and the rest of the message. */
static void game_say(struct conv *c, const struct pgn_reader *r, const struct pgn_game *g,
		     const char *fmt, ...)
{
	va_list ap;

	if (c->progress_on && c->tty)
		fputc('\n', stderr);
	c->progress_on = 0;
	fprintf(stderr, "slidebench: %s: game %lu", r->name, g->number);
	if (g->white[0] || g->black[0])
		fprintf(stderr, " (%s - %s)", g->white[0] ? g->white : "?", g->black[0] ? g->black : "?");
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}

/* Prints the progress line when the conversion has run for more than a second. */
static void progress(struct conv *c, const struct pgn_reader *r)
{
	double t = now();

	if (c->quiet || t - c->t0 < 1.0 || t - c->shown < (c->tty ? 0.25 : 5.0))
		return;
	c->shown = t;
	fprintf(stderr, "%sslidebench trace: %lu games, %llu plies, %.1f MB/s%s", c->tty ? "\r" : "",
		c->read, (unsigned long long)c->plies,
		(double)(c->bytes_before + r->bytes_in) / 1e6 / (t - c->t0), c->tty ? "" : "\n");
	c->progress_on = 1;
}

/* Returns 0 after adding p as the current game's next position, or -1 (out of memory). */
static int keep(struct conv *c, const struct chess_pos *p, uint32_t game, unsigned ply)
{
	if (c->n == c->cap) {
		size_t cap = c->cap ? 2 * c->cap : 512;
		struct trace_rec *rec = realloc(c->rec, cap * sizeof *rec);
		if (!rec)
			return -1;
		c->rec = rec;
		c->cap = cap;
	}
	c->rec[c->n++] = (struct trace_rec){ p->b, game, (uint16_t)ply, p->stm, 0 };
	return 0;
}

/* Returns 0 after writing the current game's positions, or -1 on a write error. */
static int commit(struct conv *c)
{
	for (size_t i = 0; i < c->n; i++)
		if (trace_writer_add(&c->w, &c->rec[i], c->err, sizeof c->err) < 0)
			return -1;
	c->converted++;
	c->plies += c->n - 1;
	return 0;
}

/* Replays game g; returns 0 (converted or skipped), or -1 when the output failed. */
static int convert_game(struct conv *c, struct pgn_reader *r, const struct pgn_game *g)
{
	struct chess_pos p;
	char san[PGN_TOKEN_MAX], why[256];
	uint32_t game = c->game_base + (uint32_t)g->number;
	unsigned ply = 0;

	c->n = 0;
	if (g->fen[0] ? chess_from_fen(&p, g->fen, why, sizeof why) : (chess_start(&p), 0)) {
		game_say(c, r, g, ": FEN tag: %s", why);
		goto skip;
	}
	if (keep(c, &p, game, 0) < 0)
		goto out_of_memory;
	for (;;) {
		switch (pgn_next_move(r, san)) {
		case PGN_MOVE:
			if (chess_play_san(&p, san, why, sizeof why) != CHESS_OK) {
				game_say(c, r, g, ", ply %u: %s", ply + 1, why);
				goto skip;
			}
			if (++ply > GAME_MAX_PLIES) {
				game_say(c, r, g, ": longer than %d plies", GAME_MAX_PLIES);
				goto skip;
			}
			if (keep(c, &p, game, ply) < 0)
				goto out_of_memory;
			continue;
		case PGN_NO_RESULT:
			game_say(c, r, g, ": no result before the next game (line %lu); kept", r->line);
			/* fall through */
		case PGN_END:
			return commit(c);
		case PGN_TRUNCATED:
			game_say(c, r, g, ": the input ends before the game's result (truncated?)");
			goto skip_counted;
		case PGN_BAD:
			game_say(c, r, g, ", ply %u: %s", ply + 1, r->err);
			goto skip;
		}
	}
out_of_memory:
	snprintf(c->err, sizeof c->err, "out of memory");
	return -1;
skip:
	pgn_skip_game(r);
skip_counted:
	c->skipped++;
	return 0;
}

/* Converts a position list (epd.h): each good line a one-position game; a bad line is
 * skipped and reported as a bad game is.  Returns 0, or -1 when the output failed. */
static int convert_list(struct conv *c, const char *path)
{
	struct epd_reader r;
	struct chess_pos p;
	int rc;

	if (epd_open(&r, path, c->err, sizeof c->err) < 0) {
		fprintf(stderr, "slidebench: %s\n", c->err);
		c->inputs_failed++;
		return 0;
	}
	while ((rc = epd_next(&r, &p, c->err, sizeof c->err)) != 0) {
		if (rc == -1) {
			fprintf(stderr, "slidebench: %s; the rest of this input is not read\n", c->err);
			c->inputs_failed++;
			break;
		}
		c->read++;
		if (rc == -2) {
			fprintf(stderr, "slidebench: %s: position %lu, %s: skipped\n", path,
				r.positions, c->err);
			c->skipped++;
			continue;
		}
		c->n = 0;
		if (keep(c, &p, c->game_base + (uint32_t)r.positions, 0) < 0 || commit(c) < 0) {
			epd_close(&r);
			return -1;
		}
	}
	if (r.positions == 0)
		fprintf(stderr, "slidebench: %s: no positions found\n", path);
	c->game_base += (uint32_t)r.positions;
	epd_close(&r);
	return 0;
}

/* Converts every game of one input; returns 0, or -1 when the output failed. */
static int convert_input(struct conv *c, const char *path)
{
	struct pgn_reader r;
	struct pgn_game g;
	int rc;

	if (epd_is_list(path))
		return convert_list(c, path);

	if (pgn_open(&r, path, c->err, sizeof c->err) < 0) {
		fprintf(stderr, "slidebench: %s\n", c->err);
		c->inputs_failed++;
		return 0;
	}
	while ((rc = pgn_next_game(&r, &g)) != 0) {
		if (rc == -1)
			break;
		c->read++;
		if (rc == -2) {
			game_say(c, &r, &g, ": %s", r.err);
			c->skipped++;
		} else if (convert_game(c, &r, &g) < 0) {
			pgn_close(&r);
			return -1;
		}
		if (r.fatal)
			break;
		if ((c->read & 255) == 0)
			progress(c, &r);
	}
	if (r.fatal) {
		fprintf(stderr, "slidebench: %s: %s; the rest of this input is not read\n", r.name, r.err);
		c->inputs_failed++;
	} else if (r.games == 0) {
		fprintf(stderr, "slidebench: %s: no games found\n", r.name);
	}
	c->game_base += (uint32_t)r.games;
	c->bytes_before += r.bytes_in;
	pgn_close(&r);
	return 0;
}

static const struct cli_opt TRACE_OPTS[] = {
	{ "output", 'o', "FILE", "the trace to write (written to FILE.tmp, then renamed; - is "
	  "standard output; a FILE that exists and is not a regular file, such as /dev/null or a "
	  "FIFO, is written in place)", NULL, NULL },
	{ "source", 's', "TEXT", "source description stored in the header (default: the inputs)",
	  NULL, NULL },
	{ "quiet", 'q', NULL, "no progress line and no summary", NULL, NULL },
	CLI_OPT_HELP,
	CLI_OPT_END
};
const struct cli_cmd CLI_TRACE = {
	"trace", "[OPTIONS] IN... -o OUT.trace",
	"Replays the games of each IN (PGN text, zstd-compressed PGN, or - for standard\n"
	"input) with full legality and writes every position to OUT: each game's start\n"
	"position and the position after each move (format: datasets/README.md).\n"
	"An IN ending in .epd or .fen, or whose first line is a FEN, is a position list:\n"
	"one EPD or FEN a line, each position a one-position game (a bad line is skipped).\n"
	"A game with an illegal, ambiguous or unreadable move, broken movetext, an impossible\n"
	"FEN tag, or cut off by the end of the input is skipped whole, with a message naming\n"
	"input, game and ply; the other games are converted.\n\n",
	TRACE_OPTS,
	"\nexit status: 0 every game converted; 3 some games or inputs skipped; 4 nothing\n"
	"usable read (no output written); 1 output error; 2 bad command line\n"
};

/* Prints the closing summary. */
static void summary(const struct conv *c, const char *out, double secs)
{
	if (c->progress_on && c->tty)
		fputc('\n', stderr);
	fprintf(stderr, "slidebench trace: %lu games read, %lu converted, %lu skipped", c->read,
		c->converted, c->skipped);
	if (out)
		fprintf(stderr, "; %llu plies, %llu positions written to %s in %.2f s (%.0f k plies/s)",
			(unsigned long long)c->plies, (unsigned long long)c->w.n, out, secs,
			secs > 0 ? (double)c->plies / secs / 1e3 : 0.0);
	fputc('\n', stderr);
}

/* Parses argv: *out, *source and c->quiet; checks that there are inputs and that OUT is none
 * of them.  Returns 0, or EXIT_USAGE / -1 (help printed). */
static int trace_parse(int argc, char **argv, struct conv *c, const char **out,
		       const char **source)
{
	struct cli_getopt g;
	int opt;

	cli_getopt_init(&g, TRACE_OPTS);
	while ((opt = cli_getopt(&g, argc, argv)) != -1) {
		switch (opt) {
		case 'o': *out = optarg; break;
		case 's': *source = optarg; break;
		case 'q': c->quiet = 1; break;
		case 'h': cli_print_help(stdout, &CLI_TRACE); return -1;
		default: cli_print_help(stderr, &CLI_TRACE); return EXIT_USAGE;
		}
	}
	if (!*out || optind >= argc) {
		fprintf(stderr, "slidebench trace: %s\n", !*out ? "-o OUT.trace is required" :
			"no input given (a PGN file, a .pgn.zst file, or - for standard input)");
		cli_print_help(stderr, &CLI_TRACE);
		return EXIT_USAGE;
	}
	if (!strcmp(*out, "-") && isatty(STDOUT_FILENO)) {
		fprintf(stderr, "slidebench trace: -o -: standard output is a terminal; redirect it "
			"to a file or a pipe (a trace is binary)\n");
		return EXIT_USAGE;
	}
	for (int i = optind; i < argc; i++)
		if (out_same_file(argv[i], *out)) {
			fprintf(stderr, "slidebench trace: -o %s is also an input (%s); the trace "
				"would overwrite it; choose another -o\n", *out, argv[i]);
			return EXIT_USAGE;
		}
	return 0;
}

/* Closes the conversion of c into out: the trace kept, or removed when nothing was
 * converted or a write failed.  Returns the exit status. */
static int trace_finish(struct conv *c, const char *out, int rc)
{
	if (rc < 0) {
		fprintf(stderr, "slidebench: %s\n", c->err);
		trace_writer_abort(&c->w);
		return EXIT_FAIL;
	}
	if (!c->converted) {
		trace_writer_abort(&c->w);
		if (!c->quiet)
			summary(c, NULL, now() - c->t0);
		fprintf(stderr, "slidebench trace: nothing usable read; %s not written\n", out);
		return EXIT_NOTHING;
	}
	if (trace_writer_close(&c->w, c->err, sizeof c->err) < 0) {
		fprintf(stderr, "slidebench: %s\n", c->err);
		return EXIT_FAIL;
	}
	if (!c->quiet)
		summary(c, strcmp(out, "-") ? out : "standard output", now() - c->t0);
	return (c->skipped || c->inputs_failed) ? EXIT_PARTIAL : EXIT_OK;
}

int cmd_trace(int argc, char **argv)
{
	struct conv c = { .tty = isatty(2) };
	const char *out = NULL, *source = NULL;
	char src[TRACE_SOURCE_MAX] = "PGN:";
	int rc = 0;

	if ((rc = trace_parse(argc, argv, &c, &out, &source)) != 0)
		return rc < 0 ? EXIT_OK : rc;
	for (int i = optind; i < argc && !source; i++)
		snprintf(src + strlen(src), sizeof src - strlen(src), " %s", argv[i]);
	chess_init();
	if (trace_writer_open(&c.w, out, source ? source : src, c.err, sizeof c.err) < 0) {
		fprintf(stderr, "slidebench: %s\n", c.err);
		return EXIT_FAIL;
	}
	c.t0 = c.shown = now();
	for (int i = optind; i < argc && rc == 0; i++)
		rc = convert_input(&c, argv[i]);
	free(c.rec);
	return trace_finish(&c, out, rc);
}
