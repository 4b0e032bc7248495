/* libkibitz: perft with each root move's count, and its JSON document
 * (include/kibitz.h). */
#include "engine/timer.h"
#include "lib/kz_internal.h"
#include "lib/kz_json.h"
#include "search/perft.h"
#include "json/kjson_reports.h"

#include <stdio.h>
#include <stdlib.h>

uint64_t kz_perft_divide(const kz_state *s, int depth, int threads, kz_action *actions,
                         uint64_t *leaves, int cap, int *count) {
    if (count) *count = 0;
    if (!s || depth < 0 || depth > KZ_MAX_DEPTH || threads > KZ_MAX_THREADS) return 0;
    const struct game *g = s->game->g;
    move_t *moves = malloc(sizeof *moves * (size_t)g->max_moves);
    uint64_t *divide = malloc(sizeof *divide * (size_t)g->max_moves);
    int n = 0;
    uint64_t total = 0;
    if (moves && divide && depth >= 0) {
        total =
            perft_parallel(g, &s->game->v, s->bytes, depth, threads, moves, divide, &n);
        for (int i = 0; i < n && i < cap; i++) {
            if (actions) actions[i] = kz_action_of(moves[i]);
            if (leaves) leaves[i] = divide[i];
        }
    }
    if (count) *count = n;
    free(moves);
    free(divide);
    return total;
}

size_t kz_perft_json(const kz_state *s, int depth, int threads, int divide, char *json,
                     size_t n) {
    if (!s || depth < 0 || depth > KZ_MAX_DEPTH || threads > KZ_MAX_THREADS)
        return kz_no_text(json, n);
    const struct game *g = s->game->g;
    move_t *moves = malloc(sizeof *moves * (size_t)g->max_moves);
    uint64_t *counts = malloc(sizeof *counts * (size_t)g->max_moves);
    int count = 0;
    json_t *doc = NULL;
    if (moves && counts) {
        double start = timer_now();
        uint64_t leaves = perft_parallel(g, &s->game->v, s->bytes, depth, threads, moves,
                                         divide ? counts : NULL, &count);
        double seconds = timer_now() - start;
        doc = kjson_perft(g, &s->game->v, s->bytes, depth, leaves, seconds, threads,
                          moves, divide ? counts : NULL, count);
    }
    long need = kz_json_give(doc, json, n);
    free(moves);
    free(counts);
    return need < 0 ? 0 : (size_t)need;
}
