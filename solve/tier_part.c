/* The collective helpers for the parts of a split job (tier_mpi.h): a
 * communicator of just the parts, exchanges in pieces MPI's int counts can
 * hold, and part 0's streamed read of every part's values. Without MPI
 * there is only one part and nothing travels. */
#include "solve/tier_mpi.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint64_t sent_bytes; /* by this rank to other parts, since last asked */

uint64_t tier_part_sent(void) {
    uint64_t n = sent_bytes;
    sent_bytes = 0;
    return n;
}

#ifndef KIBITZ_HAVE_MPI

/* One part only: nothing travels. */
int tier_part_exchange(const struct tier_part *p, void *const *out,
                       const uint64_t *out_bytes, void **in, uint64_t *in_bytes) {
    *in = malloc(1);
    *in_bytes = 0;
    return *in ? 0 : -1;
}

uint64_t tier_part_sum(const struct tier_part *p, uint64_t x) {
    return x;
}

int64_t tier_part_max(const struct tier_part *p, int64_t x) {
    return x;
}

int tier_part_stream(const struct tier_part *p, const void *const *pieces,
                     const uint64_t *bytes, int count,
                     int (*take)(void *ctx, const void *data, uint64_t n), void *ctx) {
    for (int i = 0; i < count; i++)
        if (bytes[i] && take(ctx, pieces[i], bytes[i]) != 0) return -1;
    return 0;
}

#else

#include <mpi.h>
#include <stdbool.h>
#include <time.h>

enum {
    MAX_PARTS = TIER_MPI_MAX_PARTS,
    TAG_PART = 3,
    CHUNK = 1 << 30,        /* bytes in one message of an exchange */
    STREAM_CHUNK = 1 << 26, /* bytes in one message of a stream */
};

static MPI_Comm comm_of(const struct tier_part *p) {
    return *(MPI_Comm *)p->group;
}

/* Wait for every request, sleeping between tests: a part blocked in MPI
 * would spin on a core that the part it waits for needs (several ranks
 * share the cores of one machine). */
static void wait_all(MPI_Request *reqs, int n) {
    long pause = 10000; /* ns, doubling to 1 ms */
    for (;;) {
        int flag = 0;
        MPI_Testall(n, reqs, &flag, MPI_STATUSES_IGNORE);
        if (flag) return;
        struct timespec ts = {0, pause};
        nanosleep(&ts, NULL);
        if (pause < 1000000) pause *= 2;
    }
}

/* Messages of at most CHUNK bytes for n bytes. */
static int pieces_of(uint64_t n) {
    return (int)((n + CHUNK - 1) / CHUNK);
}

/* Post the sends or receives of n bytes in pieces. */
static void post_bytes(char *data, uint64_t n, int peer, bool send, MPI_Comm c,
                       MPI_Request *reqs, int *count) {
    for (uint64_t at = 0; at < n; at += CHUNK) {
        int piece = n - at > CHUNK ? CHUNK : (int)(n - at);
        if (send)
            MPI_Isend(data + at, piece, MPI_BYTE, peer, TAG_PART, c, &reqs[(*count)++]);
        else
            MPI_Irecv(data + at, piece, MPI_BYTE, peer, TAG_PART, c, &reqs[(*count)++]);
    }
}

int tier_part_exchange(const struct tier_part *p, void *const *out,
                       const uint64_t *out_bytes, void **in, uint64_t *in_bytes) {
    MPI_Comm c = comm_of(p);
    int k = p->parts;
    uint64_t sizes[MAX_PARTS] = {0}, send[MAX_PARTS] = {0};
    for (int q = 0; q < k; q++) send[q] = q == p->part ? 0 : out_bytes[q];
    MPI_Request req;
    MPI_Ialltoall(send, 1, MPI_UINT64_T, sizes, 1, MPI_UINT64_T, c, &req);
    wait_all(&req, 1);
    uint64_t total = 0;
    int messages = 0;
    for (int q = 0; q < k; q++) {
        total += sizes[q];
        messages += pieces_of(sizes[q]) + pieces_of(send[q]);
    }
    char *buf = malloc(total + 1);
    MPI_Request *reqs = malloc(((size_t)messages + 1) * sizeof *reqs);
    int failed = buf && reqs ? 0 : 1, any = 0;
    MPI_Iallreduce(&failed, &any, 1, MPI_INT, MPI_MAX, c, &req);
    wait_all(&req, 1);
    if (any) {
        free(buf);
        free(reqs);
        return -1;
    }
    int n = 0;
    uint64_t here = 0;
    for (int q = 0; q < k; q++) {
        if (q == p->part) continue;
        post_bytes(buf + here, sizes[q], q, false, c, reqs, &n);
        post_bytes(out[q], send[q], q, true, c, reqs, &n);
        here += sizes[q];
        sent_bytes += send[q];
    }
    wait_all(reqs, n);
    free(reqs);
    *in = buf;
    *in_bytes = total;
    return 0;
}

uint64_t tier_part_sum(const struct tier_part *p, uint64_t x) {
    uint64_t sum = 0;
    MPI_Request req;
    MPI_Iallreduce(&x, &sum, 1, MPI_UINT64_T, MPI_SUM, comm_of(p), &req);
    wait_all(&req, 1);
    return sum;
}

int64_t tier_part_max(const struct tier_part *p, int64_t x) {
    int64_t most = 0;
    MPI_Request req;
    MPI_Iallreduce(&x, &most, 1, MPI_INT64_T, MPI_MAX, comm_of(p), &req);
    wait_all(&req, 1);
    return most;
}

int tier_part_stream(const struct tier_part *p, const void *const *pieces,
                     const uint64_t *bytes, int count,
                     int (*take)(void *ctx, const void *data, uint64_t n), void *ctx) {
    MPI_Comm c = comm_of(p);
    uint64_t mine = 0, sizes[MAX_PARTS] = {0};
    for (int i = 0; i < count; i++) mine += bytes[i];
    MPI_Gather(&mine, 1, MPI_UINT64_T, sizes, 1, MPI_UINT64_T, 0, c);
    if (p->part != 0) { /* in messages part 0's buffer holds */
        for (int i = 0; i < count; i++)
            for (uint64_t at = 0; at < bytes[i];) {
                uint64_t n = bytes[i] - at < STREAM_CHUNK ? bytes[i] - at : STREAM_CHUNK;
                MPI_Send((const char *)pieces[i] + at, (int)n, MPI_BYTE, 0, TAG_PART, c);
                at += n;
            }
        return 0;
    }
    int status = 0;
    for (int i = 0; i < count; i++)
        if (bytes[i] && status == 0 && take(ctx, pieces[i], bytes[i]) != 0) status = -1;
    uint64_t most = 0;
    for (int q = 1; q < p->parts; q++) most = sizes[q] > most ? sizes[q] : most;
    uint64_t room = most < STREAM_CHUNK ? most : STREAM_CHUNK;
    char *buf = malloc(room + 1);
    if (!buf) { /* cannot even drain the senders: end the run (resumable) */
        fprintf(stderr, "kibitz: out of memory receiving a split tier\n");
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    for (int q = 1; q < p->parts; q++) {
        for (uint64_t left = sizes[q]; left;) {
            MPI_Status st;
            int got = 0;
            MPI_Recv(buf, (int)room, MPI_BYTE, q, TAG_PART, c, &st);
            MPI_Get_count(&st, MPI_BYTE, &got);
            if (status == 0 && take(ctx, buf, (uint64_t)got) != 0) status = -1;
            left -= (uint64_t)got;
        }
    }
    free(buf);
    return status;
}

#endif
