/* kname.c - the kernel name rule (kname.h). */
#include <stddef.h>
#include <string.h>

#include "util/kname.h"

const char *kname_problem(const char *name)
{
	/* null: the baseline column; all, none: words of --kernel and --events lists */
	static const char *const RESERVED[] = { "null", "all", "none" };
	size_t n = strlen(name);

	if (n > 63)
		return "name longer than 63 characters";
	if (!((name[0] >= 'a' && name[0] <= 'z') || (name[0] >= '0' && name[0] <= '9')))
		return "name must start with a lower-case letter or a digit";
	for (const char *c = name; *c; c++)
		if (!((*c >= 'a' && *c <= 'z') || (*c >= '0' && *c <= '9') || *c == '-'))
			return "name must be lower-case letters, digits and '-' (it is a CSV key)";
	for (size_t i = 0; i < sizeof RESERVED / sizeof RESERVED[0]; i++)
		if (!strcmp(name, RESERVED[i]))
			return "name is reserved (null is the baseline; all and none are list words)";
	return NULL;
}
