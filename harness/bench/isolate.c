/* isolate.c - a plugin column's samples in a child process (see isolate.h). */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "bench/bench_sample.h"
#include "bench/bench_threads.h"
#include "bench/isolate.h"
#include "util/child.h"

struct iso_cmd { uint32_t wi, s; };

/* The child's exit status when it cannot start its own --threads pools (before any sample). */
#define ISO_NO_THREADS 125
struct iso_res { uint64_t ticks; double ghz; unsigned char disturbed, wrong; };

/* Returns 0 after writing or reading all n bytes of buf on fd (write when out), else -1. */
static int full_io(int fd, void *buf, size_t n, int out)
{
	for (size_t at = 0; at < n;) {
		ssize_t r = out ? write(fd, (char *)buf + at, n - at) : read(fd, (char *)buf + at, n - at);
		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0)
			return -1;
		at += (size_t)r;
	}
	return 0;
}

/* The child: serves sample requests for column ki until its command pipe closes. */
static void __attribute__((noreturn)) child_loop(struct bench *b, size_t ki, int cmd, int res)
{
	struct counters *mine = NULL;
	struct iso_cmd c;
	char err[256];

	signal(SIGINT, SIG_IGN), signal(SIGHUP, SIG_IGN), signal(SIGTERM, SIG_IGN);
	if (b->ctr) {
		/* the parent's event set counts the parent: this child opens its own, quietly
		 * (the parent has printed the notes about events it cannot count) */
		int saved = dup(STDERR_FILENO), null = open("/dev/null", O_WRONLY);
		if (null >= 0)
			dup2(null, STDERR_FILENO);
		if (counters_open(b->events, &mine, err, sizeof err) < 0)
			mine = NULL;
		if (saved >= 0)
			dup2(saved, STDERR_FILENO);
		b->ctr = mine;  /* NULL: the cells' counters stay empty */
	}
	b->stop = NULL;
	/* a fork copies this thread alone: the --threads pools' workers stayed in the parent */
	if (bench_threads_restart(b, err, sizeof err) < 0) {
		fprintf(stderr, "slidebench: kernel %s: its sampling process cannot start its "
			"threads: %s\n", b->kern[ki - 1]->k->name, err);
		_exit(ISO_NO_THREADS);
	}
	while (full_io(cmd, &c, sizeof c, 0) == 0) {
		struct cell *cell = bench_cell(b, c.wi, ki);
		struct iso_res r;
		bench_sample(b, cell, c.s);
		r = (struct iso_res){ cell->ticks[c.s], cell->ghz[c.s], cell->disturbed[c.s],
				     (unsigned char)cell->wrong };
		if (!mine)
			for (size_t e = 0; e < b->nev; e++)
				cell->ctr[c.s * b->nev + e] = -1;  /* not counted: an empty cell */
		if (full_io(res, &r, sizeof r, 1) < 0)
			break;
		if (b->nev && full_io(res, &cell->ctr[c.s * b->nev], b->nev * sizeof *cell->ctr, 1) < 0)
			break;
	}
	_exit(0);
}

/* Returns 0 after forking the child of column ki, or -1 with w->why. */
static int start(struct bench *b, struct iso_worker *w, size_t ki)
{
	int to[2], from[2];

	if (pipe2(to, O_CLOEXEC) < 0 || pipe2(from, O_CLOEXEC) < 0) {
		snprintf(w->why, sizeof w->why, "cannot start its sampling process: %s", strerror(errno));
		return -1;
	}
	w->pid = child_fork();
	if (w->pid < 0) {
		snprintf(w->why, sizeof w->why, "cannot start its sampling process: %s", strerror(errno));
		close(to[0]), close(to[1]), close(from[0]), close(from[1]);
		return -1;
	}
	if (w->pid == 0) {
		close(to[1]), close(from[0]);
		child_loop(b, ki, to[0], from[1]);
	}
	close(to[0]), close(from[1]);
	w->cmd = to[1], w->res = from[0];
	return 0;
}

/* Returns 0 after reading n bytes from fd before deadline (ms), 1 when late, -1 at EOF/error. */
static int read_by(int fd, void *buf, size_t n, long long deadline)
{
	for (size_t at = 0; at < n;) {
		struct pollfd p = { .fd = fd, .events = POLLIN };
		long long left = deadline - child_now_ms();
		if (left <= 0)
			return 1;
		int r = poll(&p, 1, left > 1000000 ? 1000000 : (int)left);
		if (r < 0 && errno == EINTR)
			continue;  /* a stop signal: the sample is finished all the same */
		if (r < 0)
			return -1;
		if (r == 0)
			continue;
		ssize_t got = read(fd, (char *)buf + at, n - at);
		if (got < 0 && errno == EINTR)
			continue;
		if (got <= 0)
			return -1;
		at += (size_t)got;
	}
	return 0;
}

/* Kills (when late) and reaps the child; writes what happened during sample s into w->why. */
static void reap(struct iso_worker *w, int late, unsigned s, double limit_s, const char *where)
{
	int status = 0;
	char what[96];

	close(w->cmd), close(w->res);
	/* not late: it has ended, or ends as its pipe closes */
	if (child_wait(w->pid, late ? 0 : child_now_ms() + 1000, &status) != 0 || late)
		snprintf(w->why, sizeof w->why, "run() did not finish sample %u (%s) within %g s "
			 "(--sample-limit)", s, where, limit_s);
	else if (WIFEXITED(status) && WEXITSTATUS(status) == ISO_NO_THREADS)
		snprintf(w->why, sizeof w->why, "its sampling process could not start its "
			 "threads (sample %u, %s)", s, where);
	else
		snprintf(w->why, sizeof w->why, "%s in sample %u (%s)",
			 child_status_text(status, "run()", what, sizeof what), s, where);
	w->pid = -1;
}

int isolate_sample(struct bench *b, struct iso_worker *w, size_t wi, size_t ki, unsigned s,
		   double limit_s)
{
	struct cell *c = bench_cell(b, wi, ki);
	struct iso_cmd cmd = { (uint32_t)wi, s };
	struct iso_res r;
	char where[128];
	long long deadline;
	int late;

	if (w->pid < 0)
		return -1;
	if (w->pid == 0 && start(b, w, ki) < 0) {
		w->pid = -1;
		return -1;
	}
	snprintf(where, sizeof where, "%s/%s", c->w->def->name, c->w->piece);
	deadline = child_now_ms() + (long long)(limit_s * 1000);
	if (full_io(w->cmd, &cmd, sizeof cmd, 1) < 0) {
		reap(w, 0, s, limit_s, where);
		return -1;
	}
	late = read_by(w->res, &r, sizeof r, deadline);
	if (!late && b->nev)
		late = read_by(w->res, &c->ctr[s * b->nev], b->nev * sizeof *c->ctr, deadline);
	if (late) {
		reap(w, late > 0, s, limit_s, where);
		return -1;
	}
	c->ticks[s] = r.ticks, c->ghz[s] = r.ghz, c->disturbed[s] = r.disturbed;
	if (r.wrong && !c->wrong)
		c->wrong = 1, c->wrong_sample = s;
	return 0;
}

void isolate_stop(struct iso_worker *w)
{
	int status;

	if (w->pid <= 0)
		return;
	close(w->cmd), close(w->res);
	kill(w->pid, SIGKILL);
	while (waitpid(w->pid, &status, 0) < 0 && errno == EINTR)
		;
	w->pid = 0;
}
