/* The proof manager (prove.h): the explicit top of the tree, bounds from the
 * store, predictions, the choice of hypotheses, rounds of df-pn jobs. */
#include "solve/prove.h"

#include "engine/timer.h"
#include "solve/dfpn.h"

#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

enum { CLAIMS = 4, MISMATCH = 10 };

/* A position of the tree. Children are contiguous and come after their
 * parent, so one backward pass recomputes every bound. */
struct tnode {
    int mover;              /* TURN_OVER for a terminal */
    int8_t lo, hi;          /* proved bounds for the mover */
    int8_t pred;            /* predicted value for the mover */
    bool expanded;          /* children made */
    int first, count;       /* children */
    uint8_t failed[CLAIMS]; /* jobs that ran out of budget, per claim */
};

struct tree {
    const struct prove_config *cfg;
    const struct game *g;
    const struct variant *v;
    struct tnode *nodes;
    unsigned char *states; /* state_size each */
    int count, capacity;
    /* manager.txt: failures by store key */
    unsigned char *saved_keys;
    uint8_t (*saved_failed)[CLAIMS];
    int saved_count;
};

static const struct {
    const char *name;
    enum prove_goal goal;
} goal_names[] = {{"value", PROVE_VALUE},
                  {"notlose", PROVE_NOTLOSE},
                  {"notwin", PROVE_NOTWIN},
                  {"win", PROVE_WIN},
                  {"loss", PROVE_LOSS}};

int prove_goal_parse(const char *text, enum prove_goal *out) {
    for (size_t i = 0; i < sizeof goal_names / sizeof goal_names[0]; i++)
        if (strcmp(text, goal_names[i].name) == 0) {
            *out = goal_names[i].goal;
            return 0;
        }
    return -1;
}

static const void *state_of(const struct tree *t, int i) {
    return t->states + (size_t)i * t->g->state_size;
}

/* ---- manager.txt: failures per (store key, claim) ---- */

static void saved_path(const struct tree *t, char *path, size_t n, const char *suffix) {
    snprintf(path, n, "%s/manager.txt%s", t->cfg->store_dir, suffix);
}

static int saved_find(const struct tree *t, const unsigned char *key) {
    for (int i = 0; i < t->saved_count; i++)
        if (memcmp(t->saved_keys + (size_t)i * t->g->state_size, key, t->g->state_size) ==
            0)
            return i;
    return -1;
}

static int saved_set(struct tree *t, const unsigned char *key, const uint8_t *failed) {
    int i = saved_find(t, key);
    if (i < 0) {
        size_t ss = t->g->state_size;
        unsigned char *k = realloc(t->saved_keys, (size_t)(t->saved_count + 1) * ss);
        if (!k) return -1;
        t->saved_keys = k;
        uint8_t(*f)[CLAIMS] =
            realloc(t->saved_failed, (size_t)(t->saved_count + 1) * sizeof *f);
        if (!f) return -1;
        t->saved_failed = f;
        i = t->saved_count++;
        memcpy(t->saved_keys + (size_t)i * ss, key, ss);
    }
    memcpy(t->saved_failed[i], failed, CLAIMS);
    return 0;
}

/* Read manager.txt: lines of a hex key and four counts. A missing file is
 * an empty one; a damaged line ends the reading (the counts only order the
 * work). */
static void saved_load(struct tree *t) {
    char path[600], line[2048];
    saved_path(t, path, sizeof path, "");
    FILE *f = fopen(path, "r");
    if (!f) return;
    size_t ss = t->g->state_size;
    unsigned char key[GAME_MAX_STATE_BYTES];
    while (fgets(line, sizeof line, f)) {
        unsigned a[CLAIMS];
        char hex[2 * GAME_MAX_STATE_BYTES + 1];
        if (sscanf(line, "%1024s %u %u %u %u", hex, &a[0], &a[1], &a[2], &a[3]) != 5 ||
            strlen(hex) != 2 * ss)
            break;
        bool ok = true;
        for (size_t i = 0; i < ss && ok; i++) {
            unsigned byte;
            ok = sscanf(hex + 2 * i, "%2x", &byte) == 1;
            key[i] = (unsigned char)byte;
        }
        uint8_t failed[CLAIMS];
        for (int c = 0; c < CLAIMS; c++) failed[c] = a[c] > 60 ? 60 : (uint8_t)a[c];
        if (!ok || saved_set(t, key, failed) != 0) break;
    }
    fclose(f);
}

static int saved_write(const struct tree *t, char *err) {
    char path[600], tmp[620];
    saved_path(t, path, sizeof path, "");
    saved_path(t, tmp, sizeof tmp, ".tmp");
    FILE *f = fopen(tmp, "w");
    if (!f) {
        snprintf(err, GAME_ERROR_BYTES, "cannot write %.100s: %s", tmp, strerror(errno));
        return -1;
    }
    for (int i = 0; i < t->saved_count; i++) {
        for (size_t b = 0; b < t->g->state_size; b++)
            fprintf(f, "%02x", t->saved_keys[(size_t)i * t->g->state_size + b]);
        for (int c = 0; c < CLAIMS; c++) fprintf(f, " %u", t->saved_failed[i][c]);
        fputc('\n', f);
    }
    if (fclose(f) != 0 || rename(tmp, path) != 0) {
        snprintf(err, GAME_ERROR_BYTES, "cannot write %.100s: %s", path, strerror(errno));
        remove(tmp);
        return -1;
    }
    return 0;
}

/* ---- the tree ---- */

/* The predicted value of a non-terminal position for its mover. */
static int predict(struct tree *t, const void *state) {
    return t->cfg->predict ? t->cfg->predict(t->cfg->predict_ctx, state) : 0;
}

static int add_node(struct tree *t, const void *state) {
    if (t->count == t->capacity) {
        int cap = t->capacity ? 2 * t->capacity : 1024;
        struct tnode *n = realloc(t->nodes, (size_t)cap * sizeof *n);
        if (!n) return -1;
        t->nodes = n;
        unsigned char *s = realloc(t->states, (size_t)cap * t->g->state_size);
        if (!s) return -1;
        t->states = s;
        t->capacity = cap;
    }
    int i = t->count++;
    struct tnode *nd = &t->nodes[i];
    memset(nd, 0, sizeof *nd);
    memcpy(t->states + (size_t)i * t->g->state_size, state, t->g->state_size);
    nd->mover = t->g->turn(t->v, state);
    nd->lo = -1;
    nd->hi = 1;
    if (nd->mover != TURN_OVER) {
        nd->pred = (int8_t)predict(t, state);
        unsigned char key[GAME_MAX_STATE_BYTES];
        fact_store_key(t->g, t->v, state, key);
        int s = saved_find(t, key);
        if (s >= 0) memcpy(nd->failed, t->saved_failed[s], CLAIMS);
    }
    return i;
}

static int expand(struct tree *t, int i) {
    const struct game *g = t->g;
    move_t moves[g->max_moves > 0 ? g->max_moves : 1];
    _Alignas(8) unsigned char child[GAME_MAX_STATE_BYTES];
    int n = g->moves(t->v, state_of(t, i), moves);
    int first = t->count;
    for (int k = 0; k < n; k++) {
        memcpy(child, state_of(t, i), g->state_size);
        g->apply(t->v, child, moves[k]);
        if (add_node(t, child) < 0) return -1;
    }
    t->nodes[i].first = first;
    t->nodes[i].count = n;
    t->nodes[i].expanded = true;
    return 0;
}

/* A child's bounds seen by the parent's mover. */
static void child_view(const struct tree *t, int parent, int c, int *lo, int *hi,
                       int *pred) {
    const struct tnode *p = &t->nodes[parent], *k = &t->nodes[c];
    bool same = k->mover == p->mover;
    if (k->mover == TURN_OVER) same = true; /* terminals hold p's view (below) */
    *lo = same ? k->lo : -k->hi;
    *hi = same ? k->hi : -k->lo;
    *pred = same ? k->pred : -k->pred;
}

/* Bounds from terminals, probes, the store and the children (backward). */
static void update_bounds(struct tree *t) {
    const struct game *g = t->g;
    for (int i = t->count - 1; i >= 0; i--) {
        struct tnode *nd = &t->nodes[i];
        const void *s = state_of(t, i);
        if (nd->mover == TURN_OVER) continue; /* set when made: see below */
        int lo = -1, hi = 1, slo, shi;
        unsigned char key[GAME_MAX_STATE_BYTES];
        fact_store_key(g, t->v, s, key);
        if (fact_store_get(t->cfg->store, key, &slo, &shi)) lo = slo, hi = shi;
        retro_cell cell =
            t->cfg->probe ? t->cfg->probe(t->cfg->probe_ctx, s) : RETRO_HOLE;
        if (retro_is_value(cell)) {
            int o = retro_outcome(cell);
            lo = hi = o == RETRO_OUTCOME_WIN ? 1 : o == RETRO_OUTCOME_LOSS ? -1 : 0;
        }
        if (nd->expanded) {
            int clo = -1, chi = -1, pred = -1;
            for (int c = nd->first; c < nd->first + nd->count; c++) {
                int a, b, p;
                child_view(t, i, c, &a, &b, &p);
                if (a > clo) clo = a;
                if (b > chi) chi = b;
                if (p > pred) pred = p;
            }
            if (clo > lo) lo = clo;
            if (chi < hi) hi = chi;
            nd->pred = (int8_t)pred;
            /* What the tree settles is a fact too (from facts). */
            if ((lo > -1 || hi < 1) && lo <= hi) {
                char err[FACT_STORE_ERROR_BYTES];
                fact_store_add(t->cfg->store, key, lo, hi, 0, err);
            }
        }
        if (lo > hi) lo = hi; /* cannot happen with sound facts */
        nd->lo = (int8_t)lo;
        nd->hi = (int8_t)hi;
    }
}

/* Terminal nodes: their value for the parent's mover is fixed once. */
static void set_terminals(struct tree *t, int parent) {
    const struct tnode *p = &t->nodes[parent];
    for (int c = p->first; c < p->first + p->count; c++) {
        struct tnode *k = &t->nodes[c];
        if (k->mover != TURN_OVER) continue;
        double ret[GAME_MAX_PLAYERS];
        t->g->returns(t->v, state_of(t, c), ret);
        int v = ret[p->mover] > 0 ? 1 : ret[p->mover] < 0 ? -1 : 0;
        k->lo = k->hi = k->pred = (int8_t)v;
    }
}

static int claim_index(bool lower, int t) {
    return (int)proof_claim_of(lower, t);
}

/* ---- choosing hypotheses ---- */

static double leaf_cost(const struct tree *t, int i, bool lower, int th) {
    const struct tnode *nd = &t->nodes[i];
    double base = (double)(t->cfg->first_budget ? t->cfg->first_budget : 100000);
    double c = base * pow(4.0, nd->failed[claim_index(lower, th)]);
    bool predicted = lower ? nd->pred >= th : nd->pred <= th;
    return predicted ? c : c * MISMATCH;
}

/* The cost of proving "value >= th" (lower) or "<= th" at node i; when
 * `pick` is not NULL, the frontier positions chosen go there. */
struct pick {
    int *node;
    bool *lower;
    int *th;
    double *cost;
    int count, capacity;
};

static double cost(const struct tree *t, int i, bool lower, int th, struct pick *pk) {
    const struct tnode *nd = &t->nodes[i];
    if (lower ? nd->lo >= th : nd->hi <= th) return 0;
    if (lower ? nd->hi < th : nd->lo > th) return INFINITY;
    if (!nd->expanded) {
        double c = leaf_cost(t, i, lower, th);
        if (pk && pk->count < pk->capacity) {
            pk->node[pk->count] = i;
            pk->lower[pk->count] = lower;
            pk->th[pk->count] = th;
            pk->cost[pk->count++] = c;
        }
        return c;
    }
    /* One child must hold when the claim is the mover's choice (lower),
     * all of them otherwise; children are seen from their own mover. */
    double total = lower ? INFINITY : 0;
    int best = -1;
    for (int c = nd->first; c < nd->first + nd->count; c++) {
        const struct tnode *k = &t->nodes[c];
        bool same = k->mover == nd->mover || k->mover == TURN_OVER;
        bool cl = same ? lower : !lower;
        int ct = same ? th : -th;
        double x;
        if (k->mover == TURN_OVER) /* its lo/hi are in the parent's view */
            x = (lower ? k->lo >= th : k->hi <= th) ? 0 : INFINITY;
        else
            x = cost(t, c, cl, ct, NULL);
        if (lower && x < total) total = x, best = c;
        if (!lower) total += x;
    }
    if (pk && total < INFINITY) {
        if (lower && best >= 0) {
            const struct tnode *k = &t->nodes[best];
            bool same = k->mover == nd->mover;
            if (k->mover != TURN_OVER)
                cost(t, best, same ? lower : !lower, same ? th : -th, pk);
        } else if (!lower) {
            for (int c = nd->first; c < nd->first + nd->count; c++) {
                const struct tnode *k = &t->nodes[c];
                if (k->mover == TURN_OVER) continue;
                bool same = k->mover == nd->mover;
                cost(t, c, same ? lower : !lower, same ? th : -th, pk);
            }
        }
    }
    return total;
}

/* The root's claim this round: false when the goal is met or refuted. */
static bool root_claim(const struct tree *t, bool *lower, int *th,
                       struct prove_result *r) {
    const struct tnode *root = &t->nodes[0];
    int lo = root->lo, hi = root->hi;
    r->lo = lo;
    r->hi = hi;
    switch (t->cfg->goal) {
    case PROVE_NOTLOSE: *lower = true, *th = 0; break;
    case PROVE_WIN: *lower = true, *th = 1; break;
    case PROVE_NOTWIN: *lower = false, *th = 0; break;
    case PROVE_LOSS: *lower = false, *th = -1; break;
    case PROVE_VALUE: {
        if (lo == hi) {
            r->goal_met = true;
            return false;
        }
        int p = root->pred < lo ? lo : root->pred > hi ? hi : root->pred;
        *lower = lo < p;
        *th = p;
        return true;
    }
    }
    if (*lower ? lo >= *th : hi <= *th) r->goal_met = true;
    if (*lower ? hi < *th : lo > *th) r->goal_refuted = true;
    return !r->goal_met && !r->goal_refuted;
}

unsigned prove_claim_halves(enum proof_claim c) {
    return c == PROOF_WIN || c == PROOF_NOTWIN ? 1u : 2u;
}

static int compare_cost(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

enum { PICK_MAX = 4096 }; /* hypotheses one round may price */

/* One round's jobs: what each asks of which tree node, and what came back. */
struct round_jobs {
    int max; /* jobs a round may hand out (cfg->jobs_per_round) */
    struct prove_job *job;
    struct prove_job_result *res;
    int *node, *claim; /* per job: its tree node and claim index */
};

/* Why the proof must stop before the next round (in r->stopped), or false
 * to go on. */
static bool limit_reached(const struct prove_config *cfg, double t0,
                          struct prove_result *r) {
    const char *why = NULL;
    if (cfg->interrupt && *cfg->interrupt)
        why = "interrupted";
    else if (cfg->time_limit > 0 && timer_now() - t0 >= cfg->time_limit)
        why = "time limit";
    else if (cfg->node_limit && r->nodes >= cfg->node_limit)
        why = "node limit";
    if (why) snprintf(r->stopped, sizeof r->stopped, "%s", why);
    return why != NULL;
}

/* The round's jobs from the priced hypotheses: the cheapest first, one a
 * node, each with a budget that grows with the node's failures on that
 * claim. Returns the number of jobs. */
static int plan_jobs(const struct tree *t, const struct pick *pk, struct round_jobs *rj) {
    const struct prove_config *cfg = t->cfg;
    /* The cheapest hypotheses first (sorted by cost, node kept along). */
    struct {
        double cost;
        int node, th;
        bool lower;
    } order[PICK_MAX];
    for (int k = 0; k < pk->count; k++) {
        order[k].cost = pk->cost[k];
        order[k].node = pk->node[k];
        order[k].th = pk->th[k];
        order[k].lower = pk->lower[k];
    }
    qsort(order, (size_t)pk->count, sizeof order[0], compare_cost);
    int n = 0;
    for (int k = 0; k < pk->count && n < rj->max; k++) {
        bool dup = false;
        for (int j = 0; j < n; j++) dup |= rj->node[j] == order[k].node;
        if (dup) continue;
        int i = order[k].node;
        struct prove_job *jb = &rj->job[n];
        memcpy(jb->state, state_of(t, i), t->g->state_size);
        jb->halves = prove_claim_halves(proof_claim_of(order[k].lower, order[k].th));
        int ci = claim_index(order[k].lower, order[k].th);
        double base = (double)(cfg->first_budget ? cfg->first_budget : 100000);
        jb->budget = (uint64_t)(base * pow(4.0, t->nodes[i].failed[ci]));
        rj->node[n] = i;
        rj->claim[n] = ci;
        n++;
    }
    return n;
}

/* A job that came back unsettled (not interrupted): its node's failure on
 * the claim is counted and saved, and the node expanded once it failed
 * often enough. 0, or -1 with err. */
static int job_failed(struct tree *t, int i, int claim, char *err) {
    const struct prove_config *cfg = t->cfg;
    int max_tree = cfg->max_tree > 0 ? cfg->max_tree : 100000;
    int expand_after = cfg->expand_after > 0 ? cfg->expand_after : 2;
    struct tnode *nd = &t->nodes[i];
    if (nd->failed[claim] < 60) nd->failed[claim]++;
    unsigned char key[GAME_MAX_STATE_BYTES];
    fact_store_key(t->g, t->v, state_of(t, i), key);
    if (saved_set(t, key, nd->failed) != 0) {
        snprintf(err, GAME_ERROR_BYTES, "out of memory");
        return -1;
    }
    if (nd->failed[claim] >= expand_after && t->count < max_tree) {
        if (expand(t, i) != 0) {
            snprintf(err, GAME_ERROR_BYTES, "out of memory for the tree");
            return -1;
        }
        set_terminals(t, i);
    }
    return 0;
}

/* The progress line of one finished job. */
static void report_job(const struct tree *t, const struct round_jobs *rj, int j,
                       const struct prove_result *r) {
    char pos[512];
    t->g->format_position(t->v, rj->job[j].state, pos, sizeof pos);
    fprintf(t->cfg->progress,
            "round %" PRIu64 " job %" PRIu64 ": %s %s, budget %" PRIu64 ": %s, %" PRIu64
            " nodes, %.1f s\n",
            r->rounds, r->jobs, pos, proof_claim_name(rj->claim[j]), rj->job[j].budget,
            rj->res[j].interrupted ? "interrupted"
            : rj->res[j].settled   ? "settled"
                                   : "unfinished",
            rj->res[j].nodes, rj->res[j].seconds);
}

/* Take in the round's `n` results. 0, or -1 with err; *interrupted when a
 * job was. */
static int absorb_results(struct tree *t, const struct round_jobs *rj, int n,
                          struct prove_result *r, bool *interrupted, char *err) {
    *interrupted = false;
    for (int j = 0; j < n; j++) {
        r->jobs++;
        r->nodes += rj->res[j].nodes;
        *interrupted |= rj->res[j].interrupted;
        if (rj->res[j].settled)
            r->jobs_settled++;
        else if (!rj->res[j].interrupted && job_failed(t, rj->node[j], rj->claim[j], err))
            return -1;
        if (t->cfg->progress) report_job(t, rj, j, r);
    }
    return 0;
}

/* The progress line at the end of a round. */
static void report_round(const struct tree *t, const struct prove_result *r, double t0) {
    int frontier = 0;
    for (int i = 0; i < t->count; i++)
        frontier += !t->nodes[i].expanded && t->nodes[i].mover != TURN_OVER &&
                    t->nodes[i].lo < t->nodes[i].hi;
    fprintf(t->cfg->progress,
            "round %" PRIu64 " done: root value in [%d, %d] for the mover; tree %d "
            "positions, %d open at the frontier; %" PRIu64 " facts; %.1f s\n",
            r->rounds, t->nodes[0].lo, t->nodes[0].hi, t->count, frontier,
            fact_store_count(t->cfg->store), timer_now() - t0);
    fflush(t->cfg->progress);
}

/* One round: price the hypotheses of the root's claim, run the cheapest as
 * jobs, take in what they settled. 1 when the proof must stop (the reason
 * in r->stopped), 0 to go on, -1 with err. */
static int prove_round(struct tree *t, struct pick *pk, struct round_jobs *rj, bool lower,
                       int th, struct prove_result *r, double t0, char *err) {
    const struct prove_config *cfg = t->cfg;
    pk->count = 0;
    double total = cost(t, 0, lower, th, pk);
    if (!pk->count || total == INFINITY) {
        snprintf(r->stopped, sizeof r->stopped, "nothing left to try");
        return 1;
    }
    int n = plan_jobs(t, pk, rj);
    r->rounds++;
    if (cfg->batch(cfg->batch_ctx, rj->job, n, rj->res, err) != 0) return -1;
    char serr[FACT_STORE_ERROR_BYTES];
    if (fact_store_reload(cfg->store, serr) != 0) {
        snprintf(err, GAME_ERROR_BYTES, "%.150s", serr);
        return -1;
    }
    bool interrupted;
    if (absorb_results(t, rj, n, r, &interrupted, err) != 0) return -1;
    if (saved_write(t, err) != 0) return -1;
    update_bounds(t);
    if (cfg->progress) report_round(t, r, t0);
    if (interrupted) {
        snprintf(r->stopped, sizeof r->stopped, "interrupted");
        return 1;
    }
    return 0;
}

int prove_run(const struct prove_config *cfg, const void *root, struct prove_result *r,
              char *err) {
    memset(r, 0, sizeof *r);
    r->lo = -1;
    r->hi = 1;
    const struct game *g = cfg->game;
    if (g->turn(cfg->variant, root) == TURN_OVER) {
        snprintf(err, GAME_ERROR_BYTES, "the game is already over in this position");
        return -1;
    }
    double t0 = timer_now();
    struct tree t = {.cfg = cfg, .g = g, .v = cfg->variant};
    struct pick pk = {.capacity = PICK_MAX};
    pk.node = malloc(PICK_MAX * sizeof *pk.node);
    pk.lower = malloc(PICK_MAX * sizeof *pk.lower);
    pk.th = malloc(PICK_MAX * sizeof *pk.th);
    pk.cost = malloc(PICK_MAX * sizeof *pk.cost);
    struct round_jobs rj = {.max = cfg->jobs_per_round > 0 ? cfg->jobs_per_round : 1};
    rj.job = malloc((size_t)rj.max * sizeof *rj.job);
    rj.res = malloc((size_t)rj.max * sizeof *rj.res);
    rj.node = malloc((size_t)rj.max * sizeof *rj.node);
    rj.claim = malloc((size_t)rj.max * sizeof *rj.claim);
    int status = -1;
    if (!pk.node || !pk.lower || !pk.th || !pk.cost || !rj.job || !rj.res || !rj.node ||
        !rj.claim) {
        snprintf(err, GAME_ERROR_BYTES, "out of memory for the proof manager");
        goto done;
    }
    saved_load(&t);
    if (add_node(&t, root) < 0) {
        snprintf(err, GAME_ERROR_BYTES, "out of memory for the proof manager");
        goto done;
    }
    for (;;) {
        update_bounds(&t);
        bool lower = true;
        int th = 0;
        if (!root_claim(&t, &lower, &th, r)) break;
        if (limit_reached(cfg, t0, r)) break;
        int round = prove_round(&t, &pk, &rj, lower, th, r, t0, err);
        if (round < 0) goto done;
        if (round > 0) break;
    }
    r->tree_size = t.count;
    for (int i = 0; i < t.count; i++)
        r->frontier += !t.nodes[i].expanded && t.nodes[i].mover != TURN_OVER;
    status = 0;
done:
    if (status == 0) {
        char serr[FACT_STORE_ERROR_BYTES];
        if (fact_store_sync(cfg->store, serr) != 0) {
            snprintf(err, GAME_ERROR_BYTES, "%.150s", serr);
            status = -1;
        }
    }
    r->seconds = timer_now() - t0;
    free(t.nodes);
    free(t.states);
    free(t.saved_keys);
    free(t.saved_failed);
    free(pk.node);
    free(pk.lower);
    free(pk.th);
    free(pk.cost);
    free(rj.job);
    free(rj.res);
    free(rj.node);
    free(rj.claim);
    return status;
}

/* ---- the job runner of one process ---- */

int prove_local_batch(void *ctx, const struct prove_job *jobs, int n,
                      struct prove_job_result *res, char *err) {
    const struct prove_local *l = ctx;
    struct dfpn_result *r = malloc(sizeof *r);
    if (!r) {
        snprintf(err, GAME_ERROR_BYTES, "out of memory");
        return -1;
    }
    for (int j = 0; j < n; j++) {
        struct dfpn_config cfg = {.game = l->game,
                                  .variant = l->variant,
                                  .table_mib = l->table_mib ? l->table_mib : 256,
                                  .node_limit = jobs[j].budget,
                                  .probe = l->probe,
                                  .probe_ctx = l->probe_ctx,
                                  .init = DFPN_INIT_MOBILITY,
                                  .interrupt = l->interrupt,
                                  .store = l->store,
                                  .halves = jobs[j].halves};
        if (dfpn_solve(&cfg, jobs[j].state, r, err) != 0) {
            free(r);
            return -1;
        }
        int known = jobs[j].halves == 1 ? r->mover_wins : r->mover_loses;
        res[j].settled = known >= 0;
        res[j].nodes = r->nodes;
        res[j].seconds = r->seconds;
        res[j].interrupted = strncmp(r->stopped, "interrupted", 11) == 0;
        char serr[FACT_STORE_ERROR_BYTES];
        if (fact_store_sync(l->store, serr) != 0 || r->store_error[0]) {
            snprintf(err, GAME_ERROR_BYTES, "%.150s",
                     r->store_error[0] ? r->store_error : serr);
            free(r);
            return -1;
        }
        if (res[j].interrupted) { /* the rest of the batch does not run */
            for (int k = j + 1; k < n; k++) {
                memset(&res[k], 0, sizeof res[k]);
                res[k].interrupted = true;
            }
            break;
        }
    }
    free(r);
    return 0;
}
