/* sim_dump.c - reading callgrind's dumps back: one per region, found by the label the
 * child gave CALLGRIND_DUMP_STATS_AT, its "events:" line mapping columns to struct sim_counts. */
#include "sim/sim_callgrind.h"

#include <dirent.h>
#include <errno.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* The dump's event names and where each goes in struct sim_counts (I1mr, ILmr are dropped). */
static const struct {
	const char *name;
	size_t off;
} sim_events[] = {
	{"Ir", offsetof(struct sim_counts, ir)},     {"Dr", offsetof(struct sim_counts, dr)},
	{"Dw", offsetof(struct sim_counts, dw)},     {"D1mr", offsetof(struct sim_counts, d1mr)},
	{"D1mw", offsetof(struct sim_counts, d1mw)}, {"DLmr", offsetof(struct sim_counts, dlmr)},
	{"DLmw", offsetof(struct sim_counts, dlmw)}, {"Bc", offsetof(struct sim_counts, bc)},
	{"Bcm", offsetof(struct sim_counts, bcm)},   {"Bi", offsetof(struct sim_counts, bi)},
	{"Bim", offsetof(struct sim_counts, bim)},
};

#define SIM_TRIGGER "desc: Trigger: Client Request: "
#define SIM_MAX_EVENTS 32

/* Returns a pointer to counter e (an index into sim_events) of c. */
static unsigned long long *sim_field(struct sim_counts *c, size_t e)
{
	return (unsigned long long *)((char *)c + sim_events[e].off);
}

/* Returns nothing; fills c's fields from a "totals:"/"summary:" line given the event order. */
static void sim_fill(struct sim_counts *c, const char *vals, int order[], int nev)
{
	char *end;

	for (int i = 0; i < nev; i++, vals = end) {
		unsigned long long v = strtoull(vals, &end, 10); /* trailing zeros may be left out */
		if (order[i] >= 0)
			*sim_field(c, (size_t)order[i]) = v;
	}
}

/* Returns the number of events on an "events:" line's list, after mapping each to its
 * sim_events index (or -1 when not kept) in order[]. */
static int sim_parse_events(char *list, int order[SIM_MAX_EVENTS])
{
	int nev = 0;

	for (char *tok = strtok(list, " "); tok && nev < SIM_MAX_EVENTS; tok = strtok(NULL, " ")) {
		order[nev] = -1;
		for (size_t i = 0; i < sizeof sim_events / sizeof sim_events[0]; i++)
			if (!strcmp(tok, sim_events[i].name))
				order[nev] = (int)i;
		nev++;
	}
	return nev;
}

/* Returns nothing; reads "N B, L B, A-way associative" (or "direct-mapped") into v (size,
 * assoc, line), leaving v zero when the text is not of that form. */
static void sim_parse_desc(const char *text, long v[3])
{
	long size, line, assoc = 1;
	int at = 0;

	v[0] = v[1] = v[2] = 0;
	if (sscanf(text, "%ld B, %ld B, %n", &size, &line, &at) < 2 || !at)
		return;
	if (strncmp(text + at, "direct-mapped", 13) && sscanf(text + at, "%ld-way", &assoc) != 1)
		return;
	v[0] = size, v[1] = assoc, v[2] = line;
}

/* Returns nothing; notes in info what a header line of a dump says about the run. */
static void sim_header_line(const char *line, struct sim_dump_info *info)
{
	if (!strncmp(line, "desc: D1 cache: ", 16))
		sim_parse_desc(line + 16, info->d1);
	else if (!strncmp(line, "desc: LL cache: ", 16))
		sim_parse_desc(line + 16, info->ll);
	else if (!strncmp(line, "creator: ", 9))
		snprintf(info->creator, sizeof info->creator, "%s", line + 9);
	else if (!strncmp(line, SIM_TRIGGER SIM_BUILD_MARK, strlen(SIM_TRIGGER SIM_BUILD_MARK)))
		snprintf(info->build, sizeof info->build, "%s",
			 line + strlen(SIM_TRIGGER SIM_BUILD_MARK));
}

/* Returns 1 after reading a client-request dump into c (its pid and part into key, for the
 * order), 0 for another dump (program termination, the build marker), -1 with err for an
 * unreadable one.  info gets what the headers say. */
static int sim_read_dump(const char *path, struct sim_counts *c, long key[2],
			 struct sim_dump_info *info, char *err, size_t errlen)
{
	FILE *f = fopen(path, "r");
	char *line = NULL, *totals = NULL, *summary = NULL;
	size_t cap = 0, tlen = strlen(SIM_TRIGGER);
	int order[SIM_MAX_EVENTS], nev = 0, labelled = 0, rc = -1;

	if (!f) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		return -1;
	}
	memset(c, 0, sizeof *c);
	while (getline(&line, &cap, f) > 0) {
		line[strcspn(line, "\n")] = '\0';
		sim_header_line(line, info);
		if (!strncmp(line, "pid: ", 5))
			key[0] = strtol(line + 5, NULL, 10);
		else if (!strncmp(line, "part: ", 6))
			key[1] = strtol(line + 6, NULL, 10);
		else if (!strncmp(line, SIM_TRIGGER, tlen)) {
			labelled = strncmp(line + tlen, SIM_BUILD_MARK, strlen(SIM_BUILD_MARK)) != 0;
			snprintf(c->label, sizeof c->label, "%.127s", line + tlen);
		}
		else if (!strncmp(line, "events: ", 8) && nev == 0)
			nev = sim_parse_events(line + 8, order);
		else if (!strncmp(line, "totals: ", 8) && !totals)
			totals = strdup(line + 8);
		else if (!strncmp(line, "summary: ", 9) && !summary)
			summary = strdup(line + 9);
	}
	if (nev > 0 && (totals || summary)) {
		sim_fill(c, totals ? totals : summary, order, nev);
		rc = labelled;
	} else {
		snprintf(err, errlen, "%s: no events:/totals: lines (a truncated dump?)", path);
	}
	free(line), free(totals), free(summary);
	fclose(f);
	return rc;
}

int sim_check_geometry(const struct sim_geometry *g, const struct sim_dump_info *info,
		       char *err, size_t errlen)
{
	const long want[2][3] = {{g->d1_size, g->d1_assoc, g->d1_line},
				 {g->ll_size, g->ll_assoc, g->ll_line}};
	const long *used[2] = {info->d1, info->ll};

	for (int i = 0; i < 2; i++) {
		const char *name = i ? "LL" : "D1";
		if (!used[i][0]) {
			snprintf(err, errlen, "the dumps do not say which %s valgrind simulated "
				 "(no \"desc: %s cache:\" line)", name, name);
			return -1;
		}
		if (memcmp(want[i], used[i], sizeof want[i])) {
			snprintf(err, errlen, "valgrind simulated %s %ld,%ld,%ld instead of the "
				 "%ld,%ld,%ld asked for (size,assoc,line)", name, used[i][0],
				 used[i][1], used[i][2], want[i][0], want[i][1], want[i][2]);
			return -1;
		}
	}
	return 0;
}

struct sim_dump {
	struct sim_counts c;
	long key[2]; /* pid, part: the order the child dumped in */
};

/* Returns the qsort order of two dumps: by pid, then part. */
static int sim_dump_cmp(const void *a, const void *b)
{
	const long *x = ((const struct sim_dump *)a)->key, *y = ((const struct sim_dump *)b)->key;
	return x[0] != y[0] ? (x[0] > y[0]) - (x[0] < y[0]) : (x[1] > y[1]) - (x[1] < y[1]);
}

/* Returns the number of labels after merging the sorted dumps d[0..nd) into out by label: a
 * label dumped more than once gets the mean of its dumps, so every entry is one region's count. */
static size_t sim_merge(struct sim_dump *d, size_t nd, struct sim_counts *out)
{
	size_t n = 0, j, nev = sizeof sim_events / sizeof sim_events[0];

	for (size_t i = 0; i < nd; i++) {
		for (j = 0; j < n && strcmp(out[j].label, d[i].c.label); j++)
			;
		if (j == n)
			out[n++] = (struct sim_counts){.dumps = 0};
		struct sim_counts *o = &out[j];
		memcpy(o->label, d[i].c.label, sizeof o->label);
		for (size_t e = 0; e < nev; e++)
			*sim_field(o, e) += *sim_field(&d[i].c, e);
		o->dumps++;
	}
	for (j = 0; j < n; j++)
		for (size_t e = 0; e < nev; e++)
			*sim_field(&out[j], e) = (*sim_field(&out[j], e) + out[j].dumps / 2) / out[j].dumps;
	return n;
}

int sim_collect(const char *dir, struct sim_counts **out, size_t *n, struct sim_dump_info *info,
		char *err, size_t errlen)
{
	struct sim_dump_info scratch;
	DIR *dp = opendir(dir);
	struct dirent *de;
	struct sim_dump *d = NULL, *grown;
	size_t nd = 0, cap = 0;
	char path[4096];
	int rc = -1;

	*out = NULL, *n = 0;
	if (!info)
		info = &scratch;
	memset(info, 0, sizeof *info);
	if (!dp) {
		snprintf(err, errlen, "%s: %s", dir, strerror(errno));
		return -1;
	}
	while ((de = readdir(dp)) != NULL) {
		if (strncmp(de->d_name, "cg.", 3) != 0)
			continue;
		if (nd == cap) {
			cap = cap ? 2 * cap : 16;
			if (!(grown = realloc(d, cap * sizeof *d))) {
				snprintf(err, errlen, "out of memory reading %s", dir);
				goto close_dir;
			}
			d = grown;
		}
		snprintf(path, sizeof path, "%s/%s", dir, de->d_name);
		d[nd].key[0] = d[nd].key[1] = 0;
		int r = sim_read_dump(path, &d[nd].c, d[nd].key, info, err, errlen);
		if (r < 0)
			goto close_dir;
		nd += (size_t)r;
	}
	if (nd == 0) {
		snprintf(err, errlen, "%s: no callgrind dump with a region label (did the child "
			 "run under valgrind and call sim_region_end?)", dir);
		goto close_dir;
	}
	qsort(d, nd, sizeof *d, sim_dump_cmp);
	if (!(*out = malloc(nd * sizeof **out))) {
		snprintf(err, errlen, "out of memory reading %s", dir);
		goto close_dir;
	}
	*n = sim_merge(d, nd, *out);
	rc = 0;
close_dir:
	closedir(dp);
	free(d);
	return rc;
}

int sim_cleanup_dir(const char *dir)
{
	DIR *dp = opendir(dir);
	struct dirent *de;
	char path[4096];
	int rc = 0;

	if (!dp)
		return -1;
	while ((de = readdir(dp)) != NULL) {
		snprintf(path, sizeof path, "%s/%s", dir, de->d_name);
		if ((!strncmp(de->d_name, "cg.", 3) || !strncmp(de->d_name, "valgrind.", 9)) &&
		    unlink(path) != 0)
			rc = -1;
	}
	closedir(dp);
	return rmdir(dir) == 0 ? rc : -1;
}
