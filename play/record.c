/* Game records in memory (see record.h). */
#include "play/record.h"
#include "engine/variant.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void record_init(struct game_record *r, const struct game *g, const struct variant *v,
                 const void *start) {
    memset(r, 0, sizeof *r);
    r->game = g;
    r->variant = *v;
    memcpy(r->start, start, g->state_size);
    r->seats = variant_players(g, v);
    for (int p = 0; p < GAME_MAX_PLAYERS; p++) strcpy(r->players[p], "?");
}

void record_free(struct game_record *r) {
    free(r->steps);
    r->steps = NULL;
    r->count = r->capacity = 0;
}

void record_set_player(struct game_record *r, int seat, const char *who) {
    if (seat >= 0 && seat < GAME_MAX_PLAYERS)
        snprintf(r->players[seat], sizeof r->players[seat], "%s", who);
}

static struct record_step *next_step(struct game_record *r) {
    if (r->count == r->capacity) {
        int capacity = r->capacity ? 2 * r->capacity : 64;
        struct record_step *steps = realloc(r->steps, (size_t)capacity * sizeof *steps);
        if (!steps) return NULL;
        r->steps = steps;
        r->capacity = capacity;
    }
    struct record_step *s = &r->steps[r->count];
    memset(s, 0, sizeof *s);
    return s;
}

int record_add_move(struct game_record *r, const void *before, move_t move) {
    int turn = r->game->turn(&r->variant, before);
    if (turn == TURN_OVER) return -1;
    struct record_step *s = next_step(r);
    if (!s) return -1;
    s->turn = turn;
    s->move = move;
    r->count++;
    return 0;
}

int record_add_joint(struct game_record *r, const void *before,
                     const move_t choice[GAME_MAX_PLAYERS]) {
    if (r->game->turn(&r->variant, before) != TURN_SIMULTANEOUS) return -1;
    struct record_step *s = next_step(r);
    if (!s) return -1;
    s->turn = TURN_SIMULTANEOUS;
    s->acting = r->game->acting(&r->variant, before);
    for (int p = 0; p < GAME_MAX_PLAYERS; p++)
        if (s->acting & (1u << p)) s->choice[p] = choice[p];
    r->count++;
    return 0;
}

void record_replay(const struct game_record *r, int steps, void *state) {
    const struct game *g = r->game;
    memcpy(state, r->start, g->state_size);
    for (int i = 0; i < steps && i < r->count; i++) {
        const struct record_step *s = &r->steps[i];
        if (s->turn == TURN_SIMULTANEOUS && s->acting)
            g->apply_joint(&r->variant, state, s->choice);
        else
            g->apply(&r->variant, state, s->move);
    }
}
