/* `kibitz review`'s table (cli/backend/kz_cli.h): every move of a record
 * judged by libkibitz (lib/kz_record.h kz_review_judge), printed as text or
 * as the "review" document. */
#include "cli/backend/kz_cli.h"
#include "lib/kz_db.h"
#include "lib/kz_json.h"
#include "lib/kz_record.h"
#include "search/alphabeta.h"
#include "play/review.h"
#include "json/kjson_review.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
    /* A budget the review's search cannot use is refused, not ignored
     * (play/review.c: alphabeta where the game allows it, else mcts). */
    char why[GAME_ERROR_BYTES];
    bool ab = ab_supports(game->g, why);
    if (a->depth >= 0 && !ab)
        return kz_fail(err, KZ_CLI_ERROR_BYTES, KZ_EINVAL,
                       "--depth is for alphabeta, which cannot search %s; give "
                       "--iterations or --time",
                       game->g->name);
    if (a->iterations > 0 && ab)
        return kz_fail(err, KZ_CLI_ERROR_BYTES, KZ_EINVAL,
                       "--iterations is for mcts; %s is reviewed with alphabeta: give "
                       "--depth or --time",
                       game->g->name);
    kz_db *db;
    int status = kz_db_for_engine(game, a->db, &db, err, KZ_CLI_ERROR_BYTES);
    if (status)
        return game->g->tier_of && kz_cli_database_missing(game, a->db) ? KZ_CLI_MISSING
                                                                        : status;
    struct review_move *moves = kz_review_judge(r, db, a->depth, a->time, a->iterations,
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
