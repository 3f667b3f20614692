/* isolate.h - a plugin's samples taken in a child process of its own (one per plugin column,
 * forked after verification), so that its crash, hang or exit takes only its own column: the
 * parent names what happened and the other kernels' rounds go on.  In-tree kernels are timed
 * in-process as before, at no added cost; the child times a plugin the same way (the timer is
 * read inside it), the figures cross a pipe after the sample.  With --threads the child starts
 * pools of its own on the parent's CPUs (bench_threads_restart): the plugin's threads run
 * there, on windows prepared before the fork, as the in-tree kernels' run in slidebench. */
#ifndef SB_ISOLATE_H
#define SB_ISOLATE_H

#include <stddef.h>
#include <sys/types.h>

struct bench;

#define ISOLATE_LIMIT_DEFAULT 60.0 /* seconds per sample (bench --sample-limit) */

struct iso_worker {
	pid_t pid;         /* 0: not started; -1: gone (its column failed) */
	int cmd, res;      /* pipes to and from the child */
	char why[192];     /* what happened, once it failed */
};

/* Takes sample s of cell (wi, ki) in the column's child, started on first use.  Returns 0, or
 * -1 with w->why set (the child crashed, hung past limit_s, exited or could not start). */
int isolate_sample(struct bench *b, struct iso_worker *w, size_t wi, size_t ki, unsigned s,
		   double limit_s);
/* Stops the child (when running) and waits for it. */
void isolate_stop(struct iso_worker *w);

#endif
