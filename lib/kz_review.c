/* libkibitz: every move of a game record judged (search/review.h), as the
 * "review" document (include/kibitz.h) or `kibitz review`'s table
 * (lib/kz_cli.h). */
#include "lib/kz_cli.h"
#include "lib/kz_db.h"
#include "lib/kz_json.h"
#include "lib/kz_record.h"
#include "search/review.h"
#include "json/kjson_review.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The moves of `r` judged into a new array (free it), or NULL with err. */
static struct review_move *judge(const kz_record *r, const kz_db *db, int depth,
                                 double time, long iterations, int hash_mib,
                                 uint64_t seed, char *err, size_t err_n) {
    struct review_config cfg = {
        .lookup = db ? kz_db_values(db) : NULL,
        .lookup_ctx = db ? kz_db_ctx(db) : NULL,
        .depth = depth > 0 ? depth : 0,
        .time = time > 0 ? time : 0,
        .iterations = iterations > 0 ? iterations : 0,
        .hash_mib = hash_mib,
        .seed = seed,
    };
    int count = r->rec.count;
    struct review_move *moves = calloc((size_t)(count ? count : 1), sizeof *moves);
    if (!moves) {
        kz_fail(err, err_n, KZ_ERUNTIME, "out of memory");
        return NULL;
    }
    char gerr[GAME_ERROR_BYTES] = "";
    if (review_game(&r->rec, &cfg, moves, gerr) != 0) {
        free(moves);
        kz_fail(err, err_n, KZ_ERUNTIME, "%s", gerr);
        return NULL;
    }
    if (kz_db_failed(db, err, err_n)) {
        free(moves);
        return NULL;
    }
    return moves;
}

long kz_review_json(const kz_record *r, const kz_db *db, int depth, double time,
                    long iterations, uint64_t seed, char *json, size_t n, char *err,
                    size_t err_n) {
    struct review_move *moves =
        judge(r, db, depth, time, iterations, 0, seed, err, err_n);
    if (!moves) return KZ_ERUNTIME;
    long need = kz_json_give(kjson_review(&r->rec, moves), json, n);
    free(moves);
    return need < 0 ? kz_fail(err, err_n, KZ_ERUNTIME, "out of memory") : need;
}

/* "win in 7", "draw", "loss", "+0.35" or "not searched", for the mover. */
static void eval_text(const struct agent_eval *e, char *buf, size_t n) {
    if (e->kind == AGENT_EVAL_PROVEN) {
        const char *word = e->outcome > 0 ? "win" : e->outcome < 0 ? "loss" : "draw";
        if (e->outcome && e->distance >= 0)
            snprintf(buf, n, "%s in %d", word, e->distance);
        else
            snprintf(buf, n, "%s", word);
    } else if (e->kind == AGENT_EVAL_ESTIMATE) {
        snprintf(buf, n, "%+.2f", e->score);
    } else {
        snprintf(buf, n, "not searched");
    }
}

static void print_text(const struct game_record *r, const struct review_move *moves,
                       FILE *out) {
    const struct game *g = r->game;
    const struct variant *v = &r->variant;
    _Alignas(8) unsigned char state[GAME_MAX_STATE_BYTES];
    memcpy(state, r->start, g->state_size);
    int mistakes = 0;
    fprintf(out, "%-4s %-8s %-12s %-12s %-12s %-12s %s\n", "ply", "player", "played",
            "best", "before", "after", "source");
    for (int i = 0; i < r->count; i++) {
        const struct record_step *s = &r->steps[i];
        const struct review_move *m = &moves[i];
        char played[128] = "", best[128] = "-", before[32] = "-", after[32] = "-";
        const char *who = s->turn >= 0             ? g->player_name(v, s->turn)
                          : s->turn == TURN_CHANCE ? "chance"
                                                   : "all";
        if (s->turn == TURN_SIMULTANEOUS && s->acting)
            snprintf(played, sizeof played, "(choices)");
        else
            g->format_move(v, state, s->move, played, sizeof played);
        if (m->has_best) g->format_move(v, state, m->best, best, sizeof best);
        if (m->judged) {
            eval_text(&m->before, before, sizeof before);
            eval_text(&m->after, after, sizeof after);
        }
        fprintf(out, "%-4d %-8s %-12s %-12s %-12s %-12s %s%s%s\n", i + 1, who, played,
                best, before, after, m->judged ? m->source : "-",
                m->mistake ? "  MISTAKE: " : "", m->mistake ? m->mistake : "");
        mistakes += m->mistake != NULL;
        if (s->turn == TURN_SIMULTANEOUS && s->acting)
            g->apply_joint(v, state, s->choice);
        else
            g->apply(v, state, s->move);
    }
    fprintf(out,
            "%d move%s, %d mistake%s (a proven win thrown to a draw or a loss, or a draw "
            "to a loss)\n",
            r->count, r->count == 1 ? "" : "s", mistakes, mistakes == 1 ? "" : "s");
}

int kz_cli_review(const struct kz_cli_args *a, const kz_record *r, FILE *out, char *err) {
    const kz_game *game = kz_record_game(r);
    kz_db *db;
    int status = kz_db_for_engine(game, a->db, &db, err, KZ_CLI_ERROR_BYTES);
    if (status)
        return game->g->tier_of && kz_cli_database_missing(game, a->db) ? KZ_CLI_MISSING
                                                                        : status;
    struct review_move *moves = judge(r, db, a->depth, a->time, a->iterations,
                                      a->hash_mib, a->seed, err, KZ_CLI_ERROR_BYTES);
    if (!moves) {
        kz_db_close(db);
        return KZ_ERUNTIME;
    }
    if (a->json) {
        status = kjson_print(kjson_review(&r->rec, moves), out) ? KZ_CLI_QUIET_ERUNTIME
                                                                : KZ_OK;
    } else {
        if (db)
            fprintf(out, "(exact values from database %s where it holds them)\n",
                    db->path);
        print_text(&r->rec, moves, out);
    }
    free(moves);
    kz_db_close(db);
    return status;
}
