/* `greedy`: the move whose position evaluates best for the mover, one ply
 * ahead (search/greedy.h); over worlds sampled from the view on games with
 * hidden information, averaged over the others' options at a simultaneous
 * node. */
#include "search/agent.h"
#include "search/greedy.h"

static int greedy_search(struct agent *a, const struct game *g, const struct variant *v,
                         const void *state, const struct engine_budget *b,
                         struct engine_report *out, bool *runtime, char *err) {
    (void)runtime, (void)err;
    if (b->player >= 0)
        out->move = greedy_choose_joint(g, v, state, b->player, b->seed);
    else if (g->turn(v, state) < 0)
        return 0;
    else
        out->move = a->hidden ? greedy_choose_view(g, v, state, b->seed)
                              : greedy_choose(g, v, state, b->seed);
    out->has_move = true;
    return 0;
}

const struct engine greedy_engine = {
    .name = "greedy",
    .summary = "the best evaluation one ply ahead",
    .plays = ENGINE_PLAYS_ALL,
    .search = greedy_search,
};
