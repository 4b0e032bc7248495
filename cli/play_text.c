/* Texts of `kibitz play` (see play_text.h). */
#include "cli/play_text.h"

#include <stdio.h>
#include <string.h>

/* "win in 7", "draw", "loss", or "+0.35" for the player who moved. */
void play_eval_text(const struct agent_eval *e, char *buf, size_t n) {
    if (e->kind == AGENT_EVAL_PROVEN) {
        const char *word = e->outcome > 0 ? "win" : e->outcome < 0 ? "loss" : "draw";
        if (e->outcome && e->distance >= 0)
            snprintf(buf, n, "%s in %d", word, e->distance);
        else
            snprintf(buf, n, "%s", word);
    } else if (e->kind == AGENT_EVAL_ESTIMATE) {
        snprintf(buf, n, "%+.2f", e->score);
    } else {
        snprintf(buf, n, "not searched");
    }
}

/* The record's moves as --moves text (a simultaneous step as the one move
 * the game lists for it, where it lists joint choices); false when a step
 * cannot be written so (then only --record replays it). */
bool play_moves_text(const struct game_record *rec, int steps, char *buf, size_t n) {
    const struct game *g = rec->game;
    const struct variant *v = &rec->variant;
    _Alignas(8) unsigned char s[GAME_MAX_STATE_BYTES], a[GAME_MAX_STATE_BYTES],
        b[GAME_MAX_STATE_BYTES];
    memcpy(s, rec->start, g->state_size);
    size_t used = 0;
    buf[0] = '\0';
    for (int i = 0; i < steps; i++) {
        const struct record_step *st = &rec->steps[i];
        move_t m = st->move;
        if (st->turn == TURN_SIMULTANEOUS && st->acting) {
            memcpy(a, s, g->state_size);
            g->apply_joint(v, a, st->choice);
            move_t moves[g->max_moves];
            int count = g->moves(v, s, moves), found = -1;
            for (int k = 0; k < count && found < 0; k++) {
                memcpy(b, s, g->state_size);
                g->apply(v, b, moves[k]);
                if (memcmp(a, b, g->state_size) == 0) found = k;
            }
            if (found < 0) return false;
            m = moves[found];
        }
        char text[128];
        g->format_move(v, s, m, text, sizeof text);
        int w = snprintf(buf + used, n - used, "%s%s", i ? " " : "", text);
        if (w < 0 || (size_t)w >= n - used) return false;
        used += (size_t)w;
        g->apply(v, s, m);
    }
    return true;
}

void play_print_help(void) {
    printf("commands: a move in the game's notation, or\n"
           "  moves       the legal moves\n"
           "  board       draw the board again\n"
           "  hint        the engine's move for you, with its evaluation\n"
           "  undo        take back your last move (and the replies to it)\n"
           "  redo        play again what undo took back\n"
           "  list        the moves so far, as --moves text\n"
           "  save FILE   write the game record (docs/JSON.md) to FILE\n"
           "  load FILE   continue from a saved record of this game\n"
           "  help        this list\n"
           "  quit        stop (with --save the record is written)\n");
}
