/* jsonx.h - every JSON file slidebench writes or reads goes through jansson (one escaping, one
 * parser); these are the few helpers on top of it that the harness shares: reading a value by a
 * dotted path, setting members that may be missing or unknown, and writing one layout. */
#ifndef SB_JSONX_H
#define SB_JSONX_H

#include <jansson.h>
#include <stdio.h>

/* Returns a new JSON string of s: "" for NULL, invalid UTF-8 bytes replaced by '?'. */
json_t *jsonx_string(const char *s);
/* Sets obj[key] to the string s (jsonx_string), a number, a boolean, or a size in bytes that
 * is null when not known (bytes <= 0).  Each returns 0 or -1 (out of memory). */
int jsonx_set_str(json_t *obj, const char *key, const char *s);
int jsonx_set_int(json_t *obj, const char *key, long long v);
int jsonx_set_real(json_t *obj, const char *key, double v);
int jsonx_set_bool(json_t *obj, const char *key, int v);
int jsonx_set_bytes(json_t *obj, const char *key, long long bytes);
/* Writes j to f, two-space indented, reals with up to 15 significant digits, then a newline.
 * Returns 0 or -1. */
int jsonx_write(const json_t *j, FILE *f);
/* Reads and parses path.  Returns the tree (json_decref it) or NULL with err set
 * ("PATH: not valid JSON: line 3: ..."). */
json_t *jsonx_load(const char *path, char *err, size_t errlen);
/* Returns the node at a dotted path ("machine.l1d_bytes", "events.0.name"), or NULL. */
const json_t *jsonx_get(const json_t *j, const char *path);
/* Returns the string at path ("true"/"false" for booleans), or NULL. */
const char *jsonx_str(const json_t *j, const char *path);
/* Returns the number at path (true is 1, false 0, a numeric string counts), or NaN. */
double jsonx_num(const json_t *j, const char *path);

#endif
