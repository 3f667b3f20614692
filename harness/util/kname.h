/* kname.h - what a kernel may be called: the rule every name is held to, whether a plugin
 * declares it (registry) or a run's files name it (runread). */
#ifndef SB_KNAME_H
#define SB_KNAME_H

/* Returns NULL when name is a kernel name ([a-z0-9][a-z0-9-]{0,62}, not reserved: null, all,
 * none), else why.  It is a CSV key, a file name and a benchmark name in other tools' formats;
 * a plugin's name and every kernel name read back from a run's files are held to it. */
const char *kname_problem(const char *name);

#endif
