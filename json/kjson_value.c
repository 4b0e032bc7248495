/* The value object (see kjson_value.h). */
#include "json/kjson_value.h"
#include "search/alphabeta.h"

json_t *kjson_value_proven(int outcome, int distance) {
    const char *word = outcome > 0 ? "win" : outcome < 0 ? "loss" : "draw";
    json_t *value = json_pack("{s:s}", "result", word);
    if (!value) return NULL;
    if (distance >= 0) json_object_set_new(value, "distance", json_integer(distance));
    json_object_set_new(value, "score",
                        json_real(outcome > 0   ? 1.0
                                  : outcome < 0 ? -1.0
                                                : 0.0));
    return value;
}

json_t *kjson_value_estimate(double score) {
    if (score > 1) score = 1;
    if (score < -1) score = -1;
    if (score != score) score = 0; /* NaN has no JSON spelling */
    return json_pack("{s:s,s:f}", "result", "unknown", "score", score);
}

json_t *kjson_value_alphabeta(int score, bool draw) {
    int distance;
    int proven = ab_score_proven(score, &distance);
    if (draw) return kjson_value_proven(0, -1);
    if (proven) return kjson_value_proven(proven, distance);
    return kjson_value_estimate((double)score / GAME_EVAL_MAX);
}

json_t *kjson_value_cell(retro_cell cell) {
    if (!retro_is_value(cell)) return NULL;
    int outcome = retro_outcome(cell);
    /* A draw has no distance: it never ends under best play. */
    bool distance = outcome != RETRO_OUTCOME_DRAW && retro_distance_known(cell);
    return kjson_value_proven(outcome, distance ? retro_remoteness(cell) : -1);
}

json_t *kjson_value_eval(const struct agent_eval *e) {
    switch (e->kind) {
    case AGENT_EVAL_PROVEN: return kjson_value_proven(e->outcome, e->distance);
    case AGENT_EVAL_ESTIMATE: return kjson_value_estimate(e->score);
    default: return json_null();
    }
}
