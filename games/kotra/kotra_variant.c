/* Kotra's declared variant parameters: turns=N (turns before the game ends
 * on points), surrender=loss|points (how a surrender is scored);
 * engine/variant.h parses, prints and documents them. */
#include "engine/variant.h"
#include "games/kotra/kotra.h"

enum { DEFAULT_TURNS = 200, MAX_TURNS = 10000 };

static const char *const surrender_names[] = {"loss", "points", NULL};

const struct variant_param kotra_variant_params[] = {
    {.name = "turns", .type = VARIANT_WHOLE, VARIANT_FIELD(struct kotra_variant, max_turns),
     .low = 1, .high = MAX_TURNS, .fallback = DEFAULT_TURNS,
     .help = "turns (both players') before the game ends on points"},
    {.name = "surrender", .type = VARIANT_CHOICE,
     VARIANT_FIELD(struct kotra_variant, surrender_points), .choices = surrender_names,
     .fallback = 0,
     .help = "a side that cannot move loses (text), or the game is scored on points"},
    {.name = NULL},
};
