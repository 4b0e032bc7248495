/* What the command line's option parser needs of the engine (cli/backend/kz_cli.h):
 * games found by name, variants read one --variant at a time, positions and
 * moves loaded with the command line's own messages. */
#include "engine/game_check.h"
#include "engine/input_file.h"
#include "engine/number.h"
#include "engine/output_file.h"
#include "engine/threads.h"
#include "engine/variant.h"
#include "cli/backend/kz_cli.h"
#include "lib/kz_internal.h"
#include "solve/solver_db.h"
#include "json/kjson_record.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int kz_cli_game_find(const char *name, kz_game **out, char *err) {
    return kz_game_find(name, out, err, KZ_CLI_ERROR_BYTES);
}

int kz_cli_game_variant(kz_game *game, const char *text, char *err) {
    char gerr[GAME_ERROR_BYTES] = "";
    struct variant v;
    variant_init(game->g, &v);
    if (variant_parse(game->g, &v, text, gerr) != 0)
        return kz_fail(err, KZ_CLI_ERROR_BYTES, KZ_EINVAL, "%s", gerr);
    game->v = v;
    game->players = variant_players(game->g, &game->v);
    return KZ_OK;
}

int kz_cli_game_finish(kz_game *game, char *err) {
    char gerr[GAME_ERROR_BYTES] = "";
    if (variant_finish(game->g, &game->v, gerr) != 0)
        return kz_fail(err, KZ_CLI_ERROR_BYTES, KZ_EINVAL, "%s", gerr);
    game->players = variant_players(game->g, &game->v);
    return KZ_OK;
}

void kz_cli_game_take_variant(kz_game *to, const kz_game *from) {
    to->v = from->v;
    to->players = from->players;
}

bool kz_cli_same_variant(const kz_game *a, const kz_game *b) {
    return a->g == b->g && memcmp(&a->v, &b->v, sizeof a->v) == 0;
}

int kz_cli_threads_reserve(int threads, char *err) {
    char gerr[GAME_ERROR_BYTES] = "";
    if (threads_reserve(threads, gerr) != 0)
        return kz_fail(err, KZ_CLI_ERROR_BYTES, KZ_ERUNTIME, "%s", gerr);
    return KZ_OK;
}

bool kz_cli_has_own_databases(const kz_game *g) {
    return g->g->database != NULL;
}

bool kz_cli_database_missing(const kz_game *g, const char *db) {
    char path[SOLVER_DB_PATH_BYTES];
    solver_db_path(g->g, &g->v, db, path, sizeof path);
    return access(path, F_OK) != 0;
}

static int load(const kz_game *game, const char *position, const char *moves, void *state,
                char *err, size_t err_n) {
    const struct game *g = game->g;
    const struct variant *v = &game->v;
    char gerr[GAME_ERROR_BYTES];
    if (!position)
        g->start(v, state);
    else if (g->parse_position(v, position, state, gerr) != 0 ||
             game_check_playable(g, v, state, gerr) != 0)
        return kz_fail(err, err_n, KZ_EINVAL, "bad position '%s': %s", position, gerr);
    if (!moves) return KZ_OK;
    char buf[4096];
    if (strlen(moves) >= sizeof buf)
        return kz_fail(err, err_n, KZ_EINVAL, "--moves is too long");
    strcpy(buf, moves);
    char *save = NULL;
    int ply = 0;
    for (char *word = strtok_r(buf, " ,", &save); word;
         word = strtok_r(NULL, " ,", &save)) {
        ply++;
        if (g->turn(v, state) == TURN_OVER)
            return kz_fail(err, err_n, KZ_EINVAL,
                           "move %d '%s': the game is already over", ply, word);
        move_t m;
        if (g->parse_move(v, state, word, &m, gerr) != 0)
            return kz_fail(err, err_n, KZ_EINVAL, "move %d: %s", ply, gerr);
        g->apply(v, state, m);
    }
    return KZ_OK;
}

int kz_cli_load(kz_state *s, const char *position, const char *moves, char *err,
                size_t err_n) {
    _Alignas(16) unsigned char work[GAME_MAX_STATE_BYTES];
    int status = load(s->game, position, moves, work, err, err_n);
    if (status) return status;
    memcpy(s->bytes, work, s->game->g->state_size);
    kz_state_changed(s);
    return KZ_OK;
}

int kz_cli_parse_position(kz_state *s, const char *text, char *err) {
    const struct game *g = s->game->g;
    _Alignas(16) unsigned char parsed[GAME_MAX_STATE_BYTES];
    char gerr[GAME_ERROR_BYTES] = "";
    memset(parsed, 0, sizeof parsed);
    if (g->parse_position(&s->game->v, text, parsed, gerr) != 0)
        return kz_fail(err, KZ_CLI_ERROR_BYTES, KZ_EINVAL, "%s", gerr);
    memcpy(s->bytes, parsed, g->state_size);
    kz_state_changed(s);
    return KZ_OK;
}

int kz_cli_output_check(const char *path, char *err) {
    if (output_file_check(path, err, KZ_CLI_ERROR_BYTES) != 0) return KZ_ERUNTIME;
    return KZ_OK;
}

int kz_cli_write_text(const char *path, const char *text, char *err) {
    if (output_file_write(path, text, strlen(text), err, KZ_CLI_ERROR_BYTES) != 0)
        return KZ_ERUNTIME;
    return KZ_OK;
}

_Static_assert((int)KZ_CLI_THREADS_MAX == (int)THREADS_MAX, "one thread limit");

int kz_cli_whole(const char *what, const char *text, long long low, long long high,
                 long long *out, char *err) {
    return number_whole(what, text, low, high, out, err, KZ_CLI_ERROR_BYTES) ? KZ_EINVAL
                                                                             : KZ_OK;
}

int kz_cli_unsigned(const char *what, const char *text, uint64_t *out, char *err) {
    return number_unsigned(what, text, out, err, KZ_CLI_ERROR_BYTES) ? KZ_EINVAL : KZ_OK;
}

int kz_cli_real(const char *what, const char *text, double low, double high, double *out,
                char *err) {
    return number_real(what, text, low, high, out, err, KZ_CLI_ERROR_BYTES) ? KZ_EINVAL
                                                                            : KZ_OK;
}

FILE *kz_cli_open_input(const char *what, const char *path, char *err) {
    return input_file_open(what, path, err, KZ_CLI_ERROR_BYTES);
}
