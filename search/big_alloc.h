/*
 * big_alloc.h - memory for large tables that are read at random places (the
 * transposition table, the MCTS node pool): cache-line aligned, and backed by
 * huge pages where the system allows it (Linux transparent huge pages in
 * "madvise" mode), which saves most TLB misses and page faults. Release
 * with free().
 */
#ifndef KIBITZ_BIG_ALLOC_H
#define KIBITZ_BIG_ALLOC_H

#include <stddef.h>

/* `bytes` of uninitialised memory, or NULL. */
void *big_alloc(size_t bytes);

#endif
