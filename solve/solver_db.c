#include "solve/solver_db.h"
#include "engine/output_file.h"
#include "engine/registry.h"
#include "engine/data_folder.h"
#include "engine/temp_files.h"
#include "engine/variant.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#include <xxhash.h>

enum { HEADER_BYTES = 512, ENDIAN_MARK = 0x01020304 };
static const char MAGIC[8] = {'K', 'I', 'B', 'I', 'T', 'Z', 'D', 'B'};

struct header {
    char magic[8];
    uint32_t version;
    uint32_t endian;
    char game[32];
    char variant[160];
    uint64_t tiers;
    uint64_t positions; /* cells in the data section */
    uint64_t won, lost, drawn, terminal, holes;
    uint64_t max_remoteness;
    uint64_t index_offset, data_offset, file_size;
    uint64_t payload_hash; /* version 1: XXH3-64 of bytes [HEADER_BYTES,
                              file_size); version 2: of the tier index */
    uint64_t header_hash;  /* XXH3-64 of the header with this field 0 */
    unsigned char pad[HEADER_BYTES - 16 - 32 - 160 - 13 * 8];
};
_Static_assert(sizeof(struct header) == HEADER_BYTES, "header is 512 bytes");

/* Version 1 files have no `hash` (24-byte entries); version 2 keeps each
 * tier's XXH3-64 here, checked when the tier is first read. */
struct index_entry {
    uint64_t tier, first, size, hash;
};
enum { INDEX_V1_BYTES = 24 };

struct solver_db_writer {
    struct output_file out; /* engine/output_file.h: checked, atomic */
    FILE *file;             /* out.file */
    const char *temp;       /* out.temp, for messages */
    struct header h;
    XXH3_state_t *hash;
    struct index_entry *index;
    uint64_t count, capacity, cells;
};

struct solver_db {
    const struct game *g;
    struct variant v; /* the variant queries use */
    const unsigned char *map;
    size_t bytes;
    const struct header *h;
    const retro_cell *cells;
    const unsigned char *index; /* entries of index_bytes each */
    size_t index_bytes;
    /* Version 2: per tier 0 not checked yet, 1 checked, 2 corrupt. Threads
     * may check a tier at the same time; they agree. */
    _Atomic unsigned char *checked;
    _Atomic int failed; /* a tier was corrupt: see solver_db_failed */
    char path[SOLVER_DB_PATH_BYTES];
};

static struct index_entry index_at(const struct solver_db *db, uint64_t i) {
    struct index_entry e = {0};
    memcpy(&e, db->index + i * db->index_bytes, db->index_bytes);
    return e;
}

/* ---- paths ---- */

/* The rule of --db (solver_db.h): a file when the path ends in ".kdb" or is
 * an existing file that is not a folder; otherwise a folder, existing or
 * not. A path that does not exist is thus never silently taken as a file
 * that the next solve of another variant would overwrite. */
static bool names_file(const char *path) {
    size_t n = strlen(path);
    if (n >= 4 && strcmp(path + n - 4, ".kdb") == 0) return true;
    struct stat st;
    return stat(path, &st) == 0 && !S_ISDIR(st.st_mode);
}

static void file_name(const struct game *g, const struct variant *v, char *buf,
                      size_t n) {
    char text[160];
    variant_format(g, v, text, sizeof text);
    for (char *c = text; *c; c++)
        if (!(*c == '=' || *c == ',' || *c == '.' || *c == '-' || *c == '_' ||
              (*c >= '0' && *c <= '9') || (*c >= 'a' && *c <= 'z') ||
              (*c >= 'A' && *c <= 'Z')))
            *c = '_';
    snprintf(buf, n, "%s-%s.kdb", g->name, text);
}

void solver_db_path(const struct game *g, const struct variant *v, const char *db_option,
                    char *path, size_t n) {
    /* An empty option names no folder: keep it empty, for the writer and the
     * reader to refuse, rather than "/<name>" at the root. */
    if (db_option && (!*db_option || names_file(db_option))) {
        snprintf(path, n, "%s", db_option);
        return;
    }
    char folder[SOLVER_DB_PATH_BYTES], name[256];
    file_name(g, v, name, sizeof name);
    /* No --db: the first data folder holding the file, else the user folder
     * (engine/data_folder.h). */
    if (db_option)
        snprintf(folder, sizeof folder, "%s", db_option);
    else
        data_folder_find(name, folder, sizeof folder);
    size_t len = strlen(folder);
    snprintf(path, n, "%s%s%s", folder, len && folder[len - 1] == '/' ? "" : "/", name);
}

/* ---- writing ---- */

int solver_db_make_folders(const char *path, char *err) {
    char buf[SOLVER_DB_PATH_BYTES];
    snprintf(buf, sizeof buf, "%s", path);
    for (char *p = buf + 1;; p++) {
        if (*p != '/' && *p != '\0') continue;
        char c = *p;
        *p = '\0';
        if (mkdir(buf, 0777) != 0 && errno != EEXIST) {
            snprintf(err, GAME_ERROR_BYTES, "cannot create folder %.90s: %s", buf,
                     strerror(errno));
            return -1;
        }
        if (!c) return 0;
        *p = c;
    }
}

static int make_parent(const char *path, char *err) {
    char folder[SOLVER_DB_PATH_BYTES];
    snprintf(folder, sizeof folder, "%s", path);
    char *slash = strrchr(folder, '/');
    if (!slash || slash == folder) return 0;
    *slash = '\0';
    return solver_db_make_folders(folder, err);
}

/* An existing file at `path` may be replaced only when it is a kibitz
 * database of game g (any variant, any format version): anything else needs
 * `replace_any` (--force). */
static int check_replaceable(const char *path, const struct game *g, bool replace_any,
                             char *err) {
    struct stat st;
    if (replace_any || stat(path, &st) != 0 || !S_ISREG(st.st_mode)) return 0;
    struct header h = {0};
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    ssize_t got = fd >= 0 ? read(fd, &h, sizeof h) : -1;
    if (fd >= 0) close(fd);
    bool database = got >= (ssize_t)offsetof(struct header, variant) &&
                    memcmp(h.magic, MAGIC, sizeof MAGIC) == 0;
    h.game[sizeof h.game - 1] = '\0';
    if (database && strcmp(h.game, g->name) == 0) return 0;
    if (database)
        snprintf(err, GAME_ERROR_BYTES,
                 "%.60s is a database of %.20s, not %.20s: give --force to replace it",
                 path, h.game, g->name);
    else
        snprintf(err, GAME_ERROR_BYTES,
                 "%.70s is not a kibitz database: give another --db, or --force to "
                 "replace it",
                 path);
    return -1;
}

int solver_db_create(struct solver_db_writer **out, const char *path,
                     const struct game *g, const struct variant *v, bool replace_any,
                     char *err) {
    *out = NULL;
    /* Check the destination now, before the caller spends its time solving:
     * the final rename must be able to succeed. */
    if (path[0] == '\0') {
        snprintf(err, GAME_ERROR_BYTES, "the database path is empty");
        return -1;
    }
    if (check_replaceable(path, g, replace_any, err) != 0) return -1;
    struct solver_db_writer *w = calloc(1, sizeof *w);
    if (!w || !(w->hash = XXH3_createState())) {
        free(w);
        snprintf(err, GAME_ERROR_BYTES, "out of memory");
        return -1;
    }
    if (make_parent(path, err) != 0 ||
        output_file_begin(&w->out, path, err, GAME_ERROR_BYTES) != 0) {
        XXH3_freeState(w->hash);
        free(w);
        return -1;
    }
    output_file_remove_stale(path); /* of killed solves */
    w->file = w->out.file;
    w->temp = w->out.temp;
    memcpy(w->h.magic, MAGIC, sizeof MAGIC);
    w->h.version = SOLVER_DB_VERSION;
    w->h.endian = ENDIAN_MARK;
    snprintf(w->h.game, sizeof w->h.game, "%s", g->name);
    variant_format(g, v, w->h.variant, sizeof w->h.variant);
    w->h.data_offset = HEADER_BYTES;
    XXH3_64bits_reset(w->hash);
    struct header blank = {0};
    if (fwrite(&blank, sizeof blank, 1, w->file) != 1) {
        snprintf(err, GAME_ERROR_BYTES, "cannot write %.100s: %s", w->temp,
                 strerror(errno));
        solver_db_abort(w);
        return -1;
    }
    *out = w;
    return 0;
}

static int write_hashed(struct solver_db_writer *w, const void *data, size_t n,
                        char *err) {
    if (n && fwrite(data, 1, n, w->file) != n) {
        snprintf(err, GAME_ERROR_BYTES, "cannot write %.100s: %s", w->temp,
                 strerror(errno));
        return -1;
    }
    XXH3_64bits_update(w->hash, data, n);
    return 0;
}

int solver_db_add_tier(struct solver_db_writer *w, tier_t tier, const retro_cell *cells,
                       uint64_t size, char *err) {
    if (w->count == w->capacity) {
        uint64_t cap = w->capacity ? 2 * w->capacity : 256;
        struct index_entry *index = realloc(w->index, cap * sizeof *index);
        if (!index) {
            snprintf(err, GAME_ERROR_BYTES, "out of memory");
            return -1;
        }
        w->index = index;
        w->capacity = cap;
    }
    w->index[w->count++] = (struct index_entry){tier, w->cells, size,
                                                XXH3_64bits(cells, size * sizeof *cells)};
    w->cells += size;
    if (size && fwrite(cells, sizeof *cells, size, w->file) != size) {
        snprintf(err, GAME_ERROR_BYTES, "cannot write %.100s: %s", w->temp,
                 strerror(errno));
        return -1;
    }
    return 0;
}

/* The index starts 8-byte aligned after the cells (zero padding between). */
static uint64_t index_offset(uint64_t cells) {
    return (HEADER_BYTES + cells * sizeof(retro_cell) + 7) / 8 * 8;
}

static int by_tier(const void *a, const void *b) {
    const struct index_entry *x = a, *y = b;
    return x->tier < y->tier ? -1 : x->tier > y->tier;
}

int solver_db_finish(struct solver_db_writer *w, const struct retro_counts *c,
                     char *err) {
    qsort(w->index, w->count, sizeof *w->index, by_tier);
    for (uint64_t i = 1; i < w->count; i++)
        if (w->index[i].tier == w->index[i - 1].tier) {
            snprintf(err, GAME_ERROR_BYTES, "tier %#llx stored twice",
                     (unsigned long long)w->index[i].tier);
            solver_db_abort(w);
            return -1;
        }
    struct header *h = &w->h;
    h->tiers = w->count;
    h->positions = w->cells;
    h->index_offset = index_offset(w->cells);
    static const unsigned char zeros[8];
    size_t padding = h->index_offset - HEADER_BYTES - w->cells * sizeof(retro_cell);
    if (padding && fwrite(zeros, 1, padding, w->file) != padding) {
        snprintf(err, GAME_ERROR_BYTES, "cannot write %.100s: %s", w->temp,
                 strerror(errno));
        solver_db_abort(w);
        return -1;
    }
    h->file_size = h->index_offset + w->count * sizeof *w->index;
    if (c) {
        h->won = c->won;
        h->lost = c->lost;
        h->drawn = c->drawn;
        h->terminal = c->terminal;
        h->holes = c->holes;
        h->max_remoteness = (uint64_t)c->max_remoteness;
    }
    if (write_hashed(w, w->index, w->count * sizeof *w->index, err) != 0) {
        solver_db_abort(w);
        return -1;
    }
    h->payload_hash = XXH3_64bits_digest(w->hash);
    h->header_hash = 0;
    h->header_hash = XXH3_64bits(h, sizeof *h);
    int fd = fileno(w->file);
    if (fflush(w->file) != 0 || pwrite(fd, h, sizeof *h, 0) != (ssize_t)sizeof *h) {
        snprintf(err, GAME_ERROR_BYTES, "cannot write %.100s: %s", w->temp,
                 strerror(errno));
        solver_db_abort(w);
        return -1;
    }
    if (output_file_commit(&w->out, err, GAME_ERROR_BYTES) != 0) {
        solver_db_abort(w);
        return -1;
    }
    XXH3_freeState(w->hash);
    free(w->index);
    free(w);
    return 0;
}

void solver_db_abort(struct solver_db_writer *w) {
    if (!w) return;
    output_file_abort(&w->out);
    XXH3_freeState(w->hash);
    free(w->index);
    free(w);
}

int solver_db_reseal(void *file, size_t bytes) {
    if (bytes < HEADER_BYTES) return -1;
    struct header h;
    memcpy(&h, file, sizeof h);
    unsigned char *data = file;
    if (h.version == 1) {
        h.payload_hash = XXH3_64bits(data + HEADER_BYTES, bytes - HEADER_BYTES);
    } else {
        /* Version 2: each tier's checksum, where the entry lies inside the
         * file (garbage elsewhere is left for the open to refuse), then the
         * index's. */
        uint64_t at = h.index_offset, tiers = h.tiers;
        if (at > bytes) at = bytes;
        if (tiers > (bytes - at) / sizeof(struct index_entry))
            tiers = (bytes - at) / sizeof(struct index_entry);
        for (uint64_t i = 0; i < tiers; i++) {
            struct index_entry e;
            memcpy(&e, data + at + i * sizeof e, sizeof e);
            uint64_t cells = (bytes - HEADER_BYTES) / sizeof(retro_cell);
            if (e.first > cells || e.size > cells - e.first) continue;
            e.hash = XXH3_64bits(data + HEADER_BYTES + e.first * sizeof(retro_cell),
                                 e.size * sizeof(retro_cell));
            memcpy(data + at + i * sizeof e, &e, sizeof e);
        }
        h.payload_hash = XXH3_64bits(data + at, tiers * sizeof(struct index_entry));
    }
    h.header_hash = 0;
    h.header_hash = XXH3_64bits(&h, sizeof h);
    memcpy(file, &h, sizeof h);
    return 0;
}

/* ---- reading ---- */

/* Does the file's variant `text` answer queries for `v`? */
static bool variant_covers(const struct game *g, const char *text,
                           const struct variant *v) {
    char want[160];
    variant_format(g, v, want, sizeof want);
    if (strcmp(text, want) == 0) return true;
    if (!g->solved_variants) return false;
    struct variant solved;
    char err[GAME_ERROR_BYTES];
    variant_init(g, &solved);
    if (variant_parse(g, &solved, text, err) != 0) return false;
    enum { MAX_SOLVED = 1024 };
    struct variant *list = malloc(MAX_SOLVED * sizeof *list);
    if (!list) return false;
    int n = g->solved_variants(&solved, list, MAX_SOLVED);
    bool found = false;
    for (int i = 0; i < n && !found; i++) {
        char have[160];
        variant_format(g, &list[i], have, sizeof have);
        found = strcmp(have, want) == 0;
    }
    free(list);
    return found;
}

static int refuse(char *err, const char *path, const char *what) {
    snprintf(err, GAME_ERROR_BYTES, "database %.60s: %.85s", path, what);
    return -1;
}

/* What is wrong with the header itself (before its fields are trusted), or
 * 0 with nothing said. */
static int header_problem(const struct header *h, size_t bytes, const char *path,
                          char *err) {
    char what[GAME_ERROR_BYTES];
    if (bytes < HEADER_BYTES) {
        snprintf(what, sizeof what, "truncated (%zu bytes, shorter than the header)",
                 bytes);
        return refuse(err, path, what);
    }
    if (memcmp(h->magic, MAGIC, sizeof MAGIC) != 0)
        return refuse(err, path, "not a kibitz solver database (bad magic)");
    if (h->endian != ENDIAN_MARK)
        return refuse(err, path, "written on a machine of the other byte order");
    if (h->version != 1 && h->version != SOLVER_DB_VERSION) {
        snprintf(what, sizeof what, "format version %u, this kibitz reads versions 1-%d",
                 h->version, SOLVER_DB_VERSION);
        return refuse(err, path, what);
    }
    struct header copy = *h;
    copy.header_hash = 0;
    if (XXH3_64bits(&copy, sizeof copy) != h->header_hash)
        return refuse(err, path, "corrupt header (checksum mismatch)");
    if (h->game[sizeof h->game - 1] || h->variant[sizeof h->variant - 1])
        return refuse(err, path, "corrupt header (unterminated text)");
    return 0;
}

static int check_file(const struct solver_db *db, const char *path, char *err) {
    const struct header *h = db->h;
    char what[GAME_ERROR_BYTES];
    if (header_problem(h, db->bytes, path, err) != 0) return -1;
    if (db->bytes < h->file_size) {
        snprintf(what, sizeof what, "truncated (%zu bytes of %llu)", db->bytes,
                 (unsigned long long)h->file_size);
        return refuse(err, path, what);
    }
    if (db->bytes > h->file_size)
        return refuse(err, path, "longer than its header says (trailing bytes)");
    if (strcmp(h->game, db->g->name) != 0) {
        snprintf(what, sizeof what, "holds game '%.31s', not '%.31s'", h->game,
                 db->g->name);
        return refuse(err, path, what);
    }
    if (!variant_covers(db->g, h->variant, &db->v)) {
        char want[160];
        variant_format(db->g, &db->v, want, sizeof want);
        snprintf(what, sizeof what,
                 "holds variant '%.50s', which does not answer '%.50s'", h->variant,
                 want);
        return refuse(err, path, what);
    }
    /* Counts first, against the file's length, so that no sum or product
     * below can wrap around. */
    if (h->data_offset != HEADER_BYTES ||
        h->positions > (db->bytes - HEADER_BYTES) / sizeof(retro_cell) ||
        h->tiers > db->bytes / db->index_bytes ||
        h->index_offset != index_offset(h->positions) ||
        h->file_size != h->index_offset + h->tiers * db->index_bytes)
        return refuse(err, path, "corrupt header (inconsistent sizes)");
    /* The zero padding before the index is under no checksum: check it. */
    for (size_t k = HEADER_BYTES + h->positions * sizeof(retro_cell); k < h->index_offset;
         k++)
        if (db->map[k]) return refuse(err, path, "corrupt padding before the index");
    /* Version 1 has one checksum for everything: read it all now. Version 2
     * checks the index here and each tier when it is first read. */
    if (h->version == 1
            ? XXH3_64bits(db->map + HEADER_BYTES, db->bytes - HEADER_BYTES) !=
                  h->payload_hash
            : XXH3_64bits(db->index, h->tiers * db->index_bytes) != h->payload_hash)
        return refuse(err, path, "corrupt data (checksum mismatch)");
    /* The checksums only catch accidents: anyone can recompute them. What
     * follows makes sure that no stored byte can send a query outside the
     * file or make it answer with a value the solver never writes. */
    for (uint64_t i = 0; i < h->tiers; i++) {
        struct index_entry e = index_at(db, i);
        if (e.first > h->positions || e.size > h->positions - e.first ||
            (i && e.tier <= index_at(db, i - 1).tier))
            return refuse(err, path, "corrupt tier index");
    }
    /* Version 2 checks each tier's cells when it is first read. */
    for (uint64_t i = 0; h->version == 1 && i < h->positions; i++) {
        retro_cell c = db->cells[i];
        if (c == RETRO_UNKNOWN ||
            (retro_is_value(c) && c > retro_loss(RETRO_MAX_REMOTENESS))) {
            snprintf(what, sizeof what,
                     "corrupt data (cell %llu holds %#x, never stored)",
                     (unsigned long long)i, (unsigned)c);
            return refuse(err, path, what);
        }
    }
    return 0;
}

int solver_db_open(struct solver_db **out, const char *path, const struct game *g,
                   const struct variant *v, char *err) {
    *out = NULL;
    /* O_NONBLOCK: a FIFO in the database's place must not hang the open; it
     * is refused below as not a regular file. */
    int fd = open(path, O_RDONLY | O_NONBLOCK);
    if (fd < 0) {
        snprintf(err, GAME_ERROR_BYTES, "cannot open database %.80s: %s", path,
                 strerror(errno));
        return -1;
    }
    struct stat st;
    struct solver_db *db = calloc(1, sizeof *db);
    if (!db || fstat(fd, &st) != 0) {
        close(fd);
        free(db);
        snprintf(err, GAME_ERROR_BYTES, "cannot read database %.80s", path);
        return -1;
    }
    if (!S_ISREG(st.st_mode)) {
        close(fd);
        free(db);
        snprintf(err, GAME_ERROR_BYTES, "database %.80s is not a regular file", path);
        return -1;
    }
    db->g = g;
    db->v = *v;
    db->bytes = (size_t)st.st_size;
    static const struct header empty;
    if (db->bytes >= HEADER_BYTES) {
        void *map = mmap(NULL, db->bytes, PROT_READ, MAP_SHARED, fd, 0);
        if (map == MAP_FAILED) {
            close(fd);
            free(db);
            snprintf(err, GAME_ERROR_BYTES, "cannot map database %.80s: %s", path,
                     strerror(errno));
            return -1;
        }
        db->map = map;
        db->h = map;
        db->cells = (const retro_cell *)(db->map + HEADER_BYTES);
        db->index_bytes =
            db->h->version == 1 ? INDEX_V1_BYTES : sizeof(struct index_entry);
        if (db->h->index_offset <= db->bytes) db->index = db->map + db->h->index_offset;
        /* A query reads a few tiers of a large file: say so to the kernel. */
        posix_madvise(map, db->bytes, POSIX_MADV_RANDOM);
    } else {
        db->h = &empty;
    }
    close(fd);
    snprintf(db->path, sizeof db->path, "%s", path);
    if (check_file(db, path, err) != 0) {
        solver_db_close(db);
        return -1;
    }
    if (db->h->version >= 2 && db->h->tiers &&
        !(db->checked = calloc(db->h->tiers, sizeof *db->checked))) {
        solver_db_close(db);
        snprintf(err, GAME_ERROR_BYTES, "out of memory");
        return -1;
    }
    *out = db;
    return 0;
}

void solver_db_close(struct solver_db *db) {
    if (!db) return;
    if (db->map) munmap((void *)db->map, db->bytes);
    free((void *)db->checked);
    free(db);
}

/* Only values the solver writes (or holes and terminal markers): a cell
 * beyond them, in a file whose checksums were recomputed, is refused too. */
static bool cells_plausible(const retro_cell *cells, uint64_t n) {
    for (uint64_t k = 0; k < n; k++)
        if (cells[k] == RETRO_UNKNOWN ||
            (retro_is_value(cells[k]) && cells[k] > retro_loss(RETRO_MAX_REMOTENESS)))
            return false;
    return true;
}

/* Check tier i's checksum and cells the first time it is read (version 2). */
static bool tier_intact(const struct solver_db *db, uint64_t i) {
    if (!db->checked) return true;
    unsigned char state = atomic_load(&db->checked[i]);
    if (state == 0) {
        struct index_entry e = index_at(db, i);
        bool good =
            XXH3_64bits(db->cells + e.first, e.size * sizeof(retro_cell)) == e.hash &&
            cells_plausible(db->cells + e.first, e.size);
        state = good ? 1 : 2;
        atomic_store(&db->checked[i], state);
    }
    if (state == 2) atomic_store((_Atomic int *)&db->failed, 1);
    return state == 1;
}

int solver_db_failed(const struct solver_db *db, char *err) {
    if (!atomic_load(&db->failed)) return 0;
    refuse(err, db->path, "corrupt data in a tier (checksum mismatch)");
    return -1;
}

int solver_db_verify(const struct solver_db *db, char *err) {
    for (uint64_t i = 0; i < db->h->tiers; i++) tier_intact(db, i);
    return solver_db_failed(db, err);
}

long solver_db_check_tiers(const struct solver_db *db, solver_db_damage_fn damaged,
                           void *ctx) {
    long bad = 0;
    uint64_t covered = 0;
    char what[GAME_ERROR_BYTES];
    for (uint64_t i = 0; i < db->h->tiers; i++) {
        struct index_entry e = index_at(db, i);
        covered += e.size;
        if (db->h->version == 1) continue; /* checked whole at open */
        if (!tier_intact(db, i)) {
            snprintf(what, sizeof what, "tier %#llx (%llu cells at byte %llu): corrupt",
                     (unsigned long long)e.tier, (unsigned long long)e.size,
                     (unsigned long long)(HEADER_BYTES + e.first * sizeof(retro_cell)));
            damaged(ctx, what);
            bad++;
        }
    }
    /* Every cell belongs to a tier, or a damaged cell could hide outside. */
    if (covered != db->h->positions) {
        snprintf(what, sizeof what, "the tier index covers %llu of %llu cells",
                 (unsigned long long)covered, (unsigned long long)db->h->positions);
        damaged(ctx, what);
        bad++;
    }
    return bad;
}

int solver_db_open_any(struct solver_db **out, const char *path, char *err) {
    *out = NULL;
    struct header h;
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0) {
        snprintf(err, GAME_ERROR_BYTES, "cannot open database %.80s: %s", path,
                 strerror(errno));
        return -1;
    }
    struct stat st;
    ssize_t got =
        fstat(fd, &st) == 0 && S_ISREG(st.st_mode) ? pread(fd, &h, sizeof h, 0) : -1;
    close(fd);
    if (got < 0) return refuse(err, path, "not a regular file");
    if (header_problem(&h, (size_t)got, path, err) != 0) return -1;
    char gerr[GAME_ERROR_BYTES];
    const struct game *g = registry_find(h.game, gerr);
    struct variant v;
    if (!g) return refuse(err, path, "holds a game this kibitz does not know");
    variant_init(g, &v);
    if (variant_parse(g, &v, h.variant, gerr) != 0 || variant_finish(g, &v, gerr) != 0)
        return refuse(err, path, "holds a variant this kibitz does not know");
    return solver_db_open(out, path, g, &v, err);
}

/* Any database of this game in `folder` that answers v (e.g. a larger
 * target): 0 with it, else -1. */
static int find_in_folder(struct solver_db **out, const struct game *g,
                          const struct variant *v, const char *folder, char *path,
                          size_t n) {
    char prefix[64];
    snprintf(prefix, sizeof prefix, "%s-", g->name);
    DIR *dir = opendir(folder);
    if (!dir) return -1;
    struct dirent *e;
    while ((e = readdir(dir))) {
        size_t len = strlen(e->d_name);
        if (strncmp(e->d_name, prefix, strlen(prefix)) != 0 || len < 4 ||
            strcmp(e->d_name + len - 4, ".kdb") != 0)
            continue;
        char candidate[SOLVER_DB_PATH_BYTES + 256], ignored[GAME_ERROR_BYTES];
        snprintf(candidate, sizeof candidate, "%.4000s/%.255s", folder, e->d_name);
        if (solver_db_open(out, candidate, g, v, ignored) == 0) {
            snprintf(path, n, "%s", candidate);
            closedir(dir);
            return 0;
        }
    }
    closedir(dir);
    return -1;
}

int solver_db_find(struct solver_db **out, const struct game *g, const struct variant *v,
                   const char *db_option, char *path, size_t n, char *err) {
    solver_db_path(g, v, db_option, path, n);
    if (db_option && names_file(db_option)) return solver_db_open(out, path, g, v, err);
    if (access(path, F_OK) == 0) return solver_db_open(out, path, g, v, err);
    /* No exact file: a larger one in --db, else in each data folder. */
    char folders[DATA_FOLDER_MAX][4096], text[160];
    int count = 1;
    if (db_option)
        snprintf(folders[0], sizeof folders[0], "%s", db_option);
    else
        count = data_folder_candidates(folders, sizeof folders[0]);
    for (int i = 0; i < count; i++)
        if (find_in_folder(out, g, v, folders[i], path, n) == 0) return 0;
    variant_format(g, v, text, sizeof text);
    snprintf(err, GAME_ERROR_BYTES, "no database for %.12s %.50s in %.60s%s", g->name,
             text, folders[0], count > 1 ? " (nor ./data)" : "");
    return -1;
}

const retro_cell *solver_db_tier(const struct solver_db *db, tier_t tier,
                                 uint64_t *size) {
    uint64_t lo = 0, hi = db->h->tiers;
    while (lo < hi) {
        uint64_t mid = lo + (hi - lo) / 2;
        if (index_at(db, mid).tier < tier)
            lo = mid + 1;
        else
            hi = mid;
    }
    if (lo == db->h->tiers) return NULL;
    struct index_entry e = index_at(db, lo);
    if (e.tier != tier || !tier_intact(db, lo)) return NULL;
    if (size) *size = e.size;
    return db->cells + e.first;
}

retro_cell solver_db_probe(const struct solver_db *db, const void *state) {
    const struct game *g = db->g;
    if (g->turn(&db->v, state) == TURN_OVER) return RETRO_TERMINAL;
    _Alignas(8) unsigned char s[GAME_MAX_STATE_BYTES];
    memcpy(s, state, g->state_size);
    if (g->canonicalize) g->canonicalize(&db->v, s);
    uint64_t size;
    const retro_cell *cells = solver_db_tier(db, g->tier_of(&db->v, s), &size);
    if (!cells) return RETRO_HOLE;
    uint64_t r = g->rank(&db->v, s);
    return r < size ? cells[r] : RETRO_HOLE;
}

void solver_db_view(const struct solver_db *db, const struct game **g,
                    const struct variant **v) {
    *g = db->g;
    *v = &db->v;
}

retro_cell solver_db_lookup(void *db, const void *state) {
    return solver_db_probe(db, state);
}

void solver_db_info(const struct solver_db *db, struct solver_db_info *info) {
    memset(info, 0, sizeof *info);
    memcpy(info->game, db->h->game, sizeof info->game);
    memcpy(info->variant, db->h->variant, sizeof info->variant);
    info->tiers = db->h->tiers;
    info->positions = db->h->positions;
    info->counts.won = db->h->won;
    info->counts.lost = db->h->lost;
    info->counts.drawn = db->h->drawn;
    info->counts.terminal = db->h->terminal;
    info->counts.holes = db->h->holes;
    info->counts.positions = db->h->positions - db->h->holes;
    info->counts.max_remoteness = (int)db->h->max_remoteness;
}
