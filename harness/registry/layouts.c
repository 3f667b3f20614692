/* layouts.c - loading code-placement copies of kernels (see layouts.h). */
#include <dlfcn.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "registry/layouts.h"

#define MAX_COPIES 256

static struct copy {
	struct kentry e;
	struct sb_kernel k;
	char name[96];
	char path[PATH_MAX];
	void *dl;
} *copies[MAX_COPIES];
static size_t ncopies;

int layouts_exe_dir(char *dir, size_t len)
{
	ssize_t n = readlink("/proc/self/exe", dir, len - 1);
	char *slash;

	if (n <= 0)
		return -1;
	dir[n] = 0;
	slash = strrchr(dir, '/');
	if (!slash)
		return -1;
	*slash = 0;
	return 0;
}

/* Loads copy i of kernel e through the plugin loader (first tried in a child process, then
 * opened with the descriptor check); returns it, or NULL (why printed once per kind by the
 * caller). */
static struct copy *load_copy(const char *dir, const struct kentry *e, unsigned i)
{
	struct copy *c = calloc(1, sizeof *c);
	char name[128], why[256];

	if (!c)
		return NULL;
	if (snprintf(c->path, sizeof c->path, "%.3000s/layouts/%u/%.200s.so", dir, i,
		     e->k->name) >= (int)sizeof c->path || access(c->path, R_OK) != 0)
		goto fail;
	if (registry_probe_plugin(c->path, name, sizeof name, why, sizeof why) < 0 ||
	    registry_open_plugin(c->path, &c->dl, &c->k, name, sizeof name, why, sizeof why) < 0) {
		fprintf(stderr, "slidebench: %s: %s: layout copy left out\n", c->path, why);
		goto fail;
	}
	snprintf(c->name, sizeof c->name, "%s@L%u", e->k->name, i);
	c->k.name = c->name;
	c->e = (struct kentry){ .k = &c->k, .origin = c->path };
	return c;
fail:
	free(c);
	return NULL;
}

size_t layouts_load(unsigned n_copies, struct kentry **sel, size_t *n, size_t max)
{
	char dir[PATH_MAX];
	size_t base = *n, loaded = 0, missing = 0;

	if (!n_copies || layouts_exe_dir(dir, sizeof dir) < 0)
		return 0;
	for (size_t s = 0; s < base; s++) {
		if (strcmp(sel[s]->origin, "built-in"))
			continue;
		for (unsigned i = 0; i < n_copies; i++) {
			struct copy *c;
			if (*n >= max || ncopies >= MAX_COPIES)
				break;
			if (!(c = load_copy(dir, sel[s], i))) {
				missing++;
				continue;
			}
			copies[ncopies++] = c;
			sel[(*n)++] = &c->e;
			loaded++;
		}
	}
	if (missing)
		fprintf(stderr, "slidebench: --layouts: %zu layout copies not found under %s/layouts/"
			" (build them with `make layouts LAYOUTS=%u`); layout_spread_pct is empty for "
			"those kernels\n", missing, dir, n_copies);
	return loaded;
}

void layouts_free(void)
{
	for (size_t i = 0; i < ncopies; i++) {
		dlclose(copies[i]->dl);
		free(copies[i]);
	}
	ncopies = 0;
}
