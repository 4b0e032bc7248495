/* Counting solved values (solve/retro_cell.h). */
#include "solve/retro_cell.h"

void retro_count(struct retro_counts *c, const retro_cell *values, uint64_t size) {
    /* Branch-free, in blocks small enough for 32-bit counters, so that the
     * compiler can vectorize: this runs over every solved position. */
    uint64_t won = 0, lost = 0, drawn = 0, terminal = 0, holes = 0;
    unsigned maxcell = 0; /* largest win or loss cell: remoteness (cell-1)/2 */
    for (uint64_t b0 = 0; b0 < size; b0 += 1u << 20) {
        uint64_t b1 = b0 + (1u << 20) < size ? b0 + (1u << 20) : size;
        uint32_t w = 0, l = 0, d = 0, t = 0, h = 0;
        unsigned m = 0;
        for (uint64_t i = b0; i < b1; i++) {
            unsigned v = values[i];
            unsigned value = v != RETRO_DRAW && v < RETRO_HOLE;
            t += v == RETRO_TERMINAL;
            h += v == RETRO_HOLE;
            d += v == RETRO_DRAW;
            w += value & v;
            l += value & ~v & 1;
            unsigned mv = value ? v : 0;
            m = mv > m ? mv : m;
        }
        won += w;
        lost += l;
        drawn += d;
        terminal += t;
        holes += h;
        maxcell = m > maxcell ? m : maxcell;
    }
    int maxrem = maxcell ? retro_remoteness((retro_cell)maxcell) : 0;
    /* A loss cell 2+2r sorts above the win 1+2r of the same remoteness, so
     * the largest cell names the longest remoteness either way. */
    c->positions += size - holes;
    c->won += won;
    c->lost += lost;
    c->drawn += drawn;
    c->terminal += terminal;
    c->holes += holes;
    if (maxrem > c->max_remoteness) c->max_remoteness = maxrem;
}
