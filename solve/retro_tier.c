/* Solving one tier over its shape's move graph: seed from terminal children
 * and child tiers, then propagate backward level by level (level =
 * remoteness), so the first win found is the shortest and a loss is fixed
 * only when its last child is known.
 *
 * Speed (a tier is solved thousands of times over one graph, so this loop is
 * the solver's cost):
 * - the state read at random while propagating is a byte (counter) and a bit
 *   (decided) per position, so it stays in the caches;
 * - each level keeps its won and its lost positions apart, so a loop over a
 *   list knows what its children are worth without reading them;
 * - the common edge (the player to move changes, no pass) is handled without
 *   branches (whether a predecessor is decided is a coin toss for the branch
 *   predictor), and the predecessor lists of a batch of children are first
 *   copied into one flat array, so there is no inner loop of varying length,
 *   with prefetches a few list entries ahead (sorting the lists by rank
 *   instead measured slower).
 * A position that loses through its last in-tier child is queued at the next
 * level; if a move out of the tier loses more slowly, it is moved on to that
 * later level when its turn comes (its `out` cell says where: until a
 * position is decided, its cell holds that level, the "extra", instead of a
 * value, which saves an array read at random). Without passes the
 * last in-tier child found is the slowest (children come in level order); a
 * position with a pass and other in-tier moves (flag MIXED on its edges)
 * keeps the running maximum in its extra instead, and a win it finds through a
 * move (level + 1) is only a candidate (`maybe`) until the level is done,
 * since its pass may yet win at this level. Copies (mirror images, see
 * retro_graph.h) start decided, take no part, and get their canonical
 * rank's value at the end. */
#include "solve/retro_tier.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum {
    CANNOT_LOSE = 0xFF, /* counter start: at most 254 decrements keep it > 0 */
    NO_SEED = 0xFFFF,
    LEVELS = RETRO_MAX_REMOTENESS + 2,
    AHEAD = 16,   /* list entries to prefetch ahead */
    TRIM = 16384, /* per-level lists keep at most this capacity */
    BATCH = 2048, /* edges gathered per batch */
    FAST_EDGE = RETRO_EDGE_FLIP,
    EDGE_FLAGS = (1 << RETRO_EDGE_SHIFT) - 1,
    KEY_FIXED = -2, /* terminal or hole */
};

int retro_scratch_init(struct retro_scratch *sc) {
    memset(sc, 0, sizeof *sc);
    sc->wins = calloc(LEVELS, sizeof *sc->wins);
    sc->losses = calloc(LEVELS, sizeof *sc->losses);
    sc->maybe = calloc(LEVELS, sizeof *sc->maybe);
    sc->seed_start = calloc(LEVELS + 2, sizeof *sc->seed_start);
    return sc->wins && sc->losses && sc->maybe && sc->seed_start ? 0 : -1;
}

static void level_free(struct retro_level *l) {
    for (int i = 0; l && i < LEVELS; i++) free(l[i].at);
    free(l);
}

static void arrays_free(struct retro_scratch *sc) {
    free(sc->counter);
    free(sc->key);
    free(sc->done);
    free(sc->seeds);
    free(sc->seed_buf);
    sc->seed_buf = NULL;
    sc->counter = NULL;
    sc->key = NULL;
    sc->done = NULL;
    sc->seeds = NULL;
    sc->capacity = 0;
}

void retro_scratch_free(struct retro_scratch *sc) {
    level_free(sc->wins);
    level_free(sc->losses);
    level_free(sc->maybe);
    free(sc->seed_start);
    free(sc->spare.at);
    free(sc->now_won.at);
    free(sc->now_lost.at);
    free(sc->next_won.at);
    free(sc->next_lost.at);
    free(sc->edges);
    arrays_free(sc);
    memset(sc, 0, sizeof *sc);
}

static int scratch_fit(struct retro_scratch *sc, const struct retro_graph *gr) {
    uint64_t n = gr->size, words = (n + 63) / 64;
    if (n > sc->capacity) {
        arrays_free(sc);
        sc->counter = malloc(n);
        sc->key = malloc(n * sizeof *sc->key);
        sc->done = malloc(words * sizeof *sc->done);
        sc->seeds = malloc(n * sizeof *sc->seeds + 1);
        sc->seed_buf = malloc(n * sizeof *sc->seed_buf + 1);
        if (!sc->counter || !sc->key || !sc->done || !sc->seeds || !sc->seed_buf) {
            arrays_free(sc);
            return -1;
        }
        sc->capacity = n;
    }
    /* A batch, one more list past it, and room to look AHEAD past that. */
    uint64_t room = BATCH + (uint64_t)gr->max_rev + RETRO_REV_PAD + AHEAD;
    if (room > sc->edge_room) {
        free(sc->edges);
        sc->edges = calloc(room, sizeof *sc->edges);
        sc->edge_room = sc->edges ? room : 0;
        if (!sc->edges) return -1;
    }
    return 0;
}

/* Room for `more` entries. */
static int reserve(struct retro_level *l, uint64_t more) {
    if (l->capacity - l->count >= more) return 0;
    uint64_t cap = l->capacity ? 2 * (uint64_t)l->capacity : 1024;
    while (cap - l->count < more) cap *= 2;
    if (cap > UINT32_MAX) return -1;
    uint32_t *at = realloc(l->at, cap * sizeof *at);
    if (!at) return -1;
    l->at = at;
    l->capacity = (uint32_t)cap;
    return 0;
}

static inline int push(struct retro_level *l, uint32_t x) {
    if (l->count == l->capacity && reserve(l, 1) != 0) return -1;
    l->at[l->count++] = x;
    return 0;
}

static inline bool is_done(const uint64_t *done, uint32_t r) {
    return done[r >> 6] >> (r & 63) & 1;
}

static inline void set_done(uint64_t *done, uint32_t r) {
    done[r >> 6] |= UINT64_C(1) << (r & 63);
}

/* Cells in an order where larger is better for the mover: losses in r at
 * r (later is better, r < ORDER_DRAW), then the draw at ORDER_DRAW, then
 * wins in r at ORDER_WIN_TOP - r (sooner is better); -1: no move.
 * Remoteness stays below 2^16 (RETRO_MAX_REMOTENESS), so the three ranges
 * do not meet. */
enum { ORDER_DRAW = 0x10000, ORDER_WIN_TOP = 0x20000 };

static inline int32_t order_key(retro_cell c) {
    int32_t odd = c & 1, r = ((int32_t)c - 2 + odd) >> 1;
    return c == RETRO_DRAW ? ORDER_DRAW : odd ? ORDER_WIN_TOP - r : r;
}

static inline retro_cell key_cell(int32_t k) {
    if (k < 0) return RETRO_DRAW;
    if (k < ORDER_DRAW) return retro_loss(k);
    if (k == ORDER_DRAW) return RETRO_DRAW;
    return retro_win(ORDER_WIN_TOP - k);
}

/* retro_through for a child value (markers, which moves never reach, count
 * as draws). */
static inline retro_cell through(retro_cell c, unsigned flags) {
    if (c == RETRO_DRAW || c >= RETRO_HOLE) return RETRO_DRAW;
    retro_cell f = (flags & RETRO_EDGE_FLIP) ? (retro_cell)(((c - 1) ^ 1) + 1) : c;
    return (flags & RETRO_EDGE_PASS) ? f : (retro_cell)(f + 2);
}

/* The best move out of the tier for specials [i0, i1): terminal children
 * and moves into child tiers. Each special's exits are consecutive, so its
 * best is kept in a register and written once. */
static void seed_keys(const struct retro_graph *gr, const retro_cell *const *kids,
                      int32_t *key, uint32_t i0, uint32_t i1) {
    const uint32_t *exit_start = gr->exit_start, *exit_rank = gr->exit_rank;
    const uint8_t *exit_tag = gr->exit_tag;
    uint32_t e1 = exit_start[i1];
    uint32_t e = exit_start[i0];
    for (uint32_t i = i0; i < i1; i++) {
        retro_cell f = gr->special_fixed[i];
        int32_t best = f == RETRO_TERMINAL || f == RETRO_HOLE ? KEY_FIXED
                       : f == RETRO_UNKNOWN                   ? -1
                                                              : order_key(f);
        for (uint32_t end = exit_start[i + 1]; e < end; e++) {
            if (e + AHEAD < e1)
                __builtin_prefetch(
                    &kids[exit_tag[e + AHEAD] >> RETRO_EDGE_SHIFT][exit_rank[e + AHEAD]]);
            unsigned tag = exit_tag[e];
            int32_t k =
                order_key(through(kids[tag >> RETRO_EDGE_SHIFT][exit_rank[e]], tag));
            best = k > best ? k : best;
        }
        key[i] = best;
    }
}

struct solve_ctx {
    const struct retro_graph *gr;
    struct retro_scratch *sc;
    retro_cell *out;
    int top;            /* highest level with something queued */
    uint64_t finalized; /* positions whose value gather wrote */
    uint64_t won, lost, terminal, holes;
    int longest;
    int top_seed; /* highest level with a seed */
};

static inline int queue(struct solve_ctx *x, struct retro_level *lists, int level,
                        uint32_t r) {
    if (level > x->top) x->top = level;
    return push(&lists[level], r);
}

/* Initial state: every position as the in-tier moves alone say (counter,
 * no loss outside, provisional draw), then the specials from their keys:
 * decided ones queued at their level, the others with a win outside queued
 * as seeds (sorted by level). */
static int seed_all(struct solve_ctx *x, const retro_cell *const *kids, int threads) {
    const struct retro_graph *gr = x->gr;
    struct retro_scratch *sc = x->sc;
    uint64_t n = gr->size;
    int32_t *key = sc->key;
    uint32_t specials = gr->specials;
    if (threads > 1) {
        long long blocks = ((long long)specials + 4095) / 4096;
#pragma omp parallel for schedule(dynamic, 2) num_threads(threads)
        for (long long b = 0; b < blocks; b++) {
            uint32_t i0 = (uint32_t)b * 4096;
            uint32_t i1 = specials - i0 > 4096 ? i0 + 4096 : specials;
            seed_keys(gr, kids, key, i0, i1);
        }
    } else {
        seed_keys(gr, kids, key, 0, specials);
    }
    memcpy(sc->counter, gr->in_count, n);
    memset(x->out, 0, n * sizeof *x->out); /* extra 0 (and RETRO_DRAW) */
    /* Copies count as decided: nothing reaches them, and the draws left at
     * the end are then exactly the positions still open. */
    memcpy(sc->done, gr->copy_bits, (n + 63) / 64 * sizeof *sc->done);
    uint32_t seeds = 0;
    uint32_t *buf = sc->seed_buf;
    int top = -1;
    for (uint32_t i = 0; i < specials; i++) {
        uint32_t r = gr->special[i];
        int32_t k = key[i];
        unsigned in = gr->in_count[r];
        if (k == KEY_FIXED || in == 0) { /* decided now */
            retro_cell v = k == KEY_FIXED ? gr->special_fixed[i] : key_cell(k);
            x->terminal += v == RETRO_TERMINAL;
            x->holes += v == RETRO_HOLE;
            sc->counter[r] = 0;
            set_done(sc->done, r);
            if (!retro_is_value(v) || v == RETRO_DRAW) {
                x->out[r] = v;
                continue;
            }
            x->out[r] = (uint16_t)retro_remoteness(v); /* extra; gather writes v */
            if (queue(x, (v & 1) ? sc->wins : sc->losses, retro_remoteness(v), r) != 0)
                return -1;
            continue;
        }
        bool cannot_lose = k >= ORDER_DRAW, win = k > ORDER_DRAW;
        uint16_t level = (uint16_t)(win ? ORDER_WIN_TOP - k : 0);
        sc->counter[r] = (uint8_t)(in | (cannot_lose ? CANNOT_LOSE : 0));
        x->out[r] = cannot_lose ? (win ? level : NO_SEED) : (uint16_t)(k < 0 ? 0 : k);
        buf[seeds] = r;
        seeds += win;
        top = win && level > top ? level : top;
    }
    /* Counting sort by level into sc->seeds. */
    uint32_t *start = sc->seed_start;
    memset(start, 0, (size_t)(top + 2) * sizeof *start);
    for (uint32_t i = 0; i < seeds; i++) start[x->out[buf[i]] + 1]++;
    for (int l = 0; l <= top; l++) start[l + 1] += start[l];
    for (uint32_t i = 0; i < seeds; i++) sc->seeds[start[x->out[buf[i]]]++] = buf[i];
    /* start[l] is now where level l ends: shift to where it begins. */
    memmove(start + 1, start, (size_t)(top + 1) * sizeof *start);
    start[0] = 0;
    x->top_seed = top;
    if (top > x->top) x->top = top;
    return 0;
}

/* The general case of one edge: predecessor of a child worth `cv` to its
 * mover. */
static int slow_edge(struct solve_ctx *x, uint32_t edge, retro_cell cv) {
    struct retro_scratch *sc = x->sc;
    uint32_t p = edge >> RETRO_EDGE_SHIFT;
    if (is_done(sc->done, p)) return 0;
    retro_cell pv = retro_through(cv, edge & RETRO_EDGE_FLIP, edge & RETRO_EDGE_PASS);
    int rem = retro_remoteness(pv);
    if (pv & 1) {
        /* A position that can also pass may still find a win through a
         * pass at this level, one move sooner: only a candidate for now. */
        if ((edge & (RETRO_EDGE_MIXED | RETRO_EDGE_PASS)) == RETRO_EDGE_MIXED)
            return queue(x, sc->maybe, rem, p);
        set_done(sc->done, p);
        return queue(x, sc->wins, rem, p);
    }
    uint16_t m = x->out[p] > rem ? x->out[p] : (uint16_t)rem;
    x->out[p] = m;
    if (--sc->counter[p] != 0) return 0;
    set_done(sc->done, p);
    return queue(x, sc->losses, m, p);
}

/* Copy the predecessor lists of list entries from *i on into sc->edges,
 * writing `cv` for each child, until a batch is full. For lost children
 * (`check_extra`), one losing more slowly out of the tier is queued at its
 * own level instead. Returns the edge count, or -1. */
static long gather(struct solve_ctx *x, const struct retro_level *list, uint32_t *i,
                   retro_cell cv, int level, bool check_extra) {
    const struct retro_graph *gr = x->gr;
    struct retro_scratch *sc = x->sc;
    uint32_t *edges = sc->edges;
    const uint32_t *at = list->at;
    uint32_t j = *i, count = list->count;
    uint64_t k = 0;
    while (j < count && k < BATCH) {
        if (j + AHEAD < count) __builtin_prefetch(&gr->rev_start[at[j + AHEAD]]);
        if (j + AHEAD / 2 < count) {
            __builtin_prefetch(&gr->rev[gr->rev_start[at[j + AHEAD / 2]]]);
            __builtin_prefetch(&x->out[at[j + AHEAD / 2]], 1);
        }
        uint32_t c = at[j++];
        if (check_extra && x->out[c] > level) { /* rare */
            if (queue(x, sc->losses, x->out[c], c) != 0) return -1;
            continue;
        }
        x->out[c] = cv;
        x->finalized++;
        uint32_t s = gr->rev_start[c], d = gr->rev_start[c + 1] - s;
        memcpy(edges + k, gr->rev + s, RETRO_REV_PAD * sizeof *edges);
        if (d > RETRO_REV_PAD)
            memcpy(edges + k + RETRO_REV_PAD, gr->rev + s + RETRO_REV_PAD,
                   (d - RETRO_REV_PAD) * sizeof *edges);
        k += d;
    }
    *i = j;
    return (long)k;
}

/* Children lost at `level`: their predecessors win at level + 1. */
static int take_losses(struct solve_ctx *x, const struct retro_level *list, int level) {
    struct retro_scratch *sc = x->sc;
    uint64_t *done = sc->done;
    struct retro_level *next = &sc->next_won;
    retro_cell cv = retro_loss(level);
    uint64_t before = x->finalized;
    for (uint32_t i = 0; i < list->count;) {
        long k = gather(x, list, &i, cv, level, true);
        if (k < 0 || reserve(next, (uint64_t)k) != 0) return -1;
        const uint32_t *edges = sc->edges;
        uint32_t *at = next->at, count = next->count;
        for (long e = 0; e < k; e++) {
            uint32_t edge = edges[e], p = edge >> RETRO_EDGE_SHIFT;
            if ((edge & EDGE_FLAGS) != FAST_EDGE) {
                next->count = count;
                if (slow_edge(x, edge, cv) != 0) return -1;
                count = next->count;
                continue;
            }
            uint64_t bit = UINT64_C(1) << (p & 63), word = done[p >> 6];
            done[p >> 6] = word | bit;
            at[count] = p;
            count += (word & bit) == 0;
        }
        next->count = count;
    }
    if (next->count && level + 1 > x->top) x->top = level + 1;
    x->lost += x->finalized - before;
    if (x->finalized > before && level > x->longest) x->longest = level;
    return 0;
}

/* Children won at `level`: each is one more losing move for its
 * predecessors; a predecessor with none left loses at level + 1. */
static int take_wins(struct solve_ctx *x, const struct retro_level *list, int level) {
    struct retro_scratch *sc = x->sc;
    uint64_t *done = sc->done;
    uint8_t *counter = sc->counter;
    struct retro_level *next = &sc->next_lost;
    retro_cell cv = retro_win(level);
    uint64_t before = x->finalized;
    for (uint32_t i = 0; i < list->count;) {
        long k = gather(x, list, &i, cv, level, false);
        if (k < 0 || reserve(next, (uint64_t)k) != 0) return -1;
        const uint32_t *edges = sc->edges;
        uint32_t *at = next->at, count = next->count;
        for (long e = 0; e < k; e++) {
            uint32_t edge = edges[e], p = edge >> RETRO_EDGE_SHIFT;
            if ((edge & EDGE_FLAGS) != FAST_EDGE) {
                next->count = count;
                if (slow_edge(x, edge, cv) != 0) return -1;
                count = next->count;
                continue;
            }
            __builtin_prefetch(&counter[edges[e + AHEAD] >> RETRO_EDGE_SHIFT], 1);
            uint64_t bit = UINT64_C(1) << (p & 63), word = done[p >> 6];
            unsigned open = (word & bit) == 0;
            uint8_t left = (uint8_t)(counter[p] - open);
            counter[p] = left;
            unsigned lost = open & (left == 0);
            done[p >> 6] = word | (bit & (0 - (uint64_t)lost));
            at[count] = p;
            count += lost;
        }
        next->count = count;
    }
    if (next->count && level + 1 > x->top) x->top = level + 1;
    x->won += x->finalized - before;
    if (x->finalized > before && level > x->longest) x->longest = level;
    return 0;
}

/* Take a level's list out (more may be queued at the same level while it is
 * read, by passes) and hand it to `fn`. */
static int drain(struct solve_ctx *x, struct retro_level *list, int level,
                 int (*fn)(struct solve_ctx *, const struct retro_level *, int)) {
    struct retro_level taken = *list;
    *list = x->sc->spare;
    int status = fn(x, &taken, level);
    taken.count = 0;
    x->sc->spare = taken;
    return status;
}

static void clear_levels(struct retro_scratch *sc) {
    for (int i = 0; i < LEVELS; i++)
        sc->wins[i].count = sc->losses[i].count = sc->maybe[i].count = 0;
    sc->now_won.count = sc->now_lost.count = sc->next_won.count = sc->next_lost.count = 0;
}

/* Hand a level's list of won or lost positions to `fn`. */
static int take_now(struct solve_ctx *x, struct retro_level *list, int level,
                    int (*fn)(struct solve_ctx *, const struct retro_level *, int)) {
    int status = fn(x, list, level);
    list->count = 0;
    return status;
}

static void swap_levels(struct retro_level *a, struct retro_level *b) {
    struct retro_level t = *a;
    *a = *b;
    *b = t;
}

/* The parts of retro_tier_solve, per level and per tier (the work per
 * position stays in drain, take_now and their callbacks). */

/* Level `level`'s won positions: what the last level found for this one,
 * the seeds of this level and the positions that may be won here. 0, or -1
 * out of memory. */
static int begin_level(struct solve_ctx *x, int level) {
    struct retro_scratch *sc = x->sc;
    swap_levels(&sc->now_won, &sc->next_won);
    swap_levels(&sc->now_lost, &sc->next_lost);
    if (level <= x->top_seed) {
        struct retro_level *won = &sc->now_won;
        uint32_t s0 = sc->seed_start[level], s1 = sc->seed_start[level + 1];
        if (reserve(won, s1 - s0) != 0) return -1;
        for (uint32_t i = s0; i < s1; i++) {
            uint32_t r = sc->seeds[i];
            uint64_t bit = UINT64_C(1) << (r & 63), word = sc->done[r >> 6];
            sc->done[r >> 6] = word | bit;
            won->at[won->count] = r;
            won->count += (word & bit) == 0;
        }
    }
    struct retro_level *maybe = &sc->maybe[level];
    if (maybe->count) {
        if (reserve(&sc->now_won, maybe->count) != 0) return -1;
        for (uint32_t i = 0; i < maybe->count; i++) {
            uint32_t r = maybe->at[i];
            if (is_done(sc->done, r)) continue;
            set_done(sc->done, r);
            sc->now_won.at[sc->now_won.count++] = r;
        }
        maybe->count = 0;
    }
    return 0;
}

/* Settle the level: losses before wins, lists before the current ones,
 * until nothing is left at it. 0, or -1 out of memory. */
static int run_level(struct solve_ctx *x, int level) {
    struct retro_scratch *sc = x->sc;
    for (;;) {
        int status;
        if (sc->losses[level].count)
            status = drain(x, &sc->losses[level], level, take_losses);
        else if (sc->now_lost.count)
            status = take_now(x, &sc->now_lost, level, take_losses);
        else if (sc->wins[level].count)
            status = drain(x, &sc->wins[level], level, take_wins);
        else if (sc->now_won.count)
            status = take_now(x, &sc->now_won, level, take_wins);
        else
            return 0;
        if (status != 0) return -1;
    }
}

/* Positions never decided are draws (their cells still hold extras), and
 * mirror images take their canonical rank's value (counted into x). */
static void finish_values(struct solve_ctx *x) {
    const struct retro_graph *gr = x->gr;
    const uint64_t *done = x->sc->done;
    retro_cell *out = x->out;
    for (uint64_t w = 0; w < (gr->size + 63) / 64; w++) {
        uint64_t open = ~done[w];
        if (w == (gr->size - 1) / 64 && gr->size % 64)
            open &= (UINT64_C(1) << (gr->size % 64)) - 1;
        for (; open; open &= open - 1)
            out[w * 64 + (uint64_t)__builtin_ctzll(open)] = RETRO_DRAW;
    }
    for (uint32_t i = 0; i < gr->copies; i++) {
        if (i + AHEAD < gr->copies) __builtin_prefetch(&out[gr->copy_from[i + AHEAD]]);
        retro_cell v = out[gr->copy_rank[i]] = out[gr->copy_from[i]];
        x->terminal += v == RETRO_TERMINAL;
        x->holes += v == RETRO_HOLE;
        if (v == RETRO_DRAW || !retro_is_value(v)) continue;
        x->won += v & 1;
        x->lost += !(v & 1);
    }
}

static void add_counts(struct retro_counts *counts, const struct solve_ctx *x) {
    const uint64_t size = x->gr->size;
    counts->positions += size - x->holes;
    counts->won += x->won;
    counts->lost += x->lost;
    counts->terminal += x->terminal;
    counts->holes += x->holes;
    counts->drawn += size - x->won - x->lost - x->terminal - x->holes;
    if (x->longest > counts->max_remoteness) counts->max_remoteness = x->longest;
}

/* Lists that grew large for one tier give their memory back, so that
 * memory stays flat however many levels the tiers have. */
static void trim_lists(struct retro_scratch *sc, int levels) {
    for (int l = 0; l < levels && l < LEVELS; l++) {
        if (sc->wins[l].capacity > TRIM) {
            free(sc->wins[l].at);
            sc->wins[l] = (struct retro_level){0};
        }
        if (sc->losses[l].capacity > TRIM) {
            free(sc->losses[l].at);
            sc->losses[l] = (struct retro_level){0};
        }
        if (sc->maybe[l].capacity > TRIM) {
            free(sc->maybe[l].at);
            sc->maybe[l] = (struct retro_level){0};
        }
    }
}

int retro_tier_solve(const struct retro_graph *gr, const retro_cell *const *kids,
                     retro_cell *out, int threads, struct retro_scratch *sc,
                     struct retro_counts *counts, char *err) {
    if (scratch_fit(sc, gr) != 0) goto oom;
    struct solve_ctx x = {.gr = gr, .sc = sc, .out = out, .top = 0, .top_seed = -1};
    if (seed_all(&x, kids, threads) != 0) goto oom;
    int level;
    for (level = 0; level <= x.top; level++) {
        if (level > RETRO_MAX_REMOTENESS) {
            clear_levels(sc);
            snprintf(err, GAME_ERROR_BYTES, "remoteness above %d", RETRO_MAX_REMOTENESS);
            return -1;
        }
        if (begin_level(&x, level) != 0 || run_level(&x, level) != 0) goto oom;
    }
    finish_values(&x);
    if (counts) add_counts(counts, &x);
    trim_lists(sc, level);
    return 0;
oom:
    clear_levels(sc);
    snprintf(err, GAME_ERROR_BYTES, "out of memory solving a tier");
    return -1;
}
