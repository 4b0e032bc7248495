/*
 * alphabeta_body.h - the alpha-beta recursion (principal variation search
 * with table, killers, history and repetition draws; see search/alphabeta.h),
 * written once against the BODY_* macros (search/body_generic.h) and included
 * once per kernel instance (see search/kernels.h). Defines the static
 * function body_ab_root(), one iteration from the thread's root.
 */

static int body_ab_node(struct ab_thread *t, int ply, int dist, int depth, int alpha,
                        int beta, int pov);

/* A node at depth 0 (most nodes of a search): exactly what body_ab_node and
 * body_ab_mover do there, the same count and score, without their two calls
 * and large frames. */
static inline int body_ab_leaf(struct ab_thread *t, int ply, int dist, int pov) {
    const struct ab_shared *sh = t->sh;
    const struct game *g = sh->g;
    (void)g; /* unused by specialised instances */
    t->nodes++;
    t->pv_length[ply] = ply;
    if ((t->nodes & AB_NODE_CHECK) == 0 && ab_time_up(t)) return 0;
    const void *state = t->stack[ply];
    int mover = BODY_TURN(sh->v, state);
    if (mover == TURN_OVER) {
        double r[GAME_MAX_PLAYERS];
        BODY_RETURNS(sh->v, state, r);
        return ab_terminal_score(r, pov, dist);
    }
    int held;
    if (ab_probe(t, state, dist, &held)) return mover == pov ? held : -held;
    if (sh->cycles && ab_repeated(t, ply)) return 0;
    int score = ab_clamp_eval(BODY_EVALUATE(sh->v, state, mover));
    return mover == pov ? score : -score;
}

/* The depth to search the child at `ply` (on the stack) to which its
 * parent gives `depth`: one ply where the capture extension applies
 * (search/alphabeta.h), i.e. the child lies on the horizon (depth 0), its
 * side to move has a capture, and the line has taken fewer than
 * sh->extension extra plies. Only the horizon is extended: captures are
 * resolved before the evaluation is trusted, at a cost in nodes that stays
 * near the plain search's (extending every capture node of the tree
 * multiplied the bench's Kerx nodes by up to 20). No other rule changes
 * depth, so along a line ply + depth is the iteration's depth plus the
 * extra plies taken. Games without the extension pay one test. */
static inline int body_ab_extended(const struct ab_thread *t, int ply, int depth) {
    const struct ab_shared *sh = t->sh;
    const struct game *g = sh->g;
    (void)g; /* unused by specialised instances */
    if (depth <= 0 && sh->extension > 0 && ply - t->root_depth < sh->extension &&
        BODY_CAPTURE_PENDING(sh->v, t->stack[ply]))
        return 1;
    return depth;
}

/* A child of the node at depth `depth` (the leaf's window does not matter). */
#define BODY_AB_CHILD(t, ply, dist, depth, alpha, beta, pov)                             \
    ((depth) <= 0 ? body_ab_leaf(t, ply, dist, pov)                                      \
                  : body_ab_node(t, ply, dist, depth, alpha, beta, pov))

/* The steps of a node below, each a static inline helper called from one
 * place in body_ab_mover (the compiler inlines them back; see
 * results/structure.md for the speed measured old against new). */

/* Probes the table for the node (only at or above the game's table depth,
 * search_kernels.ab_table_depth: below it a probe is a cache miss for
 * nothing). Sets *tt_move to the entry's move when there is one; returns
 * true with *score when the entry settles the node: below the root, at a
 * zero window, searched deep enough, with a bound that cuts. */
static inline bool body_ab_table_cut(const struct ab_thread *t, uint64_t key, int ply,
                                     int dist, int depth, int alpha, int beta,
                                     int *tt_move, int *score) {
    const struct ab_shared *sh = t->sh;
    struct tt_entry e;
    if (depth < sh->table_depth || !tt_probe(sh->tt, key, &e)) return false;
    *tt_move = e.move;
    int s = ab_score_from_tt(e.score, dist);
    const bool pv_node = beta - alpha > 1;
    if (ply > 0 && e.depth >= depth && !pv_node &&
        (e.bound == TT_EXACT || (e.bound == TT_LOWER && s >= beta) ||
         (e.bound == TT_UPPER && s <= alpha))) {
        *score = s;
        return true;
    }
    return false;
}

/* The node's moves into `moves`, their count: a held root searches only
 * the value-keeping moves the driver kept. */
static inline int body_ab_node_moves(const struct ab_thread *t, int ply,
                                     const void *state, move_t *moves) {
    const struct ab_shared *sh = t->sh;
    const struct game *g = sh->g;
    (void)g; /* unused by specialised instances */
    int count = BODY_MOVES(sh->v, state, moves);
    if (ply == 0 && sh->root_count > 0) {
        count = sh->root_count;
        memcpy(moves, sh->root_moves, sizeof(move_t) * (size_t)count);
    }
    return count;
}

/* The table key of the child that move `m` makes from `state`. */
static inline uint64_t body_ab_key_after(const struct ab_shared *sh, const void *state,
                                         move_t m) {
    const struct game *g = sh->g;
    (void)g; /* unused by specialised instances */
    unsigned char ahead[BODY_STATE_SIZE];
    memcpy(ahead, state, BODY_STATE_SIZE);
    BODY_APPLY(sh->v, ahead, m);
    return BODY_HASH(sh->v, ahead);
}

/* Children's keys computed ahead of their search, so that their table
 * buckets are fetched into the cache before they probe (a probe into a
 * large table is a cache miss otherwise). Just above the lowest nodes that
 * probe (all_ahead), the children's searches are too short to hide one
 * fetch behind the other: all are fetched at once, into child_key[]. Higher
 * up, the table move's (searched first) is fetched right away and each
 * later child's while the one before it is searched: only one key is
 * computed ahead (next_key), so a cutoff wastes at most one. */
struct body_ab_ahead {
    bool all_ahead, have_next;
    uint64_t next_key;
    uint64_t *child_key;
};

/* Starts the fetching ahead for a node at `depth` (see struct
 * body_ab_ahead). */
static inline void body_ab_fetch_first(const struct ab_thread *t, const void *state,
                                       const move_t *moves, int count, int depth,
                                       bool sorted, int tt_move,
                                       struct body_ab_ahead *a) {
    const struct ab_shared *sh = t->sh;
    const int lowest = sh->table_depth; /* children at this depth probe */
    a->all_ahead = depth - 1 == lowest;
    a->have_next = false;
    a->next_key = 0;
    if (a->all_ahead) {
        for (int i = 0; i < count; i++) {
            a->child_key[i] = body_ab_key_after(sh, state, moves[i]);
            tt_prefetch(sh->tt, a->child_key[i]);
        }
    } else if (depth - 1 > lowest && sorted && tt_move >= 0 && tt_move < count) {
        a->next_key = body_ab_key_after(sh, state, moves[tt_move]);
        tt_prefetch(sh->tt, a->next_key);
        a->have_next = true;
    }
}

/* The key of the n-th child `child` (already made), and, above the lowest
 * probing nodes, the (n+1)-th child picked and its bucket fetched. */
static inline uint64_t body_ab_child_key(const struct ab_thread *t, const void *state,
                                         const void *child, move_t *moves, int *order,
                                         int *index, int n, int count, int depth,
                                         bool sorted, struct body_ab_ahead *a) {
    const struct ab_shared *sh = t->sh;
    const struct game *g = sh->g;
    (void)g; /* unused by specialised instances */
    if (a->all_ahead) return a->child_key[index[n]];
    if (depth - 1 <= sh->table_depth) return BODY_HASH(sh->v, child);
    /* The first child's key is ahead only if it is the table move (the
     * highest order, so picked first). */
    uint64_t key = a->have_next ? a->next_key : BODY_HASH(sh->v, child);
    a->have_next = n + 1 < count;
    if (n + 1 < count) {
        if (sorted) ab_pick_move(moves, order, index, n + 1, count);
        a->next_key = body_ab_key_after(sh, state, moves[n + 1]);
        tt_prefetch(sh->tt, a->next_key);
    }
    return key;
}

/* The ordering keys of the node's moves: the table move first, then the
 * two killers, then by history; index[] tracks each move's place in the
 * generated list while they are sorted. */
static inline void body_ab_order_moves(const struct ab_thread *t, int ply, int mover,
                                       const move_t *moves, int count, int tt_move,
                                       int *order, int *index) {
    move_t k0 = t->killers[ply][0], k1 = t->killers[ply][1];
    const int *hist = t->history[mover & 1];
    for (int i = 0; i < count; i++) {
        index[i] = i;
        if (i == tt_move)
            order[i] = 1 << 30;
        else if (moves[i] == k0)
            order[i] = 1 << 29;
        else if (moves[i] == k1)
            order[i] = 1 << 28;
        else
            order[i] = hist[ab_history_slot(moves[i])];
    }
}

/* Brings the n-th move to search into moves[n]: the table move first; the
 * others picked one at a time by order, here at the lowest probing nodes
 * and below, else by body_ab_child_key one child ahead. */
static inline void body_ab_pick_next(const struct ab_thread *t, move_t *moves, int *order,
                                     int *index, int n, int count, int depth, bool sorted,
                                     int tt_move) {
    if (sorted && n == 0 && tt_move >= 0 && tt_move < count)
        ab_swap_move(moves, order, index, 0, tt_move); /* the unique highest order */
    else if (sorted && (depth - 1 <= t->sh->table_depth || n == 0))
        ab_pick_move(moves, order, index, n, count);
}

/* The n-th child's score for `mover` (principal variation search): the
 * first child with the full window, the others with a zero window and
 * again with the full one if they fall inside it; in analysis at the root,
 * every move with an infinite window, its score kept by its index. */
static inline int body_ab_search_child(struct ab_thread *t, int ply, int n,
                                       int move_index, int cdist, int cdepth, int alpha,
                                       int beta, int mover) {
    int opp = 1 - mover, score;
    if (ply == 0 && t->sh->analyse) {
        score = -BODY_AB_CHILD(t, ply + 1, cdist, cdepth, -AB_INF, AB_INF, opp);
        if (n < AB_MAX_ROOT_MOVES) t->root_scores[move_index] = score;
    } else if (n == 0) {
        score = -BODY_AB_CHILD(t, ply + 1, cdist, cdepth, -beta, -alpha, opp);
    } else {
        score = -BODY_AB_CHILD(t, ply + 1, cdist, cdepth, -alpha - 1, -alpha, opp);
        if (score > alpha && score < beta)
            score = -BODY_AB_CHILD(t, ply + 1, cdist, cdepth, -beta, -alpha, opp);
    }
    return score;
}

/* The node's principal variation: `m` followed by the child's. */
static inline void body_ab_take_pv(struct ab_thread *t, int ply, move_t m) {
    t->pv[ply][ply] = m;
    for (int j = ply + 1; j < t->pv_length[ply + 1]; j++)
        t->pv[ply][j] = t->pv[ply + 1][j];
    t->pv_length[ply] = t->pv_length[ply + 1] > ply + 1 ? t->pv_length[ply + 1] : ply + 1;
}

/* A beta cutoff by `m`: it becomes the ply's first killer and gains
 * depth^2 of history (all of the side's history halved before it
 * overflows). */
static inline void body_ab_note_cutoff(struct ab_thread *t, int ply, int mover, int depth,
                                       move_t m) {
    if (m != t->killers[ply][0]) {
        t->killers[ply][1] = t->killers[ply][0];
        t->killers[ply][0] = m;
    }
    int *h = &t->history[mover & 1][ab_history_slot(m)];
    *h += depth * depth;
    if (*h > (1 << 26)) {
        for (int j = 0; j < AB_HISTORY_SIZE; j++) t->history[mover & 1][j] /= 2;
    }
}

/* Negamax body for the player to move, `mover`: repetition, horizon, table
 * probe, the move loop, table store. */
static int body_ab_mover(struct ab_thread *t, int ply, int dist, int depth, int alpha,
                         int beta, int mover) {
    const struct ab_shared *sh = t->sh;
    const struct game *g = sh->g;
    const struct variant *v = sh->v;
    const void *state = t->stack[ply];
    (void)g;                           /* unused by specialised instances */
    const uint64_t key = t->keys[ply]; /* set by the parent (or the root) */
    if (sh->cycles) {
        if (ab_repeated(t, ply)) return 0;
        t->seen[ply] = (ply >= 2 ? t->seen[ply - 2] : 0) | ab_seen_bit(key);
    }
    if (depth <= 0 || ply >= AB_MAX_PLY - 1)
        return ab_clamp_eval(BODY_EVALUATE(v, state, mover));

    const int alpha0 = alpha;
    int tt_move = TT_NO_MOVE, held;
    if (body_ab_table_cut(t, key, ply, dist, depth, alpha, beta, &tt_move, &held))
        return held;

    move_t moves[BODY_MAX_MOVES];
    int order[BODY_MAX_MOVES], index[BODY_MAX_MOVES];
    uint64_t child_key[BODY_MAX_MOVES];
    int count = body_ab_node_moves(t, ply, state, moves);
    const bool sorted = !(ply == 0 && sh->analyse);
    struct body_ab_ahead ahead = {.child_key = child_key};
    body_ab_fetch_first(t, state, moves, count, depth, sorted, tt_move, &ahead);
    body_ab_order_moves(t, ply, mover, moves, count, tt_move, order, index);

    int best = -AB_INF, best_index = TT_NO_MOVE;
    unsigned char *child = t->stack[ply + 1];
    for (int n = 0; n < count; n++) {
        body_ab_pick_next(t, moves, order, index, n, count, depth, sorted, tt_move);
        move_t m = moves[n];
        memcpy(child, state, BODY_STATE_SIZE);
        BODY_APPLY(v, child, m);
        t->keys[ply + 1] = body_ab_child_key(t, state, child, moves, order, index, n,
                                             count, depth, sorted, &ahead);
        int cdist = dist + (m != GAME_MOVE_PASS);
        int cdepth = body_ab_extended(t, ply + 1, depth - 1);
        int score =
            body_ab_search_child(t, ply, n, index[n], cdist, cdepth, alpha, beta, mover);
        if (atomic_load_explicit(&sh->stop, memory_order_relaxed)) return 0;
        if (score <= best) continue;
        best = score;
        best_index = index[n];
        if (score <= alpha) continue;
        alpha = score;
        body_ab_take_pv(t, ply, m);
        if (alpha >= beta) {
            body_ab_note_cutoff(t, ply, mover, depth, m);
            break;
        }
    }
    int bound = best >= beta ? TT_LOWER : best > alpha0 ? TT_EXACT : TT_UPPER;
    if (depth >= sh->table_depth)
        tt_store(sh->tt, key, ab_score_to_tt(best, dist), depth, bound, best_index);
    return best;
}

/* Score of the node at `ply` for player `pov` (the opponent of the parent's
 * mover): terminal returns, or the mover's negamax value, negated when the
 * same player moves again. */
static int body_ab_node(struct ab_thread *t, int ply, int dist, int depth, int alpha,
                        int beta, int pov) {
    const struct game *g = t->sh->g;
    (void)g;
    t->nodes++;
    t->pv_length[ply] = ply;
    if ((t->nodes & AB_NODE_CHECK) == 0 && ab_time_up(t)) return 0;
    const void *state = t->stack[ply];
    int mover = BODY_TURN(t->sh->v, state);
    if (mover == TURN_OVER) {
        double r[GAME_MAX_PLAYERS];
        BODY_RETURNS(t->sh->v, state, r);
        return ab_terminal_score(r, pov, dist);
    }
    int held;
    if (ply > 0 && ab_probe(t, state, dist, &held)) return mover == pov ? held : -held;
    /* One call site, so that the compiler can inline body_ab_mover here. */
    const int sign = mover == pov ? 1 : -1;
    return sign * body_ab_mover(t, ply, dist, depth, sign > 0 ? alpha : -beta,
                                sign > 0 ? beta : -alpha, mover);
}

static int body_ab_root(struct ab_thread *t, int depth, int alpha, int beta, int pov) {
    const struct game *g = t->sh->g;
    (void)g;
    t->root_depth = depth;
    t->keys[0] = BODY_HASH(t->sh->v, t->stack[0]);
    return body_ab_node(t, 0, 0, depth, alpha, beta, pov);
}
