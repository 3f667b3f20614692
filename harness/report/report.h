/* report.h - `slidebench report`: one study (or one bench run) into report.html and
 * report.md, written through one document emitter so both say the same thing. */
#ifndef SB_REPORT_H
#define SB_REPORT_H

#include <limits.h>
#include <stdio.h>

#include "analysis/cmpcell.h"
#include "analysis/process_term.h"
#include "runread/runread.h"

/* What a verdict answers, typed: every section records its verdicts under one and every
 * reader finds them by one (verdict_find), never by the words of a label; verdicts.csv's
 * question column is written from it. */
enum verdict_q {
	VQ_BITS,             /* one kernel designed for 32-bit arithmetic against its sibling */
	VQ_BITS_BUILD,       /* the -m64 build against the -m32 build (bits/ blocks) */
	VQ_BITS_SIBLINGS,    /* every 64-bit sibling against the 32-bit-designed kernels */
	VQ_TABLES,           /* one kernel pair of different table sizes */
	VQ_BRANCHING,        /* one branchless kernel against its conditional sibling */
	VQ_RECOMMEND,        /* a workload's fastest kernel against its runner-up */
	VQ_HUGEPAGES,        /* one kernel without huge pages against with them (tables/ blocks) */
	VQ_COMPILER,         /* one kernel under clang against gcc (compiler/ blocks) */
};
struct verdict_key {
	enum verdict_q q;
	/* VQ_RECOMMEND: the workload (report_workloads: the rows' mode, cache state, pressure
	 * bytes and threads, 1 for one thread) and its label ("engine (perft)"), else empty */
	char mode[24], cache[16], pressure[24];
	unsigned threads;
	char label[96];
};

/* One verdict of the report, as verdicts.csv holds it: the same numbers as its sentence. */
struct verdict {
	struct verdict_key key;
	char question[64];       /* "bits", "tables", "branching", "recommend:stream", ... as
				  * verdicts.csv writes it (verdict_question of key) */
	char a[96], b[96];       /* b is compared against a: ratio = time(b) / time(a) */
	double ratio, lo, hi, p;
	char test[24], basis[16];
	size_t n;                /* cells */
	size_t pairs;            /* rounds or block pairs */
	double process_pct;      /* the between-process term, +-percent (NaN: not applicable) */
	size_t processes;        /* processes it was measured over (0: within one process) */
	char process_from[8];    /* "cells", "pair", "study" or "" (analysis/process_term.h) */
	int settled;             /* 1, 0, -1 cannot tell */
	char why[160];
	char robust[240];        /* "robust", "depends on KNOB: RANGE; ...", or "" (not checked) */
	size_t withheld, measured;  /* cells measured, and of them left out as withheld (cmp) */
	int provisional;         /* stated on a disturbed study (report_busy.c): never settled */
	char close[256];         /* a recommendation not settled: the other kernels whose paired
				  * interval against a includes 1 ("galois-field, split-pext"), "" */
};

struct verdicts {
	struct verdict *v;
	size_t n, cap;
};

/* The rows of every sub-run of a study flagged withheld (below-bound, baseline-invalid) or
 * bound-dropped, per group of blocks (report_flagged.c). */
enum { FLAGGED_WITHHELD, FLAGGED_DROPPED, FLAGGED_KINDS };
#define FLAGGED_SHOWN 6        /* rows listed per group and kind; the others are counted */
#define FLAGGED_GROUPS 48
struct flagged_group {
	char name[64];                 /* "m64", "compiler/NN-clang" (the blocks), "learn/q1024" */
	size_t nrun;                   /* run folders in the group */
	size_t rows;                   /* their measured rows (run_row_measured) */
	size_t n[FLAGGED_KINDS];       /* of them withheld; with their bound dropped */
	char per[FLAGGED_KINDS][192];  /* per block of a group of blocks: "01: 140, 02: 135" */
	size_t nshown[FLAGGED_KINDS];
	char shown[FLAGGED_KINDS][FLAGGED_SHOWN][224];
	char err[192];                 /* why a folder could not be read, "" */
};
struct flagged {
	struct flagged_group g[FLAGGED_GROUPS];
	size_t ng, rows, n[FLAGGED_KINDS];   /* groups; measured rows and flagged ones in all */
};

/* A study directory: m64/ (or a plain bench run given directly), and what is beside it.  The
 * cross-process comparisons (bits/, tables/: alternating blocks, analysis/blocks.h) are read
 * where they are used. */
struct study {
	char dir[PATH_MAX];
	struct run m64, sim, pressure, threads;
	int have_bits, have_tables, have_sim, have_pressure, have_threads, plain;
	char threads_why[256];            /* why there is no thread sweep */
	char m32_why[2 * PATH_MAX];       /* why there are no bits blocks */
	struct pt_set *pt;                /* the between-process term's processes (loaded once) */
	struct verdicts *verdicts;        /* every verdict the sections state, for verdicts.csv */
	struct flagged *flagged;          /* every sub-run's withheld and bound-dropped rows */
	int busy;                         /* the host disturbed the study (report_busy_judge) */
	char busy_why[512];               /* why: every piece of evidence that says so */
	char busy_brief[80];              /* the first, short: "361 of 540 rows unstable" */
	struct history *hist;             /* other studies of this machine and build beside it */
	double node_ns;                   /* an engine's ns a node (report --node-ns; 0: default) */
};

/* Returns 0 with the study of dir loaded, or -1 (message printed; report_load.c). */
int report_load(const char *dir, struct study *s);
void study_free(struct study *s);
/* Writes what the charts read of study dir besides its result CSVs into outdir: context.csv
 * (one row per run folder: machine, build, cache sizes, simulated geometry) and hugepages.csv
 * (context.json's "tables" per run), refusing a result file of a newer format
 * (report_plotdata.c).  Returns 0, or -1 with err set. */
int report_plot_data(const char *dir, const char *outdir, char *err, size_t len);
/* Writes the report of s to html and md: the sections (report_write.c's SECTIONS) into memory
 * first, as they record the verdicts, then the first screen that reads those verdicts
 * (report_summary), the contents, and the sections.  Returns 0, or -1 when memory runs out. */
int report_write(struct study *s, FILE *html, FILE *md, const char *title);

/* Both outputs at once: every call writes HTML and Markdown.  doc_h records each level-2
 * heading, so the contents can be written above the sections that were written first. */
#define DOC_TOC_MAX 32
struct doc {
	FILE *html, *md;
	size_t ntoc;
	struct { char id[48], text[128]; } toc[DOC_TOC_MAX];
};

/* A workload: the rows of one mode in one cache state (and pressure). */
struct report_workload {
	const char *mode, *cache, *pressure;
	unsigned threads;                /* 0 or 1: one thread */
	char label[96];
};
#define REPORT_MAX_WORKLOADS 64

/* report_workload.c: the workload model */
/* Fills out[] with the workloads of r in file order.  Returns how many. */
size_t report_workloads(const struct run *r, struct report_workload *out, size_t max);
/* Returns 1 when row is in workload w. */
int report_in_workload(const struct rr_row *row, const struct report_workload *w);
/* Returns 1 when a and b are one workload (mode, cache state, pressure, threads), else 0. */
int report_workload_same(const struct report_workload *a, const struct report_workload *b);
/* Returns 1 with *w set to run r's workload that is like's (report_workload_same), else 0. */
int report_find_like(const struct run *r, const struct report_workload *like,
		     struct report_workload *w);
/* Returns 1 with *w set to mode's plain workload in run r (warm, no pressure, one thread),
 * else 0. */
int report_find_mode(const struct run *r, const char *mode, struct report_workload *w);
/* Returns 1 with *w set to run r's workload called label, else 0: the fleet's key, the one
 * that names a workload alike on every machine (report_fleet.c). */
int report_find_workload(const struct run *r, const char *label, struct report_workload *w);
/* Returns 1 for the engine workloads' modes (perft, search: figures per node, the
 * recommendation's "engine (MODE)" rows), else 0. */
int report_engine_mode(const char *mode);
/* Fills a[i], b[i] with the timed rows of kernels ka and kb in workload w (one per piece).
 * Returns how many pieces have both. */
size_t report_pairs(const struct run *r, const struct report_workload *w, const char *ka,
		    const char *kb, const struct rr_row **a, const struct rr_row **b, size_t max);
/* Of the cells of kernels ka and kb in workload w that were both measured (counted into
 * *measured), returns how many report_pairs leaves out because a figure is withheld. */
size_t report_pairs_withheld(const struct run *r, const struct report_workload *w,
			     const char *ka, const char *kb, size_t *measured);
/* Returns the pieces of workload w: the rows of the first kernel r has in it. */
size_t report_pieces(const struct run *r, const struct report_workload *w);
/* How report_score counts a kernel's rows of a workload. */
enum {
	SCORE_SKIP_UNTIMED = 1,    /* a row not timed (run_row_timed) is not one of its rows */
	SCORE_NO_PREPARED = 2,     /* a row flagged prepared has no value */
};
struct report_score_rule {
	/* the value of row x of run r (arg: the caller's); NULL: its ns_median where it is timed */
	double (*value)(const struct run *r, const struct rr_row *x, const void *arg);
	const void *arg;
	size_t pieces;             /* the values it needs; 0: one for each of its rows */
	unsigned flags;            /* SCORE_* */
};
/* Returns kernel k's score in workload w of run r: the geometric mean of its rows' values
 * (rule->value), NaN unless it has as many positive values as rule->pieces asks (0: one for
 * every row of k in w).  The rule, one per caller, made explicit:
 *   - the recommendation (report_candidates): ns_median of the timed rows, one for each of
 *     the workload's pieces (report_pieces); a prepared row counts here, but a kernel is a
 *     candidate only through a row that is not prepared, and never an '@' variant ("K@shared":
 *     K run another way) or the reference oracle;
 *   - the compiler blocks (report_compiler.c): the median over the block pairs of each row,
 *     every row of k needed, a prepared row none (SCORE_NO_PREPARED): k loses the workload;
 *   - the null model (report_robust.c): a column of the timed rows only
 *     (SCORE_SKIP_UNTIMED), every such row needed. */
double report_score(const struct run *r, const struct report_workload *w, const char *k,
		    const struct report_score_rule *rule);
/* A candidate of a workload: a kernel and its score (report_score). */
struct report_cand {
	const char *kernel;
	double score;
};
/* Fills c[] (at most max) with the kernels timed on every piece of w, fastest first by
 * report_score (the reference oracle and the null baseline are not candidates, nor '@'
 * variants, nor a kernel whose every row there is prepared).  Returns how many. */
size_t report_candidates(const struct run *r, const struct report_workload *w, struct report_cand *c,
			 size_t max);

/* report_svg.c: writes the n bytes of an SVG as an <img> with a data: URL (base64) and alt
 * text alt (HTML-escaped): shown as an image, an SVG runs no script and loads nothing. */
void report_svg_img(FILE *f, const char *svg, size_t n, const char *alt);

/* report_doc.c */
/* Writes s to f escaped for HTML and XML (SVG) text and attributes: & < > " ' as entities,
 * bytes that are not UTF-8 and control characters as U+FFFD (well-formed XML whatever s holds). */
void doc_html_esc(FILE *f, const char *s);
void doc_begin(struct doc *d, const char *title);
void doc_end(struct doc *d);
void doc_h(struct doc *d, int level, const char *id, const char *text);
/* The contents: a linked list of the level-2 headings doc_h has recorded. */
void doc_toc(struct doc *d);
/* A paragraph; cls (may be NULL) is its HTML class ("note", "answer"). */
void doc_p(struct doc *d, const char *cls, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
/* Appends printf-style text to out (size len), truncating quietly: sentences are built so. */
void doc_cat(char *out, size_t len, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
void doc_list_begin(struct doc *d);
void doc_li(struct doc *d, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void doc_list_end(struct doc *d);
void doc_table_begin(struct doc *d, size_t ncol, const char *const *head);
/* One row; marked rows (unstable, drifting, disturbed) are highlighted. */
void doc_table_row(struct doc *d, size_t ncol, const char *const *cells, int marked);
void doc_table_end(struct doc *d);
/* The chart dir/plots/name.svg inlined (HTML) and name.png linked (Markdown), or a note
 * saying why it is missing. */
void doc_chart(struct doc *d, const char *dir, const char *name, const char *caption);

/* report_verdicts.c */
/* Compares b[i] against a[i] (i < n, rows of one run of the study) as cmp_rows does, then
 * widens the interval by what moves between processes (analysis/process_term.h, from the
 * study's block processes).  Every kernel-against-kernel figure of the report goes through
 * here.  Returns what cmp_rows returns. */
int report_cmp(const struct study *s, const struct rr_row *const *a,
	       const struct rr_row *const *b, size_t n, struct cmp *out);
/* Writes one sentence on the between-process term of the study into out: where it comes from
 * and the study-wide figure, or why every interval is within one process only. */
void report_process_note(const struct study *s, char *out, size_t len);
/* Appends ", between processes ±2.1% (6 processes, ...)" for a block verdict c (report_blk_cmp),
 * or that its interval is the block pairs' own spread and why (no block processes). */
void report_blk_process(const struct study *s, const struct cmp *c, char *out, size_t len);
/* Whether c settles its question: c->settled, and the margin beyond layout_pct (percent, NaN
 * when not recorded).  Returns 1, 0 or -1 and writes why not into why. */
int verdict_settle(const struct cmp *c, double layout_pct, char *why, size_t len);
/* Appends "; settled (paired over 31 rounds, signed-rank p = 1e-06, the same sign in 3 of 3
 * epochs)" or "; not settled: why" to out. */
void verdict_clause(char *out, size_t len, const struct cmp *c, int settled, const char *why);
/* Writes p-value p as "%.2g", or "not measured (too few pairs for the test)" when NaN: no
 * "nan" on the page.  Returns buf. */
const char *report_pval(char *buf, size_t len, double p);
/* Records one verdict of key k for verdicts.csv (b against a).  Returns it (NULL out of
 * memory). */
struct verdict *verdict_add(const struct study *s, const struct verdict_key *k, const char *a,
			    const char *b, const struct cmp *c, int settled, const char *why);
/* Returns the key of question q (not VQ_RECOMMEND: verdict_key_workload). */
struct verdict_key verdict_key(enum verdict_q q);
/* Returns the VQ_RECOMMEND key of workload w (its label as the recommendation names it). */
struct verdict_key verdict_key_workload(const struct report_workload *w);
/* Returns the VQ_RECOMMEND key of mode's plain workload: warm, no pressure, one thread. */
struct verdict_key verdict_key_mode(const char *mode);
/* Sets *q to the question registry_question_name calls name ("bits", "tables",
 * "branching").  Returns 0, or -1 for another name. */
int verdict_q_named(const char *name, enum verdict_q *q);
/* Returns 1 when v's key is k, or of k's question where k names no workload (no mode). */
int verdict_is(const struct verdict *v, const struct verdict_key *k);
/* Returns the first verdict after `after` (NULL: from the first) whose key is k's question
 * and, where k names a workload (its mode set), that workload; NULL when none is. */
const struct verdict *verdict_find(const struct study *s, const struct verdict_key *k,
				   const struct verdict *after);
/* Writes s->dir/verdicts.csv.  Returns 0, or -1 with err set. */
int verdicts_write(const struct study *s, char *err, size_t len);
/* Returns the largest layout_spread_pct of kernel k's rows in w (NaN when not recorded). */
double report_layout_spread(const struct run *r, const struct report_workload *w, const char *k);
/* report_summary_write.c: the first screen: the machine in one line, the three answers in a
 * sentence each with a confidence word, the recommendation as a table.  Reads only the
 * verdicts the sections recorded (s->verdicts), so it cannot say what they do not. */
void report_summary(struct doc *d, const struct study *s);
/* The same answers and recommendation as plain text in at most SUMMARY_LINES lines (what
 * run_all.sh prints last; report writes it to answer.txt).  Returns 0, or -1. */
#define SUMMARY_LINES 16
int report_answer_text(const struct study *s, FILE *f);
/* report_yours.c: for each kernel the study ran from a plugin (context.json's kernels whose
 * origin is a file, not "built-in"), a line on the first screen: "your kernel K: stream 3rd of
 * 54 (1.21× the winner pext), position 1st of 54 (1.05× ahead of magic-black), ...", its place
 * per workload among the kernels that ran it (the recommendation's ranking) and its margin to
 * the winner, or "not run".  report_yours writes them as paragraphs; report_yours_text as
 * answer.txt lines (f NULL: none) and returns how many it has (0 without a plugin). */
void report_yours(struct doc *d, const struct study *s);
size_t report_yours_text(const struct study *s, FILE *f);
/* report_charts.c: chart file of the table of charts (report_charts.h) through doc_chart, its
 * caption opening with the sentence the chart answers, read from the verdicts (the three
 * questions, the ranking, pressure, huge pages); a file the table lacks writes nothing. */
void report_chart(struct doc *d, const struct study *s, const char *file);
/* report_why.c: the confidence word of a verdict: "settled", "likely" (the interval excludes
 * 1 but the verdict is not settled), "provisional" (either, on a disturbed study) or
 * "unclear". */
const char *verdict_word(const struct verdict *v);
/* Table bytes of kernel k as run r's context recorded them (the descriptor's), -1 unknown. */
double report_kernel_bytes(const struct run *r, const char *k);
/* report_busy.c: returns the smallest measured sample count of the run's timed rows (0 when
 * none). */
size_t report_samples_per_cell(const struct run *r);
/* A study with fewer measured samples per cell than this is a quick one: indicative only. */
#define FULL_SAMPLES 10
/* The report's first lines: what kind of study this is (quick: indicative, with the samples
 * per cell) and how busy the host was. */
void report_headline(struct doc *d, const struct study *s);

/* report_busy.c */
/* Decides from all the study's evidence whether its host was disturbed: the main sweep's
 * /proc figures (context.json host.epochs: mean steal above 5%, or the other CPUs above
 * BLK_BUSY_PCT on average) and, in a full study, its own timed rows (more than 10% flagged
 * unstable, 20% host-moved, 25% drifting or 25% disturbed).  Sets s->busy, s->busy_why and
 * s->busy_brief. */
void report_busy_judge(struct study *s);
/* On a disturbed study, takes "settled" from c (its why says the host was busy): every
 * comparison of the report passes here (report_cmp, report_blk_cmp), so every section and
 * verdicts.csv call it provisional alike. */
void report_cap(const struct study *s, struct cmp *c);
/* The headline's sentence on the host: busy (every answer provisional, and why), busy at
 * moments, or quiet, from /proc and from the main sweep's own rows. */
void report_host_note(struct doc *d, const struct study *s);

/* report_flagged.c */
/* Reads every sub-run of study s (its summary.csv alone) into s->flagged.  Returns 0, or -1
 * out of memory. */
int report_flagged_scan(struct study *s);
/* The "Figures withheld" and "Bounds dropped" lists: per group of blocks, how many of its
 * measured rows, and the first of them. */
void report_flagged(struct doc *d, const struct study *s);

/* report_tables.c */
/* Mean per-lookup misses of kernel k in w: hw column hw_col where counted, else sim_col from
 * the sim/ run or from r itself.  Sets *src to "hw" or "sim".  NaN when neither. */
double report_misses(const struct study *s, const struct run *r, const struct report_workload *w,
		     const char *k, const char *hw_col, const char *sim_col, const char **src);
void report_tables(struct doc *d, const struct study *s);

/* report_charts.c: the charts section */
void report_charts(struct doc *d, const struct study *s);

/* report_env.c */
void report_environment(struct doc *d, const struct study *s);
void report_counters(struct doc *d, const struct study *s);
void report_verification(struct doc *d, const struct study *s);

/* report_answers.c and report_recommend.c */
void report_answers(struct doc *d, const struct study *s);
/* report_threads.c: does the ranking change when every core searches (the thread sweep) */
void report_threads(struct doc *d, const struct study *s);
/* Finds the sweep's workloads in r: one thread (*one) and the most threads with a kernel
 * timed (*many).  Returns 1 when both exist. */
int report_threads_sweep(const struct run *r, struct report_workload *one,
			 struct report_workload *many);
/* Compares kernel's time per lookup per thread with many threads against one (s->threads,
 * paired by round) into c; *row_many (may be NULL) gets its many-thread row.  Returns
 * verdict_settle's 1, 0 or -1, or -2 when the kernel lacks either row. */
int report_threads_eff(const struct study *s, const struct report_workload *one,
		       const struct report_workload *many, const char *kernel, struct cmp *c,
		       const struct rr_row **row_many);
/* Writes the efficiency (one's time over many's) of c with its interval: "0.98 (0.96–1.00)". */
void report_threads_eff_text(char *buf, size_t len, const struct cmp *c);
void report_recommend(struct doc *d, const struct study *s);
/* A question's kernel pair: x names y as its sibling (ratios are time(x) / time(y)). */
struct kpair {
	const char *x, *y;
	double x_bytes, y_bytes;
};
/* Fills out[] (at most max) with run r's pairs for question q ("bits", "tables",
 * "branching"), by table size.  Returns how many. */
size_t report_question_pairs(const struct run *r, const char *q, struct kpair *out, size_t max);
/* report_robust.c: each answer recomputed under the harness's own knobs, marked robust or
 * "depends on KNOB: RANGE" (the report's section and verdicts.csv's robust column). */
void report_robust(struct doc *d, const struct study *s);

/* report_search.c: the search workload and Amdahl.  T, an engine's node time, by default: about
 * 1 M nodes/s on one thread, a typical NNUE engine's single-thread speed on a current x86 core
 * (docs/report.md). */
#define REPORT_NODE_NS 1000.0
/* The engine gain: switching from the search runner-up y to the winner x. */
struct search_gain {
	const char *x, *y, *word;     /* word: the recommendation's confidence word, or NULL */
	double nx, ny, lx, ly, lpn;   /* ns a node, position ns a lookup, lookups a node */
	double node_ns;               /* T */
	double dnode, dlookups;       /* ny - nx; lpn x (ly - lx) */
	double measured_pct, engine_pct;  /* dnode / ny; dlookups / T (percent) */
};
/* Returns s->node_ns, or REPORT_NODE_NS where it is not set. */
double report_node_ns(const struct study *s);
/* Fills g from s's search workload; returns 0 (g zeroed) when it lacks two kernels timed in
 * search mode with their lookups a node and position-mode figures. */
int report_search_gain(const struct study *s, struct search_gain *g);
/* Writes the engine-gain sentence of g into out (no final period). */
void report_search_gain_text(char *out, size_t len, const struct search_gain *g);
/* The section: the lookups' share of a search node per kernel, the check and the gain. */
void report_search(struct doc *d, const struct study *s);

/* report_winner.c: a workload's fastest kernel, decided once (every section reads it here) */
struct report_winner {
	const char *win, *second;   /* NULL when nothing / only one kernel was timed */
	double win_score, second_score;  /* geometric mean of the pieces' ns_median */
	struct cmp m;               /* time(second) / time(win), paired; ratio >= 1 */
	int settled;                /* verdict_settle(): 1, 0, -1 */
	char why[160];              /* why not settled, or why there is no margin */
	size_t ncand;               /* candidates (report_candidates) */
};
/* Decides the fastest kernel of workload w in run r: the two best candidates by their medians,
 * compared round by round (report_cmp), the faster of the two by that comparison the winner.
 * Returns 1 with out filled, or 0 when no kernel was timed in w. */
int report_winner(const struct study *s, const struct run *r, const struct report_workload *w,
		  struct report_winner *out);
/* Writes the winner's margin into buf: "1.10× (1.05–1.15) ahead of L", "looks 1.10× (...) ahead
 * of L" (not settled) or "not distinguishable from L (time ratio 1.00× (0.99–1.01))" (the
 * interval includes 1). */
void report_winner_margin(char *buf, size_t len, const struct report_winner *p);
/* Writes "K (settled, 1.10× (1.05–1.15) ahead of L)" or "K (<margin>; not settled because why)"
 * into buf. */
void report_winner_text(char *buf, size_t len, const struct report_winner *p);
/* Writes into out the candidates of w other than p's winner whose time, paired round by round
 * against the winner's (report_cmp), has an interval that includes 1 (or no interval): the
 * kernels this run cannot tell apart from the winner, fastest by median first, at most six
 * named ("galois-field, split-pext and 3 more").  Returns how many ("" and 0: none). */
size_t report_winner_close(const struct study *s, const struct run *r,
			   const struct report_workload *w, const struct report_winner *p, char *out,
			   size_t len);
/* Fills c[] as report_candidates does, the first two in report_winner's order (a ranking
 * whose first place is the workload's one winner).  Returns how many. */
size_t report_ranked(const struct study *s, const struct run *r, const struct report_workload *w,
		     struct report_cand *c, size_t max);

/* report_blocks.c: the cross-process comparisons, run as alternating blocks */
struct blk_set;
/* Loads s->dir/sub's blocks of sides a and b.  Returns the set (blk_free, then free), or NULL
 * with err set. */
struct blk_set *report_blocks_load(const struct study *s, const char *sub, const char *a,
				   const char *b, char *err, size_t len);
/* Writes how the blocks ran: "6 pairs of blocks run in the order m64 m32 m32 m64 …". */
void report_blocks_how(const struct blk_set *bs, char *out, size_t len);
struct blk_verdict;
/* Compares kernel k (NULL: every cell) of the blocks bs as blk_compare does, fills c as blk_cmp
 * does, and widens c's interval by what moves the kernels' figures between processes
 * (pt_block_term_of, from the study's block processes).  Every block verdict of the report
 * goes through here.  Returns 0, or -1 when no cell has a pair. */
int report_blk_cmp(const struct study *s, const struct blk_set *bs, const char *k,
		   struct blk_verdict *v, struct cmp *c);
/* report_history.c: what moves a block comparison between studies, from the other studies of
 * the same machine and build in the study's parent folder (their verdicts.csv). */
void report_history_load(struct study *s);
void report_history_free(struct study *s);
/* Widens block verdict c of question q (a against b) by the between-study spread of its
 * estimate, taking "settled" when the interval then includes 1. */
void report_history_widen(const struct study *s, const char *q, const char *a, const char *b,
			  struct cmp *c);
/* Appends ", between studies ±1.2% (...)" or why it is not measured, for a widened c. */
void report_history_clause(const struct study *s, const struct cmp *c, char *out, size_t len);
/* Appends a sentence (no final stop) on which studies the between-study term is measured over, or why none. */
void report_history_note(const struct study *s, char *out, size_t len);
/* Writes run r's compiler and flags from its context.json ("gcc 12.2.0 -O2 -march=...").
 * Returns buf. */
const char *report_build_flags(const struct run *r, char *buf, size_t len);
/* Appends the -m32 build against the same -march 64-bit build (bits/ blocks) with each side's
 * build flags to out, or why there is none. */
void report_bits_blocks(const struct study *s, char *out, size_t len);
/* The huge-page paragraph from the tables/ blocks: per kernel, time without over with huge
 * pages.  Returns 0 written (a note when the blocks are unreadable), -1 when there are none. */
int report_huge_blocks(struct doc *d, const struct study *s);

/* report_compiler.c: "Does the answer depend on the compiler?" from the compiler/ blocks (gcc
 * against clang): the fastest kernel per workload under each, each kernel's clang / gcc ratio
 * (verdicts under question "compiler"), both builds' flags; or why there are none. */
void report_compiler(struct doc *d, const struct study *s);

/* report_cache.c: pressure crossovers, huge pages, simulated L1/TLB, with their charts */
void report_cache(struct doc *d, const struct study *s);
/* report_sim.c: the simulated L1 and TLB sentences of the cache section */
void report_cache_sim(struct doc *d, const struct study *s);
/* Writes bytes as "0 B", "512 B", "32 KiB", "8 MiB" (three significant digits) into buf. */
const char *report_bytes(char *buf, size_t len, double b);

#endif
