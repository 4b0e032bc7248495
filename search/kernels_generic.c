/* The generic kernels: the search bodies through the contract's function
 * pointers, for every game (see search/kernels.h). */
#include "search/kernels.h"

#include "search/alphabeta_internal.h"
#include "search/body_generic.h"
#include "search/playout.h"
#include "search/tt.h"

#include <string.h>

#include "search/alphabeta_body.h"
#include "search/perft_body.h"
#include "search/playout_body.h"

const struct search_kernels search_kernels_generic = {
    .game = NULL,
    .name = "generic",
    .perft = body_perft,
    .playout = body_playout,
    .ab_root = body_ab_root,
    .ab_table_depth = 1,
};
