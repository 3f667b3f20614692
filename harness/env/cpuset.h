/* cpuset.h - the CPUs this process may run on: its affinity mask as it was before anything
 * here pinned a thread (taskset, a cgroup cpuset, a Slurm allocation, docker --cpuset-cpus
 * narrow it).  Every count of CPUs a run uses (--threads, the thread placement, the simulated
 * passes side by side) counts these, not the CPUs online. */
#ifndef SB_CPUSET_H
#define SB_CPUSET_H

#include <sched.h>
#include <stddef.h>

/* Returns 1 when cpu may be used.  The mask is read at the first call of any function here
 * (env_pin_cpu makes one before it pins, so a pinned thread does not narrow it). */
int cpuset_has(int cpu);
/* Returns how many CPUs this process may run on (1 at least). */
int cpuset_count(void);
/* Copies the mask into *set. */
void cpuset_mask(cpu_set_t *set);
/* Writes the CPUs as a sysfs-style list ("0-3,6") into buf; returns buf. */
char *cpuset_list(char *buf, size_t len);
/* Returns 1 with a sentence in buf when fewer CPUs may be used than are online ("this process
 * may run on 1 of the 2 online CPUs (0: taskset, a cgroup cpuset or a batch allocation)"),
 * else 0 with buf "". */
int cpuset_note(char *buf, size_t len);

#endif
