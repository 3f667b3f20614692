/* sim_results.h - simulated counts as results: per lookup, net of the null kernel's same
 * region, for summary.csv's sim_* columns; the long-format sim.csv (one row per region and
 * geometry); context.json's "simulation" record. */
#ifndef SB_SIM_RESULTS_H
#define SB_SIM_RESULTS_H

#include "util/jsonx.h"

#include <stdio.h>
#include "sim/sim_bench.h"

#define SIM_CSV_HEADER "run_id,kernel,mode,piece,pressure_bytes,sim_kind,cache_bytes,assoc,line_bytes," \
	"lookups,sim_ir,sim_d1_miss,sim_ll_miss,sim_br_miss,sim_d1_miss_gross,format\n"

/* Writes into out the pressure field of a region's label: the working set's bytes in pressure
 * mode, "" otherwise (pressure_bytes NaN), so each --pressure size has a region of its own. */
void sim_pressure_field(double pressure_bytes, char out[32]);
/* Returns the lookups the region of c made (the last '|' field of its label), or 0. */
double sim_lookups(const struct sim_counts *c);
/* Fills out[0..3] with k's instructions, D1 misses (reads + writes), LL misses and branch
 * mispredictions (conditional + indirect) per lookup, net of null (NULL: k's own, gross).
 * All NAN when k is NULL, made no lookups, or null made a different number. */
void sim_per_lookup(const struct sim_counts *k, const struct sim_counts *null, double out[4]);
/* Returns the entry of kernel|mode|piece|pressure (sim_pressure_field) in the primary pass of
 * kind (SIM_D1: the --d1 geometry; SIM_TLB: the TLB pass), or NULL. */
const struct sim_counts *sim_find(const struct sim_counts *sim, size_t n, enum sim_kind kind,
				  const char *kernel, const char *mode, const char *piece,
				  const char *pressure);
/* Fills out[0..4] with summary.csv's sim_ir, sim_d1_miss, sim_ll_miss, sim_br_miss and
 * sim_tlb_miss of kernel|mode|piece: per lookup, net of the null kernel's same region (the
 * null kernel's own row gross); NAN where not simulated. */
void sim_summary(const struct sim_counts *sim, size_t n, const char *kernel, const char *mode,
		 const char *piece, const char *pressure, double out[5]);
/* Writes sim.csv (SIM_CSV_HEADER, then one row per entry: every geometry, per lookup, net of
 * the null kernel's same region and geometry, the null rows gross; a tlb row's sim_d1_miss
 * holds the DTLB misses, its sim_ll_miss and sim_br_miss stay empty).  sim_d1_miss_gross is
 * the kernel's D1 (or DTLB) misses with its reads of the queries: misses do not add up the way
 * instructions do (a kernel's tables evict the query stream that stays cached when the null
 * kernel runs alone), so where the stream is a fair part of the L1 the net figure can grow
 * with the L1 size; the gross one does not.  Returns 0, or -1 when writing failed. */
int sim_write_csv(FILE *f, const char *run_id, const struct sim_counts *sim, size_t n);
/* Returns context.json's "simulation" object (json_decref it), or NULL when info planned no
 * pass: the binary valgrind ran and its -march, the geometries asked for and used, and each
 * pass's status. */
json_t *sim_context_json(const struct sim_info *info);

#endif
