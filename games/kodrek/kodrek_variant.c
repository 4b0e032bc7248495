/* Kodrek's declared variant parameters: inner=, margin=, toleks=, payoff=,
 * newcomer=, order= (engine/variant.h parses, prints and documents them). */
#include "engine/variant.h"
#include "games/kodrek/kodrek.h"

static const char *const payoff_names[] = {"coins", "winloss", NULL};
static const long long payoff_codes[] = {KODREK_PAYOFF_COINS, KODREK_PAYOFF_WINLOSS};
/* newcomer: bit p set lets player p stay in (green 1, blue 2, red 4). */
static const char *const newcomer_names[] = {"off", "all", "green", "blue", "red", NULL};
static const long long newcomer_codes[] = {0, 7, 1, 2, 4};
static const char *const order_names[] = {"sorted", "round", NULL};
static const long long order_codes[] = {KODREK_ORDER_SORTED, KODREK_ORDER_ROUND};

const struct variant_param kodrek_variant_params[] = {
    {.name = "inner", .type = VARIANT_WHOLE, VARIANT_FIELD(struct kodrek_variant, inner),
     .low = KODREK_MIN_INNER, .high = KODREK_MAX_INNER, .fallback = 18,
     .help = "junctures on a side of the inner (yellow) triangle"},
    {.name = "margin", .type = VARIANT_WHOLE, VARIANT_FIELD(struct kodrek_variant, margin),
     .low = KODREK_MIN_MARGIN, .high = KODREK_MAX_MARGIN, .fallback = 6,
     .help = "rows of board beyond each side of the inner triangle"},
    {.name = "toleks", .type = VARIANT_WHOLE, VARIANT_FIELD(struct kodrek_variant, toleks),
     .low = 2, .high = KODREK_MAX_TOLEKS, .fallback = KODREK_MAX_TOLEKS,
     .help = "coins per player; the game ends after turn toleks-1"},
    {.name = "payoff", .type = VARIANT_CHOICE, VARIANT_FIELD(struct kodrek_variant, payoff),
     .choices = payoff_names, .codes = payoff_codes, .fallback = 0,
     .help = "returns in coins won/paid, or +1/-1"},
    {.name = "newcomer", .type = VARIANT_CHOICE,
     VARIANT_FIELD(struct kodrek_variant, newcomer), .choices = newcomer_names,
     .codes = newcomer_codes, .fallback = 0,
     .help = "who may stay in after being thrown past the outer edge"},
    {.name = "order", .type = VARIANT_CHOICE, VARIANT_FIELD(struct kodrek_variant, order),
     .choices = order_names, .codes = order_codes, .fallback = 0,
     .help = "thrusts and pulls by count, ties clockwise from green (sorted), or from "
             "the top player on round clockwise (round)"},
    {.name = NULL},
};
