/*
 * proof_check.h - the checker of exported proofs (proof_file.h). It trusts
 * neither the store of facts nor the search that wrote the file: every node
 * is replayed against the game's rules (its moves, terminal results) and the
 * databases (a probe's exact value), and
 * - a "win"/"notlose" node's move must be legal and lead to a child that
 *   holds; a "notwin"/"loss" node's every move must;
 * - the nodes claiming a win or a loss ("win", "loss"), linked to the win or
 *   loss nodes that justify them, must form no cycle (a win must come to an
 *   end); "notlose"/"notwin" nodes may (endless play is a draw), so they
 *   form a closed defence set;
 * - the root's claim must be held by a node (or a terminal or the
 *   databases).
 */
#ifndef KIBITZ_PROOF_CHECK_H
#define KIBITZ_PROOF_CHECK_H

#include "solve/proof_file.h"
#include "solve/retro_cell.h"

typedef retro_cell (*proof_probe_fn)(void *ctx, const void *state);

struct proof_check_result {
    uint64_t nodes;        /* nodes checked */
    uint64_t children;     /* children examined */
    uint64_t probe_leaves; /* children the databases answered */
};

/* 0 when the proof holds, or -1 with the first failure (its line) in `err`. */
int proof_check(const struct game *g, const struct variant *v,
                const struct proof_doc *doc, proof_probe_fn probe, void *probe_ctx,
                struct proof_check_result *out, char *err);

#endif
