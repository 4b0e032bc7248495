/* Kauda-Baji board geometry: the seats' paths (B1), cross squares (B3), the
 * throw distribution (B4) and the move packing helpers. */
#include "games/kauda-baji/kauda.h"

/* South's path as (row, column), B1: home, outer ring anticlockwise, middle
 * ring clockwise, inner ring clockwise, centre. */
static const uint8_t south_path[KAUDA_SQUARES][2] = {
    {0, 3}, {0, 4}, {0, 5}, {0, 6}, {1, 6}, {2, 6}, {3, 6}, {4, 6},
    {5, 6}, {6, 6}, {6, 5}, {6, 4}, {6, 3}, {6, 2}, {6, 1}, {6, 0},
    {5, 0}, {4, 0}, {3, 0}, {2, 0}, {1, 0}, {0, 0}, {0, 1}, {0, 2}, /* 0-23 */
    {1, 1}, {2, 1}, {3, 1}, {4, 1}, {5, 1}, {5, 2}, {5, 3}, {5, 4},
    {5, 5}, {4, 5}, {3, 5}, {2, 5}, {1, 5}, {1, 4}, {1, 3}, {1, 2}, /* 24-39 */
    {2, 2}, {3, 2}, {4, 2}, {4, 3}, {4, 4}, {3, 4}, {2, 4}, {2, 3}, /* 40-47 */
    {3, 3},                                                         /* 48 */
};

int kauda_seat(const struct variant *v, int player) {
    /* Two players sit face to face (a choice); three take south, east, north. */
    return kauda_options(v)->players == 2 ? player * 2 : player;
}

int kauda_square(int seat, int step) {
    int row = south_path[step][0], col = south_path[step][1];
    for (int k = 0; k < seat; k++) {
        /* A quarter turn anticlockwise takes the south edge to the east. */
        int r = col, c = KAUDA_SIDE - 1 - row;
        row = r;
        col = c;
    }
    return row * KAUDA_SIDE + col;
}

int kauda_step(int seat, int square) {
    for (int step = 0; step < KAUDA_SQUARES; step++)
        if (kauda_square(seat, step) == square) return step;
    return -1;
}

bool kauda_is_cross(int square) {
    int row = square / KAUDA_SIDE, col = square % KAUDA_SIDE;
    bool outer_corner = (row == 0 || row == 6) && (col == 0 || col == 6);
    bool home =
        ((row == 0 || row == 6) && col == 3) || ((col == 0 || col == 6) && row == 3);
    bool inner_corner = (row == 2 || row == 4) && (col == 2 || col == 4);
    bool centre = row == 3 && col == 3;
    return outer_corner || home || inner_corner || centre;
}

void kauda_throw_odds(const struct variant *v, double odds[13]) {
    const double p = kauda_options(v)->p_millionths / 1e6;
    static const int binomial[7] = {1, 6, 15, 20, 15, 6, 1};
    for (int i = 0; i < 13; i++) odds[i] = 0.0;
    for (int open = 0; open <= 6; open++) {
        double x = binomial[open];
        for (int i = 0; i < open; i++) x *= p;
        for (int i = open; i < 6; i++) x *= 1.0 - p;
        odds[open == 0 ? 12 : open] = x; /* none up counts 12 */
    }
}

move_t kauda_decide_move(int value, int from, int to, const struct kauda_pick *pick) {
    move_t m = (move_t)KAUDA_DECIDE | ((move_t)value << 4) | ((move_t)from << 8) |
               ((move_t)to << 14);
    m |= (move_t)pick->count[1] << 20 | (move_t)pick->count[2] << 23 |
         (move_t)pick->count[3] << 25 | (move_t)pick->count[4] << 27 |
         (move_t)pick->count[5] << 28 | (move_t)pick->count[6] << 29;
    return m;
}

move_t kauda_combined_move(const uint8_t *values, int count, int from, int to,
                           const struct kauda_pick *pick) {
    move_t m = kauda_decide_move(values[0], from, to, pick);
    if (count > 1) m |= (move_t)values[1] << 30;
    if (count > 2) m |= (move_t)values[2] << 34;
    return m;
}

int kauda_move_throws(move_t m, uint8_t values[KAUDA_MAX_PENDING]) {
    values[0] = (uint8_t)kauda_move_value(m);
    values[1] = (uint8_t)((m >> 30) & 15);
    values[2] = (uint8_t)((m >> 34) & 15);
    return values[2] ? 3 : values[1] ? 2 : 1;
}

void kauda_move_pick(move_t m, struct kauda_pick *pick) {
    pick->count[0] = 0;
    pick->count[1] = (uint8_t)((m >> 20) & 7);
    pick->count[2] = (uint8_t)((m >> 23) & 3);
    pick->count[3] = (uint8_t)((m >> 25) & 3);
    pick->count[4] = (uint8_t)((m >> 27) & 1);
    pick->count[5] = (uint8_t)((m >> 28) & 1);
    pick->count[6] = (uint8_t)((m >> 29) & 1);
}

int kauda_pick_size(const struct kauda_pick *pick) {
    int total = 0;
    for (int s = 1; s <= KAUDA_PIECES; s++) total += s * pick->count[s];
    return total;
}

int kauda_in_centre(const struct kauda_state *s, int p) {
    for (int i = 0; i < KAUDA_PIECES; i++)
        if (s->tuples[p][i].size && s->tuples[p][i].step == KAUDA_CENTRE)
            return s->tuples[p][i].size;
    return 0;
}

void kauda_sort(struct kauda_state *s, int p) {
    struct kauda_tuple *t = s->tuples[p];
    /* Used entries first, by (step, size); six entries: insertion sort. */
    for (int i = 1; i < KAUDA_PIECES; i++) {
        struct kauda_tuple x = t[i];
        int key = x.size ? x.step * 8 + x.size : 1 << 12;
        int j = i - 1;
        while (j >= 0) {
            int kj = t[j].size ? t[j].step * 8 + t[j].size : 1 << 12;
            if (kj <= key) break;
            t[j + 1] = t[j];
            j--;
        }
        t[j + 1] = x;
    }
    for (int i = 0; i < KAUDA_PIECES; i++)
        if (!t[i].size) t[i].step = 0;
}
