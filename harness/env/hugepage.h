/* hugepage.h - `--tables default|hugepage|nohugepage`: transparent huge pages for the kernels'
 * tables without changing the kernel ABI, and reading back what the kernel actually did.
 *
 * Kernels keep their tables in static arrays, so they live in the .bss (and .data) of the
 * binary or plugin that holds them.  hugepage_advise() madvise()s those writable mappings
 * BEFORE any kernel's init() touches them, so the first touch of each 2 MiB-aligned part can
 * fault in a huge page (or, with nohugepage, never does).  /proc/self/smaps then says per
 * mapping how much became huge (AnonHugePages), which the run records. */
#ifndef SB_HUGEPAGE_H
#define SB_HUGEPAGE_H

#include "util/jsonx.h"

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

enum hp_mode { HP_DEFAULT, HP_HUGEPAGE, HP_NOHUGEPAGE };

/* The system's THP settings (/sys/kernel/mm/transparent_hugepage/). */
struct hp_sys {
	char enabled[16];   /* the [selected] word: always, madvise, never; or "unknown" */
	char defrag[24];    /* always, defer, defer+madvise, madvise, never; or "unknown" */
	size_t pmd_bytes;   /* huge page size (hpage_pmd_size), 2 MiB when not readable */
};

/* One writable mapping of an image that hugepage_advise_ex() advised. */
struct hp_region {
	uintptr_t start, end;  /* page-aligned, as in /proc/self/maps */
	size_t aligned_bytes;  /* the part made of whole aligned huge pages: at most this can be
				* huge (0: the mapping is too small or badly placed) */
	int anonymous;         /* 1: the .bss beyond the file (THP-eligible); 0: file-backed */
	char what[80];         /* e.g. "slidebench bss" or "magic-plain.so data" */
	char why[96];          /* "" when madvise worked, else its error */
};

/* What smaps says about the mapping(s) covering a range (figures of whole mappings). */
struct hp_info {
	size_t mappings;                 /* how many mappings overlap the range */
	size_t size_kb, rss_kb, anon_huge_kb;
	int thp_eligible;                /* 1 all eligible, 0 none, -1 mixed or not reported */
	int advised_huge, advised_nohuge; /* VmFlags "hg" / "nh" on any of them */
};

/* Returns 0 with *out set for "default", "hugepage" or "nohugepage", else -1. */
int hugepage_mode_parse(const char *s, enum hp_mode *out);
/* Returns "default", "hugepage" or "nohugepage". */
const char *hugepage_mode_name(enum hp_mode mode);
/* Fills s from sysfs; returns 0, or -1 when this kernel has no THP (s says "unknown"). */
int hugepage_sys(struct hp_sys *s);
/* Returns 1 when mode can take effect under s, else 0 with why (e.g. "THP disabled: never"). */
int hugepage_possible(enum hp_mode mode, const struct hp_sys *s, char *why, size_t whylen);

/* madvise()s the writable mappings of the executable (MADV_HUGEPAGE or MADV_NOHUGEPAGE; nothing
 * for HP_DEFAULT).  Call it before any kernel's init().  Returns the number of mappings advised,
 * or -1 with err (THP impossible, /proc/self/maps unreadable, or madvise refused). */
int hugepage_advise(enum hp_mode mode, char *err, size_t errlen);
/* The same for the executable and the shared objects at paths (plugins; NULL/0 for none): fills
 * up to max regions (out may be NULL) and returns how many mappings were found, or -1 with err.
 * A mapping madvise refused keeps its why and the others are still advised. */
int hugepage_advise_ex(enum hp_mode mode, const char *const *paths, size_t npaths,
		       struct hp_region *out, size_t max, char *err, size_t errlen);
/* MADV_COLLAPSE (Linux 6.1+) on the anonymous regions: makes huge pages now of tables already
 * touched (for instance by an init() that ran before hugepage_advise).  Returns 0, or -1 with
 * err ("needs Linux 6.1", "no free huge pages", ...). */
int hugepage_collapse(const struct hp_region *r, size_t n, char *err, size_t errlen);

/* Returns the regions the last hugepage_advise*() found (its own copy, up to 32) and sets *mode
 * to the mode asked; n 0 and HP_DEFAULT before any call. */
size_t hugepage_last(const struct hp_region **r, enum hp_mode *mode);
/* Returns 0 after summing smaps' Rss and AnonHugePages (kB) over the last advised anonymous
 * regions into out (for a per-kernel delta around each init()), or -1 (none, or no smaps). */
int hugepage_usage(struct hp_info *out);
/* Returns context.json's "tables" object (json_decref it; NULL out of memory): mode, THP
 * settings, and per advised region its bytes, aligned bytes and what smaps says now. */
json_t *hugepage_json(void);

/* Parses smaps text from f and sums the mappings overlapping [lo, hi) into out; returns 0, or -1
 * when no mapping overlaps the range.  Takes a FILE* so tests can feed a fixture. */
int hugepage_smaps_parse(FILE *f, uintptr_t lo, uintptr_t hi, struct hp_info *out);
/* hugepage_smaps_parse() on /proc/self/smaps for [addr, addr + len). */
int hugepage_readback(const void *addr, size_t len, struct hp_info *out);

#endif
