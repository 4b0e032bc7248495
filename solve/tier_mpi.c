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

/* Rank 0's view of the schedule while it runs. */
struct boss {
    const struct tier_job *jobs;
    int count;
    const struct tier_job_ops *ops;
    struct tier_schedule_stats *st;
    int *left;  /* per job: children not yet solved */
    int *state; /* per job: 0 open, 1 out, 2 done */
    struct queue q;
    uint64_t *budget; /* per rank: its --memory in bytes, 0: no limit */
    int *role;        /* per rank: 0 not yet READY, 1 idle, 2 busy, 3 gone */
    int *parts;       /* per job: ranks it runs on, 0: unknown yet */
    int *parts_left, *part_failed;
    int *start, *users; /* tier_job_links */
    int finished, running, alive, failed;
};

static void boss_free(struct boss *b) {
    free(b->left);
    free(b->state);
    free(b->q.at);
    free(b->budget);
    free(b->role);
    free(b->parts);
    free(b->parts_left);
    free(b->part_failed);
    free(b->start);
    free(b->users);
}

/* Allocate the schedule and queue the jobs whose children are done (jobs
 * the folder already holds count as finished). 0, or -1 with err. */
static int boss_start(struct boss *b, char *err) {
    int count = b->count;
    b->left = malloc(((size_t)count + 1) * sizeof *b->left);
    b->state = calloc((size_t)count + 1, sizeof *b->state);
    b->q.at = malloc(((size_t)count + 1) * sizeof *b->q.at);
    b->budget = calloc((size_t)rank_count, sizeof *b->budget);
    b->role = calloc((size_t)rank_count, sizeof *b->role);
    b->parts = calloc((size_t)count + 1, sizeof *b->parts);
    b->parts_left = calloc((size_t)count + 1, sizeof *b->parts_left);
    b->part_failed = calloc((size_t)count + 1, sizeof *b->part_failed);
    if (!b->left || !b->state || !b->q.at || !b->budget || !b->role || !b->parts ||
        !b->parts_left || !b->part_failed) {
        snprintf(err, GAME_ERROR_BYTES, "out of memory planning tiers");
        return -1;
    }
    if (tier_job_links(b->jobs, count, b->left, &b->start, &b->users, err) != 0)
        return -1;
    for (int i = 0; i < count; i++)
        if (b->ops->done && b->ops->done(b->ops->ctx, i)) {
            b->state[i] = 2;
            b->st->found_done++;
            b->finished++;
            for (int u = b->start[i]; u < b->start[i + 1]; u++) b->left[b->users[u]]--;
        }
    for (int i = 0; i < count; i++)
        if (b->state[i] == 0 && b->left[i] == 0) b->q.at[b->q.tail++] = i;
    if (b->finished && b->ops->progress)
        b->ops->progress(b->ops->ctx, b->finished, count);
    return 0;
}

/* Hand ready jobs to idle workers whose budget holds them; a job split over
 * k ranks waits (holding the idle ones) until k are idle. */
static void hand_out(struct boss *b, char *err) {
    const struct tier_job_ops *ops = b->ops;
    for (int k = b->q.head; !b->failed && k < b->q.tail;) {
        int j = b->q.at[k];
        if (!b->parts[j] &&
            plan_parts(b->jobs, j, ops, b->budget, b->role, &b->parts[j], err) != 0) {
            b->failed = 1;
            break;
        }
        if (b->parts[j] == 0) break; /* not every worker has said READY yet */
        int group[MAX_PARTS], n = 0;
        uint64_t need = b->parts[j] == 1 ? b->jobs[j].bytes
                                         : ops->part_bytes(ops->ctx, j, b->parts[j]);
        for (int w = 1; w < rank_count && n < b->parts[j]; w++)
            if (b->role[w] == 1 && (!b->budget[w] || need <= b->budget[w]))
                group[n++] = w;
        if (n < b->parts[j]) {
            if (b->parts[j] > 1) break; /* keep the idle ones for it */
            k++;
            continue;
        }
        memmove(b->q.at + k, b->q.at + k + 1,
                (size_t)(b->q.tail - k - 1) * sizeof *b->q.at);
        b->q.tail--;
        b->state[j] = 1;
        b->parts_left[j] = b->parts[j];
        b->part_failed[j] = 0;
        b->running++;
        if (b->parts[j] > 1) b->st->split++;
        struct to_worker m = {.job = j, .parts = b->parts[j]};
        for (int i = 0; i < n; i++) m.ranks[i] = group[i];
        for (int i = 0; i < n; i++) {
            m.part = i;
            b->role[group[i]] = 2;
            send_part(group[i], &m);
        }
    }
}

/* Worker w finished its part of job m->job: once every part is in, the
 * job is done and the jobs waiting only for it are queued. */
static void part_done(struct boss *b, int w, struct to_boss *m, char *err) {
    int j = m->job;
    b->role[w] = 1;
    b->st->exchanged_bytes += m->exchanged;
    if (m->status != 0 && !b->part_failed[j]) {
        b->part_failed[j] = 1;
        m->err[sizeof m->err - 1] = '\0';
        if (!b->failed) snprintf(err, GAME_ERROR_BYTES, "rank %d: %.140s", w, m->err);
        b->failed = 1;
    }
    if (--b->parts_left[j] > 0) return;
    b->running--;
    if (b->part_failed[j]) return;
    b->state[j] = 2;
    b->finished++;
    b->st->solved++;
    for (int u = b->start[j]; u < b->start[j + 1]; u++)
        if (--b->left[b->users[u]] == 0 && b->state[b->users[u]] == 0)
            b->q.at[b->q.tail++] = b->users[u];
    if (!b->failed && b->ops->finished &&
        b->ops->finished(b->ops->ctx, j, m->seconds, err) != 0)
        b->failed = 1;
    if (b->ops->progress) b->ops->progress(b->ops->ctx, b->finished, b->count);
}

/* Wait for one worker's message and take it in. */
static void receive(struct boss *b, char *err) {
    struct to_boss m;
    MPI_Request req;
    MPI_Status status;
    MPI_Irecv(&m, (int)sizeof m, MPI_BYTE, MPI_ANY_SOURCE, TAG_TO_BOSS, MPI_COMM_WORLD,
              &req);
    wait_for(&req, &status);
    int w = status.MPI_SOURCE;
    if (w <= 0 || w >= rank_count) return;
    if (m.kind == MSG_READY) {
        b->budget[w] = m.memory;
        b->role[w] = 1;
    } else if (m.kind == MSG_GONE) {
        if (b->role[w] == 2) b->running--;
        b->role[w] = 3;
        b->alive--;
    } else if (m.kind == MSG_DONE && b->role[w] == 2 && m.job >= 0 && m.job < b->count &&
               b->state[m.job] == 1) {
        part_done(b, w, &m, err);
    }
}

int tier_mpi_schedule(const struct tier_job *jobs, int count,
                      const struct tier_job_ops *ops, uint64_t memory_bytes,
                      struct tier_schedule_stats *st, char *err) {
    (void)memory_bytes; /* each worker rank reports its own */
    scheduled = true;
    struct boss b = {
        .jobs = jobs, .count = count, .ops = ops, .st = st, .alive = rank_count - 1};
    err[0] = '\0';
    if (boss_start(&b, err) != 0) b.failed = 1;
    while (b.finished < b.count && !(b.failed && b.running == 0)) {
        hand_out(&b, err);
        if (b.failed && b.running == 0) break;
        if (b.alive == 0) {
            if (!b.failed)
                snprintf(err, GAME_ERROR_BYTES, "no worker rank is left to solve tiers");
            b.failed = 1;
            break;
        }
        receive(&b, err);
    }
    for (int w = 1; w < rank_count; w++)
        if (!b.role || b.role[w] != 3) send_worker(w, JOB_STOP);
    boss_free(&b);
    return b.failed ? -1 : 0;
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
