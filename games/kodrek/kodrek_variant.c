/* Kodrek variant options: inner=, margin=, toleks=, payoff=, newcomer=, order=. */
#include "engine/number.h"
#include "games/kodrek/kodrek.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const struct variant_key kodrek_variant_keys[] = {
    {"inner", "3..40", "18", "junctures on a side of the inner (yellow) triangle"},
    {"margin", "1..12", "6", "rows of board beyond each side of the inner triangle"},
    {"toleks", "2..9", "9", "coins per player; the game ends after turn toleks-1"},
    {"payoff", "coins|winloss", "coins", "returns in coins won/paid, or +1/-1"},
    {"newcomer", "off|all|green|blue|red", "off",
     "who may stay in after being thrown past the outer edge"},
    {"order", "sorted|round", "sorted",
     "thrusts and pulls by count, ties clockwise from green (sorted), or from the "
     "top player on round clockwise (round)"},
    {NULL, NULL, NULL, NULL},
};

static struct kodrek_variant *options(struct variant *v) {
    return (struct kodrek_variant *)v->bytes;
}

void kodrek_variant_default(struct variant *v) {
    struct kodrek_variant *o = options(v);
    o->inner = 18;
    o->margin = 6;
    o->toleks = KODREK_MAX_TOLEKS;
    o->payoff = KODREK_PAYOFF_COINS;
    o->newcomer = 0;
    o->order = KODREK_ORDER_SORTED;
}

static int set_number(const char *key, const char *value, int lo, int hi, uint8_t *out,
                      char *err) {
    long long n;
    if (number_whole(key, value, lo, hi, &n, err, GAME_ERROR_BYTES)) return -1;
    *out = (uint8_t)n;
    return 0;
}

int kodrek_variant_set(struct variant *v, const char *key, const char *value, char *err) {
    struct kodrek_variant *o = options(v);
    if (strcmp(key, "inner") == 0)
        return set_number(key, value, KODREK_MIN_INNER, KODREK_MAX_INNER, &o->inner, err);
    if (strcmp(key, "margin") == 0)
        return set_number(key, value, KODREK_MIN_MARGIN, KODREK_MAX_MARGIN, &o->margin,
                          err);
    if (strcmp(key, "toleks") == 0)
        return set_number(key, value, 2, KODREK_MAX_TOLEKS, &o->toleks, err);
    if (strcmp(key, "payoff") == 0) {
        if (strcmp(value, "coins") == 0)
            o->payoff = KODREK_PAYOFF_COINS;
        else if (strcmp(value, "winloss") == 0)
            o->payoff = KODREK_PAYOFF_WINLOSS;
        else {
            snprintf(err, GAME_ERROR_BYTES,
                     "payoff must be coins or winloss, not '%.40s'", value);
            return -1;
        }
        return 0;
    }
    if (strcmp(key, "newcomer") == 0) {
        static const char *const names[] = {"off", "all", "green", "blue", "red"};
        static const uint8_t masks[] = {0, 7, 1, 2, 4};
        for (int i = 0; i < 5; i++)
            if (strcmp(value, names[i]) == 0) {
                o->newcomer = masks[i];
                return 0;
            }
        snprintf(err, GAME_ERROR_BYTES,
                 "newcomer must be off, all, green, blue or red, not '%.40s'", value);
        return -1;
    }
    if (strcmp(key, "order") == 0) {
        if (strcmp(value, "sorted") == 0)
            o->order = KODREK_ORDER_SORTED;
        else if (strcmp(value, "round") == 0)
            o->order = KODREK_ORDER_ROUND;
        else {
            snprintf(err, GAME_ERROR_BYTES, "order must be sorted or round, not '%.40s'",
                     value);
            return -1;
        }
        return 0;
    }
    snprintf(err, GAME_ERROR_BYTES,
             "unknown variant option '%.40s' (known: inner, margin, toleks, payoff, "
             "newcomer, order)",
             key);
    return -1;
}

void kodrek_variant_format(const struct variant *v, char *buf, size_t n) {
    const struct kodrek_variant *o = kodrek_options(v);
    const char *newcomer = "off";
    switch (o->newcomer) {
    case 7: newcomer = "all"; break;
    case 1: newcomer = "green"; break;
    case 2: newcomer = "blue"; break;
    case 4: newcomer = "red"; break;
    default: break;
    }
    snprintf(buf, n, "inner=%d,margin=%d,toleks=%d,payoff=%s,newcomer=%s,order=%s",
             o->inner, o->margin, o->toleks,
             o->payoff == KODREK_PAYOFF_WINLOSS ? "winloss" : "coins", newcomer,
             o->order == KODREK_ORDER_ROUND ? "round" : "sorted");
}
