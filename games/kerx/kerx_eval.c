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

static struct side_terms side_terms_of(const struct kerx_geom *g,
                                       const struct kerx_state *s, int player) {
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

/* Endgame weights, in evaluation points (GAME_EVAL_MAX is "won") per unit
 * of each term (kerx_eval.h, enum kerx_endgame_term). Fitted by
 * scripts/kerx_texel.py (results/kerx.md, "Texel tuning"): the direction
 * from which move of a won position the databases say wins fastest, the
 * scale from their win/draw/loss labels. */
const int kerx_endgame_weights[KERX_ENDGAME_TERMS] = {
    [KERX_TERM_NEAR] = 40,
    [KERX_TERM_ROOM] = -51,
    [KERX_TERM_THEIR_EXPOSED] = 39,
    [KERX_TERM_OUR_EXPOSED] = 48,
    [KERX_TERM_SPARE_EXPOSED] = 1220,
    [KERX_TERM_CENTRE] = -5,
};

/* Material: the share of the pieces one side has more than the other. */
int kerx_eval_material(const struct kerx_state *s, int player) {
    int mine = kerx_count(s, player), theirs = kerx_count(s, player ^ 1);
    if (mine + theirs == 0) return 0;
    return (GAME_EVAL_MAX / 10 * 8) * (mine - theirs) / (mine + theirs);
}

static int material_and_centre(const struct kerx_geom *g, const struct kerx_state *s,
                               int player) {
    int mine = kerx_count(s, player), theirs = kerx_count(s, player ^ 1);
    if (mine + theirs == 0) return 0;
    int material = kerx_eval_material(s, player);
    int central = centre(g, s->pieces[player]) - centre(g, s->pieces[player ^ 1]);
    return material + (GAME_EVAL_MAX / 10) * central / ((g->n - 1) * (mine + theirs));
}

int kerx_endgame_terms(const struct kerx_geom *g, int drawat, const struct kerx_state *s,
                       int terms[KERX_ENDGAME_TERMS]) {
    int white = kerx_count(s, 0), black = kerx_count(s, 1);
    if (white + black > KERX_ENDGAME_PIECES || white == black) return -1;
    /* The endgame, seen from the side ahead: progress is closing in on the
     * enemy and taking its room, and no piece of the side ahead may hang,
     * least of all when losing it would bring both sides to `drawat` or
     * fewer (a draw). */
    int ahead = white > black ? 0 : 1;
    int lead = kerx_count(s, ahead), behind = kerx_count(s, ahead ^ 1);
    struct side_terms a = side_terms_of(g, s, ahead), b = side_terms_of(g, s, ahead ^ 1);
    bool cannot_spare = drawat > 0 && lead - 1 <= drawat && behind <= drawat;
    terms[KERX_TERM_NEAR] = -(a.near * KERX_NEAR_EIGHTHS) / lead;
    terms[KERX_TERM_ROOM] = -b.room;
    terms[KERX_TERM_THEIR_EXPOSED] = b.exposed;
    terms[KERX_TERM_OUR_EXPOSED] = cannot_spare ? 0 : -a.exposed;
    terms[KERX_TERM_SPARE_EXPOSED] = cannot_spare ? -a.exposed : 0;
    terms[KERX_TERM_CENTRE] =
        centre(g, s->pieces[ahead]) - centre(g, s->pieces[ahead ^ 1]);
    return ahead;
}

int kerx_eval_base(const struct kerx_geom *g, int drawat, const struct kerx_state *s,
                   int player) {
    int t[KERX_ENDGAME_TERMS];
    return kerx_endgame_terms(g, drawat, s, t) < 0 ? material_and_centre(g, s, player)
                                                   : kerx_eval_material(s, player);
}

int kerx_eval(const struct kerx_geom *g, int drawat, const struct kerx_state *s,
              int player) {
    int t[KERX_ENDGAME_TERMS];
    int ahead = kerx_endgame_terms(g, drawat, s, t);
    if (ahead < 0) return material_and_centre(g, s, player);
    /* In the endgame the centre counts only through its own term: a pull to
     * the centre for both sides kept the side ahead from closing in. */
    int base = kerx_eval_material(s, player);
    int progress = 0;
    for (int i = 0; i < KERX_ENDGAME_TERMS; i++)
        progress += kerx_endgame_weights[i] * t[i];
    int value = base + (ahead == player ? progress : -progress);
    /* Stay inside the range of a heuristic value (GAME_EVAL_MAX: won). */
    int cap = GAME_EVAL_MAX - 1;
    return value > cap ? cap : value < -cap ? -cap : value;
}
