/* df-pn: the search proper (the most-proving child first, thresholds with
 * the 1+epsilon trick), the two proofs run in turns with growing node
 * budgets, and the result. See dfpn.h for soundness. */
#include "solve/dfpn_check.h"
#include "solve/dfpn_ctx.h"
#include "solve/dfpn_distance.h"

#include "engine/hash.h"
#include "engine/timer.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* One line of search: the children of the node at this depth. */
struct frame {
    int n;
    move_t *moves;
    unsigned char *keys; /* key_size per child */
    uint64_t *hash;
    uint32_t *fixed_pn, *fixed_dn; /* leaves and repetitions */
    uint32_t *init_pn, *init_dn;   /* numbers while not in the table (0: not
                                      computed yet; see enum dfpn_init) */
    bool *fixed;
    int *rep_depth;      /* a repetition: depth of the repeated ancestor, else -1 */
    unsigned char *self; /* this node's key (for repetition checks) */
    uint64_t self_hash;
};

struct search {
    struct dfpn_ctx *c;
    int attacker;
    struct frame *frames;
    int frame_count, max_depth;
    uint64_t nodes, budget_end;
    const char *stop; /* NULL while running */
    bool cycles;
    double t0, next_progress;
    const uint32_t *pn, *dn; /* the result's root numbers (2 each) */
};

static uint32_t sat_add(uint32_t a, uint32_t b) {
    if (a == DFPN_INF || b == DFPN_INF) return DFPN_INF;
    uint64_t s = (uint64_t)a + b;
    return s >= DFPN_INF ? DFPN_INF - 1 : (uint32_t)s;
}

static struct frame *frame_at(struct search *s, int depth) {
    if (depth < s->frame_count) return &s->frames[depth];
    if (depth >= s->max_depth) return NULL;
    const struct game *g = s->c->g;
    size_t m = (size_t)(g->max_moves > 0 ? g->max_moves : 1), k = s->c->key_size;
    struct frame *f = &s->frames[depth];
    f->moves = malloc(m * sizeof *f->moves);
    f->keys = malloc(m * k);
    f->hash = malloc(m * sizeof *f->hash);
    f->fixed_pn = malloc(m * sizeof *f->fixed_pn);
    f->fixed_dn = malloc(m * sizeof *f->fixed_dn);
    f->init_pn = malloc(m * sizeof *f->init_pn);
    f->init_dn = malloc(m * sizeof *f->init_dn);
    f->fixed = malloc(m * sizeof *f->fixed);
    f->rep_depth = malloc(m * sizeof *f->rep_depth);
    f->self = malloc(k);
    if (!f->moves || !f->keys || !f->hash || !f->fixed_pn || !f->fixed_dn ||
        !f->init_pn || !f->init_dn || !f->fixed || !f->rep_depth || !f->self)
        return NULL;
    s->frame_count = depth + 1;
    return f;
}

/* Depth of the ancestor equal to `key` on the search line, or -1. */
static int on_path(const struct search *s, int depth, uint64_t h,
                   const unsigned char *key) {
    for (int d = 0; d <= depth; d++)
        if (s->frames[d].self_hash == h &&
            memcmp(s->frames[d].self, key, s->c->key_size) == 0)
            return d;
    return -1;
}

/* A child's numbers, and for a disproof the depth of the ancestor it rests
 * on (-1: none). */
static void child_numbers(struct search *s, struct frame *f, int i, uint32_t *pn,
                          uint32_t *dn, int *dep) {
    *dep = -1;
    if (f->fixed[i]) {
        *pn = f->fixed_pn[i];
        *dn = f->fixed_dn[i];
        *dep = f->rep_depth[i];
        return;
    }
    const struct dfpn_slot *e =
        dfpn_table_find(&s->c->table, f->hash[i], f->keys + (size_t)i * s->c->key_size);
    if (!e) {
        /* Not searched yet: the configured guess, computed once (it only
         * orders the search; a position leaves this state by expansion). */
        if (!f->init_pn[i]) /* keys are aligned states (dfpn_ctx.h) */
            dfpn_initial_numbers(s->c, f->keys + (size_t)i * s->c->key_size, s->attacker,
                                 &f->init_pn[i], &f->init_dn[i]);
        *pn = f->init_pn[i];
        *dn = f->init_dn[i];
        return;
    }
    *pn = e->pn;
    *dn = e->dn;
    /* A disproof resting on an ancestor that is no longer on the line is
     * still believed here (searching it again can cycle forever); the
     * certificate (dfpn_check.c) decides whether disproofs hold. */
    if (e && e->dn == 0 && e->dep) {
        int d = e->dep_depth;
        if (d < s->frame_count && s->frames[d].self_hash == e->dep) *dep = d;
    }
}

static double progress_interval(const struct dfpn_config *cfg) {
    return cfg->progress_seconds > 0 ? cfg->progress_seconds : 1.0;
}

static void report_progress(struct search *s, double now) {
    const struct dfpn_config *cfg = s->c->cfg;
    struct dfpn_progress p = {.seconds = now - s->t0,
                              .nodes = s->nodes,
                              .table_entries = s->c->table.count,
                              .table_collections = s->c->table.collections};
    memcpy(p.pn, s->pn, sizeof p.pn);
    memcpy(p.dn, s->dn, sizeof p.dn);
    cfg->progress(cfg->progress_ctx, &p);
    s->next_progress = now + progress_interval(cfg);
}

static void check_limits(struct search *s) {
    if (s->budget_end && s->nodes >= s->budget_end) s->stop = "node budget";
    if ((s->nodes & 1023) != 0) return;
    bool clock = s->c->deadline > 0 || s->c->cfg->progress;
    double now = clock ? timer_now() : 0; /* the clock only when it matters */
    const char *why = dfpn_stop_reason(s->c, now);
    if (why) s->stop = why;
    if (s->c->cfg->progress && now >= s->next_progress) report_progress(s, now);
}

static uint64_t store_min_work(const struct dfpn_config *cfg) {
    return cfg->store_min_work ? cfg->store_min_work : 256;
}

/* Add to the store that `attacker` wins at `state` (`wins`), or does not. */
static void learn(struct dfpn_ctx *c, const void *state, int attacker, bool wins,
                  uint64_t work) {
    const struct game *g = c->g;
    _Alignas(8) unsigned char key[GAME_MAX_STATE_BYTES];
    char err[FACT_STORE_ERROR_BYTES];
    bool mover = g->turn(c->v, state) == attacker;
    int lo = -1, hi = 1;
    if (wins)
        lo = hi = mover ? 1 : -1;
    else if (mover)
        hi = 0;
    else
        lo = 0;
    fact_store_key(g, c->v, state, key);
    int added = fact_store_add(c->cfg->store, key, lo, hi, work, err);
    if (added > 0) c->facts_added++;
    if (added < 0 && !c->store_error[0])
        snprintf(c->store_error, sizeof c->store_error, "%.200s", err);
}

/* The children of the node at `depth` (its frame's moves, keys and
 * hashes), each a leaf, a repetition of a node on the path (endless play:
 * the attacker does not win) or open. */
static void frame_children(struct search *s, struct frame *f, int depth) {
    struct dfpn_ctx *c = s->c;
    const struct game *g = c->g;
    const void *state = f->self;
    _Alignas(8) unsigned char child[GAME_MAX_STATE_BYTES];
    f->n = g->moves(c->v, state, f->moves);
    for (int i = 0; i < f->n; i++) {
        memcpy(child, state, g->state_size);
        g->apply(c->v, child, f->moves[i]);
        unsigned char *key = f->keys + (size_t)i * c->key_size;
        f->hash[i] = dfpn_key(c, child, s->attacker, key);
        f->fixed[i] = dfpn_leaf(c, child, s->attacker, &f->fixed_pn[i], &f->fixed_dn[i]);
        f->rep_depth[i] = -1;
        f->init_pn[i] = f->init_dn[i] = 0;
        int d;
        if (!f->fixed[i] && s->cycles && (d = on_path(s, depth, f->hash[i], key)) >= 0) {
            f->fixed[i] = true; /* endless play: the attacker does not win */
            f->fixed_pn[i] = DFPN_INF;
            f->fixed_dn[i] = 0;
            f->rep_depth[i] = d;
        }
    }
}

/* A node's numbers from its children's: the most proving child (bi), the
 * second best, the weak sum, and what a disproof rests on. */
struct node_numbers {
    uint32_t pn, dn;
    uint32_t best, second, sum, best_other;
    int bi, dep;
};

/* OR node: pn = min, dn = sum; AND node: the other way round. The sum is
 * the weak one (largest + one per other open child): cycles and
 * transpositions make true sums count positions many times over, and they
 * blow up. */
static void frame_numbers(struct search *s, struct frame *f, bool or_node,
                          struct node_numbers *nb) {
    uint32_t best = DFPN_INF, second = DFPN_INF, best_other = 0;
    uint32_t largest = 0, open = 0;
    bool any_inf = false;
    int bi = -1;
    int dep_all = -1, dep_one = -2; /* OR: shallowest; AND: most local */
    for (int i = 0; i < f->n; i++) {
        uint32_t cp, cd;
        int cdep;
        child_numbers(s, f, i, &cp, &cd, &cdep);
        if (cd == 0 && cdep >= 0 && (dep_all < 0 || cdep < dep_all)) dep_all = cdep;
        if (cd == 0 && dep_one != -1 && (cdep < 0 || cdep > dep_one)) dep_one = cdep;
        uint32_t mine = or_node ? cp : cd, other = or_node ? cd : cp;
        if (other == DFPN_INF) any_inf = true;
        if (other != 0) {
            open++;
            if (other > largest) largest = other;
        }
        if (bi < 0 || mine < best) {
            second = best;
            best = mine;
            best_other = other;
            bi = i;
        } else if (mine < second) {
            second = mine;
        }
    }
    uint32_t sum = any_inf ? DFPN_INF : open ? sat_add(largest, open - 1) : 0;
    if (f->n == 0) best = DFPN_INF; /* no move: the mover is stuck */
    *nb = (struct node_numbers){.pn = or_node ? best : sum,
                                .dn = or_node ? sum : best,
                                .best = best,
                                .second = second,
                                .sum = sum,
                                .best_other = best_other,
                                .bi = bi,
                                .dep = or_node ? dep_all : (dep_one < 0 ? -1 : dep_one)};
}

/* Store the node's numbers (with what a disproof rests on, and the work
 * below it); a proof of enough work is learned by the store. */
static void store_node(struct search *s, struct frame *f, int depth, uint32_t pn,
                       uint32_t dn, int dep, uint64_t nodes_at_entry) {
    struct dfpn_ctx *c = s->c;
    /* A cycle back to this very node is endless play from here: the
     * disproof then holds wherever the node is met. */
    uint64_t dep_hash = 0;
    if (dn == 0 && dep >= 0 && dep < depth) dep_hash = s->frames[dep].self_hash;
    if (!dep_hash) dep = 0;
    /* The work of this call (its own expansion and every one below) ranks
     * the entry when a full table makes room (dfpn_table.h). */
    uint64_t work = s->nodes - nodes_at_entry + 1;
    if (pn == 0 && c->cfg->store && work >= store_min_work(c->cfg))
        learn(c, f->self, s->attacker, true, work);
    if (!dfpn_table_store(&c->table, f->self_hash, f->self, pn, dn, dep_hash, dep,
                          work) &&
        !s->stop)
        s->stop = "table full";
}

/* Expand the node whose key is frames[depth].self until its numbers reach
 * the thresholds; store them. The helpers above are static and called once
 * (the compiler inlines them): splitting them out left df-pn's node counts
 * and speed as they were (results in the commit). */
static void mid(struct search *s, int depth, uint32_t th_pn, uint32_t th_dn) {
    struct dfpn_ctx *c = s->c;
    const struct game *g = c->g;
    struct frame *f = &s->frames[depth];
    struct frame *next = frame_at(s, depth + 1);
    if (!next) {
        s->stop = "search line too deep (or out of memory)";
        return;
    }
    uint64_t nodes_at_entry = s->nodes;
    bool or_node = g->turn(c->v, f->self) == s->attacker;
    frame_children(s, f, depth);
    struct node_numbers nb;
    for (;;) {
        frame_numbers(s, f, or_node, &nb);
        if (nb.pn >= th_pn || nb.dn >= th_dn || s->stop || nb.pn == 0 || nb.dn == 0)
            break;
        uint32_t th_mine = or_node ? th_pn : th_dn, th_other = or_node ? th_dn : th_pn;
        uint32_t grow =
            nb.second == DFPN_INF ? DFPN_INF : sat_add(nb.second, nb.second / 4 + 1);
        uint32_t c_mine = th_mine < grow ? th_mine : grow;
        if (c_mine <= nb.best) c_mine = nb.best + 1; /* always room to progress */
        uint32_t c_other =
            th_other == DFPN_INF ? DFPN_INF : sat_add(th_other - nb.sum, nb.best_other);
        if (f->fixed[nb.bi]) break; /* cannot happen: fixed children are 0 or INF */
        struct frame *nf = next;
        memcpy(nf->self, f->keys + (size_t)nb.bi * c->key_size, c->key_size);
        nf->self_hash = f->hash[nb.bi];
        s->nodes++;
        check_limits(s);
        if (s->stop) break;
        mid(s, depth + 1, or_node ? c_mine : c_other, or_node ? c_other : c_mine);
        f = &s->frames[depth]; /* frames never move, but keep the reload explicit */
    }
    store_node(s, f, depth, nb.pn, nb.dn, nb.dep, nodes_at_entry);
}

bool dfpn_supports(const struct game *g, char *err) {
    if (!(g->flags & GAME_ZERO_SUM_2P) || g->players != 2 ||
        (g->flags & (GAME_HAS_CHANCE | GAME_HAS_SIMULTANEOUS | GAME_HAS_HIDDEN))) {
        snprintf(err, GAME_ERROR_BYTES,
                 "df-pn needs a two-player zero-sum game without chance, hidden or "
                 "simultaneous moves");
        return false;
    }
    if (g->state_size + 8 > GAME_MAX_STATE_BYTES) {
        snprintf(err, GAME_ERROR_BYTES, "state too large for df-pn keys");
        return false;
    }
    return true;
}

/* Run one proof from the root until proved, disproved, or the budget ends. */
static void run(struct search *s, const void *root, uint64_t budget) {
    struct frame *f = &s->frames[0];
    s->c->g->turn(s->c->v, root); /* root is not terminal: checked by the caller */
    f->self_hash = dfpn_key(s->c, root, s->attacker, f->self);
    s->stop = NULL;
    s->budget_end = budget ? s->nodes + budget : 0;
    s->nodes++; /* the root's expansion */
    mid(s, 0, DFPN_INF, DFPN_INF);
}

static void root_numbers(struct dfpn_ctx *c, const void *root, int attacker, uint32_t *pn,
                         uint32_t *dn) {
    unsigned char key[GAME_MAX_STATE_BYTES];
    uint64_t h = dfpn_key(c, root, attacker, key);
    const struct dfpn_slot *e = dfpn_table_find(&c->table, h, key);
    *pn = e ? e->pn : 1;
    *dn = e ? e->dn : 1;
}

static void free_frames(struct search *s) {
    for (int d = 0; d < s->frame_count; d++) {
        struct frame *f = &s->frames[d];
        free(f->moves);
        free(f->keys);
        free(f->hash);
        free(f->fixed_pn);
        free(f->fixed_dn);
        free(f->init_pn);
        free(f->init_dn);
        free(f->fixed);
        free(f->rep_depth);
        free(f->self);
    }
    free(s->frames);
}

/* What the table knows of each root move after the runs. */
static void root_moves(struct dfpn_ctx *c, const void *root, struct dfpn_result *r) {
    const struct game *g = c->g;
    int mover = g->turn(c->v, root);
    move_t moves[g->max_moves > 0 ? g->max_moves : 1];
    int n = g->moves(c->v, root, moves);
    if (n > DFPN_MAX_ROOT_MOVES) n = DFPN_MAX_ROOT_MOVES;
    _Alignas(8) unsigned char child[GAME_MAX_STATE_BYTES], key[GAME_MAX_STATE_BYTES];
    r->root_count = n;
    for (int i = 0; i < n; i++) {
        memcpy(child, root, g->state_size);
        g->apply(c->v, child, moves[i]);
        r->root_moves[i] = moves[i];
        r->root_values[i] = DFPN_UNKNOWN;
        for (int a = 0; a < 2; a++) {
            int attacker = a == 0 ? mover : 1 - mover;
            uint32_t pn, dn;
            if (!dfpn_leaf(c, child, attacker, &pn, &dn)) {
                uint64_t h = dfpn_key(c, child, attacker, key);
                const struct dfpn_slot *e = dfpn_table_find(&c->table, h, key);
                pn = e ? e->pn : 1;
            }
            if (pn == 0) r->root_values[i] = a == 0 ? DFPN_WIN : DFPN_LOSS;
        }
    }
}

/* The two proofs of dfpn_solve, "the mover wins" (0) and "the mover
 * loses" (1), as they run in turns. */
struct proofs {
    struct dfpn_ctx *c;
    struct search *s;
    const void *root;
    int mover;
    bool certified[2]; /* disproved, and the disproof passed the check */
    bool wanted[2];    /* asked for (cfg->halves) */
    uint64_t size[2];  /* the checked disproofs' closed sets */
    int keep;          /* the root move the second disproof keeps, or -1 */
    const char *stop;  /* why the runs stopped; NULL while they go on */
    char why[GAME_ERROR_BYTES];
};

static bool both_settled(const struct proofs *pf) {
    return (pf->certified[0] || !pf->wanted[0]) && (pf->certified[1] || !pf->wanted[1]);
}

/* What the store already settled of the root; true when that answers every
 * proof asked for (nothing to search). */
static bool settled_by_store(struct proofs *pf, struct dfpn_result *r) {
    const struct dfpn_config *cfg = pf->c->cfg;
    for (int a = 0; a < 2; a++) {
        int attacker = a == 0 ? pf->mover : 1 - pf->mover;
        pf->wanted[a] = !cfg->halves || (cfg->halves >> a & 1);
        int known = dfpn_settled(pf->c, pf->root, attacker, pf->mover);
        if (known == 1) r->pn[a] = 0, r->dn[a] = DFPN_INF, r->from_store = true;
        if (known == 0) pf->certified[a] = true, r->pn[a] = DFPN_INF, r->dn[a] = 0;
    }
    bool done = r->pn[0] == 0 || r->pn[1] == 0 || both_settled(pf);
    if (done) r->from_store = true;
    return done;
}

/* Proof a's disproof, just found: certified when it passes the check, else
 * its false parts voided (searched on in the next turn). */
static void check_disproof(struct proofs *pf, int a, struct dfpn_result *r) {
    struct dfpn_ctx *c = pf->c;
    struct search *s = pf->s;
    uint64_t voided;
    int pick = -1;
    int checked = dfpn_check_disproof(c, pf->root, s->attacker, &pf->size[a], &pick,
                                      &voided, pf->why);
    if (checked == 0) {
        pf->certified[a] = true;
        if (a == 1) pf->keep = pick;
        pf->why[0] = '\0';
        if (c->cfg->store) learn(c, pf->root, s->attacker, false, s->nodes);
        return;
    }
    if (checked == DFPN_CHECK_STOPPED) {
        pf->stop = dfpn_stop_reason(c, timer_now());
        if (!pf->stop) pf->stop = "time limit"; /* what stopped it still holds */
    }
    r->voided += voided;
    root_numbers(c, pf->root, s->attacker, &r->pn[a], &r->dn[a]);
}

/* Proof a's turn within `budget` nodes; false when the round must end (the
 * node limit, or a proof that settles the value). */
static bool proof_turn(struct proofs *pf, int a, uint64_t budget, struct dfpn_result *r) {
    const struct dfpn_config *cfg = pf->c->cfg;
    struct search *s = pf->s;
    s->attacker = a == 0 ? pf->mover : 1 - pf->mover;
    if (cfg->node_limit) {
        if (s->nodes >= cfg->node_limit) {
            pf->stop = "node limit";
            return false;
        }
        if (s->nodes + budget > cfg->node_limit) budget = cfg->node_limit - s->nodes;
    }
    run(s, pf->root, budget);
    root_numbers(pf->c, pf->root, s->attacker, &r->pn[a], &r->dn[a]);
    if (s->stop && strcmp(s->stop, "node budget") != 0) pf->stop = s->stop;
    if (r->pn[a] == 0) return false; /* a proof settles the value */
    if (r->dn[a] == 0) check_disproof(pf, a, r);
    return true;
}

/* Both proofs in turns, each with a growing node budget, until one proves,
 * both disproofs pass the check, or a limit ends it. A disproof that fails
 * the check has its false parts voided and is searched on. */
static void run_proofs(struct proofs *pf, struct dfpn_result *r) {
    const struct dfpn_config *cfg = pf->c->cfg;
    uint64_t budget = 20000;
    for (;;) {
        for (int a = 0; a < 2 && !pf->stop; a++) {
            if (pf->certified[a] || !pf->wanted[a]) continue;
            if (!proof_turn(pf, a, budget, r)) break;
        }
        if (r->pn[0] == 0 || r->pn[1] == 0 || both_settled(pf) || pf->stop) return;
        if (cfg->node_limit && pf->s->nodes >= cfg->node_limit) {
            pf->stop = "node limit";
            return;
        }
        if (pf->c->deadline > 0 && timer_now() >= pf->c->deadline) {
            pf->stop = "time limit";
            return;
        }
        budget += budget / 2;
    }
}

/* The value from the proofs: as the store settled it, a proof walked and
 * measured, or two checked disproofs (a draw). Returns the index of the root
 * move to play, or -1. */
static int conclude(struct proofs *pf, struct dfpn_result *r) {
    struct dfpn_ctx *c = pf->c;
    const int mover = pf->mover;
    int idx = -1;
    if (r->from_store) {
        r->mover_wins = r->pn[0] == 0 ? 1 : pf->certified[0] ? 0 : -1;
        r->mover_loses = r->pn[1] == 0 ? 1 : pf->certified[1] ? 0 : -1;
        if (r->mover_wins == 1) r->mover_loses = 0;
        if (r->mover_loses == 1) r->mover_wins = 0;
        r->value = r->mover_wins == 1                          ? DFPN_WIN
                   : r->mover_loses == 1                       ? DFPN_LOSS
                   : r->mover_wins == 0 && r->mover_loses == 0 ? DFPN_DRAW
                                                               : DFPN_UNKNOWN;
    } else if (r->pn[0] == 0) {
        r->mover_wins = 1;
        r->mover_loses = 0;
        if (dfpn_walk_proof(c, pf->root, mover, &r->proof_size, &idx, pf->why) == 0) {
            r->value = DFPN_WIN;
            r->remoteness = dfpn_proof_distance(c, pf->root, mover);
        } else
            pf->stop = "the proof walk failed";
    } else if (r->pn[1] == 0) {
        r->mover_loses = 1;
        r->mover_wins = 0;
        if (dfpn_walk_proof(c, pf->root, 1 - mover, &r->proof_size, &idx, pf->why) == 0) {
            r->value = DFPN_LOSS;
            r->remoteness = dfpn_proof_distance(c, pf->root, 1 - mover);
            idx = 0;
        } else {
            pf->stop = "the proof walk failed";
        }
    } else if (pf->certified[0] && pf->certified[1]) {
        r->value = DFPN_DRAW;
        r->proof_size = pf->size[0] + pf->size[1];
        idx = pf->keep;
    }
    return idx;
}

int dfpn_solve(const struct dfpn_config *cfg, const void *root, struct dfpn_result *r,
               char *err) {
    const struct game *g = cfg->game;
    memset(r, 0, sizeof *r);
    r->value = DFPN_UNKNOWN;
    r->remoteness = -1;
    r->mover_wins = r->mover_loses = -1;
    r->pn[0] = r->pn[1] = r->dn[0] = r->dn[1] = 1; /* nothing known yet */
    r->init = cfg->init;
    if (!dfpn_supports(g, err)) return -1;
    double t0 = timer_now();
    struct dfpn_ctx c = {.cfg = cfg,
                         .g = g,
                         .v = cfg->variant,
                         .key_size = (g->state_size + 8) & ~(size_t)7};
    int mover = g->turn(c.v, root);
    if (mover < 0) {
        snprintf(err, GAME_ERROR_BYTES, "the game is already over in this position");
        return -1;
    }
    if (dfpn_table_init(&c.table, cfg->table_mib, c.key_size) != 0) {
        snprintf(err, GAME_ERROR_BYTES, "out of memory for the df-pn table");
        return -1;
    }
    c.table.replace = !cfg->no_replacement;
    struct search s = {.c = &c, .cycles = (g->flags & GAME_CAN_CYCLE) != 0};
    s.max_depth = cfg->max_depth > 0 ? cfg->max_depth : 4000;
    s.frames = calloc((size_t)s.max_depth + 1, sizeof *s.frames);
    c.deadline = cfg->time_limit > 0 ? t0 + cfg->time_limit : 0;
    s.t0 = t0;
    s.next_progress = t0 + progress_interval(cfg);
    s.pn = r->pn;
    s.dn = r->dn;
    if (!s.frames || !frame_at(&s, 0)) {
        free_frames(&s);
        dfpn_table_free(&c.table);
        snprintf(err, GAME_ERROR_BYTES, "out of memory for the df-pn search");
        return -1;
    }
    struct proofs pf = {.c = &c, .s = &s, .root = root, .mover = mover, .keep = -1};
    if (!settled_by_store(&pf, r)) run_proofs(&pf, r);
    r->nodes = s.nodes;
    r->table_entries = c.table.count;
    r->table_collections = c.table.collections;
    r->table_removed = c.table.removed;
    r->check_expansions = c.check_expansions;
    free_frames(&s);

    if (pf.certified[0]) r->mover_wins = 0;
    if (pf.certified[1]) r->mover_loses = 0;
    for (int a = 0; a < 2 && cfg->store && !r->from_store; a++)
        if (r->pn[a] == 0) learn(&c, root, a == 0 ? mover : 1 - mover, true, s.nodes);
    r->facts_added = c.facts_added;
    snprintf(r->store_error, sizeof r->store_error, "%s", c.store_error);
    int idx = conclude(&pf, r);
    if (!r->from_store) root_moves(&c, root, r);
    if (idx >= 0 && idx < r->root_count) {
        r->has_move = true;
        r->move = r->root_moves[idx];
        if (r->value == DFPN_DRAW) r->root_values[idx] = DFPN_DRAW;
    }
    if (r->value == DFPN_UNKNOWN)
        snprintf(r->stopped, sizeof r->stopped, "%.60s%s%.180s",
                 pf.stop                              ? pf.stop
                 : r->from_store || both_settled(&pf) ? "the proofs asked for are settled"
                                                      : "unfinished",
                 pf.why[0] ? ": " : "", pf.why);
    dfpn_table_free(&c.table);
    r->seconds = timer_now() - t0;
    return 0;
}
