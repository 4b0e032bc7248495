/* kibitz play: a person against the engine (or engines against each other). */
#include "cli/cli.h"
#include "engine/repetition.h"
#include "engine/rng.h"
#include "engine/variant.h"
#include "search/agent.h"
#include "search/playout.h"
#include "search/solver_db_move.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Seat a person takes from --side: a player name, a number from 1, or "none"
 * (-1: engines play every seat). */
static int parse_side(const struct cli_options *o, int players, int *seat) {
    if (!o->side) {
        *seat = 0;
        return 0;
    }
    if (strcmp(o->side, "none") == 0) {
        *seat = -1;
        return 0;
    }
    for (int p = 0; p < players; p++) {
        char number[16];
        snprintf(number, sizeof number, "%d", p + 1);
        if (strcmp(o->side, o->game->player_name(&o->variant, p)) == 0 ||
            strcmp(o->side, number) == 0) {
            *seat = p;
            return 0;
        }
    }
    return cli_fail("--side must name a player of %s (e.g. '%s'), a number from 1 to %d, "
                    "or 'none'",
                    o->game->name, o->game->player_name(&o->variant, 0), players);
}

/* The engine's agent spec from --algo and the strength options: alphabeta
 * where it applies, else mcts. Returns 0 or EXIT_BAD_INPUT after printing. */
static int build_agent(const struct cli_options *o, struct agent *a) {
    char err[GAME_ERROR_BYTES], spec[128];
    const char *algo = o->algo                     ? o->algo
                       : ab_supports(o->game, err) ? "alphabeta"
                                                   : "mcts";
    int n = snprintf(spec, sizeof spec, "%s", algo);
    if (o->depth >= 0)
        n += snprintf(spec + n, sizeof spec - (size_t)n, ":depth=%d", o->depth);
    if (o->iterations >= 0)
        n +=
            snprintf(spec + n, sizeof spec - (size_t)n, ":iterations=%ld", o->iterations);
    if (o->time > 0)
        n += snprintf(spec + n, sizeof spec - (size_t)n, ":time=%g", o->time);
    if (o->threads > 1)
        n += snprintf(spec + n, sizeof spec - (size_t)n, ":threads=%d", o->threads);
    if (agent_parse(a, spec, o->game, err)) return cli_fail("engine '%s': %s", spec, err);
    return 0;
}

/* The engine's move: chance draws by its probabilities, players ask the agent. */
static int engine_move(struct agent *a, const struct game *g, const struct variant *v,
                       const void *state, struct rng *rng, move_t *move) {
    move_t moves[g->max_moves];
    int count = g->moves(v, state, moves);
    if (g->turn(v, state) == TURN_CHANCE) {
        double prob[g->max_moves];
        g->chance(v, state, moves, count, prob);
        *move = moves[playout_sample(prob, count, rng)];
        return 0;
    }
    char err[GAME_ERROR_BYTES];
    if (agent_choose(a, g, v, state, rng_next(rng), move, err))
        return cli_fail("%s", err);
    return 0;
}

/* Reads one line; false at end of input. */
static bool read_line(char *buf, size_t n) {
    if (!fgets(buf, (int)n, stdin)) return false;
    buf[strcspn(buf, "\r\n")] = '\0';
    return true;
}

static void list_moves(const struct game *g, const struct variant *v, const void *state) {
    move_t moves[g->max_moves];
    int count = g->moves(v, state, moves);
    char text[128];
    printf("legal moves:");
    for (int i = 0; i < count; i++) {
        g->format_move(v, state, moves[i], text, sizeof text);
        printf(" %s", text);
    }
    printf("\n");
}

/* What the person may see: the whole state, or his view of a hidden game. */
static void draw_for(const struct game *g, const struct variant *v, const void *state,
                     int seat) {
    if (!(g->flags & GAME_HAS_HIDDEN) || seat < 0) {
        g->draw(v, state, stdout);
        return;
    }
    unsigned char view[GAME_MAX_STATE_BYTES];
    memcpy(view, state, g->state_size);
    g->view(v, view, seat);
    g->draw(v, view, stdout);
}

/* Does `seat` see which move was played? Not if another legal move leaves
 * him the same view (Kotra: which rank the enemy placed on a space). */
static bool move_visible(const struct game *g, const struct variant *v, const void *state,
                         move_t move, int seat) {
    if (!(g->flags & GAME_HAS_HIDDEN) || seat < 0) return true;
    unsigned char mine[GAME_MAX_STATE_BYTES], other[GAME_MAX_STATE_BYTES];
    memcpy(mine, state, g->state_size);
    g->apply(v, mine, move);
    g->view(v, mine, seat);
    move_t moves[g->max_moves];
    int count = g->moves(v, state, moves);
    for (int i = 0; i < count; i++) {
        if (moves[i] == move) continue;
        memcpy(other, state, g->state_size);
        g->apply(v, other, moves[i]);
        g->view(v, other, seat);
        if (memcmp(mine, other, g->state_size) == 0) return false;
    }
    return true;
}

static void list_options(const struct game *g, const struct variant *v, const void *state,
                         int seat) {
    move_t options[g->max_moves];
    int count = g->joint_moves(v, state, seat, options);
    char text[128];
    printf("your options:");
    for (int i = 0; i < count; i++) {
        g->format_move(v, state, options[i], text, sizeof text);
        printf(" %s", text);
    }
    printf("\n");
}

/* A simultaneous node: the engines choose first and keep their choices
 * secret; then the person (if he acts) chooses; then all are revealed.
 * Returns 0, 1 when the person quit or input ended, or an exit status. */
static int play_simultaneous(struct agent *agent, const struct game *g,
                             const struct variant *v, void *state, int seat,
                             struct rng *rng, int *ply) {
    unsigned acting = g->acting(v, state);
    move_t choice[GAME_MAX_PLAYERS] = {0};
    char err[GAME_ERROR_BYTES], text[128], line[256];
    int engines = 0;
    for (int p = 0; p < GAME_MAX_PLAYERS; p++) {
        if (!(acting & (1u << p)) || p == seat) continue;
        if (agent_choose_joint(agent, g, v, state, p, rng_next(rng), &choice[p], err))
            return cli_fail("%s", err);
        printf("%s%s", engines++ ? ", " : "", g->player_name(v, p));
    }
    if (engines) printf(" %s chosen in secret\n", engines > 1 ? "have" : "has");
    if (seat >= 0 && (acting & (1u << seat))) {
        g->draw(v, state, stdout);
        move_t options[g->max_moves];
        int count = g->joint_moves(v, state, seat, options);
        for (;;) {
            printf("%s (secret)> ", g->player_name(v, seat));
            fflush(stdout);
            if (!read_line(line, sizeof line)) {
                printf("\n(end of input: game abandoned)\n");
                return 1;
            }
            char *word = line;
            while (isspace((unsigned char)*word)) word++;
            if (*word == '\0') continue;
            if (strcmp(word, "quit") == 0) return 1;
            if (strcmp(word, "moves") == 0 || strcmp(word, "help") == 0) {
                list_options(g, v, state, seat);
                continue;
            }
            if (strcmp(word, "board") == 0) {
                g->draw(v, state, stdout);
                continue;
            }
            int found = -1;
            for (int i = 0; i < count && found < 0; i++) {
                g->format_move(v, state, options[i], text, sizeof text);
                if (strcmp(text, word) == 0) found = i;
            }
            if (found >= 0) {
                choice[seat] = options[found];
                break;
            }
            printf("'%.40s' is not one of your options; type 'moves' to list them\n",
                   word);
        }
    }
    printf("%d. reveal:", ++*ply);
    for (int p = 0; p < GAME_MAX_PLAYERS; p++) {
        if (!(acting & (1u << p))) continue;
        g->format_move(v, state, choice[p], text, sizeof text);
        printf(" %s %s", g->player_name(v, p), text);
    }
    printf("\n");
    g->apply_joint(v, state, choice);
    return 0;
}

int cmd_play(int argc, char **argv) {
    static const struct cli_spec spec = {
        .usage = "kibitz play <game> [--side PLAYER|none] [--position P] [--seed N] "
                 "[--algo random|alphabeta|mcts] [--depth N | --iterations N | --time S] "
                 "[--threads N]",
        .help = "Plays a game in the terminal: you take the seat named by --side (the\n"
                "first player by default; 'none' lets the engine play every seat) and\n"
                "type moves in the game's notation. At the prompt, 'moves' lists the\n"
                "legal moves, 'board' redraws, 'quit' ends the game. At a secret\n"
                "simultaneous choice (Kodrek's split) the engines choose first and keep\n"
                "it secret; you type your option (e.g. h2); everyone's choice is shown\n"
                "only at the reveal. In games with hidden information (Kotra) you see\n"
                "only your side's view, and the engine searches only its own. The\n"
                "engine is alphabeta (depth 6 unless --depth or --time) where the game "
                "allows it,\n"
                "else mcts (1000 iterations unless --iterations or --time); --algo\n"
                "random gives a random player.",
        .allowed = OPT_VARIANT | OPT_POSITION | OPT_MOVES | OPT_SIDE | OPT_SEED |
                   OPT_ALGO | OPT_DEPTH | OPT_ITERATIONS | OPT_TIME | OPT_THREADS |
                   OPT_DB,
        .needs_game = true,
    };
    struct cli_options o;
    int status = cli_parse(&spec, argc, argv, &o);
    if (status) return status < 0 ? EXIT_OK : status;
    const struct game *g = o.game;
    const struct variant *v = &o.variant;
    const int players = variant_players(g, v);
    int seat = 0;
    if ((status = parse_side(&o, players, &seat))) return status;
    if ((g->flags & GAME_HAS_SIMULTANEOUS) && (g->flags & GAME_HAS_HIDDEN))
        return cli_fail("play does not support simultaneous moves with hidden "
                        "information (%s)",
                        g->name);
    unsigned char state[GAME_MAX_STATE_BYTES];
    if ((status = cli_load_position(&o, state))) return status;
    struct rng rng;
    rng_seed(&rng, o.seed);
    struct agent agent;
    if ((status = build_agent(&o, &agent))) return status;
    /* Perfect play from a solver database when one answers this variant and
     * no --algo asks for a search. */
    char db_path[SOLVER_DB_PATH_BYTES], err[GAME_ERROR_BYTES] = "";
    struct solver_db *db =
        o.algo ? NULL : solver_db_for_engine(g, v, o.db, db_path, sizeof db_path, err);
    if (!db && err[0]) {
        agent_free(&agent);
        return cli_fail("%s", err);
    }
    if (db) printf("(the engine plays perfectly from database %s)\n", db_path);

    char line[256], text[256];
    int ply = 0;
    bool drawn = false, recorded = false, repeated = false;
    struct repetition seen;
    repetition_init(&seen);
    for (;;) {
        int turn = g->turn(v, state);
        if (turn == TURN_OVER) break;
        if (!recorded && (g->flags & GAME_CAN_CYCLE) &&
            repetition_record(&seen, g, v, state) >= REPETITION_DRAW_COUNT) {
            repeated = true;
            break;
        }
        recorded = true;
        move_t move;
        if (turn == TURN_SIMULTANEOUS) {
            int r = play_simultaneous(&agent, g, v, state, seat, &rng, &ply);
            if (r) {
                status = r == 1 ? 0 : r;
                goto done;
            }
            drawn = recorded = false;
            continue;
        }
        if (turn == seat) {
            if (!drawn) draw_for(g, v, state, seat);
            drawn = true;
            printf("%s> ", g->player_name(v, turn));
            fflush(stdout);
            if (!read_line(line, sizeof line)) {
                printf("\n(end of input: game abandoned)\n");
                goto done;
            }
            char *word = line;
            while (isspace((unsigned char)*word)) word++;
            if (*word == '\0') continue;
            if (strcmp(word, "quit") == 0) goto done;
            if (strcmp(word, "moves") == 0 || strcmp(word, "help") == 0) {
                list_moves(g, v, state);
                continue;
            }
            if (strcmp(word, "board") == 0) {
                draw_for(g, v, state, seat);
                continue;
            }

            if (g->parse_move(v, state, word, &move, err) != 0) {
                printf("%s; type 'moves' for the legal moves\n", err);
                continue;
            }
        } else {
            retro_cell value;
            if ((!db || solver_db_best_move(db, state, &move, &value) != 0) &&
                (status = engine_move(&agent, g, v, state, &rng, &move)))
                goto done;
        }
        g->format_move(v, state, move, text, sizeof text);
        const char *who = turn == TURN_CHANCE ? "chance" : g->player_name(v, turn);
        if (turn == seat || turn == TURN_CHANCE || move_visible(g, v, state, move, seat))
            printf("%d. %s plays %s\n", ++ply, who, text);
        else
            printf("%d. %s makes a hidden choice\n", ++ply, who);
        g->apply(v, state, move);
        drawn = recorded = false;
    }
    if (g->flags & GAME_HAS_HIDDEN) printf("(game over: everything revealed)\n");
    g->draw(v, state, stdout);
    double result[GAME_MAX_PLAYERS] = {0};
    if (repeated)
        printf("draw: the position occurred for the third time\n");
    else
        g->returns(v, state, result);
    printf("result:");
    for (int p = 0; p < players; p++) printf(" %s %+g", g->player_name(v, p), result[p]);
    printf("\n");
done:
    solver_db_close(db);
    repetition_free(&seen);
    agent_free(&agent);
    return status;
}
