/* libkibitz: every move of a game record judged (play/review.h), as the
 * "review" document (include/kibitz.h); `kibitz review`'s table is the
 * command line's (cli/backend/kz_cli_review.c). */
#include "lib/kz_db.h"
#include "lib/kz_json.h"
#include "lib/kz_record.h"
#include "search/alphabeta.h"
#include "play/review.h"
#include "json/kjson_review.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct review_move *kz_review_judge(const kz_record *r, const kz_db *db, int depth,
                                 double time, long iterations, int hash_mib,
                                 uint64_t seed, char *err, size_t err_n) {
    struct review_config cfg = {
        .lookup = db ? kz_db_values(db) : NULL,
        .lookup_ctx = db ? kz_db_ctx(db) : NULL,
        .depth = depth > 0 ? depth : 0,
        .time = time > 0 ? time : 0,
        .iterations = iterations > 0 ? iterations : 0,
        .hash_mib = hash_mib,
        .seed = seed,
    };
    int count = r->rec.count;
    struct review_move *moves = calloc((size_t)(count ? count : 1), sizeof *moves);
    if (!moves) {
        kz_fail(err, err_n, KZ_ERUNTIME, "out of memory");
        return NULL;
    }
    char gerr[GAME_ERROR_BYTES] = "";
    if (review_game(&r->rec, &cfg, moves, gerr) != 0) {
        free(moves);
        kz_fail(err, err_n, KZ_ERUNTIME, "%s", gerr);
        return NULL;
    }
    if (kz_db_failed(db, err, err_n)) {
        free(moves);
        return NULL;
    }
    return moves;
}

long kz_review_json(const kz_record *r, const kz_db *db, int depth, double time,
                    long iterations, uint64_t seed, char *json, size_t n, char *err,
                    size_t err_n) {
    struct review_move *moves =
        kz_review_judge(r, db, depth, time, iterations, 0, seed, err, err_n);
    if (!moves) return KZ_ERUNTIME;
    long need = kz_json_give(kjson_review(&r->rec, moves), json, n);
    free(moves);
    return need < 0 ? kz_fail(err, err_n, KZ_ERUNTIME, "out of memory") : need;
}
