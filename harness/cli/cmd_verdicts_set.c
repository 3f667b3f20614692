/* cmd_verdicts_set.c - one study's verdicts.csv, read and checked, and the words and columns
 * `slidebench verdicts` shows it in (cmd_verdicts.h). */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "cli/cmd_verdicts.h"

long verdicts_find_row(const struct vset *v, const char *q, const char *a, const char *b)
{
	for (size_t i = 0; i < v->c.nrow; i++)
		if (!strcmp(csv_cell(&v->c, i, v->q), q) && !strcmp(csv_cell(&v->c, i, v->a), a) &&
		    !strcmp(csv_cell(&v->c, i, v->b), b))
			return (long)i;
	return -1;
}

/* Returns 0 when row r's ratio, lo and hi are each empty or a positive finite number, else -1
 * with err naming path, line and column. */
static int check_numbers(const struct vset *v, size_t r, const char *path, char *err,
			 size_t errlen)
{
	const int cols[] = { v->ratio, v->lo, v->hi };
	const char *names[] = { "ratio", "lo", "hi" };

	for (size_t k = 0; k < 3; k++) {
		const char *t = csv_cell(&v->c, r, cols[k]);
		double x = csv_num(&v->c, r, cols[k]);
		if (!*t || (isfinite(x) && x > 0))
			continue;
		snprintf(err, errlen, "%s: line %zu: %s is \"%.40s\": not a positive finite ratio",
			 path, r + 2, names[k], t);
		return -1;
	}
	return 0;
}

/* Returns 0 when every verdict of v has sound numbers and its own key, else -1 with err. */
static int check_set(const struct vset *v, const char *path, char *err, size_t errlen)
{
	for (size_t r = 0; r < v->c.nrow; r++) {
		long first = verdicts_find_row(v, csv_cell(&v->c, r, v->q), csv_cell(&v->c, r, v->a),
				      csv_cell(&v->c, r, v->b));
		if (check_numbers(v, r, path, err, errlen) < 0)
			return -1;
		if (first >= 0 && (size_t)first < r) {
			snprintf(err, errlen, "%s: line %zu: a second verdict \"%.60s\", %.60s against "
				 "%.60s (the first is line %ld)", path, r + 2,
				 csv_cell(&v->c, r, v->q), csv_cell(&v->c, r, v->b),
				 csv_cell(&v->c, r, v->a), first + 2);
			return -1;
		}
	}
	return 0;
}

int verdicts_load(const char *dir, struct vset *v)
{
	char path[4096], err[4096 + 512];

	memset(v, 0, sizeof *v);
	v->dir = dir;
	snprintf(path, sizeof path, "%s/verdicts.csv", dir);
	if (csv_load(path, &v->c, err, sizeof err) < 0) {
		fprintf(stderr, "slidebench verdicts: %s (run slidebench report %s first)\n", err,
			dir);
		return -1;
	}
	v->q = csv_col(&v->c, "question"), v->a = csv_col(&v->c, "a"), v->b = csv_col(&v->c, "b");
	v->ratio = csv_col(&v->c, "ratio"), v->lo = csv_col(&v->c, "lo");
	v->hi = csv_col(&v->c, "hi"), v->settled = csv_col(&v->c, "settled");
	v->process = csv_col(&v->c, "process_pct");
	if (v->q < 0 || v->a < 0 || v->b < 0 || v->ratio < 0 || v->lo < 0 || v->hi < 0 ||
	    v->settled < 0) {
		fprintf(stderr, "slidebench verdicts: %s: not a verdicts.csv (needs question, a, b, "
			"ratio, lo, hi, settled)\n", path);
		csv_free(&v->c);
		return -1;
	}
	if (check_set(v, path, err, sizeof err) < 0) {
		fprintf(stderr, "slidebench verdicts: %s\n", err);
		csv_free(&v->c);
		return -1;
	}
	return 0;
}

const char *verdicts_settled(const struct vset *v, long r)
{
	return csv_cell(&v->c, (size_t)r, v->settled);
}

const char *verdicts_word(const struct vset *v, long r)
{
	const char *m = verdicts_settled(v, r);
	double lo = csv_num(&v->c, (size_t)r, v->lo), hi = csv_num(&v->c, (size_t)r, v->hi);

	if (!strcmp(m, "yes"))
		return "settled";
	if (!strcmp(m, "provisional"))
		return "provisional";
	return !isnan(lo) && !isnan(hi) && (lo > 1 || hi < 1) ? "likely" : "unclear";
}

size_t verdicts_cols(const char *s)
{
	size_t n = 0;

	for (; *s; s++)
		n += ((unsigned char)*s & 0xC0) != 0x80;
	return n;
}

void verdicts_put_col(const char *s, size_t w)
{
	fputs(s, stdout);
	for (size_t n = verdicts_cols(s); n < w; n++)
		putchar(' ');
}

