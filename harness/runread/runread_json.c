/* runread_json.c - a small recursive-descent JSON reader, enough for context.json: objects,
 * arrays, strings (with \uXXXX escapes written as UTF-8), numbers, true, false, null. */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runread/runread.h"

#define JSON_MAX_DEPTH 64

struct parser {
	const char *s, *start;
	char *err;
	size_t errlen;
};

static int fail(struct parser *p, const char *what)
{
	if (p->err && !p->err[0])
		snprintf(p->err, p->errlen, "byte %ld: %s", (long)(p->s - p->start), what);
	return -1;
}

static void skip_ws(struct parser *p)
{
	while (*p->s == ' ' || *p->s == '\t' || *p->s == '\n' || *p->s == '\r')
		p->s++;
}

static void put_utf8(char *o, size_t *n, unsigned cp)
{
	if (cp < 0x80) {
		o[(*n)++] = (char)cp;
	} else if (cp < 0x800) {
		o[(*n)++] = (char)(0xc0 | cp >> 6);
		o[(*n)++] = (char)(0x80 | (cp & 0x3f));
	} else {
		o[(*n)++] = (char)(0xe0 | cp >> 12);
		o[(*n)++] = (char)(0x80 | (cp >> 6 & 0x3f));
		o[(*n)++] = (char)(0x80 | (cp & 0x3f));
	}
}

static int parse_string(struct parser *p, char **out)
{
	const char *s = ++p->s;
	size_t n = 0;
	char *o = malloc(strlen(s) + 1);    /* escapes never grow the text */

	if (!o)
		return fail(p, "out of memory");
	for (; *s != '"'; s++) {
		if (!*s || (unsigned char)*s < 0x20) {
			free(o);
			p->s = s;
			return fail(p, "unterminated string");
		}
		if (*s != '\\') {
			o[n++] = *s;
			continue;
		}
		s++;
		switch (*s) {
		case 'n': o[n++] = '\n'; break;
		case 't': o[n++] = '\t'; break;
		case 'r': o[n++] = '\r'; break;
		case 'b': o[n++] = '\b'; break;
		case 'f': o[n++] = '\f'; break;
		case 'u': {
			unsigned cp = 0;
			for (int i = 1; i <= 4; i++) {
				char h = s[i];
				int d = h >= '0' && h <= '9' ? h - '0' : h >= 'a' && h <= 'f' ?
					h - 'a' + 10 : h >= 'A' && h <= 'F' ? h - 'A' + 10 : -1;
				if (d < 0) {
					free(o);
					p->s = s;
					return fail(p, "bad \\u escape");
				}
				cp = cp * 16 + (unsigned)d;
			}
			put_utf8(o, &n, cp);
			s += 4;
			break;
		}
		case '"': case '\\': case '/': o[n++] = *s; break;
		default:
			free(o);
			p->s = s;
			return fail(p, "bad escape");
		}
	}
	o[n] = 0;
	p->s = s + 1;
	*out = o;
	return 0;
}

static int parse_value(struct parser *p, struct json *j, int depth);

static int push_item(struct parser *p, struct json *j, char *key, int depth)
{
	struct json *items = realloc(j->items, (j->n + 1) * sizeof *items);
	char **keys = j->type == JSON_OBJ ? realloc(j->keys, (j->n + 1) * sizeof *keys) : NULL;

	if (items)
		j->items = items;
	if (keys)
		j->keys = keys;
	if (!items || (j->type == JSON_OBJ && !keys)) {
		free(key);
		return fail(p, "out of memory");
	}
	memset(&j->items[j->n], 0, sizeof *items);
	if (keys)
		keys[j->n] = key;
	j->n++;
	return parse_value(p, &j->items[j->n - 1], depth + 1);
}

static int parse_container(struct parser *p, struct json *j, int depth)
{
	char close = *p->s == '{' ? '}' : ']';

	j->type = close == '}' ? JSON_OBJ : JSON_ARR;
	p->s++;
	skip_ws(p);
	if (*p->s == close) {
		p->s++;
		return 0;
	}
	for (;;) {
		char *key = NULL;
		skip_ws(p);
		if (j->type == JSON_OBJ) {
			if (*p->s != '"' || parse_string(p, &key) < 0)
				return fail(p, "expected a key string");
			skip_ws(p);
			if (*p->s != ':') {
				free(key);
				return fail(p, "expected ':'");
			}
			p->s++;
		}
		if (push_item(p, j, key, depth) < 0)
			return -1;
		skip_ws(p);
		if (*p->s == ',') {
			p->s++;
			continue;
		}
		if (*p->s == close) {
			p->s++;
			return 0;
		}
		return fail(p, close == '}' ? "expected ',' or '}'" : "expected ',' or ']'");
	}
}

static int parse_value(struct parser *p, struct json *j, int depth)
{
	char *end;

	if (depth > JSON_MAX_DEPTH)
		return fail(p, "nested too deeply");
	skip_ws(p);
	switch (*p->s) {
	case '{': case '[':
		return parse_container(p, j, depth);
	case '"':
		j->type = JSON_STR;
		return parse_string(p, &j->str);
	case 't': case 'f': case 'n': {
		static const char *const WORD[] = { "true", "false", "null" };
		for (int i = 0; i < 3; i++)
			if (!strncmp(p->s, WORD[i], strlen(WORD[i]))) {
				j->type = i < 2 ? JSON_BOOL : JSON_NULL;
				j->num = i == 0;
				p->s += strlen(WORD[i]);
				return 0;
			}
		return fail(p, "unexpected word");
	}
	default:
		errno = 0;
		j->num = strtod(p->s, &end);
		if (end == p->s)
			return fail(p, "unexpected character");
		j->type = JSON_NUM;
		p->s = end;
		return 0;
	}
}

struct json *json_parse(const char *text, char *err, size_t errlen)
{
	struct parser p = { text, text, err, errlen };
	struct json *j = calloc(1, sizeof *j);

	if (err && errlen)
		err[0] = 0;
	if (!j)
		return NULL;
	if (parse_value(&p, j, 0) == 0) {
		skip_ws(&p);
		if (!*p.s)
			return j;
		fail(&p, "text after the value");
	}
	json_free(j);
	return NULL;
}

struct json *json_load(const char *path, char *err, size_t errlen)
{
	FILE *f = fopen(path, "rb");
	char *buf, what[200];
	long n = -1;
	struct json *j = NULL;

	if (!f) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		return NULL;
	}
	if (fseek(f, 0, SEEK_END) == 0)
		n = ftell(f);
	rewind(f);
	buf = n >= 0 ? malloc((size_t)n + 1) : NULL;
	if (buf && fread(buf, 1, (size_t)n, f) == (size_t)n) {
		buf[n] = 0;
		j = json_parse(buf, what, sizeof what);
		if (!j)
			snprintf(err, errlen, "%s: not valid JSON: %s", path, what);
	} else {
		snprintf(err, errlen, "%s: cannot read", path);
	}
	free(buf);
	fclose(f);
	return j;
}

static void json_clear(struct json *j)
{
	for (size_t i = 0; i < j->n; i++) {
		json_clear(&j->items[i]);
		if (j->keys)
			free(j->keys[i]);
	}
	free(j->items);
	free(j->keys);
	free(j->str);
}

void json_free(struct json *j)
{
	if (!j)
		return;
	json_clear(j);
	free(j);
}

const struct json *json_get(const struct json *j, const char *key)
{
	while (j && key && *key) {
		size_t len = strcspn(key, ".");
		const struct json *next = NULL;
		if (j->type == JSON_OBJ) {
			for (size_t i = 0; i < j->n && !next; i++)
				if (strlen(j->keys[i]) == len && !strncmp(j->keys[i], key, len))
					next = &j->items[i];
		} else if (j->type == JSON_ARR) {
			char *end;
			unsigned long idx = strtoul(key, &end, 10);
			if (end == key + len && idx < j->n)
				next = &j->items[idx];
		}
		j = next;
		key += len + (key[len] == '.');
	}
	return j;
}

const char *json_str(const struct json *j, const char *key)
{
	const struct json *v = json_get(j, key);

	if (!v)
		return NULL;
	if (v->type == JSON_BOOL)
		return v->num ? "true" : "false";
	return v->type == JSON_STR ? v->str : NULL;
}

double json_num(const struct json *j, const char *key)
{
	const struct json *v = json_get(j, key);
	char *end;
	double x;

	if (!v)
		return NAN;
	if (v->type == JSON_NUM || v->type == JSON_BOOL)
		return v->num;
	if (v->type != JSON_STR || !v->str[0])
		return NAN;
	x = strtod(v->str, &end);
	return *end ? NAN : x;
}
