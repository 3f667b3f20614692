/* threads.c - the pinned thread pool (threads.h).  Between rounds the workers sleep on a
 * condition variable, so a one-thread sample taken between two multi-thread ones has the other
 * CPUs idle; a round wakes them, waits until every one is awake and spinning, then releases
 * them all with one store, so their timed windows start within a cache-line transfer of each
 * other instead of one wake-up after another. */
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench/threads.h"
#include "env/env.h"

struct worker {
	struct thread_pool *p;
	int i, cpu;
	int pinned;              /* 1 pinned, -1 failed (err says why) */
	char err[160];
};

struct thread_pool {
	int n, started;              /* threads asked for; workers made + 1 */
	pthread_mutex_t mu;
	pthread_cond_t wake, idle;
	unsigned long round;         /* bumped under mu to start a round */
	int asleep;                  /* workers back at the condition variable */
	int ending;
	thread_work_fn prep, work;
	void *arg;
	atomic_int ready;            /* workers awake and spinning this round */
	atomic_int go;               /* the round's release: the round number's low bits */
	pthread_t tid[THREADS_MAX];
	struct worker w[THREADS_MAX];
};

static inline void cpu_relax(void)
{
#if defined(__x86_64__) || defined(__i386__)
	__builtin_ia32_pause();
#elif defined(__aarch64__)
	__asm__ volatile("yield");
#endif
}

/* Sleeps until round moves past seen (or the pool ends); returns the new round, or 0. */
static unsigned long await_round(struct thread_pool *p, unsigned long seen)
{
	unsigned long r;

	pthread_mutex_lock(&p->mu);
	p->asleep++;
	pthread_cond_broadcast(&p->idle);
	while (p->round == seen && !p->ending)
		pthread_cond_wait(&p->wake, &p->mu);
	p->asleep--;
	r = p->ending ? 0 : p->round;
	pthread_mutex_unlock(&p->mu);
	return r;
}

/* Pins itself, then runs rounds until the pool ends. */
static void *worker_main(void *arg)
{
	struct worker *w = arg;
	struct thread_pool *p = w->p;
	unsigned long r = 0;

	w->pinned = env_pin_cpu(w->cpu, w->err, sizeof w->err) ? -1 : 1;
	while ((r = await_round(p, r))) {
		if (p->prep)
			p->prep(p->arg, w->i);
		atomic_fetch_add(&p->ready, 1);
		while (atomic_load_explicit(&p->go, memory_order_acquire) != (int)(r & 0x7fffffff))
			cpu_relax();
		p->work(p->arg, w->i);
	}
	return NULL;
}

/* Waits until every worker is asleep at the condition variable (a round is over). */
static void await_idle(struct thread_pool *p)
{
	pthread_mutex_lock(&p->mu);
	while (p->asleep < p->started - 1)
		pthread_cond_wait(&p->idle, &p->mu);
	pthread_mutex_unlock(&p->mu);
}

/* Ends the workers made and frees p. */
static void pool_end(struct thread_pool *p)
{
	pthread_mutex_lock(&p->mu);
	p->ending = 1;
	pthread_cond_broadcast(&p->wake);
	pthread_mutex_unlock(&p->mu);
	for (int i = 1; i < p->started; i++)
		pthread_join(p->tid[i], NULL);
	pthread_cond_destroy(&p->wake);
	pthread_cond_destroy(&p->idle);
	pthread_mutex_destroy(&p->mu);
	free(p);
}

struct thread_pool *threads_start(int n, const int *cpus, char *err, size_t errlen)
{
	struct thread_pool *p;
	int rc;

	if (n < 1 || n > THREADS_MAX) {
		snprintf(err, errlen, "%d threads: from 1 to %d", n, THREADS_MAX);
		return NULL;
	}
	if (env_pin_cpu(cpus[0], err, errlen))
		return NULL;
	if (!(p = calloc(1, sizeof *p))) {
		snprintf(err, errlen, "no memory for a pool of %d threads", n);
		return NULL;
	}
	p->n = n;
	p->started = 1;
	p->w[0].cpu = cpus[0];
	pthread_mutex_init(&p->mu, NULL);
	pthread_cond_init(&p->wake, NULL);
	pthread_cond_init(&p->idle, NULL);
	for (int i = 1; i < n; i++, p->started++) {
		p->w[i] = (struct worker){ .p = p, .i = i, .cpu = cpus[i] };
		if ((rc = pthread_create(&p->tid[i], NULL, worker_main, &p->w[i]))) {
			snprintf(err, errlen, "thread %d of %d: pthread_create: %s", i + 1, n,
				 strerror(rc));
			pool_end(p);
			return NULL;
		}
	}
	await_idle(p);
	for (int i = 1; i < n; i++)
		if (p->w[i].pinned < 0) {
			snprintf(err, errlen, "thread %d of %d: %s", i + 1, n, p->w[i].err);
			pool_end(p);
			return NULL;
		}
	return p;
}

void threads_run(struct thread_pool *p, thread_work_fn prep, thread_work_fn work, void *arg)
{
	unsigned long r;

	if (p->n == 1) {
		if (prep)
			prep(arg, 0);
		work(arg, 0);
		return;
	}
	pthread_mutex_lock(&p->mu);
	p->prep = prep;
	p->work = work;
	p->arg = arg;
	atomic_store(&p->ready, 0);
	r = ++p->round;
	pthread_cond_broadcast(&p->wake);
	pthread_mutex_unlock(&p->mu);
	if (prep)
		prep(arg, 0);
	while (atomic_load(&p->ready) < p->n - 1)
		cpu_relax();
	atomic_store_explicit(&p->go, (int)(r & 0x7fffffff), memory_order_release);
	work(arg, 0);
	await_idle(p);
}

struct thread_pool *threads_restart(const struct thread_pool *old, char *err, size_t errlen)
{
	int cpus[THREADS_MAX];

	for (int i = 0; i < old->n; i++)
		cpus[i] = old->w[i].cpu;
	return threads_start(old->n, cpus, err, errlen);
}

int threads_count(const struct thread_pool *p)
{
	return p->n;
}

void threads_stop(struct thread_pool *p)
{
	if (p)
		pool_end(p);
}
