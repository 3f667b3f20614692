/* child.h - the child processes that run a plugin's code (its probe, its trial on a run's
 * inputs, its sampling process): each dies with slidebench, dumps no core, and is waited for
 * with a time limit, past which it is killed.  A plugin's crash, hang or exit then costs only
 * that child, and the parent names the step and what happened. */
#ifndef SB_CHILD_H
#define SB_CHILD_H

#include <stddef.h>
#include <sys/types.h>

/* Forks.  In the child: killed when the parent dies (PR_SET_PDEATHSIG; it exits at once when
 * the parent is already gone), no core dump, and the fatal signals (SIGSEGV, SIGBUS, SIGFPE,
 * SIGILL, SIGABRT, SIGTRAP, SIGSYS) at their default action, so that a sanitizer's handler does
 * not turn a crash into an exit.  Returns as fork() does. */
pid_t child_fork(void);
/* Returns monotonic milliseconds. */
long long child_now_ms(void);
/* Waits for child pid until deadline (child_now_ms() milliseconds); kills it (SIGKILL) and
 * reaps it when the deadline passes first.  Returns 0 with *status set, 1 when it was killed
 * for being late, -1 when it cannot be waited for. */
int child_wait(pid_t pid, long long deadline, int *status);
/* Writes what status (from waitpid) says happened, after "STEP ": "crashed (SIGSEGV)" or
 * "ended the process (exit status N)"; buf gets "STEP crashed (SIGSEGV)".  Returns buf. */
const char *child_status_text(int status, const char *step, char *buf, size_t len);
/* Returns "SIGSEGV" and friends, or "signal N" written to buf. */
const char *child_signal_name(int sig, char *buf, size_t len);
/* Returns the time limit of a plugin's step in seconds: SLIDEBENCH_PLUGIN_TIMEOUT when it is
 * a whole number from 1 to 86400, else 60 (said once on stderr when it is set but bad). */
unsigned child_plugin_timeout(void);

#endif
