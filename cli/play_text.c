/* Texts of `kibitz play` (see play_text.h). */
#include "cli/play_text.h"

#include <stdio.h>

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
