/*
 * One pair of tiers {(a, b), (b, a)} of a Kerx endgame database, solved by
 * retrograde analysis with values and counters only (no move graph) over the
 * symmetry-reduced index; the pairs below it are finished (the driver,
 * kerx_egdb_build.c, goes by increasing total):
 * 1. Forward pass (parallel by work unit, each entry written by one thread):
 *    a position with a capture takes its value from its capture children
 *    (captures are compulsory, so they are all its moves), which lie in
 *    lower, finished pairs or are over by rule; a position without moves is
 *    lost at once; otherwise it waits with a counter of its step moves.
 * 2. Backward induction by remoteness level r = 0, 1, 2, ...: each position
 *    of value r (a loss when r is even, a win when odd) visits its
 *    predecessors by un-moves: a piece of the side that just moved steps
 *    back to an adjacent empty cell, roles swapped. A predecessor with a
 *    capture is skipped (its step would be illegal). A loss makes every
 *    undecided predecessor a win in r + 1; a win lowers the predecessor's
 *    counter, and the last one makes it a loss in r + 1 (every move loses,
 *    the longest resistance being r + 1 since levels come in order).
 *    Positions never decided are draws (play can go on forever).
 *
 * Symmetry and counting: a predecessor P of canonical c is found k times by
 * c's un-moves, while P has n moves into c's class; n = k |Stab P| / |Stab c|
 * (count the move pairs between the two classes both ways). Counters hold
 * 12 x (step moves), and each un-move subtracts 12 |Stab P| / |Stab c|, an
 * integer since |Stab c| divides 12.
 *
 * Memory: the shared layout (one byte an entry). The counters above take 2
 * bytes beside each value byte, 3 in all: 37 GB for the largest 10-piece
 * pair of size 4, more than the machine. The shared layout keeps both in
 * one byte: an undecided position holds KERX_EG_HOLE - n, n >= 1 the step
 * moves not yet known to lose (at most 6 a piece, so n <= 6 x the larger
 * side: the byte stays at or above `floor` = 255 - 6 max(a, b)), and
 * decided values stay below floor (remoteness floor - 2 at most: 199 moves
 * for 9 pieces a side, against 129 the longest of the 9-piece set; beyond
 * it the pair is rebuilt in the 3-byte layout, kerx_egdb_build.c). The
 * counter then counts moves, not twelfths: c's k finds of P stand for
 * k |Stab P| / |Stab c| moves, an integer for the k finds together but not
 * for one when |Stab c| > 1, so the un-moves of a symmetric c are summed
 * by predecessor before they are taken off. Updates are compare-and-swap
 * loops on the byte; the values written are the same as the 3-byte
 * layout's, byte for byte (the tests compare the files).
 *
 * Races: the forward pass writes only its own work unit's entries and reads
 * finished lower pairs. In the backward pass several threads may update one
 * predecessor: counters use atomic subtraction; values are set with atomic
 * stores, and at level r every store writes the same byte (r + 2), so the
 * order does not matter; a position that reaches counter 0 has only winning
 * children, so no thread can be making it a win at the same time. The scan
 * for level-r entries (memchr) may read bytes another thread is changing
 * from 0 to r + 2; neither is the byte looked for, so what it finds does not
 * depend on the timing (x86 byte stores are indivisible). The failure flag
 * is stored atomically and read after the loop's barrier. The result is
 * therefore the same for any thread count, which the tests check file by
 * file. (TSan cannot check this: libgomp is not instrumented.)
 *
 * Split across MPI ranks (kerx_egdb_pair_build_part): each part holds a
 * range of whole work units (its entries of tier 0, then of tier 1), does
 * the forward pass and the level scans on it, applies the un-moves that
 * land in its range at once, and queues the others for the part holding
 * them; after each level's scan the parts exchange their queues once and
 * apply what came, with the same atomic updates. Since the order of one
 * level's updates does not matter (above), the values are those of the
 * whole pair; the parts agree on the level's count, the highest level and
 * any failure, and part 0 streams every part's values into the file.
 */
#include "games/kerx/kerx_egdb_set.h"

#include "engine/output_file.h"
#include "engine/pause_request.h"
#include "engine/timer.h"
#include "games/kerx/kerx_egdb_checkpoint.h"
#include "search/big_alloc.h"
#include "solve/tier_mpi.h"

#include <errno.h>
#include <inttypes.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

struct tier_work {
    int m, o;
    const struct kerx_tier_index *ix;
    uint8_t *val;  /* entries lo..hi-1 of the tier (all of it unless split) */
    uint16_t *cnt; /* the same; NULL when the counters share the value byte */
    uint64_t lo, hi;
    int partner; /* the tier steps lead to: the other of the pair, or itself */
};

/* Updates for entries another part holds, per thread and part: partner
 * tier index << 40 | entry, and the counter decrement << 48. */
struct outbox {
    uint64_t *at;
    size_t count, capacity;
};

struct pair_work {
    struct kerx_egdb *db;
    int a, b, ntiers, threads;
    bool progress;
    struct tier_work t[2];
    int failed; /* set by any thread: remoteness overflow or a broken probe */
    /* Shared layout (cnt NULL): an undecided position's byte is
     * KERX_EG_HOLE - (its step moves not yet known to lose), at least
     * `floor`, so values stay below it (see the top of the file). */
    bool shared;
    int floor;
    const char *ckpt; /* the checkpoint's path; NULL: none kept */
    double checkpoint_every;
    int stop_before_level;
    bool resumed;
    /* Split across ranks (NULL: whole): `bounds` are the parts' first
     * entries in the pair's index (tier 0's entries, then tier 1's), and
     * `out` the outboxes, threads x parts. */
    const struct tier_part *part;
    uint64_t bounds[KERX_EGDB_MAX_PARTS + 1];
    struct outbox *out;
};

/* Value byte for the mover of a move into a child of value byte `child`. */
static inline int through(int child) {
    return child == KERX_EG_DRAW ? KERX_EG_DRAW : child + 1;
}

/* True when value byte x is better than y for the player choosing. */
static inline bool better(int x, int y) {
    return retro_better(kerx_eg_cell(x), kerx_eg_cell(y));
}

/* A capture child on its way through the forward pass's pipeline: its
 * value byte known by rule (`at` NULL), or where it lies in a lower pair. */
struct child {
    const uint8_t *at;
    int value;
};

/* The capture children of a position with a capture, their bytes located
 * and prefetched (read later, by capture_value, so that the misses of
 * many positions are in flight at once). The count, or -1 when a child's
 * material is not held (failed is set). */
static int capture_children(struct pair_work *w, uint64_t mover, uint64_t other,
                            struct child *out) {
    const struct kerx_egdb *db = w->db;
    struct kerx_state s;
    memset(&s, 0, sizeof s);
    s.pieces[0][0] = mover;
    s.pieces[1][0] = other;
    move_t moves[KERX_MAX_MOVES];
    int n = kerx_moves(db->g, &s, moves);
    for (int i = 0; i < n; i++) {
        struct kerx_state c = s;
        kerx_play(db->g, &c, moves[i]);
        uint64_t cm = c.pieces[1][0], co = c.pieces[0][0]; /* child's mover, other */
        int nm = __builtin_popcountll(cm), no = __builtin_popcountll(co);
        out[i].at = NULL;
        if (nm == 0) {
            out[i].value = 1; /* the mover has no pieces: lost, remoteness 0 */
        } else if (nm <= db->drawat && no <= db->drawat) {
            out[i].value = KERX_EG_DRAW;
        } else {
            out[i].at = kerx_egdb_byte_at(db, cm, co);
            if (!out[i].at) {
                __atomic_store_n(&w->failed, 2, __ATOMIC_RELAXED);
                return -1;
            }
            __builtin_prefetch(out[i].at);
        }
    }
    return n;
}

/* The value of a position with a capture, from its n capture children. */
static int capture_value(struct pair_work *w, const struct child *kids, int n) {
    int best = -1;
    for (int i = 0; i < n; i++) {
        int child = kids[i].at ? *kids[i].at : kids[i].value;
        if (child == KERX_EG_HOLE) {
            __atomic_store_n(&w->failed, 2, __ATOMIC_RELAXED);
            return KERX_EG_DRAW;
        }
        int v = through(child);
        if (v > KERX_EG_MAX_BYTE) {
            __atomic_store_n(&w->failed, 1, __ATOMIC_RELAXED);
            return KERX_EG_DRAW;
        }
        if (best < 0 || better(v, best)) best = v;
    }
    return best;
}

/* Work is handed out in units of at most this many positions of one slot,
 * so tiers of few wide slots (one piece against many) still split evenly. */
#define UNIT ((uint64_t)1 << 15)

static uint64_t units_per_slot(const struct tier_work *t) {
    return (t->ix->width + UNIT - 1) / UNIT;
}

/* Positions with a capture go through the forward pass FORWARD_BATCH at a
 * time: their capture children's bytes lie at random places in the lower
 * pairs (gigabytes), and reading each at once left one miss in flight. */
enum { FORWARD_BATCH = 16, FORWARD_KIDS = 2048 };

/* A position with a capture whose value waits for its children's bytes. */
struct pending {
    uint8_t *val;
    int first, n; /* its children in the batch's kids[] */
};

/* Write the values of the pending positions (their children prefetched). */
static void settle_captures(struct pair_work *w, const struct child *kids,
                            const struct pending *pending, int n) {
    for (int k = 0; k < n; k++) {
        uint8_t v = (uint8_t)capture_value(w, kids + pending[k].first, pending[k].n);
        *pending[k].val = v;
        if (w->shared && v >= w->floor) __atomic_store_n(&w->failed, 5, __ATOMIC_RELAXED);
    }
}

/* Positions r0..r1-1 of slot `slot` in Gosper order of the packed
 * other-set, which is index order. */
static void forward_range(struct pair_work *w, struct tier_work *t, uint32_t slot,
                          uint64_t r0, uint64_t r1) {
    const struct kerx_egdb *db = w->db;
    const struct kerx_geom *g = db->g;
    uint64_t board = (UINT64_C(1) << g->cells) - 1;
    uint64_t mover = t->ix->mv->mask[slot];
    int free_cells[64], nfree = 0;
    for (int c = 0; c < g->cells; c++)
        if (!((mover >> c) & 1)) free_cells[nfree++] = c;
    bool symmetric = t->ix->mv->fix[slot] != 1;
    uint64_t base = (uint64_t)slot * t->ix->width;
    uint64_t packed = kerx_packed_unrank(t->ix, r0);
    /* Positions with a capture wait in `pending` until FORWARD_BATCH of
     * them (or a full `kids`) have their children's bytes prefetched. */
    struct child kids[FORWARD_KIDS];
    struct pending pending[FORWARD_BATCH];
    int npending = 0, nkids = 0;
    for (uint64_t r = r0; r < r1; r++) {
        uint64_t other = 0;
        for (uint64_t p = packed; p; p &= p - 1)
            other |= UINT64_C(1) << free_cells[__builtin_ctzll(p)];
        uint64_t i = base + r;
        uint8_t *val = &t->val[i - t->lo];
        uint16_t *cnt = t->cnt ? &t->cnt[i - t->lo] : NULL;
        uint16_t count = 0;
        if (symmetric && !kerx_index_stab(t->ix, slot, other)) {
            *val = KERX_EG_HOLE;
        } else if (kerx_egdb_has_capture(g, mover, other)) {
            if (npending == FORWARD_BATCH || nkids + KERX_MAX_MOVES > FORWARD_KIDS) {
                settle_captures(w, kids, pending, npending);
                npending = nkids = 0;
            }
            int n = capture_children(w, mover, other, kids + nkids);
            if (n < 0) {
                *val = KERX_EG_DRAW;
            } else {
                pending[npending].val = val;
                pending[npending].first = nkids;
                pending[npending++].n = n;
                nkids += n;
            }
        } else {
            uint64_t empty = board & ~(mover | other);
            int steps = 0;
            for (uint64_t s = mover; s; s &= s - 1)
                steps += __builtin_popcountll(g->adj[__builtin_ctzll(s)][0] & empty);
            if (!steps)
                *val = 1;
            else if (w->shared)
                *val = (uint8_t)(KERX_EG_HOLE - steps);
            else
                *val = KERX_EG_DRAW;
            count = (uint16_t)(KERX_SYMS * steps);
        }
        if (cnt) *cnt = count;
        uint64_t low = packed & -packed, ripple = packed + low;
        packed = (((ripple ^ packed) >> 2) / low) | ripple;
    }
    settle_captures(w, kids, pending, npending);
}

/* One predecessor update at entry pi (val, cnt indexed by entry): a loss
 * of the child makes it a win, a win of the child takes `dec` off its
 * counter and the last one makes it a loss; returns 1 when it decided it.
 * Order does not matter (see the top of the file). */
static inline uint64_t update(struct pair_work *w, uint8_t *val, uint16_t *cnt,
                              uint64_t pi, bool loss, uint16_t dec, uint8_t set) {
    uint8_t pv = __atomic_load_n(&val[pi], __ATOMIC_RELAXED);
    if (pv != KERX_EG_DRAW) return 0;
    if (loss) {
        __atomic_store_n(&val[pi], set, __ATOMIC_RELAXED);
        return 1;
    }
    uint16_t old = __atomic_fetch_sub(&cnt[pi], dec, __ATOMIC_RELAXED);
    if (old < dec) {
        __atomic_store_n(&w->failed, 3, __ATOMIC_RELAXED);
    } else if (old == dec) {
        __atomic_store_n(&val[pi], set, __ATOMIC_RELAXED);
        return 1;
    }
    return 0;
}

/* The same in the shared layout (val by entry; `dec` in moves). */
static inline uint64_t update_shared(struct pair_work *w, uint8_t *val, uint64_t pi,
                                     bool loss, uint16_t dec, uint8_t set) {
    uint8_t pv = __atomic_load_n(&val[pi], __ATOMIC_RELAXED);
    for (;;) {
        if (pv < w->floor || pv == KERX_EG_HOLE) return 0; /* decided */
        int left = KERX_EG_HOLE - pv - (loss ? 0 : dec);
        if (left < 0) {
            __atomic_store_n(&w->failed, 3, __ATOMIC_RELAXED);
            return 0;
        }
        uint8_t next = loss || left == 0 ? set : (uint8_t)(KERX_EG_HOLE - left);
        if (__atomic_compare_exchange_n(&val[pi], &pv, next, true, __ATOMIC_RELAXED,
                                        __ATOMIC_RELAXED))
            return next == set;
    }
}

/* The part holding entry pi of tier k. */
static int owner(const struct pair_work *w, int k, uint64_t pi) {
    uint64_t at = (k ? w->t[0].ix->size : 0) + pi;
    int lo = 0, hi = w->part->parts - 1;
    while (lo < hi) {
        int mid = (lo + hi + 1) / 2;
        if (w->bounds[mid] <= at)
            lo = mid;
        else
            hi = mid - 1;
    }
    return lo;
}

/* Queue an update of entry pi of tier k for the part that holds it. */
static void send_update(struct pair_work *w, struct outbox *outs, int k, uint64_t pi,
                        uint16_t dec) {
    struct outbox *o = &outs[owner(w, k, pi)];
    if (o->count == o->capacity) {
        size_t cap = o->capacity ? 2 * o->capacity : 4096;
        uint64_t *at = realloc(o->at, cap * sizeof *at);
        if (!at) {
            __atomic_store_n(&w->failed, 4, __ATOMIC_RELAXED);
            return;
        }
        o->at = at;
        o->capacity = cap;
    }
    o->at[o->count++] = (uint64_t)dec << 48 | (uint64_t)k << 40 | pi;
}

/* A predecessor found by an un-move, on its way through the pipeline. */
struct pred {
    uint64_t mover, other, at; /* canonical sets; colex rank, then index */
    int stab;
};

/* Shared layout, a symmetric c (|Stab c| = stab_c > 1): its finds of one
 * predecessor together stand for k |Stab P| / stab_c moves (the top of the
 * file), so they become one find whose `stab` holds that count. Returns
 * the number of finds left. */
static int merge_finds(struct pair_work *w, struct pred *preds, int n, int stab_c) {
    int kept = 0;
    for (int k = 0; k < n; k++) {
        int same = 0;
        for (int j = 0; j < kept && !same; j++) same = preds[j].at == preds[k].at;
        if (same) continue;
        int sum = 0;
        for (int j = k; j < n; j++)
            if (preds[j].at == preds[k].at) sum += preds[j].stab;
        if (sum % stab_c) __atomic_store_n(&w->failed, 3, __ATOMIC_RELAXED);
        preds[kept] = preds[k];
        preds[kept].stab = sum / stab_c;
        kept++;
    }
    return kept;
}

/* Positions whose un-moves go through the passes together (below). */
enum { BATCH = 8 };

/* The next byte `want` in row[0..width) after `from` (NULL: from the
 * start), or NULL. */
static const uint8_t *next_hit(const uint8_t *row, uint64_t width, const uint8_t *from,
                               uint8_t want) {
    const uint8_t *at = from ? from + 1 : row;
    return memchr(at, want, (size_t)(width - (uint64_t)(at - row)));
}

/* Un-moves of every position of value byte `level + 1` in positions r0..r1-1
 * of slot `slot`.
 * The predecessors' bytes lie all over the partner tier, so each step is a
 * cache miss (and without huge pages a TLB miss): the un-moves of BATCH
 * positions at a time go through three passes (canonical form, then slot
 * and index, then update), each prefetching what the next one reads, so
 * that many misses are in flight at once. */
static uint64_t backward_range(struct pair_work *w, struct tier_work *t, uint32_t slot,
                               uint64_t r0, uint64_t r1, int level, struct outbox *outs) {
    const struct kerx_egdb *db = w->db;
    const struct kerx_geom *g = db->g;
    uint64_t board = (UINT64_C(1) << g->cells) - 1;
    struct tier_work *p = &w->t[t->partner];
    const int32_t *slot_of = p->ix->mv->slot_of;
    uint64_t width = r1 - r0, base = (uint64_t)slot * t->ix->width + r0, decided = 0;
    const uint8_t *row = t->val + (base - t->lo);
    uint8_t *pval = p->val - p->lo; /* by entry; only lo..hi-1 are there */
    uint16_t *pcnt = p->cnt ? p->cnt - p->lo : NULL;
    uint64_t plo = p->lo, phi = p->hi;
    uint8_t want = (uint8_t)(level + 1), set = (uint8_t)(level + 2);
    bool loss = (level & 1) == 0;
    struct pred preds[BATCH * KERX_EGDB_MAX_SIDE * KERX_DIRS];
    int first[BATCH + 1], stab_of[BATCH];
    const uint8_t *hit = next_hit(row, width, NULL, want);
    while (hit) {
        int positions = 0, n = 0;
        for (; hit && positions < BATCH; hit = next_hit(row, width, hit, want)) {
            uint64_t a, b; /* c: a to move, b just moved */
            kerx_index_unrank(t->ix, base + (uint64_t)(hit - row), &a, &b);
            first[positions] = n;
            stab_of[positions++] = kerx_index_stab(t->ix, slot, b);
            uint64_t empty = board & ~(a | b);
            /* The images of a predecessor's sets under the 12 symmetries
             * come from those of c's: a, and b with one piece moved. */
            uint64_t aimg[KERX_SYMS], bimg[KERX_SYMS], pimg[KERX_SYMS];
            kerx_sym_all(db->sym, a, aimg);
            kerx_sym_all(db->sym, b, bimg);
            for (uint64_t s = b; s; s &= s - 1) {
                int to = __builtin_ctzll(s);
                for (uint64_t f = g->adj[to][0] & empty; f; f &= f - 1) {
                    struct pred *q = &preds[n];
                    int from = __builtin_ctzll(f);
                    q->mover = b ^ (UINT64_C(1) << to) ^ (UINT64_C(1) << from);
                    q->other = a;
                    if (kerx_egdb_has_capture(g, q->mover, q->other)) continue;
                    const uint64_t *bit_to = db->sym->bit[to],
                                   *bit_from = db->sym->bit[from];
                    for (int k = 0; k < KERX_SYMS; k++)
                        pimg[k] = bimg[k] ^ bit_to[k] ^ bit_from[k];
                    q->stab = kerx_sym_canon_images(pimg, aimg, &q->mover, &q->other);
                    if (slot_of) {
                        q->at = kerx_colex(q->mover);
                        __builtin_prefetch(&slot_of[q->at]);
                    }
                    n++;
                }
            }
        }
        first[positions] = n;
        for (int k = 0; k < n; k++) {
            struct pred *q = &preds[k];
            uint64_t pslot = slot_of ? (uint64_t)slot_of[q->at]
                                     : kerx_movers_slot(p->ix->mv, q->mover);
            q->at = pslot * p->ix->width + kerx_packed_rank(q->mover, q->other);
            if (q->at < plo || q->at >= phi) continue;
            __builtin_prefetch(&pval[q->at], 1);
            if (!loss && !w->shared) __builtin_prefetch(&pcnt[q->at], 1);
        }
        for (int c = 0; c < positions; c++) {
            struct pred *q = &preds[first[c]];
            int finds = first[c + 1] - first[c], stab_c = stab_of[c];
            if (w->shared && stab_c > 1) finds = merge_finds(w, q, finds, stab_c);
            for (int k = 0; k < finds; k++) {
                uint64_t pi = q[k].at;
                uint16_t dec = w->shared ? (uint16_t)q[k].stab
                                         : (uint16_t)(KERX_SYMS * q[k].stab / stab_c);
                if (pi < plo || pi >= phi) { /* another part's entry */
                    send_update(w, outs, t->partner, pi, dec);
                    continue;
                }
                decided += w->shared ? update_shared(w, pval, pi, loss, dec, set)
                                     : update(w, pval, pcnt, pi, loss, dec, set);
            }
        }
    }
    return decided;
}

static const char *failure_text(int failed) {
    switch (failed) {
    case 1: return "a remoteness beyond 253 moves (the value byte's limit)";
    case 2: return "a capture leads to a material missing from the databases";
    case 4: return "out of memory for updates to other ranks";
    case 5:
        return "a remoteness beyond the shared layout's limit (rebuilt in 3 bytes an "
               "entry)";
    default: return "a move counter went below zero (a bug in the un-move counting)";
    }
}

/* Apply the updates other parts sent for this level's children. */
static uint64_t take_updates(struct pair_work *w, const uint64_t *in, uint64_t n,
                             int level) {
    bool loss = (level & 1) == 0;
    uint8_t set = (uint8_t)(level + 2);
    uint64_t decided = 0;
#pragma omp parallel for num_threads(w->threads) reduction(+ : decided)
    for (uint64_t i = 0; i < n; i++) {
        struct tier_work *p = &w->t[(in[i] >> 40) & 1];
        uint64_t pi = in[i] & ((UINT64_C(1) << 40) - 1);
        if (pi < p->lo || pi >= p->hi) {
            __atomic_store_n(&w->failed, 3, __ATOMIC_RELAXED);
            continue;
        }
        uint16_t dec = (uint16_t)(in[i] >> 48);
        decided += w->shared
                       ? update_shared(w, p->val - p->lo, pi, loss, dec, set)
                       : update(w, p->val - p->lo, p->cnt - p->lo, pi, loss, dec, set);
    }
    return decided;
}

/* Split: send every part its updates, apply what came. 0, or -1. */
static int exchange(struct pair_work *w, int level, uint64_t *decided) {
    int parts = w->part->parts, threads = w->threads;
    void **out = calloc((size_t)parts, sizeof *out);
    uint64_t *bytes = calloc((size_t)parts, sizeof *bytes);
    int failed = !out || !bytes;
    for (int q = 0; !failed && q < parts; q++) {
        size_t n = 0;
        for (int t = 0; t < threads; t++) n += w->out[t * parts + q].count;
        uint64_t *all = malloc(n * sizeof *all + 1);
        if (!all) {
            failed = 1;
            break;
        }
        n = 0;
        for (int t = 0; t < threads; t++) {
            struct outbox *o = &w->out[t * parts + q];
            if (o->count) memcpy(all + n, o->at, o->count * sizeof *all);
            n += o->count;
            o->count = 0;
        }
        out[q] = all;
        bytes[q] = n * sizeof *all;
    }
    void *in = NULL;
    uint64_t in_bytes = 0;
    int status = -1;
    if (tier_part_max(w->part, failed) == 0 &&
        tier_part_exchange(w->part, out, bytes, &in, &in_bytes) == 0) {
        *decided += take_updates(w, in, in_bytes / sizeof(uint64_t), level);
        status = 0;
    }
    free(in);
    for (int q = 0; out && q < parts; q++) free(out[q]);
    free(out);
    free(bytes);
    return status;
}

/* The work units of both tiers in one range: unit u < units[0] is tier 0's,
 * ups[k] units a mover slot of tier k; a part solves units u0..u1-1. */
struct unit_range {
    uint64_t ups[2], units[2];
    int64_t u0, u1;
};

/* Unit u's tier, mover slot and entry range within the slot. */
static struct tier_work *unit_at(struct pair_work *w, const struct unit_range *ur,
                                 int64_t u, uint32_t *slot, uint64_t *r0, uint64_t *r1) {
    int k = (uint64_t)u < ur->units[0] ? 0 : 1;
    uint64_t v = (uint64_t)u - (k ? ur->units[0] : 0);
    struct tier_work *t = &w->t[k];
    *slot = (uint32_t)(v / ur->ups[k]);
    *r0 = v % ur->ups[k] * UNIT;
    *r1 = *r0 + UNIT < t->ix->width ? *r0 + UNIT : t->ix->width;
    return t;
}

/* The first entry of unit u in the pair's index (tier 0's, then tier
 * 1's). */
static uint64_t unit_entry(const struct pair_work *w, const uint64_t *ups,
                           const uint64_t *units, uint64_t u) {
    if (u >= units[0] + units[1])
        return w->t[0].ix->size + (w->ntiers == 2 ? w->t[1].ix->size : 0);
    int k = u < units[0] ? 0 : 1;
    uint64_t v = u - (k ? units[0] : 0);
    const struct tier_work *t = &w->t[k];
    return (k ? w->t[0].ix->size : 0) + v / ups[k] * t->ix->width + v % ups[k] * UNIT;
}

/* The checkpoint's description of this pair (kerx_egdb_checkpoint.h). */
static struct kerx_ckpt pair_ckpt(const struct pair_work *w, int level, int maxlevel) {
    struct kerx_ckpt c = {
        .size = w->db->size,
        .drawat = w->db->drawat,
        .a = w->a,
        .b = w->b,
        .floor = w->floor,
        .count = {w->t[0].ix->size, w->ntiers == 2 ? w->t[1].ix->size : 0},
        .level = level,
        .maxlevel = maxlevel};
    return c;
}

/* The unit of the part whose first entry is `entry` (monotone: a binary
 * search); false when no unit starts there. */
static bool entry_unit(const struct pair_work *w, const struct unit_range *ur,
                       uint64_t entry, int64_t *unit) {
    int64_t lo = ur->u0, hi = ur->u1;
    while (lo < hi) {
        int64_t mid = lo + (hi - lo) / 2;
        if (unit_entry(w, ur->ups, ur->units, (uint64_t)mid) < entry)
            lo = mid + 1;
        else
            hi = mid;
    }
    *unit = lo;
    return unit_entry(w, ur->ups, ur->units, (uint64_t)lo) == entry;
}

/* Resume from the pair's checkpoint: true when loaded (*level, *maxlevel
 * set; *from, the forward pass's next unit, when it was saved inside that
 * pass, level -1). A refused one is said on stderr and the pair starts
 * over. */
static bool resume(struct pair_work *w, const struct unit_range *ur, int *level,
                   int *maxlevel, int64_t *from) {
    if (!w->ckpt) return false;
    struct kerx_ckpt c = pair_ckpt(w, 0, 0);
    uint8_t *values[2] = {w->t[0].val, w->ntiers == 2 ? w->t[1].val : NULL};
    char why[GAME_ERROR_BYTES];
    int loaded = kerx_ckpt_load(w->ckpt, &c, values, why);
    /* The saved entry must start a unit of this build (another unit size:
     * refused, not resumed at the wrong place). */
    int64_t unit = ur->u0;
    if (loaded > 0 && c.level < 0 && !entry_unit(w, ur, c.forward_next, &unit)) {
        snprintf(why, sizeof why,
                 "%.200s: checkpoint refused: no unit starts at entry %" PRIu64, w->ckpt,
                 c.forward_next);
        loaded = -1;
    }
    if (loaded < 0)
        fprintf(stderr, "kibitz: kerx egdb %d+%d: %s; solving the pair from the start\n",
                w->a, w->b, why);
    if (loaded <= 0) return false;
    *level = c.level;
    *maxlevel = c.maxlevel;
    if (c.level < 0) *from = unit;
    w->resumed = true;
    if (w->progress && c.level < 0)
        fprintf(
            stderr,
            "kerx egdb %d+%d: resumed from its checkpoint in the forward pass (%.1f%% "
            "of the units)\n",
            w->a, w->b, 100.0 * (double)(*from - ur->u0) / (double)(ur->u1 - ur->u0));
    else if (w->progress)
        fprintf(stderr, "kerx egdb %d+%d: resumed from its checkpoint before level %d\n",
                w->a, w->b, c.level);
    return true;
}

/* Save the state `c`: 0, or -1 when it failed (said on stderr; the solve
 * goes on: only a later resume loses). */
static int save(struct pair_work *w, const struct kerx_ckpt *c) {
    uint8_t *values[2] = {w->t[0].val, w->ntiers == 2 ? w->t[1].val : NULL};
    char why[GAME_ERROR_BYTES], where[64];
    double t0 = timer_now();
    if (kerx_ckpt_save(w->ckpt, c, values, why) != 0) {
        fprintf(stderr, "kibitz: kerx egdb %d+%d: %s; going on without it\n", w->a, w->b,
                why);
        return -1;
    }
    if (c->level < 0)
        snprintf(where, sizeof where, "in the forward pass");
    else
        snprintf(where, sizeof where, "before level %d", c->level);
    if (w->progress)
        fprintf(stderr, "%skerx egdb %d+%d: checkpoint %s saved in %.1f s\n",
                isatty(2) ? "\r\033[K" : "", w->a, w->b, where, timer_now() - t0);
    return 0;
}

/* At a safe point whose state is `c`: save it when a save is due (every
 * checkpoint_every seconds since *saved), forced (the test hook), or a
 * pause was asked for (SIGUSR1, engine/pause_request.h). True when the
 * pair is to stop for that pause, its state saved; a pause whose save
 * failed is withdrawn (said on stderr): better to finish the pair. */
static bool save_at(struct pair_work *w, const struct kerx_ckpt *c, double *saved,
                    bool force) {
    if (!w->ckpt || w->failed) return false; /* never save a state gone wrong */
    bool pause = pause_requested();
    if (!force && !pause && timer_now() - *saved < w->checkpoint_every) return false;
    bool kept = save(w, c) == 0;
    *saved = timer_now();
    if (pause && !kept) {
        fprintf(stderr,
                "kibitz: kerx egdb %d+%d: cannot pause without a checkpoint; going on\n",
                w->a, w->b);
        pause_request_clear();
    }
    return pause && kept;
}

/* The forward pass goes in this many segments (fewer in a small pair);
 * between two, the pair may save its state (a checkpoint every 15
 * minutes, or a pause): the 6+4 pair's pass alone takes about an hour. */
enum { FORWARD_SEGMENTS = 256 };

/* The forward pass over the part's units from unit `from` on (the units
 * before it done by an earlier run), failures gathered from every part.
 * 0, or -1 with err (also when it paused, its state saved). */
static int forward_pass(struct pair_work *w, const struct unit_range *ur, int64_t from,
                        double t0, double *saved, char *err) {
    /* Progress: the forward pass of a 10-piece pair takes the better part of
     * an hour. Thread 0 alone prints (and owns `said`). */
    int64_t done = from - ur->u0, all = ur->u1 - ur->u0;
    /* At least 4 units a thread: a segment of fewer keeps threads idle. */
    int64_t least = 4 * (int64_t)w->threads;
    int64_t step = all / FORWARD_SEGMENTS > least ? all / FORWARD_SEGMENTS : least;
    double said = timer_now();
    bool tty = isatty(2);
    for (int64_t s0 = from; s0 < ur->u1 && !w->failed; s0 += step) {
        if (s0 > from) { /* a safe point, after some work of this run */
            struct kerx_ckpt c = pair_ckpt(w, -1, -1);
            c.forward_next = unit_entry(w, ur->ups, ur->units, (uint64_t)s0);
            if (save_at(w, &c, saved, false)) {
                snprintf(
                    err, GAME_ERROR_BYTES,
                    "pair %d+%d: paused in its forward pass (%.1f%% of the units) on "
                    "request (SIGUSR1), its checkpoint saved; run the same command to "
                    "go on",
                    w->a, w->b, 100.0 * (double)(s0 - ur->u0) / (double)all);
                return -1;
            }
        }
        int64_t s1 = s0 + step < ur->u1 ? s0 + step : ur->u1;
#pragma omp parallel for schedule(dynamic, 1) num_threads(w->threads)
        for (int64_t u = s0; u < s1; u++) {
            uint32_t slot;
            uint64_t r0, r1;
            struct tier_work *t = unit_at(w, ur, u, &slot, &r0, &r1);
            forward_range(w, t, slot, r0, r1);
            int64_t d = __atomic_add_fetch(&done, 1, __ATOMIC_RELAXED);
            if (w->progress && omp_get_thread_num() == 0 &&
                timer_now() - said >= (tty ? 1 : 60)) {
                fprintf(stderr,
                        "%skerx egdb %d+%d: forward pass, %.1f%% of the units, %.1f s%s",
                        tty ? "\r\033[K" : "", w->a, w->b,
                        100.0 * (double)d / (double)all, timer_now() - t0,
                        tty ? "" : "\n");
                said = timer_now();
            }
        }
    }
    if (w->part) w->failed = (int)tier_part_max(w->part, w->failed);
    if (!w->failed) return 0;
    char why[GAME_ERROR_BYTES];
    if (w->failed == 2 && kerx_egdb_failed(w->db, why) != 0)
        snprintf(err, GAME_ERROR_BYTES, "pair %d+%d: %.120s", w->a, w->b, why);
    else
        snprintf(err, GAME_ERROR_BYTES, "pair %d+%d: %s", w->a, w->b,
                 failure_text(w->failed));
    return -1;
}

/* The highest level the forward pass decided (over every part). */
static int highest_level(struct pair_work *w) {
    int maxlevel = -1;
    for (int k = 0; k < w->ntiers; k++) {
        const uint8_t *v = w->t[k].val;
        uint64_t n = w->t[k].hi - w->t[k].lo;
        int local = -1, top = w->shared ? w->floor : KERX_EG_HOLE;
#pragma omp parallel for num_threads(w->threads) reduction(max : local)
        for (uint64_t i = 0; i < n; i++)
            if (v[i] < top && v[i] - 1 > local) local = v[i] - 1;
        if (local > maxlevel) maxlevel = local;
    }
    if (w->part) maxlevel = (int)tier_part_max(w->part, maxlevel);
    return maxlevel;
}

/* One level of the backward induction over the part's units (the updates
 * for other parts exchanged): the positions it decided, or -1 when a part
 * failed (w->failed). */
static int64_t backward_level(struct pair_work *w, const struct unit_range *ur,
                              int level) {
    uint64_t decided = 0;
#pragma omp parallel for schedule(dynamic, 4) num_threads(w->threads) reduction(+ : decided)
    for (int64_t u = ur->u0; u < ur->u1; u++) {
        uint32_t slot;
        uint64_t r0, r1;
        struct tier_work *t = unit_at(w, ur, u, &slot, &r0, &r1);
        struct outbox *outs =
            w->part ? &w->out[omp_get_thread_num() * w->part->parts] : NULL;
        decided += backward_range(w, t, slot, r0, r1, level, outs);
    }
    if (w->part) {
        if (exchange(w, level, &decided) != 0 && !w->failed) w->failed = 4;
        w->failed = (int)tier_part_max(w->part, w->failed);
        decided = tier_part_sum(w->part, decided);
    }
    return w->failed ? -1 : (int64_t)decided;
}

/* Shared layout: the positions still undecided are draws. */
static void undecided_are_draws(struct pair_work *w) {
    for (int k = 0; k < w->ntiers; k++) {
        uint8_t *v = w->t[k].val;
        uint64_t n = w->t[k].hi - w->t[k].lo;
        int floor = w->floor;
#pragma omp parallel for num_threads(w->threads)
        for (uint64_t i = 0; i < n; i++)
            if (v[i] >= floor && v[i] != KERX_EG_HOLE) v[i] = KERX_EG_DRAW;
    }
}

static int solve_pair(struct pair_work *w, char *err) {
    double t0 = timer_now(), saved = t0, said = t0;
    uint64_t total = 0;
    for (int k = 0; k < w->ntiers; k++) total += w->t[k].ix->size;
    struct unit_range ur = {{0, 0}, {0, 0}, 0, 0};
    for (int k = 0; k < w->ntiers; k++) {
        ur.ups[k] = units_per_slot(&w->t[k]);
        ur.units[k] = ur.ups[k] * w->t[k].ix->mv->count;
    }
    int64_t all_units = (int64_t)(ur.units[0] + ur.units[1]);
    ur.u1 = all_units;
    if (w->part) {
        ur.u0 = all_units * w->part->part / w->part->parts;
        ur.u1 = all_units * (w->part->part + 1) / w->part->parts;
    }
    int first = 0, maxlevel = -1;
    int64_t from = ur.u0;
    if (!resume(w, &ur, &first, &maxlevel, &from) || first < 0) {
        if (forward_pass(w, &ur, from, t0, &saved, err) != 0) return -1;
        first = 0;
        maxlevel = highest_level(w);
        if (w->progress)
            fprintf(stderr,
                    "%skerx egdb %d+%d: forward pass over %" PRIu64 " entries, %.1f s\n",
                    isatty(2) ? "\r\033[K" : "", w->a, w->b, total, timer_now() - t0);
    }
    /* Backward induction by level. */
    for (int level = first; level <= maxlevel; level++) {
        bool stop = level == w->stop_before_level;
        struct kerx_ckpt c = pair_ckpt(w, level, maxlevel);
        if (save_at(w, &c, &saved, stop) && !stop) {
            snprintf(err, GAME_ERROR_BYTES,
                     "pair %d+%d: paused before level %d on request (SIGUSR1), its "
                     "checkpoint saved; run the same command to go on",
                     w->a, w->b, level);
            return -1;
        }
        if (stop) {
            snprintf(err, GAME_ERROR_BYTES,
                     "pair %d+%d: stopped before level %d (a test)", w->a, w->b, level);
            return -1;
        }
        if (w->shared && level + 2 >= w->floor) { /* the bytes this level sets */
            w->failed = 5;
            snprintf(err, GAME_ERROR_BYTES, "pair %d+%d: %s", w->a, w->b,
                     failure_text(5));
            return -1;
        }
        int64_t decided = backward_level(w, &ur, level);
        if (decided < 0) {
            snprintf(err, GAME_ERROR_BYTES, "pair %d+%d: %s", w->a, w->b,
                     failure_text(w->failed));
            return -1;
        }
        if (decided && level + 1 > maxlevel) maxlevel = level + 1;
        if (maxlevel + 1 >= KERX_EG_MAX_BYTE) {
            snprintf(err, GAME_ERROR_BYTES, "pair %d+%d: %s", w->a, w->b,
                     failure_text(1));
            return -1;
        }
        /* On a terminal every level; in a log a line every 30 s at most. */
        if (w->progress && (isatty(2) || timer_now() - said >= 30)) {
            fprintf(stderr, "%skerx egdb %d+%d: level %d, %" PRIu64 " decided, %.1f s%s",
                    isatty(2) ? "\r\033[K" : "", w->a, w->b, level, (uint64_t)decided,
                    timer_now() - t0, isatty(2) ? "" : "\n");
            said = timer_now();
        }
    }
    if (w->progress && isatty(2)) fprintf(stderr, "\n");
    if (w->shared) undecided_are_draws(w);
    return 0;
}

struct write_ctx {
    struct kerx_egdb_writer *out;
    char *err;
};

static int write_piece(void *ctx, const void *data, uint64_t n) {
    struct write_ctx *wc = ctx;
    return kerx_egdb_writer_add(wc->out, data, n, wc->err);
}

/* Split over ranks: the part's entry range of the pair (both tiers' index
 * order), from the same cut of work units every part computes, and its
 * outboxes. 0, or -1 with err (too many parts). */
static int split_part(struct pair_work *w, uint64_t n0, char *err) {
    const struct tier_part *part = w->part;
    if (part->parts > KERX_EGDB_MAX_PARTS) {
        snprintf(err, GAME_ERROR_BYTES, "pair %d+%d: more than %d parts", w->a, w->b,
                 KERX_EGDB_MAX_PARTS);
        return -1;
    }
    uint64_t ups[2] = {0, 0}, units[2] = {0, 0};
    for (int k = 0; k < w->ntiers; k++) {
        ups[k] = units_per_slot(&w->t[k]);
        units[k] = ups[k] * w->t[k].ix->mv->count;
    }
    uint64_t all = units[0] + units[1];
    for (int q = 0; q <= part->parts; q++)
        w->bounds[q] =
            unit_entry(w, ups, units, all * (uint64_t)q / (uint64_t)part->parts);
    uint64_t s0 = w->bounds[part->part], s1 = w->bounds[part->part + 1];
    w->t[0].lo = s0 < n0 ? s0 : n0;
    w->t[0].hi = s1 < n0 ? s1 : n0;
    if (w->ntiers == 2) {
        w->t[1].lo = (s0 > n0 ? s0 : n0) - n0;
        w->t[1].hi = (s1 > n0 ? s1 : n0) - n0;
    }
    w->out = calloc((size_t)w->threads * (size_t)part->parts, sizeof *w->out);
    return 0;
}

/* Part 0 writes the file as the parts' values stream in (n0, n1: the two
 * tiers' sizes). 0, or -1 with err. */
static int write_parts(struct pair_work *w, const char *path, uint64_t n0, uint64_t n1,
                       char *err) {
    const struct kerx_egdb *db = w->db;
    struct kerx_egdb_writer *out = NULL;
    int fail =
        w->part->part == 0 && kerx_egdb_writer_begin(&out, path, db->size, db->drawat,
                                                     w->a, w->b, n0, n1, err) != 0;
    if (tier_part_max(w->part, fail) != 0) {
        if (!fail)
            snprintf(err, GAME_ERROR_BYTES, "pair %d+%d: part 0 failed", w->a, w->b);
        if (out) kerx_egdb_writer_end(out, false, err);
        return -1;
    }
    struct write_ctx wc = {out, err};
    const void *pieces[2] = {w->t[0].val, w->ntiers == 2 ? w->t[1].val : NULL};
    uint64_t bytes[2] = {w->t[0].hi - w->t[0].lo,
                         w->ntiers == 2 ? w->t[1].hi - w->t[1].lo : 0};
    int r = tier_part_stream(w->part, pieces, bytes, 2, write_piece, &wc);
    if (out && kerx_egdb_writer_end(out, r == 0, err) != 0) r = -1;
    return r;
}

int kerx_egdb_pair_build(struct kerx_egdb *db, int x, int y, struct kerx_pair_opts *o,
                         const char *path, char *err) {
    const struct tier_part *part = o->part;
    bool shared = o->shared;
    int threads = o->threads;
    struct pair_work w = {.db = db,
                          .a = x,
                          .b = y,
                          .threads = threads,
                          .progress = o->progress,
                          .shared = shared,
                          .floor = KERX_EG_HOLE - KERX_DIRS * (x > y ? x : y),
                          .checkpoint_every = o->checkpoint_every,
                          .stop_before_level = o->stop_before_level};
    if (part && part->parts > 1) w.part = part;
    char ckpt[KERX_EGDB_PATH_BYTES + 64];
    if (shared && !w.part && o->checkpoint_every > 0) {
        snprintf(ckpt, sizeof ckpt, "%s.ckpt", path);
        w.ckpt = ckpt;
    }
    w.ntiers = x == y ? 1 : 2;
    for (int k = 0; k < w.ntiers; k++) {
        struct tier_work *t = &w.t[k];
        t->m = k ? y : x;
        t->o = k ? x : y;
        t->ix = &db->index[t->m][t->o];
        t->partner = w.ntiers == 2 ? 1 - k : 0;
        t->hi = t->ix->size;
    }
    uint64_t n0 = w.t[0].ix->size, n = n0 + (w.ntiers == 2 ? w.t[1].ix->size : 0);
    if (w.part && split_part(&w, n0, err) != 0) return -1;
    for (int k = 0; k < w.ntiers; k++) {
        struct tier_work *t = &w.t[k];
        uint64_t len = t->hi - t->lo;
        /* Read at random places: huge pages save most TLB misses. */
        t->val = big_alloc(len ? len : 1);
        t->cnt = shared ? NULL : big_alloc((len ? len : 1) * sizeof *t->cnt);
    }
    bool ok = w.t[0].val && (shared || w.t[0].cnt) &&
              (w.ntiers == 1 || (w.t[1].val && (shared || w.t[1].cnt))) &&
              (!w.part || w.out);
    if (w.part) ok = tier_part_max(w.part, !ok) == 0;
    int r = -1;
    if (!ok)
        snprintf(err, GAME_ERROR_BYTES, "out of memory for pair %d+%d", x, y);
    else
        r = solve_pair(&w, err);
    if (r == 0 && w.part)
        r = write_parts(&w, path, n0, n - n0, err);
    else if (r == 0)
        r = kerx_egdb_file_write(path, db->size, db->drawat, x, y, w.t[0].val,
                                 w.t[0].ix->size, w.ntiers == 2 ? w.t[1].val : NULL,
                                 w.ntiers == 2 ? w.t[1].ix->size : 0, err);
    for (int k = 0; k < w.ntiers; k++) {
        free(w.t[k].val);
        free(w.t[k].cnt);
    }
    for (int i = 0; w.out && i < threads * part->parts; i++) free(w.out[i].at);
    free(w.out);
    if (w.ckpt && (r == 0 || w.failed == 5)) {
        /* With it go the saves of it that a kill cut short: a run that
         * resumed and never saved again has not met them. */
        output_file_remove_stale(w.ckpt);
        if (unlink(w.ckpt) != 0 && errno != ENOENT)
            fprintf(stderr, "kibitz: %s: cannot remove the finished checkpoint: %s\n",
                    w.ckpt, strerror(errno));
    }
    o->resumed = w.resumed;
    return r != 0 && w.failed == 5 ? KERX_EGDB_TOO_DEEP : r;
}
