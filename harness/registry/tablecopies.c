/* tablecopies.c - each thread its own tables, or one set shared (tablecopies.h). */
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "registry/layouts.h"
#include "registry/tablecopies.h"

#define MAX_KERNELS 32
#define MAX_INSTANCES 256

static struct tcopy {
	struct kentry shared, per;      /* the two entries bench times */
	struct sb_kernel kshared, kper; /* instance 0's descriptor, under their names */
	char nshared[96], nper[96], base[80];
	unsigned n;                     /* instances loaded */
	struct sb_kernel inst[MAX_INSTANCES];
	void *dl[MAX_INSTANCES];
} *kernels[MAX_KERNELS];
static size_t nkernels;
static char copy_dir[PATH_MAX];     /* the private copies of the plugin files */

/* Copies the file from to to (to must not exist).  Returns 0 or -1. */
static int copy_file(const char *from, const char *to)
{
	char buf[65536];
	ssize_t r;
	int in = open(from, O_RDONLY | O_CLOEXEC), out, ok = 1;

	if (in < 0)
		return -1;
	out = open(to, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0700);
	if (out < 0) {
		close(in);
		return -1;
	}
	while (ok && (r = read(in, buf, sizeof buf)) != 0)
		ok = r > 0 && write(out, buf, (size_t)r) == r;
	close(in);
	return close(out) == 0 && ok ? 0 : -1;
}

/* Loads instance i of plugin path into t (a private copy of the file, opened and initialised).
 * Returns 0, or -1 with why. */
static int load_instance(struct tcopy *t, const char *path, const char *name, unsigned i,
			 char *why, size_t len)
{
	char copy[PATH_MAX + 128], got[96];
	const char *no;

	snprintf(copy, sizeof copy, "%s/%s.%u.so", copy_dir, name, i);
	if (copy_file(path, copy) < 0) {
		snprintf(why, len, "cannot copy it to %.300s: %s", copy, strerror(errno));
		return -1;
	}
	if (registry_open_plugin(copy, &t->dl[i], &t->inst[i], got, sizeof got, why, len) < 0)
		return -1;
	if (t->inst[i].unavailable && (no = t->inst[i].unavailable())) {
		snprintf(why, len, "unavailable: %s", no);
		return -1;
	}
	if (t->inst[i].init && t->inst[i].init() != 0) {
		snprintf(why, len, "init() of instance %u failed", i);
		return -1;
	}
	return 0;
}

/* Loads n instances of built-in kernel e's plugin from dir/plugins; returns them, or NULL
 * (why printed). */
static struct tcopy *load_kernel(const char *dir, const struct kentry *e, unsigned n)
{
	char path[PATH_MAX], why[REGISTRY_WHY_MAX], name[96];
	struct tcopy *t = calloc(1, sizeof *t);

	if (!t)
		return NULL;
	snprintf(t->base, sizeof t->base, "%s", e->k->name);
	snprintf(path, sizeof path, "%.4000s/plugins/%.79s.so", dir, t->base);
	if (access(path, R_OK) != 0) {
		free(t);
		return NULL;
	}
	/* the code is probed once in a child, as any plugin is, before it runs here */
	if (registry_probe_plugin(path, name, sizeof name, why, sizeof why) < 0)
		goto fail;
	for (; t->n < n; t->n++)
		if (load_instance(t, path, t->base, t->n, why, sizeof why) < 0)
			goto fail;
	t->kshared = t->kper = t->inst[0];
	snprintf(t->nshared, sizeof t->nshared, "%s@shared", e->k->name);
	snprintf(t->nper, sizeof t->nper, "%s@per-thread", e->k->name);
	t->kshared.name = t->nshared;
	t->kper.name = t->nper;
	/* initialised: each instance's init() ran above, once */
	t->shared = (struct kentry){ .k = &t->kshared, .origin = "built-in (plugin copies)",
				     .initialised = 1 };
	t->per = (struct kentry){ .k = &t->kper, .origin = "built-in (plugin copies)",
				  .initialised = 1 };
	return t;
fail:
	fprintf(stderr, "slidebench: --table-copies: %s: %s: left out\n", path, why);
	for (unsigned i = 0; i <= t->n && i < MAX_INSTANCES; i++) {
		if (t->dl[i])
			dlclose(t->dl[i]);
		char copy[PATH_MAX + 128];
		snprintf(copy, sizeof copy, "%s/%s.%u.so", copy_dir, t->base, i);
		unlink(copy);
	}
	free(t);
	return NULL;
}

size_t tablecopies_load(unsigned n_threads, size_t min_bytes, struct kentry **sel, size_t *n,
			size_t max)
{
	char dir[PATH_MAX], tmpl[PATH_MAX];
	const char *tmp = getenv("TMPDIR");
	size_t base = *n, added = 0, missing = 0;

	if (n_threads < 2 || n_threads > MAX_INSTANCES || layouts_exe_dir(dir, sizeof dir) < 0)
		return 0;
	snprintf(tmpl, sizeof tmpl, "%s/slidebench-tables-XXXXXX", tmp && *tmp ? tmp : "/tmp");
	if (!mkdtemp(tmpl)) {
		fprintf(stderr, "slidebench: --table-copies: %s: %s\n", tmpl, strerror(errno));
		return 0;
	}
	snprintf(copy_dir, sizeof copy_dir, "%s", tmpl);
	for (size_t s = 0; s < base && nkernels < MAX_KERNELS && *n + 2 <= max; s++) {
		struct tcopy *t;
		if (strcmp(sel[s]->origin, "built-in") || sel[s]->k->table_bytes < min_bytes)
			continue;
		if (!(t = load_kernel(dir, sel[s], n_threads))) {
			missing++;
			continue;
		}
		kernels[nkernels++] = t;
		sel[(*n)++] = &t->shared;
		sel[(*n)++] = &t->per;
		added += 2;
	}
	if (missing)
		fprintf(stderr, "slidebench: --table-copies: %zu kernel%s without a plugin under "
			"%s/plugins/ (build them with `make plugins`)\n", missing,
			missing == 1 ? "" : "s", dir);
	return added;
}

const struct sb_kernel *tablecopies_instance(const struct sb_kernel *k, unsigned i)
{
	for (size_t j = 0; j < nkernels; j++) {
		if (k == &kernels[j]->kshared)
			return &kernels[j]->inst[0];
		if (k == &kernels[j]->kper)
			return &kernels[j]->inst[i < kernels[j]->n ? i : 0];
	}
	return k;
}

unsigned tablecopies_count(const struct sb_kernel *k)
{
	for (size_t j = 0; j < nkernels; j++)
		if (k == &kernels[j]->kper)
			return kernels[j]->n;
	return 1;
}

void tablecopies_free(void)
{
	char path[PATH_MAX + 128];

	for (size_t j = 0; j < nkernels; j++) {
		for (unsigned i = 0; i < kernels[j]->n; i++) {
			dlclose(kernels[j]->dl[i]);
			snprintf(path, sizeof path, "%s/%s.%u.so", copy_dir, kernels[j]->base, i);
			unlink(path);
		}
		free(kernels[j]);
	}
	nkernels = 0;
	if (copy_dir[0])
		rmdir(copy_dir);
	copy_dir[0] = 0;
}
