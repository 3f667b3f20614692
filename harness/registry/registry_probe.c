/* registry_probe.c - a plugin's first run happens in a child process.  The child loads the
 * plugin, calls unavailable() and init(), runs a first batch of lookups and every loop, its
 * perft loop on the start position and the exhaustive verification; it reports each step
 * through a pipe.  A plugin that crashes or hangs in any of them takes
 * only the child down: the parent names the step and the signal (or the time limit), and the
 * plugin is refused while the other kernels run.  Only a plugin that passed is loaded here. */
#include <errno.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <fcntl.h>
#include <unistd.h>

#include "registry/registry.h"
#include "registry/verify.h"
#include "util/child.h"

#define REPORT_MAX 1024

/* The child's report is a sequence of tagged, NUL-terminated strings. */
enum tag { TAG_STEP = 'S', TAG_NAME = 'N', TAG_REFUSED = 'R', TAG_DONE = 'D' };
enum step { STEP_LOAD, STEP_UNAVAILABLE, STEP_INIT, STEP_LOOKUPS, STEP_PERFT, STEP_VERIFY,
	    STEP_DESCRIPTOR, STEP_COUNT };

static const char *const STEP_NAME[STEP_COUNT] = {
	"loading it (dlopen)", "unavailable()", "init()", "its first lookups and loops",
	"its perft loop (the start position, depth 3)",
	"the verification (every relevant occupancy of every square)",
	("reading its descriptor (as many bytes as its abi_version says a descriptor has: is "
	 "it shorter?)") };

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
 * inputs (verify_loops': whether they match is verify's and bench's to say). */
static void first_lookups(const struct sb_kernel *k)
{
	struct kentry *ref = registry_find(SB_ORACLE);
	uint64_t x = 0x9e3779b97f4a7c15ULL, sink = 0;
	int n;

	for (unsigned i = 0; i < 64; i++) {
		x ^= x << 13, x ^= x >> 7, x ^= x << 17;
		sink ^= k->rook(i, (x & x >> 3) | 1ULL << i) ^ k->bishop(i, (x & x >> 3) | 1ULL << i);
	}
	probe_sink = sink;
	verify_loops(k, ref && registry_prepare(ref) == 0 ? ref->k : k, NULL, &n);
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
	static struct sb_kernel desc;
	const struct sb_kernel *k = &desc, *sym;
	char why[REGISTRY_WHY_MAX], name[64] = "", step[8];
	void *h;
	int null, rc;

	null = open("/dev/null", O_WRONLY);
	if (null >= 0)
		dup2(null, STDOUT_FILENO);  /* the parent prints the listing, not the child */
	tell(fd, TAG_STEP, "0");
	rc = registry_dlopen_plugin(path, &h, &sym, name, sizeof name, why, sizeof why);
	if (name[0])
		tell(fd, TAG_NAME, name);
	snprintf(step, sizeof step, "%d", STEP_DESCRIPTOR);
	if (rc == 0)
		tell(fd, TAG_STEP, step);
	if (rc < 0 || registry_read_descriptor(sym, &desc, why, sizeof why) < 0) {
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

/* Reads the child's report from fd into buf (cap bytes, the rest dropped) until EOF or the
 * deadline; returns 0 at EOF or -1 when the deadline passed first.  *len: bytes kept. */
static int read_report(int fd, char *buf, size_t cap, size_t *len, long long deadline)
{
	char scratch[256];

	*len = 0;
	for (;;) {
		long long left = deadline - child_now_ms();
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
	char report[4 * REPORT_MAX];
	const char *refusal = NULL, *done = NULL;
	unsigned timeout = child_plugin_timeout();
	int fds[2], status = 0, step = STEP_LOAD, late;
	size_t len;
	pid_t pid;

	if (pipe(fds) < 0 || (pid = child_fork()) < 0) {
		snprintf(why, whylen, "cannot start the probe process: %s", strerror(errno));
		return -1;
	}
	if (pid == 0) {
		close(fds[0]);
		probe_child(fds[1], path);
	}
	close(fds[1]);
	late = read_report(fds[0], report, sizeof report - 1, &len,
			   child_now_ms() + 1000LL * timeout);
	close(fds[0]);
	/* at the end of its report the child exits: a second's grace, then it is killed */
	if (child_wait(pid, late ? 0 : child_now_ms() + 1000, &status) != 0)
		late = 1;
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
	else if (WIFSIGNALED(status) || (!refusal && !done))
		child_status_text(status, STEP_NAME[step], why, whylen);
	else if (refusal)
		snprintf(why, whylen, "%s", refusal);
	return late || WIFSIGNALED(status) || refusal || !done ? -1 : 0;
}
