/* kibitz review: every move of a recorded game judged (play/review.h). */
#include "cli/cli.h"

#include <stdio.h>

static const struct cli_spec review_spec = {
    .usage = "kibitz review <game> --record FILE [--depth N | --time S | "
             "--iterations N]\n"
             "       [--db PATH|none] [--hash MiB] [--seed N] [--json]",
    .help = "Goes through a game record (written by play --save, play's 'save' or\n"
            "arena --record) and judges every move: the best move, what the\n"
            "position was worth to the mover before the move ('before') and what\n"
            "the move played was worth to the same player ('after'), and marks the\n"
            "mistakes: a proven win thrown to a draw or a loss, a draw thrown to a\n"
            "loss. Values are exact where a solver database for the variant holds\n"
            "the position (--db PATH, else the data folder; --db none for\n"
            "none); elsewhere each position is searched: alphabeta to --depth\n"
            "(default 6) or for --time seconds where the game allows it, else mcts\n"
            "for --iterations (default 1000); a search's values are estimates\n"
            "unless it proves them. Chance outcomes and simultaneous choices are\n"
            "listed without judgement. --json prints the review document of\n"
            "docs/JSON.md.",
    .allowed = OPT_VARIANT | OPT_RECORD | OPT_DEPTH | OPT_TIME | OPT_ITERATIONS | OPT_DB |
               OPT_HASH | OPT_SEED | OPT_JSON,
    .needs_game = true,
};

int cmd_review(int argc, char **argv) {
    struct cli_options o;
    int status = cli_parse(&review_spec, argc, argv, &o);
    if (status) return status < 0 ? EXIT_OK : status;
    if (!o.record) return cli_fail("review needs --record FILE (a game record)");
    kz_record *r;
    if ((status = cli_open_record(&o, &r))) return status;
    if ((o.given & OPT_VARIANT) && !kz_cli_same_variant(kz_record_game(r), o.kz)) {
        kz_record_free(r);
        return cli_fail("%s is a game of another variant than --variant", o.record);
    }
    kz_cli_game_take_variant(o.kz, kz_record_game(r));
    struct kz_cli_args a;
    cli_args(&o, &a);
    char err[KZ_CLI_ERROR_BYTES];
    status = cli_status(&o, kz_cli_review(&a, r, stdout, err), err);
    kz_record_free(r);
    return status;
}
