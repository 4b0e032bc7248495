/*
 * kulibrat_tiers.h - the solver hooks of Kulibrat (engine/game.h, "solving").
 *
 * A tier is the pair (points black still needs, points red still needs),
 * tier id = black_needs << 8 | red_needs, so tier ids and ranks do not depend
 * on the target: a solution for target N holds every position of every
 * target up to N. Inside a tier, rank = 2 * board + side (a move and its
 * reply stay close in memory), where
 * board is a dense index (no holes) of the 170,019 boards with at most four
 * pieces of each colour. Scoring moves lead to the child tiers; tiers whose
 * needs are both at least 2 share one shape (a scoring move is not yet a win).
 * canonicalize picks one of a board and its left-right mirror image (the
 * rules treat the columns alike), so the solver solves about half the ranks
 * and copies the rest; the database still holds every rank.
 */
#ifndef KIBITZ_KULIBRAT_TIERS_H
#define KIBITZ_KULIBRAT_TIERS_H

#include "games/kulibrat/kulibrat.h"

enum { KULIBRAT_BOARDS = 170019 };

/* Dense board index of two disjoint piece sets (at most 4 each), and back. */
uint32_t kulibrat_board_index(unsigned black, unsigned red);
void kulibrat_board_from_index(uint32_t index, uint16_t *black, uint16_t *red);

tier_t kulibrat_tier_of(const struct variant *v, const void *state);
uint64_t kulibrat_tier_size(const struct variant *v, tier_t tier);
int kulibrat_tier_children(const struct variant *v, tier_t tier, tier_t *out);
uint64_t kulibrat_rank(const struct variant *v, const void *state);
bool kulibrat_unrank(const struct variant *v, tier_t tier, uint64_t index, void *state);
/* Left-right mirror symmetry: the image with the smaller piece masks. */
void kulibrat_canonicalize(const struct variant *v, void *state);
void kulibrat_tier_name(const struct variant *v, tier_t tier, char *buf, size_t n);
uint64_t kulibrat_tier_shape(const struct variant *v, tier_t tier);
int kulibrat_solved_variants(const struct variant *v, struct variant *out, int max);

#endif
