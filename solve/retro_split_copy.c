/* The copies of a split tier (retro_split.h) after its solve: a rank that
 * `canonicalize` maps to another rank was not solved, and its canonical
 * rank may lie in any part. Two exchanges: each part asks the owner of
 * every canonical rank it needs (8 bytes: canonical rank, copy rank), the
 * owner answers to the part holding the copy (8 bytes: copy rank, value). */
#include "solve/retro_split.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A request (rank = canonical, other = copy) or an answer (rank = copy,
 * other = the canonical rank's cell). */
struct copy_message {
    uint32_t rank, other;
};

struct batches {
    struct copy_message *at[64];
    uint64_t bytes[64];
};

static void batches_free(struct batches *b) {
    for (int q = 0; q < 64; q++) free(b->at[q]);
}

/* Room in b for count[q] messages to part q; 0, or -1 out of memory. */
static int batches_alloc(struct batches *b, const uint64_t *count, int parts) {
    for (int q = 0; q < parts; q++) {
        b->bytes[q] = count[q] * sizeof(struct copy_message);
        if (!(b->at[q] = malloc(b->bytes[q] + 1))) return -1;
    }
    return 0;
}

/* The exchange skips a part's batch for itself: append it to what came in.
 * 0, or -1 out of memory. */
static int add_own(void **in, uint64_t *in_bytes, const struct batches *b, int part) {
    uint64_t own = b->bytes[part];
    char *all = realloc(*in, *in_bytes + own + 1);
    if (!all) return -1;
    if (own) memcpy(all + *in_bytes, b->at[part], own);
    *in = all;
    *in_bytes += own;
    return 0;
}

static bool is_copy(const struct retro_split_graph *gr, uint64_t i) {
    return gr->copy_bits[i / 64] >> (i % 64) & 1;
}

/* The requests for this part's copies, batched by the owner of the
 * canonical rank. */
static int ask(const struct retro_split_graph *gr, struct batches *b) {
    uint64_t count[64] = {0}, fill[64] = {0};
    for (uint32_t k = 0; k < gr->copies; k++)
        count[retro_split_owner(gr->size, gr->parts, gr->copy_from[k])]++;
    if (batches_alloc(b, count, gr->parts) != 0) return -1;
    for (uint32_t k = 0; k < gr->copies; k++) {
        int q = retro_split_owner(gr->size, gr->parts, gr->copy_from[k]);
        b->at[q][fill[q]++] = (struct copy_message){
            gr->copy_from[k], (uint32_t)(gr->lo + gr->copy_index[k])};
    }
    return 0;
}

/* The answers to `n` requests, batched by the owner of the copy; -1 out of
 * memory, -2 a request this part cannot answer (err set). */
static int answer(const struct retro_split_graph *gr, const retro_cell *out,
                  const struct copy_message *req, uint64_t n, struct batches *b,
                  char *err) {
    uint64_t count[64] = {0}, fill[64] = {0};
    for (uint64_t k = 0; k < n; k++) {
        if (req[k].rank < gr->lo || req[k].rank >= gr->hi || req[k].other >= gr->size) {
            snprintf(err, GAME_ERROR_BYTES, "a copy request for rank %lu went astray",
                     (unsigned long)req[k].rank);
            return -2;
        }
        if (is_copy(gr, req[k].rank - gr->lo)) {
            snprintf(err, GAME_ERROR_BYTES,
                     "canonicalize maps rank %lu to a state it changes again",
                     (unsigned long)req[k].other);
            return -2;
        }
        count[retro_split_owner(gr->size, gr->parts, req[k].other)]++;
    }
    if (batches_alloc(b, count, gr->parts) != 0) return -1;
    for (uint64_t k = 0; k < n; k++) {
        int q = retro_split_owner(gr->size, gr->parts, req[k].other);
        b->at[q][fill[q]++] =
            (struct copy_message){req[k].other, out[req[k].rank - gr->lo]};
    }
    return 0;
}

int retro_split_fill_copies(const struct retro_split_graph *gr,
                            const struct retro_split_io *io, retro_cell *out, char *err) {
    if (!gr->with_copies) return 0; /* the same on every part */
    struct batches asks = {0}, answers = {0};
    void *in = NULL;
    uint64_t in_bytes = 0;
    err[0] = '\0';
    int failed = ask(gr, &asks);
    if (io->max(io->ctx, failed != 0)) goto fail;
    failed = -1; /* an exchange fails on every part: out of memory */
    if (io->exchange(io->ctx, (void *const *)asks.at, asks.bytes, &in, &in_bytes) != 0)
        goto fail;
    if (add_own(&in, &in_bytes, &asks, gr->part) != 0) goto agree; /* failed is -1 */
    failed = answer(gr, out, in, in_bytes / sizeof(struct copy_message), &answers, err);
agree:
    free(in);
    in = NULL;
    if (io->max(io->ctx, failed != 0)) goto fail;
    failed = -1;
    if (io->exchange(io->ctx, (void *const *)answers.at, answers.bytes, &in, &in_bytes) !=
        0)
        goto fail;
    failed = add_own(&in, &in_bytes, &answers, gr->part);
    const struct copy_message *got = in;
    for (uint64_t k = 0; k < in_bytes / sizeof *got && !failed; k++) {
        if (got[k].rank < gr->lo || got[k].rank >= gr->hi) {
            snprintf(err, GAME_ERROR_BYTES, "a copy's value for rank %lu went astray",
                     (unsigned long)got[k].rank);
            failed = -2;
        } else {
            out[got[k].rank - gr->lo] = (retro_cell)got[k].other;
        }
    }
    if (io->max(io->ctx, failed != 0)) goto fail;
    free(in);
    batches_free(&asks);
    batches_free(&answers);
    return 0;
fail:
    if (failed == -1)
        snprintf(err, GAME_ERROR_BYTES,
                 "out of memory copying a split tier's mirror images");
    else if (!failed)
        snprintf(err, GAME_ERROR_BYTES,
                 "another part failed copying the split tier's mirror images");
    free(in);
    batches_free(&asks);
    batches_free(&answers);
    return -1;
}
