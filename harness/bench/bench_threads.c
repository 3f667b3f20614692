/* bench_threads.c - the pools a run's multi-threaded samples run on (bench_sample.c takes
 * them): one per thread count, each thread pinned to its own CPU, chosen from the pinned one
 * among the CPUs this process may run on and not busy with other work; and, before any of
 * them, every other instance of a kernel a thread runs checked as its instance 0 was. */
#include <stdlib.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "bench/bench_threads.h"
#include "bench/threads.h"
#include "env/cpuset.h"
#include "env/hostload.h"
#include "env/topology.h"
#include "registry/tablecopies.h"
#include "util/pages.h"

/* A CPU a thread would run on that was busier than this with other work over THREADS_BUSY_MS
 * before the pools start is not a thread's own: the thread counts that need it are not timed. */
#define THREADS_BUSY_PCT 30.0
#define THREADS_BUSY_MS 250

/* Reads how busy each usable CPU of t but the pinned one is over THREADS_BUSY_MS and marks
 * those busier than THREADS_BUSY_PCT not usable; b->threads.busy says which, the busiest
 * first ("" when none was). */
static void leave_busy(struct bench *b, struct topology *t)
{
	static struct host_cpus s0, s1;
	double top = 0;
	int busiest = -1, more = 0;

	b->threads.busy[0] = 0;
	if (hostload_cpus(NULL, &s0) < 0)
		return;
	usleep(THREADS_BUSY_MS * 1000);
	if (hostload_cpus(NULL, &s1) < 0)
		return;
	for (size_t i = 0; i < t->ncpu; i++) {
		double pct = hostload_busy_pct(&s0, &s1, t->cpu[i].cpu);
		if (!t->cpu[i].usable || t->cpu[i].cpu == b->pinned_cpu || pct <= THREADS_BUSY_PCT)
			continue;
		t->cpu[i].usable = 0;
		more += busiest >= 0;
		if (busiest < 0 || pct > top) {
			busiest = t->cpu[i].cpu;
			top = pct;
		}
	}
	if (busiest >= 0)
		snprintf(b->threads.busy, sizeof b->threads.busy, "cpu %d was %.0f%% busy with other "
			 "work%s: a thread there would share it", busiest, top,
			 more ? " (and other CPUs over 30%)" : "");
}

/* Returns the index in b->threads.pool of the pool for count, starting it (CPUs chosen from the
 * pinned one among idle's usable CPUs, its CPU list kept in b->threads.cpus) when new; -2
 * when only a CPU busy with other work (usable in t, not in idle) would make room for count;
 * -1 with err when it cannot start. */
static int pool_for(struct bench *b, const struct topology *t, const struct topology *idle,
		    unsigned count, char *err, size_t errlen)
{
	int cpus[THREADS_MAX];
	char note[256];
	size_t n = b->threads.n;

	for (size_t i = 0; i < n; i++)
		if ((unsigned)threads_count(b->threads.pool[i]) == count)
			return (int)i;
	if (n == BENCH_MAX_THREAD_COUNTS) {
		snprintf(err, errlen, "more than %d thread counts", BENCH_MAX_THREAD_COUNTS);
		return -1;
	}
	if (topo_choose(idle, (int)count, b->pinned_cpu, TOPO_CORES, cpus, note, sizeof note)) {
		if (b->threads.busy[0] &&
		    !topo_choose(t, (int)count, b->pinned_cpu, TOPO_CORES, cpus, note, sizeof note))
			return -2;
		snprintf(err, errlen, "%s", note);
		return -1;
	}
	if (!(b->threads.pool[n] = threads_start((int)count, cpus, err, errlen)))
		return -1;
	snprintf(b->threads.note[n], sizeof b->threads.note[0], "%u threads: %.200s", count, note);
	for (size_t i = 0, at = 0; i < count && at < sizeof b->threads.cpus[0] - 8; i++)
		at += (size_t)snprintf(b->threads.cpus[n] + at, sizeof b->threads.cpus[0] - at,
				       "%s%d", i ? " " : "", cpus[i]);
	b->threads.n++;
	return (int)n;
}

/* Checks the other instances of each cell's kernel (tablecopies.h: a thread's own tables) on
 * every window a thread times, against the reference's checksums, as its instance 0 was:
 * a cell with a wrong one is failed, never timed.  Returns how many cells failed so. */
static size_t verify_instances(struct bench *b)
{
	size_t failed = 0;

	for (size_t wi = 0; wi < b->nw; wi++)
		for (size_t ki = 1; ki <= b->nk; ki++) {
			struct cell *c = bench_cell(b, wi, ki);
			unsigned n = tablecopies_count(c->k);
			for (unsigned i = 1; i < n && c->state == CELL_TIMED; i++)
				for (unsigned win = 0; win < c->w->ntimed; win++)
					if (workload_pass(tablecopies_instance(c->k, i), c->w,
							  &c->win[win]) != c->w->win_expected[win]) {
						c->state = CELL_FAILED;
						c->why = "a thread's own copy of the tables gave a "
							 "wrong checksum";
						fprintf(stderr, "slidebench: kernel %s: instance %u, "
							"window %u: wrong checksum: not timed\n",
							c->k->name, i, win);
						failed++;
						break;
					}
		}
	return failed;
}

/* Leaves workload wi untimed: a CPU its threads need is busy with other work. */
static void skip_busy(struct bench *b, size_t wi)
{
	struct workload *w = &b->w[wi];

	for (size_t ki = 0; ki <= b->nk; ki++) {
		struct cell *c = bench_cell(b, wi, ki);
		if (c->state == CELL_TIMED) {
			c->state = CELL_UNAVAILABLE;
			c->why = b->threads.busy;
		}
	}
	if (wi == 0 || b->w[wi - 1].threads != w->threads)
		fprintf(stderr, "slidebench: %u threads: not timed: %s\n", w->threads,
			b->threads.busy);
}

int bench_threads_start(struct bench *b, char *err, size_t errlen)
{
	static struct topology t, idle;
	int have = 0, wrong = verify_instances(b) > 0;
	cpu_set_t allowed;

	for (size_t wi = 0; wi < b->nw; wi++) {
		struct workload *w = &b->w[wi];
		int p;
		if (workload_threads(w) < 2)
			continue;
		if (!have++) {
			topo_read(&t, NULL);
			cpuset_mask(&allowed);
			topo_restrict(&t, &allowed);
			idle = t;
			leave_busy(b, &idle);
		}
		if ((p = pool_for(b, &t, &idle, w->threads, err, errlen)) == -2) {
			skip_busy(b, wi);
			continue;
		}
		if (p < 0)
			return -1;
		w->pool = b->threads.pool[p];
		snprintf(w->cpus, sizeof w->cpus, "%s", b->threads.cpus[p]);
		for (unsigned i = 1; w->def->neighbours && i < w->threads; i++)
			if (!b->threads.noise[i]) {
				if (!(b->threads.noise[i] = page_alloc(BENCH_NOISE_BYTES))) {
					snprintf(err, errlen, "no memory for a neighbour's %u MiB",
						 BENCH_NOISE_BYTES >> 20);
					return -1;
				}
				/* written, so its pages are its own, not the one zero page */
				memset(b->threads.noise[i], 0x5a, BENCH_NOISE_BYTES);
			}
	}
	return wrong;
}

int bench_threads_restart(struct bench *b, char *err, size_t errlen)
{
	for (size_t i = 0; i < b->threads.n; i++) {
		struct thread_pool *old = b->threads.pool[i];
		if (!(b->threads.pool[i] = threads_restart(old, err, errlen)))
			return -1;
		for (size_t wi = 0; wi < b->nw; wi++)
			if (b->w[wi].pool == old)
				b->w[wi].pool = b->threads.pool[i];
	}
	return 0;
}

void bench_threads_stop(struct bench *b)
{
	for (size_t i = 0; i < b->threads.n; i++)
		threads_stop(b->threads.pool[i]);
	b->threads.n = 0;
	for (size_t i = 0; i < THREADS_MAX; i++) {
		free(b->threads.noise[i]);
		b->threads.noise[i] = NULL;
	}
	for (size_t wi = 0; wi < b->nw; wi++)
		b->w[wi].pool = NULL;
}
