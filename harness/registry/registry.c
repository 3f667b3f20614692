/* registry.c - kernel discovery: the sb_kernels linker section (no hand-edited list) plus
 * plugins loaded with dlopen, each validated before it joins. */
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "registry/registry.h"
#include "util/child.h"
#include "util/kname.h"
#include "util/output.h"

#define MAX_KERNELS 128

extern const struct sb_kernel *const __start_sb_kernels[];
extern const struct sb_kernel *const __stop_sb_kernels[];

static struct kentry entries[MAX_KERNELS];
static size_t nentries;
static struct refused_plugin refused[MAX_KERNELS];
static size_t nrefused;

static int by_name(const void *a, const void *b)
{
	const struct kentry *x = a, *y = b;

	return strcmp(x->k->name, y->k->name);
}

const char *registry_branching_name(enum sb_branching b)
{
	return b == SB_BRANCHLESS ? "branchless" : "conditional";
}

const char *registry_question_name(enum sb_question q)
{
	static const char *const NAME[SB_QUESTION_COUNT] = {
		[SB_QUESTION_NONE] = "",
		[SB_QUESTION_BITS] = "bits",
		[SB_QUESTION_TABLE] = "tables",
		[SB_QUESTION_BRANCHING] = "branching",
	};

	return (unsigned)q < SB_QUESTION_COUNT ? NAME[q] : "";
}

json_t *registry_kernel_json(const struct kentry *e)
{
	json_t *o = json_object();

	jsonx_set_str(o, "name", e->k->name);
	jsonx_set_str(o, "family", e->k->family);
	jsonx_set_str(o, "origin", e->origin);
	jsonx_set_int(o, "abi_version", e->k->abi_version);
	jsonx_set_str(o, "description", e->k->description);
	jsonx_set_int(o, "word_bits", e->k->word_bits);
	jsonx_set_str(o, "branching", registry_branching_name(e->k->branching));
	jsonx_set_int(o, "table_bytes", (long long)e->k->table_bytes);
	json_object_set_new(o, "sibling", e->k->sibling ? json_string(e->k->sibling) : json_null());
	jsonx_set_str(o, "question", registry_question_name(e->k->question));
	jsonx_set_bool(o, "simd", e->k->simd);
	jsonx_set_str(o, "needs", e->k->needs ? e->k->needs : "");
	jsonx_set_bool(o, "oracle", !strcmp(e->k->name, SB_ORACLE));
	return o;
}

/* Returns NULL when the descriptor's family, description and sibling are text the CSVs and
 * reports may carry as they are (valid UTF-8, no control character; a sibling a kernel name),
 * else which is not and why. */
static const char *text_problem(const struct sb_kernel *k)
{
	static char why[96];
	const char *const TEXT[] = { k->family, k->description };
	const char *const NAME[] = { "family", "description" };
	const char *bad;

	for (size_t i = 0; i < 2; i++)
		if ((bad = out_text_problem(TEXT[i]))) {
			snprintf(why, sizeof why, "%s: %s", NAME[i], bad);
			return why;
		}
	if (k->sibling && (bad = kname_problem(k->sibling))) {
		snprintf(why, sizeof why, "sibling: %s", bad);
		return why;
	}
	if (k->needs && (bad = out_text_problem(k->needs))) {
		snprintf(why, sizeof why, "needs: %s", bad);
		return why;
	}
	return NULL;
}

const char *registry_check_descriptor(const struct sb_kernel *k)
{
	const char *why;

	if (!k)
		return "descriptor pointer is NULL";
	if (k->abi_version < SB_ABI_OLDEST || k->abi_version > SB_ABI_VERSION)
		return "abi_version out of the range this slidebench reads";
	if (!k->name || !*k->name)
		return "no name";
	if ((why = kname_problem(k->name)))
		return why;
	if (!k->family || !k->description)
		return "no family or description";
	if ((why = text_problem(k)))
		return why;
	if (k->word_bits != 32 && k->word_bits != 64)
		return "word_bits must be 32 or 64";
	if (k->branching != SB_CONDITIONAL && k->branching != SB_BRANCHLESS)
		return "branching must be SB_CONDITIONAL or SB_BRANCHLESS";
	if (!k->rook || !k->bishop || !k->run)
		return "rook, bishop and run are required";
	if ((unsigned)k->question >= SB_QUESTION_COUNT)
		return "question must be one of enum sb_question";
	if (!k->sibling != (k->question == SB_QUESTION_NONE))
		return "sibling and question go together (both set, or neither)";
	if (k->sibling && !strcmp(k->sibling, k->name))
		return "sibling names the kernel itself";
	if (k->simd != 0 && k->simd != 1)
		return "simd must be 0 or 1";
	return NULL;
}

static int add(const struct sb_kernel *k, const char *origin)
{
	if (nentries == MAX_KERNELS)
		return -1;
	entries[nentries++] = (struct kentry){ .k = k, .origin = origin };
	return 0;
}

int registry_init(void)
{
	nentries = nrefused = 0;
	for (const struct sb_kernel *const *p = __start_sb_kernels; p < __stop_sb_kernels; p++) {
		if (registry_check_descriptor(*p) || add(*p, "built-in") < 0)
			return -1;
	}
	qsort(entries, nentries, sizeof entries[0], by_name);
	return 0;
}

int registry_dlopen_plugin(const char *path, void **handle, const struct sb_kernel **sym,
			   char *name, size_t namelen, char *why, size_t whylen)
{
	void *h = dlopen(path, RTLD_NOW | RTLD_LOCAL);
	const struct sb_kernel *const *p;
	const char *bad;
	char vwhy[256];

	if (!h) {
		snprintf(why, whylen, "cannot load plugin: %s", dlerror());
		return -1;
	}
	p = dlsym(h, "sb_plugin_kernel");
	if (!p) {
		snprintf(why, whylen, "not a slidebench plugin: no symbol sb_plugin_kernel (end the "
			 "kernel file with SB_REGISTER(desc) and build with -DSB_PLUGIN)");
		goto close_handle;
	}
	if (!*p) {
		snprintf(why, whylen, "bad kernel descriptor: descriptor pointer is NULL");
		goto close_handle;
	}
	/* abi_version and name open every version's descriptor */
	if ((*p)->name && !kname_problem((*p)->name))
		snprintf(name, namelen, "%s", (*p)->name);
	if ((bad = registry_version_problem((*p)->abi_version, vwhy, sizeof vwhy))) {
		snprintf(why, whylen, "%s%s%s%s", name[0] ? "kernel \"" : "", name,
			 name[0] ? "\": " : "", bad);
		goto close_handle;
	}
	*handle = h;
	*sym = *p;
	return 0;

close_handle:
	dlclose(h);
	return -1;
}

int registry_read_descriptor(const struct sb_kernel *sym, struct sb_kernel *desc, char *why,
			     size_t whylen)
{
	const char *bad;

	/* what its version has, no more: the later fields stay zero */
	memset(desc, 0, sizeof *desc);
	memcpy(desc, sym, sb_kernel_size(sym->abi_version));
	if ((bad = registry_check_descriptor(desc))) {
		snprintf(why, whylen, "bad kernel descriptor: %s", bad);
		memset(desc, 0, sizeof *desc);
		return -1;
	}
	return 0;
}

int registry_open_plugin(const char *path, void **handle, struct sb_kernel *desc, char *name,
			 size_t namelen, char *why, size_t whylen)
{
	const struct sb_kernel *sym;

	memset(desc, 0, sizeof *desc);
	if (registry_dlopen_plugin(path, handle, &sym, name, namelen, why, whylen) < 0)
		return -1;
	if (registry_read_descriptor(sym, desc, why, whylen) < 0) {
		dlclose(*handle);
		return -1;
	}
	return 0;
}

/* Records a refused plugin, writes "PATH: WHY: refused" to err; returns -1. */
static int refuse(const char *path, const char *name, const char *why, char *err, size_t errlen)
{
	if (nrefused < MAX_KERNELS) {
		struct refused_plugin *r = &refused[nrefused++];
		snprintf(r->path, sizeof r->path, "%s", path);
		snprintf(r->name, sizeof r->name, "%s", name);
		snprintf(r->why, sizeof r->why, "%s", why);
	}
	snprintf(err, errlen, "%s: %s: refused", path, why);
	return -1;
}

int registry_load_plugin(const char *path, char *err, size_t errlen)
{
	char name[64] = "", why[REGISTRY_WHY_MAX];
	struct sb_kernel *k = malloc(sizeof *k);
	void *h;
	char *origin;

	if (!k)
		return refuse(path, name, "out of memory", err, errlen);
	if (registry_probe_plugin(path, name, sizeof name, why, sizeof why) < 0 ||
	    registry_open_plugin(path, &h, k, name, sizeof name, why, sizeof why) < 0)
		goto refused;
	if (registry_find(k->name)) {
		snprintf(why, sizeof why, "a kernel named \"%s\" is already registered", k->name);
		name[0] = 0;
		goto close_handle;
	}
	origin = strdup(path);
	if (!origin || add(k, origin) < 0) {
		free(origin);
		snprintf(why, sizeof why, "registry full or out of memory");
		goto close_handle;
	}
	return 0;  /* k and origin live as long as the process */

close_handle:
	dlclose(h);
refused:
	free(k);
	return refuse(path, name, why, err, errlen);
}

size_t registry_count(void) { return nentries; }

struct kentry *registry_at(size_t i) { return i < nentries ? &entries[i] : NULL; }

struct kentry *registry_find(const char *name)
{
	for (size_t i = 0; i < nentries; i++)
		if (strcmp(entries[i].k->name, name) == 0)
			return &entries[i];
	return NULL;
}

size_t registry_refused_count(void) { return nrefused; }

const struct refused_plugin *registry_refused_at(size_t i)
{
	return i < nrefused ? &refused[i] : NULL;
}

const struct refused_plugin *registry_refused_find(const char *name)
{
	for (size_t i = 0; i < nrefused; i++)
		if (refused[i].name[0] && strcmp(refused[i].name, name) == 0)
			return &refused[i];
	return NULL;
}

/* registry_prepare's calls: unavailable(), then init() unless it gave a reason. */
struct prepare_call {
	struct kentry *e;
	int rc;
};

static void prepare_calls(void *arg)
{
	struct prepare_call *p = arg;

	if (p->e->k->unavailable && (p->e->why_not = p->e->k->unavailable()) != NULL)
		return;
	if (p->e->k->init)
		p->rc = p->e->k->init();
}

int registry_prepare(struct kentry *e)
{
	struct prepare_call p = { e, 0 };
	char why[REGISTRY_WHY_MAX];

	if (e->initialised)
		return e->why_not ? -1 : 0;
	e->initialised = 1;
	if (!registry_is_plugin(e)) {
		prepare_calls(&p);
	} else if (registry_guarded("unavailable() or init()", child_plugin_timeout(),
				    "SLIDEBENCH_PLUGIN_TIMEOUT", prepare_calls, &p, why,
				    sizeof why) < 0) {
		/* its probe passed: only slidebench's own process saw this */
		registry_refuse_loaded(e, why);
		return -1;
	}
	if (e->why_not)
		return -1;
	if (p.rc != 0) {
		snprintf(e->why_buf, sizeof e->why_buf, "init() failed (returned %d)", p.rc);
		e->why_not = e->why_buf;
		e->refused = 1;
		return -1;
	}
	return 0;
}

int registry_is_plugin(const struct kentry *e)
{
	return strcmp(e->origin, "built-in") != 0;
}

void registry_refuse_loaded(struct kentry *e, const char *why)
{
	snprintf(e->why_buf, sizeof e->why_buf, "%s", why);
	e->why_not = e->why_buf;
	e->refused = 1;
	e->initialised = 1;
	fprintf(stderr, "slidebench: %s: %s: refused\n", e->origin, why);
}
