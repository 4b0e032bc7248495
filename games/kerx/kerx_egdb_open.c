/* Opening a Kerx endgame folder (its .keg pair files, and the compact
 * .kwdl files where a .keg is absent) and probing the set for the
 * retrograde solver and the searches. Above kerx_egdb_set.c (the set) and
 * kerx_wdl.c (the compact files), which do not call back here. */
#include "games/kerx/kerx_egdb_set.h"

#include <stdio.h>
#include <sys/stat.h>

/* Map the folder's mover tables (header and block table checked now, sets
 * on first touch). One that is there but refused stops the open, as a
 * damaged pair file does: its tiers would otherwise silently cost the
 * seconds and memory the file is there to save. 0, or -1 with err. */
static int open_movers(struct kerx_egdb *db, char *err) {
    for (int m = 1; m < KERX_EG_SIDE; m++) {
        char path[KERX_EGDB_PATH_BYTES + 32];
        kerx_movers_path(db->folder, m, path, sizeof path);
        struct stat st;
        if (stat(path, &st) == 0 && S_ISREG(st.st_mode) &&
            kerx_movers_file_open(&db->movers[m], path, db->size, m, err) != 0)
            return -1;
    }
    return 0;
}

int kerx_egdb_open(struct kerx_egdb **out, const struct variant *v, const char *data,
                   char *err) {
    *out = NULL;
    struct kerx_egdb *db = kerx_egdb_new(v, data, err);
    if (!db) return -1;
    if (open_movers(db, err) != 0) {
        kerx_egdb_close(db);
        return -1;
    }
    /* Every pair file present now: a foreign one, or one with a damaged
     * header or block table, is an error, not a silent miss. Values are
     * checked block by block as probes first read them. */
    for (int a = 1; a < KERX_EG_SIDE; a++)
        for (int b = 1; b <= a; b++) {
            char path[KERX_EGDB_PATH_BYTES + 32];
            kerx_egdb_pair_path(db, a, b, path, sizeof path);
            /* Only regular files are databases: a folder or a FIFO in a file's
             * place is skipped (its material is then simply missing) instead
             * of stopping queries that never need it. */
            struct stat st;
            if (stat(path, &st) == 0 && S_ISREG(st.st_mode) &&
                kerx_egdb_attach(db, a, b, err) != 0) {
                kerx_egdb_close(db);
                return -1;
            }
            /* The compact file answers only where the .keg is absent. */
            kerx_wdl_pair_path(db, a, b, path, sizeof path);
            if (!db->file[a][b].map && stat(path, &st) == 0 && S_ISREG(st.st_mode) &&
                kerx_wdl_add(db, a, b, err) != 0) {
                kerx_egdb_close(db);
                return -1;
            }
        }
    if (!db->pairs && !db->wdl_pairs) {
        snprintf(err, GAME_ERROR_BYTES, "no Kerx endgame databases in %.120s",
                 db->folder);
        kerx_egdb_close(db);
        return -1;
    }
    *out = db;
    return 0;
}

retro_cell kerx_egdb_probe(void *ctx, const void *state) {
    struct kerx_egdb *db = ctx;
    const struct kerx_state *s = state;
    if (kerx_status(db->g, db->drawat, s) != 2) return RETRO_TERMINAL;
    int byte = kerx_egdb_byte(db, s->pieces[s->side][0], s->pieces[s->side ^ 1][0]);
    return byte < 0 ? RETRO_HOLE : kerx_eg_cell(byte);
}

retro_cell kerx_egdb_probe_value(void *ctx, const void *state) {
    struct kerx_egdb *db = ctx;
    const struct kerx_state *s = state;
    if (kerx_status(db->g, db->drawat, s) != 2) return RETRO_TERMINAL;
    uint64_t mover = s->pieces[s->side][0], other = s->pieces[s->side ^ 1][0];
    int m = __builtin_popcountll(mover), o = __builtin_popcountll(other);
    if (m < KERX_EG_SIDE && o < KERX_EG_SIDE && !db->values[m][o] && db->wdl_pairs) {
        /* Only a win/draw/loss file holds it: the distance is not known. */
        int code = kerx_egdb_wdl(db, mover, other);
        return code < 0                ? RETRO_HOLE
               : code == KERX_WDL_WIN  ? retro_win(RETRO_NO_DISTANCE)
               : code == KERX_WDL_LOSS ? retro_loss(RETRO_NO_DISTANCE)
                                       : RETRO_DRAW;
    }
    int byte = kerx_egdb_byte(db, mover, other);
    return byte < 0 ? RETRO_HOLE : kerx_eg_cell(byte);
}
