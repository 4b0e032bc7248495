/* Texts of `kibitz play` (see play_text.h). */
#include "cli/play_text.h"
#include "include/kibitz.h"
/* Only for review's evaluations (cli/cmd_review.c), until review reaches
 * the engine through libkibitz too. */
#include "search/agent.h"

#include <stdio.h>

/* The search's evaluation in the library's terms, then its words. */
void play_eval_text(const struct agent_eval *e, char *buf, size_t n) {
    const struct kz_eval k = {.kind = e->kind == AGENT_EVAL_PROVEN     ? KZ_EVAL_PROVEN
                                      : e->kind == AGENT_EVAL_ESTIMATE ? KZ_EVAL_ESTIMATE
                                                                       : KZ_EVAL_NONE,
                              .outcome = e->outcome,
                              .distance = e->distance,
                              .score = e->score};
    kz_eval_text(&k, buf, n);
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
