/* Kauda-Baji's declared variant parameters: players, killfirst, bonus,
 * combine, p (engine/variant.h parses, prints and documents them). */
#include "engine/variant.h"
#include "games/kauda-baji/kauda.h"
#include "games/kauda-baji/kauda_text.h"

static const char *const player_names[] = {"2", "3", "4", NULL};
static const long long player_codes[] = {2, 3, 4};
static const char *const flag_names[] = {"0", "1", NULL};

/* p in millionths: 6 decimals. */
enum { P_DECIMALS = 6, P_UNIT = 1000000 };

const struct variant_param kauda_variant_params[] = {
    {.name = "players", .type = VARIANT_CHOICE,
     VARIANT_FIELD(struct kauda_variant, players), .choices = player_names,
     .codes = player_codes, .fallback = 2,
     .help = "players (2 sit face to face; 3 leave west empty)"},
    {.name = "killfirst", .type = VARIANT_CHOICE,
     VARIANT_FIELD(struct kauda_variant, killfirst), .choices = flag_names, .fallback = 0,
     .help = "a player must kill before entering the middle ring"},
    {.name = "bonus", .type = VARIANT_CHOICE, VARIANT_FIELD(struct kauda_variant, bonus),
     .choices = flag_names, .fallback = 0, .help = "a kill earns another throw"},
    {.name = "combine", .type = VARIANT_CHOICE, VARIANT_FIELD(struct kauda_variant, combine),
     .choices = flag_names, .fallback = 1,
     .help = "several pending throws may be added for one move"},
    {.name = "p", .type = VARIANT_DECIMAL, VARIANT_FIELD(struct kauda_variant, p_millionths),
     .low = 0, .high = P_UNIT, .decimals = P_DECIMALS, .fallback = P_UNIT / 2,
     .help = "probability that a cowrie falls open side up"},
    {.name = NULL},
};
