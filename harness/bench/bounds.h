/* bounds.h - each kernel loop's lower bound in core cycles per lookup: the fewest cycles its
 * own instructions allow on this CPU, read from PROGRAM.bounds.csv beside the program, which
 * harness/scripts/bounds.sh writes from the compiled loops (their instructions counted against
 * this core's rename width, load and store ports and PEXT unit).  A bound above its cell's
 * samples is the bound's error: the row keeps its figure and says `bound-dropped`. */
#ifndef SB_BOUNDS_H
#define SB_BOUNDS_H

#include <stddef.h>

struct cell;

struct bound_row {
	unsigned long run_offset;   /* the kernel's run() from the start of its object */
	int loop;                   /* enum sb_loop */
	double cycles;              /* per lookup; NaN: no bound (note says why) */
};

struct bounds {
	struct bound_row *row;
	size_t n;
	char source[4400];          /* "bin/bounds.csv (instructions counted against ...)" */
	char why[4400];             /* none loaded: why ("no bin/slidebench.bounds.csv ...") */
};

/* Loads path (NULL: this program's path + ".bounds.csv"), refusing one written for another build
 * of the program (its first line names the program's size and time).  Returns 0 with rows,
 * or -1 with b->why set (the run goes on without bounds). */
int bounds_load(const char *path, struct bounds *b);
/* Returns the bound of cell c (ctx: a struct bounds), or NaN: a plugin, pointer mode, perft,
 * or a loop that has none. */
double bounds_cell(const struct cell *c, const void *ctx);
void bounds_free(struct bounds *b);

#endif
