/*
 * kz_json.h - how libkibitz hands a JSON document (json/, jansson) to its
 * caller: the text into the caller's buffer, snprintf-style. Internal.
 */
#ifndef KIBITZ_KZ_JSON_H
#define KIBITZ_KZ_JSON_H

#include "json/kjson.h"

#include <stddef.h>

/* The one-line text of `doc` into (buf, n) (NUL-terminated when n > 0),
 * releasing `doc`: the length the text needs, or -1 when `doc` is NULL or
 * memory ran out (then buf holds ""). */
long kz_json_give(json_t *doc, char *buf, size_t n);

#endif
