/* Kerx databases from the command line: build (resumable) and query. */
#include "cli/solve_kerx.h"
#include "cli/query_report.h"

#include "games/kerx/kerx_egdb.h"
#include "games/kerx/kerx_tiers_db.h"
#include "search/retro_check.h"
#include "search/tier_mpi.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int build_symmetric(const struct cli_options *o, int threads) {
    const struct variant *v = &o->variant;
    struct kerx_egdb_build b = {
        .pieces = o->pieces,
        .threads = threads,
        .memory_mib = o->memory_mb > 0 ? (size_t)o->memory_mb : 0,
        .progress = cli_progress_wanted(o),
        .folder = o->db,
    };
    char err[GAME_ERROR_BYTES], folder[KERX_EGDB_PATH_BYTES], vtext[160];
    struct kerx_egdb_stats st;
    if (kerx_egdb_build(v, &b, &st, err) != 0)
        return tier_mpi_worker() ? EXIT_BAD_INPUT
                                 : cli_fail("%s", err); /* rank 0 says it */
    kerx_egdb_folder(v, o->db, folder, sizeof folder);
    kerx_game.variant_format(v, vtext, sizeof vtext);
    double rate = st.seconds > 0 ? (double)st.solved_positions / st.seconds : 0;
    if (o->json) {
        printf("{\"game\":\"kerx\",\"variant\":\"%s\",\"pieces\":%d,\"pairs\":%d,"
               "\"pairs_read_back\":%d,\"positions\":%" PRIu64 ",\"won\":%" PRIu64
               ",\"lost\":%" PRIu64 ",\"drawn\":%" PRIu64 ",\"holes\":%" PRIu64
               ",\"max_remoteness\":%d,\"solved_entries\":%" PRIu64
               ",\"seconds\":%.3f,\"entries_per_second\":%.0f,\"threads\":%d,"
               "\"bytes_on_disk\":%" PRIu64 ",\"folder\":\"%s\"}\n",
               vtext, b.pieces, st.pairs, st.pairs_loaded, st.counts.positions,
               st.counts.won, st.counts.lost, st.counts.drawn, st.counts.holes,
               st.counts.max_remoteness, st.solved_positions, st.seconds, rate, b.threads,
               st.bytes_on_disk, folder);
    } else {
        printf("kerx %s, every material of at most %d pieces: %d tier pairs (%d read "
               "back from an earlier run)\n",
               vtext, b.pieces, st.pairs, st.pairs_loaded);
        if (st.pairs_split)
            printf("%d pairs split across MPI ranks (%.1f MB of updates exchanged)\n",
                   st.pairs_split, (double)st.bytes_exchanged / 1e6);
        printf("positions up to symmetry %" PRIu64 ": won %" PRIu64 ", lost %" PRIu64
               ", drawn %" PRIu64 " (for the player to move; longest win or loss %d "
               "moves); %" PRIu64 " index holes\n",
               st.counts.positions, st.counts.won, st.counts.lost, st.counts.drawn,
               st.counts.max_remoteness, st.counts.holes);
        printf("solved %" PRIu64
               " index entries in %.3f s (%.2f M entries/s, %d thread%s)\n",
               st.solved_positions, st.seconds, rate / 1e6, b.threads,
               b.threads == 1 ? "" : "s");
        printf("databases %s (%.1f MB)\n", folder, (double)st.bytes_on_disk / 1e6);
    }
    return EXIT_OK;
}

int solve_kerx_build(const struct cli_options *o, int threads) {
    if (!(o->algo && strcmp(o->algo, "retro") == 0)) return build_symmetric(o, threads);
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

int solve_kerx_probe_open(struct solve_kerx_probe *p, const struct variant *v,
                          const char *data, char *err) {
    memset(p, 0, sizeof *p);
    kerx_egdb_folder(v, data, p->folder, sizeof p->folder);
    if (access(p->folder, F_OK) == 0)
        return kerx_egdb_open(&p->eg, v, data, err) == 0 ? 0 : -1;
    char generic[KERX_DB_PATH_BYTES];
    kerx_db_folder(v, data, generic, sizeof generic);
    if (access(generic, F_OK) == 0) {
        snprintf(p->folder, sizeof p->folder, "%s", generic);
        return kerx_db_set_open(&p->generic, v, data, err) == 0 ? 0 : -1;
    }
    snprintf(err, GAME_ERROR_BYTES,
             "no Kerx databases in %.100s (kibitz solve kerx --pieces N)", p->folder);
    return 1;
}

retro_cell solve_kerx_probe(void *ctx, const void *state) {
    struct solve_kerx_probe *p = ctx;
    return p->eg ? kerx_egdb_probe(p->eg, state) : kerx_db_set_probe(p->generic, state);
}

void solve_kerx_probe_close(struct solve_kerx_probe *p) {
    kerx_egdb_close(p->eg);
    kerx_db_set_close(p->generic);
    memset(p, 0, sizeof *p);
}

int solve_kerx_query(const struct cli_options *o) {
    _Alignas(8) unsigned char state[GAME_MAX_STATE_BYTES];
    int status = cli_load_position(o, state);
    if (status) return status;
    char err[GAME_ERROR_BYTES];
    struct solve_kerx_probe *p = malloc(sizeof *p);
    if (!p) return cli_fail("out of memory");
    if (solve_kerx_probe_open(p, &o->variant, o->db, err) != 0) {
        free(p);
        return cli_fail("%s", err);
    }
    if (solve_kerx_probe(p, state) == RETRO_HOLE) {
        solve_kerx_probe_close(p);
        free(p);
        return cli_fail("no database holds this material (build it with --pieces)");
    }
    status = query_report(o->game, &o->variant, state, solve_kerx_probe, p, p->folder,
                          o->json);
    solve_kerx_probe_close(p);
    free(p);
    return status;
}
