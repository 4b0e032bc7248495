/* Which kernels serve which game (see search/kernels.h): the game's own,
 * through the `kernels` hook of struct game, else the generic ones. */
#include "search/kernels.h"

#include <stddef.h>

const struct search_kernels *search_kernels_for(const struct game *g) {
    return g->kernels ? g->kernels : &search_kernels_generic;
}
