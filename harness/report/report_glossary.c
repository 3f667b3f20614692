/* report_glossary.c - the words the report uses, each in one line: what a reader needs to read
 * its verdicts without the rest of the documentation. */
#include <stdio.h>

#include "report/report.h"

void report_glossary(struct doc *d, const struct study *s)
{
	static const char *const WORDS[][2] = {
		{ "settled", "the paired interval excludes 1 and every test agrees" },
		{ "likely", "the interval excludes 1, but a test does not agree" },
		{ "unclear", "the interval includes 1" },
		{ "withheld", "a figure below what the machine can do: a measurement error" },
	};

	(void)s;
	doc_h(d, 2, "glossary", "Glossary");
	doc_list_begin(d);
	for (size_t i = 0; i < sizeof WORDS / sizeof WORDS[0]; i++)
		doc_li(d, "%s: %s", WORDS[i][0], WORDS[i][1]);
	doc_list_end(d);
}
