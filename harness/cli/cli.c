/* cli.c - option handling shared by the subcommands. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"

int cli_load_plugins(char **paths, size_t n)
{
	int refused = 0;
	char err[1024];

	for (size_t i = 0; i < n; i++) {
		if (registry_load_plugin(paths[i], err, sizeof err) < 0) {
			fprintf(stderr, "slidebench: %s\n", err);
			refused++;
		}
	}
	return refused;
}

/* Returns 1 when name is left out because a refused plugin held (or may have held) it; the
 * refusal was reported already, so the command goes on with the other kernels and exits 1. */
static int refused_name(const char *name)
{
	if (registry_refused_find(name))
		return 1;
	if (!registry_refused_count())
		return 0;
	fprintf(stderr, "slidebench: no kernel \"%s\" (a refused --plugin may have held it): "
		"left out\n", name);
	return 1;
}

int cli_select_kernels(const char *list, struct kentry **out, size_t max)
{
	size_t n = 0;
	char *copy, *tok, *save = NULL;

	if (list && (!*list || *list == ',' || list[strlen(list) - 1] == ',' || strstr(list, ",,"))) {
		fprintf(stderr, "slidebench: --kernel \"%s\": an empty name in the list (give "
			"names separated by single commas, or all)\n", list);
		return -1;
	}
	if (!list || !strcmp(list, "all")) {
		for (size_t i = 0; i < registry_count() && n < max; i++)
			out[n++] = registry_at(i);
		return (int)n;
	}
	copy = strdup(list);
	if (!copy)
		return -1;
	for (tok = strtok_r(copy, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
		struct kentry *e = registry_find(tok);
		if (!e && refused_name(tok))
			continue;
		if (!e) {
			fprintf(stderr, "slidebench: unknown kernel \"%s\"; known:", tok);
			for (size_t i = 0; i < registry_count(); i++)
				fprintf(stderr, " %s", registry_at(i)->k->name);
			fprintf(stderr, "\n");
			free(copy);
			return -1;
		}
		int dup = 0;
		for (size_t j = 0; j < n; j++)
			dup |= out[j] == e;
		if (!dup && n < max)
			out[n++] = e;
	}
	free(copy);
	return (int)n;
}

int cli_parse_long(const char *opt, const char *s, long min, long max, long *out)
{
	char *end;
	long v;

	errno = 0;
	v = strtol(s, &end, 10);
	/* digits only: strtol would also take leading blanks and a sign */
	if (!(*s >= '0' && *s <= '9') || errno || end == s || *end || v < min || v > max) {
		fprintf(stderr, "slidebench: %s: \"%s\" is not a whole number from %ld to %ld\n", opt,
			s, min, max);
		return -1;
	}
	*out = v;
	return 0;
}
