/*
 * kulibrat_cycles.h - Kulibrat's score-free board graph and the games played
 * on it: winning cycles (one side scores again and again, the other never),
 * shut-outs (one side keeps the other from ever scoring) and distances from
 * the start.
 *
 * A node is a board and the side to move, numbered as inside a solver tier
 * (games/kulibrat/kulibrat_tiers.h): node = 2 * board index + side, so a
 * node is the same position in every tier (every pair of points still
 * needed). The graph holds every move of every node with the scores left
 * out: a scoring move is an edge marked `scores` (the mover scores one
 * point, the piece goes back to the hand). A node where neither side can
 * move is a lock, won by the side to move (rule K7), and has no edges.
 *
 * Definition (winning cycle region of player P). The set Z_P of nodes from
 * which P has a strategy such that, whatever the other side does, the other
 * side never scores and never wins by a lock, and P either scores infinitely
 * often or wins by a lock. It is the greatest fixed point Z = attr_P(Z),
 * where attr_P(Z) is the set from which P can force, without the opponent
 * scoring, a scoring move of P into Z (or a lock with P to move). Round k of
 * the iteration from "every node" holds the nodes from which P can score k
 * times in a row; the rounds until it stops changing are reported. A node
 * of Z_P is won for P for every pair of points still needed; conversely a
 * node won for every pair up to target T lies in round T, so both sets agree
 * once T reaches the number of rounds (6; `kibitz solve kulibrat --report
 * cycles` checks it against a solution, see kulibrat_cycles_report.h).
 *
 * All functions are deterministic and single-threaded; the graph takes about
 * 12 MB and a fraction of a second to build.
 */
#ifndef KIBITZ_KULIBRAT_CYCLES_H
#define KIBITZ_KULIBRAT_CYCLES_H

#include "games/kulibrat/kulibrat.h"

#include <stdbool.h>
#include <stdint.h>

enum {
    KULIBRAT_NODES = 2 * 170019,     /* 2 * KULIBRAT_BOARDS */
    KULIBRAT_NODE_NONE = UINT32_MAX, /* "no node" / "not reached" */
    KULIBRAT_PASS_MOVE = 0xFFFF,     /* packed pass in kulibrat_graph.move */
};

struct kulibrat_graph {
    uint32_t nodes;   /* KULIBRAT_NODES */
    uint32_t *first;  /* edges of node n: first[n] .. first[n+1]-1 */
    uint32_t *to;     /* node after the move */
    uint16_t *move;   /* the move (move_t fits 12 bits), or KULIBRAT_PASS_MOVE */
    uint8_t *scores;  /* 1: the move scores a point for the mover */
    uint8_t *locked;  /* per node: nobody can move; the side to move has won */
    uint32_t *rfirst; /* non-scoring moves into node n: rfirst[n] .. rfirst[n+1]-1 */
    uint32_t *rfrom;  /* ... their source nodes */
    uint32_t edges;
};

/* Build the graph. 0, or -1 with `err` (GAME_ERROR_BYTES) when out of memory. */
int kulibrat_graph_build(struct kulibrat_graph *g, char *err);
void kulibrat_graph_free(struct kulibrat_graph *g);

/* The position of a node with scores 0-0, in a variant whose target is high
 * enough that a scoring move never ends the game (target 250, first=black). */
void kulibrat_node_state(uint32_t node, struct kulibrat_state *s);
uint32_t kulibrat_state_node(const struct kulibrat_state *s);
/* The same board mirrored left to right (column a <-> c), same side. */
uint32_t kulibrat_node_mirror(uint32_t node);
/* The side to move at a node. */
static inline int kulibrat_node_side(uint32_t node) {
    return (int)(node & 1);
}

/* The winning cycle region Z_P of `player` (see the definition above):
 * in[n] = 1 for nodes of Z_P. rank[n] (may be NULL) is, for n in Z_P, the
 * plies P needs at most to score next (0 for a lock P has won), else
 * KULIBRAT_NODE_NONE. Returns the number of rounds of the outer iteration
 * (the first k with round k+1 equal to round k), or -1 when out of memory.
 * With max_rounds > 0 the iteration stops after that many rounds: `in` is
 * then round max_rounds, the nodes from which P scores max_rounds points
 * before the other side scores one (or the fixed point, if reached first),
 * and the return value is max_rounds. */
int kulibrat_cycle_region(const struct kulibrat_graph *g, int player, int max_rounds,
                          uint8_t *in, uint32_t *rank);

/* Fewest moves from node `from` to every node (passes are not moves, as in
 * remoteness; scoring moves count), KULIBRAT_NODE_NONE if unreachable. */
void kulibrat_distances(const struct kulibrat_graph *g, uint32_t from, uint32_t *dist);

/* The canonical play from `node` inside Z_P: P takes a scoring move into Z_P
 * when it has one (the first in move order), else a move to the lowest rank;
 * the other side takes the move to the highest rank (longest resistance),
 * first in move order on ties. From node, this play is eventually a cycle.
 * Writes the cycle's nodes into `cycle` (room for `room`), starting with its
 * smallest node, and the edge taken from each into `edge`, and returns its
 * length in plies, or 0 when node is not in Z_P, or -1 when room is too
 * small. `lead` (may be NULL) gets the plies from node to the cycle. */
int kulibrat_canonical_cycle(const struct kulibrat_graph *g, int player,
                             const uint8_t *in, const uint32_t *rank, uint32_t node,
                             uint32_t *cycle, uint32_t *edge, int room, int *lead);

/* The move P's canonical strategy (above) plays at a node of Z_P, as an edge
 * index, for either side to move. */
uint32_t kulibrat_canonical_edge(const struct kulibrat_graph *g, int player,
                                 const uint8_t *in, const uint32_t *rank, uint32_t node);

#endif
