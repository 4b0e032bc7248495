/* The compact win/draw/loss files of a Kerx endgame set (kerx_wdl_file.h):
 * written from a pair's .keg file, opened into the set, and read with the
 * positions that have a capture resolved by their capture children. */
#include "games/kerx/kerx_egdb_set.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void kerx_wdl_pair_path(const struct kerx_egdb *db, int a, int b, char *buf, size_t n) {
    snprintf(buf, n, "%s/%d+%d.kwdl", db->folder, a, b);
}

/* A value byte (kerx_egdb.h) as a code for the mover. */
static uint8_t code_of(int byte) {
    if (byte == KERX_EG_DRAW) return KERX_WDL_DRAW;
    return ((byte - 1) & 1) ? KERX_WDL_WIN : KERX_WDL_LOSS;
}

/* Codes of tier (m, o) into the writer, a slot at a time (index order). */
static int write_tier(struct kerx_egdb *db, int m, int o, struct kerx_wdl_writer *w,
                      char *err) {
    const struct kerx_tier_index *ix = &db->index[m][o];
    const uint8_t *values = db->values[m][o];
    const struct kerx_egdb_file *f = db->source[m][o];
    uint64_t width = ix->width;
    uint8_t *codes = malloc(width);
    bool *hole = malloc(width * sizeof *hole);
    int status = codes && hole ? 0 : -1;
    if (status) snprintf(err, GAME_ERROR_BYTES, "out of memory");
    for (uint32_t slot = 0; status == 0 && slot < ix->mv->count; slot++) {
        uint64_t mover = ix->mv->mask[slot], base = (uint64_t)slot * width;
        int free_cells[64], nfree = 0;
        for (int c = 0; c < ix->cells; c++)
            if (!((mover >> c) & 1)) free_cells[nfree++] = c;
        uint64_t packed = kerx_packed_unrank(ix, 0);
        for (uint64_t r = 0; r < width; r++) {
            if (!kerx_egdb_file_ready(f, db->base[m][o] + base + r)) {
                kerx_egdb_file_failed(f, err);
                status = -1;
                break;
            }
            int byte = values[base + r];
            uint64_t other = 0;
            for (uint64_t p = packed; p; p &= p - 1)
                other |= UINT64_C(1) << free_cells[__builtin_ctzll(p)];
            hole[r] = byte == KERX_EG_HOLE;
            codes[r] = hole[r] || kerx_egdb_has_capture(db->g, mover, other)
                           ? KERX_WDL_SKIP
                           : code_of(byte);
            uint64_t low = packed & -packed, ripple = packed + low;
            if (packed) packed = (((ripple ^ packed) >> 2) / low) | ripple;
        }
        if (status == 0) status = kerx_wdl_writer_add(w, codes, hole, width, err);
    }
    free(codes);
    free(hole);
    return status;
}

int kerx_wdl_pair_write(struct kerx_egdb *db, int a, int b, char *err) {
    if (!kerx_egdb_ready(db, a, b) || (a != b && !kerx_egdb_ready(db, b, a))) {
        if (kerx_egdb_file_failed(&db->file[a][b], err) == 0)
            snprintf(err, GAME_ERROR_BYTES, "pair %d+%d is not in the set", a, b);
        return -1;
    }
    char path[KERX_EGDB_PATH_BYTES + 32];
    kerx_wdl_pair_path(db, a, b, path, sizeof path);
    struct kerx_wdl_writer *w;
    uint64_t n0 = db->index[a][b].size, n1 = a == b ? 0 : db->index[b][a].size;
    if (kerx_wdl_writer_begin(&w, path, db->size, db->drawat, a, b, n0, n1, err) != 0)
        return -1;
    bool ok = write_tier(db, a, b, w, err) == 0 &&
              (a == b || write_tier(db, b, a, w, err) == 0);
    return kerx_wdl_writer_end(w, ok, err) == 0 && ok ? 0 : -1;
}

int kerx_wdl_add(struct kerx_egdb *db, int a, int b, char *err) {
    char path[KERX_EGDB_PATH_BYTES + 32];
    kerx_wdl_pair_path(db, a, b, path, sizeof path);
    struct kerx_wdl_file *f = &db->wdl[a][b];
    if (f->map) {
        kerx_wdl_file_close(f);
        db->wdl_pairs--;
    }
    db->wdl_ready[a][b] = db->wdl_ready[b][a] = 0;
    if (kerx_wdl_file_open(f, path, db->size, db->drawat, a, b, KERX_EGDB_ANY,
                           KERX_EGDB_ANY, err) != 0)
        return -1;
    db->wdl_pairs++;
    return 0;
}

/* The file holding tier (m, o)'s codes and where they start there, once
 * its index is made and matches (NULL otherwise). */
static const struct kerx_wdl_file *wdl_tier(const struct kerx_egdb *cdb, int m, int o,
                                            uint64_t *base) {
    struct kerx_egdb *db = (struct kerx_egdb *)cdb; /* only the index and flags change */
    int a = m >= o ? m : o, b = m >= o ? o : m;
    const struct kerx_wdl_file *f = &db->wdl[a][b];
    if (!f->map) return NULL;
    *base = m >= o ? 0 : f->count[0];
    if (atomic_load_explicit(&db->wdl_ready[m][o], memory_order_acquire)) return f;
    pthread_mutex_lock(&db->lock);
    bool ready = atomic_load(&db->wdl_ready[m][o]);
    if (!ready) {
        char err[GAME_ERROR_BYTES];
        uint64_t want = m >= o ? f->count[0] : f->count[1];
        ready = kerx_egdb_tier(db, m, o, err) == 0 && db->index[m][o].size == want;
        atomic_store_explicit(&db->wdl_ready[m][o], ready, memory_order_release);
    }
    pthread_mutex_unlock(&db->lock);
    return ready ? f : NULL;
}

/* A child's code for its mover: over by rule, or read from the set. */
static int child_code(const struct kerx_egdb *db, uint64_t mover, uint64_t other) {
    int nm = __builtin_popcountll(mover), no = __builtin_popcountll(other);
    if (nm == 0) return KERX_WDL_LOSS; /* no pieces left: lost */
    if (no == 0) return KERX_WDL_WIN;  /* cannot happen after a move */
    if (nm <= db->drawat && no <= db->drawat) return KERX_WDL_DRAW;
    return kerx_egdb_wdl(db, mover, other);
}

int kerx_egdb_wdl(const struct kerx_egdb *db, uint64_t mover, uint64_t other) {
    int m = __builtin_popcountll(mover), o = __builtin_popcountll(other);
    if (m >= KERX_EG_SIDE || o >= KERX_EG_SIDE) return -1;
    if (db->values[m][o]) {
        int byte = kerx_egdb_byte(db, mover, other);
        return byte < 0 ? -1 : code_of(byte);
    }
    uint64_t base;
    const struct kerx_wdl_file *f = wdl_tier(db, m, o, &base);
    if (!f) return -1;
    if (kerx_egdb_has_capture(db->g, mover, other)) {
        /* Not stored: the best of the capture children (all the moves). */
        struct kerx_state s;
        memset(&s, 0, sizeof s);
        s.pieces[0][0] = mover;
        s.pieces[1][0] = other;
        move_t moves[KERX_MAX_MOVES];
        int n = kerx_moves(db->g, &s, moves), best = KERX_WDL_LOSS;
        for (int i = 0; i < n && best != KERX_WDL_WIN; i++) {
            struct kerx_state c = s;
            kerx_play(db->g, &c, moves[i]);
            int child = child_code(db, c.pieces[1][0], c.pieces[0][0]);
            if (child < 0) return -1;
            if (child == KERX_WDL_LOSS) best = KERX_WDL_WIN;
            if (child == KERX_WDL_DRAW) best = KERX_WDL_DRAW;
        }
        return best;
    }
    kerx_sym_canon(db->sym, &mover, &other);
    uint64_t i = kerx_index_rank(&db->index[m][o], mover, other);
    if (i == KERX_NO_INDEX) return -1; /* a damaged mover table */
    int code = kerx_wdl_file_code(f, base + i);
    return code == KERX_WDL_SKIP ? -1 : code;
}
