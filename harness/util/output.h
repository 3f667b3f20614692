/* output.h - result files that are never half-written and never overwrite an earlier run:
 * each file is written to a temporary name and renamed; a run is written into a hidden
 * work directory that is renamed to results/<run-id> only when complete.
 *
 * The one exception, for every file slidebench writes: "-" is standard output, and a path
 * that exists and is not a regular file (/dev/null, /dev/full, a FIFO, a symbolic link) is
 * written in place, never renamed over: a temporary renamed onto /dev/null would replace the
 * device node with a regular file.  Except in a directory slidebench writes (out_open: a
 * study or run folder, which may come from someone else): there a symbolic link or other
 * non-regular file is refused, never written through.  Temporaries are created exclusively
 * (O_EXCL|O_NOFOLLOW) under a fresh name, so a link planted under a temporary's name is
 * never followed either. */
#ifndef SB_OUTPUT_H
#define SB_OUTPUT_H

#include <limits.h>
#include <stdio.h>

/* How a path is written (out_how). */
enum out_how {
	OUT_RENAME,   /* a new or regular file: a temporary beside it, renamed into place */
	OUT_DIRECT,   /* exists and is not a regular file: opened and written in place */
	OUT_STDOUT    /* "-": standard output */
};

struct out_file {
	FILE *f;
	enum out_how how;
	char tmp[PATH_MAX];    /* "" unless how is OUT_RENAME */
	char final[PATH_MAX];
};

/* Returns how path is to be written (see the top of this file). */
enum out_how out_how(const char *path);
/* Every result file carries its format: context.json as "format", each CSV as its last
 * column `format` (the same number on every row).  Readers take 0 (no such field or column:
 * every file written before it) to the format this slidebench writes, and refuse a newer one,
 * naming the file and the format.  Raise a file's number in output.c's table (context.json's
 * here) when that file changes meaning. */
#define SB_RUN_FORMAT 1
/* Returns the format this slidebench writes for the result file called name (its last path
 * component: "summary.csv", "blocks.csv", ...), or -1 when name is no result file. */
int out_format(const char *name);
/* Returns 0 when format text v, read from result file path (line: its line, 0 for none), is
 * one this slidebench reads (a whole number from 0 to out_format(path)); else -1 with err
 * naming the file, the line and the format. */
int out_format_check(const char *path, size_t line, const char *v, char *err, size_t errlen);

/* Returns a fresh run id: UTC time and process id, e.g. "20261121-131502-4711". */
void out_run_id(char *buf, size_t len);
/* Chooses the run's directory (`requested`, or results/<run_id>) and creates its hidden work
 * directory beside it.  Refuses (-1, err) when the final directory already exists. */
int out_run_begin(const char *requested, const char *run_id, char *final_dir, char *work_dir,
		  size_t len, char *err, size_t errlen);
/* Renames the work directory to its final name; 0 or -1 (err), the work directory kept. */
int out_run_finish(const char *work_dir, const char *final_dir, char *err, size_t errlen);
/* Removes the work directory of a run that could not be written (its files and
 * subdirectories), so it does not block the next run of the same name.  0 or -1 (err). */
int out_run_abandon(const char *work_dir, char *err, size_t errlen);
/* Returns a new temporary file beside path final, created exclusively (never an existing
 * file or link), open for writing, its name in tmp; NULL (errno set) when it cannot. */
FILE *out_tmp_create(const char *final, char *tmp, size_t len);
/* Returns 1 when dir/name exists (a symbolic link is followed), else 0. */
int out_exists(const char *dir, const char *name);
/* Returns non-zero when path is a symbolic link. */
int out_is_link(const char *path);
/* Opens dir/name (an output of a study or run folder) for writing under a temporary name;
 * refuses (-1, err naming the path) one that exists and is not a regular file, such as a
 * symbolic link.  0 or -1 (err). */
int out_open(struct out_file *o, const char *dir, const char *name, char *err, size_t errlen);
/* Opens path (given by the user) for writing: under a temporary name, or in place / standard
 * output as out_how() says (a symbolic link such as /dev/stdout is written through).  "-" is
 * standard output.  0 or -1 (err). */
int out_open_path(struct out_file *o, const char *path, char *err, size_t errlen);
/* Returns non-zero when path a and path b name the same existing file (an output that would
 * overwrite an input). */
int out_same_file(const char *a, const char *b);
/* Flushes, syncs, closes and renames into place (in place: flushes and closes; standard
 * output is flushed, not closed).  0 or -1 (err names the file and the reason; the
 * temporary is removed). */
int out_commit(struct out_file *o, char *err, size_t errlen);
/* Copies the rest of `from` (rewound first) to path, which out_how() says is standard
 * output or written in place.  0 or -1 (err names the file and the reason, e.g. "/dev/full:
 * No space left on device"). */
int out_copy(FILE *from, const char *path, char *err, size_t errlen);
/* Closes and removes the temporary file. */
void out_abort(struct out_file *o);
/* Writes s as one CSV field, quoted when it holds a comma, quote or newline. */
void out_csv_str(FILE *f, const char *s);
/* The one sanitiser of text bound for a text file or a terminal (a report, answer.txt, a
 * chart's CSV, what a command prints of its input): every character a terminal would act on
 * (the C0 controls, newlines and tabs among them, DEL, the C1 controls U+0080 to U+009F in
 * UTF-8 or as raw bytes) and every byte that is not UTF-8 is written as OUT_REPLACEMENT, so that
 * it shows and does nothing.  out_put_text writes s to f; out_text writes it into buf (len
 * bytes with the NUL, cut at a character) and returns buf. */
#define OUT_REPLACEMENT "\xef\xbf\xbd"  /* U+FFFD */
/* Returns the byte length of the character at p when out_put_text keeps it; the negative of
 * the bytes it replaces (one OUT_REPLACEMENT) when not. */
int out_visible_len(const unsigned char *p);
void out_put_text(FILE *f, const char *s);
char *out_text(const char *s, char *buf, size_t len);
/* Writes text s as one CSV cell for the charts, as plots/csv.awk writes cells (gnuplot reads
 * no quoted field): never quoted, a ',' as ';' and a '"' as '\'', and on one line as
 * out_put_text writes it. */
void out_csv_text(FILE *f, const char *s);
/* Writes x with six significant digits, or nothing for NaN: an honest empty cell. */
void out_csv_num(FILE *f, double x);
/* Returns the length (2-4) of the well-formed UTF-8 sequence at s (lead byte >= 0x80), or 0. */
int out_utf8_len(const unsigned char *s);
/* Returns NULL when s is text a CSV cell, a report or a JSON string may hold as it is (valid
 * UTF-8, no character out_put_text would replace), else what is wrong with it. */
const char *out_text_problem(const char *s);

#endif
