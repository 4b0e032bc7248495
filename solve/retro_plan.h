/*
 * retro_plan.h - the tiers below a root tier for the retrograde solver: each
 * tier once, its child tiers (in `tier_children` order), its depth (one more
 * than its deepest child) and size, and the solve order (by depth, then tier
 * id), which is also the order of the tiers in a solver database. Shared by
 * the in-process solve (retro.c) and the MPI one (retro_dist.c), so both
 * see the same tiers in the same order.
 */
#ifndef KIBITZ_RETRO_PLAN_H
#define KIBITZ_RETRO_PLAN_H

#include "engine/game.h"
#include "solve/retro_cell.h"
#include "solve/retro_graph.h"

struct retro_node {
    tier_t id;
    int depth; /* -1: being visited, -2: not yet */
    int kids[RETRO_MAX_SLOTS];
    int nkids;
    int parents_left; /* tiers still to solve that need this one */
    bool preloaded;   /* values came from cfg->preload */
    uint64_t size;
    retro_cell *values;
    struct retro_counts counts; /* of its values, once solved */
};

struct retro_plan {
    struct retro_node *nodes;
    int count, capacity;
    int *slot; /* open-addressing map tier -> node index, -1 empty */
    int slot_mask;
};

/* Build the plan and its solve order (malloc'd indices into p->nodes).
 * 0, or -1 with `err` (empty for out of memory). */
int retro_plan_build(struct retro_plan *p, const struct game *g, const struct variant *v,
                     tier_t root, int **order, char *err);
void retro_plan_free(struct retro_plan *p);

#endif
