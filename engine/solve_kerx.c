/* Kerx databases from the command line: build (resumable) and query. */
#include "engine/solve_kerx.h"
#include "engine/query_report.h"

#include "games/kerx/kerx_tiers_db.h"
#include "search/retro_check.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int solve_kerx_build(const struct cli_options *o, int threads) {
    const struct variant *v = &o->variant;
    struct kerx_db_build b = {
        .pieces = o->pieces,
        .threads = threads,
        .memory_mib = o->memory_mb > 0 ? (size_t)o->memory_mb : 0,
        .progress = cli_progress_wanted(o),
        .folder = o->db,
    };
    char err[GAME_ERROR_BYTES], folder[KERX_DB_PATH_BYTES], vtext[160];
    struct kerx_db_stats st;
    if (kerx_db_build(v, &b, &st, err) != 0) return cli_fail("%s", err);
    kerx_db_folder(v, o->db, folder, sizeof folder);
    kerx_game.variant_format(v, vtext, sizeof vtext);
    double rate = st.seconds > 0 ? (double)st.solved_positions / st.seconds : 0;
    if (o->json) {
        printf("{\"game\":\"kerx\",\"variant\":\"%s\",\"pieces\":%d,\"tiers\":%d,"
               "\"tiers_read_back\":%d,\"positions\":%" PRIu64 ",\"won\":%" PRIu64
               ",\"lost\":%" PRIu64 ",\"drawn\":%" PRIu64 ",\"max_remoteness\":%d,"
               "\"solved_positions\":%" PRIu64 ",\"seconds\":%.3f,"
               "\"positions_per_second\":%.0f,\"threads\":%d,\"bytes_on_disk\":%" PRIu64
               ",\"folder\":\"%s\"}\n",
               vtext, b.pieces, st.tiers, st.tiers_loaded, st.counts.positions,
               st.counts.won, st.counts.lost, st.counts.drawn, st.counts.max_remoteness,
               st.solved_positions, st.seconds, rate, b.threads, st.bytes_on_disk,
               folder);
    } else {
        printf(
            "kerx %s, every material of at most %d pieces: %d tiers (%d read back from "
            "an earlier run)\n",
            vtext, b.pieces, st.tiers, st.tiers_loaded);
        printf("positions %" PRIu64 ": won %" PRIu64 ", lost %" PRIu64 ", drawn %" PRIu64
               " (for the player to move; longest win or loss %d moves)\n",
               st.counts.positions, st.counts.won, st.counts.lost, st.counts.drawn,
               st.counts.max_remoteness);
        printf("solved %" PRIu64
               " positions in %.3f s (%.2f M positions/s, %d thread%s)\n",
               st.solved_positions, st.seconds, rate / 1e6, b.threads,
               b.threads == 1 ? "" : "s");
        printf("databases %s (%.1f MB)\n", folder, (double)st.bytes_on_disk / 1e6);
    }
    return EXIT_OK;
}

int solve_kerx_query(const struct cli_options *o) {
    _Alignas(8) unsigned char state[GAME_MAX_STATE_BYTES];
    int status = cli_load_position(o, state);
    if (status) return status;
    char err[GAME_ERROR_BYTES];
    struct kerx_db_set *set;
    if (kerx_db_set_open(&set, &o->variant, o->db, err) != 0) return cli_fail("%s", err);
    if (kerx_db_set_probe(set, state) == RETRO_HOLE) {
        kerx_db_set_close(set);
        return cli_fail("no database holds this material (build it with --pieces)");
    }
    status =
        query_report(o->game, &o->variant, state, kerx_db_set_probe, set, NULL, o->json);
    kerx_db_set_close(set);
    return status;
}
