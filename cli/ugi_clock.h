/*
 * ugi_clock.h - how long a UGI `go` may think (docs/UGI.md, "Time"): from
 * `movetime` or from the mover's clock, a search budget that leaves a
 * reserve for what follows the search (joining the threads, the report, the
 * pipe to the runner) and a limit no answer should pass.
 *
 * Pure arithmetic on the parsed command (cli/ugi_parse.h), so that it can be
 * tested alone (tests/test_ugi_parse.c).
 */
#ifndef KIBITZ_UGI_CLOCK_H
#define KIBITZ_UGI_CLOCK_H

#include "cli/ugi_parse.h"

#include <stdbool.h>

enum {
    UGI_RESERVE_MS = 5,     /* most kept back from a movetime for the answer */
    UGI_CLOCK_MOVES = 25,   /* a clock is spent as if this many moves remain */
    UGI_CLOCK_SHARE = 5,    /* never more than 1/this of the time left */
    UGI_MIN_BUDGET_MS = 1,  /* the least a movetime search is given */
};
#define UGI_LAST_GASP_MS 0.1 /* the least a search on a clock is given */

struct ugi_budget {
    bool timed;      /* false: the search is bounded by depth, nodes or `stop` */
    double search_s; /* the search's own time limit (its hard stop) */
    double limit_s;  /* the time the answer must come within */
    double overhead_s; /* kept back for what the runner charges beyond it */
};

/* The budget of `go` for `player` (0-based; < 0 at a simultaneous node when
 * no player is known). `go depth`/`nodes` alone and `go infinite` are not
 * timed; a clock that was not given for the player is not either. */
struct ugi_budget ugi_budget(const struct ugi_go *go, int player);

/* What a player's moves cost on the runner's clock beyond their searches
 * (the pipe, the runner's own work, waiting for a processor on a loaded
 * machine), learnt from the clocks the runner sends: the clock went from
 * `left_ms` (+ `inc_ms`) at the player's last timed `go` to what the next
 * `go` says, and the search had `search_s` of it. A clock spent as if moves
 * were free runs out whenever that cost exceeds a quarter of the increment
 * (tests/test_ugi_parse.c), so each budget keeps the estimate back. */
struct ugi_lag {
    bool known; /* a timed `go` of this player earlier in the game */
    long left_ms, inc_ms;
    double search_s;
    double overhead_s; /* the estimate: rises at once, decays slowly */
};

/* ugi_budget for a game in progress: learns from `lag` (UGI_MAX_PLAYERS
 * entries, zeroed at a new game) and keeps the estimate back from a clock
 * budget; a `movetime` budget is what the runner asked, as before. */
struct ugi_budget ugi_budget_learning(const struct ugi_go *go, int player,
                                      struct ugi_lag *lag);

#endif
