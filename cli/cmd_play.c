/* kibitz play: a person against the engine (or engines against each other). */
#include "cli/cli.h"
#include "cli/play_text.h"
#include "engine/record.h"
#include "engine/repetition.h"
#include "engine/rng.h"
#include "engine/variant.h"
#include "search/agent.h"
#include "search/playout.h"
#include "search/solver_db_move.h"
#include "json/kjson_record.h"

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

enum { PLAY_TYPED_MOVES = 64 }; /* most moves one typed line may stand for */

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

/* What the person may see: the whole state, or his view of a hidden game;
 * drawn, and as a position line he can paste into other commands. */
static void draw_for(const struct game *g, const struct variant *v, const void *state,
                     int seat) {
    unsigned char view[GAME_MAX_STATE_BYTES];
    memcpy(view, state, g->state_size);
    if ((g->flags & GAME_HAS_HIDDEN) && seat >= 0) g->view(v, view, seat);
    g->draw(v, view, stdout);
    char text[1024];
    g->format_position(v, view, text, sizeof text);
    printf("position: %s\n", text);
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
                             struct rng *rng, int *ply, struct game_record *rec) {
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
    if (record_add_joint(rec, state, choice) != 0)
        return cli_fail_runtime("out of memory");
    g->apply_joint(v, state, choice);
    return 0;
}

static struct agent_eval cell_eval(retro_cell c) {
    int o = retro_outcome(c);
    return (struct agent_eval){AGENT_EVAL_PROVEN, o, o ? retro_remoteness(c) : -1,
                               (double)o};
}

/* The engine's choice for the player to move (its own seat, or a hint for
 * the person): the database's best move where one answers, else the agent's;
 * `eval` gets what it thinks of the position. 0 or an exit status. */
static int engine_choice(struct agent *agent, const struct solver_db *db,
                         const struct game *g, const struct variant *v, const void *state,
                         struct rng *rng, move_t *move, struct agent_eval *eval) {
    retro_cell value;
    if (db && g->turn(v, state) >= 0 &&
        solver_db_best_move(db, state, move, &value) == 0) {
        *eval = cell_eval(value);
        return 0;
    }
    int status = engine_move(agent, g, v, state, rng, move);
    *eval = g->turn(v, state) >= 0 ? agent->last : (struct agent_eval){0};
    return status;
}

int cmd_play(int argc, char **argv) {
    static const struct cli_spec spec = {
        .usage = "kibitz play <game> [--side PLAYER|none] [--position P] [--moves M]\n"
                 "       [--record FILE] [--save FILE] [--seed N] [--algo SPEC]\n"
                 "       [--depth N | --iterations N | --time S] [--threads N] "
                 "[--db PATH|none] [--json]",
        .help = "Plays a game in the terminal: you take the seat named by --side (the\n"
                "first player by default; 'none' lets the engine play every seat) and\n"
                "type moves in the game's notation. At the prompt: 'moves' lists the\n"
                "legal moves, 'board' redraws, 'hint' asks the engine, 'undo' takes\n"
                "back your last move and 'redo' plays it again, 'list' prints the\n"
                "moves so far (as --moves text), 'save FILE' and 'load FILE' write\n"
                "and read a game record, 'help' lists them, 'quit' ends the game.\n"
                "After each of its moves the engine says what it thinks the position\n"
                "is worth to itself (win/loss in N from a proof or database, else its\n"
                "score in -1..+1). --record FILE starts from a record (with its moves\n"
                "as history for undo); --save FILE writes the record when the game\n"
                "ends or you quit. At a secret simultaneous choice (Kodrek's split)\n"
                "the engines choose first and keep it secret; you type your option\n"
                "(e.g. h2); everyone's choice is shown only at the reveal. In games\n"
                "with hidden information (Kotra) you see only your side's view, the\n"
                "engine searches only its own, and 'list', 'save' and 'hint' wait for\n"
                "the end (they would tell hidden moves). The engine is alphabeta\n"
                "(depth 6 unless --depth or --time) where the game allows it, else\n"
                "mcts (1000 iterations unless --iterations or --time); a solver\n"
                "database that answers the variant plays perfectly unless --algo or\n"
                "--db none; --algo random gives a random player. --json prints the\n"
                "game record (docs/JSON.md) as the last line when the game ends.\n"
                "Games that read typed lines (Kotra) take several moves on one line\n"
                "and their shorthands (Kotra: d3-d5 for the pick d3 and the move\n"
                "d3-d5; 'setup defensive' for the whole setup); --setup NAME types\n"
                "'setup NAME' for you at your first setup decision (Kotra: sensible,\n"
                "defensive, offensive or random).",
        .allowed = OPT_VARIANT | OPT_POSITION | OPT_MOVES | OPT_RECORD | OPT_SAVE |
                   OPT_SIDE | OPT_SEED | OPT_ALGO | OPT_DEPTH | OPT_ITERATIONS |
                   OPT_TIME | OPT_THREADS | OPT_DB | OPT_JSON | OPT_SETUP,
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
    if (o.setup && !g->parse_line)
        return cli_fail("--setup is for games with a setup to type (kotra)");
    const bool hidden = (g->flags & GAME_HAS_HIDDEN) && seat >= 0;
    _Alignas(8) unsigned char state[GAME_MAX_STATE_BYTES];
    struct game_record rec;
    if (o.record) {
        if ((status = cli_load_record(&o, &rec))) return status;
    } else {
        if ((status = cli_load_position(&o, state))) return status;
        record_init(&rec, g, v, state);
    }
    /* Undo and redo move `at` within the record: steps beyond it are the
     * ones redo plays again, until a new move replaces them. */
    int at = rec.count;
    record_replay(&rec, at, state);
    rec.has_seed = true;
    rec.seed = o.seed;
    struct rng rng;
    rng_seed(&rng, o.seed);
    struct agent agent;
    if ((status = build_agent(&o, &agent))) {
        record_free(&rec);
        return status;
    }
    for (int p = 0; p < players; p++)
        record_set_player(&rec, p, p == seat ? "human" : agent.spec);
    /* Perfect play from a solver database when one answers this variant and
     * no --algo asks for a search. */
    char db_path[SOLVER_DB_PATH_BYTES], err[GAME_ERROR_BYTES] = "";
    struct solver_db *db =
        o.algo ? NULL : solver_db_for_engine(g, v, o.db, db_path, sizeof db_path, err);
    if (!db && err[0]) {
        agent_free(&agent);
        record_free(&rec);
        return cli_fail_runtime("%s", err);
    }
    if (db) printf("(the engine plays perfectly from database %s)\n", db_path);
    if (seat >= 0) printf("(type 'help' for the commands)\n");

    char line[4300], text[256];
    int ply = at;
    /* Moves the person typed on one line, played one by one. */
    move_t typed[PLAY_TYPED_MOVES];
    int typed_count = 0, typed_next = 0;
    bool setup_typed = o.setup == NULL;
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
            rec.count = at; /* a new choice replaces what redo would replay */
            int r = play_simultaneous(&agent, g, v, state, seat, &rng, &ply, &rec);
            if (r) {
                status = r == 1 ? 0 : r;
                goto done;
            }
            at = rec.count;
            drawn = recorded = false;
            continue;
        }
        struct agent_eval eval = {0};
        if (turn != seat) typed_count = typed_next = 0;
        if (turn == seat && typed_next < typed_count) {
            move = typed[typed_next++];
        } else if (turn == seat && !setup_typed) {
            setup_typed = true;
            snprintf(line, sizeof line, "setup %s", o.setup);
            typed_count = g->parse_line(v, state, line, rng_next(&rng), typed,
                                        PLAY_TYPED_MOVES, err);
            if (typed_count < 0) {
                status = cli_fail("--setup %s: %s", o.setup, err);
                goto done;
            }
            typed_next = 0;
            continue;
        } else if (turn == seat) {
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
            /* The whole line for a game that reads several moves on one; the
             * first word and the rest for play's own commands. */
            char typed_line[sizeof line];
            snprintf(typed_line, sizeof typed_line, "%s", word);
            char *arg = word + strcspn(word, " \t");
            if (*arg) *arg++ = '\0';
            while (isspace((unsigned char)*arg)) arg++;
            if (*word == '\0') continue;
            if (strcmp(word, "quit") == 0) goto done;
            if (strcmp(word, "help") == 0) {
                play_print_help();
                continue;
            }
            if (strcmp(word, "moves") == 0) {
                list_moves(g, v, state);
                continue;
            }
            if (strcmp(word, "board") == 0) {
                draw_for(g, v, state, seat);
                continue;
            }
            if (strcmp(word, "undo") == 0 || strcmp(word, "redo") == 0) {
                /* To the person's previous (next) turn at a player node. */
                bool back = word[0] == 'u';
                int target = -1;
                _Alignas(8) unsigned char s[GAME_MAX_STATE_BYTES];
                for (int k = back ? at - 1 : at + 1; k >= 0 && k <= rec.count;
                     k += back ? -1 : 1) {
                    record_replay(&rec, k, s);
                    if (g->turn(v, s) == seat) {
                        target = k;
                        break;
                    }
                }
                if (target < 0) {
                    printf("nothing to %s\n", word);
                    continue;
                }
                at = target;
                record_replay(&rec, at, state);
                ply = at;
                /* Repetitions count from the start again, up to here. */
                repetition_free(&seen);
                repetition_init(&seen);
                for (int k = 0; k < at && (g->flags & GAME_CAN_CYCLE); k++) {
                    record_replay(&rec, k, s);
                    repetition_record(&seen, g, v, s);
                }
                printf("%s: now at move %d\n", back ? "undone" : "redone", at + 1);
                drawn = recorded = false;
                continue;
            }
            if (strcmp(word, "hint") == 0) {
                if (hidden) {
                    printf("no hints while moves are hidden\n");
                    continue;
                }
                if ((status = engine_choice(&agent, db, g, v, state, &rng, &move, &eval)))
                    goto done;
                char etext[64];
                play_eval_text(&eval, etext, sizeof etext);
                g->format_move(v, state, move, text, sizeof text);
                printf("hint: %s (%s)\n", text, etext);
                continue;
            }
            if (strcmp(word, "list") == 0 || strcmp(word, "save") == 0) {
                if (hidden) {
                    printf("not before the end: it would show hidden moves\n");
                    continue;
                }
                if (word[0] == 's') {
                    if (!*arg) {
                        printf("save needs a file name: save FILE\n");
                        continue;
                    }
                    struct game_record upto = rec;
                    upto.count = at;
                    if (kjson_record_write(&upto, arg, err) != 0)
                        printf("%s\n", err);
                    else
                        printf("saved %d moves to %s\n", at, arg);
                    continue;
                }
                char list[8192];
                if (play_moves_text(&rec, at, list, sizeof list))
                    printf("moves: %s\n", at ? list : "(none yet)");
                else
                    printf("moves: (simultaneous choices: 'save FILE' and --record FILE "
                           "replay them)\n");
                continue;
            }
            if (strcmp(word, "load") == 0) {
                struct cli_options lo = o;
                lo.record = arg;
                struct game_record loaded;
                if (!*arg || cli_load_record(&lo, &loaded) != 0) {
                    printf("load needs a record of %s: load FILE\n", g->name);
                    continue;
                }
                if (memcmp(&loaded.variant, v, sizeof *v) != 0) {
                    printf("%s is a game of another variant\n", arg);
                    record_free(&loaded);
                    continue;
                }
                memcpy(loaded.players, rec.players, sizeof rec.players);
                loaded.has_seed = rec.has_seed, loaded.seed = rec.seed;
                record_free(&rec);
                rec = loaded;
                at = ply = rec.count;
                record_replay(&rec, at, state);
                repetition_free(&seen);
                repetition_init(&seen);
                printf("loaded %d moves from %s\n", at, arg);
                drawn = recorded = false;
                continue;
            }
            if (g->parse_line) {
                typed_count = g->parse_line(v, state, typed_line, rng_next(&rng), typed,
                                            PLAY_TYPED_MOVES, err);
                typed_next = 1;
                if (typed_count > 0) move = typed[0];
            } else {
                typed_count = g->parse_move(v, state, word, &move, err) == 0 ? 1 : -1;
            }
            if (typed_count < 0) {
                printf("%s; type 'moves' for the legal moves, 'help' for commands\n",
                       err);
                typed_count = 0;
                continue;
            }
        } else if ((status =
                        engine_choice(&agent, db, g, v, state, &rng, &move, &eval))) {
            goto done;
        }
        g->format_move(v, state, move, text, sizeof text);
        const char *who = turn == TURN_CHANCE ? "chance" : g->player_name(v, turn);
        char etext[80] = "";
        if (turn >= 0 && turn != seat && eval.kind != AGENT_EVAL_NONE) {
            char e[64];
            play_eval_text(&eval, e, sizeof e);
            snprintf(etext, sizeof etext, " (%s: %s)", db ? "database" : "engine", e);
        }
        if (turn == seat || turn == TURN_CHANCE || move_visible(g, v, state, move, seat))
            printf("%d. %s plays %s%s\n", ++ply, who, text, etext);
        else
            printf("%d. %s makes a hidden choice%s\n", ++ply, who, etext);
        rec.count = at; /* a new move replaces what redo would replay */
        if (record_add_move(&rec, state, move) != 0) {
            status = cli_fail_runtime("out of memory");
            goto done;
        }
        at = rec.count;
        g->apply(v, state, move);
        drawn = recorded = false;
    }
    if (g->flags & GAME_HAS_HIDDEN) printf("(game over: everything revealed)\n");
    g->draw(v, state, stdout);
    double result[GAME_MAX_PLAYERS] = {0};
    if (repeated) {
        printf("draw: the position occurred for the third time\n");
        rec.ended = true;
        snprintf(rec.reason, sizeof rec.reason, "threefold repetition");
    } else {
        g->returns(v, state, result);
    }
    printf("result:");
    for (int p = 0; p < players; p++) printf(" %s %+g", g->player_name(v, p), result[p]);
    printf("\n");
    {
        char list[8192];
        if (play_moves_text(&rec, at, list, sizeof list) && at > 0)
            printf("moves: %s\n", list);
    }
    if (o.json) {
        rec.count = at;
        kjson_print(kjson_record(&rec), stdout);
    }
done:
    if (o.save) {
        rec.count = at;
        if (kjson_record_write(&rec, o.save, err) != 0)
            status = status ? status : cli_fail_runtime("%s", err);
        else
            printf("(record saved to %s)\n", o.save);
    }
    solver_db_close(db);
    repetition_free(&seen);
    agent_free(&agent);
    record_free(&rec);
    return status;
}
