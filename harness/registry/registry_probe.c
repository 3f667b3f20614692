/* registry_probe.c - a plugin's first run happens in a child process.  The child loads the
 * plugin, calls unavailable() and init(), runs a first batch of lookups and every loop, its
 * perft loop on the start position and the exhaustive verification; it reports each step
 * through a pipe.  A plugin that crashes or hangs in any of them takes
 * only the child down: the parent names the step and the signal (or the time limit), and the
 * plugin is refused while the other kernels run.  Only a plugin that passed is loaded here. */
#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <fcntl.h>
#include <time.h>
#include <unistd.h>

#include "registry/registry.h"
#include "registry/verify.h"

#define PROBE_TIMEOUT_DEFAULT 60
#define PROBE_TIMEOUT_MAX 86400
#define PROBE_QUERIES 64
#define PROBE_POSITIONS 16
#define REPORT_MAX 1024

/* The child's report is a sequence of tagged, NUL-terminated strings. */
enum tag { TAG_STEP = 'S', TAG_NAME = 'N', TAG_REFUSED = 'R', TAG_DONE = 'D' };
enum step { STEP_LOAD, STEP_UNAVAILABLE, STEP_INIT, STEP_LOOKUPS, STEP_PERFT, STEP_VERIFY,
	    STEP_COUNT };

static const char *const STEP_NAME[STEP_COUNT] = {
	"loading it (dlopen)", "unavailable()", "init()", "its first lookups and loops",
	"its perft loop (the start position, depth 3)",
	"the verification (every relevant occupancy of every square)" };

/* Returns "SIGSEGV" and friends, or "signal N" (in buf). */
static const char *signal_name(int sig, char *buf, size_t len)
{
	static const struct { int sig; const char *name; } NAMES[] = {
		{ SIGSEGV, "SIGSEGV" }, { SIGBUS, "SIGBUS" }, { SIGFPE, "SIGFPE" },
		{ SIGILL, "SIGILL" }, { SIGABRT, "SIGABRT" }, { SIGTRAP, "SIGTRAP" },
		{ SIGKILL, "SIGKILL" }, { SIGTERM, "SIGTERM" }, { SIGALRM, "SIGALRM" },
		{ SIGSYS, "SIGSYS" }, { SIGPIPE, "SIGPIPE" }, { SIGXCPU, "SIGXCPU" } };

	for (size_t i = 0; i < sizeof NAMES / sizeof NAMES[0]; i++)
		if (NAMES[i].sig == sig)
			return NAMES[i].name;
	snprintf(buf, len, "signal %d", sig);
	return buf;
}

/* Returns the time limit in seconds: SLIDEBENCH_PLUGIN_TIMEOUT when it is a whole number from
 * 1 to PROBE_TIMEOUT_MAX, else the default. */
static unsigned probe_timeout(void)
{
	const char *s = getenv("SLIDEBENCH_PLUGIN_TIMEOUT");
	char *end;
	long v;

	if (!s || !*s)
		return PROBE_TIMEOUT_DEFAULT;
	v = strtol(s, &end, 10);
	if (*end || v < 1 || v > PROBE_TIMEOUT_MAX) {
		fprintf(stderr, "slidebench: SLIDEBENCH_PLUGIN_TIMEOUT=\"%s\" is not a whole number of "
			"seconds from 1 to %d; using %d\n", s, PROBE_TIMEOUT_MAX, PROBE_TIMEOUT_DEFAULT);
		return PROBE_TIMEOUT_DEFAULT;
	}
	return (unsigned)v;
}

/* Writes one tagged string to fd (the child's side of the pipe). */
static void tell(int fd, int tag, const char *text)
{
	char buf[REPORT_MAX];
	int n = snprintf(buf, sizeof buf, "%c%s", tag, text);
	size_t len = (size_t)(n < 0 ? 0 : n >= (int)sizeof buf ? (int)sizeof buf - 1 : n) + 1;

	for (size_t at = 0; at < len;) {
		ssize_t w = write(fd, buf + at, len - at);
		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			return;
		at += (size_t)w;
	}
}

static volatile uint64_t probe_sink;

/* Runs k's lookups on every square and each loop its ABI version has once on small made-up
 * inputs. */
static void first_lookups(const struct sb_kernel *k)
{
	static uint64_t occ[PROBE_QUERIES];
	static uint8_t sq[PROBE_QUERIES];
	static struct sb_pos pos[PROBE_POSITIONS];
	uint64_t x = 0x9e3779b97f4a7c15ULL, sink = 0;
	struct sb_input in = { .q = { occ, sq, PROBE_QUERIES }, .pos = pos,
			       .npos = PROBE_POSITIONS };

	for (unsigned i = 0; i < PROBE_QUERIES; i++) {
		x ^= x << 13, x ^= x >> 7, x ^= x << 17;
		sq[i] = (uint8_t)i;
		occ[i] = (x & x >> 3) | 1ULL << i;
		sink ^= k->rook(i, occ[i]) ^ k->bishop(i, occ[i]);
	}
	for (unsigned i = 0; i < PROBE_POSITIONS; i++) {
		uint64_t o = occ[i];
		pos[i] = (struct sb_pos){ .occ = o, .rq = { o & 0x81, o & 0x8100000000000000ULL },
					  .bq = { o & 0x24, o & 0x2400000000000000ULL } };
	}
	if (k->prepare && k->prepare(&in) < 0)
		return;  /* bench reports a failing prepare() itself */
	for (int l = 0; l < SB_LOOP_COUNT; l++)
		if (!registry_loop_missing(k, (enum sb_loop)l))
			sink ^= k->run((enum sb_loop)l, &in);
	if (k->release)
		k->release(&in);
	probe_sink = sink;
}

/* Runs k's perft loop from the start position to depth 3 (bulk-counted): perft calls the
 * lookups on positions no made-up input reaches, and bench times it in its main sweep. */
static void first_perft(const struct sb_kernel *k)
{
	static const struct sb_perft_pos START = {
		.side = { 0xFFFFULL, 0xFFFFULL << 48 },
		.kind = { [SB_P_PAWN] = 0xFF00ULL | 0xFFULL << 48,
			  [SB_P_KNIGHT] = 0x42ULL | 0x42ULL << 56,
			  [SB_P_BISHOP] = 0x24ULL | 0x24ULL << 56,
			  [SB_P_ROOK] = 0x81ULL | 0x81ULL << 56,
			  [SB_P_QUEEN] = 0x08ULL | 0x08ULL << 56,
			  [SB_P_KING] = 0x10ULL | 0x10ULL << 56 },
		.castle = SB_PC_WK | SB_PC_WQ | SB_PC_BK | SB_PC_BQ };
	struct sb_input in = { .perft = &START, .nperft = 1, .depth = 3, .bulk = 1 };

	if (!registry_loop_missing(k, SB_LOOP_PERFT))
		probe_sink ^= k->run(SB_LOOP_PERFT, &in);
}

/* The child: runs each step of the plugin at path, telling fd; never returns. */
static void probe_child(int fd, const char *path) __attribute__((noreturn));
static void probe_child(int fd, const char *path)
{
	static const int FATAL[] = { SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT, SIGTRAP, SIGSYS };
	const struct rlimit no_core = { 0, 0 };
	static struct sb_kernel desc;
	const struct sb_kernel *k = &desc;
	char why[REGISTRY_WHY_MAX], name[64] = "";
	void *h;
	int null, rc;

	prctl(PR_SET_PDEATHSIG, SIGKILL);
	setrlimit(RLIMIT_CORE, &no_core);
	for (size_t i = 0; i < sizeof FATAL / sizeof FATAL[0]; i++)
		signal(FATAL[i], SIG_DFL);  /* a sanitizer's handler would turn a crash into exit 1 */
	null = open("/dev/null", O_WRONLY);
	if (null >= 0)
		dup2(null, STDOUT_FILENO);  /* the parent prints the listing, not the child */
	tell(fd, TAG_STEP, "0");
	if (registry_open_plugin(path, &h, &desc, name, sizeof name, why, sizeof why) < 0) {
		if (name[0])
			tell(fd, TAG_NAME, name);
		tell(fd, TAG_REFUSED, why);
		_exit(0);
	}
	tell(fd, TAG_NAME, k->name);
	tell(fd, TAG_STEP, "1");
	if (!k->unavailable || !k->unavailable()) {
		tell(fd, TAG_STEP, "2");
		if (k->init && (rc = k->init()) != 0) {
			snprintf(why, sizeof why, "init() failed (returned %d)", rc);
			tell(fd, TAG_REFUSED, why);
			_exit(0);
		}
		tell(fd, TAG_STEP, "3");
		first_lookups(k);
		tell(fd, TAG_STEP, "4");
		first_perft(k);
		/* a crash here costs only the child; a mismatch is bench's and verify's to report */
		tell(fd, TAG_STEP, "5");
		struct verify_result res;
		verify_exhaustive(k, 64, NULL, &res);
	}
	tell(fd, TAG_DONE, "");
	_exit(0);
}

/* Returns milliseconds on the monotonic clock. */
static long long now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* Reads the child's report from fd into buf (cap bytes, the rest dropped) until EOF or the
 * deadline; returns 0 at EOF or -1 when the deadline passed first.  *len: bytes kept. */
static int read_report(int fd, char *buf, size_t cap, size_t *len, long long deadline)
{
	char scratch[256];

	*len = 0;
	for (;;) {
		long long left = deadline - now_ms();
		struct pollfd p = { .fd = fd, .events = POLLIN };
		if (left <= 0)
			return -1;
		int r = poll(&p, 1, left > 60000 ? 60000 : (int)left);
		if (r < 0 && errno != EINTR)
			return 0;
		if (r <= 0)
			continue;
		char *to = *len < cap ? buf + *len : scratch;
		ssize_t n = read(fd, to, *len < cap ? cap - *len : sizeof scratch);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return 0;
		if (to != scratch)
			*len += (size_t)n;
	}
}

int registry_probe_plugin(const char *path, char *name, size_t namelen, char *why,
			  size_t whylen)
{
	char report[4 * REPORT_MAX], sig[32];
	const char *refusal = NULL, *done = NULL;
	unsigned timeout = probe_timeout();
	int fds[2], status, step = STEP_LOAD, late;
	size_t len;
	pid_t pid;

	fflush(NULL);  /* nothing buffered is written twice */
	if (pipe(fds) < 0 || (pid = fork()) < 0) {
		snprintf(why, whylen, "cannot start the probe process: %s", strerror(errno));
		return -1;
	}
	if (pid == 0) {
		close(fds[0]);
		probe_child(fds[1], path);
	}
	close(fds[1]);
	late = read_report(fds[0], report, sizeof report - 1, &len, now_ms() + 1000LL * timeout);
	close(fds[0]);
	if (late)
		kill(pid, SIGKILL);
	while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
		;
	report[len] = 0;
	for (size_t at = 0; at < len; at += strlen(report + at) + 1) {
		const char *text = report + at + 1;
		switch (report[at]) {
		case TAG_STEP: step = atoi(text) % STEP_COUNT; break;
		case TAG_NAME: snprintf(name, namelen, "%s", text); break;
		case TAG_REFUSED: refusal = text; break;
		case TAG_DONE: done = text; break;
		}
	}
	if (late)
		snprintf(why, whylen, "%s did not finish in %u s (SLIDEBENCH_PLUGIN_TIMEOUT)",
			 STEP_NAME[step], timeout);
	else if (WIFSIGNALED(status))
		snprintf(why, whylen, "%s crashed (%s)", STEP_NAME[step],
			 signal_name(WTERMSIG(status), sig, sizeof sig));
	else if (refusal)
		snprintf(why, whylen, "%s", refusal);
	else if (!done)
		snprintf(why, whylen, "%s ended the process (exit status %d)", STEP_NAME[step],
			 WIFEXITED(status) ? WEXITSTATUS(status) : -1);
	return late || WIFSIGNALED(status) || refusal || !done ? -1 : 0;
}
