/* report_svg.c - whether a chart's SVG may be copied into report.html.  A chart is the plot
 * step's output, but a study directory can come from anywhere: an SVG inlined into a page runs
 * its scripts in the reader's browser.  Inlined is only SVG without script, foreign objects,
 * event-handler attributes (on*) and references outside the document (href, src and url()
 * that do not start with '#', javascript:, entities); anything else is embedded as an <img>,
 * where a browser runs nothing. */
#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "report/report.h"

/* Returns non-zero when the n bytes at s equal word, ignoring case. */
static int word_is(const char *s, size_t n, const char *word)
{
	return strlen(word) == n && !strncasecmp(s, word, n);
}

/* Returns why the attribute (name, value) may not be inlined, or NULL. */
static const char *attr_problem(const char *name, size_t nlen, const char *val, size_t vlen)
{
	const char *colon = memchr(name, ':', nlen);
	const char *local = colon ? colon + 1 : name;
	size_t llen = nlen - (size_t)(local - name);

	if (nlen >= 2 && !strncasecmp(name, "on", 2))
		return "an event-handler attribute (on...)";
	if ((word_is(local, llen, "href") || word_is(local, llen, "src")) && (vlen == 0 || *val != '#'))
		return "a reference outside the document (href or src not starting with #)";
	return NULL;
}

/* Returns why the tag at s (just after '<', its element name first) may not be inlined, or
 * NULL; *end is set past the tag. */
static const char *tag_problem(const char *s, const char **end)
{
	static const char *const BANNED[] = { "script", "foreignobject", "iframe", "object",
					      "embed", "handler", "listener", "animation" };
	const char *name = s, *colon;
	size_t n;

	while (*s && !isspace((unsigned char)*s) && *s != '>' && *s != '/')
		s++;
	colon = memchr(name, ':', (size_t)(s - name));
	if (colon)
		name = colon + 1;
	n = (size_t)(s - name);
	for (size_t i = 0; i < sizeof BANNED / sizeof BANNED[0]; i++)
		if (word_is(name, n, BANNED[i]))
			return "a script, foreign object or embedded document element";
	for (;;) {
		const char *an, *val = "";
		size_t alen, vlen = 0;
		while (isspace((unsigned char)*s) || *s == '/')
			s++;
		if (!*s || *s == '>')
			break;
		for (an = s; *s && *s != '=' && *s != '>' && !isspace((unsigned char)*s); s++)
			;
		alen = (size_t)(s - an);
		while (isspace((unsigned char)*s))
			s++;
		if (*s == '=') {
			char q;
			for (s++; isspace((unsigned char)*s); s++)
				;
			q = *s;
			if (q != '"' && q != '\'')
				return "an unquoted attribute value";
			val = ++s;
			while (*s && *s != q)
				s++;
			if (!*s)
				return "an attribute value never closed";
			vlen = (size_t)(s++ - val);
		}
		if (alen == 0)
			return "a malformed tag";
		const char *why = attr_problem(an, alen, val, vlen);
		if (why)
			return why;
	}
	*end = *s ? s + 1 : s;
	return NULL;
}

const char *report_svg_problem(const char *svg)
{
	const char *s = svg;

	for (const char *u = svg; (u = strcasestr(u, "url(")); u += 4) {
		const char *v = u + 4;
		while (isspace((unsigned char)*v) || *v == '\'' || *v == '"')
			v++;
		if (*v != '#')
			return "a url() outside the document";
	}
	if (strcasestr(svg, "javascript:") || strcasestr(svg, "<!ENTITY") || strcasestr(svg, "@import"))
		return "javascript:, an entity declaration or an @import";
	while ((s = strchr(s, '<'))) {
		const char *why, *end = NULL;
		s++;
		if (!strncmp(s, "!--", 3)) {
			const char *c = strstr(s, "-->");
			if (!c)
				return "a comment never closed";
			s = c + 3;
			continue;
		}
		if (*s == '?' || *s == '!' || *s == '/') {
			s++;
			continue;
		}
		if ((why = tag_problem(s, &end)))
			return why;
		s = end;
	}
	return NULL;
}
