/* pressure.c - pressure working sets (see pressure.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench/pressure.h"
#include "util/rng.h"

int pressure_parse(const char *list, struct pressure_set *p, char *err, size_t errlen)
{
	const char *s = list;

	memset(p, 0, sizeof *p);
	while (*s) {
		char *end;
		unsigned long long v = strtoull(s, &end, 10);
		int shift = 0;
		if (end == s || *s == '-') {
			snprintf(err, errlen, "--pressure: \"%s\": a size in bytes, K, M or G expected", s);
			return -1;
		}
		switch (*end) {
		case 'K': case 'k': shift = 10; end++; break;
		case 'M': case 'm': shift = 20; end++; break;
		case 'G': case 'g': shift = 30; end++; break;
		}
		v <<= shift;
		if ((*end && *end != ',') || v % 64 || v > (1ULL << 32)) {
			snprintf(err, errlen, "--pressure: \"%.*s\": a multiple of 64 bytes up to 4G "
				 "expected", (int)strcspn(s, ","), s);
			return -1;
		}
		if (p->n == PRESSURE_MAX) {
			snprintf(err, errlen, "--pressure: at most %d sizes", PRESSURE_MAX);
			return -1;
		}
		p->bytes[p->n++] = (size_t)v;
		s = *end ? end + 1 : end;
	}
	if (!p->n) {
		snprintf(err, errlen, "--pressure: no size given");
		return -1;
	}
	return 0;
}

int pressure_build(struct pressure_set *p, uint64_t seed)
{
	size_t max = 64;
	struct rng r;

	for (size_t i = 0; i < p->n; i++)
		max = p->bytes[i] > max ? p->bytes[i] : max;
	if (posix_memalign((void **)&p->buf, 64, max))
		return -1;
	for (size_t w = 0; w < max / 8; w++)
		p->buf[w] = w * 0x9E3779B97F4A7C15ULL;
	rng_seed(&r, seed);
	for (size_t i = 0; i < p->n; i++) {
		size_t lines = p->bytes[i] / 64;
		if (!lines)
			continue;
		if (!(p->touch[i] = malloc(lines * sizeof(uint32_t))))
			return -1;
		for (size_t j = 0; j < lines; j++)
			p->touch[i][j] = (uint32_t)j;
		for (size_t j = lines - 1; j > 0; j--) {  /* Fisher-Yates: every line once a cycle */
			size_t k = (size_t)(rng_next(&r) % (j + 1));
			uint32_t t = p->touch[i][j];
			p->touch[i][j] = p->touch[i][k];
			p->touch[i][k] = t;
		}
	}
	return 0;
}

void pressure_free(struct pressure_set *p)
{
	for (size_t i = 0; i < p->n; i++)
		free(p->touch[i]);
	free(p->buf);
	memset(p, 0, sizeof *p);
}
