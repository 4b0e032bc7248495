/* `kibitz prove` (the proof manager, solve/prove.h) and `kibitz checkproof`
 * (the checker of its exported proofs, solve/proof_check.h). */
#include "cli/backend/kz_cli.h"
#include "lib/kz_internal.h"
#include "search/alphabeta.h"
#include "search/search_probe.h"
#include "search/tt.h"
#include "solve/proof_check.h"
#include "solve/prove.h"
#include "solve/prove_mpi.h"

#include <inttypes.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define FAIL(code, ...) kz_fail(err, KZ_CLI_ERROR_BYTES, code, __VA_ARGS__)

static volatile sig_atomic_t interrupted;

static void on_signal(int sig) {
    interrupted = sig;
}

static const char *bounds_text(int lo, int hi) {
    static const char *const text[3][3] = {
        {"loss", "at most a draw", "unknown"},
        {"?", "draw", "at least a draw"},
        {"?", "?", "win"},
    };
    return text[lo + 1][hi + 1];
}

/* The manager's prediction: alpha-beta probing the databases, `depth`
 * plies; a proven score, else a margin of an eighth of the evaluation
 * scale, counts as a win or a loss. */
struct predictor {
    const struct game *g;
    const struct variant *v;
    struct ab_limits limits;
    struct tt tt;
};

static int predict(void *ctx, const void *state) {
    struct predictor *p = ctx;
    struct ab_result *r = malloc(sizeof *r);
    char err[GAME_ERROR_BYTES];
    int value = 0;
    if (r && ab_search(p->g, p->v, state, &p->limits, &p->tt, r, err) == 0) {
        int distance, proven = ab_score_proven(r->score, &distance);
        if (proven)
            value = proven;
        else if (r->score > GAME_EVAL_MAX / 8)
            value = 1;
        else if (r->score < -GAME_EVAL_MAX / 8)
            value = -1;
    }
    free(r);
    return value;
}

/* Open the databases --db names (none: "none"; not given: the default
 * folder when it answers, else none). */
static int open_probe(const struct kz_cli_args *a, const struct game *g,
                      const struct variant *v, struct search_probe *p, char *err) {
    memset(p, 0, sizeof *p);
    if (a->db && strcmp(a->db, "none") == 0) return 0;
    char gerr[GAME_ERROR_BYTES];
    if (search_probe_open(p, g, v, a->db, gerr) != 0) {
        memset(p, 0, sizeof *p);
        if (a->db) return FAIL(KZ_ERUNTIME, "%s", gerr);
    }
    return 0;
}

/* The handlers of SIGINT and SIGTERM before `prove` took them: until the
 * proof is reported a signal only stops the work. */
struct old_signals {
    struct sigaction old_int, old_term;
};

static void catch_signals(struct old_signals *old) {
    interrupted = 0;
    struct sigaction stop = {.sa_handler = on_signal};
    sigemptyset(&stop.sa_mask);
    sigaction(SIGINT, &stop, &old->old_int);
    sigaction(SIGTERM, &stop, &old->old_term);
}

static void restore_signals(const struct old_signals *old) {
    sigaction(SIGINT, &old->old_int, NULL);
    sigaction(SIGTERM, &old->old_term, NULL);
}

/* What `prove` holds open while it runs. */
struct manager {
    struct search_probe probe;
    struct fact_store *store;
    struct predictor predictor;
};

static void manager_close(struct manager *m) {
    fact_store_close(m->store);
    tt_free(&m->predictor.tt);
    search_probe_close(&m->probe);
}

/* Open the databases, the store and the predictor's table. KZ_OK, or an
 * error in `err` (nothing left open). */
static int manager_open(const struct kz_cli_args *a, struct manager *m, char *err) {
    const struct game *g = a->game->g;
    const struct variant *v = &a->game->v;
    int status = open_probe(a, g, v, &m->probe, err);
    if (status) return status;
    char tag[320], serr[FACT_STORE_ERROR_BYTES];
    fact_store_tag(g, v, tag, sizeof tag);
    if (fact_store_open(a->store, tag, g->state_size, true, &m->store, serr) != 0) {
        search_probe_close(&m->probe);
        return FAIL(KZ_ERUNTIME, "--store: %s", serr);
    }
    m->predictor = (struct predictor){.g = g,
                                      .v = v,
                                      .limits = {.depth = a->depth > 0 ? a->depth : 4,
                                                 .threads = 1,
                                                 .probe = m->probe.probe,
                                                 .probe_ctx = m->probe.ctx}};
    if (tt_init(&m->predictor.tt, 16) != 0) {
        manager_close(m);
        return FAIL(KZ_ERUNTIME, "out of memory");
    }
    return KZ_OK;
}

/* The outcome: the root's bounds, whether the goal was met, the work. */
static void print_managed(FILE *out, const struct kz_cli_args *a, const void *root,
                          const struct prove_result *r, struct fact_store *store) {
    const struct game *g = a->game->g;
    const struct variant *v = &a->game->v;
    char pos[512];
    g->format_position(v, root, pos, sizeof pos);
    const char *who = g->player_name(v, g->turn(v, root));
    fprintf(out, "position %s\n", pos);
    fprintf(out, "%s to move: %s%s\n", who, bounds_text(r->lo, r->hi),
            r->goal_met       ? " (goal proved)"
            : r->goal_refuted ? " (goal refuted)"
                              : "");
    if (r->stopped[0]) fprintf(out, "unfinished (%s)\n", r->stopped);
    fprintf(out,
            "%" PRIu64 " rounds, %" PRIu64 " jobs (%" PRIu64 " settled), %" PRIu64
            " df-pn nodes, %.3f s; tree %d positions (%d at the frontier); %" PRIu64
            " positions settled in the store\n",
            r->rounds, r->jobs, r->jobs_settled, r->nodes, r->seconds, r->tree_size,
            r->frontier, fact_store_count(store));
}

/* Export the proved goal to --proof: written beside, then renamed, never a
 * half-written proof and never over a file that appeared meanwhile. */
static int write_proof(const struct kz_cli_args *a, const struct prove_config *cfg,
                       const void *root, size_t table_mib, FILE *out, char *err) {
    char tmp[4200], perr[GAME_ERROR_BYTES];
    snprintf(tmp, sizeof tmp, "%s.tmp.%ld", a->proof, (long)getpid());
    FILE *f = fopen(tmp, "wx");
    uint64_t written = 0;
    if (!f) return FAIL(KZ_ERUNTIME, "cannot write %s", tmp);
    if (prove_export(cfg, root, table_mib, f, &written, perr) != 0 || fclose(f) != 0 ||
        proof_seal(tmp, perr) != 0) {
        remove(tmp);
        return FAIL(KZ_ERUNTIME, "the proof was not written: %s", perr);
    }
    if (access(a->proof, F_OK) == 0) {
        remove(tmp);
        return FAIL(KZ_EINVAL, "%s exists: not replaced", a->proof);
    }
    if (rename(tmp, a->proof) != 0) {
        remove(tmp);
        return FAIL(KZ_ERUNTIME, "cannot write %s", a->proof);
    }
    fprintf(out, "proof written to %s: %" PRIu64 " nodes\n", a->proof, written);
    return KZ_OK;
}

int kz_cli_manage(const struct kz_cli_args *a, const kz_state *s, FILE *out, char *err) {
    const struct game *g = a->game->g;
    const struct variant *v = &a->game->v;
    if (!a->store) return FAIL(KZ_EINVAL, "prove needs --store DIR (the settled facts)");
    if (g->turn(v, s->bytes) < 0)
        return FAIL(KZ_EINVAL, "the game is already over in this position");
    enum prove_goal goal = PROVE_VALUE;
    if (a->goal && prove_goal_parse(a->goal, &goal) != 0)
        return FAIL(KZ_EINVAL, "unknown --goal '%s' (value, notlose, notwin, win, loss)",
                    a->goal);
    if (a->proof && access(a->proof, F_OK) == 0) /* refused before the work */
        return FAIL(KZ_EINVAL, "%s exists: not replaced", a->proof);
    struct manager m;
    int status = manager_open(a, &m, err);
    if (status) return status;
    struct prove_local local = {.game = g,
                                .variant = v,
                                .store = m.store,
                                .probe = m.probe.probe,
                                .probe_ctx = m.probe.ctx,
                                .table_mib = a->hash_mib > 0 ? (size_t)a->hash_mib : 256,
                                .interrupt = &interrupted};
    struct prove_config cfg = {
        .game = g,
        .variant = v,
        .store = m.store,
        .store_dir = a->store,
        .probe = m.probe.probe,
        .probe_ctx = m.probe.ctx,
        .goal = goal,
        .first_budget = a->iterations > 0 ? (uint64_t)a->iterations : 0,
        .time_limit = a->time > 0 ? a->time : 0,
        .predict = predict,
        .predict_ctx = &m.predictor,
        .batch = prove_local_batch,
        .batch_ctx = &local,
        .interrupt = &interrupted,
        .progress = a->quiet ? NULL : stderr,
    };
    /* Under mpirun: this rank manages, the others prove (prove_mpi.h). */
    struct prove_mpi farm = {.local = &local};
    if (prove_mpi_farm(&farm, &cfg) != 0) {
        /* a worker rank: it served jobs until rank 0 said stop */
        manager_close(&m);
        return farm.failed ? FAIL(KZ_ERUNTIME, "%s", farm.err) : KZ_OK;
    }
    struct old_signals old;
    catch_signals(&old);
    struct prove_result r;
    char perr[GAME_ERROR_BYTES];
    fprintf(out, "store %s: %" PRIu64 " positions settled at the start\n", a->store,
            fact_store_count(m.store));
    int ran = prove_run(&cfg, s->bytes, &r, perr);
    prove_mpi_stop(&farm);
    if (ran != 0) {
        restore_signals(&old);
        manager_close(&m);
        return FAIL(KZ_ERUNTIME, "%s", perr);
    }
    print_managed(out, a, s->bytes, &r, m.store);
    int result = KZ_OK;
    if (a->proof && r.goal_met)
        result = write_proof(a, &cfg, s->bytes, local.table_mib, out, err);
    else if (a->proof)
        fprintf(out, "no proof written: the goal is not proved\n");
    /* Until here a signal only stops the work (the export's df-pn too, whose
     * temporary file is then removed). */
    restore_signals(&old);
    manager_close(&m);
    if (interrupted) {
        fflush(out);
        signal((int)interrupted, SIG_DFL);
        raise((int)interrupted);
    }
    return result;
}

int kz_cli_checkproof(const struct kz_cli_args *a, FILE *out, char *err) {
    const struct game *g = a->game->g;
    const struct variant *v = &a->game->v;
    if (!a->proof) return FAIL(KZ_EINVAL, "checkproof needs --proof FILE");
    FILE *f = fopen(a->proof, "r");
    if (!f) return FAIL(KZ_EINVAL, "cannot read %s", a->proof);
    struct proof_doc doc;
    char perr[PROOF_ERROR_BYTES];
    int parsed = proof_read(f, g, v, &doc, perr);
    fclose(f);
    if (parsed != 0) return FAIL(KZ_EINVAL, "%s: %s", a->proof, perr);
    struct search_probe probe;
    int status = open_probe(a, g, v, &probe, err);
    if (status) {
        proof_doc_free(&doc);
        return status;
    }
    struct proof_check_result r;
    int checked = proof_check(g, v, &doc, probe.probe, probe.ctx, &r, perr);
    char pos[512];
    g->format_position(v, doc.root, pos, sizeof pos);
    const char *who = g->player_name(v, g->turn(v, doc.root));
    const char *claim = doc.root_draw ? "draw" : proof_claim_name(doc.root_claim);
    bool damaged = search_probe_failed(&probe, err) != 0;
    search_probe_close(&probe);
    proof_doc_free(&doc);
    if (damaged) return FAIL(KZ_ERUNTIME, "%s", err);
    if (checked != 0) {
        fprintf(out, "proof rejected: %s\n", perr);
        return KZ_CLI_CHECK;
    }
    fprintf(out,
            "proof accepted: %s, %s to move: %s; %" PRIu64 " nodes, %" PRIu64
            " children checked, %" PRIu64 " answered by the databases\n",
            pos, who, claim, r.nodes, r.children, r.probe_leaves);
    return KZ_OK;
}
