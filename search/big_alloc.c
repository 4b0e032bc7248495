#define _DEFAULT_SOURCE /* madvise's MADV_HUGEPAGE */
#include "search/big_alloc.h"

#include <stdlib.h>
#include <sys/mman.h>

enum { CACHE_LINE = 64, HUGE_PAGE = 2 << 20 };

void *big_alloc(size_t bytes) {
    if (bytes < HUGE_PAGE) {
        size_t size = (bytes + CACHE_LINE - 1) / CACHE_LINE * CACHE_LINE;
        return aligned_alloc(CACHE_LINE, size ? size : CACHE_LINE);
    }
    size_t size = (bytes + HUGE_PAGE - 1) / HUGE_PAGE * HUGE_PAGE;
    void *p = aligned_alloc(HUGE_PAGE, size);
#ifdef MADV_HUGEPAGE
    if (p) madvise(p, size, MADV_HUGEPAGE);
#endif
    return p;
}
