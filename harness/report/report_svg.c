/* report_svg.c - a chart's SVG in report.html.  A chart is the plot step's output, but a study
 * directory can come from anywhere, and an SVG inlined into a page runs its scripts, follows
 * its links and loads its styles' URLs in the reader's browser; no filter of SVG markup keeps
 * up with what browsers parse.  So every chart goes in as <img src="data:image/svg+xml;base64,
 * ...">: an SVG shown as an image runs no script and loads nothing. */
#include <stdio.h>
#include <string.h>

#include "report/report.h"

void report_svg_img(FILE *f, const char *svg, size_t n, const char *alt)
{
	static const char B64[] =
		"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
	const unsigned char *p = (const unsigned char *)svg;

	fputs("<img src=\"data:image/svg+xml;base64,", f);
	for (size_t i = 0; i < n; i += 3) {
		unsigned long v = (unsigned long)p[i] << 16;
		if (i + 1 < n)
			v |= (unsigned long)p[i + 1] << 8;
		if (i + 2 < n)
			v |= p[i + 2];
		fputc(B64[v >> 18 & 63], f);
		fputc(B64[v >> 12 & 63], f);
		fputc(i + 1 < n ? B64[v >> 6 & 63] : '=', f);
		fputc(i + 2 < n ? B64[v & 63] : '=', f);
	}
	fputs("\" alt=\"", f);
	doc_html_esc(f, alt);
	fputs("\">\n", f);
}
