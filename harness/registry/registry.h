/* registry.h - the kernels linked in (found through the sb_kernels section) and plugins.
 *
 * One rule for every command: a plugin that cannot be loaded, whose descriptor is wrong, or
 * whose init() fails, crashes or hangs is *refused*: it is named with the reason, the other
 * kernels still run, and the command exits 1.  A kernel whose unavailable() gives a reason
 * (needs BMI2, say) is not refused: it is listed as unavailable and the exit stays 0. */
#ifndef SB_REGISTRY_H
#define SB_REGISTRY_H

#include <stddef.h>
#include "kernels/kernel.h"
#include "util/jsonx.h"

#define REGISTRY_WHY_MAX 512

/* One registered kernel and its state in this run. */
struct kentry {
	const struct sb_kernel *k;
	const char *origin;      /* "built-in" or the plugin's path */
	const char *why_not;     /* NULL when runnable: unavailable() reason or init failure */
	int refused;             /* init() failed: a refusal (exit 1), not "unavailable here" */
	int initialised;
	char why_buf[REGISTRY_WHY_MAX];
};

/* A plugin refused while loading: its file, its kernel's name when the descriptor was read
 * (else ""), and why, without the path (e.g. "init() crashed (SIGSEGV)"). */
struct refused_plugin {
	char path[256];
	char name[64];
	char why[REGISTRY_WHY_MAX];
};

/* Fills the registry with the built-in kernels, sorted by name.  Returns 0 or -1. */
int registry_init(void);
/* Loads a plugin .so: first probed in a child process (registry_probe_plugin), then loaded
 * here.  On refusal records it (registry_refused_at), writes "PATH: WHY: refused" to err and
 * returns -1 (no kernel is registered). */
int registry_load_plugin(const char *path, char *err, size_t errlen);
/* dlopens path, checks its ABI version (SB_ABI_OLDEST to SB_ABI_VERSION) and copies as much
 * of its descriptor as its version has into desc (the later fields zero: kernel.h,
 * sb_kernel_size), then checks the copy.  Returns 0 (handle and desc set), or -1 with why
 * (without the path) written to why.  name gets the kernel's name as soon as the descriptor
 * gives one (a plugin of a newer version is refused by name).  Used by the probe child, the
 * real load and the layout copies. */
int registry_open_plugin(const char *path, void **handle, struct sb_kernel *desc, char *name,
			 size_t namelen, char *why, size_t whylen);
/* registry_open_plugin's two steps: dlopens path and checks its ABI version (*sym: the
 * plugin's own descriptor, not yet read past its abi_version and name); then copies as much
 * of *sym as its version has into desc and checks the copy (reading a descriptor shorter than
 * its version says may crash: the probe names this step).  Each returns 0, or -1 with why. */
int registry_dlopen_plugin(const char *path, void **handle, const struct sb_kernel **sym,
			   char *name, size_t namelen, char *why, size_t whylen);
int registry_read_descriptor(const struct sb_kernel *sym, struct sb_kernel *desc, char *why,
			     size_t whylen);
/* Runs a plugin's load, unavailable(), init() and a first batch of lookups and loops in a
 * child process, bounded by SLIDEBENCH_PLUGIN_TIMEOUT seconds (default 60).  Returns 0 when
 * they all finished (an unavailable() reason counts as finished), else -1 with why set
 * ("init() crashed (SIGSEGV)", "init() did not finish in 60 s", "init() failed (returned
 * -1)", or the loader's reason).  name gets the kernel's name once its descriptor was read. */
int registry_probe_plugin(const char *path, char *name, size_t namelen, char *why,
			  size_t whylen);
/* Returns the number of registered kernels. */
size_t registry_count(void);
/* Returns entry i (0 <= i < registry_count()). */
struct kentry *registry_at(size_t i);
/* Returns the entry named name, or NULL. */
struct kentry *registry_find(const char *name);
/* Returns the number of plugins refused while loading, and refusal i. */
size_t registry_refused_count(void);
const struct refused_plugin *registry_refused_at(size_t i);
/* Returns the refused plugin whose kernel is named name, or NULL. */
const struct refused_plugin *registry_refused_find(const char *name);
/* Runs unavailable() and init() once; returns 0 when the kernel can run, else -1 (why_not
 * set; refused set too when init() failed). */
int registry_prepare(struct kentry *e);
/* Returns non-zero when e is a plugin (loaded with --plugin), not a built-in kernel. */
int registry_is_plugin(const struct kentry *e);
/* Refuses loaded kernel e for why (its code crashed or hung in slidebench's own process):
 * says "PATH: WHY: refused" on stderr; e is not run again (refused, why_not set). */
void registry_refuse_loaded(struct kentry *e, const char *why);
/* Runs fn(arg) in this process with SIGSEGV, SIGBUS, SIGILL and SIGFPE caught, and when
 * timeout_s is not 0 a time limit (SIGALRM; limit_name, the setting that gave it, is said).
 * Returns 0 when fn returned, else -1 with why: "STEP crashed (SIGSEGV) in slidebench's own
 * process" or "STEP did not finish in N s (LIMIT_NAME)".  For a plugin's code only: after a
 * crash the plugin's state is unknown, it must not run again. */
int registry_guarded(const char *step, unsigned timeout_s, const char *limit_name,
		     void (*fn)(void *), void *arg, char *why, size_t len);
/* Returns the name of b: "conditional" or "branchless". */
const char *registry_branching_name(enum sb_branching b);
/* Returns the name of q: "bits", "tables", "branching", or "" for SB_QUESTION_NONE. */
const char *registry_question_name(enum sb_question q);
/* Returns the descriptor of e as a JSON object (name, family, origin, abi_version, description,
 * word_bits, branching, table_bytes, sibling, question, simd, oracle): context.json's "kernels" and
 * `list --format json`.  NULL when out of memory. */
json_t *registry_kernel_json(const struct kentry *e);
/* Returns NULL when a plugin of ABI version v can be read (SB_ABI_OLDEST to SB_ABI_VERSION),
 * else why not and what to do, written to buf. */
const char *registry_version_problem(int v, char *buf, size_t len);
/* Returns NULL when k has loop l, else why not: a plugin built for an ABI version older than
 * the one that added l (kernel.h, sb_loop_abi) has no such loop, and is not asked for it. */
const char *registry_loop_missing(const struct sb_kernel *k, enum sb_loop l);
/* Returns the name of loop l: "rook stream", "peer-random", ... */
const char *registry_loop_name(enum sb_loop l);
/* Checks a descriptor's fields; returns NULL when sound, else what is wrong. */
const char *registry_check_descriptor(const struct sb_kernel *k);

#endif
