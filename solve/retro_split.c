/* Solving one part of a split tier (retro_split.h), level by level in
 * rounds of one exchange each.
 *
 * The bookkeeping is retro_tier.c's, kept per own rank: `counter` (in-tier
 * moves not yet known to lose; from CANNOT_LOSE the position has a draw or
 * a win outside and never loses), `extra` (the longest loss found so far,
 * through exits or moves), `done`. A decided position waits in
 * `decided[level]` until its level comes, then tells its predecessors; a
 * win that an exit or a move promises for a later level waits in
 * `open_wins[level]` and holds only if nothing decided the position before
 * (a position with a pass among its in-tier moves may still win one level
 * sooner through the pass, so a move's win is only promised). A move's value
 * for its mover is a win or a loss at this level (a pass) or the next (any
 * other move), so an update to another part is 4 bytes: rank << 2 | win << 1
 * | pass. Within a level, updates commute: a decrement, a maximum, a win
 * that holds whatever came first. */
#include "solve/retro_split.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { LEVELS = RETRO_MAX_REMOTENESS + 3, CANNOT_LOSE = 0xFF };
#define NO_LEVEL (INT64_MAX / 4)

struct list {
    uint32_t *at;
    uint32_t count, capacity;
};

struct state {
    const struct retro_split_graph *gr;
    retro_cell *val;
    uint8_t *counter;
    uint16_t *extra;
    uint64_t *done;
    struct list *decided, *open_wins; /* per level, own indices */
    int levels;                       /* room in both */
    struct list now;                  /* decided at this level, to propagate */
    struct list out[64];              /* updates for other parts */
    int level, top;
    int failed; /* 1 out of memory, 2 remoteness too large */
};

static int push(struct state *s, struct list *l, uint32_t x) {
    if (l->count == l->capacity) {
        uint64_t cap = l->capacity ? 2 * (uint64_t)l->capacity : 256;
        uint32_t *at = cap <= UINT32_MAX ? realloc(l->at, cap * sizeof *at) : NULL;
        if (!at) {
            s->failed = 1;
            return -1;
        }
        l->at = at;
        l->capacity = (uint32_t)cap;
    }
    l->at[l->count++] = x;
    return 0;
}

/* Room for levels up to `level` in both per-level arrays (they grow as
 * levels are reached, so that a small tier does not pay for all of them). */
static int reach(struct state *s, int level) {
    if (level < s->levels) return 0;
    int n = s->levels ? s->levels : 64;
    while (n <= level) n *= 2;
    if (n > LEVELS) n = LEVELS;
    struct list *d = realloc(s->decided, (size_t)n * sizeof *d);
    if (d) s->decided = d;
    struct list *w = d ? realloc(s->open_wins, (size_t)n * sizeof *w) : NULL;
    if (w) s->open_wins = w;
    if (!d || !w) {
        s->failed = 1;
        return -1;
    }
    memset(d + s->levels, 0, (size_t)(n - s->levels) * sizeof *d);
    memset(w + s->levels, 0, (size_t)(n - s->levels) * sizeof *w);
    s->levels = n;
    return 0;
}

/* Queue own index i at `level` (decided or promised). */
static void push_level(struct state *s, bool decided, int level, uint32_t i) {
    if (level >= LEVELS - 1) {
        s->failed = 2;
        return;
    }
    if (reach(s, level) != 0) return;
    if (level > s->top) s->top = level;
    push(s, decided ? &s->decided[level] : &s->open_wins[level], i);
}

static bool is_done(const struct state *s, uint64_t i) {
    return s->done[i >> 6] >> (i & 63) & 1;
}

static void decide(struct state *s, uint64_t i, retro_cell v) {
    s->done[i >> 6] |= UINT64_C(1) << (i & 63);
    s->val[i] = v;
}

/* retro_through for a child's cell (markers, which moves never reach, as
 * draws). */
static retro_cell through(retro_cell c, unsigned flags) {
    if (c == RETRO_DRAW || !retro_is_value(c)) return RETRO_DRAW;
    return retro_through(c, flags & RETRO_EDGE_FLIP, flags & RETRO_EDGE_PASS);
}

/* Start values from terminal children and exits. */
static void seed(struct state *s, const retro_cell *const *kids) {
    const struct retro_split_graph *gr = s->gr;
    uint64_t n = gr->hi - gr->lo;
    for (uint64_t i = 0; i < n && !s->failed; i++) {
        retro_cell f = gr->fixed[i];
        s->val[i] = RETRO_DRAW;
        s->counter[i] = 0;
        s->extra[i] = 0;
        if (f == RETRO_TERMINAL || f == RETRO_HOLE) {
            decide(s, i, f);
            continue;
        }
        retro_cell best = f;
        for (uint32_t e = gr->exit_start[i]; e < gr->exit_start[i + 1]; e++) {
            unsigned tag = gr->exit_tag[e];
            retro_cell t = through(kids[tag >> RETRO_EDGE_SHIFT][gr->exit_rank[e]], tag);
            if (best == RETRO_UNKNOWN || retro_better(t, best)) best = t;
        }
        if (gr->in_count[i] == 0) { /* decided now */
            retro_cell v = best == RETRO_UNKNOWN ? RETRO_DRAW : best;
            decide(s, i, v);
            if (v != RETRO_DRAW) push_level(s, true, retro_remoteness(v), (uint32_t)i);
            continue;
        }
        s->counter[i] = gr->in_count[i];
        if (best == RETRO_UNKNOWN) continue;
        if (retro_outcome(best) == RETRO_OUTCOME_LOSS)
            s->extra[i] = (uint16_t)retro_remoteness(best);
        else
            s->counter[i] = CANNOT_LOSE;
        if (retro_outcome(best) == RETRO_OUTCOME_WIN)
            push_level(s, false, retro_remoteness(best), (uint32_t)i);
    }
}

/* A move of own position i is worth a win or a loss to its mover, at this
 * level (a pass) or the next. */
static void update(struct state *s, uint64_t i, bool win, bool pass) {
    if (is_done(s, i)) return;
    int level = s->level, rem = level + !pass;
    if (win) {
        if (rem == level) {
            decide(s, i, retro_win(level));
            push(s, &s->now, (uint32_t)i);
        } else if (s->gr->mixed[i / 8] >> (i % 8) & 1) {
            push_level(s, false, rem, (uint32_t)i);
        } else {
            decide(s, i, retro_win(rem));
            push_level(s, true, rem, (uint32_t)i);
        }
        return;
    }
    if (s->extra[i] < rem) s->extra[i] = (uint16_t)rem;
    if (--s->counter[i] != 0) return;
    decide(s, i, retro_loss(s->extra[i]));
    if (s->extra[i] == level)
        push(s, &s->now, (uint32_t)i);
    else
        push_level(s, true, s->extra[i], (uint32_t)i);
}

/* The first round of a level: what waited for it. */
static void open_level(struct state *s) {
    if (reach(s, s->level) != 0) return;
    struct list *w = &s->open_wins[s->level], *d = &s->decided[s->level];
    for (uint32_t k = 0; k < w->count; k++)
        if (!is_done(s, w->at[k])) {
            decide(s, w->at[k], retro_win(s->level));
            push(s, &s->now, w->at[k]);
        }
    for (uint32_t k = 0; k < d->count; k++) push(s, &s->now, d->at[k]);
    free(w->at);
    free(d->at);
    *w = (struct list){0};
    *d = (struct list){0};
}

/* Apply a batch of updates for own positions (index << 2 | win << 1 |
 * pass). */
static void flush(struct state *s, const uint32_t *batch, int *n) {
    for (int b = 0; b < *n; b++)
        update(s, batch[b] >> 2, batch[b] >> 1 & 1, batch[b] & 1);
    *n = 0;
}

/* Tell the predecessors of everything decided at this level. The lists
 * and the predecessors' state are read at random, so they are fetched a
 * few positions ahead, and updates for own positions are applied in
 * batches whose state was fetched first. */
static void propagate(struct state *s) {
    const struct retro_split_graph *gr = s->gr;
    enum { AHEAD = 16, BATCH = 256 };
    uint32_t batch[BATCH];
    int n = 0;
    for (uint32_t k = 0; k < s->now.count && !s->failed; k++) {
        const uint32_t *at = s->now.at;
        if (k + AHEAD < s->now.count) __builtin_prefetch(&gr->rev_start[at[k + AHEAD]]);
        if (k + AHEAD / 2 < s->now.count) {
            __builtin_prefetch(&gr->rev[gr->rev_start[at[k + AHEAD / 2]]]);
            __builtin_prefetch(&s->val[at[k + AHEAD / 2]]);
        }
        uint32_t c = at[k];
        retro_cell cv = s->val[c];
        for (uint32_t e = gr->rev_start[c]; e < gr->rev_start[c + 1]; e++) {
            uint32_t edge = gr->rev[e];
            uint64_t p = edge >> RETRO_EDGE_SHIFT;
            retro_cell pv = through(cv, edge);
            uint32_t msg = (uint32_t)((pv & 1) << 1 | ((edge & RETRO_EDGE_PASS) != 0));
            if (p >= gr->lo && p < gr->hi) {
                uint64_t i = p - gr->lo;
                __builtin_prefetch(&s->done[i >> 6]);
                __builtin_prefetch(&s->counter[i], 1);
                batch[n++] = (uint32_t)(i << 2) | msg;
                if (n == BATCH) flush(s, batch, &n);
            } else {
                int q = retro_split_owner(gr->size, gr->parts, p);
                push(s, &s->out[q], (uint32_t)(p << 2) | msg);
            }
        }
        /* Updates may add to `now` (the same level): it is read again. */
        if (k + 1 == s->now.count) flush(s, batch, &n);
    }
    s->now.count = 0;
}

/* The lowest level this part has work at. */
static int64_t next_level(const struct state *s) {
    if (s->now.count) return s->level;
    for (int l = s->level + 1; l <= s->top; l++)
        if (s->decided[l].count || s->open_wins[l].count) return l;
    return NO_LEVEL;
}

static void state_free(struct state *s) {
    for (int l = 0; l < s->levels; l++) {
        free(s->decided[l].at);
        free(s->open_wins[l].at);
    }
    for (int q = 0; q < 64; q++) free(s->out[q].at);
    free(s->decided);
    free(s->open_wins);
    free(s->now.at);
    free(s->counter);
    free(s->extra);
    free(s->done);
}

int retro_split_solve(const struct retro_split_graph *gr, const retro_cell *const *kids,
                      const struct retro_split_io *io, retro_cell *out,
                      struct retro_split_stats *st, char *err) {
    uint64_t n = gr->hi - gr->lo;
    struct state s = {.gr = gr, .val = out, .level = 0, .top = 0};
    memset(st, 0, sizeof *st);
    s.counter = malloc(n + 1);
    s.extra = malloc(n * sizeof *s.extra + 1);
    s.done = calloc(n / 64 + 1, sizeof *s.done);
    if (!s.counter || !s.extra || !s.done || reach(&s, 0) != 0)
        s.failed = 1;
    else
        seed(&s, kids);
    int64_t level = -1; /* the level whose first round ran */
    for (;;) {
        int64_t next = next_level(&s);
        if (level < 0) { /* before any round: the first level with work */
            s.level = 0;
            next = s.levels && (s.decided[0].count || s.open_wins[0].count)
                       ? 0
                       : next_level(&s);
        }
        int64_t agreed = io->max(io->ctx, s.failed ? INT64_MAX : -next);
        if (agreed == INT64_MAX) break;
        if (-agreed == NO_LEVEL) {
            state_free(&s);
            return retro_split_fill_copies(gr, io, out, err);
        }
        if (-agreed > RETRO_MAX_REMOTENESS) {
            s.failed = 2;
            break;
        }
        if (-agreed != level) { /* a new level */
            level = -agreed;
            s.level = (int)level;
            open_level(&s);
        }
        propagate(&s);
        void *outs[64];
        uint64_t bytes[64];
        for (int q = 0; q < gr->parts; q++) {
            outs[q] = s.out[q].at;
            bytes[q] = (uint64_t)s.out[q].count * sizeof(uint32_t);
            if (q != gr->part) st->updates_sent += s.out[q].count;
        }
        void *in = NULL;
        uint64_t in_bytes = 0;
        if (io->exchange(io->ctx, outs, bytes, &in, &in_bytes) != 0) {
            s.failed = 1;
            break;
        }
        st->rounds++;
        for (int q = 0; q < gr->parts; q++) s.out[q].count = 0;
        const uint32_t *msg = in;
        for (uint64_t k = 0; k < in_bytes / sizeof *msg; k++) {
            uint64_t p = msg[k] >> 2;
            if (p < gr->lo || p >= gr->hi) {
                s.failed = 1;
                break;
            }
            update(&s, p - gr->lo, msg[k] >> 1 & 1, msg[k] & 1);
        }
        free(in);
    }
    if (s.failed == 2)
        snprintf(err, GAME_ERROR_BYTES, "remoteness above %d", RETRO_MAX_REMOTENESS);
    else if (s.failed)
        snprintf(err, GAME_ERROR_BYTES, "out of memory solving a split tier");
    else
        snprintf(err, GAME_ERROR_BYTES, "another part failed solving the split tier");
    state_free(&s);
    return -1;
}

uint64_t retro_split_part_bytes(uint64_t size, int kids, int parts) {
    uint64_t share = (size + (uint64_t)parts - 1) / (uint64_t)parts;
    /* The child values whole (2 bytes a cell each), and per own position
     * about 32 bytes of graph (Kulibrat's measured 28-30: 3.5 in-tier moves
     * and 1.3 exits a position), as much again while it is being built
     * (the moves by chunk and the batches for other parts), the working
     * arrays (5 bytes) coming after that. */
    return 2 * (uint64_t)kids * size + share * 64;
}
