/* The Kerx evaluation (games/kerx/kerx_eval.h). */
#include "games/kerx/kerx_eval.h"

#include <stdlib.h>

/* Pieces of one side as a list of cells. */
static int cells_of(const uint64_t w[2], int *out) {
    int n = 0;
    for (int word = 0; word < 2; word++)
        for (uint64_t t = w[word]; t; t &= t - 1)
            out[n++] = 64 * word + __builtin_ctzll(t);
    return n;
}

static bool occupied(const uint64_t w[2], int cell) {
    return (w[cell >> 6] >> (cell & 63)) & 1;
}

/* Hex distance: a step changes (file, row) by one of (0,1), (1,1), (1,0)
 * and their negatives. */
static int distance(const struct kerx_geom *g, int a, int b) {
    int df = g->cell_file[b] - g->cell_file[a], dr = g->cell_row[b] - g->cell_row[a];
    if ((df >= 0) == (dr >= 0)) return abs(df) > abs(dr) ? abs(df) : abs(dr);
    return abs(df) + abs(dr);
}

/* How each side stands, for the endgame terms. */
struct side_terms {
    int room;    /* empty neighbours of its pieces (steps it has) */
    int exposed; /* its pieces the other side could jump now */
    int near;    /* sum over its pieces of the distance to the nearest enemy */
};

static struct side_terms terms(const struct kerx_geom *g, const struct kerx_state *s,
                               int player) {
    int mine[KERX_MAX_CELLS], theirs[KERX_MAX_CELLS];
    int m = cells_of(s->pieces[player], mine),
        t = cells_of(s->pieces[player ^ 1], theirs);
    struct side_terms r = {0, 0, 0};
    for (int i = 0; i < m; i++) {
        int c = mine[i], best = 99;
        bool exposed = false;
        for (int d = 0; d < KERX_DIRS; d++) {
            int nb = g->nb[c][d];
            if (nb < 0) continue;
            bool empty = !occupied(s->pieces[0], nb) && !occupied(s->pieces[1], nb);
            r.room += empty;
            /* An enemy on one side and an empty cell on the other: it can be
             * jumped (the opposite direction is d + 3). */
            int back = g->nb[c][(d + 3) % KERX_DIRS];
            if (occupied(s->pieces[player ^ 1], nb) && back >= 0 &&
                !occupied(s->pieces[0], back) && !occupied(s->pieces[1], back))
                exposed = true;
        }
        r.exposed += exposed;
        for (int j = 0; j < t; j++) {
            int dist = distance(g, c, theirs[j]);
            if (dist < best) best = dist;
        }
        r.near += t ? best : 0;
    }
    return r;
}

/* Sum over a side's pieces of how close each stands to the centre. */
static int centre(const struct kerx_geom *g, const uint64_t w[2]) {
    int cells[KERX_MAX_CELLS], n = cells_of(w, cells), total = 0;
    for (int i = 0; i < n; i++) total += g->n - 1 - g->centre_dist[cells[i]];
    return total;
}

/* Endgame weights, in thousandths of GAME_EVAL_MAX per unit. */
enum {
    ENDGAME_PIECES = 10,  /* the endgame terms apply from here down */
    W_NEAR = 6,           /* the side ahead: per step closer to the enemy */
    W_ROOM = 8,           /* per empty cell the side behind can step to */
    W_EXPOSED = 40,       /* per piece that can be jumped now */
    W_SPARE_EXPOSED = 90, /* the same when the side ahead cannot spare it */
};

int kerx_eval(const struct kerx_geom *g, int drawat, const struct kerx_state *s,
              int player) {
    int mine = kerx_count(s, player), theirs = kerx_count(s, player ^ 1);
    if (mine + theirs == 0) return 0;
    int material = (GAME_EVAL_MAX / 10 * 8) * (mine - theirs) / (mine + theirs);
    int central = centre(g, s->pieces[player]) - centre(g, s->pieces[player ^ 1]);
    int bonus = (GAME_EVAL_MAX / 10) * central / ((g->n - 1) * (mine + theirs));
    if (mine + theirs > ENDGAME_PIECES || mine == theirs) return material + bonus;
    /* The endgame, seen from the side ahead (`ahead`), negated for the
     * other: progress is closing in on the enemy and taking its room, and
     * no piece of the side ahead may hang, least of all when losing it
     * would bring both sides to `drawat` or fewer (a draw). */
    int ahead = mine > theirs ? player : player ^ 1;
    int lead = kerx_count(s, ahead), behind = kerx_count(s, ahead ^ 1);
    struct side_terms a = terms(g, s, ahead), b = terms(g, s, ahead ^ 1);
    bool cannot_spare = drawat > 0 && lead - 1 <= drawat && behind <= drawat;
    int progress = -W_NEAR * a.near / lead - W_ROOM * b.room + (W_EXPOSED * b.exposed) -
                   (cannot_spare ? W_SPARE_EXPOSED : W_EXPOSED) * a.exposed;
    progress = progress * (GAME_EVAL_MAX / 1000);
    int sign = ahead == player ? 1 : -1;
    int value = material + sign * progress;
    /* Keep the material order: an endgame term never outweighs a piece. */
    int cap = GAME_EVAL_MAX - 1;
    return value > cap ? cap : value < -cap ? -cap : value;
}
