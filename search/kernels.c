/* Which kernels serve which game (see search/kernels.h). */
#include "search/kernels.h"

#include <stddef.h>

extern const struct search_kernels search_kernels_kulibrat;

static const struct search_kernels *const specialised[] = {
    &search_kernels_kulibrat,
};

const struct search_kernels *search_kernels_for(const struct game *g) {
    for (size_t i = 0; i < sizeof specialised / sizeof specialised[0]; i++)
        if (specialised[i]->game == g) return specialised[i];
    return &search_kernels_generic;
}
