/* Kodrek evaluation: an estimate of a player's expected return, in the
 * game's own payoff units times GAME_EVAL_MAX, so that it compares directly
 * with finished games (the greedy agent scores those as returns times
 * GAME_EVAL_MAX).
 *
 * Two parts:
 *  1. In the middle of a turn (thrusts or pulls pending) the rest of the turn
 *     is played out by simple rules: a thruster puts its stack where its own
 *     risk (below) is least, a puller spends on each opponent in turn the
 *     tails that raise that opponent's risk most. The real rules then play the
 *     move and the end checks, so a turn that ends the game is scored by its
 *     returns.
 *  2. At the start of a turn each player's risk of losing in it: the stack is
 *     where the craft goes, so a thrust must bring it into the inner triangle;
 *     with H coins in hand the thrust reaches H junctures, so the slack is
 *     H minus the stack's distance to the inner triangle, less a share of the
 *     opponents' pull power (tails on the table, doubled when their craft is
 *     within three junctures). A logistic curve turns slack into a risk, and
 *     the expected return follows from the payoff: losing, surviving while
 *     someone else loses, or everyone losing at the last tolek.
 * The weights are plain guesses (no tuning): this feeds a baseline player. */
#include "games/kodrek/kodrek.h"

#include <assert.h>
#include <math.h>
#include <string.h>

/* Share of an opponent's pull power counted against a player's slack: pulls
 * go toward the puller's own stack, which is usually inside, so they hurt
 * less than a step straight outward. */
#define KODREK_THREAT_WEIGHT 0.35

/* Lattice distance from p to the inner triangle (0 inside): the inner
 * triangle is itself a board of side S - 3m shifted by (2m, m). */
static int inner_distance(const struct kodrek_variant *o, struct kodrek_point p) {
    const int m = o->margin;
    return kodrek_distance_to_board(kodrek_point(p.r - 2 * m, p.k - m),
                                    kodrek_side(o) - 3 * m);
}

/* Probability-like risk of losing for a slack of `slack` junctures. */
static double risk_of_slack(double slack) {
    return 1.0 / (1.0 + exp(1.2 * slack + 0.3));
}

/* Opponents' pull power against `p` for the coming turn. */
static double threat(const struct kodrek_state *s, int p) {
    double power = 0;
    for (int q = 0; q < KODREK_PLAYERS; q++)
        if (q != p) power += s->tails[q] * (kodrek_pull_doubled(s, q, p) ? 2 : 1);
    return power;
}

/* Risk that `p` loses in the turn about to start, with the craft at `craft`,
 * the stack at `stack` and `hand` coins in hand. */
static double risk_at(const struct variant *v, const struct kodrek_state *s, int p,
                      struct kodrek_point craft, struct kodrek_point stack, int hand) {
    const struct kodrek_variant *o = kodrek_options(v);
    if (!kodrek_in_inner(craft, kodrek_side(o), o->margin)) return 1.0;
    double slack = hand - inner_distance(o, stack) - KODREK_THREAT_WEIGHT * threat(s, p);
    return risk_of_slack(slack);
}

/* `p`'s risk after the current turn if its stack ends it at `to` (this
 * turn's move: craft onto `to`, stack as far again). */
static double risk_after_turn(const struct variant *v, const struct kodrek_state *s,
                              int p, struct kodrek_point to) {
    const struct kodrek_variant *o = kodrek_options(v);
    const int side = kodrek_side(o);
    struct kodrek_point next =
        kodrek_point(2 * to.r - s->craft[p].r, 2 * to.k - s->craft[p].k);
    if (!kodrek_in_inner(to, side, o->margin)) return 1.0;
    if (!kodrek_on_board(next, side) && !(o->newcomer & (1u << p))) return 1.0;
    if (s->turn + 1 >= o->toleks) return 0.0; /* no next turn to lose in */
    /* Next turn's hand: this turn's tails stay out, everything else returns. */
    return risk_at(v, s, p, to, next, s->turn + 2 - s->tails[p]);
}

/* The simple rules' choice for the player acting at a THRUST or PULL node. */
static move_t projected_move(const struct variant *v, const struct kodrek_state *s) {
    move_t moves[KODREK_MAX_MOVES];
    const int count = kodrek_list_moves(v, s, moves);
    /* The contract: a state that is not over has a move (the parser refuses
     * what the rules cannot reach). The caller stops on 0 rather than spin. */
    assert(count > 0);
    if (count == 0) return GAME_MOVE_PASS;
    int best = 0;
    double best_score = -1;
    for (int i = 0; i < count; i++) {
        double score;
        if (kodrek_move_kind(moves[i]) == KODREK_MOVE_THRUST) {
            int order[KODREK_PLAYERS];
            kodrek_order(kodrek_options(v), s, KODREK_THRUST, order);
            score = 1.0 -
                    risk_after_turn(v, s, order[s->cursor], kodrek_move_point(moves[i]));
        } else {
            /* Pulls: the target's risk with its stack pulled there (worked
             * out here, not by `apply`, which ends the turn after the last
             * pull); fewer tails win ties (moves list 0 tails first). */
            int order[KODREK_PLAYERS];
            kodrek_order(kodrek_options(v), s, KODREK_PULL, order);
            const int puller = order[s->cursor], target = kodrek_move_target(moves[i]);
            const int steps = kodrek_move_tails(moves[i]) *
                              (kodrek_pull_doubled(s, puller, target) ? 2 : 1);
            score = risk_after_turn(
                v, s, target, kodrek_toward(s->stack[target], s->stack[puller], steps));
        }
        if (score > best_score + 1e-12) best_score = score, best = i;
    }
    return moves[best];
}

/* Expected return of `player` from a state at the start of a turn. */
static double expected_return(const struct variant *v, const struct kodrek_state *s,
                              int player) {
    const struct kodrek_variant *o = kodrek_options(v);
    double risk[KODREK_PLAYERS];
    for (int p = 0; p < KODREK_PLAYERS; p++)
        risk[p] = risk_at(v, s, p, s->craft[p], s->stack[p], kodrek_hand(s, p));
    /* Stakes if the game ends in this turn (turn + 1 coins played each). */
    const double played = s->turn + 1, unit = 2.0 * o->toleks;
    const bool winloss = o->payoff == KODREK_PAYOFF_WINLOSS;
    const double lose = winloss ? -1 : -played / unit;
    const double win = winloss ? 1 : (double)((int)played / 2) / unit;
    double others_safe = 1;
    for (int q = 0; q < KODREK_PLAYERS; q++)
        if (q != player) others_safe *= 1 - risk[q];
    const double mine = risk[player];
    double value = mine * lose + (1 - mine) * (1 - others_safe) * win;
    if (s->turn + 1 >= o->toleks) value += (1 - mine) * others_safe * lose;
    return value;
}

int kodrek_evaluate(const struct variant *v, const void *state, int player) {
    struct kodrek_state s;
    memcpy(&s, state, sizeof s);
    /* Finish the current turn by the simple rules (at most 3 thrusts and 6
     * pull steps). */
    while (s.phase == KODREK_THRUST || s.phase == KODREK_PULL) {
        move_t m = projected_move(v, &s);
        if (m == GAME_MOVE_PASS) break;
        kodrek_game.apply(v, &s, m);
    }
    double value;
    if (s.phase == KODREK_OVER) {
        double out[GAME_MAX_PLAYERS];
        kodrek_game.returns(v, &s, out);
        value = out[player];
    } else {
        value = expected_return(v, &s, player);
    }
    int score = (int)lround(value * GAME_EVAL_MAX);
    if (score > GAME_EVAL_MAX) score = GAME_EVAL_MAX;
    if (score < -GAME_EVAL_MAX) score = -GAME_EVAL_MAX;
    return score;
}

double kodrek_return_scale(const struct variant *v) {
    /* Win/loss returns are +-1. Coin returns are coins / (2 toleks): a game
     * decided at turn t moves t+1 coins from the loser, so returns usually
     * lie within -0.3 .. +0.15 and UCT's constant 1.4, made for +-1, drowns
     * the differences. 0.35 (a constant of 0.49) is from the arena: against
     * flat Monte Carlo c = 0.3-0.5 scored 42-45% of first places, c = 0.2
     * and c = 0.7 about 38%, c = 1.4 about 37% (results/kodrek.md). */
    return kodrek_options(v)->payoff == KODREK_PAYOFF_WINLOSS ? 1.0 : 0.35;
}
