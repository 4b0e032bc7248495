/* Golden playthroughs: for every registered game, its default variant and
 * each other choice of its enumerated variant keys (the main variants), a
 * seeded random game is written as a transcript (position, who acts, the
 * legal moves or options, chance probabilities, the mover's view and
 * observation where the game has them, the move taken, the returns) and
 * compared with the committed file tests/golden/<game>[,key=value].txt.
 * A change of rules, notation or observation shows up as a diff there.
 * KIBITZ_GOLDEN_WRITE=1 rewrites the files (after a deliberate change;
 * review the diff before committing). */
#include "engine/registry.h"
#include "engine/rng.h"
#include "engine/variant.h"
#include "support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { MAX_PLIES = 400, TEXT = 4096, TRANSCRIPT = 1 << 20, SEED = 20261128 };

struct transcript {
    char *text;
    size_t used;
};

static void put(struct transcript *t, const char *format, ...) {
    va_list args;
    va_start(args, format);
    int k = vsnprintf(t->text + t->used, TRANSCRIPT - t->used, format, args);
    va_end(args);
    if (k < 0 || t->used + (size_t)k >= TRANSCRIPT) fail_msg("transcript too long");
    t->used += (size_t)k;
}

static void put_moves(struct transcript *t, const struct game *g, const struct variant *v,
                      const void *state, const char *label, const move_t *moves, int n) {
    char text[TEXT];
    put(t, "%s (%d):", label, n);
    for (int i = 0; i < n; i++) {
        g->format_move(v, state, moves[i], text, sizeof text);
        put(t, " %s", text);
    }
    put(t, "\n");
}

/* What `player` is shown: the view (hidden information) and the
 * observation tensor's shape and two sums (enough to see any change). */
static void put_observation(struct transcript *t, const struct game *g,
                            const struct variant *v, const void *state, int player) {
    _Alignas(16) unsigned char view[GAME_MAX_STATE_BYTES];
    memcpy(view, state, g->state_size);
    if (g->flags & GAME_HAS_HIDDEN) {
        char text[TEXT];
        g->view(v, view, player);
        g->format_position(v, view, text, sizeof text);
        put(t, "view %s: %s\n", g->player_name(v, player), text);
    }
    if (!g->observe) return;
    int dims[3] = {1, 1, 1};
    int rank = g->observe(v, view, player, NULL, dims);
    size_t size = 1;
    for (int d = 0; d < rank; d++) size *= (size_t)dims[d];
    float *out = calloc(size, sizeof *out);
    assert_non_null(out);
    g->observe(v, view, player, out, dims);
    double sum = 0, weighted = 0;
    for (size_t i = 0; i < size; i++) sum += out[i], weighted += (double)(i % 997 + 1) * out[i];
    put(t, "observation %s: rank %d, %zu floats, sum %.6g, weighted %.6g\n",
        g->player_name(v, player), rank, size, sum, weighted);
    free(out);
}

/* One step of the game from `state`, written to `t`; false at the end. */
static bool step(struct transcript *t, const struct game *g, const struct variant *v,
                 void *state, struct rng *r) {
    char text[TEXT];
    g->format_position(v, state, text, sizeof text);
    put(t, "position %s\n", text);
    int turn = g->turn(v, state);
    move_t *moves = malloc(sizeof *moves * (size_t)g->max_moves);
    assert_non_null(moves);
    bool going = true;
    if (turn == TURN_OVER) {
        double returns[GAME_MAX_PLAYERS];
        g->returns(v, state, returns);
        put(t, "over; returns");
        for (int p = 0; p < variant_players(g, v); p++) put(t, " %+.6g", returns[p] + 0.0);
        put(t, "\n");
        going = false;
    } else if (turn == TURN_CHANCE) {
        int n = g->moves(v, state, moves);
        double prob[n > 0 ? n : 1], x = rng_unit(r), total = 0;
        g->chance(v, state, moves, n, prob);
        put_moves(t, g, v, state, "chance outcomes", moves, n);
        put(t, "probabilities:");
        int pick = -1; /* the first outcome whose running total passes x */
        for (int i = 0; i < n; i++) {
            put(t, " %.6g", prob[i]);
            total += prob[i];
            if (pick < 0 && x < total) pick = i;
        }
        if (pick < 0) pick = n - 1; /* rounding left x above the total */
        g->format_move(v, state, moves[pick], text, sizeof text);
        put(t, "\nchance gives %s\n", text);
        g->apply(v, state, moves[pick]);
    } else if (turn == TURN_SIMULTANEOUS) {
        unsigned acting = g->acting(v, state);
        move_t choice[GAME_MAX_PLAYERS] = {0};
        for (int p = 0; p < variant_players(g, v); p++) {
            if (!(acting >> p & 1u)) continue;
            int n = g->joint_moves(v, state, p, moves);
            char label[64];
            snprintf(label, sizeof label, "options of %s", g->player_name(v, p));
            put_moves(t, g, v, state, label, moves, n);
            put_observation(t, g, v, state, p);
            choice[p] = moves[rng_below(r, (uint32_t)n)];
        }
        g->apply_joint(v, state, choice);
        put(t, "joint choice made\n");
    } else {
        int n = g->moves(v, state, moves);
        put(t, "%s to move\n", g->player_name(v, turn));
        put_moves(t, g, v, state, "moves", moves, n);
        put_observation(t, g, v, state, turn);
        move_t m = moves[rng_below(r, (uint32_t)n)];
        g->format_move(v, state, m, text, sizeof text);
        put(t, "plays %s\n", text);
        g->apply(v, state, m);
    }
    free(moves);
    return going;
}

static void transcript_of(const struct game *g, const char *spec, struct transcript *t) {
    struct variant v;
    variant_init(g, &v);
    char err[GAME_ERROR_BYTES], text[TEXT];
    if (spec && variant_parse(g, &v, spec, err)) fail_msg("%s %s: %s", g->name, spec, err);
    variant_format(g, &v, text, sizeof text);
    put(t, "game %s\nvariant %s\nseed %d\n", g->name, text, SEED);
    _Alignas(16) unsigned char state[GAME_MAX_STATE_BYTES];
    memset(state, 0, sizeof state);
    g->start(&v, state);
    struct rng r;
    rng_seed(&r, SEED);
    int ply = 0;
    while (step(t, g, &v, state, &r))
        if (++ply == MAX_PLIES) {
            put(t, "stopped after %d plies\n", MAX_PLIES);
            break;
        }
}

static void check_file(const char *name, const struct transcript *t) {
    char path[512];
    snprintf(path, sizeof path, "%s/tests/golden/%s.txt", KIBITZ_SOURCE_DIR, name);
    const char *write = getenv("KIBITZ_GOLDEN_WRITE");
    if (write && strcmp(write, "1") == 0) {
        FILE *f = fopen(path, "wb");
        assert_non_null(f);
        assert_int_equal(fwrite(t->text, 1, t->used, f), t->used);
        assert_int_equal(fclose(f), 0);
        return;
    }
    FILE *f = fopen(path, "rb");
    if (!f) fail_msg("no %s (write it with KIBITZ_GOLDEN_WRITE=1)", path);
    char *old = malloc(TRANSCRIPT);
    assert_non_null(old);
    size_t n = fread(old, 1, TRANSCRIPT, f);
    fclose(f);
    size_t same = 0;
    while (same < n && same < t->used && old[same] == t->text[same]) same++;
    if (same != n || same != t->used) {
        size_t line = 1;
        for (size_t i = 0; i < same; i++) line += t->text[i] == '\n';
        free(old);
        fail_msg("%s differs from the playthrough at line %zu", path, line);
    }
    free(old);
}

/* The default variant, then each other choice of an enumerated key. */
static void test_playthroughs(void **unused) {
    (void)unused;
    int count;
    const struct game *const *games = registry_games(&count);
    struct transcript t = {malloc(TRANSCRIPT), 0};
    assert_non_null(t.text);
    for (int i = 0; i < count; i++) {
        const struct game *g = games[i];
        t.used = 0;
        transcript_of(g, NULL, &t);
        check_file(g->name, &t);
        for (const struct variant_param *k = g->variant_params; k->name; k++) {
            if (k->type != VARIANT_CHOICE) continue;
            for (int c = 0; k->choices[c]; c++) {
                const char *choice = k->choices[c];
                if (c == k->fallback) continue;
                char spec[300], name[400];
                snprintf(spec, sizeof spec, "%s=%s", k->name, choice);
                snprintf(name, sizeof name, "%s,%s", g->name, spec);
                t.used = 0;
                transcript_of(g, spec, &t);
                check_file(name, &t);
            }
        }
    }
    free(t.text);
}

int main(void) {
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_playthroughs)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
