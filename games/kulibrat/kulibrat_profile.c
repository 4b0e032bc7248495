/* Score-independent facts of a Kulibrat solution, gathered tier by tier. */
#include "games/kulibrat/kulibrat_profile.h"
#include "solve/retro.h"

#include "games/kulibrat/kulibrat.h"
#include "games/kulibrat/kulibrat_cycles.h"
#include "games/kulibrat/kulibrat_tiers.h"
#include "solve/solver_db.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int kulibrat_profile_init(struct kulibrat_profile *p, int target, char *err) {
    memset(p, 0, sizeof *p);
    p->target = target;
    p->won_always[0] = malloc(KULIBRAT_NODES);
    p->won_always[1] = malloc(KULIBRAT_NODES);
    p->drawn_always = malloc(KULIBRAT_NODES);
    p->start = malloc((size_t)target * target * sizeof *p->start);
    if (!p->won_always[0] || !p->won_always[1] || !p->drawn_always || !p->start) {
        kulibrat_profile_free(p);
        snprintf(err, GAME_ERROR_BYTES, "out of memory for the Kulibrat profile");
        return -1;
    }
    memset(p->won_always[0], 1, KULIBRAT_NODES);
    memset(p->won_always[1], 1, KULIBRAT_NODES);
    memset(p->drawn_always, 1, KULIBRAT_NODES);
    for (int i = 0; i < target * target; i++) p->start[i] = RETRO_UNKNOWN;
    return 0;
}

void kulibrat_profile_free(struct kulibrat_profile *p) {
    free(p->won_always[0]);
    free(p->won_always[1]);
    free(p->drawn_always);
    free(p->start);
    memset(p, 0, sizeof *p);
}

void kulibrat_profile_add_tier(struct kulibrat_profile *p, tier_t tier,
                               const retro_cell *values, uint64_t size) {
    int nb = (int)(tier >> 8), nr = (int)(tier & 255);
    if (nb < 1 || nr < 1 || nb > p->target || nr > p->target) return;
    if (size > KULIBRAT_NODES) size = KULIBRAT_NODES;
    for (uint32_t x = 0; x < size; x++) {
        retro_cell c = values[x];
        int side = kulibrat_node_side(x);
        /* A lock is won by the side to move (K7). */
        int outcome = c == RETRO_TERMINAL ? RETRO_OUTCOME_WIN : retro_outcome(c);
        int winner = outcome == RETRO_OUTCOME_WIN ? side : outcome == RETRO_OUTCOME_LOSS ? 1 - side : -1;
        p->won_always[0][x] &= winner == 0;
        p->won_always[1][x] &= winner == 1;
        p->drawn_always[x] &= winner < 0;
        if (retro_is_value(c) && c != RETRO_DRAW) {
            int r = retro_remoteness(c);
            if (r >= KULIBRAT_PROFILE_MAX_REMOTENESS)
                r = KULIBRAT_PROFILE_MAX_REMOTENESS - 1;
            if (outcome == RETRO_OUTCOME_WIN)
                p->won_by_remoteness[r]++;
            else
                p->lost_by_remoteness[r]++;
        }
    }
    /* Start: empty board (index 0), black to move = node 0. */
    if (size > 0) p->start[(nb - 1) * p->target + (nr - 1)] = values[0];
    p->tiers_seen++;
}

static int profile_sink(void *ctx, tier_t tier, const retro_cell *values, uint64_t size) {
    kulibrat_profile_add_tier(ctx, tier, values, size);
    return 0;
}

int kulibrat_profile_build(struct kulibrat_profile *p, const struct variant *v,
                           const char *db_option, int threads, char *source,
                           size_t source_bytes, char *err) {
    const struct game *g = &kulibrat_game;
    int target = kulibrat_options(v)->target;
    if (kulibrat_options(v)->first != KULIBRAT_BLACK) {
        snprintf(
            err, GAME_ERROR_BYTES,
            "the cycle report needs first=black (the tiers' start is black to move)");
        return -1;
    }
    if (kulibrat_profile_init(p, target, err) != 0) return -1;
    struct solver_db *db = NULL;
    char path[SOLVER_DB_PATH_BYTES], db_err[GAME_ERROR_BYTES];
    bool none = db_option && strcmp(db_option, "none") == 0;
    int found =
        none ? -1 : solver_db_find(&db, g, v, db_option, path, sizeof path, db_err);
    if (found != 0 && db_option && !none) {
        /* A database the user named must be used, not silently replaced. */
        snprintf(err, GAME_ERROR_BYTES, "%s", db_err);
        kulibrat_profile_free(p);
        return -1;
    }
    if (found == 0) {
        for (int nb = 1; nb <= target; nb++)
            for (int nr = 1; nr <= target; nr++) {
                uint64_t size = 0;
                tier_t tier = (tier_t)nb << 8 | (tier_t)nr;
                const retro_cell *cells = solver_db_tier(db, tier, &size);
                if (!cells) {
                    snprintf(err, GAME_ERROR_BYTES,
                             "database %.100s has no tier (%d, %d)", path, nb, nr);
                    solver_db_close(db);
                    kulibrat_profile_free(p);
                    return -1;
                }
                kulibrat_profile_add_tier(p, tier, cells, size);
            }
        solver_db_close(db);
        snprintf(source, source_bytes, "database %s", path);
        return 0;
    }
    struct retro_config cfg = {.game = g,
                               .variant = v,
                               .root = (tier_t)target << 8 | (tier_t)target,
                               .threads = threads,
                               .sink = profile_sink,
                               .sink_ctx = p};
    struct retro_stats st;
    if (retro_solve(&cfg, &st, err) != 0) {
        kulibrat_profile_free(p);
        return -1;
    }
    snprintf(source, source_bytes, "solved in memory");
    return 0;
}
