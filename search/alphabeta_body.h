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

/* Negamax body for the player to move, `mover`. */
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

    const bool pv_node = beta - alpha > 1;
    const int alpha0 = alpha;
    int tt_move = TT_NO_MOVE;
    struct tt_entry e;
    /* Below the game's table depth (search_kernels.ab_table_depth) nodes
     * neither probe nor store: a cache miss each in a large table. */
    const bool tabled = depth >= sh->table_depth;
    if (tabled && tt_probe(sh->tt, key, &e)) {
        tt_move = e.move;
        int s = ab_score_from_tt(e.score, dist);
        if (ply > 0 && e.depth >= depth && !pv_node &&
            (e.bound == TT_EXACT || (e.bound == TT_LOWER && s >= beta) ||
             (e.bound == TT_UPPER && s <= alpha)))
            return s;
    }

    move_t moves[BODY_MAX_MOVES];
    int order[BODY_MAX_MOVES], index[BODY_MAX_MOVES];
    int count = BODY_MOVES(v, state, moves);
    if (ply == 0 && sh->root_count > 0) { /* a held root: the value-keeping moves */
        count = sh->root_count;
        memcpy(moves, sh->root_moves, sizeof(move_t) * (size_t)count);
    }
    const bool sorted = !(ply == 0 && sh->analyse);
    /* Children that will probe the table have their bucket
     * fetched into the cache ahead of the probe (a probe into a large table
     * is a cache miss otherwise): the table move's, which is searched first,
     * right now; each later child's while the one before it is searched.
     * Only one key is computed ahead, so a cutoff wastes at most one. */
    uint64_t next_key = 0, child_key[BODY_MAX_MOVES];
    bool have_next = false;
    /* Just above the lowest nodes that probe, the children's searches are
     * too short to hide one fetch behind the other: all are fetched at
     * once. */
    const int lowest = sh->table_depth; /* children at this depth probe */
    const bool all_ahead = depth - 1 == lowest;
    if (all_ahead) {
        for (int i = 0; i < count; i++) {
            unsigned char ahead[BODY_STATE_SIZE];
            memcpy(ahead, state, BODY_STATE_SIZE);
            BODY_APPLY(v, ahead, moves[i]);
            child_key[i] = BODY_HASH(v, ahead);
            tt_prefetch(sh->tt, child_key[i]);
        }
    } else if (depth - 1 > lowest && sorted && tt_move >= 0 && tt_move < count) {
        unsigned char ahead[BODY_STATE_SIZE];
        memcpy(ahead, state, BODY_STATE_SIZE);
        BODY_APPLY(v, ahead, moves[tt_move]);
        next_key = BODY_HASH(v, ahead);
        tt_prefetch(sh->tt, next_key);
        have_next = true;
    }
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

    int best = -AB_INF, best_index = TT_NO_MOVE;
    unsigned char *child = t->stack[ply + 1];
    for (int n = 0; n < count; n++) {
        if (sorted && n == 0 && tt_move >= 0 && tt_move < count)
            ab_swap_move(moves, order, index, 0, tt_move); /* the unique highest order */
        else if (sorted && (depth - 1 <= lowest || n == 0))
            ab_pick_move(moves, order, index, n, count);
        move_t m = moves[n];
        memcpy(child, state, BODY_STATE_SIZE);
        BODY_APPLY(v, child, m);
        if (all_ahead) {
            t->keys[ply + 1] = child_key[index[n]];
        } else if (depth - 1 > lowest) {
            /* The first child's key is ahead only if it is the table move
             * (the highest order, so picked first). */
            t->keys[ply + 1] = have_next ? next_key : BODY_HASH(v, child);
            have_next = n + 1 < count;
            if (n + 1 < count) {
                unsigned char ahead[BODY_STATE_SIZE];
                if (sorted) ab_pick_move(moves, order, index, n + 1, count);
                memcpy(ahead, state, BODY_STATE_SIZE);
                BODY_APPLY(v, ahead, moves[n + 1]);
                next_key = BODY_HASH(v, ahead);
                tt_prefetch(sh->tt, next_key);
            }
        } else {
            t->keys[ply + 1] = BODY_HASH(v, child);
        }
        int cdist = dist + (m != GAME_MOVE_PASS);
        int cdepth = body_ab_extended(t, ply + 1, depth - 1);
        int opp = 1 - mover, score;
        if (ply == 0 && sh->analyse) {
            score = -BODY_AB_CHILD(t, ply + 1, cdist, cdepth, -AB_INF, AB_INF, opp);
            if (n < AB_MAX_ROOT_MOVES) t->root_scores[index[n]] = score;
        } else if (n == 0) {
            score = -BODY_AB_CHILD(t, ply + 1, cdist, cdepth, -beta, -alpha, opp);
        } else {
            score = -BODY_AB_CHILD(t, ply + 1, cdist, cdepth, -alpha - 1, -alpha, opp);
            if (score > alpha && score < beta)
                score = -BODY_AB_CHILD(t, ply + 1, cdist, cdepth, -beta, -alpha, opp);
        }
        if (atomic_load_explicit(&sh->stop, memory_order_relaxed)) return 0;
        if (score > best) {
            best = score;
            best_index = index[n];
            if (score > alpha) {
                alpha = score;
                t->pv[ply][ply] = m;
                for (int j = ply + 1; j < t->pv_length[ply + 1]; j++)
                    t->pv[ply][j] = t->pv[ply + 1][j];
                t->pv_length[ply] =
                    t->pv_length[ply + 1] > ply + 1 ? t->pv_length[ply + 1] : ply + 1;
                if (alpha >= beta) {
                    if (m != t->killers[ply][0]) {
                        t->killers[ply][1] = t->killers[ply][0];
                        t->killers[ply][0] = m;
                    }
                    int *h = &t->history[mover & 1][ab_history_slot(m)];
                    *h += depth * depth;
                    if (*h > (1 << 26)) {
                        for (int j = 0; j < AB_HISTORY_SIZE; j++)
                            t->history[mover & 1][j] /= 2;
                    }
                    break;
                }
            }
        }
    }
    int bound = best >= beta ? TT_LOWER : best > alpha0 ? TT_EXACT : TT_UPPER;
    if (tabled)
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
