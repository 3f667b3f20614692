/* hugepage.c - transparent huge pages for the tables in the images' .bss, and smaps read-back.
 *
 * The loader maps an image's writable segment as a private file mapping (.data and the start of
 * .bss that shares its last page) followed by an anonymous mapping for the rest of .bss; that
 * anonymous mapping is where large static tables live.  Only anonymous memory is THP-eligible,
 * so only it is advised; the file-backed part is listed with why.  madvise() covers the whole
 * mapping (no split); what can become huge is the part made of whole aligned huge pages.  Pages
 * touched before the advice stay small until khugepaged or hugepage_collapse() merges them.
 * Kernel documentation: Documentation/admin-guide/mm/transhuge.rst, proc(5) for smaps. */
#include "env/hugepage.h"

#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#ifndef MADV_COLLAPSE
#define MADV_COLLAPSE 25
#endif

#define HP_MAX_IMAGES 32

static const char *const HP_MODE_NAME[] = { "default", "hugepage", "nohugepage" };

/* What the last hugepage_advise*() did, for hugepage_last() and context.json. */
static struct {
	enum hp_mode mode;
	struct hp_region r[32];
	size_t n;
} hp_last;

int hugepage_mode_parse(const char *s, enum hp_mode *out)
{
	for (int m = HP_DEFAULT; m <= HP_NOHUGEPAGE; m++)
		if (!strcmp(s, HP_MODE_NAME[m])) {
			*out = (enum hp_mode)m;
			return 0;
		}
	return -1;
}

const char *hugepage_mode_name(enum hp_mode mode)
{
	return mode <= HP_NOHUGEPAGE ? HP_MODE_NAME[mode] : "?";
}

/* Returns 0 after copying the [selected] word of a sysfs choice file into buf, else -1. */
static int hp_read_choice(const char *path, char *buf, size_t len)
{
	char line[256], *open_b, *close_b;
	FILE *f = fopen(path, "r");
	int ok = f && fgets(line, sizeof line, f);

	if (f)
		fclose(f);
	if (!ok || !(open_b = strchr(line, '[')) || !(close_b = strchr(open_b, ']')))
		return -1;
	*close_b = '\0';
	snprintf(buf, len, "%s", open_b + 1);
	return 0;
}

int hugepage_sys(struct hp_sys *s)
{
	const char *dir = "/sys/kernel/mm/transparent_hugepage";
	char path[128];
	FILE *f;
	int rc = 0;

	snprintf(path, sizeof path, "%s/enabled", dir);
	if (hp_read_choice(path, s->enabled, sizeof s->enabled) < 0)
		snprintf(s->enabled, sizeof s->enabled, "unknown"), rc = -1;
	snprintf(path, sizeof path, "%s/defrag", dir);
	if (hp_read_choice(path, s->defrag, sizeof s->defrag) < 0)
		snprintf(s->defrag, sizeof s->defrag, "unknown");
	s->pmd_bytes = 2u << 20;
	snprintf(path, sizeof path, "%s/hpage_pmd_size", dir);
	if ((f = fopen(path, "r"))) {
		unsigned long v;
		if (fscanf(f, "%lu", &v) == 1 && v >= 4096 && (v & (v - 1)) == 0)
			s->pmd_bytes = v;
		fclose(f);
	}
	return rc;
}

int hugepage_possible(enum hp_mode mode, const struct hp_sys *s, char *why, size_t whylen)
{
	if (mode == HP_DEFAULT) {
		snprintf(why, whylen, "default: the system's THP setting (%s) applies", s->enabled);
		return 1;
	}
	if (!strcmp(s->enabled, "unknown")) {
		snprintf(why, whylen, "no THP in this kernel (/sys/kernel/mm/transparent_hugepage/"
			 "enabled unreadable): every page is small");
		return 0;
	}
	if (mode == HP_HUGEPAGE && !strcmp(s->enabled, "never")) {
		snprintf(why, whylen, "THP disabled: never (echo madvise > /sys/kernel/mm/"
			 "transparent_hugepage/enabled, as root, allows it)");
		return 0;
	}
	why[0] = '\0';
	return 1;
}

/* Returns the basename of path. */
static const char *hp_base(const char *path)
{
	const char *slash = strrchr(path, '/');
	return slash ? slash + 1 : path;
}

/* Returns nothing; fills region r from a maps line's fields and madvises it when anonymous. */
static void hp_take(struct hp_region *r, uintptr_t lo, uintptr_t hi, int anon, const char *image,
		    enum hp_mode mode, size_t pmd)
{
	uintptr_t alo = (lo + pmd - 1) & ~(uintptr_t)(pmd - 1), ahi = hi & ~(uintptr_t)(pmd - 1);

	memset(r, 0, sizeof *r);
	r->start = lo, r->end = hi, r->anonymous = anon;
	r->aligned_bytes = anon && ahi > alo ? ahi - alo : 0;
	snprintf(r->what, sizeof r->what, "%.60s %s", hp_base(image), anon ? "bss" : "data");
	if (!anon)
		snprintf(r->why, sizeof r->why, "file-backed: not THP-eligible, left alone");
	else if (madvise((void *)lo, hi - lo, mode == HP_HUGEPAGE ? MADV_HUGEPAGE :
			 MADV_NOHUGEPAGE) != 0)
		snprintf(r->why, sizeof r->why, "madvise(%s): %s", hugepage_mode_name(mode),
			 strerror(errno));
}

/* Returns the number of regions found in /proc/self/maps for the images (filling up to max),
 * or -1 with err when maps cannot be read. */
static int hp_scan(enum hp_mode mode, char images[][PATH_MAX], size_t nimg, struct hp_region *out,
		   size_t max, size_t pmd, char *err, size_t errlen)
{
	char line[PATH_MAX + 128], prev_image[PATH_MAX] = "";
	uintptr_t prev_end = 0;
	int n = 0;
	FILE *f = fopen("/proc/self/maps", "r");

	if (!f) {
		snprintf(err, errlen, "/proc/self/maps: %s", strerror(errno));
		return -1;
	}
	while (fgets(line, sizeof line, f)) {
		unsigned long lo, hi, inode;
		char perms[8];
		int used = 0, match = -1;
		struct hp_region tmp, *r;
		if (sscanf(line, "%lx-%lx %7s %*s %*s %lu %n", &lo, &hi, perms, &inode, &used) < 4)
			continue;
		line[strcspn(line, "\n")] = '\0';
		for (size_t i = 0; i < nimg && used; i++)
			if (!strcmp(line + used, images[i]))
				match = (int)i;
		r = (size_t)n < max ? &out[n] : &tmp;
		if (match >= 0 && !strcmp(perms, "rw-p")) {
			hp_take(r, lo, hi, 0, images[match], mode, pmd), n++;
			snprintf(prev_image, sizeof prev_image, "%s", images[match]);
			prev_end = hi;
			continue;
		}
		if (prev_image[0] && inode == 0 && line[used] == '\0' && lo == prev_end &&
		    !strcmp(perms, "rw-p"))
			hp_take(r, lo, hi, 1, prev_image, mode, pmd), n++;
		prev_image[0] = '\0';
	}
	fclose(f);
	return n;
}

int hugepage_advise_ex(enum hp_mode mode, const char *const *paths, size_t npaths,
		       struct hp_region *out, size_t max, char *err, size_t errlen)
{
	static char images[HP_MAX_IMAGES][PATH_MAX];
	struct hp_sys sys;
	struct hp_region local[64];
	char why[160];
	size_t nimg = 0;
	ssize_t len;
	int n, advised = 0;

	hp_last.mode = mode;
	hp_last.n = 0;
	if (mode == HP_DEFAULT)
		return 0;
	hugepage_sys(&sys);
	if (!hugepage_possible(mode, &sys, why, sizeof why)) {
		if (mode == HP_NOHUGEPAGE)
			return 0; /* no THP at all: the pages are already small */
		snprintf(err, errlen, "--tables %s: %s", hugepage_mode_name(mode), why);
		return -1;
	}
	if ((len = readlink("/proc/self/exe", images[0], PATH_MAX - 1)) < 0) {
		snprintf(err, errlen, "/proc/self/exe: %s", strerror(errno));
		return -1;
	}
	images[nimg++][len] = '\0';
	for (size_t i = 0; i < npaths && nimg < HP_MAX_IMAGES; i++)
		if (realpath(paths[i], images[nimg]))
			nimg++;
	if (!out || max == 0)
		out = local, max = sizeof local / sizeof local[0];
	if ((n = hp_scan(mode, images, nimg, out, max, sys.pmd_bytes, err, errlen)) < 0)
		return -1;
	hp_last.mode = mode;
	hp_last.n = (size_t)n < max ? (size_t)n : max;
	if (hp_last.n > sizeof hp_last.r / sizeof hp_last.r[0])
		hp_last.n = sizeof hp_last.r / sizeof hp_last.r[0];
	memcpy(hp_last.r, out, hp_last.n * sizeof *out);
	for (int i = 0; i < n && (size_t)i < max; i++)
		if (out[i].anonymous && !out[i].why[0])
			advised++;
	for (int i = 0; i < n && (size_t)i < max && !advised; i++)
		if (out[i].anonymous) {
			snprintf(err, errlen, "--tables %s: %s: %s", hugepage_mode_name(mode),
				 out[i].what, out[i].why);
			return -1;
		}
	return n;
}

int hugepage_advise(enum hp_mode mode, char *err, size_t errlen)
{
	return hugepage_advise_ex(mode, NULL, 0, NULL, 0, err, errlen);
}

int hugepage_collapse(const struct hp_region *r, size_t n, char *err, size_t errlen)
{
	int rc = 0;

	for (size_t i = 0; i < n; i++) {
		if (!r[i].anonymous || r[i].aligned_bytes == 0)
			continue;
		if (madvise((void *)r[i].start, r[i].end - r[i].start, MADV_COLLAPSE) == 0)
			continue;
		if (rc == 0)
			snprintf(err, errlen, "MADV_COLLAPSE on %s: %s", r[i].what,
				 errno == EINVAL ? "not supported (needs Linux 6.1 with THP)" :
				 errno == EAGAIN ? "no huge page free now (memory fragmented)" :
				 strerror(errno));
		rc = -1;
	}
	return rc;
}

size_t hugepage_last(const struct hp_region **r, enum hp_mode *mode)
{
	*r = hp_last.r;
	*mode = hp_last.mode;
	return hp_last.n;
}
