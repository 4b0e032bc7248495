/* libkibitz: game records, the JSON files `kibitz play --save` and
 * `kibitz arena --record` write (include/kibitz.h). */
#include "lib/kz_record.h"
#include "lib/kz_internal.h"
#include "json/kjson_record.h"

#include <stdlib.h>
#include <string.h>

int kz_record_load(const kz_game *g, const char *file, kz_record **out, char *err,
                   size_t err_n) {
    *out = NULL;
    if (!file) return kz_fail(err, err_n, KZ_EINVAL, "no record file given");
    kz_record *r = calloc(1, sizeof *r);
    if (!r) return kz_fail(err, err_n, KZ_ERUNTIME, "out of memory");
    char gerr[GAME_ERROR_BYTES] = "";
    if (kjson_record_read(&r->rec, file, g->g, gerr) != 0) {
        free(r);
        return kz_fail(err, err_n, KZ_EINVAL, "%s", gerr);
    }
    r->game.g = r->rec.game;
    r->game.v = r->rec.variant;
    r->game.players = r->rec.seats;
    *out = r;
    return KZ_OK;
}

void kz_record_free(kz_record *r) {
    if (!r) return;
    record_free(&r->rec);
    free(r);
}

const kz_game *kz_record_game(const kz_record *r) {
    return &r->game;
}

int kz_record_length(const kz_record *r) {
    return r->rec.count;
}

int kz_record_replay(const kz_record *r, int ply, kz_state *into, char *err,
                     size_t err_n) {
    const kz_game *g = into->game;
    if (g->g != r->game.g || memcmp(&g->v, &r->game.v, sizeof g->v) != 0)
        return kz_fail(err, err_n, KZ_EINVAL,
                       "the state is not of the record's game and variant");
    if (ply < 0 || ply > r->rec.count) ply = r->rec.count;
    record_replay(&r->rec, ply, into->bytes);
    kz_state_changed(into);
    return KZ_OK;
}
