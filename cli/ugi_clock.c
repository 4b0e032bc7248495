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
 * most, and the increments come back), less the reserve. */
static struct ugi_budget from_clock(long left_ms, long inc_ms) {
    double left = left_ms / 1000.0, inc = inc_ms > 0 ? inc_ms / 1000.0 : 0;
    double share = left / UGI_CLOCK_MOVES + inc * 3 / 4;
    if (share > left / UGI_CLOCK_SHARE) share = left / UGI_CLOCK_SHARE;
    double reserve = share / 10 < UGI_RESERVE_MS / 1000.0 ? share / 10
                                                          : UGI_RESERVE_MS / 1000.0;
    /* Nearly out of time: a tenth of a millisecond still searches (a zero
     * time would mean the engine's own budget). */
    double search = at_least(share - reserve, UGI_LAST_GASP_MS / 1000.0);
    return (struct ugi_budget){
        .timed = true, .search_s = search, .limit_s = at_least(share, search)};
}

struct ugi_budget ugi_budget(const struct ugi_go *go, int player) {
    if (go->infinite) return (struct ugi_budget){0};
    if (go->movetime_ms >= 0) return from_movetime(go->movetime_ms);
    if (player < 0 || player >= UGI_MAX_PLAYERS || go->time_ms[player] < 0)
        return (struct ugi_budget){0};
    return from_clock(go->time_ms[player], go->inc_ms[player]);
}
