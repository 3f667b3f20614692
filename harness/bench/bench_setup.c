/* bench_setup.c - before any sample: the cells allocated, each kernel's prepare() run and the
 * verification gate (the reference's checksums, then every kernel's queries and loop checksums
 * against them, a plugin's in a trial child first); and the cells freed after the run. */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "bench/bench_setup.h"
#include "bench/bench_verify.h"
#include "bench/null_kernel.h"
#include "bench/perft.h"
#include "bench/search.h"
#include "sim/sim_bench.h"
#include "registry/verify.h"
#include "util/child.h"
#include "util/pages.h"

void bench_fail_column(struct bench *b, size_t ki, const char *why)
{
	for (size_t wi = 0; wi < b->nw; wi++) {
		struct cell *c = bench_cell(b, wi, ki);
		if (c->state == CELL_TIMED) {
			c->state = CELL_FAILED;
			c->why = why;
		}
	}
}

/* Cuts w's windows into c (the kernel's own copy of each input).  Returns 0 or -1. */
static int cell_windows(struct cell *c)
{
	c->win = calloc(c->w->nwin, sizeof *c->win);
	if (!c->win)
		return -1;
	for (unsigned i = 0; i < c->w->nwin; i++) {
		c->win[i] = workload_window(c->w, &c->w->in, i);
		if (c->k->abi_version < 5)  /* its peer-random loop reads q.occ: touched so */
			c->win[i].group_occ = NULL;
	}
	return 0;
}

/* Runs k's prepare() on every window of c.  Returns 0 or -1. */
static int cell_prepare(struct cell *c)
{
	for (unsigned i = 0; i < c->w->nwin; i++)
		if (c->k->prepare(&c->win[i]) < 0) {
			for (unsigned j = 0; j < i; j++)
				c->k->release(&c->win[j]);
			return -1;
		}
	c->prepared = 1;
	return 0;
}

int bench_isolated(const struct bench *b, size_t ki)
{
	const struct kentry *e = b->kern[ki - 1];

	return !b->sim_child && strcmp(e->origin, "built-in") && registry_find(e->k->name) == e;
}

/* Runs column ki's prepare() and verification of every workload in a child process first (a
 * plugin's: its code on the run's own inputs, which the probe never saw), so that a crash, an
 * exit or a hang there (past SLIDEBENCH_PLUGIN_TIMEOUT) costs only that plugin.  Returns 0
 * when the child ran them to the end (pass or fail: the parent then runs them again and
 * reports), -2 when it was late, else -1, with why set. */
static int trial_column(struct bench *b, size_t ki, char *why, size_t len)
{
	static const char STEP[] = "its preparation or verification on the run's inputs";
	unsigned limit = child_plugin_timeout();
	int status, late;
	pid_t pid;

	if ((pid = child_fork()) < 0)
		return snprintf(why, len, "cannot start its trial process"), -1;
	if (pid == 0) {
		if (!freopen("/dev/null", "w", stderr))
			_exit(0);
		signal(SIGINT, SIG_IGN), signal(SIGHUP, SIG_IGN), signal(SIGTERM, SIG_IGN);
		for (size_t wi = 0; wi < b->nw; wi++) {
			struct cell *c = bench_cell(b, wi, ki);
			if (c->state == CELL_TIMED &&
			    ((c->k->prepare && cell_prepare(c) < 0) || bench_verify_cell(c) < 0))
				_exit(0);
		}
		_exit(0);
	}
	late = child_wait(pid, child_now_ms() + 1000LL * limit, &status);
	if (late < 0)
		return snprintf(why, len, "its trial process was lost"), -1;
	if (late)
		return snprintf(why, len, "%s did not finish in %u s (SLIDEBENCH_PLUGIN_TIMEOUT)",
				STEP, limit), -2;
	if (WIFSIGNALED(status) || !WIFEXITED(status) || WEXITSTATUS(status))
		return child_status_text(status, STEP, why, len), -1;
	return 0;
}

/* Sets up workload wi of b against the reference ref: its timed windows, the reference's
 * checksum of each, its answers (once per query set) and perft counts.  Returns 0 or -1. */
static int setup_workload(struct bench *b, size_t wi, const struct kentry *ref)
{
	struct workload *w = &b->w[wi];
	struct sb_queries tq;

	/* only the windows some sample times are checked (a study's blocks time 4 of up to
	 * 13): a window no sample times is never timed, so it needs no check */
	workload_set_timed(w, b->warmup + b->samples);
	tq = workload_timed_queries(w);
	/* the peer-random loop reads each group's occupancy from group_occ, the per-query
	 * checks from q.occ: the loop is verified on the checked queries only if they agree */
	for (size_t g = 0; w->in.group_occ && g < tq.n / SB_PEER_GROUP; g++)
		if (w->in.group_occ[g] != tq.occ[g * SB_PEER_GROUP]) {
			fprintf(stderr, "slidebench: peer-random input: group %zu's occupancy differs "
				"from its queries'\n", g);
			return -1;
		}
	for (unsigned i = 0; i < w->ntimed; i++) {
		struct sb_input in = workload_window(w, &w->in, i);
		w->win_expected[i] = workload_pass(ref->k, w, &in);
	}
	/* the reference's answers once, not again for every kernel (nor for each mode of the
	 * same queries) */
	if ((w->twin = bench_twin_of(b, wi)) >= 0)
		w->want = b->w[w->twin].want;
	if (w->def->check_queries && !w->want && !(w->want = verify_answers(w->vpiece, &tq)))
		return -1;
	if (w->loop == SB_LOOP_PERFT && !w->perft_want) {
		if (!(w->perft_want = calloc(w->in.nperft + 1, sizeof *w->perft_want)))
			return -1;
		perft_run(ref->k, w->in.perft, w->in.nperft, w->in.depth, w->in.bulk,
			  w->perft_want);
	}
	if (w->loop == SB_LOOP_SEARCH && !w->perft_want) {
		struct sb_input in = w->in;
		w->perft_want = calloc(w->in.nperft + 1, sizeof *w->perft_want);
		w->best_want = calloc(w->in.nperft + 1, sizeof *w->best_want);
		if (!w->perft_want || !w->best_want)
			return -1;
		in.nodes = w->perft_want;
		in.best = w->best_want;
		search_run(ref->k, &in);
	}
	return 0;
}

/* Sets up cell (wi, ki): its kernel (column 0: the null), windows and sample arrays; the
 * null's cell of a loop timed whole is unavailable, and so is a kernel's cell of a loop its
 * ABI version lacks (registry_loop_missing).  Returns 0 or -1. */
static int setup_cell(struct bench *b, size_t wi, size_t ki)
{
	size_t total = b->warmup + b->samples;
	struct workload *w = &b->w[wi];
	struct cell *c = bench_cell(b, wi, ki);

	c->k = ki ? b->kern[ki - 1]->k : &sb_null_kernel;
	c->w = w;
	if (cell_windows(c) < 0)
		return -1;
	c->ticks = calloc(total, sizeof *c->ticks);
	c->ctr = calloc(total * (b->nev ? b->nev : 1), sizeof *c->ctr);
	c->ghz = calloc(total, sizeof *c->ghz);
	c->disturbed = calloc(total, 1);
	if (!c->ticks || !c->ctr || !c->ghz || !c->disturbed)
		return -1;
	if (ki && (c->why = registry_loop_missing(c->k, w->loop))) {
		c->state = CELL_UNAVAILABLE;  /* a plugin of an older ABI: that mode is not run */
	} else if (!ki && w->loop == SB_LOOP_PERFT) {
		c->state = CELL_UNAVAILABLE;  /* its tree would be another tree */
		c->why = "perft is timed whole, no baseline";
	} else if (!ki && w->loop == SB_LOOP_SEARCH) {
		c->state = CELL_UNAVAILABLE;  /* its tree would be another tree */
		c->why = "search is timed whole, no baseline";
	} else if (!ki && (w->loop == SB_LOOP_PEER || w->loop == SB_LOOP_PEER_RANDOM)) {
		/* The peer's figure is the whole loop's.  Ours keeps a lookup from moving out
		 * of the loop with a compiler barrier per lookup; alone in the empty loop those
		 * cost 0.45 ns a lookup on Zen 5, beside a lookup they overlap its work, so the
		 * null's time is not in the kernel's and subtracting it made net times too small
		 * (and their ratios too wide). */
		c->state = CELL_UNAVAILABLE;
		c->why = "the peer loops are timed whole, like the peer's, no baseline";
	}
	return 0;
}

/* Runs prepare() and the verification of kernel column ki on every workload; a kernel that
 * fails either is not timed.  Returns 1 when the column failed, else 0. */
static int check_column(struct bench *b, size_t ki)
{
	struct kentry *e = b->kern[ki - 1];

	for (size_t wi = 0; wi < b->nw; wi++) {
		struct cell *c = bench_cell(b, wi, ki);
		if (c->state != CELL_TIMED) {
			if (wi == 0 || bench_cell(b, wi - 1, ki)->w->def != c->w->def)
				fprintf(stderr, "slidebench: kernel %s (%s): %s mode unavailable: %s\n",
					e->k->name, e->origin, c->w->def->name, c->why);
			continue;
		}
		if (c->k->prepare && cell_prepare(c) < 0) {
			fprintf(stderr, "slidebench: kernel %s: prepare() failed for %s/%s: not "
				"timed\n", c->k->name, c->w->def->name, c->w->piece);
			bench_fail_column(b, ki, "prepare() failed");
			return 1;
		}
		if (bench_verify_cell(c) < 0) {
			bench_fail_column(b, ki, "verification failed");
			return 1;
		}
	}
	return 0;
}

/* check_column's arguments and result, for registry_guarded. */
struct column_call {
	struct bench *b;
	size_t ki;
	int failed;
};

static void column_call(void *arg)
{
	struct column_call *c = arg;

	c->failed = check_column(c->b, c->ki);
}

int bench_sim_guarded(struct bench *b, size_t ki, void (*fn)(void *), void *arg,
		      unsigned limit_s, const char *limit_name, const char *step)
{
	char why[REGISTRY_WHY_MAX];

	if (registry_guarded(step, limit_s, limit_name, fn, arg, why, sizeof why) == 0)
		return 0;
	sim_child_note(b->sim_notes, b->kern[ki - 1]->origin, why);
	bench_fail_column(b, ki, "lost under valgrind");
	return 1;
}

/* Prepares and verifies kernel column ki on every workload (a plugin's first in a trial
 * child, then here under registry_guarded); a kernel that is unavailable, crashes, fails
 * prepare() or verification is not timed.  Returns 1 when the column failed, else 0. */
static int setup_column(struct bench *b, size_t ki)
{
	struct kentry *e = b->kern[ki - 1];
	struct column_call call = { b, ki, 0 };
	int rc;

	if (registry_prepare(e) < 0) {
		/* unavailable here (needs BMI2): not a failure; init() failed: refused */
		for (size_t wi = 0; wi < b->nw; wi++) {
			bench_cell(b, wi, ki)->state = e->refused ? CELL_FAILED : CELL_UNAVAILABLE;
			bench_cell(b, wi, ki)->why = e->why_not;
		}
		fprintf(stderr, "slidebench: kernel %s not run: %s\n", e->k->name, e->why_not);
		return e->refused;
	}
	if (b->sim_child && registry_is_plugin(e))  /* lost here: noted, not a failure */
		return bench_sim_guarded(b, ki, column_call, &call, child_plugin_timeout(),
				   "SLIDEBENCH_PLUGIN_TIMEOUT",
				   "its preparation or verification on the run's inputs") ? 0 :
		       call.failed;
	if (!bench_isolated(b, ki))
		return check_column(b, ki);
	/* the trial first; then the same here, where a crash it did not see is caught too */
	if ((rc = trial_column(b, ki, b->trial_why, sizeof b->trial_why)) < 0 ||
	    registry_guarded("its preparation or verification on the run's inputs", 0, NULL,
			     column_call, &call, b->trial_why, sizeof b->trial_why) < 0) {
		fprintf(stderr, "slidebench: kernel %s (%s): %s: not timed, the other kernels go "
			"on\n", e->k->name, e->origin, b->trial_why);
		bench_fail_column(b, ki, rc == -2 ? "hung in preparation or verification" :
			    "crashed in preparation or verification");
		return 1;
	}
	return call.failed;
}

int bench_setup(struct bench *b)
{
	size_t ncols = b->nk + 1;
	struct kentry *ref = registry_find(SB_ORACLE);
	int failed = 0;

	if (!ref || registry_prepare(ref) < 0) {
		fprintf(stderr, "slidebench: the reference kernel is missing or cannot run\n");
		return -1;
	}
	b->cells = page_alloc(b->nw * ncols * sizeof *b->cells);
	if (!b->cells)
		return -1;
	for (size_t wi = 0; wi < b->nw; wi++) {
		if (setup_workload(b, wi, ref) < 0)
			return -1;
		for (size_t ki = 0; ki < ncols; ki++)
			if (setup_cell(b, wi, ki) < 0)
				return -1;
	}
	for (size_t ki = 1; ki < ncols; ki++)
		failed += setup_column(b, ki);
	return failed;
}

size_t bench_verified(const struct bench *b)
{
	size_t n = 0;

	for (size_t ki = 1; ki <= b->nk; ki++) {
		int timed = 0, failed = 0;
		for (size_t wi = 0; wi < b->nw; wi++) {
			enum cell_state st = bench_cell((struct bench *)b, wi, ki)->state;
			timed |= st == CELL_TIMED;
			failed |= st == CELL_FAILED;
		}
		n += (size_t)(timed && !failed);  /* a mode its ABI lacks is no failure */
	}
	return n;
}

void bench_free(struct bench *b)
{
	if (!b->cells)
		return;
	free(b->evict);
	b->evict = NULL;
	for (size_t i = 0; i < b->nw * (b->nk + 1); i++) {
		struct cell *c = &b->cells[i];
		for (unsigned j = 0; c->win && j < c->w->nwin; j++)
			if (c->prepared && c->k->release)
				c->k->release(&c->win[j]);
		free(c->win);
		free(c->ticks);
		free(c->ctr);
		free(c->ghz);
		free(c->disturbed);
		free(c->roots);
	}
	free(b->cells);
	b->cells = NULL;
	for (size_t wi = 0; wi < b->nw; wi++) {
		if (b->w[wi].twin < 0)
			free(b->w[wi].want);
		b->w[wi].want = NULL;
		free(b->w[wi].perft_want);
		b->w[wi].perft_want = NULL;
		free(b->w[wi].best_want);
		b->w[wi].best_want = NULL;
	}
	free(b->iso);
	b->iso = NULL;
}
