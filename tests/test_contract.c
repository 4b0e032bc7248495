/* The game contract (engine/game.h) checked on every registered game: a game
 * gets these checks by being listed in engine/registry.c, nothing else.
 *
 * On random games from the start of the default variant (fixed seeds):
 * - the struct itself: required callbacks present, the flags backed by their
 *   callbacks, sizes within the limits, the variant text read back;
 * - canonical bytes: the start position and every parsed position are the
 *   same bytes whatever the memory held before, and their hashes are equal;
 * - positions print, parse back to the same bytes and print the same again;
 * - every listed move (or chance outcome) prints and parses back to itself;
 * - `turn` against `moves` and `returns`: a finished game has no moves and
 *   returns within [-1, 1] (summing to 0 for two-player zero-sum games), a
 *   running one has moves and a player index within the variant's players;
 * - chance probabilities are positive and sum to 1;
 * - simultaneous nodes: the acting players are players of the variant and
 *   each has options;
 * - hidden information: a view is a fixed point of `view`, and every
 *   determinization of it shows the same view;
 * - evaluations lie within [-GAME_EVAL_MAX, GAME_EVAL_MAX];
 * - solving hooks where present: rank within the tier size, unrank inverts
 *   rank, and every move into a running game leads to the same tier or one
 *   of its children;
 * - kernels where present: the game's own kernels count perft like the
 *   generic ones;
 * - bench suites where present: every position reads in its variant.
 *
 * Every declared variant parameter (engine/game.h variant_params) is
 * checked too: it fits the variant bytes, its default and documented values
 * read; each corner (the low and high end of a number, every choice) reads
 * back to itself and, where the game takes it, plays random games under the
 * checks above; the values just outside are refused with a message. */
#include "bench/bench_positions.h"
#include "engine/hash.h"
#include "engine/registry.h"
#include "engine/rng.h"
#include "engine/variant.h"
#include "search/kernels.h"
#include "support.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

enum { GAMES = 12, CORNER_GAMES = 2, MAX_PLIES = 3000, TEXT = 4096 };

struct checker {
    const struct game *g;
    struct variant v;
    int players;
    move_t *moves;
    char *text, *again;
    /* Nodes of each kind seen, so that a flag the random games never
     * exercise fails instead of passing unchecked. */
    long seen_chance, seen_simultaneous, seen_over, seen_tiers;
};

static uint64_t next_random(void *ctx) {
    return rng_next(ctx);
}

static void check_struct(const struct game *g) {
    const char *n = g->name;
    if (!g->name || !g->summary || !g->variant_params || !g->start || !g->turn ||
        !g->moves ||
        !g->apply || !g->returns || !g->parse_position || !g->format_position ||
        !g->parse_move || !g->format_move || !g->draw || !g->player_name)
        fail_msg("%s: a required callback is missing", n ? n : "(unnamed game)");
    assert_true(g->players >= 2 && g->players <= GAME_MAX_PLAYERS);
    assert_true(g->state_size > 0 && g->state_size <= GAME_MAX_STATE_BYTES);
    assert_true(g->max_moves > 0);
    if ((g->flags & GAME_HAS_CHANCE) && !g->chance)
        fail_msg("%s: chance flag, no chance", n);
    if ((g->flags & GAME_HAS_SIMULTANEOUS) &&
        !(g->acting && g->joint_moves && g->apply_joint))
        fail_msg("%s: simultaneous flag without acting/joint_moves/apply_joint", n);
    if ((g->flags & GAME_HAS_HIDDEN) && !(g->view && g->determinize))
        fail_msg("%s: hidden flag without view/determinize", n);
    if ((g->flags & GAME_ZERO_SUM_2P) && g->players != 2)
        fail_msg("%s: zero-sum two-player flag with %d players", n, g->players);
    bool any_tier =
        g->tier_of || g->tier_size || g->tier_children || g->rank || g->unrank;
    bool all_tier =
        g->tier_of && g->tier_size && g->tier_children && g->rank && g->unrank;
    if (any_tier && !all_tier) fail_msg("%s: solving hooks only partly set", n);
    /* Registered names are unique and what the registry finds. */
    char err[GAME_ERROR_BYTES];
    assert_ptr_equal(registry_find(g->name, err), g);
}

/* The default variant's text reads back to the same bytes. */
static void check_variant(const struct checker *c) {
    char text[256], err[GAME_ERROR_BYTES];
    variant_format(c->g, &c->v, text, sizeof text);
    struct variant back;
    variant_init(c->g, &back);
    if (text[0] && variant_parse(c->g, &back, text, err) != 0)
        fail_msg("%s: variant text '%s' refused: %s", c->g->name, text, err);
    if (memcmp(&back, &c->v, sizeof back) != 0)
        fail_msg("%s: variant '%s' does not read back", c->g->name, text);
}

/* Print, parse into dirty memory, compare bytes, print again; equal hashes. */
static void check_text(const struct checker *c, const void *s) {
    const struct game *g = c->g;
    char err[GAME_ERROR_BYTES];
    _Alignas(8) unsigned char a[GAME_MAX_STATE_BYTES], b[GAME_MAX_STATE_BYTES];
    g->format_position(&c->v, s, c->text, TEXT);
    memset(a, 0x00, sizeof a);
    memset(b, 0xA5, sizeof b);
    if (g->parse_position(&c->v, c->text, a, err) != 0)
        fail_msg("%s: printed position '%s' refused: %s", g->name, c->text, err);
    if (g->parse_position(&c->v, c->text, b, err) != 0)
        fail_msg("%s: '%s' refused the second time: %s", g->name, c->text, err);
    if (memcmp(a, b, g->state_size) != 0)
        fail_msg("%s: '%s' parses to bytes that depend on the memory before "
                 "(padding or unused fields not zeroed)",
                 g->name, c->text);
    if (memcmp(a, s, g->state_size) != 0)
        fail_msg("%s: '%s' parses back to other bytes than the position printed", g->name,
                 c->text);
    g->format_position(&c->v, a, c->again, TEXT);
    if (strcmp(c->text, c->again) != 0)
        fail_msg("%s: '%s' prints back as '%s'", g->name, c->text, c->again);
    assert_true(game_hash(g, &c->v, a) == game_hash(g, &c->v, s));
    assert_true(game_hash(g, &c->v, a) == game_hash(g, &c->v, b));
}

/* Every listed move prints and parses back to the same value. */
static void check_moves_text(const struct checker *c, const void *s, int n) {
    char mtext[256], err[GAME_ERROR_BYTES];
    for (int i = 0; i < n; i++) {
        if (c->moves[i] == GAME_MOVE_PASS && n != 1)
            fail_msg("%s: a pass listed beside other moves", c->g->name);
        c->g->format_move(&c->v, s, c->moves[i], mtext, sizeof mtext);
        move_t back;
        if (c->g->parse_move(&c->v, s, mtext, &back, err) != 0)
            fail_msg("%s: move '%s' refused in its own position: %s", c->g->name, mtext,
                     err);
        if (back != c->moves[i])
            fail_msg("%s: move '%s' parses to another move", c->g->name, mtext);
    }
}

static void check_chance(const struct checker *c, const void *s, int n) {
    double prob[1024], sum = 0;
    assert_true(n >= 1 && n <= 1024);
    c->g->chance(&c->v, s, c->moves, n, prob);
    for (int i = 0; i < n; i++) {
        if (!(prob[i] > 0 && prob[i] <= 1))
            fail_msg("%s: chance outcome %d has probability %g", c->g->name, i, prob[i]);
        sum += prob[i];
    }
    if (fabs(sum - 1) > 1e-9)
        fail_msg("%s: chance probabilities sum to %.12f", c->g->name, sum);
}

/* One random joint choice at a simultaneous node, after checking it. */
static void simultaneous_step(const struct checker *c, void *s, struct rng *r) {
    const struct game *g = c->g;
    unsigned acting = g->acting(&c->v, s);
    if (acting == 0 || acting >> c->players)
        fail_msg("%s: acting set %#x for %d players", g->name, acting, c->players);
    move_t choice[GAME_MAX_PLAYERS] = {0};
    for (int p = 0; p < c->players; p++) {
        if (!(acting >> p & 1)) continue;
        int n = g->joint_moves(&c->v, s, p, c->moves);
        if (n < 1 || n > g->max_moves)
            fail_msg("%s: player %d has %d simultaneous options", g->name, p, n);
        choice[p] = c->moves[rng_below(r, (uint32_t)n)];
    }
    g->apply_joint(&c->v, s, choice);
}

static void check_hidden(const struct checker *c, const void *s, struct rng *r) {
    const struct game *g = c->g;
    _Alignas(8) unsigned char view[GAME_MAX_STATE_BYTES], again[GAME_MAX_STATE_BYTES],
        world[GAME_MAX_STATE_BYTES];
    for (int p = 0; p < c->players; p++) {
        memcpy(view, s, g->state_size);
        g->view(&c->v, view, p);
        memcpy(again, view, g->state_size);
        g->view(&c->v, again, p);
        if (memcmp(view, again, g->state_size) != 0)
            fail_msg("%s: the view of player %d changes when viewed again", g->name, p);
        for (int k = 0; k < 3; k++) {
            g->determinize(&c->v, view, p, next_random, r, world);
            memcpy(again, world, g->state_size);
            g->view(&c->v, again, p);
            if (memcmp(view, again, g->state_size) != 0)
                fail_msg("%s: a determinization for player %d shows another view",
                         g->name, p);
            if (g->turn(&c->v, world) != g->turn(&c->v, s))
                fail_msg("%s: a determinization changes whose turn it is", g->name);
        }
    }
}

/* Rank and unrank, and moves into the tier itself or a child tier. */
static void check_tiers(const struct checker *c, const void *s, int n) {
    const struct game *g = c->g;
    _Alignas(8) unsigned char canon[GAME_MAX_STATE_BYTES], back[GAME_MAX_STATE_BYTES],
        child[GAME_MAX_STATE_BYTES];
    memcpy(canon, s, g->state_size);
    if (g->canonicalize) g->canonicalize(&c->v, canon);
    tier_t t = g->tier_of(&c->v, canon);
    uint64_t rank = g->rank(&c->v, canon);
    if (rank >= g->tier_size(&c->v, t))
        fail_msg("%s: rank %llu outside its tier of %llu", g->name,
                 (unsigned long long)rank, (unsigned long long)g->tier_size(&c->v, t));
    memset(back, 0x5A, sizeof back);
    if (!g->unrank(&c->v, t, rank, back))
        fail_msg("%s: unrank calls the rank of a real position a hole", g->name);
    if (memcmp(back, canon, g->state_size) != 0)
        fail_msg("%s: unrank(rank(s)) is not s", g->name);
    tier_t children[16];
    int nchildren = g->tier_children(&c->v, t, children);
    assert_true(nchildren >= 0 && nchildren <= 16);
    for (int i = 0; i < n; i++) {
        memcpy(child, s, g->state_size);
        g->apply(&c->v, child, c->moves[i]);
        /* A finished game is valued where it arises, in no tier. */
        if (g->turn(&c->v, child) == TURN_OVER) continue;
        if (g->canonicalize) g->canonicalize(&c->v, child);
        tier_t ct = g->tier_of(&c->v, child);
        bool listed = ct == t;
        for (int k = 0; k < nchildren && !listed; k++) listed = children[k] == ct;
        if (!listed) fail_msg("%s: a move leads to a tier that is not a child", g->name);
    }
}

static void check_state(struct checker *c, void *s, struct rng *r, int *turn_out,
                        int *count_out) {
    const struct game *g = c->g;
    check_text(c, s);
    int turn = g->turn(&c->v, s);
    int n = g->moves(&c->v, s, c->moves);
    assert_true(n >= 0 && n <= g->max_moves);
    if (turn == TURN_OVER) {
        c->seen_over++;
        if (n != 0) fail_msg("%s: a finished game lists %d moves", g->name, n);
        double ret[GAME_MAX_PLAYERS] = {0}, sum = 0;
        g->returns(&c->v, s, ret);
        for (int p = 0; p < c->players; p++) {
            if (!(ret[p] >= -1 && ret[p] <= 1))
                fail_msg("%s: return %g for player %d", g->name, ret[p], p);
            sum += ret[p];
        }
        if ((g->flags & GAME_ZERO_SUM_2P) && fabs(sum) > 1e-12)
            fail_msg("%s: zero-sum returns sum to %g", g->name, sum);
    } else if (turn == TURN_CHANCE) {
        if (!(g->flags & GAME_HAS_CHANCE)) fail_msg("%s: chance node, no flag", g->name);
        if (n < 1) fail_msg("%s: a chance node without outcomes", g->name);
        c->seen_chance++;
        check_chance(c, s, n);
    } else if (turn == TURN_SIMULTANEOUS) {
        if (!(g->flags & GAME_HAS_SIMULTANEOUS))
            fail_msg("%s: simultaneous node, no flag", g->name);
        c->seen_simultaneous++;
    } else {
        if (turn < 0 || turn >= c->players)
            fail_msg("%s: turn %d with %d players", g->name, turn, c->players);
        if (n < 1) fail_msg("%s: player %d to move without moves", g->name, turn);
        if (g->evaluate)
            for (int p = 0; p < c->players; p++) {
                int e = g->evaluate(&c->v, s, p);
                if (e < -GAME_EVAL_MAX || e > GAME_EVAL_MAX)
                    fail_msg("%s: evaluation %d outside the scale", g->name, e);
            }
        if (g->flags & GAME_HAS_HIDDEN) check_hidden(c, s, r);
    }
    check_moves_text(c, s, n);
    if (g->tier_of && turn != TURN_SIMULTANEOUS) {
        check_tiers(c, s, n);
        c->seen_tiers++;
    }
    *turn_out = turn;
    *count_out = n;
}

static void check_random_games(struct checker *c, uint64_t seed, int games) {
    const struct game *g = c->g;
    struct rng r;
    rng_seed(&r, seed);
    _Alignas(8) unsigned char s[GAME_MAX_STATE_BYTES], dirty[GAME_MAX_STATE_BYTES];
    for (int game = 0; game < games; game++) {
        memset(s, 0x00, sizeof s);
        memset(dirty, 0xFF, sizeof dirty);
        g->start(&c->v, s);
        g->start(&c->v, dirty);
        if (memcmp(s, dirty, g->state_size) != 0)
            fail_msg("%s: the start position's bytes depend on the memory before",
                     g->name);
        for (int ply = 0; ply < MAX_PLIES; ply++) {
            int turn, n;
            check_state(c, s, &r, &turn, &n);
            if (turn == TURN_OVER) break;
            if (turn == TURN_SIMULTANEOUS)
                simultaneous_step(c, s, &r);
            else
                g->apply(&c->v, s, c->moves[rng_below(&r, (uint32_t)n)]);
        }
    }
}

/* The game's own kernels (if any) count perft from the start like the
 * generic ones. */
static void check_kernels(const struct checker *c) {
    const struct search_kernels *own = c->g->kernels;
    if (!own) return;
    _Alignas(8) unsigned char s[GAME_MAX_STATE_BYTES];
    c->g->start(&c->v, s);
    for (int depth = 0; depth <= 4; depth++)
        assert_true(own->perft(c->g, &c->v, s, depth) ==
                    search_kernels_generic.perft(c->g, &c->v, s, depth));
}

static void check_bench(const struct game *g) {
    if (!g->bench) return;
    char err[GAME_ERROR_BYTES];
    _Alignas(8) unsigned char s[GAME_MAX_STATE_BYTES];
    assert_true(g->bench->positions && g->bench->positions[0].variant);
    for (const struct bench_position *p = g->bench->positions; p->variant; p++) {
        struct variant v;
        variant_init(g, &v);
        if (*p->variant && variant_parse(g, &v, p->variant, err) != 0)
            fail_msg("%s: bench variant '%s': %s", g->name, p->variant, err);
        if (p->position && g->parse_position(&v, p->position, s, err) != 0)
            fail_msg("%s: bench position '%s': %s", g->name, p->position, err);
    }
    if (g->bench->ab_depth > 0 && !(g->flags & GAME_ZERO_SUM_2P))
        fail_msg("%s: bench asks alpha-beta of a game that is not two-player zero-sum",
                 g->name);
}

static void test_every_registered_game(void **unused) {
    int count;
    const struct game *const *games = registry_games(&count);
    assert_true(count >= 1);
    char text[TEXT], again[TEXT];
    for (int i = 0; i < count; i++) {
        const struct game *g = games[i];
        check_struct(g);
        for (int j = 0; j < i; j++) assert_true(strcmp(games[j]->name, g->name) != 0);
        struct checker c = {.g = g, .text = text, .again = again};
        variant_init(g, &c.v);
        c.players = variant_players(g, &c.v);
        assert_true(c.players >= 2 && c.players <= GAME_MAX_PLAYERS);
        move_t moves[4096];
        assert_true(g->max_moves <= 4096);
        c.moves = moves;
        check_variant(&c);
        check_random_games(&c, 1000 + (uint64_t)i, GAMES);
        if (c.seen_over == 0) fail_msg("%s: no random game finished", g->name);
        if ((g->flags & GAME_HAS_CHANCE) && c.seen_chance == 0)
            fail_msg("%s: chance flag, but no chance node in the random games", g->name);
        if ((g->flags & GAME_HAS_SIMULTANEOUS) && c.seen_simultaneous == 0)
            fail_msg("%s: simultaneous flag, but no such node in the random games",
                     g->name);
        if (g->tier_of) assert_true(c.seen_tiers > 0);
        check_kernels(&c);
        check_bench(g);
    }
}

/* A declared parameter's shape: within the variant bytes, a known type and
 * size, a default that is one of its values. */
static void check_param_shape(const struct game *g, const struct variant_param *p) {
    if (p->offset + p->size > GAME_VARIANT_BYTES ||
        (p->size != 1 && p->size != 2 && p->size != 4) || !p->help)
        fail_msg("%s: parameter %s is badly declared", g->name, p->name);
    if (p->type == VARIANT_CHOICE) {
        int n = 0;
        assert_non_null(p->choices);
        while (p->choices[n]) n++;
        if (n < 2 || p->fallback < 0 || p->fallback >= n)
            fail_msg("%s: choice %s needs two names and a default among them", g->name,
                     p->name);
    } else if (p->type == VARIANT_WHOLE) {
        if (p->low > p->high || p->fallback < p->low || p->fallback > p->high)
            fail_msg("%s: %s's default is outside %lld..%lld", g->name, p->name, p->low,
                     p->high);
    } else {
        assert_int_equal(p->type, VARIANT_DECIMAL);
        if (p->decimals < 1 || p->fallback <= p->low || p->fallback >= p->high)
            fail_msg("%s: decimal %s is badly declared", g->name, p->name);
    }
}

/* `name=value` from the default variant: read, read back from its canonical
 * spelling, and (when the game takes the whole variant) played. */
static void check_corner(struct checker *c, const char *name, const char *value,
                         uint64_t seed) {
    const struct game *g = c->g;
    char spec[TEXT], err[GAME_ERROR_BYTES] = "";
    snprintf(spec, sizeof spec, "%s=%s", name, value);
    variant_init(g, &c->v);
    if (variant_parse(g, &c->v, spec, err) != 0)
        fail_msg("%s: the corner %s is refused: %s", g->name, spec, err);
    char text[GAME_ERROR_BYTES];
    const struct variant_param *p = variant_param_find(g, name);
    variant_param_text(p, &c->v, text, sizeof text);
    if (strcmp(text, value) != 0)
        fail_msg("%s: %s reads as %s=%s", g->name, spec, name, text);
    if (variant_finish(g, &c->v, err) != 0) {
        /* Wrong only together with the other defaults: said, not played. */
        assert_true(err[0] != '\0');
        return;
    }
    c->players = variant_players(g, &c->v);
    assert_true(c->players >= 2 && c->players <= GAME_MAX_PLAYERS);
    check_variant(c);
    check_random_games(c, seed, CORNER_GAMES);
}

static void check_refused(const struct game *g, const char *name, const char *value) {
    char spec[TEXT], err[GAME_ERROR_BYTES] = "";
    snprintf(spec, sizeof spec, "%s=%s", name, value);
    struct variant v;
    variant_init(g, &v);
    if (variant_parse(g, &v, spec, err) == 0 || !strstr(err, name))
        fail_msg("%s: %s is not refused with a message naming %s (%s)", g->name, spec,
                 name, err);
}

static void test_every_declared_variant_corner(void **unused) {
    int count;
    const struct game *const *games = registry_games(&count);
    char text[TEXT], again[TEXT];
    move_t moves[4096];
    for (int i = 0; i < count; i++) {
        const struct game *g = games[i];
        struct checker c = {.g = g, .text = text, .again = again, .moves = moves};
        assert_true(variant_param_count(g) <= VARIANT_MAX_PARAMS);
        uint64_t seed = 5000 + 100 * (uint64_t)i;
        for (const struct variant_param *p = g->variant_params; p->name; p++, seed++) {
            check_param_shape(g, p);
            char value[VARIANT_TEXT_BYTES], values[VARIANT_TEXT_BYTES];
            variant_param_values(p, values, sizeof values);
            variant_param_default(p, value, sizeof value);
            check_corner(&c, p->name, value, seed);
            if (p->type == VARIANT_CHOICE) {
                for (int k = 0; p->choices[k]; k++)
                    check_corner(&c, p->name, p->choices[k], seed);
                check_refused(g, p->name, "no-such-choice");
                continue;
            }
            long long low = p->low, high = p->high;
            if (p->type == VARIANT_DECIMAL) low++, high--; /* strictly between */
            long long ends[2] = {low, high}, outside[2] = {low - 1, high + 1};
            for (int k = 0; k < 2; k++) {
                struct variant at;
                variant_init(g, &at);
                struct variant_param whole = *p;
                whole.offset = 0, whole.size = 4;
                memcpy(at.bytes, &(uint32_t){(uint32_t)ends[k]}, 4);
                variant_param_text(&whole, &at, value, sizeof value);
                check_corner(&c, p->name, value, seed);
                if (outside[k] < 0) continue;
                memcpy(at.bytes, &(uint32_t){(uint32_t)outside[k]}, 4);
                variant_param_text(&whole, &at, value, sizeof value);
                check_refused(g, p->name, value);
            }
        }
    }
}

int main(void) {
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_every_registered_game),
                                       cmocka_unit_test(test_every_declared_variant_corner)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
