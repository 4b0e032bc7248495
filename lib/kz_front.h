/*
 * kz_front.h - what the kibitz program's own front ends (server/ and the
 * command line) get from libkibitz beyond include/kibitz.h: the documents
 * of the public *_json functions as jansson objects, so that the web server
 * can add the page's keys to them without printing and parsing them again.
 * Not installed; in kz_ terms only (no engine types), so a front end that
 * includes it still reaches the engine through the library alone.
 *
 * Each returns a new reference (the caller decrefs), or NULL when out of
 * memory or, for the board, when the game has none.
 */
#ifndef KIBITZ_KZ_FRONT_H
#define KIBITZ_KZ_FRONT_H

#include "include/kibitz.h"

#include <jansson.h>

/* kz_games_json */
json_t *kz_games_doc(void);
/* kz_state_json */
json_t *kz_state_doc(const kz_state *s);
/* kz_state_board_json */
json_t *kz_state_board_doc(const kz_state *s, int viewer);
/* kz_agent_search_json: NULL with `err` on failure. */
json_t *kz_agent_search_doc(kz_agent *a, const kz_state *s, int player, int analyse,
                            uint64_t seed, char *err, size_t err_n);
/* kz_db_page_json */
json_t *kz_db_page_doc(const kz_db *db, const kz_state *s, const char *label);
/* kz_match_view_json */
json_t *kz_match_view_doc(const kz_match *m, int seat);
/* Every step as `seat` saw it: an array of {"by", "line", "move", "seen"}
 * or {"by": "simultaneous", "line", "choices"} (json/kjson_match.h). */
json_t *kz_match_history_doc(const kz_match *m, int seat);
/* kz_db_value_json (JSON null when not held) */
json_t *kz_db_value_doc(const kz_db *db, const kz_state *s);

/* Remove the temporary files of databases still being written on other
 * threads (kz_db_open making one), for a program about to end without
 * waiting for them (_exit). Async-signal-safe. */
void kz_abandon_writes(void);

/* A JSON string of any bytes, as the command line's error documents write
 * them (kjson_string_lossy): valid UTF-8 kept, each other byte (a quote of
 * the input cut inside a character, input that is not UTF-8) U+FFFD. */
json_t *kz_text_doc(const char *text);

/* Hand `doc` (stolen) to a caller's buffer as compact text, snprintf-style;
 * KZ_ERUNTIME when `doc` is NULL or memory ran out. */
long kz_give_json(json_t *doc, char *json, size_t n);

#endif
