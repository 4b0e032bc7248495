/* The proof file (proof_file.h): claims, writing, and a parser that trusts
 * nothing (every field is checked by the game's own parsers). */
#include "solve/proof_file.h"
#include "engine/variant.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#include <xxhash.h>

static const char HEADER[] = "kibitz-proof 1\n", CHECKSUM[] = "checksum\t";
enum { CHECKSUM_LINE = sizeof CHECKSUM - 1 + 16 + 1 }; /* "checksum\t" hex "\n" */

static const char *const claim_names[] = {"win", "notlose", "notwin", "loss"};

const char *proof_claim_name(enum proof_claim c) {
    return (unsigned)c < 4 ? claim_names[c] : "?";
}

int proof_claim_parse(const char *text, enum proof_claim *out) {
    for (int i = 0; i < 4; i++)
        if (strcmp(text, claim_names[i]) == 0) {
            *out = (enum proof_claim)i;
            return 0;
        }
    return -1;
}

bool proof_claim_is_lower(enum proof_claim c) {
    return c == PROOF_WIN || c == PROOF_NOTLOSE;
}

int proof_claim_bound(enum proof_claim c) {
    return c == PROOF_WIN ? 1 : c == PROOF_LOSS ? -1 : 0;
}

enum proof_claim proof_claim_of(bool lower, int t) {
    if (lower) return t >= 1 ? PROOF_WIN : PROOF_NOTLOSE;
    return t <= -1 ? PROOF_LOSS : PROOF_NOTWIN;
}

int proof_write_header(FILE *f, const struct game *g, const struct variant *v,
                       const void *root, enum proof_claim claim, bool draw) {
    char opts[256], pos[1024];
    variant_format(g, v, opts, sizeof opts);
    g->format_position(v, root, pos, sizeof pos);
    return fprintf(f, "%sgame\t%s\nvariant\t%s\nroot\t%s\t%s\n", HEADER, g->name, opts,
                   pos, draw ? "draw" : proof_claim_name(claim)) < 0
               ? -1
               : 0;
}

int proof_write_node(FILE *f, const struct game *g, const struct variant *v,
                     const void *state, enum proof_claim claim, bool has_move,
                     move_t move) {
    char pos[1024], mv[128] = "all";
    g->format_position(v, state, pos, sizeof pos);
    if (has_move) g->format_move(v, state, move, mv, sizeof mv);
    return fprintf(f, "node\t%s\t%s\t%s\n", pos, proof_claim_name(claim), mv) < 0 ? -1
                                                                                  : 0;
}

/* The file at `path` mapped read-only (*bytes 0: nothing mapped). 0, or -1
 * with err. */
static int map_file(const char *path, const unsigned char **map, size_t *bytes, char *err,
                    size_t n) {
    *map = NULL, *bytes = 0;
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    struct stat st;
    if (fd < 0 || fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        snprintf(err, n, "cannot read %.100s: %s", path,
                 fd < 0 ? strerror(errno) : "not a regular file");
        if (fd >= 0) close(fd);
        return -1;
    }
    if (st.st_size > 0) {
        void *m = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
        if (m == MAP_FAILED) {
            snprintf(err, n, "cannot map %.100s: %s", path, strerror(errno));
            close(fd);
            return -1;
        }
        *map = m, *bytes = (size_t)st.st_size;
    }
    close(fd);
    return 0;
}

int proof_seal(const char *path, char *err) {
    const unsigned char *map;
    size_t bytes;
    if (map_file(path, &map, &bytes, err, GAME_ERROR_BYTES)) return -1;
    uint64_t sum = XXH3_64bits(map, bytes);
    if (bytes) munmap((void *)map, bytes);
    FILE *f = fopen(path, "a");
    if (!f || fprintf(f, "%s%016" PRIx64 "\n", CHECKSUM, sum) < 0 || fclose(f) != 0) {
        snprintf(err, GAME_ERROR_BYTES, "cannot write %.100s: %s", path, strerror(errno));
        return -1;
    }
    return 0;
}

int proof_verify_bytes(const char *path, char *err) {
    const unsigned char *map;
    size_t bytes;
    if (map_file(path, &map, &bytes, err, PROOF_ERROR_BYTES)) return -1;
    const char *why = NULL;
    if (bytes < sizeof HEADER - 1 + CHECKSUM_LINE || memcmp(map, HEADER, sizeof HEADER - 1)) {
        why = "not a kibitz proof file (damaged first line?)";
    } else {
        /* The last line must be exactly the checksum of all before it. */
        size_t body = bytes - CHECKSUM_LINE;
        char want[CHECKSUM_LINE + 1];
        snprintf(want, sizeof want, "%s%016" PRIx64 "\n", CHECKSUM, XXH3_64bits(map, body));
        if (map[body - 1] != '\n' || memcmp(map + body, CHECKSUM, sizeof CHECKSUM - 1))
            why = "no checksum line at the end (damaged, truncated, or written before "
                  "proof files had one: kibitz checkproof replays it)";
        else if (memcmp(map + body, want, CHECKSUM_LINE) != 0)
            why = "corrupt (checksum mismatch)";
    }
    if (bytes) munmap((void *)map, bytes);
    if (why) snprintf(err, PROOF_ERROR_BYTES, "%s", why);
    return why ? -1 : 0;
}

void proof_doc_free(struct proof_doc *doc) {
    free(doc->nodes);
    doc->nodes = NULL;
    doc->count = 0;
}

/* Split `line` (its newline removed) at tabs into at most `max` fields. */
static int split(char *line, char **fields, int max) {
    int n = 0;
    for (char *p = line; n < max;) {
        fields[n++] = p;
        char *tab = strchr(p, '\t');
        if (!tab) break;
        *tab = '\0';
        p = tab + 1;
    }
    return n;
}

#define BAD(...)                                                                         \
    do {                                                                                 \
        int at_ = snprintf(err, PROOF_ERROR_BYTES, "line %d: ", line_no);                \
        snprintf(err + at_, PROOF_ERROR_BYTES - (size_t)at_, __VA_ARGS__);               \
        goto fail;                                                                       \
    } while (0)

/* A position and a claim from two fields. */
static int read_claimed(const struct game *g, const struct variant *v, const char *pos,
                        const char *claim, void *state, enum proof_claim *c, char *why) {
    char gerr[GAME_ERROR_BYTES];
    memset(state, 0, GAME_MAX_STATE_BYTES);
    if (g->parse_position(v, pos, state, gerr) != 0) {
        snprintf(why, 256, "bad position '%.60s': %s", pos, gerr);
        return -1;
    }
    if (proof_claim_parse(claim, c) != 0) {
        snprintf(why, 256, "unknown claim '%.40s' (win, notlose, notwin, loss)", claim);
        return -1;
    }
    if (g->turn(v, state) < 0) {
        snprintf(why, 256, "a claim on a finished position");
        return -1;
    }
    return 0;
}

int proof_read(FILE *f, const struct game *g, const struct variant *v,
               struct proof_doc *doc, char *err) {
    memset(doc, 0, sizeof *doc);
    char line[4096], opts[256], why[256];
    int line_no = 0;
    bool have_game = false, have_variant = false, have_root = false;
    uint64_t capacity = 0;
    variant_format(g, v, opts, sizeof opts);
    while (fgets(line, sizeof line, f)) {
        line_no++;
        size_t len = strlen(line);
        if (len && line[len - 1] == '\n')
            line[--len] = '\0';
        else if (!feof(f))
            BAD("line too long");
        if (len && line[len - 1] == '\r') line[--len] = '\0';
        if (line_no == 1) {
            if (len != sizeof HEADER - 2 || memcmp(line, HEADER, len) != 0)
                BAD("not a kibitz proof file");
            continue;
        }
        if (!len || line[0] == '#') continue;
        char *fields[6] = {0};
        int n = split(line, fields, 6);
        if (strcmp(fields[0], "game") == 0 && n == 2) {
            if (strcmp(fields[1], g->name) != 0)
                BAD("a proof for %.40s, not %s", fields[1], g->name);
            have_game = true;
        } else if (strcmp(fields[0], "variant") == 0 && n == 2) {
            if (strcmp(fields[1], opts) != 0)
                BAD("a proof for variant %.60s, not %s", fields[1], opts);
            have_variant = true;
        } else if (strcmp(fields[0], "root") == 0 && n == 3) {
            if (have_root) BAD("a second root");
            doc->root_draw = strcmp(fields[2], "draw") == 0;
            if (read_claimed(g, v, fields[1], doc->root_draw ? "notlose" : fields[2],
                             doc->root, &doc->root_claim, why))
                BAD("%s", why);
            have_root = true;
        } else if (strcmp(fields[0], "checksum") == 0 && n == 2) {
            /* For `kibitz verify` (proof_verify_bytes): the checker
             * judges every claim itself. */
        } else if (strcmp(fields[0], "node") == 0 && n == 4) {
            if (doc->count == capacity) {
                uint64_t cap = capacity ? 2 * capacity : 256;
                struct proof_node *nodes = realloc(doc->nodes, cap * sizeof *nodes);
                if (!nodes) BAD("out of memory");
                doc->nodes = nodes;
                capacity = cap;
            }
            struct proof_node *nd = &doc->nodes[doc->count];
            if (read_claimed(g, v, fields[1], fields[2], nd->state, &nd->claim, why))
                BAD("%s", why);
            nd->line = line_no;
            nd->has_move = strcmp(fields[3], "all") != 0;
            if (nd->has_move != proof_claim_is_lower(nd->claim))
                BAD("claim %s %s", fields[2],
                    nd->has_move ? "must say 'all' (every move must hold)"
                                 : "must name a move (one move must hold)");
            char gerr[GAME_ERROR_BYTES];
            if (nd->has_move && g->parse_move(v, nd->state, fields[3], &nd->move, gerr))
                BAD("move '%.40s': %s", fields[3], gerr);
            doc->count++;
        } else {
            BAD("unknown line '%.40s' (or wrong number of fields)", fields[0]);
        }
    }
    if (ferror(f)) BAD("read error");
    if (line_no == 0) BAD("empty file");
    if (!have_game || !have_variant || !have_root) BAD("no game, variant or root line");
    return 0;
fail:
    proof_doc_free(doc);
    return -1;
}
