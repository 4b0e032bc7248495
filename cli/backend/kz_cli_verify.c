/* The body of `kibitz verify` (cli/backend/kz_cli.h): every tier of a solver
 * database (solve/solver_db.h), every block of a game's own database files
 * (the `verify_file` hook of solve/game_database.h: Kerx .keg and .kwdl
 * pair files) and the checksum of proof files (solve/proof_file.h) checked
 * now, and each damaged part reported. */
#include "engine/registry.h"
#include "cli/backend/kz_cli.h"
#include "lib/kz_internal.h"
#include "solve/game_database.h"
#include "solve/proof_file.h"
#include "solve/solver_db.h"
#include "json/kjson.h"

#include <dirent.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

enum { MAX_DEPTH = 4 }; /* folders below the one named (data/egdb-kerx-.../) */

struct verify_run {
    json_t *files;  /* one object per file checked */
    json_t *damage; /* the current file's list */
    long damaged;   /* parts damaged in all */
    long checked;   /* files checked */
};

static void note_damage(void *ctx, const char *what) {
    struct verify_run *run = ctx;
    json_array_append_new(run->damage, kjson_string_lossy(what));
}

static bool ends_with(const char *text, const char *end) {
    size_t n = strlen(text), m = strlen(end);
    return n >= m && strcmp(text + n - m, end) == 0;
}

/* The game whose own database files end in the name ending of `path`. */
static const struct game *own_kind(const char *path) {
    int count;
    const struct game *const *games = registry_games(&count);
    for (int i = 0; i < count; i++) {
        const struct game_database *d = games[i]->database;
        for (int k = 0; d && d->verify_file && d->file_suffixes && d->file_suffixes[k]; k++)
            if (ends_with(path, d->file_suffixes[k])) return games[i];
    }
    return NULL;
}

/* Does the file at `path` start with the `n` bytes of `magic`? */
static bool starts_with(const char *path, const char *magic, size_t n) {
    char head[16] = {0};
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    bool yes = fd >= 0 && n <= sizeof head && read(fd, head, n) == (ssize_t)n &&
               memcmp(head, magic, n) == 0;
    if (fd >= 0) close(fd);
    return yes;
}

static bool solver_kind(const char *path) {
    return ends_with(path, ".kdb") || starts_with(path, "KIBITZDB", 8);
}

/* A proof of `kibitz prove --proof` (solve/proof_file.h). */
static bool proof_kind(const char *path) {
    return ends_with(path, ".proof") || starts_with(path, "kibitz-proof ", 13);
}

/* Check one file; `named`: the user named it (so it must be a database). */
static void verify_file(struct verify_run *run, const char *path, bool named) {
    const struct game *own = solver_kind(path) ? NULL : own_kind(path);
    const bool proof = !own && !solver_kind(path) && proof_kind(path);
    if (!own && !proof && !named && !solver_kind(path)) return; /* some other file */
    json_t *file = json_object();
    run->damage = json_array();
    uint64_t parts = 0;
    long bad;
    if (proof) {
        json_object_set_new(file, "kind", json_string("proof file"));
        json_object_set_new(file, "parts", json_string("checksum"));
        char err[PROOF_ERROR_BYTES];
        parts = 1;
        bad = proof_verify_bytes(path, err) != 0;
        if (bad) note_damage(run, err);
    } else if (own) {
        json_object_set_new(file, "kind", json_sprintf("%s database file", own->name));
        bad = own->database->verify_file(path, &parts, note_damage, run);
        json_object_set_new(file, "parts", json_string("blocks"));
    } else if (solver_kind(path)) {
        json_object_set_new(file, "kind", json_string("solver database"));
        json_object_set_new(file, "parts", json_string("tiers"));
        struct solver_db *db;
        char err[GAME_ERROR_BYTES];
        if (solver_db_open_any(&db, path, err) != 0) {
            note_damage(run, err);
            bad = 1;
        } else {
            struct solver_db_info info;
            solver_db_info(db, &info);
            json_object_set_new(file, "game", json_string(info.game));
            json_object_set_new(file, "variant", kjson_string_lossy(info.variant));
            parts = info.tiers;
            bad = solver_db_check_tiers(db, note_damage, run);
            solver_db_close(db);
        }
    } else {
        json_object_set_new(file, "kind", json_null());
        json_object_set_new(file, "parts", json_null());
        note_damage(run, "not a kibitz database (no known header or name)");
        bad = 1;
    }
    json_object_set_new(file, "path", kjson_string_lossy(path));
    json_object_set_new(file, "checked", json_integer((json_int_t)parts));
    json_object_set_new(file, "damaged", run->damage);
    json_array_append_new(run->files, file);
    run->damaged += bad;
    run->checked++;
}

static int by_name(const void *a, const void *b) {
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Every database file under `folder`, in name order. */
static void verify_folder(struct verify_run *run, const char *folder, int depth) {
    DIR *dir = opendir(folder);
    if (!dir) return;
    char **names = NULL;
    size_t n = 0, room = 0;
    struct dirent *e;
    while ((e = readdir(dir))) {
        /* Temporaries of a running (or killed) writer are not databases. */
        if (e->d_name[0] == '.' || strstr(e->d_name, ".tmp.")) continue;
        if (n == room) {
            room = room ? 2 * room : 64;
            char **more = realloc(names, room * sizeof *names);
            if (!more) break;
            names = more;
        }
        if (!(names[n] = strdup(e->d_name))) break;
        n++;
    }
    closedir(dir);
    if (n) qsort(names, n, sizeof *names, by_name);
    for (size_t i = 0; i < n; i++) {
        size_t len = strlen(folder) + strlen(names[i]) + 2;
        char *path = malloc(len);
        struct stat st;
        if (path) {
            snprintf(path, len, "%s/%s", folder, names[i]);
            if (stat(path, &st) == 0 && S_ISDIR(st.st_mode) && depth < MAX_DEPTH)
                verify_folder(run, path, depth + 1);
            else if (stat(path, &st) == 0 && S_ISREG(st.st_mode))
                verify_file(run, path, false);
        }
        free(path);
        free(names[i]);
    }
    free(names);
}

static void print_text(const struct verify_run *run, FILE *out) {
    size_t i;
    json_t *file;
    json_array_foreach(run->files, i, file) {
        const char *game = json_string_value(json_object_get(file, "game")),
                   *variant = json_string_value(json_object_get(file, "variant")),
                   *kind = json_string_value(json_object_get(file, "kind")),
                   *parts = json_string_value(json_object_get(file, "parts"));
        json_t *damage = json_object_get(file, "damaged");
        fprintf(out, "%s: %s%s%s%s%s, %lld %s checked: %s\n",
                json_string_value(json_object_get(file, "path")),
                kind ? kind : "unknown file", game ? " of " : "", game ? game : "",
                variant ? " " : "", variant ? variant : "",
                (long long)json_integer_value(json_object_get(file, "checked")),
                parts ? parts : "parts", json_array_size(damage) ? "DAMAGED" : "ok");
        size_t k;
        json_t *what;
        json_array_foreach(damage, k, what)
            fprintf(out, "  %s\n", json_string_value(what));
    }
    fprintf(out, "%ld file%s, %ld damaged part%s\n", run->checked,
            run->checked == 1 ? "" : "s", run->damaged, run->damaged == 1 ? "" : "s");
}

int kz_cli_verify(const char *path, bool json, FILE *out, char *err) {
    struct stat st;
    if (stat(path, &st) != 0)
        return kz_fail(err, KZ_CLI_ERROR_BYTES, KZ_ERUNTIME, "cannot read %s", path);
    struct verify_run run = {.files = json_array()};
    if (S_ISDIR(st.st_mode)) {
        verify_folder(&run, path, 0);
    } else if (S_ISREG(st.st_mode)) {
        verify_file(&run, path, true);
    } else {
        json_decref(run.files);
        return kz_fail(err, KZ_CLI_ERROR_BYTES, KZ_ERUNTIME,
                       "cannot verify %s: not a file or a folder", path);
    }
    if (run.checked == 0) {
        json_decref(run.files);
        return kz_fail(err, KZ_CLI_ERROR_BYTES, KZ_ERUNTIME,
                       "no kibitz database in %s (.kdb files, a game's own, or proof "
                       "files)",
                       path);
    }
    if (json) {
        json_t *doc = kjson_document("verify");
        json_object_set_new(doc, "path", kjson_string_lossy(path));
        json_object_set_new(doc, "files", run.files);
        json_object_set_new(doc, "damaged", json_integer(run.damaged));
        kjson_print(doc, out);
    } else {
        print_text(&run, out);
        json_decref(run.files);
    }
    return run.damaged ? KZ_CLI_CHECK : KZ_OK;
}
