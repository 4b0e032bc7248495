/* The persistent store of settled facts (fact_store.h): logs in a folder,
 * an open-addressing table of the facts in memory. */
#include "solve/fact_store.h"
#include "engine/variant.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>
#include <xxhash.h>

static const char MAGIC[8] = {'K', 'Z', 'F', 'A', 'C', 'T', 'S', '1'};
enum { MAX_LOGS = 256, WRITE_BUFFER = 1 << 16 };

/* A record: lo, hi (as bytes + 1: 0..2), two zero bytes, 4 reserved zero
 * bytes, the nodes (8 bytes, little-endian as the host), the key, and an
 * XXH32 of all that. */
enum { RECORD_HEAD = 16 };

struct log {
    char path[480];
    int fd;
    off_t read_to; /* bytes read and found whole */
};

struct fact_store {
    char dir[400];
    size_t key_size, record_size;
    uint64_t tag_hash;
    struct log logs[MAX_LOGS];
    int log_count;
    int own; /* index of the log written to, -1: read-only */
    /* The table: key_size bytes of key, then lo, hi, per slot; used[] marks. */
    unsigned char *keys;
    int8_t *bounds; /* 2 per slot */
    bool *used;
    uint64_t slots, count, torn;
    unsigned char *pending; /* records not yet written */
    size_t pending_bytes;
};

static size_t record_size(size_t key_size) {
    return (RECORD_HEAD + key_size + 4 + 3) & ~(size_t)3;
}

static void header_of(uint64_t tag_hash, size_t key_size, unsigned char *h) {
    memset(h, 0, FACT_STORE_HEADER_BYTES);
    memcpy(h, MAGIC, 8);
    uint32_t version = 1, ks = (uint32_t)key_size;
    memcpy(h + 8, &version, 4);
    memcpy(h + 12, &ks, 4);
    memcpy(h + 16, &tag_hash, 8);
    uint32_t sum = XXH32(h, 28, 0);
    memcpy(h + 28, &sum, 4);
}

static void put_header(const struct fact_store *s, unsigned char *h) {
    header_of(s->tag_hash, s->key_size, h);
}

void fact_store_header(const char *tag, size_t key_size,
                       unsigned char out[FACT_STORE_HEADER_BYTES]) {
    header_of(XXH3_64bits(tag, strlen(tag)), key_size, out);
}

size_t fact_store_record_bytes(size_t key_size) {
    return record_size(key_size);
}

void fact_store_seal_record(unsigned char *r, size_t key_size) {
    uint32_t sum = XXH32(r, RECORD_HEAD + key_size, 0);
    memcpy(r + RECORD_HEAD + key_size, &sum, 4);
}

/* The slot of `key`, or of the empty slot where it would go. */
static uint64_t slot_of(const struct fact_store *s, const void *key) {
    uint64_t i = XXH3_64bits(key, s->key_size) & (s->slots - 1);
    while (s->used[i] && memcmp(s->keys + i * s->key_size, key, s->key_size) != 0)
        i = (i + 1) & (s->slots - 1);
    return i;
}

static int grow(struct fact_store *s) {
    uint64_t old_slots = s->slots;
    unsigned char *old_keys = s->keys;
    int8_t *old_bounds = s->bounds;
    bool *old_used = s->used;
    s->slots = old_slots ? 2 * old_slots : 1024;
    s->keys = calloc(s->slots, s->key_size);
    s->bounds = calloc(s->slots, 2);
    s->used = calloc(s->slots, sizeof *s->used);
    if (!s->keys || !s->bounds || !s->used) {
        free(s->keys);
        free(s->bounds);
        free(s->used);
        s->keys = old_keys;
        s->bounds = old_bounds;
        s->used = old_used;
        s->slots = old_slots;
        return -1;
    }
    for (uint64_t i = 0; i < old_slots; i++) {
        if (!old_used[i]) continue;
        uint64_t j = slot_of(s, old_keys + i * s->key_size);
        s->used[j] = true;
        memcpy(s->keys + j * s->key_size, old_keys + i * s->key_size, s->key_size);
        s->bounds[2 * j] = old_bounds[2 * i];
        s->bounds[2 * j + 1] = old_bounds[2 * i + 1];
    }
    free(old_keys);
    free(old_bounds);
    free(old_used);
    return 0;
}

/* Intersect the bounds of `key` with [lo, hi] in memory: 1 tightened, 0 not,
 * -1 contradiction or no memory. */
static int merge(struct fact_store *s, const void *key, int lo, int hi, char *err) {
    if (2 * (s->count + 1) > s->slots && grow(s) != 0) {
        snprintf(err, FACT_STORE_ERROR_BYTES, "out of memory for the fact store");
        return -1;
    }
    uint64_t i = slot_of(s, key);
    int old_lo = -1, old_hi = 1;
    if (s->used[i]) {
        old_lo = s->bounds[2 * i];
        old_hi = s->bounds[2 * i + 1];
    }
    int new_lo = lo > old_lo ? lo : old_lo, new_hi = hi < old_hi ? hi : old_hi;
    if (new_lo > new_hi) {
        snprintf(err, FACT_STORE_ERROR_BYTES,
                 "contradicting facts: value in [%d, %d] and in [%d, %d] (an unsound "
                 "proof, or logs of different rules)",
                 old_lo, old_hi, lo, hi);
        return -1;
    }
    if (new_lo == old_lo && new_hi == old_hi && s->used[i]) return 0;
    if (!s->used[i]) {
        s->used[i] = true;
        memcpy(s->keys + i * s->key_size, key, s->key_size);
        s->count++;
    }
    s->bounds[2 * i] = (int8_t)new_lo;
    s->bounds[2 * i + 1] = (int8_t)new_hi;
    return new_lo != old_lo || new_hi != old_hi;
}

/* A whole record at `r`: true with its key, lo, hi. */
static bool record_ok(const struct fact_store *s, const unsigned char *r, int *lo,
                      int *hi) {
    uint32_t sum;
    size_t body = RECORD_HEAD + s->key_size;
    memcpy(&sum, r + body, 4);
    if (sum != XXH32(r, body, 0)) return false;
    *lo = (int)r[0] - 1;
    *hi = (int)r[1] - 1;
    return *lo >= -1 && *hi <= 1 && *lo <= *hi && r[2] == 0 && r[3] == 0;
}

/* Read log `l` from where it was read to. Torn or damaged records end it. */
static int read_log(struct fact_store *s, struct log *l, char *err) {
    struct stat st;
    if (fstat(l->fd, &st) != 0) {
        snprintf(err, FACT_STORE_ERROR_BYTES, "%s: %s", l->path, strerror(errno));
        return -1;
    }
    if (l->read_to == 0) {
        unsigned char h[FACT_STORE_HEADER_BYTES], want[FACT_STORE_HEADER_BYTES];
        if (st.st_size == 0) return 0; /* a writer is just starting it */
        if (st.st_size < FACT_STORE_HEADER_BYTES ||
            pread(l->fd, h, sizeof h, 0) != (ssize_t)sizeof h || memcmp(h, MAGIC, 8)) {
            snprintf(err, FACT_STORE_ERROR_BYTES, "%s is not a fact store log", l->path);
            return -1;
        }
        put_header(s, want);
        if (memcmp(h, want, sizeof h) != 0) {
            snprintf(err, FACT_STORE_ERROR_BYTES,
                     "%s holds facts of another game, variant or key size (or its "
                     "header is damaged)",
                     l->path);
            return -1;
        }
        l->read_to = FACT_STORE_HEADER_BYTES;
    }
    size_t rs = s->record_size;
    unsigned char *buf = malloc(rs * 4096);
    if (!buf) {
        snprintf(err, FACT_STORE_ERROR_BYTES, "out of memory reading %s", l->path);
        return -1;
    }
    int status = 0;
    while (l->read_to + (off_t)rs <= st.st_size) {
        size_t want = (size_t)(st.st_size - l->read_to) / rs;
        if (want > 4096) want = 4096;
        ssize_t got = pread(l->fd, buf, want * rs, l->read_to);
        if (got < (ssize_t)rs) break;
        size_t n = (size_t)got / rs, k = 0;
        for (; k < n; k++) {
            int lo, hi;
            if (!record_ok(s, buf + k * rs, &lo, &hi)) break;
            if (merge(s, buf + k * rs + RECORD_HEAD, lo, hi, err) < 0) {
                char why[FACT_STORE_ERROR_BYTES];
                snprintf(why, sizeof why, "%s: %s", l->path, err);
                memcpy(err, why, sizeof why);
                status = -1;
                break;
            }
            l->read_to += (off_t)rs;
        }
        if (status || k < n) break;
    }
    free(buf);
    return status;
}

static int add_log(struct fact_store *s, const char *name, char *err) {
    if (s->log_count == MAX_LOGS) {
        snprintf(err, FACT_STORE_ERROR_BYTES, "%s: more than %d logs", s->dir, MAX_LOGS);
        return -1;
    }
    struct log *l = &s->logs[s->log_count];
    char path[sizeof l->path];
    snprintf(path, sizeof path, "%s/%s", s->dir, name);
    memcpy(l->path, path, sizeof path);
    l->fd = open(l->path, O_RDONLY | O_CLOEXEC);
    if (l->fd < 0) {
        snprintf(err, FACT_STORE_ERROR_BYTES, "%s: %s", l->path, strerror(errno));
        return -1;
    }
    l->read_to = 0;
    s->log_count++;
    return 0;
}

static bool known_log(const struct fact_store *s, const char *name) {
    for (int i = 0; i < s->log_count; i++) {
        const char *base = strrchr(s->logs[i].path, '/');
        if (strcmp(base + 1, name) == 0) return true;
    }
    return false;
}

static bool is_log_name(const char *name) {
    size_t n = strlen(name);
    return strncmp(name, "facts-", 6) == 0 && n > 10 && strcmp(name + n - 4, ".log") == 0;
}

int fact_store_reload(struct fact_store *s, char *err) {
    DIR *d = opendir(s->dir);
    if (!d) {
        snprintf(err, FACT_STORE_ERROR_BYTES, "%s: %s", s->dir, strerror(errno));
        return -1;
    }
    struct dirent *e;
    int status = 0;
    while (!status && (e = readdir(d)))
        if (is_log_name(e->d_name) && !known_log(s, e->d_name))
            status = add_log(s, e->d_name, err);
    closedir(d);
    for (int i = 0; i < s->log_count && !status; i++)
        if (i != s->own) status = read_log(s, &s->logs[i], err);
    return status;
}

/* Take the first log no other writer holds: read it, cut a torn tail, and
 * write its header when new. */
static int take_log(struct fact_store *s, char *err) {
    for (int n = 0; n < MAX_LOGS; n++) {
        char name[64], path[sizeof s->logs[0].path];
        snprintf(name, sizeof name, "facts-%d.log", n);
        snprintf(path, sizeof path, "%s/%s", s->dir, name);
        int fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0644);
        if (fd < 0) {
            snprintf(err, FACT_STORE_ERROR_BYTES, "%s: %s", path, strerror(errno));
            return -1;
        }
        if (flock(fd, LOCK_EX | LOCK_NB) != 0) {
            close(fd);
            continue;
        }
        int i = -1;
        for (int k = 0; k < s->log_count; k++)
            if (strcmp(s->logs[k].path, path) == 0) i = k;
        if (i < 0) {
            if (s->log_count == MAX_LOGS) {
                close(fd);
                snprintf(err, FACT_STORE_ERROR_BYTES, "%s: too many logs", s->dir);
                return -1;
            }
            i = s->log_count++;
            memcpy(s->logs[i].path, path, sizeof path);
            s->logs[i].read_to = 0;
        } else {
            close(s->logs[i].fd);
        }
        s->logs[i].fd = fd;
        s->own = i;
        struct log *l = &s->logs[i];
        if (read_log(s, l, err) != 0) return -1;
        if (l->read_to == 0) { /* new (or empty): its header */
            unsigned char h[FACT_STORE_HEADER_BYTES];
            put_header(s, h);
            if (ftruncate(fd, 0) != 0 ||
                pwrite(fd, h, sizeof h, 0) != (ssize_t)sizeof h) {
                snprintf(err, FACT_STORE_ERROR_BYTES, "%s: %s", path, strerror(errno));
                return -1;
            }
            l->read_to = sizeof h;
        } else {
            struct stat st;
            if (fstat(fd, &st) == 0 && st.st_size > l->read_to)
                s->torn = (uint64_t)(st.st_size - l->read_to); /* bytes cut off */
            if (ftruncate(fd, l->read_to) != 0) {              /* the torn tail goes */
                snprintf(err, FACT_STORE_ERROR_BYTES, "%s: %s", path, strerror(errno));
                return -1;
            }
        }
        return 0;
    }
    snprintf(err, FACT_STORE_ERROR_BYTES, "%s: every log is held by another writer",
             s->dir);
    return -1;
}

int fact_store_open(const char *dir, const char *tag, size_t key_size, bool writable,
                    struct fact_store **out, char *err) {
    *out = NULL;
    if (strlen(dir) >= sizeof((struct fact_store *)0)->dir) {
        snprintf(err, FACT_STORE_ERROR_BYTES, "store path too long");
        return -1;
    }
    if (mkdir(dir, 0777) != 0 && errno != EEXIST) {
        snprintf(err, FACT_STORE_ERROR_BYTES, "cannot make the store folder %s: %s", dir,
                 strerror(errno));
        return -1;
    }
    struct stat st;
    if (stat(dir, &st) != 0 || !S_ISDIR(st.st_mode)) {
        snprintf(err, FACT_STORE_ERROR_BYTES, "the store %s is not a folder", dir);
        return -1;
    }
    struct fact_store *s = calloc(1, sizeof *s);
    if (!s) {
        snprintf(err, FACT_STORE_ERROR_BYTES, "out of memory for the fact store");
        return -1;
    }
    snprintf(s->dir, sizeof s->dir, "%s", dir);
    s->key_size = key_size;
    s->record_size = record_size(key_size);
    s->tag_hash = XXH3_64bits(tag, strlen(tag));
    s->own = -1;
    s->pending = malloc(WRITE_BUFFER + s->record_size);
    if (!s->pending || grow(s) != 0 || (writable && take_log(s, err) != 0) ||
        fact_store_reload(s, err) != 0) {
        if (!s->pending) snprintf(err, FACT_STORE_ERROR_BYTES, "out of memory");
        fact_store_close(s);
        return -1;
    }
    *out = s;
    return 0;
}

bool fact_store_get(const struct fact_store *s, const void *key, int *lo, int *hi) {
    *lo = -1;
    *hi = 1;
    if (!s || !s->count) return false;
    uint64_t i = slot_of(s, key);
    if (!s->used[i]) return false;
    *lo = s->bounds[2 * i];
    *hi = s->bounds[2 * i + 1];
    return true;
}

static int flush(struct fact_store *s, char *err) {
    if (!s->pending_bytes || s->own < 0) return 0;
    struct log *l = &s->logs[s->own];
    ssize_t w = pwrite(l->fd, s->pending, s->pending_bytes, l->read_to);
    if (w != (ssize_t)s->pending_bytes) {
        snprintf(err, FACT_STORE_ERROR_BYTES, "%s: %s", l->path,
                 w < 0 ? strerror(errno) : "short write");
        return -1;
    }
    l->read_to += w;
    s->pending_bytes = 0;
    return 0;
}

int fact_store_add(struct fact_store *s, const void *key, int lo, int hi, uint64_t nodes,
                   char *err) {
    if (lo < -1 || hi > 1 || lo > hi) {
        snprintf(err, FACT_STORE_ERROR_BYTES, "bad fact bounds [%d, %d]", lo, hi);
        return -1;
    }
    int m = merge(s, key, lo, hi, err);
    if (m <= 0 || s->own < 0) return m;
    unsigned char *r = s->pending + s->pending_bytes;
    memset(r, 0, s->record_size);
    r[0] = (unsigned char)(lo + 1);
    r[1] = (unsigned char)(hi + 1);
    memcpy(r + 8, &nodes, 8);
    memcpy(r + RECORD_HEAD, key, s->key_size);
    fact_store_seal_record(r, s->key_size);
    s->pending_bytes += s->record_size;
    if (s->pending_bytes >= WRITE_BUFFER && flush(s, err) != 0) return -1;
    return 1;
}

int fact_store_sync(struct fact_store *s, char *err) {
    if (flush(s, err) != 0) return -1;
    if (s->own >= 0 && fdatasync(s->logs[s->own].fd) != 0) {
        snprintf(err, FACT_STORE_ERROR_BYTES, "%s: %s", s->logs[s->own].path,
                 strerror(errno));
        return -1;
    }
    return 0;
}

void fact_store_close(struct fact_store *s) {
    if (!s) return;
    char err[FACT_STORE_ERROR_BYTES];
    if (s->pending) fact_store_sync(s, err);
    for (int i = 0; i < s->log_count; i++)
        if (s->logs[i].fd >= 0) close(s->logs[i].fd); /* also releases the lock */
    free(s->keys);
    free(s->bounds);
    free(s->used);
    free(s->pending);
    free(s);
}

uint64_t fact_store_count(const struct fact_store *s) {
    return s ? s->count : 0;
}

void fact_store_key(const struct game *g, const struct variant *v, const void *state,
                    void *key) {
    memcpy(key, state, g->state_size);
    if (g->value_canonicalize) g->value_canonicalize(v, key);
}

void fact_store_tag(const struct game *g, const struct variant *v, char *tag,
                    size_t size) {
    char opts[256];
    variant_format(g, v, opts, sizeof opts);
    snprintf(tag, size, "%s %s", g->name, opts);
}
