/* scheduler.c - the batch job a run belongs to (Slurm), from the job's environment. */
#include <stdlib.h>

#include "env/scheduler.h"

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

json_t *scheduler_json(void)
{
	const char *job = getenv("SLURM_JOB_ID");
	json_t *o;

	if (!job || !*job || !(o = json_object()))
		return json_null();
	jsonx_set_str(o, "name", "slurm");
	for (size_t i = 0; i < sizeof SLURM_VARS / sizeof SLURM_VARS[0]; i++) {
		const char *v = getenv(SLURM_VARS[i].var);
		if (v && *v)
			jsonx_set_str(o, SLURM_VARS[i].key, v);
		else
			json_object_set_new(o, SLURM_VARS[i].key, json_null());
	}
	return o;
}
