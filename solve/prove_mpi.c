/* The proof manager over MPI ranks (prove_mpi.h). */
#include "solve/prove_mpi.h"

#include "solve/tier_mpi.h"

#include <stdio.h>
#include <string.h>

#ifndef KIBITZ_HAVE_MPI

int prove_mpi_farm(struct prove_mpi *m, struct prove_config *cfg) {
    (void)m;
    (void)cfg;
    return 0;
}

void prove_mpi_stop(struct prove_mpi *m) {
    (void)m;
}

#else

#include <mpi.h>
#include <time.h>

enum { TAG_JOB = 21, TAG_RESULT = 22, KIND_JOB = 1, KIND_STOP = 2 };

struct job_message {
    int32_t kind, pad;
    struct prove_job job;
};

struct result_message {
    int32_t status, pad; /* 0, or -1: the job failed (err) */
    struct prove_job_result result;
    char err[GAME_ERROR_BYTES];
};

/* Wait for a request, sleeping between tests (see tier_mpi.c). */
static void wait_for(MPI_Request *req, MPI_Status *status) {
    long pause = 20000;
    for (;;) {
        int flag = 0;
        MPI_Test(req, &flag, status);
        if (flag) return;
        struct timespec ts = {0, pause};
        nanosleep(&ts, NULL);
        if (pause < 2000000) pause *= 2;
    }
}

/* Rank 0's batch runner: job j to worker j + 1 (a round has at most one
 * job per worker), then every answer. */
static int farm_batch(void *ctx, const struct prove_job *jobs, int n,
                      struct prove_job_result *res, char *err) {
    (void)ctx;
    for (int j = 0; j < n; j++) {
        struct job_message msg = {.kind = KIND_JOB, .job = jobs[j]};
        MPI_Send(&msg, (int)sizeof msg, MPI_BYTE, j + 1, TAG_JOB, MPI_COMM_WORLD);
    }
    int status = 0;
    for (int k = 0; k < n; k++) {
        struct result_message r;
        MPI_Request req;
        MPI_Status st;
        MPI_Irecv(&r, (int)sizeof r, MPI_BYTE, MPI_ANY_SOURCE, TAG_RESULT, MPI_COMM_WORLD,
                  &req);
        wait_for(&req, &st);
        int j = st.MPI_SOURCE - 1;
        if (j < 0 || j >= n) continue;
        res[j] = r.result;
        if (r.status != 0 && status == 0) {
            snprintf(err, GAME_ERROR_BYTES, "rank %d: %.120s", st.MPI_SOURCE, r.err);
            status = -1;
        }
    }
    return status;
}

static void serve(struct prove_mpi *m) {
    for (;;) {
        struct job_message msg;
        MPI_Request req;
        MPI_Status st;
        MPI_Irecv(&msg, (int)sizeof msg, MPI_BYTE, 0, TAG_JOB, MPI_COMM_WORLD, &req);
        wait_for(&req, &st);
        if (msg.kind != KIND_JOB) return;
        struct result_message r = {0};
        char serr[FACT_STORE_ERROR_BYTES];
        if (fact_store_reload(m->local->store, serr) != 0) {
            snprintf(r.err, sizeof r.err, "%.150s", serr);
            r.status = -1;
        } else if (prove_local_batch(m->local, &msg.job, 1, &r.result, r.err) != 0) {
            r.status = -1;
        }
        if (r.status != 0 && !m->failed) {
            m->failed = true;
            snprintf(m->err, sizeof m->err, "%s", r.err);
        }
        MPI_Send(&r, (int)sizeof r, MPI_BYTE, 0, TAG_RESULT, MPI_COMM_WORLD);
    }
}

int prove_mpi_farm(struct prove_mpi *m, struct prove_config *cfg) {
    int rank = tier_mpi_start();
    if (tier_mpi_ranks() < 2) return 0;
    tier_mpi_handled(); /* this run speaks its own protocol */
    if (rank > 0) {
        serve(m);
        return 1;
    }
    m->active = true;
    m->workers = tier_mpi_ranks() - 1;
    cfg->batch = farm_batch;
    cfg->batch_ctx = m;
    cfg->jobs_per_round = m->workers;
    return 0;
}

void prove_mpi_stop(struct prove_mpi *m) {
    if (!m->active) return;
    for (int w = 1; w <= m->workers; w++) {
        struct job_message msg = {.kind = KIND_STOP};
        MPI_Send(&msg, (int)sizeof msg, MPI_BYTE, w, TAG_JOB, MPI_COMM_WORLD);
    }
    m->active = false;
}

#endif
