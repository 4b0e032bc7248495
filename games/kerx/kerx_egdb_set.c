/* A Kerx endgame set: its folder, its tiers' indexes and its .keg pair
 * files. Opening a folder (with the .kwdl files) and probing are
 * kerx_egdb_open.c. */
#include "games/kerx/kerx_egdb_set.h"
#include "engine/variant.h"

#include "engine/data_folder.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void kerx_egdb_folder(const struct variant *v, const char *data, char *buf, size_t n) {
    char text[160];
    variant_format(&kerx_game, v, text, sizeof text);
    char entry[200], folder[4096];
    snprintf(entry, sizeof entry, "egdb-kerx-%s", text);
    /* No --db: the first data folder holding them, else the user folder. */
    if (data)
        snprintf(folder, sizeof folder, "%s", data);
    else
        data_folder_find(entry, folder, sizeof folder);
    snprintf(buf, n, "%s/%s", folder, entry);
}

struct kerx_egdb *kerx_egdb_new(const struct variant *v, const char *data, char *err) {
    const struct kerx_variant *o = kerx_options(v);
    if (o->huff) {
        snprintf(err, GAME_ERROR_BYTES, "%s", KERX_DB_HUFF_REFUSAL);
        return NULL;
    }
    if (!kerx_sym_of(o->size)) {
        snprintf(err, GAME_ERROR_BYTES,
                 "Kerx endgame databases exist for sizes 3..%d only, not size %d",
                 KERX_SYM_MAX_SIZE, o->size);
        return NULL;
    }
    struct kerx_egdb *db = calloc(1, sizeof *db);
    if (!db) {
        snprintf(err, GAME_ERROR_BYTES, "out of memory");
        return NULL;
    }
    pthread_mutex_init(&db->lock, NULL);
    db->v = *v;
    db->size = o->size;
    db->drawat = o->drawat;
    db->g = kerx_geom_of(v);
    db->sym = kerx_sym_of(o->size);
    kerx_egdb_folder(v, data, db->folder, sizeof db->folder);
    return db;
}

int kerx_egdb_tier(struct kerx_egdb *db, int m, int o, char *err) {
    if (m >= KERX_EG_SIDE || o >= KERX_EG_SIDE) {
        snprintf(err, GAME_ERROR_BYTES, "material %d+%d is beyond the databases", m, o);
        return -1;
    }
    if (db->index[m][o].mv) return 0;
    if (db->movers[m].map)
        return kerx_tier_index_on(&db->index[m][o], &db->movers[m].table, o, err);
    return kerx_tier_index_init(&db->index[m][o], db->size, m, o, err);
}

void kerx_egdb_pair_path(const struct kerx_egdb *db, int a, int b, char *buf, size_t n) {
    snprintf(buf, n, "%s/%d+%d.keg", db->folder, a, b);
}

/* Open pair (a, b)'s file; with `lazy`, its tiers' indexes are made (and
 * compared with the file) on their first read instead of now. */
static int add_pair(struct kerx_egdb *db, int a, int b, bool lazy, char *err) {
    if (!lazy &&
        (kerx_egdb_tier(db, a, b, err) != 0 || kerx_egdb_tier(db, b, a, err) != 0))
        return -1;
    char path[KERX_EGDB_PATH_BYTES + 32];
    kerx_egdb_pair_path(db, a, b, path, sizeof path);
    struct kerx_egdb_file *f = &db->file[a][b];
    if (f->map) { /* opened again (after an upgrade) */
        db->values[a][b] = db->values[b][a] = NULL;
        db->source[a][b] = db->source[b][a] = NULL;
        db->ready[a][b] = db->ready[b][a] = 0;
        kerx_egdb_file_close(f);
        db->pairs--;
    }
    uint64_t n0 = KERX_EGDB_ANY, n1 = KERX_EGDB_ANY;
    if (!lazy) {
        n0 = db->index[a][b].size;
        n1 = a == b ? 0 : db->index[b][a].size;
    }
    if (kerx_egdb_file_open(f, path, db->size, db->drawat, a, b, n0, n1, err) != 0)
        return -1;
    n0 = f->count[0];
    db->values[a][b] = f->values[0];
    db->source[a][b] = f;
    db->base[a][b] = 0;
    if (a != b) {
        db->values[b][a] = f->values[1];
        db->source[b][a] = f;
        db->base[b][a] = n0;
    }
    db->ready[a][b] = db->ready[b][a] = !lazy;
    db->pairs++;
    return 0;
}

int kerx_egdb_add(struct kerx_egdb *db, int a, int b, char *err) {
    return add_pair(db, a, b, false, err);
}

int kerx_egdb_attach(struct kerx_egdb *db, int a, int b, char *err) {
    return add_pair(db, a, b, true, err);
}

bool kerx_egdb_ready(const struct kerx_egdb *cdb, int m, int o) {
    /* Shared by the probing threads; only the indexes made here, under the
     * lock, and the flags change (the object itself is not const). */
    struct kerx_egdb *db = (struct kerx_egdb *)cdb;
    const struct kerx_egdb_file *f = db->source[m][o];
    if (!f) return false;
    pthread_mutex_lock(&db->lock);
    bool ready = atomic_load(&db->ready[m][o]);
    if (!ready) {
        char err[GAME_ERROR_BYTES];
        uint64_t want = m >= o ? f->count[0] : f->count[1];
        if (kerx_egdb_tier(db, m, o, err) == 0 && db->index[m][o].size == want)
            ready = true;
        else
            kerx_egdb_file_reject(f);
        atomic_store_explicit(&db->ready[m][o], ready, memory_order_release);
    }
    pthread_mutex_unlock(&db->lock);
    return ready;
}

int kerx_egdb_failed(const struct kerx_egdb *db, char *err) {
    for (int a = 1; a < KERX_EG_SIDE; a++)
        for (int b = 1; b <= a; b++)
            if (kerx_egdb_file_failed(&db->file[a][b], err) != 0 ||
                kerx_wdl_file_failed(&db->wdl[a][b], err) != 0)
                return -1;
    for (int m = 1; m < KERX_EG_SIDE; m++)
        if (kerx_movers_file_failed(&db->movers[m], err) != 0) return -1;
    return 0;
}

int kerx_egdb_verify(const struct kerx_egdb *db, char *err) {
    for (int m = 1; m < KERX_EG_SIDE; m++)
        if (db->movers[m].map && kerx_movers_file_verify(&db->movers[m], err) != 0)
            return -1;
    for (int a = 1; a < KERX_EG_SIDE; a++)
        for (int b = 1; b <= a; b++) {
            const struct kerx_egdb_file *f = &db->file[a][b];
            if (!f->map) continue;
            if (!kerx_egdb_ready(db, a, b) || !kerx_egdb_ready(db, b, a) ||
                kerx_egdb_file_verify(f, err) != 0) {
                kerx_egdb_file_failed(f, err);
                return -1;
            }
        }
    return 0;
}

void kerx_egdb_close(struct kerx_egdb *db) {
    if (!db) return;
    for (int a = 0; a < KERX_EG_SIDE; a++)
        for (int b = 0; b < KERX_EG_SIDE; b++) {
            kerx_egdb_file_close(&db->file[a][b]);
            kerx_wdl_file_close(&db->wdl[a][b]);
        }
    for (int m = 0; m < KERX_EG_SIDE; m++) kerx_movers_file_close(&db->movers[m]);
    pthread_mutex_destroy(&db->lock);
    free(db);
}
