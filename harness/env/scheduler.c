/* scheduler.c - the batch job a run belongs to (Slurm), from the job's environment. */
#include <stdlib.h>

#include "env/scheduler.h"
#include "util/output.h"

/* The context.json key and the Slurm variable it is read from. */
static const struct {
	const char *key, *var;
} SLURM_VARS[] = {
	{ "job_id", "SLURM_JOB_ID" },
	{ "array_job_id", "SLURM_ARRAY_JOB_ID" },
	{ "array_task_id", "SLURM_ARRAY_TASK_ID" },
	{ "node", "SLURMD_NODENAME" },
	{ "partition", "SLURM_JOB_PARTITION" },
	{ "cluster", "SLURM_CLUSTER_NAME" },
};

void scheduler_write_json(FILE *f)
{
	const char *job = getenv("SLURM_JOB_ID");

	if (!job || !*job) {
		fprintf(f, "  \"scheduler\": null,\n");
		return;
	}
	fprintf(f, "  \"scheduler\": {\"name\": \"slurm\"");
	for (size_t i = 0; i < sizeof SLURM_VARS / sizeof SLURM_VARS[0]; i++) {
		const char *v = getenv(SLURM_VARS[i].var);
		fprintf(f, ", \"%s\": ", SLURM_VARS[i].key);
		if (v && *v)
			out_json_str(f, v);
		else
			fputs("null", f);
	}
	fprintf(f, "},\n");
}
