/* The thinking time of a UGI `go` (cli/ugi_clock.h). */
#include "cli/ugi_clock.h"

static double at_least(double seconds, double floor) {
    return seconds > floor ? seconds : floor;
}

/* A movetime is the limit itself; the search stops a little before it so
 * that the answer (a few hundred microseconds of work after the search)
 * arrives in time: a tenth of it, at most UGI_RESERVE_MS. */
static struct ugi_budget from_movetime(long movetime_ms) {
    double limit = (movetime_ms > 0 ? movetime_ms : 1) / 1000.0;
    double reserve = limit / 10 < UGI_RESERVE_MS / 1000.0 ? limit / 10
                                                          : UGI_RESERVE_MS / 1000.0;
    return (struct ugi_budget){.timed = true,
                               .search_s = at_least(limit - reserve,
                                                    UGI_MIN_BUDGET_MS / 1000.0),
                               .limit_s = limit};
}

/* A clock: the time left spread over UGI_CLOCK_MOVES moves plus most of the
 * increment, never more than 1/UGI_CLOCK_SHARE of what is left (so a run
 * of moves can never empty the clock: each takes a fifth of the rest at
 * most, and the increments come back), less the reserve. With an overhead
 * (each move's cost beyond its search, learnt), the time left is first
 * cut by that cost for those moves, and the move's own is kept back: the
 * clock then settles where the moves cost what the increment gives (and,
 * without one, near UGI_CLOCK_MOVES overheads) instead of running out. */
static struct ugi_budget from_clock(long left_ms, long inc_ms, double overhead) {
    double left = left_ms / 1000.0, inc = inc_ms > 0 ? inc_ms / 1000.0 : 0;
    double usable = left - UGI_CLOCK_MOVES * overhead;
    double share = (usable > 0 ? usable : 0) / UGI_CLOCK_MOVES + inc * 3 / 4;
    if (share > left / UGI_CLOCK_SHARE) share = left / UGI_CLOCK_SHARE;
    double reserve = share / 10 < UGI_RESERVE_MS / 1000.0 ? share / 10
                                                          : UGI_RESERVE_MS / 1000.0;
    if (overhead > reserve) reserve = overhead;
    /* Nearly out of time: a tenth of a millisecond still searches (a zero
     * time would mean the engine's own budget). */
    double search = at_least(share - reserve, UGI_LAST_GASP_MS / 1000.0);
    return (struct ugi_budget){.timed = true,
                               .search_s = search,
                               .limit_s = at_least(share, search),
                               .overhead_s = overhead};
}

/* What the last move cost beyond its search, from the clock now. Clocks
 * that do not follow on (a new game without uginewgame, a runner that
 * reset or topped up the clock) teach nothing. */
static void learn(struct ugi_lag *l, long left_ms) {
    if (!l->known) return;
    double charged = (l->left_ms + (l->inc_ms > 0 ? l->inc_ms : 0) - left_ms) / 1000.0;
    if (charged < 0 || charged > l->left_ms / 1000.0 + 1) return;
    double over = charged > l->search_s ? charged - l->search_s : 0;
    l->overhead_s = over > l->overhead_s ? over : (3 * l->overhead_s + over) / 4;
}

struct ugi_budget ugi_budget(const struct ugi_go *go, int player) {
    if (go->infinite) return (struct ugi_budget){0};
    if (go->movetime_ms >= 0) return from_movetime(go->movetime_ms);
    if (player < 0 || player >= UGI_MAX_PLAYERS || go->time_ms[player] < 0)
        return (struct ugi_budget){0};
    return from_clock(go->time_ms[player], go->inc_ms[player], 0);
}

struct ugi_budget ugi_budget_learning(const struct ugi_go *go, int player,
                                      struct ugi_lag *lag) {
    struct ugi_budget b = ugi_budget(go, player);
    if (!b.timed || go->movetime_ms >= 0) return b; /* no clock of the player's */
    struct ugi_lag *l = &lag[player];
    learn(l, go->time_ms[player]);
    b = from_clock(go->time_ms[player], go->inc_ms[player], l->overhead_s);
    l->known = true;
    l->left_ms = go->time_ms[player];
    l->inc_ms = go->inc_ms[player];
    l->search_s = b.search_s;
    return b;
}
