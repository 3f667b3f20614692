/* jsonx.c - the harness's helpers on top of jansson (see jsonx.h). */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "util/jsonx.h"

json_t *jsonx_string(const char *s)
{
	json_t *j;
	char *copy;

	if (!s)
		s = "";
	if ((j = json_string(s)))
		return j;
	/* not valid UTF-8: keep the ASCII, mark every other byte */
	if (!(copy = strdup(s)))
		return NULL;
	for (char *c = copy; *c; c++)
		if ((unsigned char)*c >= 0x80)
			*c = '?';
	j = json_string(copy);
	free(copy);
	return j;
}

int jsonx_set_str(json_t *obj, const char *key, const char *s)
{
	return json_object_set_new(obj, key, jsonx_string(s));
}

int jsonx_set_int(json_t *obj, const char *key, long long v)
{
	return json_object_set_new(obj, key, json_integer((json_int_t)v));
}

int jsonx_set_real(json_t *obj, const char *key, double v)
{
	return json_object_set_new(obj, key, isfinite(v) ? json_real(v) : json_null());
}

int jsonx_set_bool(json_t *obj, const char *key, int v)
{
	return json_object_set_new(obj, key, json_boolean(v));
}

int jsonx_set_bytes(json_t *obj, const char *key, long long bytes)
{
	return json_object_set_new(obj, key, bytes > 0 ? json_integer(bytes) : json_null());
}

int jsonx_write(const json_t *j, FILE *f)
{
	if (json_dumpf(j, f, JSON_INDENT(2) | JSON_REAL_PRECISION(15)) < 0)
		return -1;
	return fputc('\n', f) == EOF ? -1 : 0;
}

json_t *jsonx_load(const char *path, char *err, size_t errlen)
{
	FILE *f = fopen(path, "rb");
	json_error_t e;
	json_t *j;

	if (!f) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		return NULL;
	}
	j = json_loadf(f, JSON_DECODE_ANY, &e);
	if (!j)
		snprintf(err, errlen, "%s: not valid JSON: line %d: %s", path, e.line, e.text);
	fclose(f);
	return j;
}

const json_t *jsonx_get(const json_t *j, const char *path)
{
	while (j && path && *path) {
		size_t len = strcspn(path, ".");
		char key[128];

		if (len >= sizeof key)
			return NULL;
		memcpy(key, path, len);
		key[len] = 0;
		if (json_is_object(j)) {
			j = json_object_get(j, key);
		} else if (json_is_array(j)) {
			char *end;
			unsigned long idx = strtoul(key, &end, 10);
			j = *key && !*end ? json_array_get(j, idx) : NULL;
		} else {
			j = NULL;
		}
		path += len + (path[len] == '.');
	}
	return j;
}

const char *jsonx_str(const json_t *j, const char *path)
{
	const json_t *v = jsonx_get(j, path);

	if (json_is_boolean(v))
		return json_is_true(v) ? "true" : "false";
	return json_is_string(v) ? json_string_value(v) : NULL;
}

double jsonx_num(const json_t *j, const char *path)
{
	const json_t *v = jsonx_get(j, path);
	const char *s;
	char *end;
	double x;

	if (json_is_number(v))
		return json_number_value(v);
	if (json_is_boolean(v))
		return json_is_true(v);
	if (!json_is_string(v) || !*(s = json_string_value(v)))
		return NAN;
	x = strtod(s, &end);
	return *end ? NAN : x;
}
