/* kibitz arena: matches between engine settings, with win rates and Elo.
 * The games, their tally and the intervals are libkibitz's kz_arena_run;
 * this prints them. */
#include "cli/cli.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* "game 7/100: alphabeta 57.1%" on stderr, over and over on one line. */
static void show_progress(void *ctx, long finished, long games, double first_score,
                          const char *first_spec) {
    (void)ctx;
    fprintf(stderr, "\r\033[Kgame %ld/%ld: %s %.1f%%", finished, games, first_spec,
            100.0 * first_score / (double)finished);
}

static void print_report(const struct kz_arena_result *r, long games, bool endings) {
    for (int i = 0; i < r->players; i++) {
        const struct kz_arena_row *row = &r->rows[i];
        printf("%-28s win %5.1f%% [%5.1f,%5.1f]  draw %5.1f%% [%5.1f,%5.1f]  "
               "loss %5.1f%% [%5.1f,%5.1f]",
               row->spec, 100 * row->win[0], 100 * row->win[1], 100 * row->win[2],
               100 * row->draw[0], 100 * row->draw[1], 100 * row->draw[2],
               100 * row->loss[0], 100 * row->loss[1], 100 * row->loss[2]);
        if (r->players > 2)
            printf("  first %5.1f%% [%5.1f,%5.1f]", 100 * row->first[0],
                   100 * row->first[1], 100 * row->first[2]);
        printf("\n");
    }
    if (r->players == 2)
        printf("games %ld, score of %s: %.1f%%, Elo difference %+.0f "
               "(95%%: %+.0f .. %+.0f)\n",
               games, r->rows[0].spec, 100 * r->score, r->elo[0], r->elo[1], r->elo[2]);
    /* Games that say why they ended (Kotra: capital, surrender, turn
     * limit) get a tally of endings. */
    if (!endings) return;
    printf("endings:");
    for (int i = 0; i < r->n_endings; i++)
        printf("%s %s %ld (%.1f%%)", i ? "," : "", r->ending[i], r->ending_count[i],
               100.0 * (double)r->ending_count[i] / (double)games);
    printf("\n");
}

static const struct cli_spec arena_spec = {
    .usage = "kibitz arena <game> --players SPEC,SPEC[,...] --games N [--seed N] "
             "[--parallel N]",
    .help = "Plays N games between engine settings, one per seat, going through every\n"
            "seating game by game (2 for two players, 6 for three, 24 for four; every\n"
            "seating of a round starts from the same random opening of 2 plies, so\n"
            "colour, turn order and opening luck even out). A spec is\n"
            "random, alphabeta[:depth=N][:time=S][:threads=N][:hash=MiB],\n"
            "mcts[:iterations=N][:time=S][:threads=N][:c=X][:root=1][:playout=N]\n"
            "[:sim=duct|exp3|rm][:gamma=X][:keep=0] (information-set MCTS on games\n"
            "with hidden information; it keeps its tree between its moves unless\n"
            "keep=0; c defaults to 1.4, 0.7 for information-set MCTS),\n"
            "pimc[:worlds=N][:iterations=N][:time=S] (hidden information only),\n"
            "greedy (best evaluation one ply ahead),\n"
            "flatmc[:iterations=N][:playout=N] (flat Monte Carlo: N random playouts\n"
            "shared equally by the root options), expectimax[:depth=N] or\n"
            "db[:fallback=SPEC] (the perfect player: the databases' best move, else\n"
            "the fallback engine's; Kulibrat, Kerx endgames).\n"
            "At simultaneous nodes every seat's engine chooses without seeing the\n"
            "others' choices; engines of hidden-information games see only their own\n"
            "side's view.\n"
            "Reports each player's win/draw/loss shares with 95% confidence intervals\n"
            "(Wilson) and, for two players, the Elo difference of the first over the\n"
            "second with the interval from its score's Wilson interval. Games longer\n"
            "than 10000 plies count as draws. With three or more players, players are\n"
            "ranked by their returns: a win is the best return (alone or tied), a loss\n"
            "the worst, a draw anything between or a game where all returns are equal;\n"
            "\"first\" is the share of first place with ties split (two winners get 1/2\n"
            "each, all equal 1/n each), so equal play expects 1/n; its interval is the\n"
            "normal one of a mean. Games with simultaneous moves start without the\n"
            "random opening. Games that tell why they ended (Kotra) get a line of\n"
            "endings with counts and shares (JSON: \"endings\").\n"
            "--parallel N plays N games at once (one thread each, engines of their\n"
            "own; engines then take no threads=). Every game starts its engines\n"
            "afresh (no table or tree from an earlier game), so with budgets in\n"
            "iterations or depth the report is the same for any N; time budgets\n"
            "depend on how many cores the N games get.\n"
            "--position/--moves start every game there, without the random opening\n"
            "(so that a set of positions, each played with both seatings, is a fair\n"
            "match).\n"
            "--db PATH opens endgame databases (Kerx: 'kibitz solve kerx --pieces K')\n"
            "that every alphabeta and mcts player probes, except those given db=0.\n"
            "--record DIR writes every game's record (docs/JSON.md, \"record\") to\n"
            "DIR/game-000001.json and so on (DIR is made if missing); 'kibitz review'\n"
            "and every --record FILE option read them.",
    .allowed = OPT_VARIANT | OPT_PLAYERS | OPT_GAMES | OPT_SEED | OPT_JSON | OPT_QUIET |
               OPT_PARALLEL | OPT_POSITION | OPT_MOVES | OPT_DB | OPT_RECORD,
    .needs_game = true,
    .record_out = true,
};

int cmd_arena(int argc, char **argv) {
    struct cli_options o;
    int status = cli_parse(&arena_spec, argc, argv, &o);
    if (status) return status < 0 ? EXIT_OK : status;
    if (!o.players) return cli_fail("arena needs --players SPEC,SPEC[,...]");
    if (o.games <= 0) return cli_fail("arena needs --games N");
    const kz_game *game = o.kz;
    kz_state *start = NULL;
    {
        struct cli_options where = o; /* arena's --record is where records go */
        where.record = NULL;
        status = cli_state(&where, &start);
    }
    if (!status && kz_state_turn(start) == KZ_TURN_OVER)
        status = cli_fail("the game is over in this position: nothing to play");
    if (status) {
        kz_state_free(start);
        return status;
    }
    const bool progress = cli_progress_wanted(&o);
    const struct kz_arena_options ao = {
        .players = o.players,
        .games = o.games,
        .seed = o.seed,
        .parallel = o.parallel,
        .opening = !o.position && !o.moves,
        .db = o.db && !cli_no_database(&o) ? o.db : NULL,
        .record_dir = o.record,
        .progress = progress ? show_progress : NULL,
    };
    struct kz_arena_result *result = malloc(sizeof *result);
    char err[KZ_ERROR_BYTES];
    int lib = result ? kz_arena_run(start, &ao, result, err, sizeof err) : KZ_ERUNTIME;
    if (!result) snprintf(err, sizeof err, "out of memory");
    if (progress) fprintf(stderr, "\r\033[K"); /* the report follows */
    const bool endings = (kz_game_flags(game) & KZ_TELLS_ENDING) != 0;
    if (lib != KZ_OK) {
        status = cli_status(&o, lib, err);
    } else if (o.json) {
        long need = kz_arena_json(game, &ao, result, NULL, 0);
        char *text = need >= 0 ? malloc((size_t)need + 1) : NULL;
        if (text && kz_arena_json(game, &ao, result, text, (size_t)need + 1) == need)
            printf("%s\n", text);
        else
            status = cli_fail_runtime("out of memory");
        free(text);
        fflush(stdout);
    } else {
        print_report(result, o.games, endings);
    }
    free(result);
    kz_state_free(start);
    return status;
}
