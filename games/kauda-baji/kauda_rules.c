/* Kauda-Baji rules: throws as chance nodes, then the player's decisions (which
 * tuple uses which pending throw, and where it goes), combat and finishing. */
#include "games/kauda-baji/kauda.h"
#include "games/kauda-baji/kauda_text.h"

#include <string.h>

static bool is_double(int value) {
    return value == 6 || value == 12; /* earns another throw */
}

static int player_count(const struct variant *v) {
    return kauda_options(v)->players;
}

static void kauda_start(const struct variant *v, void *state) {
    struct kauda_state *s = state;
    memset(s, 0, sizeof *s);
    for (int p = 0; p < player_count(v); p++) s->tuples[p][0].size = KAUDA_PIECES;
    s->phase = KAUDA_ROLL;
}

static int kauda_turn(const struct variant *v, const void *state) {
    const struct kauda_state *s = state;
    if (s->phase == KAUDA_OVER) return TURN_OVER;
    if (s->phase == KAUDA_ROLL) return TURN_CHANCE;
    return s->player;
}

/* Every destination a tuple reaches from `step` in exactly `left` steps, as a
 * bit set over path steps. At the ends of the rings the piece may turn in
 * (B2); the centre must be reached exactly (B5). */
static void walk(int step, int left, bool may_enter_middle, uint64_t *dest) {
    if (left == 0) {
        *dest |= UINT64_C(1) << step;
        return;
    }
    switch (step) {
    case KAUDA_CENTRE: return; /* overshoot */
    case KAUDA_OUTER_END:
        if (may_enter_middle) walk(KAUDA_MIDDLE, left - 1, may_enter_middle, dest);
        walk(KAUDA_HOME, left - 1, may_enter_middle, dest);
        return;
    case KAUDA_MIDDLE_END:
        walk(KAUDA_INNER, left - 1, may_enter_middle, dest);
        walk(KAUDA_MIDDLE, left - 1, may_enter_middle, dest);
        return;
    case KAUDA_INNER_END:
        walk(KAUDA_CENTRE, left - 1, may_enter_middle, dest);
        walk(KAUDA_INNER, left - 1, may_enter_middle, dest);
        return;
    default: walk(step + 1, left - 1, may_enter_middle, dest);
    }
}

static bool may_enter_middle(const struct variant *v, const struct kauda_state *s,
                             int p) {
    return !kauda_options(v)->killfirst || (s->killed >> p & 1);
}

/* The sets of pending throws a move may use, as masks over s->pending: each
 * throw alone, then (combine=1, B5) pairs and all three added together. A
 * mask that takes a throw but not an equal one before it is skipped, so each
 * multiset of values appears once (two orders of the same throws are one
 * move, and two equal throws are not two choices). */
static const uint8_t throw_masks[] = {1, 2, 4, 3, 5, 6, 7};

static bool canonical_mask(const struct kauda_state *s, int mask) {
    for (int i = 0; i < KAUDA_MAX_PENDING; i++) {
        if (!(mask >> i & 1)) continue;
        if (!s->pending[i]) return false;
        if (i > 0 && s->pending[i] == s->pending[i - 1] && !(mask >> (i - 1) & 1))
            return false;
    }
    return true;
}

/* Emits the moves of one tuple selection for every set of pending throws
 * whose total it divides. A combined move walks the whole total at once, so
 * it lands (and kills) only at the end. */
static int emit_pick(const struct variant *v, const struct kauda_state *s, int from,
                     const struct kauda_pick *pick, move_t *out, int n) {
    const int size = kauda_pick_size(pick);
    const bool enter = may_enter_middle(v, s, s->player);
    const int sets = kauda_options(v)->combine ? 7 : 3;
    for (int k = 0; k < sets; k++) {
        const int mask = throw_masks[k];
        if (!canonical_mask(s, mask)) continue;
        uint8_t values[KAUDA_MAX_PENDING];
        int count = 0, total = 0;
        for (int i = 0; i < KAUDA_MAX_PENDING; i++)
            if (mask >> i & 1) total += values[count++] = s->pending[i];
        if (total % size != 0) continue;
        uint64_t dest = 0;
        walk(from, total / size, enter, &dest);
        /* Farthest along the path first (turning in before going round), so
         * move ordering and engines that break ties by list order progress. */
        for (; dest; dest &= ~(UINT64_C(1) << (63 - __builtin_clzll(dest))))
            out[n++] = kauda_combined_move(values, count, from,
                                           63 - __builtin_clzll(dest), pick);
    }
    return n;
}

/* Every non-empty sub-multiset of the tuples standing on a non-cross square
 * (moving several together joins them, B5). */
static int emit_subsets(const struct variant *v, const struct kauda_state *s, int from,
                        const uint8_t avail[KAUDA_PIECES + 1], move_t *out, int n) {
    struct kauda_pick pick = {{0}};
    for (;;) {
        int size = 1; /* odometer over count[1..6] within avail */
        while (size <= KAUDA_PIECES && pick.count[size] == avail[size])
            pick.count[size++] = 0;
        if (size > KAUDA_PIECES) return n;
        pick.count[size]++;
        n = emit_pick(v, s, from, &pick, out, n);
    }
}

static int decisions(const struct variant *v, const struct kauda_state *s, move_t *out) {
    const int p = s->player, seat = kauda_seat(v, p);
    const struct kauda_tuple *t = s->tuples[p];
    int n = 0;
    for (int i = 0; i < KAUDA_PIECES && t[i].size;) {
        const int step = t[i].step;
        int j = i;
        uint8_t avail[KAUDA_PIECES + 1] = {0};
        for (; j < KAUDA_PIECES && t[j].size && t[j].step == step; j++)
            avail[t[j].size]++;
        if (step == KAUDA_CENTRE) break;
        struct kauda_pick pick = {{0}};
        if (step == KAUDA_HOME) {
            /* No joining at home: pieces leave it one at a time. */
            pick.count[1] = 1;
            n = emit_pick(v, s, step, &pick, out, n);
        } else if (kauda_is_cross(kauda_square(seat, step))) {
            /* One heap: any number of its pieces may move together. */
            for (int k = 1; k <= t[i].size; k++) {
                memset(&pick, 0, sizeof pick);
                pick.count[k] = 1;
                n = emit_pick(v, s, step, &pick, out, n);
            }
        } else {
            n = emit_subsets(v, s, step, avail, out, n);
        }
        i = j;
    }
    return n;
}

static int kauda_moves(const struct variant *v, const void *state, move_t *out) {
    const struct kauda_state *s = state;
    if (s->phase == KAUDA_OVER) return 0;
    if (s->phase == KAUDA_ROLL) {
        for (int value = 1; value <= 6; value++) out[value - 1] = kauda_throw_move(value);
        out[6] = kauda_throw_move(12);
        return KAUDA_OUTCOMES;
    }
    int n = decisions(v, s, out);
    if (n == 0) out[n++] = GAME_MOVE_PASS; /* no pending throw is usable */
    return n;
}

static void kauda_chance(const struct variant *v, const void *state,
                         const move_t *outcomes, int count, double *prob) {
    double odds[13];
    kauda_throw_odds(v, odds);
    for (int i = 0; i < count; i++) prob[i] = odds[kauda_move_value(outcomes[i])];
}

/* ---- applying ---- */

static void end_turn(const struct variant *v, struct kauda_state *s) {
    memset(s->pending, 0, sizeof s->pending);
    s->bonus = 0;
    if (s->phase == KAUDA_OVER) return;
    s->phase = KAUDA_ROLL;
    const int players = player_count(v);
    do s->player = (uint8_t)((s->player + 1) % players);
    while (s->rank[s->player]);
}

static void finish(const struct variant *v, struct kauda_state *s, int p) {
    const int players = player_count(v);
    s->rank[p] = ++s->finished;
    if (s->finished == players - 1) {
        for (int q = 0; q < players; q++)
            if (!s->rank[q]) s->rank[q] = ++s->finished;
        s->phase = KAUDA_OVER;
        s->player = 0;
    }
}

/* Adds `size` pieces at `step` for player p: into the heap on a cross square,
 * as a tuple of its own elsewhere. */
static void place(struct kauda_state *s, int p, int seat, int step, int size) {
    struct kauda_tuple *t = s->tuples[p];
    if (kauda_is_cross(kauda_square(seat, step))) {
        for (int i = 0; i < KAUDA_PIECES; i++)
            if (t[i].size && t[i].step == step) {
                t[i].size = (uint8_t)(t[i].size + size);
                return;
            }
    }
    for (int i = 0; i < KAUDA_PIECES; i++)
        if (!t[i].size) {
            t[i].step = (uint8_t)step;
            t[i].size = (uint8_t)size;
            return;
        }
}

/* Kills the tuples of the mover's enemies standing on `square` whose size is
 * at most `limit`, sending their pieces home. Returns whether any died. */
static bool kill_on(const struct variant *v, struct kauda_state *s, int square,
                    int limit) {
    bool any = false;
    for (int q = 0; q < player_count(v); q++) {
        if (q == s->player) continue;
        const int seat = kauda_seat(v, q);
        bool hit = false;
        for (int i = 0; i < KAUDA_PIECES; i++) {
            struct kauda_tuple *t = &s->tuples[q][i];
            if (!t->size || t->size > limit || kauda_square(seat, t->step) != square)
                continue;
            int size = t->size;
            t->size = 0;
            t->step = 0;
            place(s, q, seat, KAUDA_HOME, size);
            hit = true;
        }
        if (hit) kauda_sort(s, q);
        any |= hit;
    }
    return any;
}

static void take_pending(struct kauda_state *s, int value) {
    int k = 0;
    bool taken = false;
    uint8_t rest[KAUDA_MAX_PENDING] = {0};
    for (int i = 0; i < KAUDA_MAX_PENDING && s->pending[i]; i++) {
        if (!taken && s->pending[i] == value) {
            taken = true;
            continue;
        }
        rest[k++] = s->pending[i];
    }
    memcpy(s->pending, rest, sizeof rest);
}

static void series_done(const struct variant *v, struct kauda_state *s) {
    if (s->bonus) {
        s->bonus--;
        s->phase = KAUDA_ROLL;
    } else {
        end_turn(v, s);
    }
}

static void apply_decision(const struct variant *v, struct kauda_state *s, move_t m) {
    const int p = s->player, seat = kauda_seat(v, p);
    const int from = kauda_move_from(m), to = kauda_move_to(m);
    struct kauda_pick pick;
    kauda_move_pick(m, &pick);
    const int size = kauda_pick_size(&pick);
    const int from_square = kauda_square(seat, from), to_square = kauda_square(seat, to);
    struct kauda_tuple *t = s->tuples[p];

    int largest = 0; /* largest tuple among those leaving together */
    if (kauda_is_cross(from_square)) {
        for (int i = 0; i < KAUDA_PIECES; i++)
            if (t[i].size && t[i].step == from) t[i].size = (uint8_t)(t[i].size - size);
    } else {
        for (int z = 1; z <= KAUDA_PIECES; z++) {
            int left = pick.count[z];
            if (left) largest = z;
            for (int i = 0; i < KAUDA_PIECES && left; i++)
                if (t[i].size == z && t[i].step == from) t[i].size = 0, left--;
        }
    }
    for (int i = 0; i < KAUDA_PIECES; i++)
        if (!t[i].size) t[i].step = 0;

    bool killed = false;
    /* B6: a smaller enemy tuple that landed on a larger one dies when the
     * larger leaves first. Enemy tuples sharing a square always arrived after
     * every larger tuple there (landing kills the same or smaller), so
     * "smaller than a leaving tuple" is exactly "landed on it". */
    if (largest) killed |= kill_on(v, s, from_square, largest - 1);
    if (!kauda_is_cross(to_square)) killed |= kill_on(v, s, to_square, size);
    place(s, p, seat, to, size);
    kauda_sort(s, p);

    const struct kauda_variant *o = kauda_options(v);
    if (killed && o->killfirst) s->killed |= (uint8_t)(1u << p);
    if (killed && o->bonus && s->bonus < KAUDA_MAX_BONUS) s->bonus++;
    uint8_t used[KAUDA_MAX_PENDING];
    for (int i = 0, count = kauda_move_throws(m, used); i < count; i++)
        take_pending(s, used[i]);
    if (to == KAUDA_CENTRE && kauda_in_centre(s, p) == KAUDA_PIECES) {
        finish(v, s, p);
        end_turn(v, s); /* unused throws and bonus throws are lost */
    } else if (!s->pending[0]) {
        series_done(v, s);
    }
}

static void apply_throw(const struct variant *v, struct kauda_state *s, int value) {
    int i = 0;
    while (i < KAUDA_MAX_PENDING && s->pending[i] >= value) i++;
    memmove(s->pending + i + 1, s->pending + i, (size_t)(KAUDA_MAX_PENDING - 1 - i));
    s->pending[i] = (uint8_t)value;
    if (!is_double(value)) {
        s->phase = KAUDA_USE;
        return;
    }
    int doubles = 0;
    for (int k = 0; k < KAUDA_MAX_PENDING; k++) doubles += is_double(s->pending[k]);
    if (doubles == 3) end_turn(v, s); /* third 6/12 in a row: the turn is void */
}

static void kauda_apply(const struct variant *v, void *state, move_t move) {
    struct kauda_state *s = state;
    if (move == GAME_MOVE_PASS) {
        memset(s->pending, 0, sizeof s->pending);
        series_done(v, s);
    } else if (kauda_move_kind(move) == KAUDA_THROW) {
        apply_throw(v, s, kauda_move_value(move));
    } else {
        apply_decision(v, s, move);
    }
}

static void kauda_returns(const struct variant *v, const void *state,
                          double out[GAME_MAX_PLAYERS]) {
    const struct kauda_state *s = state;
    const int players = player_count(v);
    memset(out, 0, sizeof(double) * GAME_MAX_PLAYERS);
    /* B7: first +1, last -1, evenly spaced between. */
    for (int p = 0; p < players; p++)
        out[p] = 1.0 - 2.0 * (s->rank[p] - 1) / (players - 1);
}

/* Progress for depth-limited search: steps walked by the player's pieces
 * against the average of the others, finished players scored by place. */
static int kauda_evaluate(const struct variant *v, const void *state, int player) {
    const struct kauda_state *s = state;
    const int players = player_count(v);
    int progress[GAME_MAX_PLAYERS] = {0};
    for (int p = 0; p < players; p++) {
        if (s->rank[p]) {
            progress[p] = KAUDA_PIECES * KAUDA_CENTRE * (players + 1 - s->rank[p]);
            continue;
        }
        for (int i = 0; i < KAUDA_PIECES; i++)
            progress[p] += s->tuples[p][i].size * s->tuples[p][i].step;
    }
    int others = 0;
    for (int p = 0; p < players; p++)
        if (p != player) others += progress[p];
    int value = (progress[player] * (players - 1) - others) * 8 / (players - 1);
    if (value > GAME_EVAL_MAX) value = GAME_EVAL_MAX;
    if (value < -GAME_EVAL_MAX) value = -GAME_EVAL_MAX;
    return value;
}

extern const struct bench_suite kauda_bench; /* kauda_bench.c */
int kauda_observe(const struct variant *v, const void *view, int player, float *out,
                  int dims[3]); /* kauda_observe.c */

const struct game kauda_baji_game = {
    .name = "kauda-baji",
    .summary = "four-player cowrie-shell race game with tuples",
    .players = 4,
    /* Not GAME_CAN_CYCLE: positions recur only by the luck of the throws and
     * the game has no draws, so a repetition must not be scored as one. */
    .flags = GAME_HAS_CHANCE,
    .state_size = sizeof(struct kauda_state),
    .max_moves = KAUDA_MAX_MOVES,
    /* Positions recur only by the luck of the throws: no repetition rule;
     * a match is drawn at 10,000 plies (RULES.md). */
    .play_limit = 10000,
    .variant_params = kauda_variant_params,
    .player_count = player_count,
    .start = kauda_start,
    .turn = kauda_turn,
    .moves = kauda_moves,
    .apply = kauda_apply,
    .returns = kauda_returns,
    .chance = kauda_chance,
    .evaluate = kauda_evaluate,
    .parse_position = kauda_parse_position,
    .format_position = kauda_format_position,
    .parse_move = kauda_parse_move,
    .format_move = kauda_format_move,
    .draw = kauda_draw,
    .player_name = kauda_player_name,
    .describe = kauda_describe,
    .move_cells = kauda_move_cells,
    .bench = &kauda_bench,
    .observe = kauda_observe,
};
