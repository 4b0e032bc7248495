/*
 * fact_store.h - a persistent store of settled facts about positions: for
 * each position, what is proved of its value for the side to move, as
 * bounds lo <= value <= hi (-1 loss, 0 draw, 1 win): exact (lo == hi), "at
 * least a draw" (lo 0), "at most a draw" (hi 0), a win (lo 1), a loss
 * (hi -1). Facts only ever tighten: adding one intersects the bounds.
 *
 * Keys are canonical state bytes chosen by the caller (fact_store_key: the
 * game's `value_canonicalize` hook, e.g. Kerx's 12 board symmetries and the
 * colour swap), so one fact serves every image of a position.
 *
 * On disk a store is a folder of append-only logs, `facts-N.log`. Each
 * writer (a process, an MPI rank) takes the first log it can lock
 * exclusively (flock) and appends only to it; every reader reads all logs,
 * and fact_store_reload picks up what other writers appended since. A log
 * is a 32-byte header (magic, key size, the game and variant it is for,
 * checksum) and fixed-size records, each with its own checksum: a record
 * torn by a crash (short, or failing its checksum) ends the log for
 * readers, and the writer that takes the log cuts it off before appending.
 * A log of another game or variant, or a file of that name that is not a
 * log, is refused with a message. Records are written with one write()
 * each batch and synced (fdatasync) by fact_store_sync and at close, so a
 * killed process loses at most the facts it had not synced.
 *
 * Not thread-safe: one store per thread.
 */
#ifndef KIBITZ_FACT_STORE_H
#define KIBITZ_FACT_STORE_H

#include "engine/game.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct fact_store;

enum { FACT_STORE_HEADER_BYTES = 32, FACT_STORE_ERROR_BYTES = 1024 };

/* Open (creating the folder when missing) the store in `dir` for facts of
 * positions with `key_size`-byte keys, of the game and variant named by
 * `tag` (any text: its hash is kept in each log's header). `writable`: take
 * a log to append to. 0, or -1 with why in `err`. */
int fact_store_open(const char *dir, const char *tag, size_t key_size, bool writable,
                    struct fact_store **out, char *err);

/* Read what other writers appended since the last read. 0 or -1 (err). */
int fact_store_reload(struct fact_store *s, char *err);

/* The bounds known for `key`: true with *lo, *hi, or false (nothing known:
 * -1 and 1). */
bool fact_store_get(const struct fact_store *s, const void *key, int *lo, int *hi);

/* Record that the value of `key` lies within [lo, hi] (intersected with
 * what is known), proved with `nodes` of work. Appends only when that
 * tightens the bounds (kept in memory for a read-only store). Returns 1 when
 * new, 0 when already known, -1 on an error (err; also for lo > hi or
 * bounds contradicting a known fact: a sign of an unsound proof). */
int fact_store_add(struct fact_store *s, const void *key, int lo, int hi, uint64_t nodes,
                   char *err);

/* Write and fdatasync the appended records. 0 or -1 (err). */
int fact_store_sync(struct fact_store *s, char *err);

/* Sync (errors are lost: call fact_store_sync first to see them) and free. */
void fact_store_close(struct fact_store *s);

/* Positions with facts. */
uint64_t fact_store_count(const struct fact_store *s);

/* For tests and the fuzz target: the header a log of `tag` and `key_size`
 * starts with; the bytes of one record; the checksum of the record at `r`
 * recomputed in place. */
void fact_store_header(const char *tag, size_t key_size,
                       unsigned char out[FACT_STORE_HEADER_BYTES]);
size_t fact_store_record_bytes(size_t key_size);
void fact_store_seal_record(unsigned char *r, size_t key_size);

/* The store's key of `state` into `key` (room for g->state_size bytes):
 * the game's value_canonicalize image when it has one, else the state. The
 * key is itself a state of the game whose mover has the same value. */
void fact_store_key(const struct game *g, const struct variant *v, const void *state,
                    void *key);

/* The tag of a game variant for fact_store_open: "<game> <variant options>". */
void fact_store_tag(const struct game *g, const struct variant *v, char *tag,
                    size_t size);

#endif
