/* runread.c - a run directory read back: summary rows, each with its measured samples, and
 * the context.  Missing optional columns read as NaN / "" (not measured), never zero. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runread/runread.h"
#include "util/output.h"

/* The key columns of summary.csv and samples.csv that identify a cell. */
struct keycols {
	int kernel, mode, piece, cache, pressure, threads;
};

static struct keycols key_cols(const struct csv *c)
{
	return (struct keycols){ csv_col(c, "kernel"), csv_col(c, "mode"), csv_col(c, "piece"),
				 csv_col(c, "cache_state"), csv_col(c, "pressure_bytes"),
				 csv_col(c, "threads") };
}

/* Returns the threads of a row: 1 when the column is absent or empty (every run before it). */
static unsigned threads_of(const struct csv *c, size_t row, int col)
{
	double t = csv_num(c, row, col);
	return t >= 1 && t <= 65536 ? (unsigned)t : 1;
}

/* Returns the cache state of a row: "warm" when the column is absent or empty. */
static const char *cache_of(const struct csv *c, size_t row, int col)
{
	const char *s = csv_cell(c, row, col);
	return *s ? s : "warm";
}

/* Returns the pressure of a row: "" outside pressure mode (older writers put 0 there). */
static const char *pressure_of(const struct csv *c, size_t row, int col, const char *mode)
{
	return strcmp(mode, "pressure") ? "" : csv_cell(c, row, col);
}

static int same_key(const struct csv *a, size_t ra, struct keycols ka, const struct rr_row *r)
{
	const char *mode = csv_cell(a, ra, ka.mode);

	return !strcmp(csv_cell(a, ra, ka.kernel), r->kernel) && !strcmp(mode, r->mode) &&
	       !strcmp(csv_cell(a, ra, ka.piece), r->piece) &&
	       !strcmp(cache_of(a, ra, ka.cache), r->cache_state) &&
	       !strcmp(pressure_of(a, ra, ka.pressure, mode), r->pressure) &&
	       threads_of(a, ra, ka.threads) == (r->threads > 1 ? r->threads : 1);
}

/* The samples.csv columns attach_samples() reads. */
struct samplecols {
	struct keycols k;
	int phase, net, gross, round, epoch;
};

/* Appends sample row j of s to row. */
static void add_sample(struct rr_row *row, const struct csv *s, size_t j,
		       const struct samplecols *c)
{
	double v = csv_num(s, j, c->gross >= 0 ? c->gross : c->net), rd = csv_num(s, j, c->round);

	if (isnan(v))
		return;
	if (row->round) {
		double e = csv_num(s, j, c->epoch);
		/* out of range (a damaged file): no round, epoch 0, never a conversion's UB */
		row->round[row->nsamples] = !(rd >= 0 && rd < UINT_MAX) ? UINT_MAX : (unsigned)rd;
		row->epoch[row->nsamples] = !(e >= 0 && e < INT_MAX) ? 0 : (int)e;
		row->paired[row->nsamples] = v;
	}
	row->samples[row->nsamples++] = v;
}

/* Gives every summary row its measured samples, and their rounds where recorded: the whole
 * loop's time per lookup (gross), as summary.csv's ns_median is; the null's loop overlaps a
 * kernel's in an out-of-order core, so round-by-round net times are not a kernel's cost. */
static int attach_samples(struct run *r)
{
	const struct csv *s = &r->samples;
	struct samplecols c = { key_cols(s), csv_col(s, "phase"), csv_col(s, "net_ns_per_lookup"),
				csv_col(s, "ns_per_lookup"), csv_col(s, "sample"),
				csv_col(s, "epoch") };
	size_t from = 0, cap = s->nrow ? s->nrow : 1;

	if ((c.net < 0 && c.gross < 0) || c.k.kernel < 0)
		return 0;
	for (size_t i = 0; i < r->nrows; i++) {
		struct rr_row *row = &r->rows[i];
		row->samples = malloc(cap * sizeof *row->samples);
		if (!row->samples)
			return -1;
		if (c.round >= 0) {
			row->round = malloc(cap * sizeof *row->round);
			row->epoch = malloc(cap * sizeof *row->epoch);
			row->paired = malloc(cap * sizeof *row->paired);
			if (!row->round || !row->epoch || !row->paired)
				return -1;
		}
		/* Samples are written cell by cell: look from where the last cell ended first. */
		for (size_t pass = 0; pass < 2; pass++) {
			size_t lo = pass ? 0 : from, hi = pass ? from : s->nrow;
			for (size_t j = lo; j < hi; j++) {
				if (!same_key(s, j, c.k, row))
					continue;
				if (c.phase >= 0 && strcmp(csv_cell(s, j, c.phase), "measure"))
					continue;
				add_sample(row, s, j, &c);
				from = j + 1;
			}
			if (row->nsamples)
				break;
		}
	}
	return 0;
}

/* Returns 0 when every cell of samples.csv has its summary.csv row, else -1 with err: a
 * summary cut at a row boundary is found this way. */
static int samples_without_row(const struct run *r, const char *path, char *err, size_t errlen)
{
	const struct csv *s = &r->samples;
	struct keycols k = key_cols(s);
	size_t last = 0;

	if (k.kernel < 0 || k.mode < 0)
		return snprintf(err, errlen, "%s: not slidebench samples (no kernel or mode column)",
				path), -1;
	for (size_t j = 0; j < s->nrow; j++) {
		int found = last < r->nrows && same_key(s, j, k, &r->rows[last]);
		for (size_t i = 0; i < r->nrows && !found; i++)
			if (same_key(s, j, k, &r->rows[i]))
				found = 1, last = i;
		if (!found)
			return snprintf(err, errlen, "%s: line %zu: a sample of %s %s %s that summary.csv "
					"has no row for (summary.csv cut short?)", path, j + 2,
					csv_cell(s, j, k.kernel), csv_cell(s, j, k.mode),
					csv_cell(s, j, k.piece)), -1;
	}
	return 0;
}

/* Fills r->rows from summary.csv's rows (its columns k).  Returns 0, or -1 out of memory. */
static int read_rows(struct run *r, struct keycols k)
{
	static unsigned serial;  /* which run_load() read a row: rows of one run can be paired */
	const struct csv *c = &r->summary;

	serial++;
	if (!(r->rows = calloc(c->nrow ? c->nrow : 1, sizeof *r->rows)))
		return -1;
	for (size_t i = 0; i < c->nrow; i++) {
		struct rr_row *w = &r->rows[r->nrows++];
		w->line = i;
		w->run_serial = serial;
		w->kernel = csv_cell(c, i, k.kernel);
		w->family = csv_cell(c, i, csv_col(c, "family"));
		w->mode = csv_cell(c, i, k.mode);
		w->piece = csv_cell(c, i, k.piece);
		w->dataset = csv_cell(c, i, csv_col(c, "dataset"));
		w->cache_state = cache_of(c, i, k.cache);
		w->pressure = pressure_of(c, i, k.pressure, w->mode);
		w->threads = threads_of(c, i, k.threads);
		w->branching = csv_cell(c, i, csv_col(c, "branching"));
		w->flags = csv_cell(c, i, csv_col(c, "flags"));
		w->ns_min = csv_num(c, i, csv_col(c, "ns_min"));
		w->ns_median = csv_num(c, i, csv_col(c, "ns_median"));
		w->ns_ci_lo = csv_num(c, i, csv_col(c, "ns_ci_lo"));
		w->ns_ci_hi = csv_num(c, i, csv_col(c, "ns_ci_hi"));
		w->spread_pct = csv_num(c, i, csv_col(c, "spread_pct"));
		w->lookups = csv_num(c, i, csv_col(c, "lookups"));
		w->table_bytes = csv_num(c, i, csv_col(c, "table_bytes"));
		w->word_bits = csv_num(c, i, csv_col(c, "word_bits"));
		w->mlookups_per_s = csv_num(c, i, csv_col(c, "mlookups_per_s"));
		w->epoch_spread_pct = csv_num(c, i, csv_col(c, "epoch_spread_pct"));
	}
	return 0;
}

/* Reads r->dir/summary.csv (required: a slidebench summary with at least one row) into
 * r->summary and r->rows.  Returns 0, or -1 with err set. */
static int load_summary(struct run *r, char *err, size_t errlen)
{
	char path[PATH_MAX + 32];
	struct keycols k;

	snprintf(path, sizeof path, "%s/summary.csv", r->dir);
	if (csv_load(path, &r->summary, err, errlen) < 0)
		return -1;
	k = key_cols(&r->summary);
	if (k.kernel < 0 || k.mode < 0 || csv_col(&r->summary, "ns_median") < 0)
		return snprintf(err, errlen, "%s: not a slidebench summary (no kernel, mode or "
				"ns_median column)", path), -1;
	if (read_rows(r, k) < 0)
		return snprintf(err, errlen, "out of memory"), -1;
	if (r->summary.nrow == 0)
		return snprintf(err, errlen, "%s: line 2: no rows after the header (an empty or cut "
				"run)", path), -1;
	return 0;
}

/* Reads r->dir/samples.csv (required: the intervals come from it) and gives every summary row
 * its samples; a sample without its row is refused.  Returns 0, or -1 with err set. */
static int load_samples(struct run *r, char *err, size_t errlen)
{
	char path[PATH_MAX + 32];

	snprintf(path, sizeof path, "%s/samples.csv", r->dir);
	if (csv_load(path, &r->samples, err, errlen) < 0)
		return -1;
	r->have_samples = 1;
	if (attach_samples(r) < 0)
		return snprintf(err, errlen, "out of memory"), -1;
	return samples_without_row(r, path, err, errlen);
}

/* Reads r->dir/context.json (required: the machine, the compiler and the trace come from it)
 * into r->ctx, a format this slidebench reads.  Returns 0, or -1 with err set. */
static int load_context(struct run *r, char *err, size_t errlen)
{
	char path[PATH_MAX + 32];

	snprintf(path, sizeof path, "%s/context.json", r->dir);
	r->ctx = jsonx_load(path, r->ctx_err, sizeof r->ctx_err);
	if (!r->ctx || !json_is_object(r->ctx))
		return snprintf(err, errlen, "%s", r->ctx ? "context.json: not a JSON object" :
				r->ctx_err), -1;
	return run_ctx_format(r->ctx, path, err, errlen);
}

int run_load_files(const char *dir, struct run *r, char *err, size_t errlen)
{
	memset(r, 0, sizeof *r);
	snprintf(r->dir, sizeof r->dir, "%s", dir);
	if (load_summary(r, err, errlen) < 0 || load_samples(r, err, errlen) < 0 ||
	    load_context(r, err, errlen) < 0)
		return -1;
	return 0;
}

int run_load_rows(const char *dir, struct run *r, char *err, size_t errlen)
{
	memset(r, 0, sizeof *r);
	snprintf(r->dir, sizeof r->dir, "%s", dir);
	if (load_summary(r, err, errlen) < 0) {
		run_free(r);
		return -1;
	}
	return 0;
}

int run_ctx_format(const json_t *ctx, const char *path, char *err, size_t errlen)
{
	const json_t *fv = json_object_get(ctx, "format");
	char v[32] = "not a number";

	if (!fv)
		return 0;
	if (json_is_integer(fv))
		snprintf(v, sizeof v, "%lld", (long long)json_integer_value(fv));
	return out_format_check(path, 0, v, err, errlen);
}

void run_free(struct run *r)
{
	for (size_t i = 0; r->rows && i < r->nrows; i++) {
		free(r->rows[i].samples);
		free(r->rows[i].round);
		free(r->rows[i].epoch);
		free(r->rows[i].paired);
	}
	free(r->rows);
	for (size_t i = 0; i < r->nowned; i++)
		free(r->owned[i]);
	free(r->owned);
	csv_free(&r->summary);
	csv_free(&r->samples);
	json_decref(r->ctx);
	memset(r, 0, sizeof *r);
}

double run_num(const struct run *r, const struct rr_row *row, const char *col)
{
	return csv_num(&r->summary, row->line, csv_col(&r->summary, col));
}

int run_flag(const struct rr_row *row, const char *flag)
{
	size_t len = strlen(flag);

	for (const char *s = row->flags; *s;) {
		while (*s == ';' || *s == ' ')
			s++;
		if (!strncmp(s, flag, len) && (!s[len] || s[len] == ';' || s[len] == ':'))
			return 1;
		s += strcspn(s, ";");
	}
	return 0;
}

/* The flags bench sets on a row whose figure or bound is not what it seems, and why.  A
 * withheld row's figure is a measurement error: it enters no comparison (run_row_timed), and
 * the report lists it once.  A row whose bound was dropped keeps its figure, ranked as any
 * other: only the bound was wrong. */
static const struct {
	const char *flag, *why;
	int withheld;
} FLAG_WHY[] = {
	{ "below-bound", "its core cycles per lookup are below what the kernel's own instructions "
	  "allow on this CPU (a measurement error)", 1 },
	{ "baseline-invalid", "the null kernel's whole-loop time in this cell is higher than this "
	  "kernel's, their 95% intervals apart (in a block of three samples a cell, the medians of "
	  "every block of its side; the baseline measures something else)", 1 },
	{ "bound-dropped", "its lower bound (the fewest cycles its own instructions allow) was "
	  "above most of its samples, so the bound was wrong and was dropped; the figure is kept "
	  "and ranked", 0 },
};

const char *run_flag_why(const char *flag)
{
	for (size_t i = 0; i < sizeof FLAG_WHY / sizeof FLAG_WHY[0]; i++)
		if (!strcmp(flag, FLAG_WHY[i].flag))
			return FLAG_WHY[i].why;
	return NULL;
}

const char *run_row_flag_of(const struct rr_row *row, int withheld)
{
	for (size_t i = 0; i < sizeof FLAG_WHY / sizeof FLAG_WHY[0]; i++)
		if (FLAG_WHY[i].withheld == withheld && run_flag(row, FLAG_WHY[i].flag))
			return FLAG_WHY[i].flag;
	return NULL;
}

const char *run_row_withheld(const struct rr_row *row)
{
	const char *f = run_row_flag_of(row, 1);

	return f ? run_flag_why(f) : NULL;
}

int run_row_measured(const struct rr_row *row)
{
	return !run_flag(row, "baseline") && strcmp(row->kernel, "null") &&
	       !run_flag(row, "unavailable") && !run_flag(row, "not-timed") &&
	       !isnan(row->ns_median);
}

int run_row_timed(const struct rr_row *row)
{
	return run_row_measured(row) && !run_row_withheld(row);
}

int run_same_workload(const struct rr_row *a, const struct rr_row *b)
{
	return !strcmp(a->mode, b->mode) && !strcmp(a->piece, b->piece) &&
	       !strcmp(a->cache_state, b->cache_state) && !strcmp(a->pressure, b->pressure) &&
	       (a->threads > 1 ? a->threads : 1) == (b->threads > 1 ? b->threads : 1);
}

const struct rr_row *run_find(const struct run *r, const char *kernel, const struct rr_row *like)
{
	for (size_t i = 0; i < r->nrows; i++)
		if (!strcmp(r->rows[i].kernel, kernel) && run_same_workload(&r->rows[i], like))
			return &r->rows[i];
	return NULL;
}

const char *run_dataset(const struct run *r)
{
	for (size_t i = 0; i < r->nrows; i++)
		if (r->rows[i].dataset[0] && strcmp(r->rows[i].dataset, "random"))
			return r->rows[i].dataset;
	return "random";
}

int run_host_epoch(const struct run *r, int e, double *steal, double *busy)
{
	char key[64];

	snprintf(key, sizeof key, "host.epochs.%d", e);
	if (!r->ctx || !jsonx_get(r->ctx, key))
		return -1;
	snprintf(key, sizeof key, "host.epochs.%d.steal_pct", e);
	*steal = jsonx_num(r->ctx, key);
	snprintf(key, sizeof key, "host.epochs.%d.other_cpus_busy_pct", e);
	*busy = jsonx_num(r->ctx, key);
	return 0;
}

void run_host_busy(const struct run *r, double *sum, size_t *n)
{
	double st, b;

	for (int e = 0; run_host_epoch(r, e, &st, &b) == 0; e++)
		if (!isnan(b))
			*sum += b, (*n)++;
}

const char *run_ctx(const struct run *r, const char *key)
{
	return r->ctx ? jsonx_str(r->ctx, key) : NULL;
}

void run_label(const struct run *r, char *buf, size_t len)
{
	const char *cpu = run_ctx(r, "machine.cpu_model"), *ua = run_ctx(r, "machine.uarch");
	const char *cc = run_ctx(r, "slidebench.compiler");
	double bits = r->ctx ? jsonx_num(r->ctx, "slidebench.word_size_bits") : NAN;

	char t[512];

	snprintf(t, sizeof t, "%s%s%s%s, %s%s", cpu ? cpu : "unknown CPU", ua && *ua ? " (" : "",
		 ua && *ua ? ua : "", ua && *ua ? ")" : "", cc ? cc : "unknown compiler",
		 bits == 32 ? " -m32" : "");
	out_text(t, buf, len);  /* a label is shown in a table on the terminal */
}
