/* kibitz review: every move of a recorded game judged (search/review.h). */
#include "cli/cli.h"
#include "cli/db_advice.h"
#include "cli/play_text.h"
#include "search/review.h"
#include "search/solver_db_move.h"
#include "json/kjson_review.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void print_text(const struct game_record *r, const struct review_move *moves) {
    const struct game *g = r->game;
    const struct variant *v = &r->variant;
    _Alignas(8) unsigned char state[GAME_MAX_STATE_BYTES];
    memcpy(state, r->start, g->state_size);
    int mistakes = 0;
    printf("%-4s %-8s %-12s %-12s %-12s %-12s %s\n", "ply", "player", "played", "best",
           "before", "after", "source");
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
            play_eval_text(&m->before, before, sizeof before);
            play_eval_text(&m->after, after, sizeof after);
        }
        printf("%-4d %-8s %-12s %-12s %-12s %-12s %s%s%s\n", i + 1, who, played, best,
               before, after, m->judged ? m->source : "-",
               m->mistake ? "  MISTAKE: " : "", m->mistake ? m->mistake : "");
        mistakes += m->mistake != NULL;
        if (s->turn == TURN_SIMULTANEOUS && s->acting)
            g->apply_joint(v, state, s->choice);
        else
            g->apply(v, state, s->move);
    }
    printf("%d move%s, %d mistake%s (a proven win thrown to a draw or a loss, or a draw "
           "to a loss)\n",
           r->count, r->count == 1 ? "" : "s", mistakes, mistakes == 1 ? "" : "s");
}

int cmd_review(int argc, char **argv) {
    static const struct cli_spec spec = {
        .usage = "kibitz review <game> --record FILE [--depth N | --time S | "
                 "--iterations N]\n"
                 "       [--db PATH|none] [--hash MiB] [--seed N] [--json]",
        .help = "Goes through a game record (written by play --save, play's 'save' or\n"
                "arena --record) and judges every move: the best move, what the\n"
                "position was worth to the mover before the move ('before') and what\n"
                "the move played was worth to the same player ('after'), and marks the\n"
                "mistakes: a proven win thrown to a draw or a loss, a draw thrown to a\n"
                "loss. Values are exact where a solver database for the variant holds\n"
                "the position (--db PATH, else $KIBITZ_DATA or ./data; --db none for\n"
                "none); elsewhere each position is searched: alphabeta to --depth\n"
                "(default 6) or for --time seconds where the game allows it, else mcts\n"
                "for --iterations (default 1000); a search's values are estimates\n"
                "unless it proves them. Chance outcomes and simultaneous choices are\n"
                "listed without judgement. --json prints the review document of\n"
                "docs/JSON.md.",
        .allowed = OPT_VARIANT | OPT_RECORD | OPT_DEPTH | OPT_TIME | OPT_ITERATIONS |
                   OPT_DB | OPT_HASH | OPT_SEED | OPT_JSON,
        .needs_game = true,
    };
    struct cli_options o;
    int status = cli_parse(&spec, argc, argv, &o);
    if (status) return status < 0 ? EXIT_OK : status;
    if (!o.record) return cli_fail("review needs --record FILE (a game record)");
    struct game_record r;
    if ((status = cli_load_record(&o, &r))) return status;
    if ((o.given & OPT_VARIANT) &&
        memcmp(&r.variant, &o.variant, sizeof r.variant) != 0) {
        record_free(&r);
        return cli_fail("%s is a game of another variant than --variant", o.record);
    }
    o.variant = r.variant;
    char path[SOLVER_DB_PATH_BYTES], err[GAME_ERROR_BYTES];
    struct solver_db *db =
        solver_db_for_engine(r.game, &r.variant, o.db, path, sizeof path, err);
    if (!db && err[0]) {
        record_free(&r);
        return r.game->tier_of && cli_database_missing(&o)
                   ? cli_fail_missing_database(&o, err)
                   : cli_fail_runtime("%s", err);
    }
    struct review_config cfg = {
        .db = db,
        .depth = o.depth > 0 ? o.depth : 0,
        .time = o.time > 0 ? o.time : 0,
        .iterations = o.iterations > 0 ? o.iterations : 0,
        .hash_mib = o.hash_mb,
        .seed = o.seed,
    };
    struct review_move *moves = calloc((size_t)(r.count ? r.count : 1), sizeof *moves);
    if (!moves) {
        solver_db_close(db);
        record_free(&r);
        return cli_fail_runtime("out of memory");
    }
    if (review_game(&r, &cfg, moves, err) != 0 || (db && solver_db_failed(db, err))) {
        status = cli_fail_runtime("%s", err);
    } else if (o.json) {
        status = kjson_print(kjson_review(&r, moves), stdout) ? EXIT_RUNTIME_FAILURE : 0;
    } else {
        if (db) printf("(exact values from database %s where it holds them)\n", path);
        print_text(&r, moves);
    }
    free(moves);
    solver_db_close(db);
    record_free(&r);
    return status;
}
