/* libkibitz: one game between agents, and an arena of many games between
 * engine specs with every seating in turn, win rates and Elo
 * (include/kibitz.h). `kibitz arena` is this plus its printing. */
#include "engine/rng.h"
#include "engine/threads.h"
#include "lib/kz_agent.h"
#include "lib/kz_front.h"
#include "lib/kz_match_internal.h"
#include "lib/kz_record.h"
#include "solve/solver_db.h"
#include "json/kjson_reports.h"

#include <math.h>
#include <omp.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The move of an agent or of the shared random opening for `seat` (at a
 * simultaneous node: its option). 0, or -1 with `err`. */
static int choose(const struct match *m, kz_agent *agent, int seat, bool opening,
                  struct rng *open_rng, struct rng *rng, move_t *move, char *err) {
    const struct game *g = match_game(m);
    const struct variant *v = match_variant(m);
    const void *state = match_state(m);
    if (opening) {
        /* Shared random opening: both seatings of a pair start alike. */
        move_t moves[g->max_moves];
        int n = match_moves(m, seat, moves);
        *move = moves[rng_below(open_rng, (uint32_t)n)];
        return 0;
    }
    /* Every acting seat's agent chooses from the same state at a
     * simultaneous node, none seeing the others' choices. */
    if (match_turn(m) == TURN_SIMULTANEOUS)
        return agent_choose_joint(&agent->a, g, v, state, seat, rng_next(rng), move, err);
    return agent_choose(&agent->a, g, v, state, rng_next(rng), move, err);
}

int kz_match_play(const kz_state *start, kz_agent *const *seats, int opening,
                  uint64_t opening_seed, uint64_t seed, double returns[KZ_MAX_PLAYERS],
                  char *ending, size_t ending_n, kz_record *krec, char *err,
                  size_t err_n) {
    if (!start || !seats || !returns)
        return kz_fail(err, err_n, KZ_EINVAL,
                       "kz_match_play: no start, seats or returns");
    const struct game *g = start->game->g;
    kz_match *km;
    int status = kz_match_new(start->game, start, seed, &km, err, err_n);
    if (status != KZ_OK) return status;
    struct match *m = km->m;
    if (krec)
        for (int p = 0; p < match_players(m); p++)
            match_set_seat(m, p, krec->rec.players[p]);
    struct rng open_rng, rng;
    rng_seed(&open_rng, opening_seed);
    rng_seed(&rng, seed);
    char gerr[GAME_ERROR_BYTES];
    /* No random opening in games with simultaneous moves: there a random
     * move can lose at once (Kodrek: most first thrusts throw the craft out)
     * and decide the game before any engine plays; the secret choices vary
     * the games enough. */
    const int opening_plies =
        (g->flags & GAME_HAS_SIMULTANEOUS) || !opening ? 0 : KZ_MATCH_OPENING_PLIES;
    while (!match_over(m)) {
        unsigned waiting = match_waiting(m);
        int seat = 0;
        while (!(waiting & (1u << seat))) seat++;
        move_t move;
        if (choose(m, seats[seat], seat, match_ply(m) < opening_plies, &open_rng, &rng,
                   &move, gerr) != 0) {
            kz_match_free(km);
            return kz_fail(err, err_n, KZ_EINVAL, "%s", gerr);
        }
        if ((status = kz_match_apply(km, seat, kz_action_of(move), err, err_n)) !=
            KZ_OK) {
            kz_match_free(km);
            return status;
        }
    }
    match_returns(m, returns);
    if (ending && ending_n) snprintf(ending, ending_n, "%s", match_reason(m));
    if (krec) {
        const bool has_seed = krec->rec.has_seed;
        const uint64_t record_seed = krec->rec.seed;
        if (kz_match_fill_record(km, krec) != 0) {
            kz_match_free(km);
            return kz_fail(err, err_n, KZ_ERUNTIME, "out of memory");
        }
        krec->rec.has_seed = has_seed, krec->rec.seed = record_seed;
    }
    kz_match_free(km);
    return KZ_OK;
}

/* ----------------------------------------------------------------- arena */

enum { MAX_SPECS = KZ_MAX_PLAYERS };

struct tally {
    long win, draw, loss;
    double score_sum; /* per-game score 1 / 0.5 / 0 */
    /* Three or more players: the share of first place, split between the
     * players tied for it (all tied: 1/n each), so it sums to 1 per game and
     * equal play expects 1/n. Sum and sum of squares for its interval. */
    double first_sum, first_sq;
};

/* Split "a,b,c" into agents; the count, or a negative status with `err`. */
static int parse_players(const char *list, const kz_game *game, kz_agent **agents,
                         const kz_db *probe, char *err, size_t err_n) {
    char buf[512];
    if (strlen(list) >= sizeof buf)
        return kz_fail(err, err_n, KZ_EINVAL, "--players list too long");
    strcpy(buf, list);
    int n = 0;
    char *rest = buf;
    while (rest) {
        char *comma = strchr(rest, ',');
        if (comma) *comma = '\0';
        char perr[GAME_ERROR_BYTES];
        int status = n == MAX_SPECS
                         ? kz_fail(err, err_n, KZ_EINVAL, "at most %d players", MAX_SPECS)
                         : kz_agent_new(game, rest, &agents[n], perr, sizeof perr);
        if (status == KZ_OK && n < MAX_SPECS) {
            kz_agent_use_db(agents[n], probe);
            n++;
            rest = comma ? comma + 1 : NULL;
            continue;
        }
        for (int i = 0; i < n; i++) kz_agent_free(agents[i]);
        if (n < MAX_SPECS) kz_fail(err, err_n, status, "bad player '%s': %s", rest, perr);
        return status;
    }
    return n;
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

static void endings_add(struct kz_arena_result *e, const char *reason) {
    int i = 0;
    while (i < e->n_endings && strcmp(e->ending[i], reason) != 0) i++;
    if (i == e->n_endings) {
        if (e->n_endings == KZ_ARENA_MAX_ENDINGS) return;
        snprintf(e->ending[e->n_endings++], sizeof e->ending[0], "%s", reason);
    }
    e->ending_count[i]++;
}

static double elo_of(double score) {
    if (score <= 0) return -INFINITY;
    if (score >= 1) return INFINITY;
    return -400.0 * log10(1.0 / score - 1.0);
}

long kz_arena_seating(long game, int n, int order[KZ_MAX_PLAYERS]) {
    if (!order || n < 1 || n > KZ_MAX_PLAYERS) return KZ_EINVAL;
    int pool[KZ_MAX_PLAYERS];
    long block = 1;
    for (int i = 0; i < n; i++) pool[i] = i, block *= i + 1;
    long k = game % block, place = block;
    for (int s = 0; s < n; s++) {
        place /= n - s;
        int pick = (int)(k / place);
        k %= place;
        order[s] = pool[pick];
        for (int i = pick; i < n - s - 1; i++) pool[i] = pool[i + 1];
    }
    return block;
}

/* What the games share while they run. */
struct arena_run {
    const kz_state *start;
    const struct kz_arena_options *o;
    const kz_db *probe;
    int n;
    double (*returns)[KZ_MAX_PLAYERS];
    char (*ending)[64];
    atomic_bool failed;
    char err[KZ_ERROR_BYTES]; /* the first failure */
    int status;
    long finished;
    double first_score;
};

static void arena_fail(struct arena_run *run, int status, const char *message) {
#pragma omp critical(kz_arena_fail)
    {
        if (!atomic_load(&run->failed)) {
            snprintf(run->err, sizeof run->err, "%s", message);
            run->status = status;
        }
        atomic_store(&run->failed, true);
    }
}

/* Game number `game` with the engines `mine`; its returns and ending. */
static void arena_game(struct arena_run *run, kz_agent **mine, long game) {
    const struct kz_arena_options *o = run->o;
    int n = run->n;
    int order[MAX_SPECS]; /* seat -> spec */
    long block = kz_arena_seating(game, n, order);
    long opening = game / block;
    for (int i = 0; i < n; i++) kz_agent_new_game(mine[i]);
    kz_record *rec = NULL;
    if (o->record_dir) {
        rec = kz_record_new(run->start);
        if (!rec) {
            arena_fail(run, KZ_ERUNTIME, "out of memory");
            return;
        }
        kz_record_set_seed(rec, o->seed);
        for (int s = 0; s < n; s++) kz_record_set_player(rec, s, mine[order[s]]->a.spec);
    }
    kz_agent *seats[MAX_SPECS];
    for (int s = 0; s < n; s++) seats[s] = mine[order[s]];
    char err[KZ_ERROR_BYTES];
    int status = kz_match_play(run->start, seats, o->opening,
                               o->seed ^ (uint64_t)opening * UINT64_C(0xD1B54A32D192ED03),
                               o->seed + (uint64_t)opening * 7919 + (uint64_t)order[0],
                               run->returns[game], run->ending[game],
                               sizeof run->ending[game], rec, err, sizeof err);
    if (rec && status == KZ_OK) {
        char path[4200];
        snprintf(path, sizeof path, "%s/game-%06ld.json", o->record_dir, game + 1);
        /* A record that cannot be written ends the match as a failed game. */
        if (kz_record_write(rec, -1, path, err, sizeof err) != KZ_OK) status = KZ_EINVAL;
    }
    kz_record_free(rec);
    if (status != KZ_OK) {
        arena_fail(run, status, err);
        return;
    }
    struct tally one[MAX_SPECS] = {{0}};
    score_game(n, order, run->returns[game], one);
#pragma omp critical(kz_arena_progress)
    {
        run->finished++;
        run->first_score += one[0].score_sum;
        if (o->progress)
            o->progress(o->progress_ctx, run->finished, o->games, run->first_score,
                        mine[0]->a.spec);
    }
}

/* The result from every game's returns, tallied in the games' order (so it
 * is the same for any number of jobs). */
static void arena_tally(const struct arena_run *run, kz_agent **agents,
                        struct kz_arena_result *out) {
    const long games = run->o->games;
    const int n = run->n;
    struct tally tally[MAX_SPECS] = {{0}};
    for (long game = 0; game < games; game++) {
        int order[MAX_SPECS];
        kz_arena_seating(game, n, order);
        score_game(n, order, run->returns[game], tally);
        endings_add(out, run->ending[game]);
    }
    double total = (double)games;
    for (int i = 0; i < n; i++) {
        const struct tally *t = &tally[i];
        struct kz_arena_row *r = &out->rows[i];
        snprintf(r->spec, sizeof r->spec, "%s", agents[i]->a.spec);
        double *share[3] = {r->win, r->draw, r->loss};
        double count[3] = {(double)t->win, (double)t->draw, (double)t->loss};
        for (int k = 0; k < 3; k++) {
            share[k][0] = count[k] / total;
            wilson(share[k][0], total, &share[k][1], &share[k][2]);
        }
        r->first[0] = t->first_sum / total;
        mean_interval(t->first_sum, t->first_sq, total, &r->first[1], &r->first[2]);
    }
    if (n == 2) {
        double mean = tally[0].score_sum / total, slow, shigh;
        wilson(mean, total, &slow, &shigh);
        out->score = mean;
        out->elo[0] = elo_of(mean), out->elo[1] = elo_of(slow),
        out->elo[2] = elo_of(shigh);
    }
}

/* The players against the game and --parallel: one spec a seat, and no
 * engine threads when games run at once. KZ_OK, or an error. */
static int check_players(const kz_game *game, kz_agent *const *agents, int n, int jobs,
                         char *err, size_t err_n) {
    char gerr[GAME_ERROR_BYTES];
    if (n != game->players)
        return kz_fail(err, err_n, KZ_EINVAL,
                       "%s has %d players: --players needs %d specs, not %d",
                       game->g->name, game->players, game->players, n);
    for (int i = 0; i < n && jobs > 1; i++)
        if (agents[i]->a.ab.threads > 1 || agents[i]->a.mcts.threads > 1)
            return kz_fail(err, err_n, KZ_EINVAL,
                           "--parallel plays games at once with one thread per engine: "
                           "drop threads= from '%s' or --parallel",
                           agents[i]->a.spec);
    if (threads_reserve(jobs, gerr) != 0) /* else libgomp ends us */
        return kz_fail(err, err_n, KZ_ERUNTIME, "%s", gerr);
    return KZ_OK;
}

/* Every game, `jobs` at once, each thread with engines of its own (the
 * first thread uses `agents`). KZ_OK, or an error. */
static int play_games(struct arena_run *run, kz_agent **agents, int jobs, char *err,
                      size_t err_n) {
    const struct kz_arena_options *o = run->o;
    const kz_game *game = run->start->game;
    const int n = run->n;
    atomic_init(&run->failed, false);
#pragma omp parallel num_threads(jobs)
    {
        kz_agent *own[MAX_SPECS];
        kz_agent **mine = agents;
        if (omp_get_thread_num() > 0) { /* parsed once already: cannot fail */
            char perr[KZ_ERROR_BYTES];
            if (parse_players(o->players, game, own, run->probe, perr, sizeof perr) == n)
                mine = own;
            else
                arena_fail(run, KZ_EINVAL, perr);
        }
#pragma omp for schedule(dynamic, 1)
        for (long g = 0; g < o->games; g++)
            if (!atomic_load(&run->failed)) arena_game(run, mine, g);
        if (mine == own)
            for (int i = 0; i < n; i++) kz_agent_free(own[i]);
    }
    if (atomic_load(&run->failed))
        return kz_fail(err, err_n, run->status ? run->status : KZ_EINVAL, "%s", run->err);
    return KZ_OK;
}

int kz_arena_run(const kz_state *start, const struct kz_arena_options *o,
                 struct kz_arena_result *out, char *err, size_t err_n) {
    if (!start || !o || !out)
        return kz_fail(err, err_n, KZ_EINVAL,
                       "kz_arena_run: no start, options or result");
    memset(out, 0, sizeof *out);
    const kz_game *game = start->game;
    char gerr[GAME_ERROR_BYTES];
    if (!o->players)
        return kz_fail(err, err_n, KZ_EINVAL, "arena needs --players SPEC,SPEC[,...]");
    if (o->games <= 0) return kz_fail(err, err_n, KZ_EINVAL, "arena needs --games N");
    if (o->record_dir && solver_db_make_folders(o->record_dir, gerr) != 0)
        return kz_fail(err, err_n, KZ_ERUNTIME, "%s", gerr);
    kz_db *probe = NULL;
    int status = o->db ? kz_db_open_engine(game, o->db, &probe, err, err_n) : KZ_OK;
    if (status) return status;
    kz_agent *agents[MAX_SPECS];
    int n = parse_players(o->players, game, agents, probe, err, err_n);
    if (n < 0) {
        kz_db_close(probe);
        return n;
    }
    /* `jobs` threads play games at once, each with engines of its own. Every
     * game starts its engines afresh and draws its randomness from its
     * number, and the games are tallied in their order, so the report is
     * the same for any number of jobs (time budgets aside). */
    const int parallel = o->parallel > 1 ? o->parallel : 1;
    const int jobs = parallel < o->games ? parallel : (int)o->games;
    status = check_players(game, agents, n, jobs, err, err_n);
    struct arena_run run = {.start = start, .o = o, .probe = probe, .n = n};
    if (status == KZ_OK) {
        run.returns = malloc(sizeof *run.returns * (size_t)o->games);
        run.ending = malloc(sizeof *run.ending * (size_t)o->games);
        if (!run.returns || !run.ending)
            status =
                kz_fail(err, err_n, KZ_ERUNTIME, "out of memory for %ld games", o->games);
    }
    if (status == KZ_OK) status = play_games(&run, agents, jobs, err, err_n);
    if (status == KZ_OK) {
        out->players = n;
        arena_tally(&run, agents, out);
    }
    free(run.returns);
    free(run.ending);
    for (int i = 0; i < n; i++) kz_agent_free(agents[i]);
    kz_db_close(probe);
    return status;
}

long kz_arena_json(const kz_game *g, const struct kz_arena_options *o,
                   const struct kz_arena_result *r, char *json, size_t n) {
    if (!g || !o || !r) {
        kz_no_text(json, n);
        return KZ_EINVAL;
    }
    struct kjson_arena_row rows[MAX_SPECS];
    for (int i = 0; i < r->players; i++) {
        const struct kz_arena_row *k = &r->rows[i];
        rows[i] = (struct kjson_arena_row){.spec = k->spec, .has_first = r->players > 2};
        memcpy(rows[i].win, k->win, sizeof k->win);
        memcpy(rows[i].draw, k->draw, sizeof k->draw);
        memcpy(rows[i].loss, k->loss, sizeof k->loss);
        memcpy(rows[i].first, k->first, sizeof k->first);
    }
    bool two = r->players == 2;
    json_t *doc = kjson_arena(g->g, &g->v, o->games, rows, r->players,
                              two ? &r->score : NULL, two ? r->elo : NULL, o->record_dir);
    /* Games that say why they ended (Kotra: capital, surrender, turn limit)
     * get a tally of endings. */
    if (doc && g->g->end_reason) {
        json_t *obj = json_object();
        for (int i = 0; i < r->n_endings; i++)
            json_object_set_new(obj, r->ending[i], json_integer(r->ending_count[i]));
        json_object_set_new(doc, "endings", obj);
    }
    return kz_give_json(doc, json, n);
}
