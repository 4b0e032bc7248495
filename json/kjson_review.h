/*
 * kjson_review.h - the "review" document (docs/JSON.md): every move of a
 * recorded game with the position before it, the move played, the best
 * move, the values before and after for the mover, their source and the
 * mistake, if any.
 */
#ifndef KIBITZ_KJSON_REVIEW_H
#define KIBITZ_KJSON_REVIEW_H

#include "play/record.h"
#include "play/review.h"
#include "json/kjson.h"

/* `moves` holds r->count judgements from review_game. */
json_t *kjson_review(const struct game_record *r, const struct review_move *moves);

#endif
