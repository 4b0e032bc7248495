/* `kibitz query` (cli/backend/kz_cli.h): one position's report, or a stream
 * of positions answered one JSON document per line, on the database
 * queries of libkibitz (lib/kz_db.h, lib/kz_dbquery.h). */
#include "cli/backend/kz_cli.h"
#include "lib/kz_db.h"
#include "lib/kz_dbquery.h"
#include "lib/kz_json.h"
#include "json/kjson.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int kz_cli_db_open(const kz_game *g, const char *db, kz_db **out, char *err) {
    bool missing;
    int status = kz_db_open_at(g, db, out, &missing, err, KZ_CLI_ERROR_BYTES);
    if (status == KZ_EUNSUPPORTED) return KZ_EINVAL; /* the command line's fault */
    if (status && missing) return KZ_CLI_MISSING;
    return status;
}

void kz_cli_error_document(int line, const char *message, FILE *out) {
    json_t *doc = kjson_document("error");
    json_object_set_new(doc, "line", json_integer(line));
    json_object_set_new(doc, "message", kjson_string_lossy(message));
    kjson_print(doc, out);
}

int kz_cli_query(const kz_db *db, const kz_state *s, bool json, int line, FILE *out,
                 char *err) {
    const struct game *g = s->game->g;
    retro_lookup_fn lookup = kz_db_values(db);
    void *ctx = kz_db_ctx(db);
    /* The database's failed mark stays once set: only a failure found by
     * this query is this query's problem (issue 31: a stream of positions
     * gave every line after the first damaged tier two documents). */
    bool failed_before = kz_db_failed(db, NULL, 0) != KZ_OK;
    bool problem = false;
    int status = KZ_ERUNTIME;
    if (lookup(ctx, s->bytes) == RETRO_HOLE) {
        problem = true;
        if (kz_db_failed(db, err, KZ_CLI_ERROR_BYTES))
            ;
        else if (db->own)
            snprintf(err, KZ_CLI_ERROR_BYTES, "%s", db->gdb->hole_message);
        else
            snprintf(err, KZ_CLI_ERROR_BYTES,
                     "database %.100s does not hold this position's tier", db->path);
    } else {
        /* In a stream (line > 0) the report is held back until it is known
         * good, so that each line gets exactly one document. */
        char *held = NULL;
        size_t held_n = 0;
        FILE *to = line > 0 ? open_memstream(&held, &held_n) : out;
        if (!to) return kz_fail(err, KZ_CLI_ERROR_BYTES, KZ_ERUNTIME, "out of memory");
        status = kz_query_report(g, &s->game->v, s->bytes, lookup, ctx, db->path, json,
                                 to, err, KZ_CLI_ERROR_BYTES);
        if (line > 0) fclose(to);
        if (status && line > 0) {
            problem = true; /* said in the error document */
        } else if (status) {
            /* The report's own complaint is said at once: a tier read for
             * the first time may then turn out corrupt, which is said too. */
            fprintf(stderr, "kibitz: %s\n", err);
            status = status == KZ_EINVAL ? KZ_CLI_QUIET_EINVAL : KZ_CLI_QUIET_ERUNTIME;
        }
        if (!failed_before && kz_db_failed(db, err, KZ_CLI_ERROR_BYTES)) problem = true;
        if (line > 0 && !problem && held) fputs(held, out);
        free(held);
    }
    if (!problem) return status;
    if (line > 0) {
        kz_cli_error_document(line, err, out);
        return status == KZ_EINVAL ? KZ_CLI_QUIET_EINVAL : KZ_CLI_QUIET_ERUNTIME;
    }
    return KZ_ERUNTIME;
}

int kz_cli_query_stream(const kz_game *game, const kz_db *db, FILE *in, FILE *out,
                        char *err) {
    char text[4096];
    int worst = KZ_OK, line = 0;
    kz_state *s = kz_state_new(game);
    if (!s) return kz_fail(err, KZ_CLI_ERROR_BYTES, KZ_ERUNTIME, "out of memory");
    char *why = malloc(KZ_CLI_ERROR_BYTES), *message = malloc(KZ_CLI_ERROR_BYTES + 80);
    if (!why || !message) {
        free(why);
        free(message);
        kz_state_free(s);
        return kz_fail(err, KZ_CLI_ERROR_BYTES, KZ_ERUNTIME, "out of memory");
    }
    while (fgets(text, sizeof text, in)) {
        line++;
        text[strcspn(text, "\r\n")] = '\0';
        if (text[0] == '\0' || text[0] == '#') continue;
        int one;
        if (kz_cli_parse_position(s, text, why) != KZ_OK) {
            snprintf(message, KZ_CLI_ERROR_BYTES + 80, "bad position '%.60s': %s", text,
                     why);
            kz_cli_error_document(line, message, out);
            one = KZ_CLI_QUIET_EINVAL;
        } else {
            one = kz_cli_query(db, s, true, line, out, why);
            if (one != KZ_OK && one != KZ_CLI_QUIET_EINVAL &&
                one != KZ_CLI_QUIET_ERUNTIME) {
                /* Not said in a document (out of memory): say it there. */
                kz_cli_error_document(line, why, out);
                one = KZ_CLI_QUIET_ERUNTIME;
            }
        }
        /* The worst line decides: bad input (exit 2) over a failure (1). */
        if (one == KZ_CLI_QUIET_EINVAL ||
            (one == KZ_CLI_QUIET_ERUNTIME && worst == KZ_OK))
            worst = one;
    }
    free(why);
    free(message);
    kz_state_free(s);
    return worst;
}
