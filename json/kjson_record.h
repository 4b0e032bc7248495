/*
 * kjson_record.h - game records (play/record.h) as JSON files: the
 * "record" document of docs/JSON.md, written by `play` (save) and `arena
 * --record DIR`, read by every command that takes --record FILE.
 */
#ifndef KIBITZ_KJSON_RECORD_H
#define KIBITZ_KJSON_RECORD_H

#include "play/record.h"
#include "json/kjson.h"

/* The record document: game, variant, seed (null when unknown), start,
 * players, moves, result (null while the game goes on). */
json_t *kjson_record(const struct game_record *r);

/* Write the document to `path` through engine/output_file.h (only a regular
 * file is replaced, atomically). 0, or -1 with `err` (GAME_ERROR_BYTES). */
int kjson_record_write(const struct game_record *r, const char *path, char *err);

/* Read and replay a record file into `r` (record_free it after). `game`:
 * the game the command is about (the file must be of it), or NULL to take
 * the file's. Every move is checked as it is replayed; a bad file gets a
 * one-line message naming the file and the step. 0, or -1 with `err`. */
int kjson_record_read(struct game_record *r, const char *path, const struct game *game,
                      char *err);

/* The same from a parsed document (kept by the caller); `name` stands for
 * it in messages ("record <name>: ..."). */
int kjson_record_parse(struct game_record *r, json_t *doc, const char *name,
                       const struct game *game, char *err);

#endif
