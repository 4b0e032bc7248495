/*
 * prove.h - the proof manager: proves a claim about a position's value (or
 * its exact value) by keeping the top of the proof tree explicitly and
 * handing its frontier positions to df-pn jobs with node budgets, all of
 * them reading and extending one store of settled facts (fact_store.h).
 *
 * Each round:
 * - the tree's bounds are recomputed from the store, terminals and the
 *   databases at its frontier, by negamax over its inner positions (a
 *   settled inner position is added to the store too);
 * - every frontier position has a predicted value (alpha-beta probing the
 *   databases, `predict_depth` plies; a large evaluation margin counts as a
 *   win); the manager picks the cheapest set of frontier hypotheses that
 *   would settle the root's claim (one child of a position where the claim's
 *   side moves, all children elsewhere), a hypothesis costing its next
 *   budget, ten times more when the prediction says it is false, so the
 *   half-proof matching the prediction is tried first;
 * - each chosen position gets a df-pn job proving just that half, with the
 *   budget first_budget * 4^(failures so far); the jobs of a round run in
 *   this process or over MPI ranks (a batch runner, prove_batch_fn);
 * - a position whose job failed `expand_after` times is expanded: its
 *   children join the frontier with fresh budgets.
 * For an exact value the claim follows the prediction clamped to the
 * bounds: first the half it predicts, then the other.
 *
 * Resumable: all that was settled is in the store (synced after every job),
 * and the failures per position and claim are saved (written to a
 * temporary file and renamed) in `<store>/manager.txt` after every round;
 * a run that is killed loses at most the jobs it was running. Running the
 * same command again rebuilds the tree from the store.
 */
#ifndef KIBITZ_PROVE_H
#define KIBITZ_PROVE_H

#include "engine/game.h"
#include "solve/fact_store.h"
#include "solve/proof_file.h"
#include "solve/retro_cell.h"

#include <signal.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

/* What to prove at the root, for its side to move. */
enum prove_goal { PROVE_VALUE = 0, PROVE_NOTLOSE, PROVE_NOTWIN, PROVE_WIN, PROVE_LOSS };

/* "value", "notlose", "notwin", "win", "loss": 0, or -1. */
int prove_goal_parse(const char *text, enum prove_goal *out);

/* One df-pn job: prove the `halves` (dfpn_config's bits) of `state`. */
struct prove_job {
    unsigned char state[GAME_MAX_STATE_BYTES];
    unsigned halves;
    uint64_t budget;
};

struct prove_job_result {
    int settled; /* 1: the half was settled (either way), 0: budget ran out */
    uint64_t nodes;
    double seconds;
    bool interrupted;
};

/* Run `n` jobs (each settles into the store or not), filling `res`. 0, or
 * -1 with err. */
typedef int (*prove_batch_fn)(void *ctx, const struct prove_job *jobs, int n,
                              struct prove_job_result *res, char *err);

struct prove_config {
    const struct game *game;
    const struct variant *variant;
    struct fact_store *store;                          /* required, writable */
    const char *store_dir;                             /* where manager.txt is kept */
    retro_cell (*probe)(void *ctx, const void *state); /* may be NULL */
    void *probe_ctx;
    enum prove_goal goal;
    uint64_t first_budget; /* nodes of a position's first job (0: 100000) */
    uint64_t node_limit;   /* all jobs' nodes together (0: none) */
    double time_limit;     /* seconds (<= 0: none) */
    /* The predicted value (-1, 0, 1) of a position for its mover; NULL: 0.
     * (`kibitz prove`: alpha-beta probing the databases.) */
    int (*predict)(void *ctx, const void *state);
    void *predict_ctx;
    int expand_after;     /* failures before a frontier position is expanded (0: 2) */
    int max_tree;         /* most tree positions (0: 100000) */
    int jobs_per_round;   /* (0: 1) */
    prove_batch_fn batch; /* required: the job runner */
    void *batch_ctx;
    const volatile sig_atomic_t *interrupt;
    FILE *progress; /* one line per job and round; may be NULL */
};

struct prove_result {
    int lo, hi;        /* the root's proved bounds for its mover */
    bool goal_met;     /* the claim (or the exact value) is proved */
    bool goal_refuted; /* the bounds exclude it */
    uint64_t jobs, jobs_settled, nodes, rounds;
    int tree_size, frontier;
    double seconds;
    char stopped[128]; /* why it stopped unfinished, else "" */
};

/* The job runner of one process: df-pn per job with the store, the probe
 * and a `table_mib` table (ctx: a struct prove_local). */
struct prove_local {
    const struct game *game;
    const struct variant *variant;
    struct fact_store *store;
    retro_cell (*probe)(void *ctx, const void *state);
    void *probe_ctx;
    size_t table_mib;
    const volatile sig_atomic_t *interrupt;
};
int prove_local_batch(void *ctx, const struct prove_job *jobs, int n,
                      struct prove_job_result *res, char *err);

/* Which df-pn half (dfpn_config's `halves`) settles a claim: bit 0 "the
 * mover wins" (win, notwin), bit 1 "the opponent wins" (notlose, loss). */
unsigned prove_claim_halves(enum proof_claim c);

/* Prove `root`. 0 (also unfinished: result->stopped), or -1 with err. */
int prove_run(const struct prove_config *cfg, const void *root, struct prove_result *out,
              char *err);

/* Write the proof of what prove_run settled at `root` to `f`: the manager's
 * tree where it settled the claim, and below its frontier the certificates
 * of fresh df-pn runs that use no stored facts (isolated, so the file rests
 * only on the rules and the databases). 0, or -1 with err. */
int prove_export(const struct prove_config *cfg, const void *root, size_t table_mib,
                 FILE *f, uint64_t *nodes_written, char *err);

#endif
