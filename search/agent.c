#include "search/agent.h"

#include "engine/rng.h"
#include "search/db_make.h"
#include "search/db_player.h"
#include "search/greedy.h"
#include "search/ismcts.h"
#include "search/pimc.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int out_of_memory(char *err) {
    snprintf(err, GAME_ERROR_BYTES, "out of memory for the search result");
    return -1;
}

/* Cut `*rest` at the next ':' and return the piece before it (NULL at the end). */
static char *next_piece(char **rest) {
    char *piece = *rest;
    if (!piece) return NULL;
    char *colon = strchr(piece, ':');
    if (colon)
        *colon = '\0', *rest = colon + 1;
    else
        *rest = NULL;
    return piece;
}

static int parse_number(const char *key, const char *text, double low, double high,
                        double *out, char *err) {
    char *end;
    errno = 0;
    double x = strtod(text, &end);
    if (*text == '\0' || *end != '\0' || errno != 0 || !(x >= low && x <= high)) {
        snprintf(err, GAME_ERROR_BYTES,
                 "agent option %s needs a number from %g to %g, not '%s'", key, low, high,
                 text);
        return -1;
    }
    *out = x;
    return 0;
}

static int set_expectimax_option(struct agent *a, const char *key, const char *value,
                                 char *err) {
    double x;
    if (a->kind == AGENT_EXPECTIMAX && strcmp(key, "depth") == 0) {
        if (parse_number(key, value, 1, EXPECTI_MAX_DEPTH, &x, err)) return -1;
        a->ex.depth = (int)x;
    } else if (a->kind == AGENT_EXPECTIMAX && strcmp(key, "time") == 0) {
        if (parse_number(key, value, 1e-3, 1e6, &x, err)) return -1;
        a->ex.time = x, a->ex.depth = 0; /* a depth given after caps it */
    } else if (a->kind == AGENT_EXPECTIMAX && strcmp(key, "prune") == 0) {
        static const char *const names[] = {"star1", "star2", "none"};
        int i = 0;
        while (i < 3 && strcmp(value, names[i]) != 0) i++;
        if (i == 3) {
            snprintf(err, GAME_ERROR_BYTES,
                     "agent option prune is star1, star2 or none, not '%s'", value);
            return -1;
        }
        a->ex.pruning = (enum expecti_pruning)i;
    } else {
        snprintf(err, GAME_ERROR_BYTES, "agent '%s' has no option '%s'",
                 a->kind == AGENT_GREEDY ? "greedy" : "expectimax", key);
        return -1;
    }
    return 0;
}

static int set_flatmc_option(struct agent *a, const char *key, const char *value,
                             char *err) {
    double x;
    if (strcmp(key, "iterations") == 0) {
        if (parse_number(key, value, 1, 4e9, &x, err)) return -1;
        a->flat.playouts = (long)x;
    } else if (strcmp(key, "playout") == 0) {
        if (parse_number(key, value, 1, 1e6, &x, err)) return -1;
        a->flat.max_playout = (int)x;
    } else {
        snprintf(err, GAME_ERROR_BYTES, "agent 'flatmc' has no option '%s'", key);
        return -1;
    }
    return 0;
}

static int set_option(struct agent *a, const char *key, const char *value, char *err) {
    double x;
    if (a->kind == AGENT_EXPECTIMAX || a->kind == AGENT_GREEDY)
        return set_expectimax_option(a, key, value, err);
    if (a->kind == AGENT_FLATMC) return set_flatmc_option(a, key, value, err);
    bool ab = a->kind == AGENT_ALPHABETA, pi = a->kind == AGENT_PIMC;
    bool mc = a->kind == AGENT_MCTS || pi;
    if (strcmp(key, "time") == 0 && (ab || mc)) {
        if (parse_number(key, value, 1e-3, 1e6, &x, err)) return -1;
        if (ab)
            a->ab.time = x, a->ab.depth = 0;
        else
            a->mcts.time = x, a->mcts.iterations = 0;
    } else if (strcmp(key, "threads") == 0 && (ab || (mc && !pi))) {
        if (parse_number(key, value, 1, 1024, &x, err)) return -1;
        if (ab)
            a->ab.threads = (int)x;
        else
            a->mcts.threads = (int)x;
    } else if (strcmp(key, "depth") == 0 && ab) {
        if (parse_number(key, value, 1, AB_MAX_PLY - 2, &x, err)) return -1;
        a->ab.depth = (int)x;
    } else if (strcmp(key, "hash") == 0 && ab) {
        if (parse_number(key, value, 1, 1 << 16, &x, err)) return -1;
        a->hash_mib = (int)x;
    } else if (strcmp(key, "iterations") == 0 && mc) {
        if (parse_number(key, value, 1, 4e9, &x, err)) return -1;
        a->mcts.iterations = (long)x;
    } else if (strcmp(key, "c") == 0 && mc) {
        if (parse_number(key, value, 1e-3, 100, &x, err)) return -1;
        a->mcts.c = x;
    } else if (strcmp(key, "worlds") == 0 && pi) {
        if (parse_number(key, value, 1, 1e5, &x, err)) return -1;
        a->worlds = (int)x;
    } else if (strcmp(key, "sim") == 0 && mc && !pi) {
        if (mcts_sim_parse(value, &a->mcts.sim)) {
            snprintf(err, GAME_ERROR_BYTES,
                     "agent option sim is duct, exp3 or rm, not '%s'", value);
            return -1;
        }
    } else if (strcmp(key, "gamma") == 0 && mc && !pi) {
        if (parse_number(key, value, 1e-3, 1, &x, err)) return -1;
        a->mcts.sim_gamma = x;
    } else if (strcmp(key, "root") == 0 && mc && !pi) {
        if (parse_number(key, value, 0, 1, &x, err)) return -1;
        a->mcts.root_parallel = x != 0;
    } else if (strcmp(key, "playout") == 0 && mc) {
        if (parse_number(key, value, 1, 1e6, &x, err)) return -1;
        a->mcts.max_playout = (int)x;
    } else if (strcmp(key, "keep") == 0 && mc && !pi && a->hidden) {
        if (parse_number(key, value, 0, 1, &x, err)) return -1;
        a->fresh = x == 0;
    } else if (strcmp(key, "db") == 0 && (ab || (mc && !pi))) {
        if (parse_number(key, value, 0, 1, &x, err)) return -1;
        a->no_db = x == 0;
    } else if (strcmp(key, "solver") == 0 && mc && !pi) {
        if (parse_number(key, value, 0, 1, &x, err)) return -1;
        a->mcts.no_solver = x == 0;
    } else {
        snprintf(err, GAME_ERROR_BYTES, "agent '%s' has no option '%s'",
                 ab   ? "alphabeta"
                 : pi ? "pimc"
                 : mc ? "mcts"
                      : "random",
                 key);
        return -1;
    }
    return 0;
}

/* The rest of a `db` spec: nothing, or fallback=SPEC (the whole rest). With
 * `keep` the fallback agent is made (a->fallback, freed by agent_free);
 * without, only checked (agent_read_spec: nothing to free). */
static int parse_db(struct agent *a, const char *rest, const struct game *g, bool keep,
                    char *err) {
    a->kind = AGENT_DB;
    if (!g->database && !(g->tier_of && g->rank)) {
        snprintf(err, GAME_ERROR_BYTES, "db plays from databases, and %s has none",
                 g->name);
        return -1;
    }
    if (!rest) return 0;
    static const char key[] = "fallback=";
    if (strncmp(rest, key, sizeof key - 1) != 0 || !rest[sizeof key - 1]) {
        snprintf(
            err, GAME_ERROR_BYTES,
            "db takes one option, fallback=SPEC (e.g. db:fallback=alphabeta:depth=8), "
            "not '%s'",
            rest);
        return -1;
    }
    char inner[GAME_ERROR_BYTES];
    if (!keep) {
        struct agent check;
        if (agent_read_spec(&check, rest + sizeof key - 1, g, inner) != 0) {
            snprintf(err, GAME_ERROR_BYTES, "db fallback: %.130s", inner);
            return -1;
        }
        if (check.kind == AGENT_DB) {
            snprintf(err, GAME_ERROR_BYTES, "db's fallback must be another engine");
            return -1;
        }
        a->hidden = check.hidden;
        return 0;
    }
    a->fallback = malloc(sizeof *a->fallback);
    if (!a->fallback) return out_of_memory(err);
    if (agent_parse(a->fallback, rest + sizeof key - 1, g, inner) != 0) {
        free(a->fallback);
        a->fallback = NULL;
        snprintf(err, GAME_ERROR_BYTES, "db fallback: %.130s", inner);
        return -1;
    }
    if (a->fallback->kind == AGENT_DB) {
        agent_free(a->fallback);
        free(a->fallback);
        a->fallback = NULL;
        snprintf(err, GAME_ERROR_BYTES, "db's fallback must be another engine");
        return -1;
    }
    a->hidden = a->fallback->hidden;
    return 0;
}

int agent_read_spec(struct agent *a, const char *spec, const struct game *g, char *err) {
    memset(a, 0, sizeof *a);
    if (strlen(spec) >= sizeof a->spec) {
        snprintf(err, GAME_ERROR_BYTES, "agent spec too long");
        return -1;
    }
    char text[sizeof a->spec];
    strcpy(text, spec);
    strcpy(a->spec, spec);
    char *rest = text, *name = next_piece(&rest);
    if (strcmp(name, "db") == 0) return parse_db(a, rest, g, false, err);
    if (strcmp(name, "random") == 0) {
        a->kind = AGENT_RANDOM;
    } else if (strcmp(name, "alphabeta") == 0) {
        a->kind = AGENT_ALPHABETA;
        a->ab = (struct ab_limits){.depth = AGENT_DEFAULT_AB_DEPTH, .threads = 1};
        a->hash_mib = AGENT_DEFAULT_HASH_MIB;
        if (!ab_supports(g, err)) return -1;
    } else if (strcmp(name, "mcts") == 0) {
        a->kind = AGENT_MCTS;
        a->mcts = (struct mcts_limits){.iterations = AGENT_DEFAULT_MCTS_ITERATIONS,
                                       .threads = 1};
    } else if (strcmp(name, "pimc") == 0) {
        a->kind = AGENT_PIMC;
        a->mcts = (struct mcts_limits){.iterations = AGENT_DEFAULT_PIMC_ITERATIONS,
                                       .threads = 1};
        a->worlds = AGENT_DEFAULT_PIMC_WORLDS;
        if (!(g->flags & GAME_HAS_HIDDEN)) {
            snprintf(err, GAME_ERROR_BYTES,
                     "pimc is for games with hidden information (%s has none)", g->name);
            return -1;
        }
    } else if (strcmp(name, "expectimax") == 0) {
        a->kind = AGENT_EXPECTIMAX;
        a->ex = (struct expecti_limits){.depth = AGENT_DEFAULT_EXPECTIMAX_DEPTH};
        if (g->flags & (GAME_HAS_SIMULTANEOUS | GAME_HAS_HIDDEN)) {
            snprintf(err, GAME_ERROR_BYTES,
                     "expectimax needs a game without simultaneous moves or hidden "
                     "information (%s)",
                     g->name);
            return -1;
        }
    } else if (strcmp(name, "greedy") == 0) {
        a->kind = AGENT_GREEDY;
    } else if (strcmp(name, "flatmc") == 0) {
        a->kind = AGENT_FLATMC;
        a->flat = (struct flatmc_limits){.playouts = AGENT_DEFAULT_FLATMC_PLAYOUTS};
        if (g->flags & GAME_HAS_HIDDEN) {
            snprintf(err, GAME_ERROR_BYTES,
                     "flatmc needs a game without hidden information (%s)", g->name);
            return -1;
        }
    } else {
        snprintf(err, GAME_ERROR_BYTES,
                 "unknown agent '%s' (random, greedy, alphabeta[:depth=N], "
                 "mcts[:iterations=N], flatmc[:iterations=N], pimc[:worlds=N], "
                 "expectimax[:depth=N], db[:fallback=SPEC])",
                 name);
        return -1;
    }
    a->hidden = (g->flags & GAME_HAS_HIDDEN) != 0;
    char *item;
    while ((item = next_piece(&rest)) != NULL) {
        char *eq = strchr(item, '=');
        if (!eq || eq == item) {
            snprintf(err, GAME_ERROR_BYTES, "agent option '%s' is not key=value", item);
            return -1;
        }
        *eq = '\0';
        if (set_option(a, item, eq + 1, err)) return -1;
        if (strcmp(item, "depth") == 0 || strcmp(item, "time") == 0 ||
            strcmp(item, "iterations") == 0)
            a->budget_given = true;
        if (strcmp(item, "hash") == 0) a->hash_given = true;
    }
    return 0;
}

int agent_parse(struct agent *a, const char *spec, const struct game *g, char *err) {
    if (agent_read_spec(a, spec, g, err)) return -1;
    if (a->kind == AGENT_DB && strncmp(spec, "db:", 3) == 0)
        return parse_db(a, spec + 3, g, true, err);
    if (a->kind == AGENT_ALPHABETA && tt_init(&a->tt, (size_t)a->hash_mib) != 0) {
        snprintf(err, GAME_ERROR_BYTES, "not enough memory for a %d MiB table",
                 a->hash_mib);
        return -1;
    }
    return 0;
}

void agent_use_databases(struct agent *a, search_probe_fn probe, void *ctx) {
    if (a->fallback) agent_use_databases(a->fallback, probe, ctx);
    if (a->kind == AGENT_DB) a->db_probe = probe, a->db_ctx = ctx;
    if (a->no_db) return;
    a->ab.probe = probe, a->ab.probe_ctx = ctx;
    a->mcts.probe = probe, a->mcts.probe_ctx = ctx;
}

void agent_free(struct agent *a) {
    if (a->fallback) {
        agent_free(a->fallback);
        free(a->fallback);
        a->fallback = NULL;
    }
    if (a->own_dbs) {
        search_probe_close(a->own_dbs);
        free(a->own_dbs);
        a->own_dbs = NULL;
    }
    if (a->kind == AGENT_ALPHABETA) tt_free(&a->tt);
    ismcts_keep_free(a->keep);
    a->keep = NULL;
}

void agent_new_game(struct agent *a) {
    if (a->fallback) agent_new_game(a->fallback);
    if (a->kind == AGENT_ALPHABETA) tt_clear(&a->tt);
    ismcts_keep_free(a->keep);
    a->keep = NULL;
}

/* The IS-MCTS tree kept between this agent's moves (NULL: start anew each
 * time, also if there is no memory for it). */
static struct ismcts_keep *kept(struct agent *a) {
    if (!a->fresh && !a->keep) a->keep = ismcts_keep_new();
    return a->fresh ? NULL : a->keep;
}

/* After a search: -1 if it failed, 0 with *move set if it found a move, 1 if
 * it found none (the game is over). */
static int take_move(int status, bool has_move, move_t found, move_t *move) {
    if (status) return -1;
    if (!has_move) return 1;
    *move = found;
    return 0;
}

/* Flat Monte Carlo's option for `player` (-1: the player to move). */
static int flat_choose(struct agent *a, const struct game *g, const struct variant *v,
                       const void *state, int player, uint64_t seed, move_t *move,
                       char *err) {
    struct flatmc_result *res = malloc(sizeof *res);
    if (!res) return out_of_memory(err);
    struct flatmc_limits limits = a->flat;
    limits.seed = seed;
    int status = flatmc_search(g, v, state, player, &limits, res, err);
    if (status == 0) *move = res->move;
    free(res);
    return status;
}

/* The databases a db agent plays from: those given, else the default
 * folders' (made there first when quick), opened once. */
static void db_open_default(struct agent *a, const struct game *g,
                            const struct variant *v) {
    if (a->db_probe || a->db_tried) return;
    a->db_tried = true;
    char err[GAME_ERROR_BYTES];
    if (db_make_if_missing(g, v, NULL, stderr, err) == DB_MADE_FAILED)
        fprintf(stderr, "kibitz: could not make the %s databases: %s\n", g->name, err);
    struct search_probe *p = calloc(1, sizeof *p);
    if (!p) return;
    if (search_probe_open(p, g, v, NULL, err) != 0) {
        free(p);
        return;
    }
    a->own_dbs = p;
    a->db_probe = p->probe;
    a->db_ctx = p->ctx;
}

/* The perfect player's move, else its fallback's. */
static int db_choose(struct agent *a, const struct game *g, const struct variant *v,
                     const void *full, const void *state, uint64_t seed, move_t *move,
                     char *err) {
    db_open_default(a, g, v);
    retro_cell value;
    if (a->db_probe &&
        db_player_best(g, v, state, a->db_probe, a->db_ctx, move, &value) == 0) {
        int outcome = retro_outcome(value);
        a->last = (struct agent_eval){AGENT_EVAL_PROVEN, outcome,
                                      outcome ? retro_remoteness(value) : -1, outcome};
        return 0;
    }
    if (a->fallback) {
        int status = agent_choose(a->fallback, g, v, full, seed, move, err);
        a->last = a->fallback->last;
        return status;
    }
    if (!a->db_probe)
        snprintf(err, GAME_ERROR_BYTES,
                 "db: no %.12s databases for this variant (kibitz solve makes them; "
                 "or give db:fallback=SPEC)",
                 g->name);
    else
        snprintf(err, GAME_ERROR_BYTES,
                 "db: the databases do not answer this position (give "
                 "db:fallback=SPEC to play on with an engine)");
    return -1;
}

void agent_restrict_to_view(const struct game *g, const struct variant *v, void *state) {
    if (!(g->flags & GAME_HAS_HIDDEN)) return;
    const int mover = g->turn(v, state);
    if (mover >= 0) g->view(v, state, mover);
}

int agent_choose(struct agent *a, const struct game *g, const struct variant *v,
                 const void *full, uint64_t seed, move_t *move, char *err) {
    /* The one place where a position reaches an agent: on a game with hidden
     * information every agent gets the mover's view and nothing else, so
     * none can use what its player cannot see, even by mistake; those that
     * need full states sample them from the view with `determinize`. */
    unsigned char seen[GAME_MAX_STATE_BYTES];
    memcpy(seen, full, g->state_size);
    agent_restrict_to_view(g, v, seen);
    const void *state = seen;
    const int mover = g->turn(v, state);
    a->last = (struct agent_eval){.kind = AGENT_EVAL_NONE, .distance = -1};
    if (mover >= 0) { /* a forced move needs no search */
        move_t moves[g->max_moves];
        if (g->moves(v, state, moves) == 1) {
            *move = moves[0];
            return 0;
        }
    }
    switch (a->kind) {
    case AGENT_RANDOM: {
        move_t moves[g->max_moves];
        int count = g->moves(v, state, moves);
        if (count <= 0) break;
        struct rng r;
        rng_seed(&r, seed);
        *move = moves[rng_below(&r, (uint32_t)count)];
        return 0;
    }
    case AGENT_ALPHABETA: {
        struct ab_result *res = malloc(sizeof *res);
        if (!res) return out_of_memory(err);
        int status = ab_search(g, v, state, &a->ab, &a->tt, res, err);
        if (status == 0) {
            int distance, proven = ab_score_proven(res->score, &distance);
            a->last = res->draw_proven ? (struct agent_eval){AGENT_EVAL_PROVEN, 0, -1, 0}
                      : proven ? (struct agent_eval){AGENT_EVAL_PROVEN, proven, distance,
                                                     proven}
                               : (struct agent_eval){AGENT_EVAL_ESTIMATE, 0, -1,
                                                     (double)res->score / GAME_EVAL_MAX};
        }
        status = take_move(status, res->has_move, res->move, move);
        free(res);
        if (status <= 0) return status;
        break;
    }
    case AGENT_MCTS:
    case AGENT_PIMC: {
        struct mcts_result *res = malloc(sizeof *res);
        if (!res) return out_of_memory(err);
        struct mcts_limits limits = a->mcts;
        limits.seed = seed;
        struct pimc_limits pimc = {.worlds = a->worlds, .world = limits};
        int status = a->kind == AGENT_PIMC ? pimc_search(g, v, state, &pimc, res, err)
                     : a->hidden
                         ? ismcts_search_kept(g, v, state, &limits, kept(a), res, err)
                         : mcts_search(g, v, state, &limits, res, err);
        if (status == 0) {
            int proven = res->proven ? res->proven : 0;
            a->last = proven || res->proven_draw
                          ? (struct agent_eval){AGENT_EVAL_PROVEN, proven, -1, proven}
                          : (struct agent_eval){AGENT_EVAL_ESTIMATE, 0, -1, res->value};
        }
        status = take_move(status, res->has_move, res->move, move);
        free(res);
        if (status <= 0) return status;
        break;
    }
    case AGENT_EXPECTIMAX: {
        struct expecti_result *res = malloc(sizeof *res);
        if (!res) return out_of_memory(err);
        int status = expecti_search(g, v, state, &a->ex, res, err);
        if (status == 0)
            a->last = (struct agent_eval){AGENT_EVAL_ESTIMATE, 0, -1,
                                          res->score / GAME_EVAL_MAX};
        status = take_move(status, res->has_move, res->move, move);
        free(res);
        if (status <= 0) return status;
        break;
    }
    case AGENT_GREEDY:
        if (mover < 0) break;
        *move = a->hidden ? greedy_choose_view(g, v, state, seed)
                          : greedy_choose(g, v, state, seed);
        return 0;
    case AGENT_FLATMC:
        if (g->turn(v, state) < 0) break;
        return flat_choose(a, g, v, state, -1, seed, move, err);
    case AGENT_DB:
        if (mover < 0) break;
        return db_choose(a, g, v, full, state, seed, move, err);
    }
    snprintf(err, GAME_ERROR_BYTES, "no move to choose: the game is over");
    return -1;
}

int agent_choose_joint(struct agent *a, const struct game *g, const struct variant *v,
                       const void *state, int player, uint64_t seed, move_t *move,
                       char *err) {
    if (a->hidden) { /* no view is defined for a seat at a simultaneous node */
        snprintf(err, GAME_ERROR_BYTES,
                 "simultaneous choices with hidden information are not supported");
        return -1;
    }
    if (g->turn(v, state) != TURN_SIMULTANEOUS ||
        !(g->acting(v, state) & (1u << player))) {
        snprintf(err, GAME_ERROR_BYTES, "player %d does not choose here", player + 1);
        return -1;
    }
    if (a->kind == AGENT_RANDOM) {
        move_t options[g->max_moves];
        int count = g->joint_moves(v, state, player, options);
        struct rng r;
        rng_seed(&r, seed);
        *move = options[rng_below(&r, (uint32_t)count)];
        return 0;
    }
    if (a->kind == AGENT_GREEDY) {
        *move = greedy_choose_joint(g, v, state, player, seed);
        return 0;
    }
    if (a->kind == AGENT_FLATMC)
        return flat_choose(a, g, v, state, player, seed, move, err);
    if (a->kind != AGENT_MCTS || a->hidden) {
        snprintf(err, GAME_ERROR_BYTES,
                 "agent '%.60s' cannot choose at a simultaneous node", a->spec);
        return -1;
    }
    struct mcts_result *res = malloc(sizeof *res);
    if (!res) return out_of_memory(err);
    struct mcts_limits limits = a->mcts;
    limits.seed = seed;
    int status = mcts_search(g, v, state, &limits, res, err);
    if (status == 0) *move = res->sim_choice[player];
    free(res);
    return status;
}
