/* report_doc.c - the document emitter behind `report`: each call writes the same content as
 * HTML (one self-contained file: inline CSS, each chart an SVG image in a data: URL, and a
 * Content-Security-Policy that lets the page run no script and load nothing from elsewhere)
 * and as Markdown. */
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "report/report.h"
#include "util/output.h"

static const char CSS[] =
	"body{font:15px/1.45 system-ui,sans-serif;max-width:1180px;margin:1.5em auto;"
	"padding:0 1em;color:#1d1d1f;background:#fff}\n"
	"h1{font-size:1.6em;border-bottom:2px solid #345;padding-bottom:.2em}\n"
	"h2{font-size:1.3em;margin-top:1.8em;border-bottom:1px solid #ccd}\n"
	"h3{font-size:1.08em;margin-top:1.3em}\n"
	"table{border-collapse:collapse;margin:.5em 0 1em;font-size:13px}\n"
	"th,td{border:1px solid #ccd;padding:2px 7px;text-align:left;vertical-align:top}\n"
	"th{background:#eef1f6}td.n{text-align:right;font-variant-numeric:tabular-nums}\n"
	"tr.marked td{background:#fff4d6}\n"
	"p.answer{background:#eef6ee;border-left:4px solid #3a7;padding:.5em .8em}\n"
	"p.note,figure.missing p{background:#f6f0e6;border-left:4px solid #c93;padding:.4em .8em}\n"
	"figure{margin:1em 0;border:1px solid #dde;padding:.5em}\n"
	"figure img{max-width:100%;height:auto;display:block}\n"
	"figcaption{font-size:13px;color:#445}\n"
	"code{background:#f2f2f5;padding:0 3px}\n"
	"p.machine{color:#445;margin:.2em 0 .6em}\n"
	"dl.answers dt{font-weight:600;margin-top:.45em}dl.answers dd{margin:0 0 0 1.2em}\n"
	"table.rec td,table.rec th{font-size:14px;padding:3px 9px}\n"
	"span.w-settled{color:#185;font-weight:600}span.w-likely{color:#a60;font-weight:600}"
	"span.w-unclear{color:#777;font-weight:600}span.w-provisional{color:#b34;font-weight:600}\n"
	"p.foot{font-size:12.5px;color:#556;margin:.3em 0}\n"
	"nav.toc{font-size:13.5px;columns:2;background:#f6f7fa;padding:.4em 1em;margin:.8em 0}"
	"nav.toc ol{margin:.2em 0}\n"
	"details{margin:.4em 0}summary{cursor:pointer;color:#345}\n";

void doc_html_esc(FILE *f, const char *s)
{
	const unsigned char *p = (const unsigned char *)s;
	int n;

	while (*p)
		switch (*p) {
		case '&': fputs("&amp;", f), p++; break;
		case '<': fputs("&lt;", f), p++; break;
		case '>': fputs("&gt;", f), p++; break;
		case '"': fputs("&quot;", f), p++; break;
		case '\'': fputs("&#39;", f), p++; break;
		case '\t': case '\n': fputc(*p, f), p++; break;  /* HTML's white space */
		default:  /* a control character (none in XML), a byte that is not UTF-8 */
			if ((n = out_visible_len(p)) > 0)
				fwrite(p, 1, (size_t)n, f), p += n;
			else
				fputs(OUT_REPLACEMENT, f), p += -n;
		}
}

/* Markdown table cells: a | would end the cell, a newline the row (a space here); the rest as
 * out_put_text writes it. */
static void md_cell(FILE *f, const char *s)
{
	for (const unsigned char *p = (const unsigned char *)s; *p;) {
		int n = out_visible_len(p);
		if (*p == '|' || *p == '\n')
			fputs(*p == '|' ? "\\|" : " ", f), n = 1;
		else if (n < 0)
			fputs(OUT_REPLACEMENT, f), n = -n;
		else
			fwrite(p, 1, (size_t)n, f);
		p += n;
	}
}

void doc_begin(struct doc *d, const char *title)
{
	fprintf(d->html, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
		"<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; "
		"img-src data:; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'\">\n"
		"<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>");
	doc_html_esc(d->html, title);
	fprintf(d->html, "</title>\n<style>\n%s</style>\n</head>\n<body>\n<h1>", CSS);
	doc_html_esc(d->html, title);
	fprintf(d->html, "</h1>\n");
	fputs("# ", d->md);
	out_put_text(d->md, title);
	fputs("\n\n", d->md);
}

void doc_end(struct doc *d)
{
	fprintf(d->html, "</body>\n</html>\n");
}

void doc_h(struct doc *d, int level, const char *id, const char *text)
{
	fprintf(d->html, "<h%d id=\"", level);
	doc_html_esc(d->html, id);
	fputs("\">", d->html);
	doc_html_esc(d->html, text);
	fprintf(d->html, "</h%d>\n", level);
	fprintf(d->md, "%.*s ", level, "######");
	out_put_text(d->md, text);
	fputs("\n\n", d->md);
	if (level == 2 && d->ntoc < DOC_TOC_MAX) {
		snprintf(d->toc[d->ntoc].id, sizeof d->toc[0].id, "%s", id);
		snprintf(d->toc[d->ntoc].text, sizeof d->toc[0].text, "%s", text);
		d->ntoc++;
	}
}

void doc_toc(struct doc *d)
{
	fputs("<nav class=\"toc\"><b>Contents</b><ol>\n", d->html);
	fputs("**Contents**\n\n", d->md);
	for (size_t i = 0; i < d->ntoc; i++) {
		fputs("<li><a href=\"#", d->html);
		doc_html_esc(d->html, d->toc[i].id);
		fputs("\">", d->html);
		doc_html_esc(d->html, d->toc[i].text);
		fputs("</a></li>\n", d->html);
		fprintf(d->md, "%zu. [", i + 1);
		out_put_text(d->md, d->toc[i].text);
		fputs("](#", d->md);
		out_put_text(d->md, d->toc[i].id);
		fputs(")\n", d->md);
	}
	fputs("</ol></nav>\n", d->html);
	fputs("\n", d->md);
}

static void vdoc_text(struct doc *d, const char *fmt, va_list ap, const char *open,
		      const char *close, const char *md_prefix)
{
	char *s = NULL;

	if (vasprintf(&s, fmt, ap) < 0)
		return;
	fputs(open, d->html);
	doc_html_esc(d->html, s);
	fputs(close, d->html);
	fputs(md_prefix, d->md);
	out_put_text(d->md, s);
	fputc('\n', d->md);
	free(s);
}

void doc_cat(char *out, size_t len, const char *fmt, ...)
{
	size_t used = strlen(out);
	va_list ap;

	if (used + 1 >= len)
		return;
	va_start(ap, fmt);
	vsnprintf(out + used, len - used, fmt, ap);
	va_end(ap);
}

void doc_p(struct doc *d, const char *cls, const char *fmt, ...)
{
	char open[64];
	va_list ap;

	snprintf(open, sizeof open, cls ? "<p class=\"%s\">" : "<p>", cls);
	va_start(ap, fmt);
	vdoc_text(d, fmt, ap, open, "</p>\n", cls && !strcmp(cls, "answer") ? "> " : "");
	va_end(ap);
	fputc('\n', d->md);
}

void doc_list_begin(struct doc *d)
{
	fputs("<ul>\n", d->html);
}

void doc_li(struct doc *d, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vdoc_text(d, fmt, ap, "<li>", "</li>\n", "- ");
	va_end(ap);
}

void doc_list_end(struct doc *d)
{
	fputs("</ul>\n", d->html);
	fputc('\n', d->md);
}

void doc_table_begin(struct doc *d, size_t ncol, const char *const *head)
{
	fputs("<table>\n<tr>", d->html);
	for (size_t i = 0; i < ncol; i++) {
		fputs("<th>", d->html);
		doc_html_esc(d->html, head[i]);
		fputs("</th>", d->html);
		fputs("| ", d->md);
		md_cell(d->md, head[i]);
		fputc(' ', d->md);
	}
	fputs("</tr>\n", d->html);
	fputs("|\n", d->md);
	for (size_t i = 0; i < ncol; i++)
		fputs("|---", d->md);
	fputs("|\n", d->md);
}

/* Returns 1 when s looks like a number (right-aligned in HTML). */
static int numeric(const char *s)
{
	return (*s >= '0' && *s <= '9') || (*s == '-' && s[1] >= '0' && s[1] <= '9');
}

void doc_table_row(struct doc *d, size_t ncol, const char *const *cells, int marked)
{
	fputs(marked ? "<tr class=\"marked\">" : "<tr>", d->html);
	for (size_t i = 0; i < ncol; i++) {
		fputs(numeric(cells[i]) ? "<td class=\"n\">" : "<td>", d->html);
		doc_html_esc(d->html, cells[i]);
		fputs("</td>", d->html);
		fputs("| ", d->md);
		if (marked && i == 0)
			fputs("\u26a0 ", d->md);
		md_cell(d->md, cells[i]);
		fputc(' ', d->md);
	}
	fputs("</tr>\n", d->html);
	fputs("|\n", d->md);
}

void doc_table_end(struct doc *d)
{
	fputs("</table>\n", d->html);
	fputc('\n', d->md);
}

/* Returns the contents of the regular file at path (never through a link), NUL-terminated,
 * its length in *len when len is not NULL; NULL when it cannot be read. */
static char *read_text(const char *path, size_t *len)
{
	int fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
	struct stat st;
	FILE *f = fd < 0 || fstat(fd, &st) < 0 || !S_ISREG(st.st_mode) ? NULL : fdopen(fd, "rb");
	char *buf = NULL;
	long n = 0;

	if (!f) {
		if (fd >= 0)
			close(fd);
		return NULL;
	}
	if (fseek(f, 0, SEEK_END) == 0 && (n = ftell(f)) >= 0 && fseek(f, 0, SEEK_SET) == 0 &&
	    (buf = malloc((size_t)n + 1)) && fread(buf, 1, (size_t)n, f) == (size_t)n)
		buf[n] = 0;
	else if (buf)
		buf[0] = 0, n = 0;
	fclose(f);
	if (len)
		*len = buf ? (size_t)n : 0;
	return buf;
}

/* Writes into why[] the reason the plots are missing, from a .skipped note when one exists. */
static void missing_reason(const char *dir, char *why, size_t len)
{
	char path[PATH_MAX + 32];
	char *note;

	snprintf(path, sizeof path, "%s/plots.skipped", dir);
	note = read_text(path, NULL);
	if (!note) {
		snprintf(path, sizeof path, "%s/plots/plots.skipped", dir);
		note = read_text(path, NULL);
	}
	if (note) {
		note[strcspn(note, "\n")] = 0;
		snprintf(why, len, "the plot step was skipped: %s", note);
		free(note);
		return;
	}
	if (!out_exists(dir, "plots"))
		snprintf(why, len, "there is no plots/ directory: the charts were not rendered "
			 "(gnuplot absent, or run_all.sh's plot step not run)");
	else
		snprintf(why, len, "it was not rendered (see the plot step's messages)");
}

void doc_chart(struct doc *d, const char *dir, const char *name, const char *caption)
{
	char path[PATH_MAX + 64], why[400];
	char *svg;
	size_t n;

	snprintf(path, sizeof path, "%s/plots/%s.svg", dir, name);
	svg = read_text(path, &n);
	if (svg && strstr(svg, "<svg")) {
		fputs("<figure id=\"chart-", d->html);
		doc_html_esc(d->html, name);
		fputs("\">\n", d->html);
		report_svg_img(d->html, svg, n, caption);
		fprintf(d->html, "<figcaption>");
		doc_html_esc(d->html, caption);
		fprintf(d->html, " (plots/%s.svg)</figcaption>\n</figure>\n", name);
	} else {
		missing_reason(dir, why, sizeof why);
		fprintf(d->html, "<figure id=\"chart-%s\" class=\"missing\"><p>Chart ", name);
		doc_html_esc(d->html, caption);
		fprintf(d->html, " (plots/%s.svg) is missing: ", name);
		doc_html_esc(d->html, why);
		fprintf(d->html, ".</p></figure>\n");
	}
	snprintf(path, sizeof path, "plots/%s.png", name);
	fputs(out_exists(dir, path) || svg ? "![" : "> Chart ", d->md);
	out_put_text(d->md, caption);
	if (out_exists(dir, path) || svg) {
		fprintf(d->md, "](plots/%s.%s)\n\n", name, out_exists(dir, path) ? "png" : "svg");
	} else {
		fprintf(d->md, " (plots/%s.png) is missing: ", name);
		out_put_text(d->md, why);
		fputs(".\n\n", d->md);
	}
	free(svg);
	(void)errno;
}

/* Writes bytes as "0 B", "512 B", "32 KiB", "8 MiB" (three significant digits). */
const char *report_bytes(char *buf, size_t len, double b)
{
	static const char *const U[] = { "B", "KiB", "MiB", "GiB" };
	int u = 0;

	if (b == 0)
		return snprintf(buf, len, "0 B"), buf;
	while (b >= 1024 && u < 3)
		b /= 1024, u++;
	snprintf(buf, len, "%.3g %s", b, U[u]);   /* summaries round sizes to %g */
	return buf;
}
