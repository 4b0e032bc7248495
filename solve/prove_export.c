/* The proof manager's export (prove.h): from the root, the claims the store
 * settles through children it also settles (the manager's tree and the
 * facts below it), and where that ends, the certificate of a fresh isolated
 * df-pn run. Win and loss claims always come from df-pn (its proofs never
 * loop back on themselves, which the store's facts could). */
#include "solve/prove.h"

#include "solve/dfpn.h"

#include <stdlib.h>
#include <string.h>
#include <xxhash.h>

enum { TOP_DEPTH = 200 };

/* The (position, claim) pairs written, so that each is written once. */
struct written {
    unsigned char *keys; /* state_size + 1 each; claim byte last */
    bool *used;
    uint64_t slots, count;
    size_t key_size;
};

static bool written_add(struct written *w, const void *state, enum proof_claim c,
                        bool *oom) {
    *oom = false;
    if (2 * (w->count + 1) > w->slots) {
        struct written n = {.slots = w->slots ? 2 * w->slots : 4096,
                            .key_size = w->key_size};
        n.keys = calloc(n.slots, n.key_size);
        n.used = calloc(n.slots, sizeof *n.used);
        if (!n.keys || !n.used) {
            free(n.keys);
            free(n.used);
            *oom = true;
            return false;
        }
        for (uint64_t i = 0; i < w->slots; i++) {
            if (!w->used[i]) continue;
            uint64_t h =
                XXH3_64bits(w->keys + i * w->key_size, w->key_size) & (n.slots - 1);
            while (n.used[h]) h = (h + 1) & (n.slots - 1);
            n.used[h] = true;
            memcpy(n.keys + h * n.key_size, w->keys + i * w->key_size, w->key_size);
        }
        n.count = w->count;
        free(w->keys);
        free(w->used);
        *w = n;
    }
    unsigned char key[GAME_MAX_STATE_BYTES + 1];
    memcpy(key, state, w->key_size - 1);
    key[w->key_size - 1] = (unsigned char)c;
    uint64_t h = XXH3_64bits(key, w->key_size) & (w->slots - 1);
    while (w->used[h]) {
        if (memcmp(w->keys + h * w->key_size, key, w->key_size) == 0) return false;
        h = (h + 1) & (w->slots - 1);
    }
    w->used[h] = true;
    memcpy(w->keys + h * w->key_size, key, w->key_size);
    w->count++;
    return true;
}

struct exporter {
    const struct prove_config *cfg;
    const struct game *g;
    const struct variant *v;
    size_t table_mib;
    FILE *f;
    struct written done;
    uint64_t nodes;
    bool failed;
    char *err;
};

static int write_claim(struct exporter *x, const void *state, enum proof_claim c,
                       bool has_move, move_t move) {
    bool oom;
    if (!written_add(&x->done, state, c, &oom)) {
        if (oom) snprintf(x->err, GAME_ERROR_BYTES, "out of memory writing the proof");
        return oom ? -1 : 0;
    }
    x->nodes++;
    if (proof_write_node(x->f, x->g, x->v, state, c, has_move, move) != 0) {
        snprintf(x->err, GAME_ERROR_BYTES, "cannot write the proof file");
        return -1;
    }
    return 0;
}

static void on_certificate(void *ctx, const void *state, int attacker, bool wins,
                           bool has_move, move_t move) {
    struct exporter *x = ctx;
    if (x->failed) return;
    bool mover = x->g->turn(x->v, state) == attacker;
    enum proof_claim c =
        wins ? (mover ? PROOF_WIN : PROOF_LOSS) : (mover ? PROOF_NOTWIN : PROOF_NOTLOSE);
    if (write_claim(x, state, c, has_move, move) != 0) x->failed = true;
}

/* What is known of the value of `state` for player m, as [lo, hi]: its
 * result, the databases, the store. */
static void known(const struct exporter *x, const void *state, int m, int *lo, int *hi) {
    const struct game *g = x->g;
    *lo = -1;
    *hi = 1;
    int c = g->turn(x->v, state);
    if (c == TURN_OVER) {
        double ret[GAME_MAX_PLAYERS];
        g->returns(x->v, state, ret);
        *lo = *hi = ret[m] > 0 ? 1 : ret[m] < 0 ? -1 : 0;
        return;
    }
    retro_cell cell =
        x->cfg->probe ? x->cfg->probe(x->cfg->probe_ctx, state) : RETRO_HOLE;
    int a = -1, b = 1;
    if (retro_is_value(cell)) {
        int o = retro_outcome(cell);
        a = b = o == RETRO_OUTCOME_WIN ? 1 : o == RETRO_OUTCOME_LOSS ? -1 : 0;
    } else {
        unsigned char key[GAME_MAX_STATE_BYTES];
        fact_store_key(g, x->v, state, key);
        fact_store_get(x->cfg->store, key, &a, &b);
    }
    *lo = c == m ? a : -b;
    *hi = c == m ? b : -a;
}

static bool fits(int lo, int hi, bool lower, int th) {
    return lower ? lo >= th : hi <= th;
}

/* A fresh isolated df-pn run on the claim, its certificate written. */
static int by_dfpn(struct exporter *x, const void *state, enum proof_claim c) {
    struct dfpn_config cfg = {.game = x->g,
                              .variant = x->v,
                              .table_mib = x->table_mib,
                              .probe = x->cfg->probe,
                              .probe_ctx = x->cfg->probe_ctx,
                              .init = DFPN_INIT_MOBILITY,
                              .interrupt = x->cfg->interrupt,
                              .halves = prove_claim_halves(c),
                              .isolated = true,
                              .certificate = on_certificate,
                              .certificate_ctx = x};
    struct dfpn_result *r = malloc(sizeof *r);
    if (!r) {
        snprintf(x->err, GAME_ERROR_BYTES, "out of memory");
        return -1;
    }
    if (dfpn_solve(&cfg, state, r, x->err) != 0) {
        free(r);
        return -1;
    }
    int got = prove_claim_halves(c) == 1 ? r->mover_wins : r->mover_loses;
    bool wanted_proof = c == PROOF_WIN || c == PROOF_LOSS;
    bool ok = got == (wanted_proof ? 1 : 0);
    if (!ok && !x->failed) {
        char pos[512];
        x->g->format_position(x->v, state, pos, sizeof pos);
        snprintf(x->err, GAME_ERROR_BYTES, "df-pn could not re-prove %s at %.60s: %.50s",
                 proof_claim_name(c), pos,
                 r->stopped[0] ? r->stopped : "the claim is false");
    }
    free(r);
    return ok && !x->failed ? 0 : -1;
}

/* Export "value >= th" (lower) or "<= th" for the mover of `state`. */
static int export_claim(struct exporter *x, const void *state, bool lower, int th,
                        int depth) {
    const struct game *g = x->g;
    int m = g->turn(x->v, state), lo, hi;
    known(x, state, m, &lo, &hi);
    if (m == TURN_OVER) return 0;
    retro_cell cell =
        x->cfg->probe ? x->cfg->probe(x->cfg->probe_ctx, state) : RETRO_HOLE;
    if (retro_is_value(cell)) return 0; /* the checker reads the databases */
    enum proof_claim c = proof_claim_of(lower, th);
    if (th == 1 || th == -1 || depth >= TOP_DEPTH) return by_dfpn(x, state, c);
    /* Through children the store settles (cycles are fine for draws). */
    move_t moves[g->max_moves > 0 ? g->max_moves : 1];
    _Alignas(8) unsigned char child[GAME_MAX_STATE_BYTES];
    int n = g->moves(x->v, state, moves), pick = -1;
    bool all = true;
    for (int k = 0; k < n; k++) {
        memcpy(child, state, g->state_size);
        g->apply(x->v, child, moves[k]);
        known(x, child, m, &lo, &hi);
        bool ok = fits(lo, hi, lower, th);
        if (lower && ok) {
            pick = k;
            break;
        }
        all &= ok;
    }
    if (lower ? pick < 0 : !all) return by_dfpn(x, state, c);
    bool oom;
    if (!written_add(&x->done, state, c, &oom)) {
        if (oom) snprintf(x->err, GAME_ERROR_BYTES, "out of memory writing the proof");
        return oom ? -1 : 0; /* already written (or being written: a draw cycle) */
    }
    x->nodes++;
    if (proof_write_node(x->f, g, x->v, state, c, lower, lower ? moves[pick] : 0) != 0) {
        snprintf(x->err, GAME_ERROR_BYTES, "cannot write the proof file");
        return -1;
    }
    for (int k = lower ? pick : 0; k < (lower ? pick + 1 : n); k++) {
        memcpy(child, state, g->state_size);
        g->apply(x->v, child, moves[k]);
        int cm = g->turn(x->v, child);
        if (cm == TURN_OVER) continue;
        bool same = cm == m;
        if (export_claim(x, child, same ? lower : !lower, same ? th : -th, depth + 1) !=
            0)
            return -1;
    }
    return 0;
}

int prove_export(const struct prove_config *cfg, const void *root, size_t table_mib,
                 FILE *f, uint64_t *nodes_written, char *err) {
    const struct game *g = cfg->game;
    struct exporter x = {.cfg = cfg,
                         .g = g,
                         .v = cfg->variant,
                         .table_mib = table_mib ? table_mib : 256,
                         .f = f,
                         .done = {.key_size = g->state_size + 1},
                         .err = err};
    int m = g->turn(cfg->variant, root), lo, hi;
    known(&x, root, m, &lo, &hi);
    bool lower;
    int th;
    switch (cfg->goal) {
    case PROVE_NOTLOSE: lower = true, th = 0; break;
    case PROVE_WIN: lower = true, th = 1; break;
    case PROVE_NOTWIN: lower = false, th = 0; break;
    case PROVE_LOSS: lower = false, th = -1; break;
    default: /* the exact value: both bounds (one when it is a win or loss) */
        if (lo != hi) {
            snprintf(err, GAME_ERROR_BYTES, "the root's value is not settled yet");
            return -1;
        }
        lower = lo > -1;
        th = lo;
        break;
    }
    if (!fits(lo, hi, lower, th)) {
        snprintf(err, GAME_ERROR_BYTES, "the root's claim is not settled yet");
        return -1;
    }
    int status = -1;
    bool draw = cfg->goal == PROVE_VALUE && lo == 0;
    if (proof_write_header(f, g, cfg->variant, root, proof_claim_of(lower, th), draw) !=
        0) {
        snprintf(err, GAME_ERROR_BYTES, "cannot write the proof file");
        goto done;
    }
    if (export_claim(&x, root, lower, th, 0) != 0) goto done;
    /* A draw: the other bound too (the root line names the first). */
    if (draw && export_claim(&x, root, false, 0, 0) != 0) goto done;
    status = 0;
done:
    *nodes_written = x.nodes;
    free(x.done.keys);
    free(x.done.used);
    return status;
}
