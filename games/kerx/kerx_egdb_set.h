/*
 * kerx_egdb_set.h - the opened files of a Kerx endgame database folder and
 * the index of every tier; shared by the builder, the probes and the tests
 * (not a public header: use kerx_egdb.h).
 */
#ifndef KIBITZ_KERX_EGDB_SET_H
#define KIBITZ_KERX_EGDB_SET_H

#include "games/kerx/kerx.h"
#include "games/kerx/kerx_egdb.h"
#include "games/kerx/kerx_egdb_index.h"
#include "games/kerx/kerx_movers_file.h"
#include "games/kerx/kerx_wdl_file.h"
#include "solve/tier_schedule.h"

#include <pthread.h>
#include <stdatomic.h>

enum { KERX_EG_SIDE = KERX_EGDB_MAX_SIDE + 1, KERX_EGDB_MAX_PARTS = 64 };

struct kerx_egdb {
    struct variant v;
    int size, drawat;
    const struct kerx_geom *g;
    const struct kerx_sym *sym;
    char folder[KERX_EGDB_PATH_BYTES];
    struct kerx_egdb_file file[KERX_EG_SIDE][KERX_EG_SIDE]; /* by (a, b), a >= b */
    const uint8_t *values[KERX_EG_SIDE][KERX_EG_SIDE];      /* by tier (m, o) */
    /* The file holding tier (m, o), and where its values start there (for
     * the file's block checks). */
    const struct kerx_egdb_file *source[KERX_EG_SIDE][KERX_EG_SIDE];
    uint64_t base[KERX_EG_SIDE][KERX_EG_SIDE];
    struct kerx_tier_index index[KERX_EG_SIDE][KERX_EG_SIDE];
    /* Tier (m, o) may be read: its index is made and matches its file.
     * kerx_egdb_open leaves this to the first read (making the index of 8
     * pieces on size 4 takes a second and 150 MB), under `lock`. */
    _Atomic unsigned char ready[KERX_EG_SIDE][KERX_EG_SIDE];
    /* The compact win/draw/loss files ("<a>+<b>.kwdl", by (a, b), a >= b),
     * read for a material whose .keg file is absent (kerx_wdl.c); their
     * tiers' indexes are made on first read too (wdl_ready). */
    struct kerx_wdl_file wdl[KERX_EG_SIDE][KERX_EG_SIDE];
    _Atomic unsigned char wdl_ready[KERX_EG_SIDE][KERX_EG_SIDE];
    /* The mover tables of the folder ("movers-<m>.kmv", by m), opened by
     * kerx_egdb_open: a tier whose mover's table is there is indexed on the
     * mapped file instead of a table made by visiting every m-set. */
    struct kerx_movers_file movers[KERX_EG_SIDE];
    pthread_mutex_t lock;
    int pairs, wdl_pairs;
};

/* An empty set for variant v (sizes 3..5), no file opened. NULL with err. */
struct kerx_egdb *kerx_egdb_new(const struct variant *v, const char *data, char *err);

/* The index of tier (m, o), made on first use (on the mapped mover table
 * when the set has one for m, else on kerx_movers_get's). 0, or -1 with
 * err. Not thread-safe: prepare the tiers before parallel lookups. */
int kerx_egdb_tier(struct kerx_egdb *db, int m, int o, char *err);

/* Make tier (m, o) of an open file readable (its index made and checked
 * against the file; a mismatch gives the file up: kerx_egdb_failed): true
 * when it is. Thread-safe (the slow path of kerx_egdb_byte). */
bool kerx_egdb_ready(const struct kerx_egdb *db, int m, int o);

/* The path of pair (a, b)'s file. */
void kerx_egdb_pair_path(const struct kerx_egdb *db, int a, int b, char *buf, size_t n);

/* Open pair (a, b)'s file into the set (its header and block table only).
 * 0, or -1 with err. */
int kerx_egdb_add(struct kerx_egdb *db, int a, int b, char *err);

/* The same, its tiers' indexes made (and compared with the file) on their
 * first read instead of now (kerx_egdb_open). */
int kerx_egdb_attach(struct kerx_egdb *db, int a, int b, char *err);

/* What kerx_egdb_pair_build returns when the shared layout could not hold
 * the pair's remoteness (err says so); the 3-byte layout can. */
enum { KERX_EGDB_TOO_DEEP = -3 };

/* How kerx_egdb_pair_build solves a pair. */
struct kerx_pair_opts {
    int threads;
    bool progress; /* progress lines on stderr */
    /* Each position's move counter shares its value byte (1 byte an entry
     * while solving, remoteness up to 253 - 6 max(x, y)), else it has 2
     * bytes of its own (3 an entry). The file is the same either way. */
    bool shared;
    /* Shared layout, whole pair: resume from the pair's checkpoint when
     * there is one (kerx_egdb_checkpoint.h), and save one at the first
     * level boundary this many seconds after the last save; 0: neither. */
    double checkpoint_every;
    int stop_before_level; /* tests: save and stop there (-1 with err); < 0: never */
    /* One part of the pair split across MPI ranks (solve/tier_schedule.h):
     * each part holds an index range of the values and counters, the
     * un-moves that reach another part's entries travel to it in one batch
     * per level, and part 0 gathers the values and writes the file (byte
     * for byte the whole build's). NULL: the whole pair. */
    const struct tier_part *part;
    bool resumed; /* set by the solve: it went on from a checkpoint */
};

/* Solve pair (x, y) (every lower pair already in the set) and write its
 * file at `path` (kerx_egdb_pair.c). 0, KERX_EGDB_TOO_DEEP, or -1 with
 * err. */
int kerx_egdb_pair_build(struct kerx_egdb *db, int x, int y, struct kerx_pair_opts *o,
                         const char *path, char *err);

/* True when the material is over by rule (X6, X7), so never stored. */
static inline bool kerx_egdb_over(const struct kerx_egdb *db, int m, int o) {
    return m == 0 || o == 0 || (m <= db->drawat && o <= db->drawat);
}

/* True when the mover (cells `own`) can capture: an enemy piece beside one
 * of its pieces with the cell behind it empty (captures are compulsory). */
static inline bool kerx_egdb_has_capture(const struct kerx_geom *g, uint64_t own,
                                         uint64_t enemy) {
    uint64_t board = g->cells == 64 ? ~UINT64_C(0) : (UINT64_C(1) << g->cells) - 1;
    uint64_t empty = board & ~(own | enemy);
    for (uint64_t t = own; t; t &= t - 1) {
        int c = __builtin_ctzll(t);
        if (!(g->adj[c][0] & enemy)) continue;
        for (int d = 0; d < KERX_DIRS; d++) {
            int j = g->jump[c][d];
            if (j >= 0 && ((enemy >> g->nb[c][d]) & 1) && ((empty >> j) & 1)) return true;
        }
    }
    return false;
}

/* The path of pair (a, b)'s win/draw/loss file. */
void kerx_wdl_pair_path(const struct kerx_egdb *db, int a, int b, char *buf, size_t n);

/* Write pair (a, b)'s win/draw/loss file from its open .keg file (every
 * position with a capture, and every hole, left out). 0, or -1 with err. */
int kerx_wdl_pair_write(struct kerx_egdb *db, int a, int b, char *err);

/* Open pair (a, b)'s win/draw/loss file into the set (header and block
 * table only). 0, or -1 with err. */
int kerx_wdl_add(struct kerx_egdb *db, int a, int b, char *err);

/* Win, draw or loss (KERX_WDL_*) for the mover of a non-over position
 * whose material the set holds (a .keg file, else a .kwdl file, resolving
 * a position with a capture by its capture children), or -1 when it does
 * not (or a block read was corrupt). Thread-safe. */
int kerx_egdb_wdl(const struct kerx_egdb *db, uint64_t mover, uint64_t other);

/* Where kerx_egdb_byte's answer lies (its block checked), or NULL when it
 * would be -1: for a caller that prefetches many before reading any. */
static inline const uint8_t *kerx_egdb_byte_at(const struct kerx_egdb *db, uint64_t mover,
                                               uint64_t other) {
    int m = __builtin_popcountll(mover), o = __builtin_popcountll(other);
    if (m >= KERX_EG_SIDE || o >= KERX_EG_SIDE || !db->values[m][o]) return NULL;
    if (!atomic_load_explicit(&db->ready[m][o], memory_order_acquire) &&
        !kerx_egdb_ready(db, m, o))
        return NULL;
    kerx_sym_canon(db->sym, &mover, &other);
    uint64_t i = kerx_index_rank(&db->index[m][o], mover, other);
    if (i == KERX_NO_INDEX || !kerx_egdb_file_ready(db->source[m][o], db->base[m][o] + i))
        return NULL;
    return &db->values[m][o][i];
}

/* The value byte of a non-over position (mover's set, other's set) whose
 * material is in the set, or -1 when it is not (or when its block of the
 * file is corrupt: see kerx_egdb_failed, kerx_egdb.h). The block is checked on its first
 * read. Thread-safe. */
static inline int kerx_egdb_byte(const struct kerx_egdb *db, uint64_t mover,
                                 uint64_t other) {
    const uint8_t *at = kerx_egdb_byte_at(db, mover, other);
    return at ? *at : -1;
}

#endif
