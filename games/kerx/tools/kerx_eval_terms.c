/*
 * kerx-eval-terms: the numbers the Kerx evaluation is made of, for tuning
 * its weights against database labels (scripts/kerx_texel.py).
 *
 * Reads one position a line (size 4 unless a variant spec is given as the
 * only argument, e.g. `size=5`) and prints for each a line
 *   <base> <material> <t0> ... <t5>
 * from the side to move's view: base = kerx_eval_base (material and centre,
 * or material alone where the endgame terms apply), material =
 * kerx_eval_material, and the endgame terms of kerx_eval.h (signed for the
 * side to move; all 0 when they do not apply), so that the evaluation is
 * base + sum(weight_i * t_i), before its clamp. A line it cannot read gets
 * "error: <message>" and the tool goes on; exit status 1 if any did.
 */
#include "engine/game.h"
#include "engine/variant.h"
#include "games/kerx/kerx.h"
#include "games/kerx/kerx_eval.h"

#include <stdio.h>
#include <string.h>

int main(int argc, char **argv) {
    if (argc > 2 || (argc == 2 && strcmp(argv[1], "--help") == 0)) {
        fprintf(stderr, "usage: kerx-eval-terms [VARIANT] < positions\n");
        return 2;
    }
    struct variant v;
    char err[GAME_ERROR_BYTES];
    variant_init(&kerx_game, &v);
    if (argc == 2 && variant_parse(&kerx_game, &v, argv[1], err) != 0) {
        fprintf(stderr, "kerx-eval-terms: %s\n", err);
        return 2;
    }
    const struct kerx_geom *g = kerx_geom_of(&v);
    int drawat = kerx_options(&v)->drawat, status = 0;
    char line[4096];
    while (fgets(line, sizeof line, stdin)) {
        line[strcspn(line, "\r\n")] = 0;
        struct kerx_state s;
        if (kerx_game.parse_position(&v, line, &s, err) != 0) {
            printf("error: %s\n", err);
            status = 1;
            continue;
        }
        int t[KERX_ENDGAME_TERMS] = {0};
        int ahead = kerx_endgame_terms(g, drawat, &s, t);
        int sign = ahead < 0 ? 0 : ahead == s.side ? 1 : -1;
        printf("%d %d", kerx_eval_base(g, drawat, &s, s.side),
               kerx_eval_material(&s, s.side));
        for (int i = 0; i < KERX_ENDGAME_TERMS; i++) printf(" %d", sign * t[i]);
        printf("\n");
    }
    return status;
}
