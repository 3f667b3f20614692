/* bench.c - interleaved sampling: every round takes one sample of every cell, the kernels
 * rotated (the cells set up and verified first, bench_setup.c; each sample taken by
 * bench_sample.c, a plugin's in its column's child, isolate.c). */
#include <stdio.h>
#include <stdlib.h>

#include "bench/bench.h"
#include "bench/isolate.h"
#include "sim/sim_callgrind.h"

/* Samples a plugin cell in its column's child; on failure, names what happened and fails the
 * column.  Returns 0, or 1 when the column failed now. */
static int sample_isolated(struct bench *b, size_t wi, size_t ki, unsigned s)
{
	struct iso_worker *w = &b->iso[ki];
	double limit = b->sample_limit > 0 ? b->sample_limit : ISOLATE_LIMIT_DEFAULT;

	if (isolate_sample(b, w, wi, ki, s, limit) == 0)
		return 0;
	fprintf(stderr, "slidebench: kernel %s (%s): %s: not timed further, its rows left out; "
		"the other kernels go on\n", b->kern[ki - 1]->k->name, b->kern[ki - 1]->origin,
		w->why);
	bench_fail_column(b, ki, w->why);
	return 1;
}

/* One sample of a cell, for registry_guarded. */
struct sample_call {
	struct bench *b;
	struct cell *c;
	unsigned s;
};

static void sample_call(void *arg)
{
	struct sample_call *x = arg;

	bench_sample(x->b, x->c, x->s);
}

/* Takes sample s of plugin cell c (column ki) in the --simulate child, bounded by the sample
 * limit (sim_guarded). */
static void sample_guarded(struct bench *b, struct cell *c, size_t ki, unsigned s)
{
	struct sample_call x = { b, c, s };
	double limit = b->sample_limit > 0 ? b->sample_limit : ISOLATE_LIMIT_DEFAULT;
	char step[128];

	snprintf(step, sizeof step, "its run() in sample %u (%s/%s)", s, c->w->def->name,
		 c->w->piece);
	bench_sim_guarded(b, ki, sample_call, &x, (unsigned)limit, "--sample-limit", step);
}

/* Withdraws kernel column ki when cell c's timed loop returned another checksum than the
 * reference's.  Returns 1 when it was withdrawn now, else 0. */
static int withdraw_wrong(struct bench *b, size_t ki, struct cell *c)
{
	if (!c->wrong || c->state != CELL_TIMED)
		return 0;
	fprintf(stderr, "slidebench: kernel %s: its %s/%s loop returned another checksum than the "
		"reference's in timed sample %u (after passing verification): withdrawn from the "
		"run, the other kernels go on\n", c->k->name, c->w->def->name, c->w->piece,
		c->wrong_sample);
	bench_fail_column(b, ki, "timed results differ from the reference's");
	return 1;
}

int bench_run(struct bench *b)
{
	size_t ncols = b->nk + 1;
	int failed = 0;

	unsigned ep = b->epochs > 1 ? b->epochs : 1, next_edge = 0;

	if (!b->iso && !(b->iso = calloc(ncols, sizeof *b->iso)))
		return -1;
	b->nhost = 0;
	if (b->sim_child)
		sim_instrument_start();
	for (unsigned s = 0; s < b->warmup + b->samples; s++) {
		if (b->stop && *b->stop)
			break;
		/* the host's load at the first measured round and each epoch's first round */
		if (s >= b->warmup && next_edge < ep && ep <= HOST_MAX_EPOCHS &&
		    s - b->warmup == b->samples * next_edge / ep) {
			hostload_snap(NULL, b->pinned_cpu, &b->host[b->nhost++]);
			next_edge++;
		}
		for (size_t wi = 0; wi < b->nw; wi++) {
			/* Rotate the order every round so no kernel always follows the same one. */
			for (size_t j = 0; j < ncols; j++) {
				size_t ki = (j + s) % ncols;
				struct cell *c = bench_cell(b, wi, ki);
				if (c->state != CELL_TIMED)
					continue;
				if (ki && bench_isolated(b, ki))
					failed += sample_isolated(b, wi, ki, s);
				else if (ki && b->sim_child && registry_is_plugin(b->kern[ki - 1]))
					sample_guarded(b, c, ki, s);
				else
					bench_sample(b, c, s);
				failed += withdraw_wrong(b, ki, c);
			}
		}
		b->taken = s + 1;
	}
	if (b->nhost > 0)
		hostload_snap(NULL, b->pinned_cpu, &b->host[b->nhost++]);
	for (size_t ki = 0; ki < ncols; ki++)
		isolate_stop(&b->iso[ki]);
	return failed;
}
