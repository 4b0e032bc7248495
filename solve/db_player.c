/* The perfect player's choice (solve/db_player.h). */
#include "solve/db_player.h"

int db_player_move_values(const struct game *g, const struct variant *v,
                          const void *state, retro_lookup_fn probe, void *ctx,
                          move_t *moves, retro_cell *values) {
    if (g->turn(v, state) < 0) return -1;
    move_t listed[g->max_moves];
    retro_cell cells[g->max_moves], best;
    int n = retro_move_values(g, v, state, probe, ctx, &best, cells);
    g->moves(v, state, listed);
    /* Insertion sort, best first: stable, so ties keep generator order. */
    for (int i = 0; i < n; i++) {
        if (!retro_is_value(cells[i])) return -1;
        int j = i;
        for (; j > 0 && retro_better(cells[i], values[j - 1]); j--) {
            moves[j] = moves[j - 1];
            values[j] = values[j - 1];
        }
        moves[j] = listed[i];
        values[j] = cells[i];
    }
    return n > 0 ? n : -1;
}

int db_player_best(const struct game *g, const struct variant *v, const void *state,
                   retro_lookup_fn probe, void *ctx, move_t *move, retro_cell *value) {
    move_t moves[g->max_moves];
    retro_cell values[g->max_moves];
    if (db_player_move_values(g, v, state, probe, ctx, moves, values) < 0) return -1;
    *move = moves[0];
    *value = values[0];
    return 0;
}

static void value_words(retro_cell c, const char **word, int *rem) {
    int o = retro_outcome(c);
    *word = o == RETRO_OUTCOME_WIN ? "win" : o == RETRO_OUTCOME_LOSS ? "loss" : "draw";
    *rem = retro_remoteness(c);
}

int db_player_report(const struct game *g, const struct variant *v, const void *state,
                     retro_lookup_fn probe, void *ctx, const char *path, bool all_moves,
                     FILE *out) {
    move_t moves[g->max_moves];
    retro_cell values[g->max_moves];
    int n = db_player_move_values(g, v, state, probe, ctx, moves, values);
    if (n < 0) return -1;
    db_player_print(g, v, state, moves, values, n, path, all_moves, out);
    return 0;
}

void db_player_print(const struct game *g, const struct variant *v, const void *state,
                     const move_t *moves, const retro_cell *values, int n,
                     const char *path, bool all_moves, FILE *out) {
    char text[64];
    const char *word;
    int rem;
    g->format_move(v, state, moves[0], text, sizeof text);
    value_words(values[0], &word, &rem);
    fprintf(out, "bestmove %s\n", text);
    if (retro_outcome(values[0]) == RETRO_OUTCOME_DRAW)
        fprintf(out, "value draw (perfect play, database %s)\n", path);
    else
        fprintf(out, "value %s in %d (perfect play, database %s)\n", word, rem, path);
    if (all_moves)
        for (int k = 0; k < n; k++) {
            g->format_move(v, state, moves[k], text, sizeof text);
            char ctext[32];
            retro_cell_text(values[k], ctext, sizeof ctext);
            fprintf(out, "  %-10s %s\n", text, ctext);
        }
}
