/*
 * proof_file.h - an exportable proof: a set of positions, each with a claim
 * about its value for its side to move and, where the mover must choose, the
 * move that justifies it; written by the proof manager (solve/prove.h) and
 * replayed by a checker (proof_check.h) that trusts nothing but the rules
 * and the databases.
 *
 * Claims, for the side to move: "win" (value 1), "notlose" (>= 0),
 * "notwin" (<= 0), "loss" (-1). "win" and "notlose" name a move (one child
 * must hold); "notwin" and "loss" say "all" (every child must hold). A child
 * holds when it is terminal with a fitting result, a database holds it with
 * a fitting value, or the file has a claim on it at least as strong (seen
 * from the child's mover).
 *
 * The text format, one item a line, tab-separated fields:
 *   kibitz-proof 1
 *   game <name>
 *   variant <options as variant_format spells them>
 *   root <position> <claim>|draw
 *   node <position> <claim> <move>|all
 *   checksum <16 hex digits>
 * Lines starting with '#' are comments. Positions and moves are written as
 * the game formats them (format_position, format_move). The last line,
 * written once the file is complete, is the XXH3-64 of every byte before
 * it, for `kibitz verify` (files of earlier versions lack it): the checker
 * does not need it (it trusts nothing in the file anyway) and reads past it.
 */
#ifndef KIBITZ_PROOF_FILE_H
#define KIBITZ_PROOF_FILE_H

#include "engine/game.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

enum proof_claim { PROOF_WIN = 0, PROOF_NOTLOSE, PROOF_NOTWIN, PROOF_LOSS };
enum { PROOF_ERROR_BYTES = 512 };

/* "win", "notlose", "notwin", "loss". */
const char *proof_claim_name(enum proof_claim c);
/* The claim named `text`: 0, or -1. */
int proof_claim_parse(const char *text, enum proof_claim *out);
/* The bound a claim sets on the mover's value: lo <= value (win, notlose)
 * or value <= hi (notwin, loss). */
bool proof_claim_is_lower(enum proof_claim c);
int proof_claim_bound(enum proof_claim c);
/* The claim "value >= t" (lower) or "value <= t". */
enum proof_claim proof_claim_of(bool lower, int t);

/* One node as read. */
struct proof_node {
    unsigned char state[GAME_MAX_STATE_BYTES];
    enum proof_claim claim;
    bool has_move;
    move_t move;
    int line;
};

/* A parsed file. */
struct proof_doc {
    unsigned char root[GAME_MAX_STATE_BYTES];
    enum proof_claim root_claim;
    bool root_draw; /* the root line said "draw": notlose and notwin */
    struct proof_node *nodes;
    uint64_t count;
};

/* Parse `f` as a proof for the game and variant (which the file must name
 * exactly). 0, or -1 with the line and what is wrong in `err`. */
int proof_read(FILE *f, const struct game *g, const struct variant *v,
               struct proof_doc *doc, char *err);
void proof_doc_free(struct proof_doc *doc);

/* Writing: the header, the root, then nodes (duplicates are the caller's
 * concern; the checker accepts them). Return 0, or -1 on a write error. */
int proof_write_header(FILE *f, const struct game *g, const struct variant *v,
                       const void *root, enum proof_claim claim, bool draw);
int proof_write_node(FILE *f, const struct game *g, const struct variant *v,
                     const void *state, enum proof_claim claim, bool has_move,
                     move_t move);

/* Append the checksum line to the complete proof file at `path`. 0, or -1
 * with err (GAME_ERROR_BYTES). */
int proof_seal(const char *path, char *err);

/* `kibitz verify` of a proof file: its first line names the format, its
 * last line is the checksum of every byte before it, and they match. 0, or
 * -1 with what is wrong in err (PROOF_ERROR_BYTES). */
int proof_verify_bytes(const char *path, char *err);

#endif
