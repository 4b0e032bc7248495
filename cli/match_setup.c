/* The game, start position and record of `play` and `arena` through
 * libkibitz (see match_setup.h). */
#include "cli/match_setup.h"

#include <stdio.h>
#include <string.h>

int match_fail(int status, const char *err) {
    return status == KZ_EINVAL ? cli_fail("%s", err) : cli_fail_runtime("%s", err);
}

int match_game(const struct cli_options *o, kz_game **out) {
    char err[KZ_ERROR_BYTES];
    /* cli_parse has checked the name and the variant already. */
    int status = kz_game_load(o->game->name, o->variant_text, out, err, sizeof err);
    return status ? match_fail(status, err) : 0;
}

int match_record(const struct cli_options *o, const kz_game *g, kz_record **out) {
    char err[KZ_ERROR_BYTES];
    int status = kz_record_read(g, o->record, out, err, sizeof err);
    return status ? match_fail(status, err) : 0;
}

int match_start(const struct cli_options *o, const kz_game *g, kz_state **out) {
    char err[KZ_ERROR_BYTES];
    kz_state *s = kz_state_new(g);
    *out = NULL;
    if (!s) return cli_fail_runtime("out of memory");
    if (o->position) {
        if (kz_state_parse(s, o->position, err, sizeof err) != KZ_OK) {
            kz_state_free(s);
            return cli_fail("%s", err); /* "bad position '...': why" */
        }
        if (kz_state_check(s, err, sizeof err) != KZ_OK) {
            kz_state_free(s);
            return cli_fail("bad position '%s': %s", o->position, err);
        }
    }
    if (o->moves) {
        char buf[4096];
        if (strlen(o->moves) >= sizeof buf) {
            kz_state_free(s);
            return cli_fail("--moves is too long");
        }
        strcpy(buf, o->moves);
        char *save = NULL;
        int ply = 0;
        for (char *word = strtok_r(buf, " ,", &save); word;
             word = strtok_r(NULL, " ,", &save)) {
            ply++;
            int status = KZ_OK;
            if (kz_state_turn(s) == KZ_TURN_OVER)
                status = cli_fail("move %d '%s': the game is already over", ply, word);
            else if (kz_state_apply_text(s, word, err, sizeof err) != KZ_OK) {
                /* The game's reason, without the library's "bad move 'w': ". */
                char prefix[256];
                snprintf(prefix, sizeof prefix, "bad move '%s': ", word);
                const char *why =
                    strncmp(err, prefix, strlen(prefix)) == 0 ? err + strlen(prefix) : err;
                status = cli_fail("move %d: %s", ply, why);
            }
            if (status) {
                kz_state_free(s);
                return status;
            }
        }
    }
    *out = s;
    return 0;
}
