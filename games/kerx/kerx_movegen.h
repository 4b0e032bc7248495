/*
 * kerx_movegen.h - the Kerx move generator, written once and included twice
 * by kerx_moves.c: with KX_BB = uint64_t for sizes 3..5 (one word per side)
 * and with KX_BB = unsigned __int128 for size 6. Not a public header.
 *
 * The includer defines KX_BB, KX(name) (suffixes a name), KX_LOAD(words),
 * KX_POP(x) and KX_CTZ(x).
 */

#define KX_BIT(i) (((KX_BB)1) << (i))

static inline KX_BB KX(board)(const struct kerx_geom *g) {
    return KX_BIT(g->cells) - 1;
}

/* True when the piece on `from` can make at least one jump. */
static inline bool KX(can_jump)(const struct kerx_geom *g, int from, KX_BB enemy,
                                KX_BB empty) {
    if (!(KX_LOAD(g->adj[from]) & enemy)) return false;
    for (int d = 0; d < KERX_DIRS; d++) {
        int land = g->jump[from][d];
        if (land < 0) continue;
        if ((enemy >> g->nb[from][d]) & 1 && (empty >> land) & 1) return true;
    }
    return false;
}

/* Search state of the capture generator. */
struct KX(chase) {
    const struct kerx_geom *g;
    KX_BB enemy, empty; /* empty includes the start cell of the chain */
    int from;
    bool any;  /* huff=1: keep every capture, of any length, not only the longest */
    int best;  /* most captures found so far */
    int count; /* moves kept (all with `best` captures) */
    move_t *out;
    KX_BB caps[KERX_MAX_MOVES];
    uint8_t dirs[KERX_MAX_JUMPS];
    /* Path wanted back (kerx_capture_path on a long chain): list position,
     * or -1. */
    int want;
    uint8_t want_dirs[KERX_MAX_JUMPS];
    KX_BB want_caps;
    /* Chain steps searched, and the most allowed (KERX_CHASE_MAX_STEPS;
     * `cut` once reached: the list then holds what was found). */
    long steps, budget;
    bool cut;
};

static void KX(record)(struct KX(chase) * c, int to, int jumps, KX_BB captured) {
    if (!c->any && jumps < c->best) return;
    if (!c->any && jumps > c->best) {
        c->best = jumps;
        c->count = 0;
    }
    for (int i = 0; i < c->count; i++)
        if (c->caps[i] == captured && kerx_move_from(c->out[i]) == c->from &&
            kerx_move_to(c->out[i]) == to)
            return; /* same (from, to, captured set): already listed */
    if (c->count == KERX_MAX_MOVES) return;
    move_t m = kerx_move_pack(c->from, to, jumps);
    if (jumps <= KERX_PATH_MAX) {
        for (int k = 0; k < jumps; k++) m |= (move_t)c->dirs[k] << (20 + 3 * k);
    } else {
        m |= (move_t)c->count << 20 | (c->any ? KERX_MOVE_ANY_LIST : 0);
    }
    if (c->count == c->want) {
        memcpy(c->want_dirs, c->dirs, (size_t)jumps);
        c->want_caps = captured;
    }
    c->caps[c->count] = captured;
    c->out[c->count++] = m;
}

/* Extend the chain that has reached `at` after `jumps` jumps. Jumped pieces
 * stay enemy (blocking landings) until the chain ends; `captured` stops them
 * being jumped twice. In `any` mode the chain may also stop here. */
static void KX(chase_from)(struct KX(chase) * c, int at, int jumps, KX_BB captured) {
    const struct kerx_geom *g = c->g;
    bool extended = false;
    if (c->cut || ++c->steps > c->budget) {
        c->cut = true;
        return;
    }
    if (c->any && jumps > 0) KX(record)(c, at, jumps, captured);
    for (int d = 0; d < KERX_DIRS; d++) {
        int land = g->jump[at][d];
        if (land < 0) continue;
        KX_BB over = KX_BIT(g->nb[at][d]);
        if (!(c->enemy & over) || (captured & over) || !((c->empty >> land) & 1))
            continue;
        extended = true;
        c->dirs[jumps] = (uint8_t)d;
        KX(chase_from)(c, land, jumps + 1, captured | over);
    }
    if (!c->any && !extended && jumps > 0) KX(record)(c, at, jumps, captured);
}

/* All longest captures of the side to move into `out` (every capture when
 * `any`); `want` as in chase. */
static int KX(captures)(struct KX(chase) * c, const struct kerx_geom *g,
                        const struct kerx_state *s, move_t *out, int want, bool any,
                        long budget) {
    KX_BB own = KX_LOAD(s->pieces[s->side]);
    KX_BB enemy = KX_LOAD(s->pieces[s->side ^ 1]);
    KX_BB empty = KX(board)(g) & ~(own | enemy);
    c->g = g;
    c->enemy = enemy;
    c->any = any;
    c->best = 1;
    c->count = 0;
    c->out = out;
    c->want = want;
    c->steps = 0;
    c->budget = budget;
    c->cut = false;
    for (KX_BB t = own; t; t &= t - 1) {
        int from = KX_CTZ(t);
        if (!KX(can_jump)(g, from, enemy, empty)) continue;
        c->from = from;
        c->empty = empty | KX_BIT(from);
        KX(chase_from)(c, from, 0, 0);
    }
    return c->count;
}

static int KX(moves)(const struct kerx_geom *g, const struct kerx_state *s, move_t *out) {
    KX_BB own = KX_LOAD(s->pieces[s->side]);
    KX_BB enemy = KX_LOAD(s->pieces[s->side ^ 1]);
    KX_BB empty = KX(board)(g) & ~(own | enemy);
    for (KX_BB t = own; t; t &= t - 1) {
        if (KX(can_jump)(g, KX_CTZ(t), enemy, empty)) {
            struct KX(chase) c;
            return KX(captures)(&c, g, s, out, -1, false, KERX_CHASE_MAX_STEPS);
        }
    }
    int count = 0;
    for (KX_BB t = own; t; t &= t - 1) {
        int from = KX_CTZ(t);
        for (KX_BB to = KX_LOAD(g->adj[from]) & empty; to; to &= to - 1)
            out[count++] = kerx_move_pack(from, KX_CTZ(to), 0);
    }
    return count;
}

static int KX(moves_any)(const struct kerx_geom *g, const struct kerx_state *s,
                         move_t *out) {
    KX_BB own = KX_LOAD(s->pieces[s->side]);
    KX_BB enemy = KX_LOAD(s->pieces[s->side ^ 1]);
    KX_BB empty = KX(board)(g) & ~(own | enemy);
    int count = 0;
    for (KX_BB t = own; t; t &= t - 1) {
        if (KX(can_jump)(g, KX_CTZ(t), enemy, empty)) {
            struct KX(chase) c;
            count = KX(captures)(&c, g, s, out, -1, true, KERX_CHASE_MAX_STEPS);
            break;
        }
    }
    for (KX_BB t = own; t; t &= t - 1) {
        int from = KX_CTZ(t);
        for (KX_BB to = KX_LOAD(g->adj[from]) & empty; to; to &= to - 1)
            if (count < KERX_MAX_MOVES)
                out[count++] = kerx_move_pack(from, KX_CTZ(to), 0);
    }
    return count;
}

/* True when a piece of the side to move can jump. */
static bool KX(can_capture)(const struct kerx_geom *g, const struct kerx_state *s) {
    KX_BB own = KX_LOAD(s->pieces[s->side]);
    KX_BB enemy = KX_LOAD(s->pieces[s->side ^ 1]);
    KX_BB empty = KX(board)(g) & ~(own | enemy);
    for (KX_BB t = own; t; t &= t - 1)
        if (KX(can_jump)(g, KX_CTZ(t), enemy, empty)) return true;
    return false;
}

static bool KX(has_move)(const struct kerx_geom *g, const struct kerx_state *s) {
    KX_BB own = KX_LOAD(s->pieces[s->side]);
    KX_BB enemy = KX_LOAD(s->pieces[s->side ^ 1]);
    KX_BB empty = KX(board)(g) & ~(own | enemy);
    for (KX_BB t = own; t; t &= t - 1)
        if (KX_LOAD(g->adj[KX_CTZ(t)]) & empty) return true;
    return KX(can_capture)(g, s);
}

/* Can the capture chains of the side to move (every capture when `any`) be
 * listed within `budget` chain steps? */
static bool KX(chains_within)(const struct kerx_geom *g, const struct kerx_state *s,
                              bool any, long budget) {
    struct KX(chase) c;
    move_t out[KERX_MAX_MOVES];
    KX(captures)(&c, g, s, out, -1, any, budget);
    return !c.cut;
}

/* Path of a long chain, found again by its list position. */
static int KX(long_path)(const struct kerx_geom *g, const struct kerx_state *s, move_t m,
                         uint8_t *dirs, uint64_t captured[2]) {
    struct KX(chase) c;
    move_t out[KERX_MAX_MOVES];
    int want = (int)((m & ~(KERX_MOVE_ANY_LIST | KERX_MOVE_HUFF)) >> 20);
    KX(captures)
    (&c, g, s, out, want, (m & KERX_MOVE_ANY_LIST) != 0, KERX_CHASE_MAX_STEPS);
    int jumps = kerx_move_jumps(m);
    memcpy(dirs, c.want_dirs, (size_t)jumps);
    captured[0] = (uint64_t)c.want_caps;
    captured[1] = (uint64_t)(c.want_caps >> 32 >> 32);
    return jumps;
}

#undef KX_BIT
