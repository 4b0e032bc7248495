/* The Kotra board table (the project's own layout: see kotra_board.h and
 * RULES.md). Spaces are numbered in reading order from the top-left, the
 * upper triangle of a split cell before the lower one. The neighbour lists
 * were generated from the cell geometry; tests/test_kotra_board.c recomputes
 * them from (row, col, part) and checks they agree. */
#include "games/kotra/kotra_board.h"

#include <pthread.h>
#include <string.h>

const struct kotra_space kotra_board[KOTRA_SPACES] = {
    {"b9", 0, 1, PART_F, TERRAIN_DUTY, KOTRA_SILVER, 2, {1, 6, -1, -1}, 46},
    {"c9", 0, 2, PART_F, TERRAIN_LOYALTY, KOTRA_SILVER, 3, {0, 2, 7, -1}, 47},
    {"d9", 0, 3, PART_F, TERRAIN_BASE, KOTRA_SILVER, 3, {1, 3, 8, -1}, 48},
    {"e9", 0, 4, PART_F, TERRAIN_FAMILY, KOTRA_SILVER, 3, {2, 4, 9, -1}, 49},
    {"f9", 0, 5, PART_F, TERRAIN_PLAIN, KOTRA_SILVER, 2, {3, 10, -1, -1}, 50},
    {"a8", 1, 0, PART_LR, TERRAIN_SAFETY, KOTRA_SILVER, 2, {6, 12, -1, -1}, 39},
    {"b8", 1, 1, PART_F, TERRAIN_RETREAT, KOTRA_SILVER, 4, {0, 5, 7, 13}, 40},
    {"c8", 1, 2, PART_F, TERRAIN_BONUS2, KOTRA_SILVER, 4, {1, 6, 8, 14}, 41},
    {"d8", 1, 3, PART_F, TERRAIN_DEFENSE, KOTRA_SILVER, 4, {2, 7, 9, 15}, 42},
    {"e8", 1, 4, PART_F, TERRAIN_BONUS2, KOTRA_SILVER, 4, {3, 8, 10, 16}, 43},
    {"f8", 1, 5, PART_F, TERRAIN_RETREAT, KOTRA_SILVER, 4, {4, 9, 11, 17}, 44},
    {"g8", 1, 6, PART_LL, TERRAIN_SAFETY, KOTRA_SILVER, 2, {10, 18, -1, -1}, 45},
    {"a7", 2, 0, PART_UR, TERRAIN_DOOR, KOTRA_SILVER, 2, {5, 13, -1, -1}, 32},
    {"b7", 2, 1, PART_F, TERRAIN_BOG, KOTRA_SILVER, 3, {6, 12, 14, -1}, 33},
    {"c7", 2, 2, PART_F, TERRAIN_BONUS1, KOTRA_SILVER, 4, {7, 13, 15, 19}, 34},
    {"d7", 2, 3, PART_F, TERRAIN_PROMOTION, KOTRA_SILVER, 4, {8, 14, 16, 21}, 35},
    {"e7", 2, 4, PART_F, TERRAIN_BONUS1, KOTRA_SILVER, 4, {9, 15, 17, 22}, 36},
    {"f7", 2, 5, PART_F, TERRAIN_BOG, KOTRA_SILVER, 3, {10, 16, 18, -1}, 37},
    {"g7", 2, 6, PART_UL, TERRAIN_DOOR, KOTRA_SILVER, 2, {11, 17, -1, -1}, 38},
    {"c6n", 3, 2, PART_UL, TERRAIN_ADVANCE, KOTRA_SILVER, 2, {14, 20, -1, -1}, 28},
    {"c6s", 3, 2, PART_LR, TERRAIN_BOUNDARY, KOTRA_SILVER, 3, {19, 21, 24, -1}, 27},
    {"d6", 3, 3, PART_F, TERRAIN_BOUNDARY, KOTRA_SILVER, 4, {15, 20, 23, 25}, 29},
    {"e6n", 3, 4, PART_UR, TERRAIN_ADVANCE, KOTRA_SILVER, 2, {16, 23, -1, -1}, 31},
    {"e6s", 3, 4, PART_LL, TERRAIN_BOUNDARY, KOTRA_SILVER, 3, {21, 22, 26, -1}, 30},
    {"c5", 4, 2, PART_F, TERRAIN_ATTACK, KOTRA_NEUTRAL, 3, {20, 25, 27, -1}, 24},
    {"d5", 4, 3, PART_F, TERRAIN_PLAIN, KOTRA_NEUTRAL, 4, {21, 24, 26, 29}, 25},
    {"e5", 4, 4, PART_F, TERRAIN_ATTACK, KOTRA_NEUTRAL, 3, {23, 25, 30, -1}, 26},
    {"c4n", 5, 2, PART_UR, TERRAIN_BOUNDARY, KOTRA_GOLD, 3, {24, 28, 29, -1}, 20},
    {"c4s", 5, 2, PART_LL, TERRAIN_ADVANCE, KOTRA_GOLD, 2, {27, 34, -1, -1}, 19},
    {"d4", 5, 3, PART_F, TERRAIN_BOUNDARY, KOTRA_GOLD, 4, {25, 27, 30, 35}, 21},
    {"e4n", 5, 4, PART_UL, TERRAIN_BOUNDARY, KOTRA_GOLD, 3, {26, 29, 31, -1}, 23},
    {"e4s", 5, 4, PART_LR, TERRAIN_ADVANCE, KOTRA_GOLD, 2, {30, 36, -1, -1}, 22},
    {"a3", 6, 0, PART_LR, TERRAIN_DOOR, KOTRA_GOLD, 2, {33, 39, -1, -1}, 12},
    {"b3", 6, 1, PART_F, TERRAIN_BOG, KOTRA_GOLD, 3, {32, 34, 40, -1}, 13},
    {"c3", 6, 2, PART_F, TERRAIN_BONUS1, KOTRA_GOLD, 4, {28, 33, 35, 41}, 14},
    {"d3", 6, 3, PART_F, TERRAIN_PROMOTION, KOTRA_GOLD, 4, {29, 34, 36, 42}, 15},
    {"e3", 6, 4, PART_F, TERRAIN_BONUS1, KOTRA_GOLD, 4, {31, 35, 37, 43}, 16},
    {"f3", 6, 5, PART_F, TERRAIN_BOG, KOTRA_GOLD, 3, {36, 38, 44, -1}, 17},
    {"g3", 6, 6, PART_LL, TERRAIN_DOOR, KOTRA_GOLD, 2, {37, 45, -1, -1}, 18},
    {"a2", 7, 0, PART_UR, TERRAIN_SAFETY, KOTRA_GOLD, 2, {32, 40, -1, -1}, 5},
    {"b2", 7, 1, PART_F, TERRAIN_RETREAT, KOTRA_GOLD, 4, {33, 39, 41, 46}, 6},
    {"c2", 7, 2, PART_F, TERRAIN_BONUS2, KOTRA_GOLD, 4, {34, 40, 42, 47}, 7},
    {"d2", 7, 3, PART_F, TERRAIN_DEFENSE, KOTRA_GOLD, 4, {35, 41, 43, 48}, 8},
    {"e2", 7, 4, PART_F, TERRAIN_BONUS2, KOTRA_GOLD, 4, {36, 42, 44, 49}, 9},
    {"f2", 7, 5, PART_F, TERRAIN_RETREAT, KOTRA_GOLD, 4, {37, 43, 45, 50}, 10},
    {"g2", 7, 6, PART_UL, TERRAIN_SAFETY, KOTRA_GOLD, 2, {38, 44, -1, -1}, 11},
    {"b1", 8, 1, PART_F, TERRAIN_DUTY, KOTRA_GOLD, 2, {40, 47, -1, -1}, 0},
    {"c1", 8, 2, PART_F, TERRAIN_LOYALTY, KOTRA_GOLD, 3, {41, 46, 48, -1}, 1},
    {"d1", 8, 3, PART_F, TERRAIN_BASE, KOTRA_GOLD, 3, {42, 47, 49, -1}, 2},
    {"e1", 8, 4, PART_F, TERRAIN_FAMILY, KOTRA_GOLD, 3, {43, 48, 50, -1}, 3},
    {"f1", 8, 5, PART_F, TERRAIN_PLAIN, KOTRA_GOLD, 2, {44, 49, -1, -1}, 4},
};

static const char *const terrain_names[TERRAIN_KINDS] = {
    "plain",  "loyalty", "boundary",        "door",      "capture+1", "attack",
    "bog",    "advance", "promotion",       "capture+2", "family",    "retreat",
    "safety", "duty",    "defense of home", "base",
};

const char *kotra_terrain_name(int terrain) {
    return terrain >= 0 && terrain < TERRAIN_KINDS ? terrain_names[terrain] : "?";
}

static struct kotra_masks masks;
static pthread_once_t masks_once = PTHREAD_ONCE_INIT;

static void masks_build(void) {
    for (int i = 0; i < KOTRA_SPACES; i++) {
        const struct kotra_space *sp = &kotra_board[i];
        for (int k = 0; k < sp->degree; k++) masks.next[i] |= UINT64_C(1) << sp->next[k];
        if (sp->terrain == TERRAIN_DOOR) masks.door |= UINT64_C(1) << i;
        /* The door network: each door with its mirror image across the
         * centre line (a door's mirror is a door: the board test checks the
         * two territories mirror each other). */
        if (sp->terrain == TERRAIN_DOOR && sp->mirror >= 0 &&
            kotra_board[sp->mirror].terrain == TERRAIN_DOOR)
            masks.link[i] = UINT64_C(1) << sp->mirror;
    }
}

const struct kotra_masks *kotra_masks(void) {
    pthread_once(&masks_once, masks_build);
    return &masks;
}

int kotra_space_find(const char *name) {
    for (int i = 0; i < KOTRA_SPACES; i++)
        if (strcmp(kotra_board[i].name, name) == 0) return i;
    return KOTRA_NONE;
}

int kotra_space_of(int player, int terrain) {
    for (int i = 0; i < KOTRA_SPACES; i++)
        if (kotra_board[i].zone == player && kotra_board[i].terrain == terrain) return i;
    return KOTRA_NONE;
}
