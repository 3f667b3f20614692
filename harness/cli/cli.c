/* cli.c - option handling shared by the subcommands: the option tables (getopt_long's
 * arguments, --help's option list and its Markdown), plugins, kernel lists, numbers. */
#include <assert.h>
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

int cli_check_list(const char *opt, const char *list)
{
	if (*list && *list != ',' && list[strlen(list) - 1] != ',' && !strstr(list, ",,"))
		return 0;
	fprintf(stderr, "slidebench: %s \"%.80s\": an empty name in the list (give names "
		"separated by single commas)\n", opt, list);
	return -1;
}

int cli_select_kernels(const char *list, struct kentry **out, size_t max)
{
	size_t n = 0;
	char *copy, *tok, *save = NULL;

	if (list && cli_check_list("--kernel", list) < 0)
		return -1;
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

/* Returns the row of opts for key, or NULL. */
static const struct cli_opt *opt_of(const struct cli_opt *opts, int key)
{
	for (; opts->name; opts++)
		if (opts->key == key)
			return opts;
	return NULL;
}

int cli_take_number(const struct cli_opt *opts, int key, const char *arg, void *into)
{
	const struct cli_opt *o = opt_of(opts, key);
	char name[64];

	if (!o || !o->num)
		return 0;
	snprintf(name, sizeof name, "--%s", o->name);
	return cli_parse_long(name, arg, o->num->min, o->num->max,
			      (long *)((char *)into + o->num->off)) < 0 ? -1 : 1;
}

void cli_number_defaults(const struct cli_opt *opts, void *into)
{
	for (; opts->name; opts++)
		if (opts->num && opts->num->def != CLI_NO_DEFAULT)
			*(long *)((char *)into + opts->num->off) = opts->num->def;
}

/* Writes what --help and the Markdown say of o into buf: its help, then a whole number's
 * default and range.  Returns buf. */
static const char *opt_help(char *buf, size_t len, const struct cli_opt *o)
{
	const struct cli_num *n = o->num;
	char def[48] = "";

	if (!n)
		return o->help;
	if (n->def != CLI_NO_DEFAULT)
		snprintf(def, sizeof def, "default %ld; ", n->def);
	snprintf(buf, len, "%s (%sfrom %ld to %ld)", o->help, def, n->min, n->max);
	return buf;
}

/* Returns 1 when key is also a short option: a letter. */
static int is_short(int key)
{
	return (key >= 'a' && key <= 'z') || (key >= 'A' && key <= 'Z');
}

void cli_getopt_init(struct cli_getopt *g, const struct cli_opt *opts)
{
	size_t n = 0, s = 0;

	for (; opts[n].name; n++) {
		assert(n < CLI_MAX_OPTS); /* a table longer than CLI_MAX_OPTS: raise it */
		g->longs[n] = (struct option){ opts[n].name, opts[n].arg ? required_argument :
					       no_argument, NULL, opts[n].key };
		if (!is_short(opts[n].key))
			continue;
		g->shorts[s++] = (char)opts[n].key;
		if (opts[n].arg)
			g->shorts[s++] = ':';
	}
	g->longs[n] = (struct option){ NULL, 0, NULL, 0 };
	g->shorts[s] = 0;
	optind = 1;
}

int cli_getopt(struct cli_getopt *g, int argc, char **argv)
{
	return getopt_long(argc, argv, g->shorts, g->longs, NULL);
}

/* Writes o's left column, "-k, --kernel LIST" or "    --cold", into buf; returns its length. */
static int opt_left(char *buf, size_t len, const struct cli_opt *o)
{
	int s = is_short(o->key);

	return snprintf(buf, len, "%c%c%c --%s%s%s", s ? '-' : ' ', s ? o->key : ' ', s ? ',' : ' ',
			o->name, o->arg ? " " : "", o->arg ? o->arg : "");
}

/* Prints text from column at onward, its lines indented to col and wrapped before column 80
 * at a blank or after a comma; a left column that reaches col puts the text on the next line. */
static void wrap(FILE *f, const char *text, int at, int col)
{
	int blank = 0;

	if (at > col - 2) {
		fputc('\n', f);
		at = 0;
	}
	fprintf(f, "%*s", col - at, "");
	at = col;
	while (*text) {
		int w = (int)strcspn(text, " ,");
		w += text[w] == ',';
		if (at > col && at + blank + w > 79)
			at = fprintf(f, "\n%*s", col, "") - 1;
		else if (blank)
			at += fprintf(f, " ");
		at += fprintf(f, "%.*s", w, text);
		for (text += w, blank = 0; *text == ' '; text++)
			blank = 1;
	}
	fputc('\n', f);
}

#define LEFT_MAX 24 /* a wider left column puts its help on the next line */

/* Prints the shown options of c, one a line. */
static void print_options(FILE *f, const struct cli_cmd *c)
{
	char left[128], text[1024];
	int width = 0, col;

	for (const struct cli_opt *o = c->opts; o->name; o++) {
		int n = o->help ? opt_left(left, sizeof left, o) : 0;
		width = n > width && n <= LEFT_MAX ? n : width;
	}
	col = 2 + width + 2;
	for (const struct cli_opt *o = c->opts; o->name; o++) {
		if (!o->help)
			continue;
		opt_left(left, sizeof left, o);
		wrap(f, opt_help(text, sizeof text, o), fprintf(f, "  %s", left), col);
		if (o->more)
			o->more(f, col);
	}
}

void cli_print_help(FILE *f, const struct cli_cmd *c)
{
	fprintf(f, "usage: slidebench %s %s\n%s", c->name, c->synopsis, c->about);
	print_options(f, c);
	fputs(c->tail, f);
}

/* Writes s for a Markdown table cell (code: s starts inside a `code` span): each '|' escaped,
 * and each '<' outside code (a placeholder such as <run-id> is no HTML tag). */
static void md_cell(FILE *f, const char *s, int code)
{
	for (; *s; s++) {
		code ^= *s == '`';
		if (*s == '|' || (*s == '<' && !code))
			fputc('\\', f);
		fputc(*s, f);
	}
}

/* Writes o's name as Markdown code: "`--kernel LIST`". */
static void md_name(FILE *f, const struct cli_opt *o)
{
	fprintf(f, "`--%s%s", o->name, o->arg ? " " : "");
	md_cell(f, o->arg ? o->arg : "", 1);
	fputc('`', f);
}

/* Returns 1 when the Markdown shows o: documented, and not --help (every command has it). */
static int md_shown(const struct cli_opt *o)
{
	return o->help && strcmp(o->name, "help");
}

void cli_markdown_options(FILE *f, const struct cli_cmd *c)
{
	char text[1024];
	int any = 0;

	fprintf(f, "### `slidebench %s ", c->name);
	md_cell(f, c->synopsis, 1);
	fprintf(f, "`\n\n");
	for (const struct cli_opt *o = c->opts; o->name; o++) {
		if (!md_shown(o))
			continue;
		if (!any++)
			fprintf(f, "| option | what it does |\n|---|---|\n");
		fprintf(f, "| ");
		if (is_short(o->key))
			fprintf(f, "`-%c`, ", o->key);
		md_name(f, o);
		fprintf(f, " | ");
		md_cell(f, opt_help(text, sizeof text, o), 0);
		fprintf(f, " |\n");
	}
	fprintf(f, "%s\n", any ? "" : "No options but `--help`.\n");
}

void cli_markdown_summary(FILE *f, const struct cli_cmd *c)
{
	int any = 0;

	fprintf(f, "| `%s ", c->name);
	md_cell(f, c->synopsis, 1);
	fprintf(f, "` |");
	for (const struct cli_opt *o = c->opts; o->name; o++) {
		if (!md_shown(o))
			continue;
		fprintf(f, "%s", any++ ? ", " : " ");
		md_name(f, o);
	}
	fprintf(f, "%s |\n", any ? "" : " none");
}
