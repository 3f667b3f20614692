/* cmd_bench_signals.c - what SIGINT, SIGTERM and SIGHUP do to `slidebench bench`: during
 * setup and verification, end the process with nothing written; while sampling, finish the
 * round and write the complete ones (see cmd_bench.h). */
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <unistd.h>

#include "cli/cmd_bench.h"
#include "sim/sim_bench.h"

volatile sig_atomic_t bench_stop_flag;

/* SIGINT, SIGTERM and SIGHUP: finish the current round, write the complete ones. */
static void on_stop_signal(int sig)
{
	bench_stop_flag = sig;
}

/* Until the sampling starts nothing is written: a stop signal during setup and verification
 * (a kernel's init() or a long verification) ends the process at once, its empty work
 * directory removed (async-signal-safe calls only); a lock left behind is released by the
 * kernel with the process, and the next run removes what it finds. */
static char setup_work_dir[PATH_MAX];

static void on_setup_signal(int sig)
{
	static const char msg[] = "slidebench: interrupted during setup or verification: "
				  "nothing written\n";
	ssize_t w = write(STDERR_FILENO, msg, sizeof msg - 1);

	(void)w;
	if (setup_work_dir[0])
		rmdir(setup_work_dir);
	signal(sig, SIG_DFL);
	raise(sig);
}

void bench_setup_signals(const char *work_dir)
{
	static const int SIGS[] = { SIGINT, SIGTERM, SIGHUP };
	struct sigaction sa = { .sa_handler = on_setup_signal };

	snprintf(setup_work_dir, sizeof setup_work_dir, "%s", work_dir ? work_dir : "");
	sigemptyset(&sa.sa_mask);
	for (size_t i = 0; i < sizeof SIGS / sizeof SIGS[0]; i++)
		sigaction(SIGS[i], &sa, NULL);
}

void bench_stop_signals(int on)
{
	static const int SIGS[] = { SIGINT, SIGTERM, SIGHUP };
	struct sigaction sa = { .sa_handler = on ? on_stop_signal : SIG_DFL };

	sigemptyset(&sa.sa_mask);
	for (size_t i = 0; i < sizeof SIGS / sizeof SIGS[0]; i++)
		sigaction(SIGS[i], &sa, NULL);
	sim_stop = on ? &bench_stop_flag : NULL;
}
