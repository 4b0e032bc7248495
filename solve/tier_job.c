/* The links between tier jobs (solve/tier_job.h): who needs whom, shared by
 * the in-process scheduler and its MPI side. */
#include "solve/tier_job.h"
#include "engine/game.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Jobs still needed by each job, and each job's dependants (CSR). */
int tier_job_links(const struct tier_job *jobs, int count, int *left, int **start_out,
                   int **users_out, char *err) {
    int *start = calloc((size_t)count + 1, sizeof *start);
    int total = 0;
    if (!start) goto oom;
    for (int i = 0; i < count; i++) {
        if (jobs[i].needs < 0 || jobs[i].needs > TIER_JOB_MAX_NEEDS) {
            snprintf(err, GAME_ERROR_BYTES, "job %d needs %d jobs", i, jobs[i].needs);
            free(start);
            return -1;
        }
        for (int k = 0; k < jobs[i].needs; k++) {
            int j = jobs[i].need[k];
            if (j < 0 || j >= count || j == i) {
                snprintf(err, GAME_ERROR_BYTES, "job %d needs a job that is not there",
                         i);
                free(start);
                return -1;
            }
            start[j + 1]++;
            total++;
        }
        left[i] = jobs[i].needs;
    }
    for (int i = 0; i < count; i++) start[i + 1] += start[i];
    int *users = malloc(((size_t)total + 1) * sizeof *users);
    int *fill = malloc(((size_t)count + 1) * sizeof *fill);
    if (!users || !fill) {
        free(users);
        free(fill);
        free(start);
        goto oom;
    }
    memcpy(fill, start, (size_t)count * sizeof *fill);
    for (int i = 0; i < count; i++)
        for (int k = 0; k < jobs[i].needs; k++) users[fill[jobs[i].need[k]]++] = i;
    free(fill);
    *start_out = start;
    *users_out = users;
    return 0;
oom:
    snprintf(err, GAME_ERROR_BYTES, "out of memory planning tiers");
    return -1;
}
