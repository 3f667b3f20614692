/* cmd_verdicts.h - `slidebench verdicts`' studies: each one's verdicts.csv read and checked,
 * the words and columns it is shown in (cmd_verdicts_set.c), and the winners each names
 * (cmd_verdicts_winners.c); the command, and the verdict-by-verdict listing: cmd_verdicts.c. */
#ifndef SB_CMD_VERDICTS_H
#define SB_CMD_VERDICTS_H

#include <stddef.h>

#include "runread/runread.h"

#define MAX_STUDIES 16

/* One study's verdicts. */
struct vset {
	const char *dir;
	struct csv c;
	int q, a, b, ratio, lo, hi, settled;
	int process;         /* the process_pct column, -1 in a verdicts.csv written before it */
};

/* Returns the row of set v with this key, or -1. */
long verdicts_find_row(const struct vset *v, const char *q, const char *a, const char *b);
/* Reads dir/verdicts.csv into v and checks each verdict's numbers and key; returns 0, or -1
 * after a message. */
int verdicts_load(const char *dir, struct vset *v);
/* Returns study v's settled mark of row r: "yes", "no", "unknown", "provisional", ... */
const char *verdicts_settled(const struct vset *v, long r);
/* Returns the confidence word of study v's row r as the report's first screen says it
 * (verdict_word): settled, provisional (a busy study's), likely (the interval excludes 1, not
 * settled) or unclear. */
const char *verdicts_word(const struct vset *v, long r);
/* Returns the terminal columns of s: its UTF-8 characters (out_text leaves no control). */
size_t verdicts_cols(const char *s);
/* Prints s padded with spaces to w columns (a longer s is printed whole, never cut). */
void verdicts_put_col(const char *s, size_t w);

/* Prints the winners: how many answers name another winner in another study, each one
 * CHANGED with the studies that name each winner and where it is not settled, then every
 * answer in a table of one column per study, sized to what it holds.  Returns the number of
 * changed winners, or -1 when memory runs out. */
int verdicts_show_winners(const struct vset *s, size_t n);

#endif
