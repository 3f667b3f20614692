/* registry_guard.c - a plugin's code run in slidebench's own process (its init() and
 * unavailable(), its verification before it is timed) under handlers for the signals a crash
 * raises, and optionally a time limit: a plugin that crashes or hangs only here (its probe, in
 * a child, passed) is refused by name and the command goes on with the other kernels. */
#include <setjmp.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/time.h>

#include "registry/registry.h"
#include "util/child.h"

#define GUARD_STACK (64 * 1024)

static sigjmp_buf guard_env;
static volatile sig_atomic_t guard_sig;

/* Leaves the guarded call: back to registry_guarded's sigsetjmp. */
static void guard_handler(int sig)
{
	guard_sig = sig;
	siglongjmp(guard_env, 1);
}

int registry_guarded(const char *step, unsigned timeout_s, const char *limit_name,
		     void (*fn)(void *), void *arg, char *why, size_t len)
{
	static const int SIGS[] = { SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGALRM };
	enum { NSIG_ = sizeof SIGS / sizeof SIGS[0] };
	static char altstack[GUARD_STACK];  /* a stack overflow's SIGSEGV needs a stack */
	struct sigaction sa, old[NSIG_];
	struct itimerval limit = { { 0, 0 }, { (time_t)timeout_s, 0 } }, off = { { 0, 0 }, { 0, 0 } };
	stack_t alt = { .ss_sp = altstack, .ss_size = sizeof altstack }, old_alt;
	volatile int rc = 0;
	char sig[32];

	memset(&sa, 0, sizeof sa);
	sa.sa_handler = guard_handler;
	sa.sa_flags = SA_ONSTACK;
	sigemptyset(&sa.sa_mask);
	sigaltstack(&alt, &old_alt);
	for (size_t i = 0; i < NSIG_; i++)
		sigaction(SIGS[i], &sa, &old[i]);
	guard_sig = 0;
	if (sigsetjmp(guard_env, 1) == 0) {
		if (timeout_s)
			setitimer(ITIMER_REAL, &limit, NULL);
		fn(arg);
	} else {
		rc = -1;
	}
	setitimer(ITIMER_REAL, &off, NULL);
	for (size_t i = 0; i < NSIG_; i++)
		sigaction(SIGS[i], &old[i], NULL);
	sigaltstack(&old_alt, NULL);
	if (rc < 0 && guard_sig == SIGALRM)
		snprintf(why, len, "%s did not finish in %u s (%s)", step, timeout_s, limit_name);
	else if (rc < 0)
		snprintf(why, len, "%s crashed (%s) in slidebench's own process", step,
			 child_signal_name(guard_sig, sig, sizeof sig));
	return rc;
}
