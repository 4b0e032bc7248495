/* df-pn's shared context: what a position is worth without search (a
 * leaf: over, known to the probe, or settled by the store or the other
 * proof) and why a search or check must stop (dfpn_ctx.h). */
#include "solve/dfpn_ctx.h"

#include "solve/fact_store.h"

/* What the store or the other proof settled of `state` (the mover `t` not
 * over): 1 the attacker wins, 0 it does not, -1 nothing known. */
int dfpn_settled(const struct dfpn_ctx *c, const void *state, int attacker, int t) {
    const struct game *g = c->g;
    _Alignas(8) unsigned char key[GAME_MAX_STATE_BYTES];
    if (c->cfg->isolated) return -1;
    /* A proof for the other attacker (sound wherever met) is a disproof. */
    uint64_t h = dfpn_key(c, state, 1 - attacker, key);
    const struct dfpn_slot *e = dfpn_table_find((struct dfpn_table *)&c->table, h, key);
    if (e && e->pn == 0) return 0;
    if (!c->cfg->store) return -1;
    int lo, hi;
    fact_store_key(g, c->v, state, key);
    if (!fact_store_get(c->cfg->store, key, &lo, &hi)) return -1;
    if (t == attacker) return lo == 1 ? 1 : hi <= 0 ? 0 : -1;
    return hi == -1 ? 1 : lo >= 0 ? 0 : -1;
}

bool dfpn_leaf(const struct dfpn_ctx *c, const void *state, int attacker, uint32_t *pn,
               uint32_t *dn) {
    const struct game *g = c->g;
    int t = g->turn(c->v, state);
    int win;
    retro_cell cell;
    if (t == TURN_OVER) {
        double ret[GAME_MAX_PLAYERS];
        g->returns(c->v, state, ret);
        win = ret[attacker] > 0;
    } else if (c->cfg->probe &&
               retro_is_value(cell = c->cfg->probe(c->cfg->probe_ctx, state))) {
        int o = retro_outcome(cell);
        win = (o == RETRO_OUTCOME_WIN && t == attacker) ||
              (o == RETRO_OUTCOME_LOSS && t != attacker);
    } else if ((win = dfpn_settled(c, state, attacker, t)) < 0) {
        return false;
    }
    *pn = win ? 0 : DFPN_INF;
    *dn = win ? DFPN_INF : 0;
    return true;
}

const char *dfpn_stop_reason(const struct dfpn_ctx *c, double now) {
    if (c->cfg->interrupt && *c->cfg->interrupt) return "interrupted";
    if (c->deadline > 0 && now >= c->deadline) return "time limit";
    return NULL;
}
