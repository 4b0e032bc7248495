/* Kulibrat's declared variant parameters: target=N (points to win),
 * first=black|red (engine/variant.h parses, prints and documents them). */
#include "engine/variant.h"
#include "games/kulibrat/kulibrat.h"
#include "games/kulibrat/kulibrat_text.h"

static const char *const first_names[] = {"black", "red", NULL};
static const long long first_codes[] = {KULIBRAT_BLACK, KULIBRAT_RED};

const struct variant_param kulibrat_variant_params[] = {
    {.name = "target", .type = VARIANT_WHOLE,
     VARIANT_FIELD(struct kulibrat_variant, target), .low = 1,
     .high = KULIBRAT_MAX_TARGET, .fallback = 5, .help = "points needed to win"},
    {.name = "first", .type = VARIANT_CHOICE, VARIANT_FIELD(struct kulibrat_variant, first),
     .choices = first_names, .codes = first_codes, .fallback = 0,
     .help = "who moves first"},
    {.name = NULL},
};

void kulibrat_variant_high_target(struct variant *v) {
    variant_init(&kulibrat_game, v);
    ((struct kulibrat_variant *)v->bytes)->target = KULIBRAT_MAX_TARGET;
}
