/* The Kulibrat analysis reports: winning cycles checked against a solution,
 * and the remoteness distribution. */
#include "games/kulibrat/kulibrat_cycles_report.h"

#include "games/kulibrat/kulibrat_cycles.h"
#include "games/kulibrat/kulibrat_profile.h"
#include "games/kulibrat/kulibrat_text.h"
#include "search/game_report.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

enum { CYCLE_ROOM = 4096, BOARDS_PER_BLOCK = 8 };

int kulibrat_report_known(const char *name) {
    return strcmp(name, "cycles") == 0 || strcmp(name, "remoteness") == 0 ||
           strcmp(name, "start") == 0;
}

static const char *const SIDE_NAME[2] = {"black", "red"};

/* "board side" of a node, e.g. ".b./.br/.b./r.r r" (the scores left out). */
static void node_text(uint32_t node, char *buf, size_t n) {
    struct variant v;
    kulibrat_variant_high_target(&v);
    struct kulibrat_state s;
    kulibrat_node_state(node, &s);
    kulibrat_format_position(&v, &s, buf, n);
    char *space = strrchr(buf, ' ');
    if (space) *space = '\0';
}

static void edge_text(const struct kulibrat_graph *g, uint32_t node, uint32_t edge,
                      char *buf, size_t n) {
    if (g->move[edge] == KULIBRAT_PASS_MOVE) {
        snprintf(buf, n, "pass");
        return;
    }
    struct variant v;
    kulibrat_variant_high_target(&v);
    struct kulibrat_state s;
    kulibrat_node_state(node, &s);
    kulibrat_format_move(&v, &s, g->move[edge], buf, n);
}

/* Boards of a cycle side by side, rank 4 on top, with the move made from
 * each underneath (a scoring move marked with '*'). */
static void draw_cycle(FILE *out, const struct kulibrat_graph *g, const uint32_t *cycle,
                       const uint32_t *edge, int n) {
    for (int at = 0; at < n; at += BOARDS_PER_BLOCK) {
        int end = at + BOARDS_PER_BLOCK < n ? at + BOARDS_PER_BLOCK : n;
        fprintf(out, "      ply ");
        for (int i = at; i < end; i++) fprintf(out, " %-7d", i + 1);
        fprintf(out, "\n");
        for (int row = 0; row < KULIBRAT_ROWS; row++) {
            fprintf(out, "        %d ", KULIBRAT_ROWS - row);
            for (int i = at; i < end; i++) {
                struct kulibrat_state s;
                kulibrat_node_state(cycle[i], &s);
                char line[4] = "...";
                for (int col = 0; col < KULIBRAT_COLS; col++) {
                    int sq = row * KULIBRAT_COLS + col;
                    if (s.pieces[0] >> sq & 1) line[col] = 'b';
                    if (s.pieces[1] >> sq & 1) line[col] = 'r';
                }
                fprintf(out, " %s    ", line);
            }
            fprintf(out, "\n");
        }
        fprintf(out, "   in hand ");
        for (int i = at; i < end; i++) {
            struct kulibrat_state s;
            kulibrat_node_state(cycle[i], &s);
            fprintf(out, "%d+%d     ", KULIBRAT_PIECES - __builtin_popcount(s.pieces[0]),
                    KULIBRAT_PIECES - __builtin_popcount(s.pieces[1]));
        }
        fprintf(out, "\n    to move ");
        for (int i = at; i < end; i++)
            fprintf(out, " %-7s", SIDE_NAME[kulibrat_node_side(cycle[i])]);
        fprintf(out, "\n       move ");
        for (int i = at; i < end; i++) {
            char mv[16], cell[20];
            edge_text(g, cycle[i], edge[i], mv, sizeof mv);
            snprintf(cell, sizeof cell, "%s%s", mv, g->scores[edge[i]] ? "*" : "");
            fprintf(out, " %-7s", cell);
        }
        fprintf(out, "\n\n");
    }
}

struct player_cycles {
    uint8_t *in;
    uint32_t *rank;
    int rounds;
    uint32_t *group; /* per node: the mirror group of the cycle it enters, or NONE */
    uint32_t *lead;  /* per node: plies into that cycle */
    uint32_t *key;   /* per group: its smallest node up to mirroring */
    uint32_t *from;  /* per group: a node on one of its cycles, mirror image of
                        the key or the key itself */
    int groups;
};

/* The canonical cycle every node of the region enters, grouped with its
 * mirror images: two cycles are one group when a node of one is the mirror
 * image of a node of the other (the key: the smallest node of the cycle
 * or of its mirror image). */
static int find_cycles(const struct kulibrat_graph *g, int player,
                       struct player_cycles *pc, char *err) {
    uint32_t cycle[CYCLE_ROOM], edge[CYCLE_ROOM];
    pc->group = malloc(g->nodes * sizeof *pc->group);
    pc->lead = malloc(g->nodes * sizeof *pc->lead);
    pc->key = malloc(g->nodes * sizeof *pc->key);
    pc->from = malloc(g->nodes * sizeof *pc->from);
    if (!pc->group || !pc->lead || !pc->key || !pc->from) {
        snprintf(err, GAME_ERROR_BYTES, "out of memory finding cycles");
        return -1;
    }
    pc->groups = 0;
    for (uint32_t x = 0; x < g->nodes; x++) {
        pc->group[x] = KULIBRAT_NODE_NONE;
        pc->lead[x] = 0;
        if (!pc->in[x]) continue;
        int lead = 0;
        int n = kulibrat_canonical_cycle(g, player, pc->in, pc->rank, x, cycle, edge,
                                         CYCLE_ROOM, &lead);
        if (n < 0) {
            snprintf(err, GAME_ERROR_BYTES, "a cycle longer than %d plies", CYCLE_ROOM);
            return -1;
        }
        if (n == 0) continue; /* a lock won by the player ends the play */
        uint32_t key = KULIBRAT_NODE_NONE, from = 0;
        for (int i = 0; i < n; i++) {
            uint32_t m = kulibrat_node_mirror(cycle[i]);
            uint32_t k = m < cycle[i] ? m : cycle[i];
            if (k < key) key = k, from = cycle[i];
        }
        int id = -1;
        for (int c = 0; c < pc->groups && id < 0; c++)
            if (pc->key[c] == key) id = c;
        if (id < 0) {
            id = pc->groups++;
            pc->key[id] = key;
            pc->from[id] = from;
        }
        pc->group[x] = (uint32_t)id;
        pc->lead[x] = (uint32_t)lead;
    }
    return 0;
}

/* The board graph's size and what a winning-cycle node is. */
static void print_graph_header(FILE *out, const struct kulibrat_graph *g,
                               const uint32_t *dist) {
    uint32_t locks = 0, reachable = 0;
    for (uint32_t x = 0; x < g->nodes; x++) {
        locks += g->locked[x];
        reachable += dist[x] != KULIBRAT_NODE_NONE;
    }
    fprintf(
        out,
        "Kulibrat winning cycles\n\n"
        "Board graph (scores left out): %" PRIu32 " nodes (board, side to move), "
        "%" PRIu32 " moves, %" PRIu32 " locks; %" PRIu32
        " nodes reachable from the start.\n"
        "A winning-cycle node of P: P can score again and again while the other side\n"
        "never scores and never wins by a lock (greatest fixed point of \"P forces a\n"
        "point of its own, the other side scoring none, into the set\").\n\n",
        g->nodes, g->edges, locks, reachable);
}

/* Player p's winning-cycle region (pc->in, pc->rank, pc->rounds), and its
 * size printed. 0, or -1 with err. */
static int find_region(const struct kulibrat_graph *g, int p, const uint32_t *dist,
                       struct player_cycles *pc, FILE *out, char *err) {
    pc->in = malloc(g->nodes);
    pc->rank = malloc(g->nodes * sizeof *pc->rank);
    if (!pc->in || !pc->rank) {
        snprintf(err, GAME_ERROR_BYTES, "out of memory");
        return -1;
    }
    pc->rounds = kulibrat_cycle_region(g, p, 0, pc->in, pc->rank);
    if (pc->rounds < 0) {
        snprintf(err, GAME_ERROR_BYTES, "out of memory");
        return -1;
    }
    uint32_t count = 0, groups = 0, nearest = KULIBRAT_NODE_NONE;
    for (uint32_t x = 0; x < g->nodes; x++) {
        if (!pc->in[x]) continue;
        count++;
        groups += kulibrat_node_mirror(x) >= x;
        if (dist[x] < nearest) nearest = dist[x];
    }
    fprintf(out,
            "%s: %" PRIu32 " winning-cycle nodes (%" PRIu32
            " up to mirroring), found in %d rounds\n"
            "  (round k: the nodes from which %s scores k points before the other\n"
            "  side scores one); nearest to the start: %" PRIu32 " moves\n",
            SIDE_NAME[p], count, groups, pc->rounds, SIDE_NAME[p], nearest);
    return 0;
}

/* The regions held against the solution (won or drawn at every pair of
 * points still needed); 1 when they disagree, else 0. */
static int check_against_solution(FILE *out, const struct kulibrat_graph *g,
                                  const struct player_cycles pc[2],
                                  const struct kulibrat_profile *prof, int target,
                                  const char *source) {
    fprintf(out,
            "\nCheck against the solution of target %d (%s), every pair of points\n"
            "still needed from (1, 1) to (%d, %d):\n",
            target, source, target, target);
    int disagree = 0;
    for (int p = 0; p < 2; p++) {
        uint32_t both = 0, only_cycle = 0, only_won = 0;
        for (uint32_t x = 0; x < g->nodes; x++) {
            both += pc[p].in[x] && prof->won_always[p][x];
            only_cycle += pc[p].in[x] && !prof->won_always[p][x];
            only_won += !pc[p].in[x] && prof->won_always[p][x];
        }
        fprintf(out,
                "  %s: won at every pair %" PRIu32 " nodes; winning-cycle nodes not won "
                "at every pair: %" PRIu32 "; won at every pair but not a winning-cycle "
                "node: %" PRIu32 "\n",
                SIDE_NAME[p], both + only_won, only_cycle, only_won);
        /* A cycle node must be won everywhere; the converse needs target >=
         * rounds (a small target is won from more places). */
        if (only_cycle || (only_won && target >= pc[p].rounds)) disagree = 1;
    }
    uint32_t drawn = 0;
    for (uint32_t x = 0; x < g->nodes; x++) drawn += prof->drawn_always[x];
    fprintf(out, "  drawn at every pair: %" PRIu32 " nodes\n", drawn);
    fprintf(out, "  %s\n\n",
            disagree ? "DISAGREE: the definition does not match the solution"
            : target >= pc[0].rounds && target >= pc[1].rounds
                ? "agree: a node is won at every pair exactly when it is a winning-cycle "
                  "node"
                : "agree as far as this target can tell (every winning-cycle node is won "
                  "at every pair; the target is below the rounds, so more nodes win)");
    return disagree;
}

/* Cycle group c of player p: its lap, its distance from the start, the
 * nodes that lead into it, and its drawing. */
static void print_cycle(FILE *out, const struct kulibrat_graph *g, int p,
                        const struct player_cycles *pc, int c, const uint32_t *dist) {
    uint32_t cycle[CYCLE_ROOM], edge[CYCLE_ROOM];
    int n = kulibrat_canonical_cycle(g, p, pc->in, pc->rank, pc->from[c], cycle, edge,
                                     CYCLE_ROOM, NULL);
    /* Start the drawing at the group's own node. */
    int at = 0;
    for (int i = 0; i < n; i++)
        if (cycle[i] == pc->from[c]) at = i;
    uint32_t rc[CYCLE_ROOM], re[CYCLE_ROOM];
    for (int i = 0; i < n; i++) rc[i] = cycle[(at + i) % n], re[i] = edge[(at + i) % n];
    int points = 0, moves = 0;
    uint32_t nearest = KULIBRAT_NODE_NONE, entering = 0;
    for (int i = 0; i < n; i++) {
        points += g->scores[re[i]];
        moves += g->move[re[i]] != KULIBRAT_PASS_MOVE;
        uint32_t m = kulibrat_node_mirror(rc[i]);
        if (dist[rc[i]] < nearest) nearest = dist[rc[i]];
        if (dist[m] < nearest) nearest = dist[m];
    }
    for (uint32_t x = 0; x < g->nodes; x++) entering += pc->group[x] == (uint32_t)c;
    char text[64], mtext[64];
    node_text(rc[0], text, sizeof text);
    uint32_t mirror = kulibrat_node_mirror(rc[0]);
    node_text(mirror, mtext, sizeof mtext);
    fprintf(out,
            "cycle %s-%d: from %s (mirror image: %s)\n"
            "  %d plies a lap (%d moves, %d passes), %d point%s a lap for %s, "
            "none for the other side;\n"
            "  distance from the start: %" PRIu32 " moves; %" PRIu32
            " winning-cycle nodes lead into it or its mirror "
            "image\n",
            SIDE_NAME[p], c + 1, text, mirror != rc[0] ? mtext : "the same board", n,
            moves, n - moves, points, points == 1 ? "" : "s", SIDE_NAME[p], nearest,
            entering);
    draw_cycle(out, g, rc, re, n);
}

/* The table of every winning-cycle node, mirror images on one line. */
static void print_cycle_nodes(FILE *out, const struct kulibrat_graph *g,
                              const struct player_cycles pc[2], const uint32_t *dist) {
    fprintf(out, "Every winning-cycle node, mirror images on one line (the smaller node "
                 "first):\n"
                 "winner  position             mirror image         next point within  "
                 "cycle        after  distance\n");
    for (int p = 0; p < 2; p++)
        for (uint32_t x = 0; x < g->nodes; x++) {
            if (!pc[p].in[x]) continue;
            uint32_t m = kulibrat_node_mirror(x);
            if (m < x) continue;
            char text[64], mtext[64], cyc[32];
            node_text(x, text, sizeof text);
            node_text(m, mtext, sizeof mtext);
            uint32_t d = dist[x] < dist[m] ? dist[x] : dist[m];
            if (pc[p].group[x] == KULIBRAT_NODE_NONE)
                snprintf(cyc, sizeof cyc, "(lock)");
            else
                snprintf(cyc, sizeof cyc, "%s-%" PRIu32, SIDE_NAME[p],
                         pc[p].group[x] + 1);
            char dtext[16];
            if (d == KULIBRAT_NODE_NONE)
                snprintf(dtext, sizeof dtext, "unreachable");
            else
                snprintf(dtext, sizeof dtext, "%" PRIu32, d);
            fprintf(out,
                    "%-7s %-20s %-20s %3" PRIu32 " plies          %-12s %3" PRIu32
                    "    %s\n",
                    SIDE_NAME[p], text, m == x ? "(itself)" : mtext, pc[p].rank[x], cyc,
                    pc[p].lead[x], dtext);
        }
}

static int report_cycles(const struct variant *v, const char *db_option, int threads,
                         FILE *out, char *err) {
    struct kulibrat_graph g;
    if (kulibrat_graph_build(&g, err) != 0) return -1;
    int status = -1;
    struct player_cycles pc[2] = {{0}, {0}};
    uint32_t *dist = malloc(g.nodes * sizeof *dist);
    struct kulibrat_profile prof = {0};
    bool have_profile = false;
    if (!dist) {
        snprintf(err, GAME_ERROR_BYTES, "out of memory");
        goto done;
    }
    /* The solution first: a bad database fails before anything is printed. */
    char source[KULIBRAT_PROFILE_SOURCE_BYTES];
    int target = kulibrat_options(v)->target;
    if (kulibrat_profile_build(&prof, v, db_option, threads, source, sizeof source,
                               err) != 0)
        goto done;
    have_profile = true;
    uint32_t start = 0; /* empty board, black to move */
    kulibrat_distances(&g, start, dist);
    print_graph_header(out, &g, dist);
    for (int p = 0; p < 2; p++)
        if (find_region(&g, p, dist, &pc[p], out, err) != 0) goto done;
    int disagree = check_against_solution(out, &g, pc, &prof, target, source);
    for (int p = 0; p < 2; p++)
        if (find_cycles(&g, p, &pc[p], err) != 0) goto done;
    for (int p = 0; p < 2; p++) {
        fprintf(out,
                "Cycles of %s (its canonical play: score when it can, else get closest "
                "to the next point; the other side resists longest):\n\n",
                SIDE_NAME[p]);
        for (int c = 0; c < pc[p].groups; c++) print_cycle(out, &g, p, &pc[p], c, dist);
    }
    print_cycle_nodes(out, &g, pc, dist);
    status = disagree;
done:
    for (int p = 0; p < 2; p++) {
        free(pc[p].in);
        free(pc[p].rank);
        free(pc[p].group);
        free(pc[p].lead);
        free(pc[p].key);
        free(pc[p].from);
    }
    free(dist);
    if (have_profile) kulibrat_profile_free(&prof);
    kulibrat_graph_free(&g);
    return status;
}

static int report_remoteness(const struct variant *v, const char *db_option, int threads,
                             FILE *out, char *err) {
    struct kulibrat_profile prof;
    char source[KULIBRAT_PROFILE_SOURCE_BYTES];
    if (kulibrat_profile_build(&prof, v, db_option, threads, source, sizeof source,
                               err) != 0)
        return -1;
    fprintf(out,
            "# Kulibrat target %d (%s): positions by remoteness, every pair of\n"
            "# points still needed; won/lost for the side to move; drawn and locked "
            "positions not counted\n"
            "remoteness won lost\n",
            prof.target, source);
    int last = 0;
    for (int r = 0; r < KULIBRAT_PROFILE_MAX_REMOTENESS; r++)
        if (prof.won_by_remoteness[r] || prof.lost_by_remoteness[r]) last = r;
    for (int r = 0; r <= last; r++)
        fprintf(out, "%d %" PRIu64 " %" PRIu64 "\n", r, prof.won_by_remoteness[r],
                prof.lost_by_remoteness[r]);
    kulibrat_profile_free(&prof);
    return 0;
}

static int report_start(const struct variant *v, const char *db_option, int threads,
                        FILE *out, char *err) {
    struct kulibrat_profile prof;
    char source[KULIBRAT_PROFILE_SOURCE_BYTES];
    if (kulibrat_profile_build(&prof, v, db_option, threads, source, sizeof source,
                               err) != 0)
        return -1;
    fprintf(out,
            "# Kulibrat target %d (%s): the start position (empty board, black to\n"
            "# move) for every pair of points still needed; value for black\n"
            "black_needs red_needs value remoteness\n",
            prof.target, source);
    for (int nb = 1; nb <= prof.target; nb++)
        for (int nr = 1; nr <= prof.target; nr++) {
            retro_cell c = prof.start[(nb - 1) * prof.target + (nr - 1)];
            int o = retro_outcome(c);
            fprintf(out, "%d %d %s %d\n", nb, nr,
                    !retro_is_value(c)        ? "unknown"
                    : o == RETRO_OUTCOME_WIN  ? "win"
                    : o == RETRO_OUTCOME_LOSS ? "loss"
                                              : "draw",
                    retro_remoteness(c));
        }
    kulibrat_profile_free(&prof);
    return 0;
}

int kulibrat_report(const char *name, const struct variant *v, const char *db_option,
                    int threads, FILE *out, char *err) {
    /* Refuse before printing anything (the profile checks it again). */
    if (kulibrat_options(v)->first != KULIBRAT_BLACK) {
        snprintf(err, GAME_ERROR_BYTES,
                 "the Kulibrat reports need first=black (the tiers' start is black to "
                 "move)");
        return -1;
    }
    if (strcmp(name, "cycles") == 0)
        return report_cycles(v, db_option, threads, out, err);
    if (strcmp(name, "remoteness") == 0)
        return report_remoteness(v, db_option, threads, out, err);
    if (strcmp(name, "start") == 0) return report_start(v, db_option, threads, out, err);
    snprintf(err, GAME_ERROR_BYTES, "unknown report '%.40s' (cycles, remoteness, start)",
             name);
    return -1;
}

const struct game_reports kulibrat_reports = {
    .names = "kulibrat has: cycles, remoteness, start",
    .known = kulibrat_report_known,
    .run = kulibrat_report,
};
