/* Fuzz target: a proof file (solve/proof_file.h) for Kerx size 3, read by
 * proof_read from the input's bytes; when it parses, the checker
 * (solve/proof_check.h) replays it without databases. Nothing may crash,
 * and a parsed document must name a root and only nodes whose claims and
 * moves fit (a "win"/"notlose" node with a move, the others with "all"). */
#include "engine/variant.h"
#include "games/kerx/kerx.h"
#include "solve/proof_check.h"
#include "solve/proof_file.h"
#include "tests/fuzz/fuzz_support.h"

#include <stdio.h>
#include <stdlib.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    const struct game *g = &kerx_game;
    struct variant v;
    char err[PROOF_ERROR_BYTES];
    variant_init(g, &v);
    if (variant_parse(g, &v, "size=3", err) != 0) abort();
    if (!size) return 0; /* fmemopen takes no empty buffer */
    FILE *f = fmemopen((void *)data, size, "r");
    if (!f) return 0;
    struct proof_doc doc;
    if (proof_read(f, g, &v, &doc, err) == 0) {
        for (uint64_t i = 0; i < doc.count; i++)
            if (doc.nodes[i].has_move != proof_claim_is_lower(doc.nodes[i].claim))
                abort();
        struct proof_check_result r;
        proof_check(g, &v, &doc, NULL, NULL, &r, err);
        if (r.nodes > doc.count) abort();
        proof_doc_free(&doc);
    }
    fclose(f);
    return 0;
}
