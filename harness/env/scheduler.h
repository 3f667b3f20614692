/* scheduler.h - which batch job a run belongs to: Slurm's job, array and node, read from the
 * environment slurmstepd gives a job (SLURM_JOB_ID, SLURM_ARRAY_JOB_ID, ...), so a fleet's
 * studies say which task wrote them. */
#ifndef SB_SCHEDULER_H
#define SB_SCHEDULER_H

#include <stdio.h>

/* Writes the "scheduler" member of context.json with its trailing comma and newline:
 * {"name": "slurm", "job_id": ..., ...} inside a Slurm job, null outside one. */
void scheduler_write_json(FILE *f);

#endif
