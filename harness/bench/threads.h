/* threads.h - a pool of pinned threads that run one piece of work together: released by one
 * barrier, so every thread's timed window overlaps the others', as an engine's search threads
 * look up attacks at the same time. */
#ifndef SB_THREADS_H
#define SB_THREADS_H

#include <stddef.h>

#define THREADS_MAX 256

struct thread_pool;

/* The work of thread i (0 is the calling thread) of a threads_run call. */
typedef void (*thread_work_fn)(void *arg, int i);

/* Starts n - 1 workers, worker i pinned to cpus[i] (cpus[0] is the caller's, which it pins
 * too).  Returns the pool, or NULL with err saying why (a CPU that cannot be pinned, no
 * memory, no threads). */
struct thread_pool *threads_start(int n, const int *cpus, char *err, size_t errlen);
/* Runs prep(arg, i) on every thread i of the pool (untimed: may be NULL), then, once every
 * thread is done with it, work(arg, i) on all at once; returns when all are done. */
void threads_run(struct thread_pool *p, thread_work_fn prep, thread_work_fn work, void *arg);
/* In a process forked while old ran (a fork copies the calling thread alone: old's workers
 * are not there): starts a pool of old's size on old's CPUs, as threads_start does.  old is
 * left as it is (it is the parent's).  Returns the new pool, or NULL with err. */
struct thread_pool *threads_restart(const struct thread_pool *old, char *err, size_t errlen);
/* Returns the number of threads (the caller included). */
int threads_count(const struct thread_pool *p);
/* Ends the workers and frees the pool (NULL: nothing). */
void threads_stop(struct thread_pool *p);

#endif
