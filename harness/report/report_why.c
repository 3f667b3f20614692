/* report_why.c - a verdict's confidence word, and what keeps it from settled in the words
 * the first screen and its footnote use, with what would settle it. */
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "report/report.h"
#include "report/report_summary_model.h"

const char *verdict_word(const struct verdict *v)
{
	int one_way = v->settled == 1 || (!isnan(v->lo) && !isnan(v->hi) && (v->lo > 1 ||
									    v->hi < 1));

	if (!one_way)
		return "unclear";
	return v->provisional ? "provisional" : v->settled == 1 ? "settled" : "likely";
}

/* What keeps a verdict from settled, by how its why begins (the reasons analysis/paired.c,
 * analysis/process_term.c, verdict_settle, report_cap and the block verdicts write: the same
 * words as the sections' "not settled because ..."), and what would settle it with the
 * harness's own knobs.  The first match wins: the longer beginnings come first. */
const struct why_kind WHY_KINDS[] = {
	{ "the host was busy", "the host was busy", "run the study again on a quiet machine" },
	{ "with ", NULL, "run the full study (./run_all.sh without --quick; --samples and --pairs "
	  "6 or more)" },
	{ "the interval includes 1 once", "the interval includes 1 once the spread between "
	  "processes is added", "more block processes (--pairs N: the spread is measured over the "
	  "compiler blocks' processes) or a quieter machine" },
	{ "the interval includes 1", "the interval includes 1", "more rounds (--samples N) narrow "
	  "the interval, unless the kernels are as fast as each other" },
	{ "the two are not distinguishable", "the interval includes 1", "more rounds (--samples "
	  "N) narrow the interval, unless the kernels are as fast as each other" },
	{ "the signed-rank test does not agree", NULL, "more rounds (--samples N)" },
	{ "the sign differs", "the sign differs between epochs", "more rounds (--samples N) on a "
	  "quieter machine" },
	{ "distinguishable here, but within", "the margin is within the code-layout spread",
	  "nothing the harness can: code layout alone moves a figure that much" },
	{ "within the ", "the margin is within the code-layout spread", "nothing the harness can: "
	  "code layout alone moves a figure that much" },
	{ "its between-process spread was measured on", "the spread between processes was "
	  "measured on other cells only", "run the study again with this "
	  "build (its compiler blocks time every mode)" },
	{ "too few pairs", "too few rounds for an interval", "more rounds (--samples N)" },
};
_Static_assert(sizeof WHY_KINDS / sizeof WHY_KINDS[0] == NWHY, "NWHY counts WHY_KINDS");


/* Returns the index into WHY_KINDS of what keeps v from settled (NWHY: none known, or
 * settled).  A provisional verdict is the host's, whatever else its why says. */
size_t why_kind(const struct verdict *v)
{
	if (v->settled == 1 && !v->provisional)
		return NWHY;
	if (v->provisional && strcmp(verdict_word(v), "unclear"))
		return 0;
	for (size_t i = 0; i < NWHY; i++)
		if (!strncmp(v->why, WHY_KINDS[i].starts, strlen(WHY_KINDS[i].starts)))
			return i;
	return NWHY;
}

/* Writes into out why v is not settled, in the footnote's words: its why as the sections say
 * it ("the interval includes 1 once the spread between processes (±17%) is added", "with 3
 * pairs the signed-rank test cannot reach p < 0.05", "the host was busy"); "" when settled. */
void why_words(char *out, size_t len, const struct verdict *v)
{
	const char *w = v->why, *pm;
	size_t k = why_kind(v);
	char own[SUM_MAX];

	out[0] = 0;
	if (v->settled == 1 && !v->provisional)
		return;
	/* "with 3 pairs the signed-rank test cannot reach p < 0.05 (6 are the fewest that can)":
	 * the parenthesis is the sections' */
	if ((pm = strstr(w, " are the fewest that can")) != NULL)
		while (pm > w && strncmp(pm, " (", 2))
			pm--;
	snprintf(own, sizeof own, "%.*s", pm && pm > w ? (int)(pm - w) : (int)strlen(w), w);
	if (k == 0) {
		snprintf(out, len, "the host was busy");
		if (strncmp(w, "the host was busy", 17) && *w)
			doc_cat(out, len, ", and %s", own);
		return;
	}
	if (k < NWHY && !strcmp(WHY_KINDS[k].starts, "the interval includes 1 once") &&
	    (pm = strstr(w, "(\u00b1")) != NULL) {
		snprintf(out, len, "the interval includes 1 once the spread between processes "
			 "%.*s is added", (int)strcspn(pm, ")") + 1, pm);
		return;
	}
	if (!strcmp(verdict_word(v), "unclear") && k < NWHY &&
	    !strcmp(WHY_KINDS[k].starts, "its between-process spread was measured on") &&
	    !isnan(v->process_pct)) {
		/* unclear: the interval decided it, with a term borrowed from other cells */
		doc_cat(out, len, "the interval includes 1 once the spread between processes "
			"(\u00b1%.1f%%, %s) is added", v->process_pct,
			own + strlen("its between-process spread was "));
		return;
	}
	snprintf(out, len, "%s", own[0] ? own : "not settled");
}
