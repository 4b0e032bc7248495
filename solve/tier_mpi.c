/* Tier jobs across MPI ranks: rank 0 schedules, the others solve (see
 * tier_mpi.h for the protocol). Without -DKIBITZ_MPI=ON only the "one
 * rank" answers are compiled. */
#include "solve/tier_mpi.h"

#include "engine/game.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int my_rank = 0, rank_count = 1;

int tier_mpi_rank(void) {
    return my_rank;
}

int tier_mpi_ranks(void) {
    return rank_count;
}

bool tier_mpi_worker(void) {
    return rank_count > 1 && my_rank > 0;
}

#ifndef KIBITZ_HAVE_MPI

int tier_mpi_start(void) {
    return 0;
}

void tier_mpi_handled(void) {}

int tier_mpi_schedule(const struct tier_job *jobs, int count,
                      const struct tier_job_ops *ops, uint64_t memory_bytes,
                      struct tier_schedule_stats *st, char *err) {
    snprintf(err, GAME_ERROR_BYTES, "this kibitz was built without MPI");
    return -1;
}

int tier_mpi_serve(const struct tier_job *jobs, int count, const struct tier_job_ops *ops,
                   int threads, uint64_t memory_bytes, char *err) {
    snprintf(err, GAME_ERROR_BYTES, "this kibitz was built without MPI");
    return -1;
}

#else

#include <mpi.h>
#include <omp.h>
#include <time.h>

enum {
    TAG_TO_WORKER = 1,
    TAG_TO_BOSS = 2,
    MSG_READY = 1, /* a worker waits for work (with its memory budget) */
    MSG_DONE = 2,  /* a worker finished a job (status, seconds, message) */
    MSG_GONE = 3,  /* a worker ends without ever serving (it failed early) */
    JOB_STOP = -1,
};

enum { MAX_PARTS = TIER_MPI_MAX_PARTS };

struct to_worker {
    int32_t job; /* JOB_STOP: the run is over */
    int32_t parts, part;
    int32_t ranks[MAX_PARTS]; /* of the parts, in part order */
};

struct to_boss {
    int32_t kind, job, status, pad;
    double seconds;
    uint64_t memory;    /* the worker's budget, 0: none */
    uint64_t exchanged; /* bytes it sent to other parts of a split job */
    char err[GAME_ERROR_BYTES];
};

static bool started, served, scheduled;

void tier_mpi_handled(void) {
    served = scheduled = true;
}

/* Wait for a request, sleeping between tests: a rank blocked in MPI_Recv
 * would spin on a core that a solving rank needs. */
static void wait_for(MPI_Request *req, MPI_Status *status) {
    long pause = 20000; /* ns, doubling to 2 ms */
    for (;;) {
        int flag = 0;
        MPI_Test(req, &flag, status);
        if (flag) return;
        struct timespec ts = {0, pause};
        nanosleep(&ts, NULL);
        if (pause < 2000000) pause *= 2;
    }
}

static void send_boss(const struct to_boss *m) {
    MPI_Send(m, (int)sizeof *m, MPI_BYTE, 0, TAG_TO_BOSS, MPI_COMM_WORLD);
}

static void send_part(int rank, const struct to_worker *m) {
    MPI_Send(m, (int)sizeof *m, MPI_BYTE, rank, TAG_TO_WORKER, MPI_COMM_WORLD);
}

static void send_worker(int rank, int job) {
    struct to_worker m = {.job = job, .parts = 1};
    send_part(rank, &m);
}

/* At exit: a rank that never reached the scheduler still lets the others
 * finish (rank 0 stops the workers; a worker tells rank 0 it is gone). */
static void finish_mpi(void) {
    int done = 0;
    MPI_Finalized(&done);
    if (done) return;
    if (my_rank == 0 && !scheduled)
        for (int r = 1; r < rank_count; r++) send_worker(r, JOB_STOP);
    if (my_rank > 0 && !served) {
        struct to_boss m = {.kind = MSG_GONE};
        send_boss(&m);
    }
    fflush(stdout);
    fflush(stderr);
    MPI_Finalize();
}

/* Ranks mpirun (Open MPI) or a PMI launcher (MPICH) says the run has. */
static int launched_ranks(void) {
    const char *s = getenv("OMPI_COMM_WORLD_SIZE");
    if (!s) s = getenv("PMI_SIZE");
    return s ? atoi(s) : 1;
}

int tier_mpi_start(void) {
    if (started) return my_rank;
    started = true;
    if (launched_ranks() < 2) return 0;
    int provided = 0;
    if (MPI_Init_thread(NULL, NULL, MPI_THREAD_FUNNELED, &provided) != MPI_SUCCESS)
        return 0;
    MPI_Comm_rank(MPI_COMM_WORLD, &my_rank);
    MPI_Comm_size(MPI_COMM_WORLD, &rank_count);
    atexit(finish_mpi);
    if (my_rank > 0) {
        fflush(stdout);
        if (!freopen("/dev/null", "w", stdout)) perror("kibitz: /dev/null");
    }
    return my_rank;
}

/* Ranks job j runs on: 1 when some worker's budget holds it whole, else
 * the fewest parts whose share fits every worker's budget (when the job
 * can be split). Leaves *out 0 until every worker has said READY. */
static int plan_parts(const struct tier_job *jobs, int j, const struct tier_job_ops *ops,
                      const uint64_t *budget, const int *role, int *out, char *err) {
    int alive = 0;
    uint64_t least = UINT64_MAX, most = 0;
    for (int w = 1; w < rank_count; w++) {
        if (role[w] == 0) return 0;
        if (role[w] == 3) continue;
        alive++;
        uint64_t b = budget[w] ? budget[w] : UINT64_MAX;
        least = b < least ? b : least;
        most = b > most ? b : most;
    }
    int limit = alive < MAX_PARTS ? alive : MAX_PARTS;
    /* A testing aid: KIBITZ_SPLIT_PARTS=k splits every job that can be
     * split over k workers (at most the live ones) whatever its size, so
     * that sets too small for a --memory in MiB to split still exercise the
     * split code. */
    const char *force = getenv("KIBITZ_SPLIT_PARTS");
    if (force && atoi(force) >= 2 && limit >= 2 && ops->part_bytes && ops->solve_part) {
        *out = atoi(force) < limit ? atoi(force) : limit;
        return 0;
    }
    if (jobs[j].bytes <= most) {
        *out = 1;
        return 0;
    }
    for (int k = 2; ops->part_bytes && ops->solve_part && k <= limit; k++)
        if (ops->part_bytes(ops->ctx, j, k) <= least) {
            *out = k;
            return 0;
        }
    snprintf(err, GAME_ERROR_BYTES,
             "tier %#llx needs about %.0f MiB, more than any rank's --memory (%.0f "
             "MiB)%s",
             (unsigned long long)jobs[j].id, (double)jobs[j].bytes / 1048576.0,
             (double)most / 1048576.0,
             ops->part_bytes ? ", even split over every worker rank" : "");
    return -1;
}

struct queue {
    int *at;
    int head, tail;
};

int tier_mpi_schedule(const struct tier_job *jobs, int count,
                      const struct tier_job_ops *ops, uint64_t memory_bytes,
                      struct tier_schedule_stats *st, char *err) {
    scheduled = true;
    int workers = rank_count - 1;
    int *left = malloc(((size_t)count + 1) * sizeof *left);
    int *state = calloc((size_t)count + 1, sizeof *state); /* 0 open, 1 out, 2 done */
    struct queue q = {malloc(((size_t)count + 1) * sizeof *q.at), 0, 0};
    uint64_t *budget = calloc((size_t)rank_count, sizeof *budget);
    /* role: 0 not yet READY, 1 idle, 2 busy, 3 gone */
    int *role = calloc((size_t)rank_count, sizeof *role);
    int *parts = calloc((size_t)count + 1, sizeof *parts); /* ranks per job, 0: unknown */
    int *parts_left = calloc((size_t)count + 1, sizeof *parts_left);
    int *part_failed = calloc((size_t)count + 1, sizeof *part_failed);
    int *start = NULL, *users = NULL;
    int finished = 0, running = 0, alive = workers, failed = 0;
    err[0] = '\0';
    if (!left || !state || !q.at || !budget || !role || !parts || !parts_left ||
        !part_failed) {
        snprintf(err, GAME_ERROR_BYTES, "out of memory planning tiers");
        failed = 1;
        goto stop;
    }
    if (tier_job_links(jobs, count, left, &start, &users, err) != 0) {
        failed = 1;
        goto stop;
    }
    for (int i = 0; i < count; i++)
        if (ops->done && ops->done(ops->ctx, i)) {
            state[i] = 2;
            st->found_done++;
            finished++;
            for (int u = start[i]; u < start[i + 1]; u++) left[users[u]]--;
        }
    for (int i = 0; i < count; i++)
        if (state[i] == 0 && left[i] == 0) q.at[q.tail++] = i;
    if (finished && ops->progress) ops->progress(ops->ctx, finished, count);

    while (finished < count && !(failed && running == 0)) {
        /* Hand ready jobs to idle workers whose budget holds them; a job
         * split over k ranks waits (holding the idle ones) until k are
         * idle. */
        for (int k = q.head; !failed && k < q.tail;) {
            int j = q.at[k];
            if (!parts[j] &&
                plan_parts(jobs, j, ops, budget, role, &parts[j], err) != 0) {
                failed = 1;
                break;
            }
            if (parts[j] == 0) break; /* not every worker has said READY yet */
            int group[MAX_PARTS], n = 0;
            uint64_t need =
                parts[j] == 1 ? jobs[j].bytes : ops->part_bytes(ops->ctx, j, parts[j]);
            for (int w = 1; w < rank_count && n < parts[j]; w++)
                if (role[w] == 1 && (!budget[w] || need <= budget[w])) group[n++] = w;
            if (n < parts[j]) {
                if (parts[j] > 1) break; /* keep the idle ones for it */
                k++;
                continue;
            }
            memmove(q.at + k, q.at + k + 1, (size_t)(q.tail - k - 1) * sizeof *q.at);
            q.tail--;
            state[j] = 1;
            parts_left[j] = parts[j];
            part_failed[j] = 0;
            running++;
            if (parts[j] > 1) st->split++;
            struct to_worker m = {.job = j, .parts = parts[j]};
            for (int i = 0; i < n; i++) m.ranks[i] = group[i];
            for (int i = 0; i < n; i++) {
                m.part = i;
                role[group[i]] = 2;
                send_part(group[i], &m);
            }
        }
        if (failed && running == 0) break;
        if (alive == 0) {
            if (!failed)
                snprintf(err, GAME_ERROR_BYTES, "no worker rank is left to solve tiers");
            failed = 1;
            break;
        }
        struct to_boss m;
        MPI_Request req;
        MPI_Status status;
        MPI_Irecv(&m, (int)sizeof m, MPI_BYTE, MPI_ANY_SOURCE, TAG_TO_BOSS,
                  MPI_COMM_WORLD, &req);
        wait_for(&req, &status);
        int w = status.MPI_SOURCE;
        if (w <= 0 || w >= rank_count) continue;
        if (m.kind == MSG_READY) {
            budget[w] = m.memory;
            role[w] = 1;
        } else if (m.kind == MSG_GONE) {
            if (role[w] == 2) running--;
            role[w] = 3;
            alive--;
        } else if (m.kind == MSG_DONE && role[w] == 2 && m.job >= 0 && m.job < count &&
                   state[m.job] == 1) {
            int j = m.job;
            role[w] = 1;
            st->exchanged_bytes += m.exchanged;
            if (m.status != 0 && !part_failed[j]) {
                part_failed[j] = 1;
                m.err[sizeof m.err - 1] = '\0';
                if (!failed) snprintf(err, GAME_ERROR_BYTES, "rank %d: %.140s", w, m.err);
                failed = 1;
            }
            if (--parts_left[j] > 0) continue;
            running--;
            if (part_failed[j]) continue;
            state[j] = 2;
            finished++;
            st->solved++;
            for (int u = start[j]; u < start[j + 1]; u++)
                if (--left[users[u]] == 0 && state[users[u]] == 0)
                    q.at[q.tail++] = users[u];
            if (!failed && ops->finished &&
                ops->finished(ops->ctx, j, m.seconds, err) != 0)
                failed = 1;
            if (ops->progress) ops->progress(ops->ctx, finished, count);
        }
    }
stop:
    for (int w = 1; w < rank_count; w++)
        if (!role || role[w] != 3) send_worker(w, JOB_STOP);
    free(left);
    free(state);
    free(q.at);
    free(budget);
    free(role);
    free(parts);
    free(parts_left);
    free(part_failed);
    free(start);
    free(users);
    return failed ? -1 : 0;
}

int tier_mpi_serve(const struct tier_job *jobs, int count, const struct tier_job_ops *ops,
                   int threads, uint64_t memory_bytes, char *err) {
    served = true;
    struct to_boss m = {.kind = MSG_READY, .memory = memory_bytes};
    send_boss(&m);
    for (;;) {
        struct to_worker job;
        MPI_Request req;
        MPI_Status status;
        MPI_Irecv(&job, (int)sizeof job, MPI_BYTE, 0, TAG_TO_WORKER, MPI_COMM_WORLD,
                  &req);
        wait_for(&req, &status);
        if (job.job < 0 || job.job >= count) break;
        memset(&m, 0, sizeof m);
        m.kind = MSG_DONE;
        m.job = job.job;
        double t0 = omp_get_wtime();
        if (job.parts > 1 && job.parts <= MAX_PARTS && ops->solve_part) {
            /* A communicator of just the job's parts (collective over
             * them only, so the other ranks go on working). */
            MPI_Group world, mine;
            MPI_Comm group;
            MPI_Comm_group(MPI_COMM_WORLD, &world);
            MPI_Group_incl(world, job.parts, job.ranks, &mine);
            MPI_Comm_create_group(MPI_COMM_WORLD, mine, job.job, &group);
            struct tier_part part = {
                .part = job.part, .parts = job.parts, .group = &group};
            m.status =
                ops->solve_part(ops->ctx, job.job, threads, &part, m.err) == 0 ? 0 : -1;
            MPI_Comm_free(&group);
            MPI_Group_free(&mine);
            MPI_Group_free(&world);
        } else {
            m.status = ops->solve(ops->ctx, job.job, threads, m.err) == 0 ? 0 : -1;
        }
        m.seconds = omp_get_wtime() - t0;
        m.exchanged = tier_part_sent();
        send_boss(&m);
    }
    return 0;
}

#endif
