/*
 * kerx_egdb.h - Kerx endgame databases built by a Kerx-specific retrograde
 * analysis (kerx_egdb_build.c), sizes 3..5, and probes into them.
 *
 * Positions are side-relative and reduced by the 12 board symmetries
 * (kerx_egdb_index.h). A tier (m, o) holds the positions where the mover has
 * m pieces and the other side o. A step keeps the material and swaps roles,
 * so tiers (a, b) and (b, a) are solved together, as one "pair", stored in
 * one file "<a>+<b>.keg" (a >= b; kerx_egdb_file.h) in the folder
 * "<data>/egdb-kerx-<variant>/". A capture lowers the total, so pairs are
 * solved by increasing total and a build resumes pair by pair. Materials
 * over by rule are not stored: a side without pieces, or both at or under
 * drawat (X6, X7).
 *
 * Values: one byte a position. 0: draw (no side can force a win); b in
 * 1..KERX_EG_MAX_BYTE: remoteness b - 1 (moves to the end under best play,
 * the winner hurrying, the loser delaying), a win for the mover when odd, a
 * loss when even (remoteness 0: the mover has no legal move); 255: a hole
 * (index of a non-canonical position; never probed).
 */
#ifndef KIBITZ_KERX_EGDB_H
#define KIBITZ_KERX_EGDB_H

#include "engine/game.h"
#include "games/kerx/kerx_egdb_file.h"
#include "solve/retro_cell.h"

#include <stdbool.h>
#include <stddef.h>

/* The value bytes (KERX_EG_DRAW, KERX_EG_MAX_BYTE, KERX_EG_HOLE) are those
 * of the files, kerx_egdb_file.h. */
enum { KERX_EGDB_PATH_BYTES = 4096, KERX_CHECKPOINT_SECONDS = 900 };

/* The builder writes a mover-table file for the m with at least this many
 * m-sets: below, a query makes the table in memory in a few tens of ms
 * (size 4: up to 6 pieces a side, C(37, 6) = 2.3 M sets); from 7 pieces
 * (10.3 M sets, about 0.1 s and 40 MB) the file saves a query more than it
 * costs to read (results/databases.md, "Mover tables"). */
#define KERX_MOVERS_FILE_SETS (UINT64_C(1) << 22)

/* The position's value as a retro_cell (retro.h), for the mover. */
static inline retro_cell kerx_eg_cell(int byte) {
    if (byte == KERX_EG_DRAW) return RETRO_DRAW;
    if (byte == KERX_EG_HOLE) return RETRO_HOLE;
    int r = byte - 1;
    return (r & 1) ? retro_win(r) : retro_loss(r);
}

struct kerx_egdb_build {
    int pieces;  /* every material with at most this many in total, up to
                    kerx_egdb_max_pieces */
    int threads; /* <= 0: OpenMP default */
    /* Pairs of fewer index entries run on one thread (0: 4 M): their levels
     * are too short to pay for the barriers, and on a busy machine a
     * waiting thread spins for nothing. */
    uint64_t parallel_from;
    size_t memory_mib; /* budget; 0: none */
    /* How a pair is held while solving (kerx_egdb_pair.c, "Memory"):
     * KERX_LAYOUT_AUTO shares each position's move counter with its value
     * byte (1 byte an entry) and solves a pair again in the 3-byte layout
     * when its remoteness outgrows the shared byte; the others force one
     * layout (for tests and measurements). The files are the same. */
    enum { KERX_LAYOUT_AUTO, KERX_LAYOUT_SHARED, KERX_LAYOUT_WIDE } layout;
    /* A pair solved in the shared layout saves its state at a level
     * boundary when this many seconds have passed since the last save (0:
     * KERX_CHECKPOINT_SECONDS; < 0: never), and resumes from it after a
     * kill (kerx_egdb_checkpoint.h). */
    double checkpoint_every;
    int stop_before_level; /* tests: save and stop there; 0: never */
    /* The mover-table file ("movers-<m>.kmv", kerx_movers_file.h) of every
     * m a pair has on one side is written when missing (or refused) for
     * the m with at least this many m-sets, C(cells, m) (0:
     * KERX_MOVERS_FILE_SETS); UINT64_MAX: none. */
    uint64_t movers_from;
    bool movers_only;   /* write those files, and nothing else (for a set built
                           before them; not a command-line option yet) */
    bool progress;      /* progress lines on stderr */
    const char *folder; /* data folder (NULL: the data folders, engine/data_folder.h) */
};

struct kerx_egdb_stats {
    int pairs, pairs_loaded;  /* pairs in all, and found finished on disk */
    int pairs_upgraded;       /* of those, rewritten from file format 1 */
    int pairs_split;          /* under MPI: pairs solved split across ranks */
    int pairs_resumed;        /* went on from a checkpoint of an earlier run */
    uint64_t bytes_exchanged; /* by their parts (un-move updates) */
    struct kerx_egdb_counts counts;
    uint64_t solved_positions; /* index entries solved in this run */
    double seconds;
    uint64_t bytes_on_disk;
    /* The win/draw/loss files (.kwdl): written in this run, their time,
     * and the bytes of all of them. */
    int wdl_written;
    double wdl_seconds;
    uint64_t wdl_bytes;
    size_t need_bytes;  /* the memory estimate of the largest pair */
    int movers_written; /* mover-table files written in this run */
};

/* The most pieces a build of board `size` takes: every material of the
 * game, both sides' start pieces (18 on size 3: the whole game; 36 on size
 * 4, where the index and memory refuse far earlier). 0 for a size without
 * databases. */
int kerx_egdb_max_pieces(int size);

/* The folder of the files of variant v. */
void kerx_egdb_folder(const struct variant *v, const char *data, char *buf, size_t n);

/* Build (or finish) the databases. 0; -1 with `err` (GAME_ERROR_BYTES)
 * for bad input (a bound or variant that cannot be built); -2 for a runtime
 * failure (writing, memory, --memory), as search/game_database.h says. */
int kerx_egdb_build(const struct variant *v, const struct kerx_egdb_build *b,
                    struct kerx_egdb_stats *st, char *err);

/* The files of a folder, opened together, for probes: memory-mapped, each
 * file's header and block table verified at once, its values block by
 * block on their first read (kerx_egdb_file.h). */
struct kerx_egdb;
/* 0, or -1 with `err`: no file at all, or a foreign one, or one whose
 * header or block table is damaged. */
int kerx_egdb_open(struct kerx_egdb **out, const struct variant *v, const char *data,
                   char *err);
void kerx_egdb_close(struct kerx_egdb *db);
/* A state's value: RETRO_TERMINAL when the game is over, RETRO_HOLE when its
 * material is not in the set. Matches retro_lookup_fn / dfpn_probe_fn. */
retro_cell kerx_egdb_probe(void *db, const void *state);
/* The same, and where only a win/draw/loss file (.kwdl) holds the
 * material, its value without distance (remoteness RETRO_NO_DISTANCE):
 * for df-pn's leaf probes, which need values only. */
retro_cell kerx_egdb_probe_value(void *db, const void *state);
/* 0, or -1 with err naming the file and block when a value read so far lay
 * in a corrupt block: a RETRO_HOLE from kerx_egdb_probe then meant
 * corruption, and that file answers nothing more. Thread-safe. */
int kerx_egdb_failed(const struct kerx_egdb *db, char *err);
/* Check every block of every file now (reads them whole): 0, or -1 with
 * err. */
int kerx_egdb_verify(const struct kerx_egdb *db, char *err);

#endif
