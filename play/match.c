/* One game being played (play/match.h): state, seats, record, seeded
 * chance, pending simultaneous choices, undo and redo, the end of the game,
 * and what each seat saw of each step (play/match_seen.c). */
#include "play/match.h"
#include "play/match_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------ the end */

static void end_game(struct match *m, const char *reason) {
    m->over = true;
    snprintf(m->reason, sizeof m->reason, "%s", reason);
}

static void end_draw(struct match *m, const char *reason) {
    for (int p = 0; p < GAME_MAX_PLAYERS; p++) m->returns[p] = 0;
    end_game(m, reason);
}

/* The game's own end, or repetition and the move limit, at the current
 * state (just reached at step `at`). `count` is the position's occurrences. */
static void check_end(struct match *m, int count) {
    const struct game *g = m->g;
    if (g->turn(&m->v, m->state) == TURN_OVER) {
        g->returns(&m->v, m->state, m->returns);
        const char *why = g->end_reason ? g->end_reason(&m->v, m->state) : NULL;
        end_game(m, why ? why : "end");
    } else if ((g->flags & GAME_CAN_CYCLE) && count >= MATCH_REPETITION_COUNT) {
        end_draw(m, "repetition");
    } else if (m->at >= m->limit) {
        end_draw(m, "move limit");
    }
}

/* ------------------------------------------------------------ steps */

/* The state reached: count it, check the end. -1 out of memory. */
static int arrive(struct match *m) {
    int count = 0;
    if (m->g->flags & GAME_CAN_CYCLE) {
        count = repetition_record(&m->seen_positions, m->g, &m->v, m->state);
        if (count < 0) return -1;
    }
    check_end(m, count);
    return 0;
}

/* The chance outcome of step `step`: drawn from the seed and the step
 * number only (splitmix of both), by the outcomes' probabilities. */
static move_t draw_chance(const struct match *m, int step) {
    const struct game *g = m->g;
    move_t out[g->max_moves];
    double prob[g->max_moves];
    int n = g->moves(&m->v, m->state, out);
    g->chance(&m->v, m->state, out, n, prob);
    uint64_t x = m->seed ^ ((uint64_t)step * UINT64_C(0xD1B54A32D192ED03));
    x += UINT64_C(0x9E3779B97F4A7C15);
    x = (x ^ (x >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
    x = (x ^ (x >> 27)) * UINT64_C(0x94D049BB133111EB);
    x ^= x >> 31;
    double u = (double)(x >> 11) * 0x1.0p-53, sum = 0;
    for (int i = 0; i < n - 1; i++) {
        sum += prob[i];
        if (u < sum) return out[i];
    }
    return out[n - 1];
}

/* Add step `st` (played in the current state) to the record at `at`,
 * replacing what redo would have replayed, note what each seat saw, and
 * play it. -1 out of memory. */
static int push_step(struct match *m, const struct record_step *st) {
    if (m->at < m->rec.count) m->rec.count = m->at;
    match_seen_truncate(m, m->at);
    int r = st->turn == TURN_SIMULTANEOUS && st->acting
                ? record_add_joint(&m->rec, m->state, st->choice)
                : record_add_move(&m->rec, m->state, st->move);
    if (r != 0 || match_seen_add(m, st) != 0) {
        m->rec.count = m->at;
        return -1;
    }
    if (st->turn == TURN_SIMULTANEOUS && st->acting)
        m->g->apply_joint(&m->v, m->state, st->choice);
    else
        m->g->apply(&m->v, m->state, st->move);
    m->at++;
    return arrive(m);
}

/* Resolve chance nodes until a player acts or the game ends (a refereed
 * match waits for match_referee instead). */
static int resolve_chance(struct match *m) {
    while (!m->refereed && !m->over && m->g->turn(&m->v, m->state) == TURN_CHANCE) {
        struct record_step st = {.turn = TURN_CHANCE, .move = draw_chance(m, m->at)};
        if (push_step(m, &st) != 0) return -1;
    }
    return 0;
}

/* ------------------------------------------------------------ life */

static int init(struct match *m, const struct game *g, const struct variant *v,
                const void *start, uint64_t seed) {
    m->g = g;
    m->v = *v;
    m->seed = seed;
    m->limit = g->play_limit > 0 ? g->play_limit : MATCH_DEFAULT_PLY_LIMIT;
    if (start)
        memcpy(m->state, start, g->state_size);
    else
        g->start(v, m->state);
    record_init(&m->rec, g, v, m->state);
    m->rec.has_seed = true;
    m->rec.seed = seed;
    m->players = m->rec.seats;
    return arrive(m);
}

struct match *match_new(const struct game *g, const struct variant *v, const void *start,
                        uint64_t seed) {
    struct match *m = calloc(1, sizeof *m);
    if (!m) return NULL;
    if (init(m, g, v, start, seed) != 0 || resolve_chance(m) != 0) {
        match_free(m);
        return NULL;
    }
    return m;
}

struct match *match_new_refereed(const struct game *g, const struct variant *v,
                                 const void *start) {
    struct match *m = calloc(1, sizeof *m);
    if (!m) return NULL;
    m->refereed = true;
    if (init(m, g, v, start, 0) != 0) {
        match_free(m);
        return NULL;
    }
    m->rec.has_seed = false; /* chance came from the referee */
    return m;
}

void match_free(struct match *m) {
    if (!m) return;
    record_free(&m->rec);
    repetition_free(&m->seen_positions);
    match_seen_free(m);
    free(m);
}

struct match *match_from_record(const struct game_record *rec, char *err) {
    const struct game *g = rec->game;
    struct match *m = calloc(1, sizeof *m);
    if (!m || init(m, g, &rec->variant, rec->start, rec->has_seed ? rec->seed : 0) != 0) {
        snprintf(err, GAME_ERROR_BYTES, "out of memory");
        match_free(m);
        return NULL;
    }
    m->rec.has_seed = rec->has_seed;
    memcpy(m->rec.players, rec->players, sizeof m->rec.players);
    for (int i = 0; i < rec->count; i++) {
        const struct record_step *st = &rec->steps[i];
        int turn = g->turn(&m->v, m->state);
        const char *bad = m->over            ? "comes after the end of the game"
                          : st->turn != turn ? "is not for the side to act"
                                             : NULL;
        if (!bad && !match_step_legal(m, st)) bad = "is not legal";
        if (bad || push_step(m, st) != 0) {
            snprintf(err, GAME_ERROR_BYTES, "step %d of the record %s", i + 1,
                     bad ? bad : "could not be kept (out of memory)");
            match_free(m);
            return NULL;
        }
    }
    if (rec->ended && !m->over) {
        /* Ended by a rule the record names (a resignation, or a limit of
         * the program that played it). */
        memcpy(m->returns, rec->returns, sizeof m->returns);
        end_game(m, rec->reason[0] ? rec->reason : "end");
    }
    if (resolve_chance(m) != 0) { /* a record cut at a chance node */
        snprintf(err, GAME_ERROR_BYTES, "out of memory");
        match_free(m);
        return NULL;
    }
    return m;
}

/* ------------------------------------------------------------ reading */

const struct game *match_game(const struct match *m) {
    return m->g;
}
const struct variant *match_variant(const struct match *m) {
    return &m->v;
}
int match_players(const struct match *m) {
    return m->players;
}
uint64_t match_seed(const struct match *m) {
    return m->seed;
}
const void *match_state(const struct match *m) {
    return m->state;
}
int match_ply(const struct match *m) {
    return m->at;
}
bool match_over(const struct match *m) {
    return m->over;
}
const char *match_reason(const struct match *m) {
    return m->over ? m->reason : "";
}
unsigned match_chosen(const struct match *m) {
    return m->chosen;
}

int match_turn(const struct match *m) {
    return m->over ? TURN_OVER : m->g->turn(&m->v, m->state);
}

unsigned match_waiting(const struct match *m) {
    int turn = match_turn(m);
    if (turn >= 0) return 1u << turn;
    if (turn == TURN_SIMULTANEOUS) return m->g->acting(&m->v, m->state) & ~m->chosen;
    return 0;
}

void match_returns(const struct match *m, double out[GAME_MAX_PLAYERS]) {
    for (int p = 0; p < GAME_MAX_PLAYERS; p++) out[p] = m->over ? m->returns[p] : 0;
}

void match_set_seat(struct match *m, int seat, const char *who) {
    if (seat >= 0 && seat < m->players) record_set_player(&m->rec, seat, who);
}

const char *match_seat(const struct match *m, int seat) {
    return seat >= 0 && seat < m->players ? m->rec.players[seat] : "";
}

struct game_record match_record(const struct match *m) {
    struct game_record r = m->rec;
    r.count = m->at;
    r.ended = m->over && m->g->turn(&m->v, m->state) != TURN_OVER;
    if (r.ended) memcpy(r.returns, m->returns, sizeof r.returns);
    snprintf(r.reason, sizeof r.reason, "%s", m->over ? m->reason : "");
    return r;
}

int match_moves(const struct match *m, int seat, move_t *out) {
    if (seat < 0 || seat >= m->players || !(match_waiting(m) & (1u << seat))) return 0;
    if (match_turn(m) == TURN_SIMULTANEOUS)
        return m->g->joint_moves(&m->v, m->state, seat, out);
    return m->g->moves(&m->v, m->state, out);
}

/* ------------------------------------------------------------ playing */

/* Is `option` one of acting seat `p`'s options at the simultaneous node? */
static bool option_legal(const struct match *m, int p, move_t option) {
    const struct game *g = m->g;
    if (p < 0 || p >= m->players || !(g->acting(&m->v, m->state) & (1u << p)))
        return false;
    move_t moves[g->max_moves];
    int n = g->joint_moves(&m->v, m->state, p, moves), i = 0;
    while (i < n && moves[i] != option) i++;
    return i < n;
}

bool match_step_legal(const struct match *m, const struct record_step *st) {
    const struct game *g = m->g;
    move_t moves[g->max_moves];
    if (st->turn == TURN_SIMULTANEOUS && st->acting) {
        if (st->acting != g->acting(&m->v, m->state)) return false;
        for (int p = 0; p < m->players; p++)
            if ((st->acting & (1u << p)) && !option_legal(m, p, st->choice[p]))
                return false;
        return true;
    }
    int n = g->moves(&m->v, m->state, moves), i = 0;
    while (i < n && moves[i] != st->move) i++;
    return i < n;
}

int match_apply(struct match *m, int seat, move_t move) {
    if (m->over) return MATCH_OVER;
    if (seat < 0 || seat >= m->players) return MATCH_BAD_SEAT;
    if (!(match_waiting(m) & (1u << seat))) return MATCH_NOT_YOUR_TURN;
    const struct game *g = m->g;
    if (match_turn(m) == TURN_SIMULTANEOUS) {
        /* This seat's option alone: the others' were checked already. */
        if (!option_legal(m, seat, move)) return MATCH_ILLEGAL;
        move_t keep[GAME_MAX_PLAYERS];
        memcpy(keep, m->choice, sizeof keep);
        m->choice[seat] = move;
        m->chosen |= 1u << seat;
        if (match_waiting(m)) return MATCH_OK;
        struct record_step st = {.turn = TURN_SIMULTANEOUS,
                                 .acting = g->acting(&m->v, m->state)};
        memcpy(st.choice, m->choice, sizeof st.choice);
        if (push_step(m, &st) != 0 || resolve_chance(m) != 0) {
            memcpy(m->choice, keep, sizeof keep);
            m->chosen &= ~(1u << seat);
            return MATCH_NO_MEMORY;
        }
        m->chosen = 0;
        memset(m->choice, 0, sizeof m->choice);
        return MATCH_OK;
    }
    struct record_step st = {.turn = seat, .move = move};
    if (!match_step_legal(m, &st)) return MATCH_ILLEGAL;
    if (push_step(m, &st) != 0 || resolve_chance(m) != 0) return MATCH_NO_MEMORY;
    return MATCH_OK;
}

int match_referee(struct match *m, move_t move) {
    if (m->over) return MATCH_OVER;
    int turn = match_turn(m);
    bool chance = turn == TURN_CHANCE && m->refereed;
    if (!chance && !(turn == TURN_SIMULTANEOUS && !m->chosen)) return MATCH_NOT_YOUR_TURN;
    struct record_step st = {.turn = turn, .move = move};
    if (!match_step_legal(m, &st)) return MATCH_ILLEGAL;
    if (push_step(m, &st) != 0 || resolve_chance(m) != 0) return MATCH_NO_MEMORY;
    return MATCH_OK;
}

/* Go to step `at` of the record by replaying it: the state, the
 * repetition counts and the end. */
static int go_to(struct match *m, int at) {
    m->chosen = 0;
    memset(m->choice, 0, sizeof m->choice);
    m->over = false;
    m->reason[0] = '\0';
    repetition_clear(&m->seen_positions);
    memcpy(m->state, m->rec.start, m->g->state_size);
    m->at = 0;
    if (arrive(m) != 0) return MATCH_NO_MEMORY;
    for (int i = 0; i < at; i++) {
        const struct record_step *st = &m->rec.steps[i];
        if (st->turn == TURN_SIMULTANEOUS && st->acting)
            m->g->apply_joint(&m->v, m->state, st->choice);
        else
            m->g->apply(&m->v, m->state, st->move);
        m->at++;
        if (arrive(m) != 0) return MATCH_NO_MEMORY;
    }
    return MATCH_OK;
}

int match_undo(struct match *m) {
    if (m->chosen && !m->over) { /* choices made at this node so far */
        m->chosen = 0;
        memset(m->choice, 0, sizeof m->choice);
        return MATCH_OK;
    }
    int at = m->at;
    while (!m->refereed && at > 0 && m->rec.steps[at - 1].turn == TURN_CHANCE) at--;
    if (at == 0) return MATCH_NOTHING;
    return go_to(m, at - 1);
}

int match_redo(struct match *m) {
    if (m->over || m->chosen || m->at >= m->rec.count) return MATCH_NOTHING;
    int at = m->at + 1;
    while (!m->refereed && at < m->rec.count && m->rec.steps[at].turn == TURN_CHANCE)
        at++;
    return go_to(m, at);
}

int match_resign(struct match *m, int seat) {
    if (m->over) return MATCH_OVER;
    if (seat < 0 || seat >= m->players) return MATCH_BAD_SEAT;
    for (int p = 0; p < GAME_MAX_PLAYERS; p++)
        m->returns[p] = p >= m->players ? 0 : p == seat ? -1 : m->players == 2 ? 1 : 0;
    char why[MATCH_REASON_BYTES];
    snprintf(why, sizeof why, "%s resigned", m->g->player_name(&m->v, seat));
    end_game(m, why);
    /* Drop what redo would have replayed: the game ended here. */
    m->rec.count = m->at;
    match_seen_truncate(m, m->at);
    return MATCH_OK;
}
