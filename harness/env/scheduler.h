/* scheduler.h - which batch job a run belongs to: Slurm's job, array and node, read from the
 * environment slurmstepd gives a job (SLURM_JOB_ID, SLURM_ARRAY_JOB_ID, ...), so a fleet's
 * studies say which task wrote them. */
#ifndef SB_SCHEDULER_H
#define SB_SCHEDULER_H

#include "util/jsonx.h"

/* Returns context.json's "scheduler" member (json_decref it): {"name": "slurm", "job_id",
 * "array_job_id", "array_task_id", "node", "partition", "cluster"} inside a Slurm job (null
 * for a variable Slurm did not set), JSON null outside one. */
json_t *scheduler_json(void);

#endif
