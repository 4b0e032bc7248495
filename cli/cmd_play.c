/* kibitz play: a person against the engine (or engines against each other),
 * through libkibitz: the game, its positions and moves, the engine (an
 * agent), the databases it plays from and the record are the library's. */
#include "cli/cli.h"
#include "cli/play_text.h"

#include <ctype.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { PLAY_TYPED_MOVES = 64 }; /* most moves one typed line may stand for */

/* What one game of `play` holds. */
struct play {
    const struct cli_options *o;
    const kz_game *game; /* o->kz: with --record, the record's variant */
    int players, seat;
    bool hidden;     /* the person sees only his view */
    kz_match *match; /* the game: state, record, chance, repetition, the end */
    kz_rng *rng;     /* the engine's seeds and random setups */
    kz_agent *agent;
    kz_db *probe; /* databases the engine's search probes, or NULL */
    kz_db *db;    /* the database the engine plays perfectly from, or NULL */
};

/* Who the log lines are written for: the person's seat, or everything when
 * engines play every seat. */
static int viewer(const struct play *pl) {
    return pl->seat >= 0 ? pl->seat : KZ_SEAT_ALL;
}

/* Print the match's log lines from step `from` on, as the viewer saw them;
 * `note` (may be "") follows the first. */
static void print_steps(const struct play *pl, int from, const char *note) {
    char line[KZ_TEXT_BYTES];
    for (int i = from; i < kz_match_ply(pl->match); i++) {
        kz_match_line(pl->match, viewer(pl), i, line, sizeof line);
        printf("%d. %s%s\n", i + 1, line, i == from ? note : "");
    }
}

/* Seat a person takes from --side: a player name, a number from 1, or "none"
 * (-1: engines play every seat). */
static int parse_side(const struct play *pl, int *seat) {
    const struct cli_options *o = pl->o;
    if (!o->side) {
        *seat = 0;
        return 0;
    }
    if (strcmp(o->side, "none") == 0) {
        *seat = -1;
        return 0;
    }
    for (int p = 0; p < pl->players; p++) {
        char number[16];
        snprintf(number, sizeof number, "%d", p + 1);
        if (strcmp(o->side, kz_game_player_name(pl->game, p)) == 0 ||
            strcmp(o->side, number) == 0) {
            *seat = p;
            return 0;
        }
    }
    return cli_fail("--side must name a player of %s (e.g. '%s'), a number from 1 to %d, "
                    "or 'none'",
                    kz_game_name(pl->game), kz_game_player_name(pl->game, 0),
                    pl->players);
}

/* The engine's agent spec from --algo and the strength options: alphabeta
 * where it applies, else mcts. Returns 0 or EXIT_BAD_INPUT after printing. */
static int build_agent(struct play *pl) {
    const struct cli_options *o = pl->o;
    char err[KZ_ERROR_BYTES], spec[128];
    const char *algo = o->algo ? o->algo : kz_game_default_engine(pl->game);
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
    if (kz_agent_new(pl->game, spec, &pl->agent, err, sizeof err) != KZ_OK)
        return cli_fail("engine '%s': %s", spec, err);
    return 0;
}

/* Reads one line; false at end of input. */
static bool read_line(char *buf, size_t n) {
    if (!fgets(buf, (int)n, stdin)) return false;
    buf[strcspn(buf, "\r\n")] = '\0';
    return true;
}

/* The terminal drawing of `s` on standard output. */
static void draw(const kz_state *s) {
    size_t need = kz_state_draw(s, NULL, 0);
    char *text = malloc(need + 1);
    if (!text) return;
    kz_state_draw(s, text, need + 1);
    fputs(text, stdout);
    free(text);
}

static void list_moves(const kz_state *s) {
    int cap = kz_game_max_actions(kz_state_game(s));
    kz_action moves[cap > 0 ? cap : 1];
    int count = kz_state_actions(s, moves, cap);
    char text[KZ_TEXT_BYTES];
    printf("legal moves:");
    for (int i = 0; i < count && i < cap; i++) {
        kz_state_action_text(s, moves[i], text, sizeof text);
        printf(" %s", text);
    }
    printf("\n");
}

/* What the person may see: his view of the match (everything when engines
 * play every seat), drawn, and as a position line he can paste into other
 * commands. */
static void draw_for(const struct play *pl) {
    kz_state *view = kz_match_view(pl->match, viewer(pl));
    if (!view) return;
    draw(view);
    char text[KZ_TEXT_BYTES];
    kz_state_format(view, text, sizeof text);
    printf("position: %s\n", text);
    kz_state_free(view);
}

static void list_options(const kz_match *m, int seat) {
    int cap = kz_game_max_actions(kz_match_game(m));
    kz_action options[cap > 0 ? cap : 1];
    int count = kz_match_actions(m, seat, options, cap);
    char text[KZ_TEXT_BYTES];
    printf("your options:");
    for (int i = 0; i < count && i < cap; i++) {
        kz_match_action_text(m, seat, options[i], text, sizeof text);
        printf(" %s", text);
    }
    printf("\n");
}

/* A simultaneous node: the engines choose first and the match keeps their
 * choices secret; then the person (if he acts) chooses; the match reveals
 * all when the last has chosen. Returns 0, 1 when the person quit or input
 * ended, or an exit status. */
static int play_simultaneous(struct play *pl) {
    kz_match *m = pl->match;
    const kz_game *g = pl->game;
    const int seat = pl->seat, from = kz_match_ply(m);
    char err[KZ_ERROR_BYTES], line[256];
    int engines = 0;
    for (int p = 0; p < pl->players; p++) {
        if (!(kz_match_waiting(m) & (1u << p)) || p == seat) continue;
        kz_action choice;
        if (kz_agent_choose_joint(pl->agent, kz_match_state(m), p, kz_rng_next(pl->rng),
                                  &choice, err, sizeof err) != KZ_OK ||
            kz_match_apply(m, p, choice, err, sizeof err) != KZ_OK)
            return cli_fail("%s", err);
        printf("%s%s", engines++ ? ", " : "", kz_game_player_name(g, p));
    }
    if (engines) printf(" %s chosen in secret\n", engines > 1 ? "have" : "has");
    if (seat >= 0 && (kz_match_waiting(m) & (1u << seat))) {
        draw_for(pl);
        for (;;) {
            printf("%s (secret)> ", kz_game_player_name(g, seat));
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
                list_options(m, seat);
                continue;
            }
            if (strcmp(word, "board") == 0) {
                draw_for(pl);
                continue;
            }
            if (kz_match_apply_text(m, seat, word, err, sizeof err) == KZ_OK) break;
            printf("'%.40s' is not one of your options; type 'moves' to list them\n",
                   word);
        }
    }
    print_steps(pl, from, "");
    return 0;
}

/* The engine's choice for `turn` (its own seat, or a hint for the person):
 * the database's best move where one answers, else the agent's; `eval` gets
 * what it thinks of the position. 0 or an exit status. */
static int engine_choice(struct play *pl, kz_action *move, struct kz_eval *eval) {
    const kz_state *state = kz_match_state(pl->match);
    if (pl->db && kz_db_best(pl->db, state, move, eval) == KZ_OK) return 0;
    *eval = (struct kz_eval){0};
    char err[KZ_ERROR_BYTES];
    if (kz_agent_choose(pl->agent, state, kz_rng_next(pl->rng), move, err, sizeof err))
        return cli_fail("%s", err);
    kz_agent_eval(pl->agent, eval);
    return 0;
}

/* The person's undo or redo: to his previous (next) turn. */
static void undo_redo(struct play *pl, bool back) {
    kz_match *m = pl->match;
    kz_record *before = kz_match_record(m);
    int steps = 0;
    char err[KZ_ERROR_BYTES];
    for (;;) {
        int r =
            back ? kz_match_undo(m, err, sizeof err) : kz_match_redo(m, err, sizeof err);
        if (r != KZ_OK) break;
        steps++;
        if (kz_match_turn(m) == pl->seat) break;
    }
    if (kz_match_turn(m) != pl->seat || !steps) {
        /* Not back at his turn: where it was. */
        kz_match *again;
        if (before && kz_match_from_record(before, &again, err, sizeof err) == KZ_OK) {
            kz_match_free(pl->match);
            pl->match = again;
        }
        printf("nothing to %s\n", back ? "undo" : "redo");
    } else {
        printf("%s: now at move %d\n", back ? "undone" : "redone", kz_match_ply(m) + 1);
    }
    kz_record_free(before);
}

/* The record's steps as --moves text into list[n]; false when they cannot
 * be written so or do not fit. */
static bool moves_text(const kz_record *rec, char *list, size_t n) {
    long need = kz_record_moves_text(rec, kz_record_length(rec), list, n);
    return need >= 0 && (size_t)need < n;
}

/* 'load FILE': continue from a saved record of this game and variant;
 * false when nothing was loaded. */
static bool load(struct play *pl, const char *arg) {
    struct cli_options lo = *pl->o;
    lo.record = arg;
    kz_record *loaded = NULL;
    if (!*arg || cli_open_record(&lo, &loaded) != 0) {
        printf("load needs a record of %s: load FILE\n", kz_game_name(pl->game));
        return false;
    }
    char have[512], want[512], err[KZ_ERROR_BYTES];
    kz_game_variant(kz_record_game(loaded), have, sizeof have);
    kz_game_variant(pl->game, want, sizeof want);
    kz_match *m = NULL;
    if (strcmp(have, want) != 0)
        printf("%s is a game of another variant\n", arg);
    else if (kz_match_from_record(loaded, &m, err, sizeof err) != KZ_OK)
        printf("%s: %s\n", arg, err);
    kz_record_free(loaded);
    if (!m) return false;
    for (int p = 0; p < pl->players; p++) {
        char who[128];
        kz_match_seat(pl->match, p, who, sizeof who);
        kz_match_set_seat(m, p, who);
    }
    kz_match_free(pl->match);
    pl->match = m;
    printf("loaded %d moves from %s\n", kz_match_ply(m), arg);
    return true;
}

/* Print the record document (--json) of the steps played. */
static int print_record_json(const kz_record *rec) {
    long need = kz_record_json(rec, -1, NULL, 0);
    char *text = need >= 0 ? malloc((size_t)need + 1) : NULL;
    if (!text) return cli_fail_runtime("out of memory");
    kz_record_json(rec, -1, text, (size_t)need + 1);
    printf("%s\n", text);
    fflush(stdout);
    free(text);
    return 0;
}

/* The game, its match (from the start, or from a record with its moves as
 * history for undo), the engine and its databases. 0 or an exit status
 * after printing. */
static int play_setup(struct play *pl) {
    const struct cli_options *o = pl->o;
    char err[KZ_ERROR_BYTES], where[4096];
    int status;
    pl->game = o->kz;
    pl->players = kz_game_players(pl->game);
    if ((status = parse_side(pl, &pl->seat))) return status;
    const unsigned flags = kz_game_flags(pl->game);
    if ((flags & KZ_HAS_SIMULTANEOUS) && (flags & KZ_HAS_HIDDEN))
        return cli_fail("play does not support simultaneous moves with hidden "
                        "information (%s)",
                        kz_game_name(pl->game));
    if (o->setup && !(flags & KZ_READS_LINES))
        return cli_fail("--setup is for games with a setup to type (kotra)");
    pl->hidden = (flags & KZ_HAS_HIDDEN) && pl->seat >= 0;
    if (o->record) {
        kz_record *rec;
        if ((status = cli_open_record(o, &rec))) return status;
        status = kz_match_from_record(rec, &pl->match, err, sizeof err);
        kz_record_free(rec);
        if (status != KZ_OK) return cli_fail("%s: %s", o->record, err);
    } else {
        kz_state *start;
        if ((status = cli_state(o, &start))) return status;
        status = kz_match_new(pl->game, start, o->seed, &pl->match, err, sizeof err);
        kz_state_free(start);
        if (status != KZ_OK) return cli_fail("%s", err);
        print_steps(pl, 0, ""); /* chance drawn at the start */
    }
    pl->rng = kz_rng_new(o->seed);
    if (!pl->rng) return cli_fail_runtime("out of memory");
    if ((status = build_agent(pl))) return status;
    for (int p = 0; p < pl->players; p++)
        kz_match_set_seat(pl->match, p,
                          p == pl->seat ? "human" : kz_agent_spec(pl->agent));
    /* --db with a game's own databases or a chosen search: the engine's
     * search probes them. */
    const bool probing =
        o->db && !cli_no_database(o) && ((flags & KZ_OWN_DATABASES) || o->algo);
    if (probing) {
        if ((status = kz_db_open_engine(pl->game, o->db, &pl->probe, err, sizeof err)))
            return cli_fail_runtime("%s", err);
        kz_agent_use_db(pl->agent, pl->probe);
        kz_db_where(pl->probe, where, sizeof where);
        printf("(the engine's search probes the databases %s)\n", where);
    }
    /* Perfect play from a solver database when one answers this variant and
     * no --algo asks for a search. */
    if (!o->algo && !probing && !(flags & KZ_OWN_DATABASES) &&
        kz_db_open_solved(pl->game, o->db, &pl->db, err, sizeof err) != KZ_OK)
        return cli_fail_runtime("%s", err);
    if (pl->db) {
        kz_db_where(pl->db, where, sizeof where);
        printf("(the engine plays perfectly from database %s)\n", where);
    }
    if (pl->seat >= 0) printf("(type 'help' for the commands)\n");
    return 0;
}

static void play_free(struct play *pl) {
    kz_db_close(pl->db);
    kz_db_close(pl->probe);
    kz_agent_free(pl->agent);
    kz_rng_free(pl->rng);
    kz_match_free(pl->match);
}

/* Write the record of the steps played to `path`: 0 or an exit status. */
static int save_record(const struct play *pl, const char *path, bool quiet) {
    char err[KZ_ERROR_BYTES];
    kz_record *rec = kz_match_record(pl->match);
    if (!rec) return cli_fail_runtime("out of memory");
    int status = kz_record_write(rec, -1, path, err, sizeof err);
    kz_record_free(rec);
    if (status != KZ_OK) {
        if (quiet) return cli_fail_runtime("%s", err);
        printf("%s\n", err);
        return 0;
    }
    if (quiet)
        printf("(record saved to %s)\n", path);
    else
        printf("saved %d moves to %s\n", kz_match_ply(pl->match), path);
    return 0;
}

/* 'list': the moves so far as --moves text. */
static void print_list(const struct play *pl) {
    kz_record *rec = kz_match_record(pl->match);
    char list[8192];
    if (!rec) return;
    if (moves_text(rec, list, sizeof list))
        printf("moves: %s\n", kz_record_length(rec) ? list : "(none yet)");
    else
        printf("moves: (simultaneous choices: 'save FILE' and --record FILE "
               "replay them)\n");
    kz_record_free(rec);
}

/* The end: the board revealed, the result, the moves, the --json record. */
static int play_end(const struct play *pl) {
    kz_match *m = pl->match;
    const kz_game *g = pl->game;
    if (kz_game_flags(g) & KZ_HAS_HIDDEN) printf("(game over: everything revealed)\n");
    draw(kz_match_state(m));
    char why[64];
    kz_match_end_reason(m, why, sizeof why);
    if (strcmp(why, "repetition") == 0)
        printf("draw: the position occurred for the third time\n");
    else if (strcmp(why, "move limit") == 0)
        printf("draw: the game reached its move limit\n");
    else if (strstr(why, "resigned"))
        printf("%s\n", why);
    double result[KZ_MAX_PLAYERS] = {0};
    kz_match_returns(m, result);
    printf("result:");
    for (int p = 0; p < pl->players; p++)
        printf(" %s %+g", kz_game_player_name(g, p), result[p]);
    printf("\n");
    kz_record *rec = kz_match_record(m);
    if (!rec) return cli_fail_runtime("out of memory");
    char list[8192];
    if (moves_text(rec, list, sizeof list) && kz_record_length(rec) > 0)
        printf("moves: %s\n", list);
    int status = pl->o->json ? print_record_json(rec) : 0;
    kz_record_free(rec);
    return status;
}

static const struct cli_spec play_spec = {
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
            "--db none; a game's own endgame databases (Kerx) given by --db PATH,\n"
            "or any database with --algo, are probed by the engine's search\n"
            "instead; --algo random gives a random player. --json prints the\n"
            "game record (docs/JSON.md) as the last line when the game ends.\n"
            "Games that read typed lines (Kotra) take several moves on one line\n"
            "and their shorthands (Kotra: d3-d5 for the pick d3 and the move\n"
            "d3-d5; 'setup defensive' for the whole setup); --setup NAME types\n"
            "'setup NAME' for you at your first setup decision (Kotra: sensible,\n"
            "defensive, offensive or random).",
    .allowed = OPT_VARIANT | OPT_POSITION | OPT_MOVES | OPT_RECORD | OPT_SAVE | OPT_SIDE |
               OPT_SEED | OPT_ALGO | OPT_DEPTH | OPT_ITERATIONS | OPT_TIME | OPT_THREADS |
               OPT_DB | OPT_JSON | OPT_SETUP,
    .needs_game = true,
};

/* Moves the person typed on one line, played one by one, and whether
 * --setup's line was typed for them yet. */
struct typed_moves {
    kz_action move[PLAY_TYPED_MOVES];
    int count, next;
    bool setup_typed;
};

/* What one of the person's turns at the prompt came to. */
enum person_step {
    PERSON_MOVE,  /* a move to play */
    PERSON_AGAIN, /* a command done, or a line refused: ask again */
    PERSON_END,   /* quit, or the end of input: the game is abandoned */
    PERSON_FAIL,  /* an error, its exit status given */
};

/* play's own commands at the prompt (`word`, then its argument `arg`):
 * PERSON_MOVE when `word` is none of them (a move to read). */
static enum person_step person_command(struct play *pl, const kz_state *state,
                                       const char *word, char *arg, bool *drawn,
                                       int *status) {
    if (strcmp(word, "quit") == 0) return PERSON_END;
    if (strcmp(word, "help") == 0) {
        play_print_help();
        return PERSON_AGAIN;
    }
    if (strcmp(word, "moves") == 0) {
        list_moves(state);
        return PERSON_AGAIN;
    }
    if (strcmp(word, "board") == 0) {
        draw_for(pl);
        return PERSON_AGAIN;
    }
    if (strcmp(word, "undo") == 0 || strcmp(word, "redo") == 0) {
        undo_redo(pl, word[0] == 'u');
        *drawn = false;
        return PERSON_AGAIN;
    }
    if (strcmp(word, "hint") == 0) {
        if (pl->hidden) {
            printf("no hints while moves are hidden\n");
            return PERSON_AGAIN;
        }
        kz_action move;
        struct kz_eval eval = {0};
        if ((*status = engine_choice(pl, &move, &eval))) return PERSON_FAIL;
        char etext[64], text[KZ_TEXT_BYTES];
        kz_eval_text(&eval, etext, sizeof etext);
        kz_state_action_text(state, move, text, sizeof text);
        printf("hint: %s (%s)\n", text, etext);
        return PERSON_AGAIN;
    }
    if (strcmp(word, "list") == 0 || strcmp(word, "save") == 0) {
        if (pl->hidden) {
            printf("not before the end: it would show hidden moves\n");
            return PERSON_AGAIN;
        }
        if (word[0] == 'l')
            print_list(pl);
        else if (!*arg)
            printf("save needs a file name: save FILE\n");
        else
            save_record(pl, arg, false);
        return PERSON_AGAIN;
    }
    if (strcmp(word, "load") == 0) {
        if (load(pl, arg)) *drawn = false;
        return PERSON_AGAIN;
    }
    return PERSON_MOVE;
}

/* The person's move at their turn: the next of a line typed earlier, the
 * moves of --setup's line, or a line read at the prompt (play's commands
 * done there). */
static enum person_step person_move(struct play *pl, struct typed_moves *t, bool *drawn,
                                    kz_action *move, int *status) {
    const kz_state *state = kz_match_state(pl->match);
    char line[4300], err[KZ_ERROR_BYTES];
    if (t->next < t->count) {
        *move = t->move[t->next++];
        return PERSON_MOVE;
    }
    if (!t->setup_typed) {
        t->setup_typed = true;
        snprintf(line, sizeof line, "setup %s", pl->o->setup);
        t->count = kz_state_parse_line(state, line, kz_rng_next(pl->rng), t->move,
                                       PLAY_TYPED_MOVES, err, sizeof err);
        if (t->count < 0) {
            *status = cli_fail("--setup %s: %s", pl->o->setup, err);
            return PERSON_FAIL;
        }
        t->next = 0;
        return PERSON_AGAIN;
    }
    if (!*drawn) draw_for(pl);
    *drawn = true;
    printf("%s> ", kz_game_player_name(pl->game, kz_match_turn(pl->match)));
    fflush(stdout);
    if (!read_line(line, sizeof line)) {
        printf("\n(end of input: game abandoned)\n");
        return PERSON_END;
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
    if (*word == '\0') return PERSON_AGAIN;
    enum person_step step = person_command(pl, state, word, arg, drawn, status);
    if (step != PERSON_MOVE) return step;
    /* A game that reads lines draws its random choices (a random setup)
     * from the stream; the others read one move. */
    if (kz_game_flags(pl->game) & KZ_READS_LINES) {
        t->count = kz_state_parse_line(state, typed_line, kz_rng_next(pl->rng), t->move,
                                       PLAY_TYPED_MOVES, err, sizeof err);
    } else {
        t->count = kz_state_parse_line(state, word, 0, t->move, 1, err, sizeof err);
    }
    t->next = 1;
    if (t->count > 0) *move = t->move[0];
    if (t->count < 0) {
        printf("%s; type 'moves' for the legal moves, 'help' for commands\n", err);
        t->count = 0;
        return PERSON_AGAIN;
    }
    return PERSON_MOVE;
}

/* Play `move` of `turn` and print it (with its value to the engine or the
 * database that chose it), then the chance outcomes the match drew after
 * it. 0, or the exit status of a refused move. */
static int play_move(struct play *pl, int turn, kz_action move,
                     const struct kz_eval *eval) {
    char etext[80] = "", err[KZ_ERROR_BYTES];
    if (turn != pl->seat && eval->kind != KZ_EVAL_NONE) {
        char e[64];
        kz_eval_text(eval, e, sizeof e);
        snprintf(etext, sizeof etext, " (%s: %s)", pl->db ? "database" : "engine", e);
    }
    const int from = kz_match_ply(pl->match);
    if (kz_match_apply(pl->match, turn, move, err, sizeof err) != KZ_OK)
        return cli_fail("%s", err);
    print_steps(pl, from, etext);
    return 0;
}

int cmd_play(int argc, char **argv) {
    struct cli_options o;
    int status = cli_parse(&play_spec, argc, argv, &o);
    if (status) return status < 0 ? EXIT_OK : status;
    struct play pl = {.o = &o};
    if ((status = play_setup(&pl))) {
        play_free(&pl);
        return status;
    }
    struct typed_moves typed = {.setup_typed = o.setup == NULL};
    bool drawn = false;
    while (!kz_match_over(pl.match)) {
        int turn = kz_match_turn(pl.match);
        if (turn == KZ_TURN_SIMULTANEOUS) {
            int r = play_simultaneous(&pl);
            if (r) {
                status = r == 1 ? 0 : r;
                goto done;
            }
            drawn = false;
            continue;
        }
        kz_action move;
        struct kz_eval eval = {0};
        if (turn != pl.seat) typed.count = typed.next = 0;
        if (turn == pl.seat) {
            enum person_step step = person_move(&pl, &typed, &drawn, &move, &status);
            if (step == PERSON_AGAIN) continue;
            if (step != PERSON_MOVE) goto done;
        } else if ((status = engine_choice(&pl, &move, &eval))) {
            goto done;
        }
        if ((status = play_move(&pl, turn, move, &eval))) goto done;
        drawn = false;
    }
    status = play_end(&pl);
done:
    if (o.save) {
        int saved = save_record(&pl, o.save, true);
        status = status ? status : saved;
    }
    play_free(&pl);
    return status;
}
