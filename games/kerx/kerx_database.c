/* Kerx's database provider (solve/game_database.h): the symmetric endgame
 * databases of kerx_egdb.h, or with `generic` the tiered ones of
 * kerx_tiers_db.h; probes read the symmetric ones first. */
#include "engine/rng.h"
#include "engine/schema_version.h"
#include "engine/variant.h"
#include "games/kerx/kerx.h"
#include "games/kerx/kerx_egdb.h"
#include "games/kerx/kerx_egdb_file.h"
#include "games/kerx/kerx_movers_file.h"
#include "games/kerx/kerx_tiers.h"
#include "games/kerx/kerx_tiers_db.h"
#include "games/kerx/kerx_wdl_file.h"
#include "solve/game_database.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* "win in 7", "loss in 30", "draw" (or "over"), for reports; with `json`
 * the value object of docs/JSON.md ({"result":"loss","distance":30,
 * "score":-1}). */
static void cell_words(retro_cell c, bool json, char *buf, size_t n) {
    const char *word = c == RETRO_TERMINAL                      ? "over"
                       : !retro_is_value(c)                     ? "unknown"
                       : retro_outcome(c) == RETRO_OUTCOME_WIN  ? "win"
                       : retro_outcome(c) == RETRO_OUTCOME_LOSS ? "loss"
                                                                : "draw";
    bool distance = retro_is_value(c) && retro_outcome(c) != RETRO_OUTCOME_DRAW;
    if (json && distance)
        snprintf(buf, n, "{\"result\":\"%s\",\"distance\":%d,\"score\":%d}", word,
                 retro_remoteness(c), retro_outcome(c));
    else if (json)
        snprintf(buf, n, "{\"result\":\"%s\"%s}", word,
                 retro_is_value(c) ? ",\"score\":0" : "");
    else if (distance)
        snprintf(buf, n, "%s in %d", word, retro_remoteness(c));
    else
        snprintf(buf, n, "%s", word);
}

/* The start's value and every first move's, for the player to move, best
 * first, when the set built holds the start's material (size 3 with
 * --pieces 18). A first move that ends the game is scored by the rules. */
static int report_start(const struct variant *v, const char *data, bool json, FILE *out,
                        char *err) {
    const struct game *g = &kerx_game;
    struct kerx_egdb *db;
    if (kerx_egdb_open(&db, v, data, err) != 0) return -1;
    struct kerx_state start, child;
    g->start(v, &start);
    retro_cell root = kerx_egdb_probe(db, &start);
    if (!retro_is_value(root)) {
        kerx_egdb_close(db);
        return 0; /* not held: a partial set */
    }
    move_t moves[KERX_MAX_MOVES];
    retro_cell value[KERX_MAX_MOVES];
    int order[KERX_MAX_MOVES], n = g->moves(v, &start, moves);
    for (int i = 0; i < n; i++) {
        child = start;
        g->apply(v, &child, moves[i]);
        retro_cell c = kerx_egdb_probe(db, &child);
        if (c == RETRO_TERMINAL) {
            double ret[GAME_MAX_PLAYERS];
            g->returns(v, &child, ret);
            int mover = start.side;
            value[i] = ret[mover] > 0   ? retro_win(1)
                       : ret[mover] < 0 ? retro_loss(1)
                                        : RETRO_DRAW;
        } else {
            value[i] = retro_through(c, true, false);
        }
        int j = i;
        for (; j > 0 && retro_better(value[i], value[order[j - 1]]); j--)
            order[j] = order[j - 1];
        order[j] = i;
    }
    int status = kerx_egdb_failed(db, err);
    char text[256], words[64], vtext[160];
    g->format_position(v, &start, text, sizeof text);
    variant_format(g, v, vtext, sizeof vtext);
    cell_words(root, json, words, sizeof words);
    if (json)
        fprintf(out,
                ",\"start\":[{\"variant\":\"%s\",\"position\":\"%s\",\"value\":%s}],"
                "\"moves\":[",
                vtext, text, words);
    else
        fprintf(out,
                "start %s: %s to move, %s\nfirst moves, best first (value for %s):", text,
                g->player_name(v, start.side), words, g->player_name(v, start.side));
    for (int k = 0; k < n; k++) {
        char mtext[64];
        g->format_move(v, &start, moves[order[k]], mtext, sizeof mtext);
        cell_words(value[order[k]], json, words, sizeof words);
        if (json)
            fprintf(out, "%s{\"move\":\"%s\",\"value\":%s}", k ? "," : "", mtext, words);
        else
            fprintf(out, " %s (%s)%s", mtext, words, k + 1 < n ? "," : "");
    }
    fputs(json ? "]" : "\n", out);
    kerx_egdb_close(db);
    return status;
}

/* The layout a pair is solved in (kerx_egdb.h): KIBITZ_KERX_LAYOUT=shared
 * or wide forces one, for measurements and for tests that need the 3-byte
 * layout's memory estimates (docs/DATABASES.md); auto or unset: the
 * default. -1 with err for another value. */
static int layout_asked(char *err) {
    const char *asked = getenv("KIBITZ_KERX_LAYOUT");
    if (!asked || !*asked || strcmp(asked, "auto") == 0) return KERX_LAYOUT_AUTO;
    if (strcmp(asked, "shared") == 0) return KERX_LAYOUT_SHARED;
    if (strcmp(asked, "wide") == 0) return KERX_LAYOUT_WIDE;
    snprintf(err, GAME_ERROR_BYTES,
             "KIBITZ_KERX_LAYOUT must be auto, shared or wide, not '%.40s'", asked);
    return -1;
}

static int build_symmetric(const struct variant *v, const struct game_database_build *o,
                           FILE *out, char *err) {
    int layout = layout_asked(err);
    if (layout < 0) return -1;
    struct kerx_egdb_build b = {
        .pieces = o->pieces,
        .threads = o->threads,
        .memory_mib = o->memory_mib,
        .progress = o->progress,
        .folder = o->data,
        .layout = layout,
    };
    char folder[KERX_EGDB_PATH_BYTES], vtext[160];
    struct kerx_egdb_stats st;
    int status = kerx_egdb_build(v, &b, &st, err);
    if (status != 0) return status;
    if (!out) return 0;
    kerx_egdb_folder(v, o->data, folder, sizeof folder);
    variant_format(&kerx_game, v, vtext, sizeof vtext);
    double rate = st.seconds > 0 ? (double)st.solved_positions / st.seconds : 0;
    if (o->json) {
        fprintf(out,
                "{\"schema\":%d,\"kind\":\"solve\",\"game\":\"kerx\",\"variant\":\"%s\","
                "\"pieces\":%d,\"pairs\":%d,"
                "\"pairs_read_back\":%d,\"positions\":%" PRIu64 ",\"won\":%" PRIu64
                ",\"lost\":%" PRIu64 ",\"drawn\":%" PRIu64 ",\"holes\":%" PRIu64
                ",\"max_remoteness\":%d,\"wdl_bytes\":%" PRIu64
                ",\"wdl_written\":%d,\"wdl_seconds\":%.3f,\"solved_entries\":%" PRIu64
                ",\"seconds\":%.3f,\"entries_per_second\":%.0f,\"threads\":%d,"
                "\"bytes_on_disk\":%" PRIu64 ",\"folder\":\"%s\"",
                KIBITZ_SCHEMA_VERSION, vtext, b.pieces, st.pairs, st.pairs_loaded,
                st.counts.positions, st.counts.won, st.counts.lost, st.counts.drawn,
                st.counts.holes, st.counts.max_remoteness, st.wdl_bytes, st.wdl_written,
                st.wdl_seconds, st.solved_positions, st.seconds, rate, b.threads,
                st.bytes_on_disk, folder);
        status = report_start(v, o->data, true, out, err);
        fputs("}\n", out);
        return status;
    } else {
        fprintf(out,
                "kerx %s, every material of at most %d pieces: %d tier pairs (%d read "
                "back from an earlier run",
                vtext, b.pieces, st.pairs, st.pairs_loaded);
        if (st.pairs_upgraded)
            fprintf(out, ", %d of them upgraded to file format %d", st.pairs_upgraded,
                    KERX_EGDB_VERSION);
        fprintf(out, ")\n");
        if (st.pairs_split)
            fprintf(out,
                    "%d pairs split across MPI ranks (%.1f MB of updates exchanged)\n",
                    st.pairs_split, (double)st.bytes_exchanged / 1e6);
        fprintf(out,
                "positions up to symmetry %" PRIu64 ": won %" PRIu64 ", lost %" PRIu64
                ", drawn %" PRIu64 " (for the player to move; longest win or loss %d "
                "moves); %" PRIu64 " index holes\n",
                st.counts.positions, st.counts.won, st.counts.lost, st.counts.drawn,
                st.counts.max_remoteness, st.counts.holes);
        fprintf(out,
                "solved %" PRIu64
                " index entries in %.3f s (%.2f M entries/s, %d thread%s)\n",
                st.solved_positions, st.seconds, rate / 1e6, b.threads,
                b.threads == 1 ? "" : "s");
        fprintf(out, "databases %s (%.1f MB)\n", folder, (double)st.bytes_on_disk / 1e6);
        fprintf(out,
                "win/draw/loss files (.kwdl): %.1f MB, %.2f positions a byte (%d written "
                "now in %.1f s)\n",
                (double)st.wdl_bytes / 1e6,
                st.wdl_bytes ? (double)st.counts.positions / (double)st.wdl_bytes : 0.0,
                st.wdl_written, st.wdl_seconds);
    }
    return report_start(v, o->data, false, out, err);
}

static int kerx_database_build(const struct variant *v,
                               const struct game_database_build *o, FILE *out,
                               char *err) {
    if (!o->generic) return build_symmetric(v, o, out, err);
    struct kerx_db_build b = {
        .pieces = o->pieces,
        .threads = o->threads,
        .memory_mib = o->memory_mib,
        .progress = o->progress,
        .folder = o->data,
    };
    char folder[KERX_DB_PATH_BYTES], vtext[160];
    struct kerx_db_stats st;
    int status = kerx_db_build(v, &b, &st, err);
    if (status != 0) return status;
    if (!out) return 0;
    kerx_db_folder(v, o->data, folder, sizeof folder);
    variant_format(&kerx_game, v, vtext, sizeof vtext);
    double rate = st.seconds > 0 ? (double)st.solved_positions / st.seconds : 0;
    if (o->json) {
        fprintf(out,
                "{\"schema\":%d,\"kind\":\"solve\",\"game\":\"kerx\",\"variant\":\"%s\","
                "\"pieces\":%d,\"tiers\":%d,"
                "\"tiers_read_back\":%d,\"positions\":%" PRIu64 ",\"won\":%" PRIu64
                ",\"lost\":%" PRIu64 ",\"drawn\":%" PRIu64 ",\"terminal\":%" PRIu64
                ",\"max_remoteness\":%d,"
                "\"solved_positions\":%" PRIu64 ",\"seconds\":%.3f,"
                "\"positions_per_second\":%.0f,\"threads\":%d,\"bytes_on_disk\":%" PRIu64
                ",\"folder\":\"%s\"}\n",
                KIBITZ_SCHEMA_VERSION, vtext, b.pieces, st.tiers, st.tiers_loaded,
                st.counts.positions, st.counts.won, st.counts.lost, st.counts.drawn,
                st.counts.terminal, st.counts.max_remoteness, st.solved_positions,
                st.seconds, rate, b.threads, st.bytes_on_disk, folder);
    } else {
        fprintf(out,
                "kerx %s, every material of at most %d pieces: %d tiers (%d read back "
                "from an earlier run)\n",
                vtext, b.pieces, st.tiers, st.tiers_loaded);
        fprintf(out,
                "positions %" PRIu64 ": won %" PRIu64 ", lost %" PRIu64 ", drawn %" PRIu64
                ", no move %" PRIu64
                " (for the player to move; no move: the game is over there; longest "
                "win or loss %d moves)\n",
                st.counts.positions, st.counts.won, st.counts.lost, st.counts.drawn,
                st.counts.terminal, st.counts.max_remoteness);
        fprintf(out,
                "solved %" PRIu64
                " positions in %.3f s (%.2f M positions/s, %d thread%s)\n",
                st.solved_positions, st.seconds, rate / 1e6, b.threads,
                b.threads == 1 ? "" : "s");
        fprintf(out, "databases %s (%.1f MB)\n", folder, (double)st.bytes_on_disk / 1e6);
    }
    return 0;
}

/* An open set: the symmetric databases when their folder exists (a damaged
 * file there is an error), else the generic per-material ones. */
struct kerx_database {
    struct kerx_egdb *eg;
    struct kerx_db_set *generic;
};

/* Size 3 (18 pieces, 84 M positions up to symmetry) builds whole in about
 * a minute of CPU and 100 MB; size 4 does not. */
static int kerx_database_whole_game(const struct variant *v) {
    const struct kerx_variant *o = kerx_options(v);
    return o->size == 3 && !o->huff ? kerx_egdb_max_pieces(3) : 0;
}

static const char *kerx_database_unavailable(const struct variant *v) {
    return kerx_options(v)->huff ? KERX_DB_HUFF_REFUSAL : NULL;
}

static int kerx_database_open(const struct variant *v, const char *data, void **out,
                              char *where, size_t n, char *err) {
    if (kerx_options(v)->huff) {
        /* None can exist: a query says why, df-pn goes on without them. */
        snprintf(where, n, "-");
        snprintf(err, GAME_ERROR_BYTES, "%s", KERX_DB_HUFF_REFUSAL);
        return 1;
    }
    struct kerx_database *p = calloc(1, sizeof *p);
    if (!p) {
        snprintf(err, GAME_ERROR_BYTES, "out of memory");
        return -1;
    }
    char folder[KERX_EGDB_PATH_BYTES];
    kerx_egdb_folder(v, data, folder, sizeof folder);
    snprintf(where, n, "%s", folder);
    int status = 1;
    if (access(folder, F_OK) == 0) {
        status = kerx_egdb_open(&p->eg, v, data, err) == 0 ? 0 : -1;
    } else {
        char generic[KERX_DB_PATH_BYTES];
        kerx_db_folder(v, data, generic, sizeof generic);
        if (access(generic, F_OK) == 0) {
            snprintf(where, n, "%s", generic);
            status = kerx_db_set_open(&p->generic, v, data, err) == 0 ? 0 : -1;
        } else {
            snprintf(err, GAME_ERROR_BYTES, "no Kerx databases in %.100s", folder);
        }
    }
    if (status != 0) {
        kerx_egdb_close(p->eg);
        kerx_db_set_close(p->generic);
        free(p);
        return status;
    }
    *out = p;
    return 0;
}

static retro_cell kerx_database_probe(void *db, const void *state) {
    struct kerx_database *p = db;
    return p->eg ? kerx_egdb_probe(p->eg, state) : kerx_db_set_probe(p->generic, state);
}

static retro_cell kerx_database_probe_value(void *db, const void *state) {
    struct kerx_database *p = db;
    return p->eg ? kerx_egdb_probe_value(p->eg, state)
                 : kerx_db_set_probe(p->generic, state);
}

static int kerx_database_failed(void *db, char *err) {
    struct kerx_database *p = db;
    return p->eg ? kerx_egdb_failed(p->eg, err) : 0;
}

static void kerx_database_close(void *db) {
    struct kerx_database *p = db;
    if (!p) return;
    kerx_egdb_close(p->eg);
    kerx_db_set_close(p->generic);
    free(p);
}

/* Stage of a position by its solved value: a draw, a short win or loss
 * (remoteness <= 6) or a long one. */
static const char *stage_of(retro_cell c) {
    if (retro_outcome(c) == RETRO_OUTCOME_DRAW) return "draw";
    return retro_remoteness(c) <= 6 ? "short" : "long";
}

/* Groups by material (mover's pieces + other's) and stage, from the generic
 * per-material databases. */
static int kerx_write_test_set(const struct variant *v, const char *data, long per_group,
                               uint64_t seed, FILE *out, char *err) {
    struct kerx_db_set *set;
    if (kerx_db_set_open(&set, v, data, err) != 0) return -1;
    struct rng rng;
    rng_seed(&rng, seed);
    char vtext[160];
    variant_format(&kerx_game, v, vtext, sizeof vtext);
    fprintf(out,
            "# kibitz solvebench set: kerx %s, %ld per group, seed %" PRIu64
            " (kibitz solvebench kerx --variant %s --games %ld --seed %" PRIu64 ")\n",
            vtext, per_group, seed, vtext, per_group, seed);
    fprintf(out, "# group\tposition\tvalue\tremoteness\n");
    const char *stages[] = {"short", "long", "draw"};
    for (int hi = 1; hi < 32; hi++)
        for (int lo = 1; lo <= hi; lo++) {
            tier_t t = kerx_tier_id(hi, lo);
            if (kerx_material_over(v, hi, lo) || hi + lo > kerx_geom_of(v)->cells ||
                hi + lo > KERX_TIER_MAX_PIECES)
                continue;
            struct kerx_state probe_state;
            kerx_unrank(v, t, 0, &probe_state);
            if (kerx_db_set_probe(set, &probe_state) == RETRO_HOLE) continue;
            uint64_t n = kerx_tier_size(v, t);
            for (int k = 0; k < 3; k++) {
                long found = 0;
                for (long tries = 0; tries < 200000 && found < per_group; tries++) {
                    struct kerx_state s;
                    kerx_unrank(v, t, rng_next(&rng) % n, &s);
                    retro_cell c = kerx_db_set_probe(set, &s);
                    if (!retro_is_value(c) || strcmp(stage_of(c), stages[k]) != 0)
                        continue;
                    char text[256];
                    kerx_game.format_position(v, &s, text, sizeof text);
                    int o2 = retro_outcome(c);
                    fprintf(out, "%d+%d-%s\t%s\t%s\t%d\n", hi, lo, stages[k], text,
                            o2 == RETRO_OUTCOME_WIN    ? "win"
                            : o2 == RETRO_OUTCOME_LOSS ? "loss"
                                                       : "draw",
                            retro_remoteness(c));
                    found++;
                }
            }
        }
    kerx_db_set_close(set);
    return 0;
}

/* Size 3 and 4 up to 6 pieces: 0.2 s and 2 s on one core (11 MB); size 5
 * takes minutes. */
static int kerx_quick_pieces(const struct variant *v) {
    return kerx_options(v)->size <= 4 ? 6 : 0;
}

/* `kibitz verify`: a pair file of either kind, or a mover table, by its
 * name's ending. */
static const char *const kerx_file_suffixes[] = {".keg", ".kwdl", ".kmv", NULL};

static long kerx_verify_file(const char *path, uint64_t *parts,
                             void (*damaged)(void *ctx, const char *what), void *ctx) {
    size_t n = strlen(path);
    if (n >= 5 && strcmp(path + n - 5, ".kwdl") == 0)
        return kerx_wdl_file_verify_all(path, parts, damaged, ctx);
    if (n >= 4 && strcmp(path + n - 4, ".kmv") == 0)
        return kerx_movers_file_verify_all(path, parts, damaged, ctx);
    return kerx_egdb_file_verify_all(path, parts, damaged, ctx);
}

const struct game_database kerx_database = {
    .quick_pieces = kerx_quick_pieces,
    .build = kerx_database_build,
    .open = kerx_database_open,
    .probe = kerx_database_probe,
    .probe_value = kerx_database_probe_value,
    .failed = kerx_database_failed,
    .close = kerx_database_close,
    .hole_message = "no database holds this material (build it with --pieces)",
    .unavailable = kerx_database_unavailable,
    .file_suffixes = kerx_file_suffixes,
    .verify_file = kerx_verify_file,
    .whole_game = kerx_database_whole_game,
    .write_test_set = kerx_write_test_set,
};
