/* sim_callgrind.c - callgrind as a cache and branch simulator (valgrind.org/docs/manual/
 * cl-manual.html: --collect-atstart=no, CALLGRIND_TOGGLE_COLLECT, CALLGRIND_DUMP_STATS_AT,
 * the "events:" and "totals:" lines of the dump format). */
#include "sim/sim_callgrind.h"
#include "env/cpuset.h"

#include <alloca.h>
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#if defined(__has_include)
#if __has_include(<valgrind/callgrind.h>)
#include <valgrind/callgrind.h>
#define SIM_HAVE_HEADERS 1
#endif
#endif

#ifdef SIM_HAVE_HEADERS
static int sim_in_region; /* 1 between sim_region_begin and sim_region_end */
static int sim_instrumented; /* 1 once sim_instrument_start turned instrumentation on */
static int sim_marked;    /* 1 once the build marker is dumped */
#endif

#ifndef SB_CFLAGS
#define SB_CFLAGS "?"
#endif
#ifndef SB_GIT_REV
#define SB_GIT_REV "?"
#endif

/* Returns 0 after parsing one "size,assoc,line" cache description, else -1 with err. */
static int sim_cache_parse(const char *what, const char *s, long v[3], char *err, size_t errlen)
{
	char *end;
	const char *p = s;

	for (int i = 0; i < 3; i++, p = end + 1) {
		long long x = strtoll(p, &end, 10);
		if (i == 0 && strchr("KkMm", *end) && *end && x > 0 && x <= (1LL << 30))
			x <<= *end == 'K' || *end == 'k' ? 10 : 20, end++;  /* range first: fuzz_cli */
		if (end == p || x <= 0 || x > (1LL << 30) || *end != (i < 2 ? ',' : '\0')) {
			snprintf(err, errlen, "%s geometry \"%s\": want size,assoc,line (e.g. %s)",
				 what, s, what[0] == 'D' ? SIM_DEFAULT_D1 : SIM_DEFAULT_LL);
			return -1;
		}
		v[i] = (long)x;
	}
	long long way = (long long)v[1] * v[2], sets = v[0] / way;
	if (v[2] < 16 || (v[2] & (v[2] - 1)) || v[0] % way || (sets & (sets - 1)) ||
	    v[0] <= v[2]) {
		snprintf(err, errlen, "%s geometry \"%s\": line must be a power of two >= 16, "
			 "size larger than a line and size / (assoc * line) a whole power of two "
			 "(valgrind's rule)", what, s);
		return -1;
	}
	return 0;
}

int sim_geometry_parse(const char *d1, const char *ll, struct sim_geometry *g, char *err,
		       size_t errlen)
{
	long a[3], b[3];

	if (sim_cache_parse("D1", d1 ? d1 : SIM_DEFAULT_D1, a, err, errlen) < 0 ||
	    sim_cache_parse("LL", ll ? ll : SIM_DEFAULT_LL, b, err, errlen) < 0)
		return -1;
	*g = (struct sim_geometry){a[0], a[1], a[2], b[0], b[1], b[2]};
	return 0;
}

int sim_build_argv(const char *dir, const struct sim_geometry *g, const char *self_exe,
		   char *const child_args[], char **argv_out, size_t cap)
{
	static char d1[64], i1[64], ll[64], out[4096], log[4096], self[4096];
	static char *fixed[] = {"valgrind", "--quiet", "--tool=callgrind", "--cache-sim=yes",
				"--branch-sim=yes", "--instr-atstart=no", "--collect-atstart=no",
				"--dump-instr=no",
				d1, i1, ll, out, log};
	struct sim_geometry def;
	size_t n = 0, nfixed = sizeof fixed / sizeof fixed[0], nchild = 0;
	char err[8];

	while (child_args && child_args[nchild])
		nchild++;
	if (nfixed + 1 + nchild + 1 > cap)
		return -1;
	if (!g && sim_geometry_parse(NULL, NULL, &def, err, sizeof err) == 0)
		g = &def;
	snprintf(d1, sizeof d1, "--D1=%ld,%ld,%ld", g->d1_size, g->d1_assoc, g->d1_line);
	/* I1 fixed too, so results do not depend on the host's caches: 32 KiB 8-way 64 B */
	snprintf(i1, sizeof i1, "--I1=32768,8,64");
	snprintf(ll, sizeof ll, "--LL=%ld,%ld,%ld", g->ll_size, g->ll_assoc, g->ll_line);
	snprintf(out, sizeof out, "--callgrind-out-file=%s/cg.%%p", dir);
	/* valgrind's own messages (its warning about the LL it detects in a VM, a SIGILL's
	 * "unhandled instruction") go to a log the parent reads, not onto the user's terminal */
	snprintf(log, sizeof log, "--log-file=%s/valgrind.%%p.log", dir);
	for (size_t i = 0; i < nfixed; i++)
		argv_out[n++] = fixed[i];
	/* valgrind would read /proc/self/exe as its own launcher: name the file itself */
	ssize_t len = strncmp(self_exe, "/proc/", 6) ? -1 :
		      readlink(self_exe, self, sizeof self - 1);
	if (len > 0)
		self[len] = '\0';
	argv_out[n++] = len > 0 ? self : (char *)self_exe;
	for (size_t i = 0; i < nchild; i++)
		argv_out[n++] = child_args[i];
	argv_out[n] = NULL;
	return (int)n;
}

/* Returns nothing; fills env (4 entries and a NULL) with the fixed environment of the run:
 * PATH, LC_ALL=C, and VALGRIND_LIB and SLIDEBENCH_PLUGIN_TIMEOUT when set, so the caller's
 * locale and variables do not reach the child.  (Where the strings put the child's stack is
 * undone by sim_stack_aligned.) */
static void sim_fixed_env(char *env[5])
{
	static char lib[4096], limit[64];
	static char path[] = "PATH=/usr/bin:/bin", lc[] = "LC_ALL=C";
	const char *vlib = getenv("VALGRIND_LIB"), *vlim = getenv("SLIDEBENCH_PLUGIN_TIMEOUT");
	size_t n = 0;

	env[n++] = path, env[n++] = lc;
	if (vlib) {
		snprintf(lib, sizeof lib, "VALGRIND_LIB=%s", vlib);
		env[n++] = lib;
	}
	if (vlim) {
		snprintf(limit, sizeof limit, "SLIDEBENCH_PLUGIN_TIMEOUT=%.30s", vlim);
		env[n++] = limit;
	}
	env[n] = NULL;
}

int sim_stack_aligned(int (*fn)(int, char **), int argc, char **argv)
{
	volatile char here = 0;
	/* &here sits at a fixed distance from the stack pointer, which is 16-byte aligned here:
	 * the gap brings the stack pointer to the same offset within a page on every run */
	char *gap = alloca(((uintptr_t)&here & 4095) + 64);
	int rc;

	gap[0] = here;
	rc = fn(argc, argv);
	__asm__ volatile("" : : "r"(gap) : "memory"); /* keeps the gap (no tail call) */
	return rc;
}

volatile sig_atomic_t *sim_stop;

int sim_start(char *const argv[], pid_t *pid_out)
{
	char *env[5];
	int fds[2], status, child_errno = 0;
	pid_t pid;
	cpu_set_t any;

	/* not the bench's pinned CPU: passes run side by side, nothing is timed then; but only
	 * on the CPUs this process may run on (a cpuset's others are someone else's) */
	cpuset_mask(&any);
	if (pipe2(fds, O_CLOEXEC) != 0) {
		perror("slidebench: simulate: pipe");
		return -1;
	}
	sim_fixed_env(env);
	fflush(NULL);
	pid = fork();
	if (pid < 0) {
		perror("slidebench: simulate: fork");
		close(fds[0]), close(fds[1]);
		return -1;
	}
	if (pid == 0) {
		close(fds[0]);
		prctl(PR_SET_PDEATHSIG, SIGKILL); /* valgrind never outlives the bench */
		if (getppid() == 1)
			_exit(127);
		(void)sched_setaffinity(0, sizeof any, &any);
		execvpe(argv[0], argv, env);
		child_errno = errno;
		ssize_t w = write(fds[1], &child_errno, sizeof child_errno);
		_exit(w < 0 ? 126 : 127);
	}
	close(fds[1]);
	if (read(fds[0], &child_errno, sizeof child_errno) != (ssize_t)sizeof child_errno)
		child_errno = 0; /* the pipe closed on a successful exec */
	close(fds[0]);
	if (child_errno) {
		while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
			;
		if (child_errno == ENOENT)
			fprintf(stderr, "slidebench: %s not found: install valgrind\n", argv[0]);
		else
			fprintf(stderr, "slidebench: cannot run %s: %s\n", argv[0],
				strerror(child_errno));
		return -1;
	}
	*pid_out = pid;
	return 0;
}

int sim_finish(pid_t pid)
{
	int status;

	if (sim_stop && *sim_stop)
		kill(pid, SIGKILL); /* stopped while an earlier run side by side was waited for */
	while (waitpid(pid, &status, 0) < 0)
		if (errno == EINTR && sim_stop && *sim_stop)
			kill(pid, SIGKILL); /* interrupted: the timing results are written without it */
		else if (errno != EINTR) {
			perror("slidebench: simulate: waitpid");
			return -1;
		}
	return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

int sim_run(char *const argv[])
{
	pid_t pid;

	return sim_start(argv, &pid) < 0 ? -1 : sim_finish(pid);
}

int sim_under_valgrind(void)
{
#ifdef SIM_HAVE_HEADERS
	return RUNNING_ON_VALGRIND ? 1 : 0;
#else
	return 0;
#endif
}

void sim_instrument_start(void)
{
#ifdef SIM_HAVE_HEADERS
	if (!sim_instrumented && RUNNING_ON_VALGRIND) {
		sim_instrumented = 1;
		CALLGRIND_START_INSTRUMENTATION;
	}
#endif
}

void sim_region_begin(void)
{
#ifdef SIM_HAVE_HEADERS
	if (!sim_in_region && RUNNING_ON_VALGRIND) {
		sim_instrument_start();  /* a caller that did not (bench turns it on earlier) */
		if (!sim_marked) { /* tells the parent which build ran (collection is off: empty) */
			sim_marked = 1;
			CALLGRIND_DUMP_STATS_AT(SIM_BUILD_MARK SB_CFLAGS "|" SB_GIT_REV);
		}
		sim_in_region = 1;
		CALLGRIND_TOGGLE_COLLECT;
	}
#endif
}

void sim_region_end(const char *label)
{
#ifdef SIM_HAVE_HEADERS
	if (sim_in_region) {
		CALLGRIND_TOGGLE_COLLECT;
		sim_in_region = 0;
		CALLGRIND_DUMP_STATS_AT(label);
	}
#else
	(void)label;
#endif
}

int sim_available(char *why, size_t whylen)
{
#ifndef SIM_HAVE_HEADERS
	snprintf(why, whylen, "valgrind headers missing (valgrind/callgrind.h): "
		 "rebuild with valgrind installed");
	return 0;
#else
	char path[4096], exe[4200], *save = NULL;

	snprintf(path, sizeof path, "%s", getenv("PATH") ? getenv("PATH") : "/usr/bin:/bin");
	for (char *d = strtok_r(path, ":", &save); d; d = strtok_r(NULL, ":", &save)) {
		snprintf(exe, sizeof exe, "%s/valgrind", d);
		if (access(exe, X_OK) == 0)
			return 1;
	}
	snprintf(why, whylen, "valgrind not found on PATH: install valgrind");
	return 0;
#endif
}
