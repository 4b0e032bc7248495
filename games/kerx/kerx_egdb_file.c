/* Kerx endgame tier-pair files: write (temporary name, then rename) and
 * open (mmap, every field and both checksums verified). */
#include "games/kerx/kerx_egdb_file.h"
#include "engine/game.h"
#include "engine/temp_files.h"
#include "games/kerx/kerx_egdb.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#include <xxhash.h>

enum { HEADER_BYTES = 256, ENDIAN_MARK = 0x01020304 };
static const char MAGIC[8] = {'K', 'I', 'B', 'I', 'T', 'Z', 'K', 'X'};

struct header {
    char magic[8];
    uint32_t version, endian;
    uint32_t size, drawat, a, b;
    uint64_t count[2];
    uint64_t positions, won, lost, drawn, holes, max_remoteness;
    uint64_t payload_hash; /* XXH3-64 of the values */
    uint64_t header_hash;  /* XXH3-64 of the header with this field 0 */
    unsigned char pad[HEADER_BYTES - 8 - 6 * 4 - 10 * 8];
};
_Static_assert(sizeof(struct header) == HEADER_BYTES, "header is 256 bytes");

void kerx_egdb_count(struct kerx_egdb_counts *c, const uint8_t *values, uint64_t n) {
    uint64_t hist[256] = {0};
    for (uint64_t i = 0; i < n; i++) hist[values[i]]++;
    for (int b = 0; b < 256; b++) {
        if (!hist[b]) continue;
        if (b == KERX_EG_HOLE) {
            c->holes += hist[b];
            continue;
        }
        c->positions += hist[b];
        if (b == KERX_EG_DRAW) {
            c->drawn += hist[b];
            continue;
        }
        int r = b - 1;
        if (r & 1)
            c->won += hist[b];
        else
            c->lost += hist[b];
        if (r > c->max_remoteness) c->max_remoteness = r;
    }
}

static int write_all(int fd, const void *p, uint64_t n) {
    const char *c = p;
    while (n > 0) {
        ssize_t w = write(fd, c, n > (1u << 30) ? (1u << 30) : (size_t)n);
        if (w < 0) {
            if (errno == EINTR) continue;
            return -1;
        }
        c += w;
        n -= (uint64_t)w;
    }
    return 0;
}

int kerx_egdb_file_write(const char *path, int size, int drawat, int a, int b,
                         const uint8_t *v0, uint64_t n0, const uint8_t *v1, uint64_t n1,
                         char *err) {
    struct header h;
    memset(&h, 0, sizeof h);
    memcpy(h.magic, MAGIC, sizeof MAGIC);
    h.version = KERX_EGDB_VERSION;
    h.endian = ENDIAN_MARK;
    h.size = (uint32_t)size;
    h.drawat = (uint32_t)drawat;
    h.a = (uint32_t)a;
    h.b = (uint32_t)b;
    h.count[0] = n0;
    h.count[1] = n1;
    struct kerx_egdb_counts c = {0};
    kerx_egdb_count(&c, v0, n0);
    if (n1) kerx_egdb_count(&c, v1, n1);
    h.positions = c.positions;
    h.won = c.won;
    h.lost = c.lost;
    h.drawn = c.drawn;
    h.holes = c.holes;
    h.max_remoteness = (uint64_t)c.max_remoteness;
    XXH3_state_t *hs = XXH3_createState();
    if (!hs) {
        snprintf(err, GAME_ERROR_BYTES, "out of memory");
        return -1;
    }
    XXH3_64bits_reset(hs);
    XXH3_64bits_update(hs, v0, n0);
    if (n1) XXH3_64bits_update(hs, v1, n1);
    h.payload_hash = XXH3_64bits_digest(hs);
    XXH3_freeState(hs);
    h.header_hash = XXH3_64bits(&h, sizeof h);

    char temp[4200];
    snprintf(temp, sizeof temp, "%s.tmp.%ld", path, (long)getpid());
    int slot = temp_files_add(temp); /* removed if interrupted */
    int fd = open(temp, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (fd < 0) {
        snprintf(err, GAME_ERROR_BYTES, "cannot write %.90s: %s", temp, strerror(errno));
        temp_files_forget(slot);
        return -1;
    }
    if (write_all(fd, &h, sizeof h) != 0 || write_all(fd, v0, n0) != 0 ||
        (n1 && write_all(fd, v1, n1) != 0) || fsync(fd) != 0) {
        snprintf(err, GAME_ERROR_BYTES, "cannot write %.90s: %s", temp, strerror(errno));
        close(fd);
        unlink(temp);
        temp_files_forget(slot);
        return -1;
    }
    if (close(fd) != 0 || rename(temp, path) != 0) {
        snprintf(err, GAME_ERROR_BYTES, "cannot write %.90s: %s", path, strerror(errno));
        unlink(temp);
        temp_files_forget(slot);
        return -1;
    }
    temp_files_forget(slot);
    return 0;
}

int kerx_egdb_file_reseal(void *file, size_t bytes) {
    if (bytes < HEADER_BYTES) return -1;
    struct header h;
    memcpy(&h, file, sizeof h);
    h.payload_hash =
        XXH3_64bits((unsigned char *)file + HEADER_BYTES, bytes - HEADER_BYTES);
    h.header_hash = 0;
    h.header_hash = XXH3_64bits(&h, sizeof h);
    memcpy(file, &h, sizeof h);
    return 0;
}

static int refuse(struct kerx_egdb_file *f, char *err, const char *path,
                  const char *why) {
    /* The end of a long path names the file: keep that. */
    size_t len = strlen(path);
    const char *tail = len > 64 ? path + len - 61 : path;
    snprintf(err, GAME_ERROR_BYTES, "%s%s: %.90s", tail == path ? "" : "...", tail, why);
    kerx_egdb_file_close(f);
    return -1;
}

int kerx_egdb_file_open(struct kerx_egdb_file *f, const char *path, int size, int drawat,
                        int a, int b, uint64_t n0, uint64_t n1, char *err) {
    memset(f, 0, sizeof *f);
    /* O_NONBLOCK: a FIFO in the file's place must not hang the open. */
    int fd = open(path, O_RDONLY | O_NONBLOCK);
    if (fd < 0) {
        snprintf(err, GAME_ERROR_BYTES, "cannot open %.90s: %s", path, strerror(errno));
        return -1;
    }
    struct stat st;
    if (fstat(fd, &st) == 0 && !S_ISREG(st.st_mode)) {
        close(fd);
        snprintf(err, GAME_ERROR_BYTES, "%.90s: not a regular file", path);
        return -1;
    }
    if (fstat(fd, &st) != 0 || st.st_size < HEADER_BYTES) {
        close(fd);
        snprintf(err, GAME_ERROR_BYTES,
                 "%.90s: not a Kerx endgame database (too short: truncated?)", path);
        return -1;
    }
    f->bytes = (size_t)st.st_size;
    void *map = mmap(NULL, f->bytes, PROT_READ, MAP_SHARED, fd, 0);
    close(fd);
    if (map == MAP_FAILED) {
        snprintf(err, GAME_ERROR_BYTES, "cannot map %.90s: %s", path, strerror(errno));
        return -1;
    }
    f->map = map;
    struct header h;
    memcpy(&h, map, sizeof h);
    if (memcmp(h.magic, MAGIC, sizeof MAGIC) != 0)
        return refuse(f, err, path, "not a Kerx endgame database");
    if (h.endian != ENDIAN_MARK)
        return refuse(f, err, path, "written on another byte order");
    if (h.version != KERX_EGDB_VERSION) {
        char why[96];
        snprintf(why, sizeof why, "format version %u, this program reads %d", h.version,
                 KERX_EGDB_VERSION);
        return refuse(f, err, path, why);
    }
    uint64_t saved = h.header_hash;
    h.header_hash = 0;
    if (XXH3_64bits(&h, sizeof h) != saved)
        return refuse(f, err, path, "corrupt header (checksum mismatch)");
    if ((int)h.size != size || (int)h.drawat != drawat) {
        char why[128];
        snprintf(why, sizeof why, "built for size=%u,drawat=%u, not size=%d,drawat=%d",
                 h.size, h.drawat, size, drawat);
        return refuse(f, err, path, why);
    }
    if ((int)h.a != a || (int)h.b != b || h.count[0] != n0 || h.count[1] != n1)
        return refuse(f, err, path, "holds another material or index layout");
    if (f->bytes != HEADER_BYTES + n0 + n1)
        return refuse(f, err, path, "truncated or padded (wrong file length)");
    const uint8_t *values = (const uint8_t *)map + HEADER_BYTES;
    if (XXH3_64bits(values, n0 + n1) != h.payload_hash)
        return refuse(f, err, path, "corrupt values (checksum mismatch)");
    f->values[0] = values;
    f->values[1] = n1 ? values + n0 : NULL;
    f->count[0] = n0;
    f->count[1] = n1;
    f->counts.positions = h.positions;
    f->counts.won = h.won;
    f->counts.lost = h.lost;
    f->counts.drawn = h.drawn;
    f->counts.holes = h.holes;
    f->counts.max_remoteness = (int)h.max_remoteness;
    return 0;
}

void kerx_egdb_file_close(struct kerx_egdb_file *f) {
    if (f->map) munmap(f->map, f->bytes);
    memset(f, 0, sizeof *f);
}
