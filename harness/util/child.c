/* child.c - children that run a plugin's code (see child.h). */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "util/child.h"

#define TIMEOUT_DEFAULT 60
#define TIMEOUT_MAX 86400

pid_t child_fork(void)
{
	static const int FATAL[] = { SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT, SIGTRAP, SIGSYS };
	const struct rlimit no_core = { 0, 0 };
	pid_t parent = getpid(), pid;

	fflush(NULL);  /* nothing buffered is written twice */
	if ((pid = fork()) != 0)
		return pid;
	prctl(PR_SET_PDEATHSIG, SIGKILL);  /* never outlives slidebench */
	if (getppid() != parent)
		_exit(0);  /* the parent died before the line above */
	setrlimit(RLIMIT_CORE, &no_core);
	for (size_t i = 0; i < sizeof FATAL / sizeof FATAL[0]; i++)
		signal(FATAL[i], SIG_DFL);
	return 0;
}

long long child_now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

int child_wait(pid_t pid, long long deadline, int *status)
{
	long nap_us = 500;

	for (;;) {
		pid_t r = waitpid(pid, status, WNOHANG);
		if (r == pid)
			return 0;
		if (r < 0 && errno != EINTR)
			return -1;
		if (child_now_ms() >= deadline)
			break;
		/* short naps first: most children end within milliseconds */
		struct timespec ts = { 0, nap_us * 1000 };
		nanosleep(&ts, NULL);
		nap_us = nap_us < 20000 ? nap_us * 2 : 20000;
	}
	kill(pid, SIGKILL);
	while (waitpid(pid, status, 0) < 0 && errno == EINTR)
		;
	return 1;
}

const char *child_signal_name(int sig, char *buf, size_t len)
{
	const char *abbrev = sigabbrev_np(sig);

	if (abbrev)
		snprintf(buf, len, "SIG%s", abbrev);
	else
		snprintf(buf, len, "signal %d", sig);
	return buf;
}

const char *child_status_text(int status, const char *step, char *buf, size_t len)
{
	char sig[32];

	if (WIFSIGNALED(status))
		snprintf(buf, len, "%s crashed (%s)", step,
			 child_signal_name(WTERMSIG(status), sig, sizeof sig));
	else
		snprintf(buf, len, "%s ended the process (exit status %d)", step,
			 WIFEXITED(status) ? WEXITSTATUS(status) : -1);
	return buf;
}

unsigned child_plugin_timeout(void)
{
	static int said;
	const char *s = getenv("SLIDEBENCH_PLUGIN_TIMEOUT");
	char *end;
	long v;

	if (!s || !*s)
		return TIMEOUT_DEFAULT;
	v = strtol(s, &end, 10);
	if (*end || v < 1 || v > TIMEOUT_MAX || *s < '0' || *s > '9') {
		if (!said++)
			fprintf(stderr, "slidebench: SLIDEBENCH_PLUGIN_TIMEOUT=\"%s\" is not a whole "
				"number of seconds from 1 to %d; using %d\n", s, TIMEOUT_MAX,
				TIMEOUT_DEFAULT);
		return TIMEOUT_DEFAULT;
	}
	return (unsigned)v;
}
