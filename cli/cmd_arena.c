/* kibitz arena: matches between engine settings, with win rates and Elo. */
#include "cli/arena_seating.h"
#include "cli/cli.h"
#include "engine/repetition.h"
#include "engine/rng.h"
#include "engine/variant.h"
#include "search/agent.h"
#include "search/playout.h"
#include "search/solver_db.h"
#include "json/kjson_record.h"
#include "json/kjson_reports.h"

#include <math.h>
#include <omp.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum {
    MAX_SPECS = GAME_MAX_PLAYERS,
    OPENING_PLIES = 2,
    MAX_GAME_PLIES = 10000,
    MAX_ENDINGS = 8, /* distinct ending reasons tallied */
};

struct tally {
    long win, draw, loss;
    double score_sum; /* per-game score 1 / 0.5 / 0 */
    /* Three or more players: the share of first place, split between the
     * players tied for it (all tied: 1/n each), so it sums to 1 per game and
     * equal play expects 1/n. Sum and sum of squares for its interval. */
    double first_sum, first_sq;
};

/* Split "a,b,c" into agents; returns the count or -1 after printing. */
static int parse_players(const char *list, const struct game *g, struct agent *agents) {
    char buf[512];
    if (strlen(list) >= sizeof buf) return cli_fail("--players list too long"), -1;
    strcpy(buf, list);
    int n = 0;
    char *rest = buf;
    while (rest) {
        char *comma = strchr(rest, ',');
        if (comma) *comma = '\0';
        char err[GAME_ERROR_BYTES];
        if (n == MAX_SPECS) return cli_fail("at most %d players", MAX_SPECS), -1;
        if (agent_parse(&agents[n], rest, g, err)) {
            for (int i = 0; i < n; i++) agent_free(&agents[i]);
            return cli_fail("bad player '%s': %s", rest, err), -1;
        }
        n++;
        rest = comma ? comma + 1 : NULL;
    }
    return n;
}

/* One game; seat s is played by agents[order[s]]. Fills returns per seat,
 * why the game ended (the game's end_reason, "repetition" or "length"), and
 * `rec` (when not NULL: started at the start position) with every step. */
static int play_game(const struct game *g, const struct variant *v, struct agent *agents,
                     const int *order, uint64_t seed, long opening,
                     double returns[GAME_MAX_PLAYERS], const char **ending,
                     struct game_record *rec) {
    *ending = "length";
    unsigned char state[GAME_MAX_STATE_BYTES] = {0};
    g->start(v, state);
    struct rng open_rng, rng;
    rng_seed(&open_rng, seed ^ (uint64_t)opening * UINT64_C(0xD1B54A32D192ED03));
    rng_seed(&rng, seed + (uint64_t)opening * 7919 + (uint64_t)order[0]);
    move_t moves[g->max_moves];
    char err[GAME_ERROR_BYTES];
    /* No random opening in games with simultaneous moves: there a random
     * move can lose at once (Kodrek: most first thrusts throw the craft out)
     * and decide the game before any engine plays; the secret choices vary
     * the games enough. */
    const int opening_plies = (g->flags & GAME_HAS_SIMULTANEOUS) ? 0 : OPENING_PLIES;
    struct repetition seen;
    repetition_init(&seen);
    for (int ply = 0; ply < MAX_GAME_PLIES; ply++) {
        int turn = g->turn(v, state);
        if (turn == TURN_OVER) {
            g->returns(v, state, returns);
            const char *why = g->end_reason ? g->end_reason(v, state) : NULL;
            *ending = why ? why : "end";
            if (rec && why) snprintf(rec->reason, sizeof rec->reason, "%s", why);
            repetition_free(&seen);
            return 0;
        }
        if ((g->flags & GAME_CAN_CYCLE) &&
            repetition_record(&seen, g, v, state) >= REPETITION_DRAW_COUNT) {
            *ending = "repetition";
            break; /* threefold repetition: a draw */
        }
        if (turn == TURN_SIMULTANEOUS) {
            /* Every acting seat's agent chooses from the same state, none
             * seeing the others' choices. */
            move_t choice[GAME_MAX_PLAYERS] = {0};
            unsigned acting = g->acting(v, state);
            for (int p = 0; p < GAME_MAX_PLAYERS; p++) {
                if (!(acting & (1u << p))) continue;
                if (ply < opening_plies) {
                    int n = g->joint_moves(v, state, p, moves);
                    choice[p] = moves[rng_below(&open_rng, (uint32_t)n)];
                } else if (agent_choose_joint(&agents[order[p]], g, v, state, p,
                                              rng_next(&rng), &choice[p], err)) {
                    repetition_free(&seen);
                    return cli_fail("%s", err);
                }
            }
            if (rec && record_add_joint(rec, state, choice) != 0) {
                repetition_free(&seen);
                return cli_fail_runtime("out of memory");
            }
            g->apply_joint(v, state, choice);
            continue;
        }
        int count = g->moves(v, state, moves);
        move_t move;
        if (turn == TURN_CHANCE) {
            double prob[g->max_moves];
            g->chance(v, state, moves, count, prob);
            move = moves[playout_sample(prob, count, &rng)];
        } else if (ply < opening_plies) {
            /* Shared random opening: both seatings of a pair start alike. */
            move = moves[rng_below(&open_rng, (uint32_t)count)];
        } else if (agent_choose(&agents[order[turn]], g, v, state, rng_next(&rng), &move,
                                err)) {
            repetition_free(&seen);
            return cli_fail("%s", err);
        }
        if (rec && record_add_move(rec, state, move) != 0) {
            repetition_free(&seen);
            return cli_fail_runtime("out of memory");
        }
        g->apply(v, state, move);
    }
    repetition_free(&seen);
    /* Threefold repetition or too long: play that never ends is a draw. */
    for (int p = 0; p < GAME_MAX_PLAYERS; p++) returns[p] = 0;
    if (rec) {
        rec->ended = true;
        snprintf(rec->reason, sizeof rec->reason, "%s", *ending);
    }
    return 0;
}

/* Wilson 95% interval of a share p over n games: fair even at 0% or 100%. */
static void wilson(double p, double n, double *low, double *high) {
    const double z = 1.96, z2 = z * z;
    double centre = (p + z2 / (2 * n)) / (1 + z2 / n);
    double half = z * sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n);
    *low = centre - half > 0 ? centre - half : 0;
    *high = centre + half < 1 ? centre + half : 1;
}

/* Normal 95% interval of a mean of per-game values in [0, 1] from their sum
 * and sum of squares over n games (first-place shares take values 0, 1/3,
 * 1/2, 1, so a binomial interval does not apply). */
static void mean_interval(double sum, double sq, double n, double *low, double *high) {
    double mean = sum / n, var = n > 1 ? (sq - n * mean * mean) / (n - 1) : 0.25;
    double half = 1.96 * sqrt((var > 0 ? var : 0) / n);
    *low = mean - half > 0 ? mean - half : 0;
    *high = mean + half < 1 ? mean + half : 1;
}

/* Score one finished game into the tallies (seat s played by order[s]). Two
 * players: win/draw/loss by the sign of the return. Three or more: ranked by
 * return; the best (alone or tied) win, the worst lose, the others draw, and
 * when all are equal (e.g. Kodrek's "everyone loses" at the last tolek)
 * everyone draws. */
static void score_game(int n, const int *order, const double *r, struct tally *tally) {
    double best = r[0], worst = r[0];
    for (int s = 1; s < n; s++) {
        if (r[s] > best) best = r[s];
        if (r[s] < worst) worst = r[s];
    }
    const double eps = 1e-9;
    int at_best = 0;
    for (int s = 0; s < n; s++) at_best += r[s] >= best - eps;
    const bool all_equal = best - worst <= eps;
    for (int s = 0; s < n; s++) {
        struct tally *t = &tally[order[s]];
        double x = n == 2                ? (r[s] > 0   ? 1
                                            : r[s] < 0 ? 0
                                                       : 0.5)
                   : all_equal           ? 0.5
                   : r[s] >= best - eps  ? 1
                   : r[s] <= worst + eps ? 0
                                         : 0.5;
        t->win += x == 1, t->loss += x == 0, t->draw += x == 0.5;
        t->score_sum += x;
        double first = r[s] >= best - eps ? 1.0 / at_best : 0;
        t->first_sum += first, t->first_sq += first * first;
    }
}

/* How the games ended: each distinct reason with its count, in the order
 * first met (games are tallied in their order, so the report is stable). */
struct endings {
    const char *reason[MAX_ENDINGS];
    long count[MAX_ENDINGS];
    int n;
};

static void endings_add(struct endings *e, const char *reason) {
    int i = 0;
    while (i < e->n && strcmp(e->reason[i], reason) != 0) i++;
    if (i == e->n) {
        if (e->n == MAX_ENDINGS) return;
        e->reason[e->n++] = reason;
    }
    e->count[i]++;
}

/* The "endings" object of the arena document: {reason: games}. */
static json_t *endings_json(const struct endings *e) {
    json_t *obj = json_object();
    for (int i = 0; i < e->n; i++)
        json_object_set_new(obj, e->reason[i], json_integer(e->count[i]));
    return obj;
}

static void endings_print(const struct endings *e, long games) {
    printf("endings:");
    for (int i = 0; i < e->n; i++)
        printf("%s %s %ld (%.1f%%)", i ? "," : "", e->reason[i], e->count[i],
               100.0 * (double)e->count[i] / (double)games);
    printf("\n");
}

static double elo_of(double score) {
    if (score <= 0) return -INFINITY;
    if (score >= 1) return INFINITY;
    return -400.0 * log10(1.0 / score - 1.0);
}

int cmd_arena(int argc, char **argv) {
    static const struct cli_spec spec = {
        .usage = "kibitz arena <game> --players SPEC,SPEC[,...] --games N [--seed N] "
                 "[--parallel N]",
        .help =
            "Plays N games between engine settings, one per seat, going through every\n"
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
            "shared equally by the root options) or expectimax[:depth=N].\n"
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
            "--record DIR writes every game's record (docs/JSON.md, \"record\") to\n"
            "DIR/game-000001.json and so on (DIR is made if missing); 'kibitz review'\n"
            "and every --record FILE option read them.",
        .allowed = OPT_VARIANT | OPT_PLAYERS | OPT_GAMES | OPT_SEED | OPT_JSON |
                   OPT_QUIET | OPT_PARALLEL | OPT_RECORD,
        .needs_game = true,
    };
    struct cli_options o;
    int status = cli_parse(&spec, argc, argv, &o);
    if (status) return status < 0 ? EXIT_OK : status;
    const struct game *g = o.game;
    const int players = variant_players(g, &o.variant);
    if (!o.players) return cli_fail("arena needs --players SPEC,SPEC[,...]");
    if (o.games <= 0) return cli_fail("arena needs --games N");
    char err[GAME_ERROR_BYTES];
    if (o.record && solver_db_make_folders(o.record, err) != 0)
        return cli_fail_runtime("%s", err);
    struct agent agents[MAX_SPECS];
    int n = parse_players(o.players, g, agents);
    if (n < 0) return EXIT_BAD_INPUT;
    if (n != players) {
        for (int i = 0; i < n; i++) agent_free(&agents[i]);
        return cli_fail("%s has %d players: --players needs %d specs, not %d", g->name,
                        players, players, n);
    }
    /* `jobs` threads play games at once, each with engines of its own. Every
     * game starts its engines afresh and draws its randomness from its
     * number, and the games are tallied in their order, so the report is
     * the same for any number of jobs (time budgets aside). */
    const int jobs = o.parallel < o.games ? o.parallel : (int)o.games;
    for (int i = 0; i < n && jobs > 1; i++)
        if (agents[i].ab.threads > 1 || agents[i].mcts.threads > 1) {
            for (int k = 0; k < n; k++) agent_free(&agents[k]);
            return cli_fail("--parallel plays games at once with one thread per engine: "
                            "drop threads= from '%s' or --parallel",
                            agents[i].spec);
        }
    double(*returns)[GAME_MAX_PLAYERS] = malloc(sizeof *returns * (size_t)o.games);
    const char **ending = malloc(sizeof *ending * (size_t)o.games);
    if (!returns || !ending) {
        free(returns);
        free(ending);
        for (int i = 0; i < n; i++) agent_free(&agents[i]);
        return cli_fail_runtime("out of memory for %ld games", o.games);
    }
    bool progress = cli_progress_wanted(&o);
    _Atomic bool failed = false;
    long finished = 0;
    double first_score = 0; /* the first spec's points in the finished games */
#pragma omp parallel num_threads(jobs)
    {
        struct agent own[MAX_SPECS];
        struct agent *mine = agents;
        if (omp_get_thread_num() > 0) { /* parsed once already: cannot fail */
            if (parse_players(o.players, g, own) == n)
                mine = own;
            else
                atomic_store(&failed, true);
        }
#pragma omp for schedule(dynamic, 1)
        for (long game = 0; game < o.games; game++) {
            if (atomic_load(&failed)) continue;
            int order[MAX_SPECS]; /* seat -> spec */
            long block = arena_seating(game, n, order);
            for (int i = 0; i < n; i++) agent_new_game(&mine[i]);
            struct game_record rec, *recp = NULL;
            if (o.record) {
                unsigned char start[GAME_MAX_STATE_BYTES] = {0};
                g->start(&o.variant, start);
                record_init(&rec, g, &o.variant, start);
                rec.has_seed = true;
                rec.seed = o.seed;
                for (int s = 0; s < n; s++)
                    record_set_player(&rec, s, mine[order[s]].spec);
                recp = &rec;
            }
            int failed_game = play_game(g, &o.variant, mine, order, o.seed, game / block,
                                        returns[game], &ending[game], recp);
            if (recp && !failed_game) {
                char path[4200], werr[GAME_ERROR_BYTES];
                snprintf(path, sizeof path, "%s/game-%06ld.json", o.record, game + 1);
                if (kjson_record_write(recp, path, werr) != 0) {
                    fprintf(stderr, "kibitz: %s\n", werr);
                    failed_game = 1;
                }
            }
            if (recp) record_free(recp);
            if (failed_game) {
                atomic_store(&failed, true);
                continue;
            }
            struct tally one[MAX_SPECS] = {{0}};
            score_game(n, order, returns[game], one);
#pragma omp critical(arena_progress)
            {
                finished++;
                first_score += one[0].score_sum;
                if (progress)
                    fprintf(stderr, "\r\033[Kgame %ld/%ld: %s %.1f%%", finished, o.games,
                            agents[0].spec, 100.0 * first_score / (double)finished);
            }
        }
        if (mine == own)
            for (int i = 0; i < n; i++) agent_free(&own[i]);
    }
    if (atomic_load(&failed)) status = EXIT_BAD_INPUT;
    struct tally tally[MAX_SPECS] = {{0}};
    struct endings endings = {0};
    for (long game = 0; game < o.games && status == 0; game++) {
        int order[MAX_SPECS];
        arena_seating(game, n, order);
        score_game(n, order, returns[game], tally);
        endings_add(&endings, ending[game]);
    }
    free(returns);
    free(ending);
    if (progress) fprintf(stderr, "\r\033[K"); /* the report follows */
    if (status == 0) {
        double total = (double)o.games;
        struct kjson_arena_row rows[MAX_SPECS];
        for (int i = 0; i < n; i++) {
            const struct tally *t = &tally[i];
            struct kjson_arena_row *r = &rows[i];
            r->spec = agents[i].spec;
            double *share[3] = {r->win, r->draw, r->loss};
            double count[3] = {(double)t->win, (double)t->draw, (double)t->loss};
            for (int k = 0; k < 3; k++) {
                share[k][0] = count[k] / total;
                wilson(share[k][0], total, &share[k][1], &share[k][2]);
            }
            r->has_first = n > 2;
            r->first[0] = t->first_sum / total;
            mean_interval(t->first_sum, t->first_sq, total, &r->first[1], &r->first[2]);
            if (o.json) continue;
            printf("%-28s win %5.1f%% [%5.1f,%5.1f]  draw %5.1f%% [%5.1f,%5.1f]  "
                   "loss %5.1f%% [%5.1f,%5.1f]",
                   r->spec, 100 * r->win[0], 100 * r->win[1], 100 * r->win[2],
                   100 * r->draw[0], 100 * r->draw[1], 100 * r->draw[2], 100 * r->loss[0],
                   100 * r->loss[1], 100 * r->loss[2]);
            if (n > 2)
                printf("  first %5.1f%% [%5.1f,%5.1f]", 100 * r->first[0],
                       100 * r->first[1], 100 * r->first[2]);
            printf("\n");
        }
        double mean = 0, elo[3] = {0};
        if (n == 2) {
            mean = tally[0].score_sum / total;
            double slow, shigh;
            wilson(mean, total, &slow, &shigh);
            elo[0] = elo_of(mean), elo[1] = elo_of(slow), elo[2] = elo_of(shigh);
            if (!o.json)
                printf("games %ld, score of %s: %.1f%%, Elo difference %+.0f "
                       "(95%%: %+.0f .. %+.0f)\n",
                       o.games, agents[0].spec, 100 * mean, elo[0], elo[1], elo[2]);
        }
        /* Games that say why they ended (Kotra: capital, surrender, turn
         * limit) get a tally of endings. */
        if (o.json) {
            json_t *doc =
                kjson_arena(g, &o.variant, o.games, rows, n, n == 2 ? &mean : NULL,
                            n == 2 ? elo : NULL, o.record);
            if (g->end_reason)
                json_object_set_new(doc, "endings", endings_json(&endings));
            kjson_print(doc, stdout);
        } else if (g->end_reason) {
            endings_print(&endings, o.games);
        }
    }
    for (int i = 0; i < n; i++) agent_free(&agents[i]);
    return status;
}
