/*
 * kerx_test_util.h - helpers shared by the Kerx tests: build variants and
 * positions from cell names, and list a position's moves as text.
 */
#ifndef KIBITZ_KERX_TEST_UTIL_H
#define KIBITZ_KERX_TEST_UTIL_H

#include "engine/variant.h"
#include "games/kerx/kerx.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static inline void kt_variant(struct variant *v, const char *spec) {
    char err[GAME_ERROR_BYTES];
    variant_init(&kerx_game, v);
    if (spec && variant_parse(&kerx_game, v, spec, err) != 0) {
        fprintf(stderr, "bad variant %s: %s\n", spec, err);
        abort();
    }
}

static inline int kt_cell(const struct kerx_geom *g, const char *name) {
    int file = name[0] - 'a';
    int row = atoi(name + 1) - 1;
    int cell = kerx_cell(g, file, row);
    if (cell < 0) {
        fprintf(stderr, "no cell %s\n", name);
        abort();
    }
    return cell;
}

/* Position from space-separated cell lists for white and black. */
static inline void kt_setup(const struct variant *v, struct kerx_state *s,
                            const char *white, const char *black, int side) {
    const struct kerx_geom *g = kerx_geom_of(v);
    memset(s, 0, sizeof *s);
    const char *lists[2] = {white, black};
    for (int p = 0; p < 2; p++) {
        char buf[512];
        snprintf(buf, sizeof buf, "%s", lists[p]);
        char *save = NULL;
        for (char *t = strtok_r(buf, " ", &save); t; t = strtok_r(NULL, " ", &save)) {
            int c = kt_cell(g, t);
            s->pieces[p][c >> 6] |= UINT64_C(1) << (c & 63);
        }
    }
    s->side = (uint8_t)side;
}

static int kt_compare(const void *a, const void *b) {
    return strcmp((const char *)a, (const char *)b);
}

/* The moves as sorted text, joined by spaces, into `buf`; returns the count. */
static inline int kt_moves_text(const struct variant *v, const struct kerx_state *s,
                                char *buf, size_t n) {
    move_t moves[KERX_MAX_MOVES];
    char(*names)[160] = malloc(sizeof(char[KERX_MAX_MOVES][160]));
    int count = kerx_game.moves(v, s, moves);
    for (int i = 0; i < count; i++)
        kerx_game.format_move(v, s, moves[i], names[i], sizeof names[i]);
    qsort(names, (size_t)count, sizeof names[0], kt_compare);
    buf[0] = '\0';
    for (int i = 0; i < count; i++) {
        if (i) strncat(buf, " ", n - strlen(buf) - 1);
        strncat(buf, names[i], n - strlen(buf) - 1);
    }
    free(names);
    return count;
}

#endif
