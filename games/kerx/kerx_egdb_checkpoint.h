/*
 * kerx_egdb_checkpoint.h - the state of one Kerx endgame pair's solve,
 * saved at a level boundary so that a long solve resumes where it was after
 * a kill (the 6+4 pair of size 4 holds 12.4 G entries: about an hour of two
 * cores, longer than a machine may stay up).
 *
 * Only the shared layout is saved (kerx_egdb_pair.c, "Memory"): there the
 * value bytes, the next level and the highest level known are the whole
 * state. A save inside the forward pass (which alone takes an hour of the
 * 6+4 pair) has level -1 and the forward pass's next work unit: the units
 * before it are done, the values of the others are overwritten when it
 * goes on. The file is "<pair file>.ckpt": a 112-byte header (magic
 * "KXCKPT01", format version 2, board size, drawat, the pair a+b, the next
 * level, the highest level, the shared layout's floor, both tiers' entry
 * counts, the XXH3-64 of the values and of the header with that field 0,
 * the forward pass's next unit; each a little-endian 64-bit word), then
 * the values of tier (a, b), then of tier (b, a). Version 1 (the same
 * without the last word: 104 bytes, saved only at levels) is still read.
 * It is written atomically (engine/output_file.h) and removed when the
 * pair's file is in place.
 *
 * Loading refuses, naming the problem, a file that is not such a file, of
 * another format version, board, pair, floor or size, truncated, longer,
 * or whose header or values do not match their checksums: a refused
 * checkpoint is not used (the solve starts over) and never half-read into
 * the caller's arrays unless loading succeeds (on failure their contents
 * are unspecified: the caller starts from its forward pass).
 */
#ifndef KIBITZ_KERX_EGDB_CHECKPOINT_H
#define KIBITZ_KERX_EGDB_CHECKPOINT_H

#include <stddef.h>
#include <stdint.h>

enum {
    KERX_CKPT_VERSION = 2,
    KERX_CKPT_HEADER_BYTES = 112,
    KERX_CKPT_V1_HEADER_BYTES = 104
};

struct kerx_ckpt {
    int size, drawat, a, b; /* the pair (a >= b; one tier when a == b) */
    int floor;              /* the shared layout's floor */
    uint64_t count[2];      /* entries of tier (a, b) and (b, a) (0 when a == b) */
    int level;              /* the next level to do; -1: inside the forward pass */
    int maxlevel;           /* the highest level known so far (-1 at level -1) */
    uint64_t forward_next;  /* level -1: the forward pass's next unit; else 0 */
};

/* Save the values (values[k]: count[k] bytes) with c's fields at `path`,
 * atomically. 0, or -1 with err (GAME_ERROR_BYTES). */
int kerx_ckpt_save(const char *path, const struct kerx_ckpt *c, uint8_t *const values[2],
                   char *err);

/* Load the checkpoint at `path` for the pair c names (size, drawat, a, b,
 * floor, count set by the caller) into values[k] (count[k] bytes each),
 * setting c->level, c->maxlevel and c->forward_next. 1 when loaded, 0 when there is none,
 * -1 with err when it is refused. */
int kerx_ckpt_load(const char *path, struct kerx_ckpt *c, uint8_t *const values[2],
                   char *err);

/* Recompute both checksums of a checkpoint image in memory (`bytes` long),
 * for the fuzz target: 0, or -1 when it is too short to hold a header. */
int kerx_ckpt_reseal(void *image, size_t bytes);

/* Read the pair a checkpoint image names, for the fuzz target: 0, or -1
 * when it is too short. */
int kerx_ckpt_peek(const void *image, size_t bytes, struct kerx_ckpt *c);

#endif
