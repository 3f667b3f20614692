/* bounds.c - reading bounds.csv and finding a cell's bound (see bounds.h). */
#include <dlfcn.h>
#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "bench/bench.h"
#include "bench/bounds.h"

/* bounds.sh's loop names, in enum sb_loop order (NULL: the loop has no bound). */
static const char *const LOOP_NAME[SB_LOOP_COUNT] = {
	[SB_LOOP_ROOK_STREAM] = "rs", [SB_LOOP_BISHOP_STREAM] = "bs",
	[SB_LOOP_QUEEN_STREAM] = "qs", [SB_LOOP_ROOK_CHAIN] = "rc",
	[SB_LOOP_BISHOP_CHAIN] = "bc", [SB_LOOP_QUEEN_CHAIN] = "qc",
	[SB_LOOP_POSITION] = "pos", [SB_LOOP_PEER] = "peer", [SB_LOOP_PRESSURE] = "prs",
	[SB_LOOP_PEER_RANDOM] = "pr",
};

/* Returns the enum sb_loop named name, or -1. */
static int loop_of(const char *name)
{
	for (int i = 0; i < SB_LOOP_COUNT; i++)
		if (LOOP_NAME[i] && !strcmp(LOOP_NAME[i], name))
			return i;
	return -1;
}

/* Returns 0 when line is "# for SIZE MTIME" and matches this program's file, else -1. */
static int same_build(const char *line, const char *exe)
{
	unsigned long long size, mtime;
	struct stat st;

	if (sscanf(line, "# for %llu %llu", &size, &mtime) != 2 || stat(exe, &st) < 0)
		return -1;
	return (unsigned long long)st.st_size == size &&
	       (unsigned long long)st.st_mtime == mtime ? 0 : -1;
}

/* Parses one row "run_offset,loop,per,cycles_per_iter,bound,mcpu,note" into r; 0 or -1. */
static int parse_row(char *line, struct bound_row *r, char *mcpu, size_t len)
{
	char *f[7], *p = line;
	int n = 0;

	for (char *t; n < 7 && (t = strsep(&p, ",")) != NULL;)
		f[n++] = t;
	if (n < 6 || (r->loop = loop_of(f[1])) < 0)
		return -1;
	r->run_offset = strtoul(f[0], NULL, 10);
	r->cycles = *f[4] ? strtod(f[4], NULL) : NAN;
	if (!(r->cycles > 0))
		r->cycles = NAN;
	snprintf(mcpu, len, "%s", f[5]);
	return 0;
}

int bounds_load(const char *path, struct bounds *b)
{
	char exe[PATH_MAX], def[PATH_MAX + 16], line[1024], mcpu[128] = "";
	ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
	FILE *f;

	memset(b, 0, sizeof *b);
	if (n <= 0)
		return snprintf(b->why, sizeof b->why, "this program's path is unknown"), -1;
	exe[n] = 0;
	if (!path) {
		snprintf(def, sizeof def, "%s.bounds.csv", exe);
		path = def;
	}
	if (!(f = fopen(path, "r")))
		return snprintf(b->why, sizeof b->why, "no %s (make bounds writes it)", path), -1;
	if (!fgets(line, sizeof line, f) || same_build(line, exe) < 0) {
		fclose(f);
		return snprintf(b->why, sizeof b->why, "%s was written for another build of this "
				"program (make bounds)", path), -1;
	}
	while (fgets(line, sizeof line, f)) {
		struct bound_row r, *grown;
		line[strcspn(line, "\r\n")] = 0;
		if (parse_row(line, &r, mcpu, sizeof mcpu) < 0)
			continue;  /* the header, or a loop this program does not know */
		if (!(grown = realloc(b->row, (b->n + 1) * sizeof *grown)))
			break;
		b->row = grown;
		b->row[b->n++] = r;
	}
	fclose(f);
	if (!b->n)
		return snprintf(b->why, sizeof b->why, "%s holds no bounds", path), -1;
	snprintf(b->source, sizeof b->source, "%s (instructions counted against %s)", path, mcpu);
	return 0;
}

double bounds_cell(const struct cell *c, const void *ctx)
{
	const struct bounds *b = ctx;
	Dl_info self, k;
	uintptr_t off;

	if (!b || c->w->def->pointer || !dladdr((void *)bounds_cell, &self) ||
	    !dladdr((void *)(uintptr_t)c->k->run, &k) || k.dli_fbase != self.dli_fbase)
		return NAN;  /* a plugin's loops are in another object: not in this file */
	off = (uintptr_t)c->k->run - (uintptr_t)k.dli_fbase;
	for (size_t i = 0; i < b->n; i++)
		if (b->row[i].run_offset == off && b->row[i].loop == (int)c->w->loop)
			return b->row[i].cycles;
	return NAN;
}

void bounds_free(struct bounds *b)
{
	free(b->row);
	memset(b, 0, sizeof *b);
}
