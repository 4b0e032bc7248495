/* Kulibrat's score-free board graph and the cycle, shut-out and distance
 * games on it (see kulibrat_cycles.h for the definitions). */
#include "games/kulibrat/kulibrat_cycles.h"

#include "games/kulibrat/kulibrat_text.h"
#include "games/kulibrat/kulibrat_tiers.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

_Static_assert(KULIBRAT_NODES == 2 * KULIBRAT_BOARDS, "node count");

/* Target 250: no scoring move ends the game from 0-0, so the moves are the
 * score-free ones. */
static void high_target(struct variant *v) {
    kulibrat_variant_high_target(v);
}

void kulibrat_node_state(uint32_t node, struct kulibrat_state *s) {
    memset(s, 0, sizeof *s);
    s->side = (uint8_t)(node & 1);
    kulibrat_board_from_index(node >> 1, &s->pieces[0], &s->pieces[1]);
}

uint32_t kulibrat_state_node(const struct kulibrat_state *s) {
    return 2 * kulibrat_board_index(s->pieces[0], s->pieces[1]) + s->side;
}

static unsigned mirror_mask(unsigned m) {
    unsigned out = 0;
    for (int sq = 0; sq < KULIBRAT_SQUARES; sq++)
        if (m >> sq & 1) out |= 1u << (sq - sq % 3 + 2 - sq % 3);
    return out;
}

uint32_t kulibrat_node_mirror(uint32_t node) {
    struct kulibrat_state s;
    kulibrat_node_state(node, &s);
    s.pieces[0] = (uint16_t)mirror_mask(s.pieces[0]);
    s.pieces[1] = (uint16_t)mirror_mask(s.pieces[1]);
    return kulibrat_state_node(&s);
}

void kulibrat_graph_free(struct kulibrat_graph *g) {
    free(g->first);
    free(g->to);
    free(g->move);
    free(g->scores);
    free(g->locked);
    free(g->rfirst);
    free(g->rfrom);
    memset(g, 0, sizeof *g);
}

int kulibrat_graph_build(struct kulibrat_graph *g, char *err) {
    memset(g, 0, sizeof *g);
    struct variant v;
    high_target(&v);
    const struct game *game = &kulibrat_game;
    uint32_t n = KULIBRAT_NODES, cap = 8 * KULIBRAT_NODES;
    g->nodes = n;
    g->first = malloc((n + 1) * sizeof *g->first);
    g->to = malloc(cap * sizeof *g->to);
    g->move = malloc(cap * sizeof *g->move);
    g->scores = malloc(cap);
    g->locked = calloc(n, 1);
    g->rfirst = calloc(n + 2, sizeof *g->rfirst);
    if (!g->first || !g->to || !g->move || !g->scores || !g->locked || !g->rfirst)
        goto oom;
    uint32_t e = 0;
    move_t moves[KULIBRAT_MAX_MOVES];
    for (uint32_t node = 0; node < n; node++) {
        g->first[node] = e;
        struct kulibrat_state s, t;
        kulibrat_node_state(node, &s);
        if (game->turn(&v, &s) == TURN_OVER) {
            g->locked[node] = 1;
            continue;
        }
        int count = game->moves(&v, &s, moves);
        if (e + (uint32_t)count > cap) {
            cap *= 2;
            uint32_t *to = realloc(g->to, cap * sizeof *g->to);
            if (to) g->to = to;
            uint16_t *mv = realloc(g->move, cap * sizeof *g->move);
            if (mv) g->move = mv;
            uint8_t *sc = realloc(g->scores, cap);
            if (sc) g->scores = sc;
            if (!to || !mv || !sc) goto oom;
        }
        for (int i = 0; i < count; i++) {
            t = s;
            game->apply(&v, &t, moves[i]);
            g->scores[e] = t.score[s.side] != s.score[s.side];
            t.score[0] = t.score[1] = 0;
            g->to[e] = kulibrat_state_node(&t);
            g->move[e] =
                moves[i] == GAME_MOVE_PASS ? KULIBRAT_PASS_MOVE : (uint16_t)moves[i];
            if (!g->scores[e]) g->rfirst[g->to[e] + 2]++;
            e++;
        }
    }
    g->first[n] = e;
    g->edges = e;
    /* Reverse lists of the non-scoring moves (counting sort by target). */
    for (uint32_t i = 2; i < n + 2; i++) g->rfirst[i] += g->rfirst[i - 1];
    g->rfrom = malloc((g->rfirst[n + 1] + 1) * sizeof *g->rfrom);
    if (!g->rfrom) goto oom;
    for (uint32_t node = 0; node < n; node++)
        for (uint32_t k = g->first[node]; k < g->first[node + 1]; k++)
            if (!g->scores[k]) g->rfrom[g->rfirst[g->to[k] + 1]++] = node;
    return 0;
oom:
    kulibrat_graph_free(g);
    snprintf(err, GAME_ERROR_BYTES, "out of memory building the Kulibrat board graph");
    return -1;
}

/* Attractor of `player` to the seeds already in `in` (with rank set), over
 * non-scoring moves, where the opponent must not have a scoring move and
 * a node is won by the opponent if it is a lock with the opponent to move.
 * `queue` holds the seeds (count `head`..`tail`); `left` is scratch. */
static void attract(const struct kulibrat_graph *g, int player, uint8_t *in,
                    uint32_t *rank, uint32_t *queue, uint32_t tail, uint32_t *left) {
    for (uint32_t node = 0; node < g->nodes; node++) {
        /* Opponent nodes: moves still to be shown losing; a scoring move
         * never is (it is counted and never taken off). */
        left[node] = g->first[node + 1] - g->first[node];
    }
    uint32_t head = 0;
    while (head < tail) {
        uint32_t x = queue[head++];
        for (uint32_t k = g->rfirst[x]; k < g->rfirst[x + 1]; k++) {
            uint32_t p = g->rfrom[k];
            if (in[p]) continue;
            if (kulibrat_node_side(p) != player && --left[p] != 0) continue;
            in[p] = 1;
            rank[p] = rank[x] + 1;
            queue[tail++] = p;
        }
    }
}

int kulibrat_cycle_region(const struct kulibrat_graph *g, int player, int max_rounds,
                          uint8_t *in, uint32_t *rank_out) {
    uint32_t n = g->nodes;
    uint8_t *z = malloc(n), *y = malloc(n);
    uint32_t *rank = malloc(n * sizeof *rank), *queue = malloc(n * sizeof *queue),
             *left = malloc(n * sizeof *left);
    int rounds = -1;
    if (!z || !y || !rank || !queue || !left) goto done;
    memset(z, 1, n);
    for (rounds = 0;; rounds++) {
        /* Seeds: locks P has won, and P's nodes with a scoring move into Z. */
        uint32_t tail = 0;
        memset(y, 0, n);
        for (uint32_t x = 0; x < n; x++) {
            rank[x] = KULIBRAT_NODE_NONE;
            bool seed = false;
            if (g->locked[x]) {
                seed = kulibrat_node_side(x) == player;
                if (seed) rank[x] = 0;
            } else if (kulibrat_node_side(x) == player) {
                for (uint32_t k = g->first[x]; k < g->first[x + 1] && !seed; k++)
                    seed = g->scores[k] && z[g->to[k]];
                if (seed) rank[x] = 1;
            }
            if (seed) y[x] = 1, queue[tail++] = x;
        }
        attract(g, player, y, rank, queue, tail, left);
        bool same = memcmp(y, z, n) == 0;
        memcpy(z, y, n);
        if (same) break;
        if (rounds + 1 == max_rounds) {
            rounds = max_rounds;
            break;
        }
    }
    memcpy(in, z, n);
    if (rank_out) memcpy(rank_out, rank, n * sizeof *rank);
done:
    free(z);
    free(y);
    free(rank);
    free(queue);
    free(left);
    return rounds;
}

void kulibrat_distances(const struct kulibrat_graph *g, uint32_t from, uint32_t *dist) {
    /* 0-1 breadth-first search: a pass costs nothing. A deque in one array
     * of twice the size (each node is pushed at most twice: once per cost). */
    uint32_t n = g->nodes;
    uint32_t *deque = malloc(4 * (size_t)n * sizeof *deque);
    for (uint32_t x = 0; x < n; x++) dist[x] = KULIBRAT_NODE_NONE;
    if (!deque) return;
    size_t head = 2 * (size_t)n, tail = head;
    dist[from] = 0;
    deque[tail++] = from;
    while (head < tail) {
        uint32_t x = deque[head++];
        for (uint32_t k = g->first[x]; k < g->first[x + 1]; k++) {
            uint32_t cost = g->move[k] == KULIBRAT_PASS_MOVE ? 0 : 1, y = g->to[k];
            if (dist[x] + cost >= dist[y]) continue;
            dist[y] = dist[x] + cost;
            if (cost)
                deque[tail++] = y;
            else
                deque[--head] = y;
        }
    }
    free(deque);
}

uint32_t kulibrat_canonical_edge(const struct kulibrat_graph *g, int player,
                                 const uint8_t *in, const uint32_t *rank, uint32_t node) {
    uint32_t best = KULIBRAT_NODE_NONE, best_rank = 0;
    for (uint32_t k = g->first[node]; k < g->first[node + 1]; k++) {
        uint32_t y = g->to[k];
        if (kulibrat_node_side(node) == player) {
            if (g->scores[k] && in[y]) return k;
            if (!g->scores[k] && in[y] &&
                (best == KULIBRAT_NODE_NONE || rank[y] < best_rank))
                best = k, best_rank = rank[y];
        } else if (best == KULIBRAT_NODE_NONE || rank[y] > best_rank) {
            best = k, best_rank = rank[y];
        }
    }
    return best;
}

int kulibrat_canonical_cycle(const struct kulibrat_graph *g, int player,
                             const uint8_t *in, const uint32_t *rank, uint32_t node,
                             uint32_t *cycle, uint32_t *edge, int room, int *lead) {
    if (!in[node] || g->locked[node]) return 0;
    /* Walk until a node repeats; the walk never leaves Z_P, and a lock P has
     * won ends it (no cycle: 0). */
    int cap = room > 0 ? room * 2 + 64 : 64, len = 0;
    uint32_t *walk = malloc((size_t)cap * sizeof *walk);
    if (!walk) return -1;
    uint32_t x = node;
    for (;;) {
        for (int i = 0; i < len; i++)
            if (walk[i] == x) {
                int n = len - i;
                if (lead) *lead = i;
                if (n > room) {
                    free(walk);
                    return -1;
                }
                int start = i;
                for (int j = i; j < len; j++)
                    if (walk[j] < walk[start]) start = j;
                for (int j = 0; j < n; j++) {
                    uint32_t at = walk[i + (start - i + j) % n];
                    cycle[j] = at;
                    edge[j] = kulibrat_canonical_edge(g, player, in, rank, at);
                }
                free(walk);
                return n;
            }
        if (g->locked[x] || len == cap) {
            free(walk);
            return g->locked[x] ? 0 : -1;
        }
        walk[len++] = x;
        x = g->to[kulibrat_canonical_edge(g, player, in, rank, x)];
    }
}
