/* report_families.c - how many kernels of each family the 64-bit sweep timed. */
#include <stdio.h>
#include <string.h>

#include "report/report.h"

#define MAX_FAMILIES 32

void report_families(struct doc *d, const struct study *s)
{
	const char *fam[MAX_FAMILIES], *seen[512];
	size_t nfam = 0, nseen = 0, count[MAX_FAMILIES] = { 0 };

	doc_h(d, 2, "families", "Kernels per family");
	for (size_t i = 0; i < s->m64.nrows; i++) {
		const struct rr_row *r = &s->m64.rows[i];
		size_t j, f;

		if (!r->kernel || !strcmp(r->kernel, "null") || !r->family)
			continue;
		for (j = 0; j < nseen && strcmp(seen[j], r->kernel); j++)
			;
		if (j < nseen || nseen == sizeof seen / sizeof seen[0])
			continue;
		seen[nseen++] = r->kernel;
		for (f = 0; f < nfam && strcmp(fam[f], r->family); f++)
			;
		if (f == nfam && nfam < MAX_FAMILIES)
			fam[nfam++] = r->family;
		if (f < nfam)
			count[f]++;
	}
	doc_list_begin(d);
	for (size_t f = 0; f < nfam; f++)
		doc_li(d, "%s: %zu kernel%s", fam[f], count[f], count[f] == 1 ? "" : "s");
	doc_list_end(d);
}
