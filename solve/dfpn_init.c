/* df-pn's numbers for positions it has not searched yet (see enum dfpn_init
 * in dfpn.h): knowledge that orders the search, never a value. */
#include "solve/dfpn_ctx.h"

#include <math.h>
#include <string.h>

static const struct {
    const char *name;
    enum dfpn_init init;
} names[] = {{"uniform", DFPN_INIT_UNIFORM},
             {"eval", DFPN_INIT_EVAL},
             {"mobility", DFPN_INIT_MOBILITY},
             {"material", DFPN_INIT_MATERIAL}};

const char *dfpn_init_name(enum dfpn_init init) {
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (names[i].init == init) return names[i].name;
    return "unknown";
}

int dfpn_init_parse(const char *name, enum dfpn_init *out) {
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (strcmp(name, names[i].name) == 0) {
            *out = names[i].init;
            return 0;
        }
    return -1;
}

/* 4 * 2^x, rounded, within [1, DFPN_INIT_MAX]: 4 leaves room below an even
 * position for better ones while staying near plain df-pn's scale. */
static uint32_t scaled(double x) {
    double v = 4.0 * exp2(x);
    if (!(v >= 1.0)) return 1; /* also NaN */
    if (v >= DFPN_INIT_MAX) return DFPN_INIT_MAX;
    return (uint32_t)lround(v);
}

void dfpn_initial_numbers(const struct dfpn_ctx *c, const void *state, int attacker,
                          uint32_t *pn, uint32_t *dn) {
    const struct game *g = c->g;
    *pn = *dn = 1;
    switch (c->cfg->init) {
    case DFPN_INIT_EVAL:
        if (g->evaluate) {
            /* Sixteen doublings across the scale: an eighth of it (Kerx:
             * about one piece up in twelve) is a factor 4 each way. */
            double x = 16.0 * g->evaluate(c->v, state, attacker) / GAME_EVAL_MAX;
            *pn = scaled(-x);
            *dn = scaled(x);
        }
        break;
    case DFPN_INIT_MATERIAL:
    case DFPN_INIT_MOBILITY: {
        move_t moves[g->max_moves > 0 ? g->max_moves : 1];
        int k = g->moves(c->v, state, moves);
        uint32_t n = k < 1 ? 1 : k > DFPN_INIT_MAX ? DFPN_INIT_MAX : (uint32_t)k;
        if (g->turn(c->v, state) == attacker)
            *dn = n;
        else
            *pn = n;
        if (c->cfg->init == DFPN_INIT_MATERIAL && g->evaluate) {
            /* Eight doublings across the scale (Kerx: a piece up in 12
             * about halves pn and doubles dn). */
            double x = 8.0 * g->evaluate(c->v, state, attacker) / GAME_EVAL_MAX;
            *pn = scaled(log2(*pn / 4.0) - x);
            *dn = scaled(log2(*dn / 4.0) + x);
        }
        break;
    }
    case DFPN_INIT_UNIFORM: break;
    }
}
