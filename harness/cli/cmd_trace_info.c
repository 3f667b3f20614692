/* cmd_trace_info.c - `slidebench trace-info FILE` (header and statistics) and
 * `slidebench trace-dump FILE` (one FEN per position, to check a trace with any chess tool). */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "trace/chess.h"
#include "cli/cli.h"
#include "trace/trace.h"

static const struct cli_opt INFO_OPTS[] = { CLI_OPT_HELP, CLI_OPT_END };
static const struct cli_opt DUMP_OPTS[] = {
	{ "numbers", 'n', NULL, "prefix each FEN with \"GAME PLY \"", NULL, NULL },
	CLI_OPT_HELP,
	CLI_OPT_END
};
const struct cli_cmd CLI_TRACE_INFO = {
	"trace-info", "FILE (- for standard input)",
	"Checks a trace (header, size, checksum, every board) and prints its header and\n"
	"statistics: positions, games, men and sliders per position, men-on-board histogram.\n",
	INFO_OPTS,
	"exit status: 0 ok; 1 the trace is unreadable or corrupt (the message says why); 2 usage\n"
};
const struct cli_cmd CLI_TRACE_DUMP = {
	"trace-dump", "[OPTIONS] FILE (- for standard input)",
	"Checks a trace and prints one FEN per position: placement and side to move\n"
	"(castling and en passant are not stored).\n",
	DUMP_OPTS,
	"exit status: 0 ok; 1 the trace is unreadable or corrupt; 2 usage\n"
};

/* Returns the file argument after parsing the options of cmd (--numbers sets *flag); NULL with
 * *status set: the command line was --help, or wrong. */
static const char *one_file(int argc, char **argv, const struct cli_cmd *cmd, int *flag,
			    int *status)
{
	struct cli_getopt g;
	int opt;

	cli_getopt_init(&g, cmd->opts);
	while ((opt = cli_getopt(&g, argc, argv)) != -1) {
		if (opt == 'h') {
			cli_print_help(stdout, cmd);
			*status = EXIT_OK;
			return NULL;
		}
		if (opt != 'n' || !flag) {
			cli_print_help(stderr, cmd);
			*status = EXIT_USAGE;
			return NULL;
		}
		*flag = 1;
	}
	if (optind != argc - 1) {
		fprintf(stderr, "slidebench %s: give exactly one trace file\n", argv[0]);
		cli_print_help(stderr, cmd);
		*status = EXIT_USAGE;
		return NULL;
	}
	return argv[optind];
}

/* Returns the one trace file of the command line, loaded into t; NULL with *status set when
 * the command line was help or wrong, or the trace would not load (the message names why). */
static const char *load_one(int argc, char **argv, const struct cli_cmd *cmd, int *flag,
			    struct trace *t, int *status)
{
	const char *path = one_file(argc, argv, cmd, flag, status);
	char err[512];

	if (path && trace_load(path, t, err, sizeof err) < 0) {
		fprintf(stderr, "slidebench: %s\n", err);
		*status = EXIT_FAIL;
		return NULL;
	}
	return path;
}

/* Prints the histogram of men on board, one row per count that occurs. */
static void men_histogram(const struct trace *t)
{
	size_t hist[65] = { 0 }, top = 1;

	for (size_t i = 0; i < t->n; i++)
		hist[sb_popcount(board_occ(&t->rec[i].b))]++;
	for (int m = 0; m <= 64; m++)
		top = hist[m] > top ? hist[m] : top;
	printf("men on board   positions\n");
	for (int m = 0; m <= 64; m++) {
		if (!hist[m])
			continue;
		printf("  %2d %12zu %5.1f%%  ", m, hist[m], 100.0 * (double)hist[m] / (double)t->n);
		for (size_t k = 0; k < 40 * hist[m] / top; k++)
			putchar('#');
		putchar('\n');
	}
}

int cmd_trace_info(int argc, char **argv)
{
	struct trace t;
	int status = 0;
	const char *path = load_one(argc, argv, &CLI_TRACE_INFO, NULL, &t, &status);
	uint64_t men = 0, rook = 0, bishop = 0, queen = 0, white = 0;

	if (!path)
		return status;
	for (size_t i = 0; i < t.n; i++) {
		const struct sb_board *b = &t.rec[i].b;
		men += sb_popcount(board_occ(b));
		rook += sb_popcount(b->bb[BB_ROOK]);
		bishop += sb_popcount(b->bb[BB_BISHOP]);
		queen += sb_popcount(b->bb[BB_QUEEN]);
		white += t.rec[i].stm == 0;
	}
	double n = (double)t.n;
	printf("file           %s\n", strcmp(path, "-") ? path : "standard input");
	printf("format         version %u, %d-byte header, %d-byte records, checksum 0x%016llx (ok)\n",
	       t.version, TRACE_HEADER_BYTES, TRACE_RECORD_BYTES, (unsigned long long)t.checksum);
	printf("source         %s\n", t.source);
	printf("positions      %zu (%llu games, %llu plies)\n", t.n, (unsigned long long)t.games,
	       (unsigned long long)(t.n - t.games));
	printf("white to move  %.1f%%\n", 100.0 * (double)white / n);
	printf("men/position   %.2f\n", (double)men / n);
	printf("sliders/pos.   %.2f (rooks %.2f, bishops %.2f, queens %.2f)\n",
	       (double)(rook + bishop + queen) / n, (double)rook / n, (double)bishop / n,
	       (double)queen / n);
	printf("queries/pos.   rook %.2f, bishop %.2f (a queen asks both)\n",
	       (double)(rook + queen) / n, (double)(bishop + queen) / n);
	men_histogram(&t);
	trace_free(&t);
	return EXIT_OK;
}

int cmd_trace_dump(int argc, char **argv)
{
	struct trace t;
	char fen[CHESS_FEN_MAX];
	int status = 0, numbers = 0;

	if (!load_one(argc, argv, &CLI_TRACE_DUMP, &numbers, &t, &status))
		return status;
	for (size_t i = 0; i < t.n; i++) {
		chess_board_fen(&t.rec[i].b, t.rec[i].stm, fen);
		if (numbers)
			printf("%u %u ", t.rec[i].game, t.rec[i].ply);
		puts(fen);
	}
	trace_free(&t);
	if (fflush(stdout) || ferror(stdout)) {
		fprintf(stderr, "slidebench trace-dump: standard output: write failed: %s\n",
			strerror(errno ? errno : EIO));
		return EXIT_FAIL;
	}
	return EXIT_OK;
}
