/* The df-pn half of `kibitz solve` (cli/backend/kz_cli.h): open a database for leaf
 * probes when one answers the variant, prove the position, report. */
#include "cli/backend/kz_cli.h"
#include "lib/kz_internal.h"
#include "solve/dfpn.h"
#include "solve/game_database.h"
#include "solve/retro_check.h"
#include "solve/solver_db.h"
#include "solve/solver_db_move.h"
#include "json/kjson_search.h"

#include <inttypes.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define FAIL(code, ...) kz_fail(err, KZ_CLI_ERROR_BYTES, code, __VA_ARGS__)

static const char *value_word(int value) {
    switch (value) {
    case DFPN_WIN: return "win";
    case DFPN_LOSS: return "loss";
    case DFPN_DRAW: return "draw";
    default: return "unknown";
    }
}

static const char *known_word(int k) {
    return k == 1 ? "proved" : k == 0 ? "disproved" : "unknown";
}

/* The signal (SIGINT/SIGTERM) that stopped df-pn, else 0: it stops,
 * reports, then ends the process by that signal. */
static volatile sig_atomic_t interrupted;

static void on_signal(int sig) {
    interrupted = sig;
}

/* "pn/dn" of one proof, "proved" or "disproved" once settled. */
static const char *proof_numbers(uint32_t pn, uint32_t dn, char *buf, size_t size) {
    if (pn == 0) return "proved";
    if (dn == 0) return "disproved";
    snprintf(buf, size, "pn %u dn %u", pn, dn);
    return buf;
}

/* A progress line on the terminal (stderr), rewritten in place. */
static void prove_progress(void *ctx, const struct dfpn_progress *p) {
    (void)ctx;
    char wins[32], loses[32];
    fprintf(
        stderr,
        "\r\033[Kdf-pn: %.1f M nodes, %.1f M table entries%s, %.0f s; mover wins: %s; "
        "mover loses: %s",
        (double)p->nodes / 1e6, (double)p->table_entries / 1e6,
        p->table_collections ? " (table full, making room)" : "", p->seconds,
        proof_numbers(p->pn[0], p->dn[0], wins, sizeof wins),
        proof_numbers(p->pn[1], p->dn[1], loses, sizeof loses));
}

/* The databases df-pn probes at its leaves: the game's own
 * (solve/game_database.h) or a solver database, or none. */
struct prove_probes {
    const struct game_database *gdb; /* the game's own kind, if it has one */
    void *own_db;                    /* the game's own databases, or NULL */
    struct solver_db *db;            /* a solver database, or NULL */
    char path[SOLVER_DB_PATH_BYTES]; /* what was opened, for the report */
};

static void close_probes(struct prove_probes *p) {
    solver_db_close(p->db);
    if (p->own_db) p->gdb->close(p->own_db);
}

/* Open the databases that answer the variant (--db, none with --db none).
 * KZ_OK, or an error in `err`. */
static int open_probes(const struct kz_cli_args *a, struct prove_probes *p, char *err) {
    const struct game *g = a->game->g;
    const struct variant *v = &a->game->v;
    char gerr[GAME_ERROR_BYTES];
    bool none = a->db && strcmp(a->db, "none") == 0;
    p->gdb = g->database;
    if (p->gdb && !none) {
        int found = p->gdb->open(v, a->db, &p->own_db, p->path, sizeof p->path, gerr);
        if (found < 0) return FAIL(KZ_ERUNTIME, "%s", gerr);
        if (found > 0) p->path[0] = '\0';
    } else if (!none) {
        p->db = solver_db_for_engine(g, v, a->db, p->path, sizeof p->path, gerr);
        if (!p->db && gerr[0])
            return FAIL(g->tier_of && kz_cli_database_missing(a->game, a->db)
                            ? KZ_CLI_MISSING
                            : KZ_ERUNTIME,
                        "%s", gerr);
    }
    return KZ_OK;
}

/* dfpn_solve, with Ctrl-C or a kill ending a long proof with its report,
 * not silently (`interrupted` says which signal came). */
static int solve_interruptible(const struct dfpn_config *cfg, const void *state,
                               struct dfpn_result *r, char *gerr) {
    interrupted = 0;
    struct sigaction stop = {.sa_handler = on_signal}, old_int, old_term;
    sigemptyset(&stop.sa_mask);
    sigaction(SIGINT, &stop, &old_int);
    sigaction(SIGTERM, &stop, &old_term);
    /* A signal the caller ignores (a background job's SIGINT) stays ignored. */
    if (old_int.sa_handler == SIG_IGN) sigaction(SIGINT, &old_int, NULL);
    if (old_term.sa_handler == SIG_IGN) sigaction(SIGTERM, &old_term, NULL);
    int solved = dfpn_solve(cfg, state, r, gerr);
    sigaction(SIGINT, &old_int, NULL);
    sigaction(SIGTERM, &old_term, NULL);
    return solved;
}

/* The value line(s): proved, or what was learned before the stop. */
static void print_value(FILE *out, const struct dfpn_result *r, const char *who) {
    if (r->value == DFPN_UNKNOWN) {
        fprintf(out, "unfinished (%s): the value is not proved\n", r->stopped);
        fprintf(out,
                "learned: %s wins: %s (root pn %u dn %u); %s loses: %s (root pn %u dn "
                "%u)\n",
                who, known_word(r->mover_wins), r->pn[0], r->dn[0], who,
                known_word(r->mover_loses), r->pn[1], r->dn[1]);
        return;
    }
    char in[48] = "";
    if (r->remoteness >= 0 && r->remoteness < RETRO_NO_DISTANCE)
        snprintf(in, sizeof in, " in %d", r->remoteness);
    fprintf(out, "%s to move: %s%s%s\n", who, value_word(r->value), in,
            r->value == DFPN_DRAW ? " (neither side can force a win)" : "");
}

/* The best move and every root move whose value was proved. */
static void print_moves(FILE *out, const struct game *g, const struct variant *v,
                        const void *state, const struct dfpn_result *r, const char *who) {
    char mtext[64];
    if (r->has_move) {
        g->format_move(v, state, r->move, mtext, sizeof mtext);
        fprintf(out, "best move: %s\n", mtext);
    }
    int shown = 0;
    for (int i = 0; i < r->root_count; i++)
        if (r->root_values[i] != DFPN_UNKNOWN) shown++;
    if (!shown) return;
    fprintf(out, "moves proved (value for %s):", who);
    for (int i = 0; i < r->root_count; i++) {
        if (r->root_values[i] == DFPN_UNKNOWN) continue;
        g->format_move(v, state, r->root_moves[i], mtext, sizeof mtext);
        fprintf(out, " %s %s", mtext, value_word(r->root_values[i]));
    }
    fprintf(out, "\n");
}

/* The root's distance to the end: from the game's database, from the
 * proof, or why it is not known. */
static void print_remoteness(FILE *out, const struct prove_probes *p, const void *state,
                             const struct dfpn_result *r) {
    /* The root itself in a Kerx database: its remoteness is known. */
    retro_cell root = p->own_db ? p->gdb->probe(p->own_db, state) : RETRO_HOLE;
    if (retro_is_value(root)) {
        char ctext[32];
        retro_cell_text(root, ctext, sizeof ctext);
        fprintf(out, "database: %s\n", ctext);
    } else if (r->remoteness >= RETRO_NO_DISTANCE) {
        fprintf(out, "remoteness: not known (the proof rests on win/draw/loss "
                     "files, which keep no distance)\n");
    } else if (r->remoteness >= 0) {
        fprintf(out,
                "remoteness: %d, the shortest %s inside the proof (an upper bound of "
                "the exact one)\n",
                r->remoteness, r->value == DFPN_WIN ? "win" : "loss");
    } else if (r->value != DFPN_DRAW && r->value != DFPN_UNKNOWN) {
        fprintf(out, "remoteness: not measured (the proof's lines repeat, or it rests on "
                     "stored facts)\n");
    }
}

/* The text report of a finished (or stopped) proof. */
static void print_prove_text(FILE *out, const struct game *g, const struct variant *v,
                             const void *state, const struct dfpn_result *r,
                             const struct prove_probes *p, struct fact_store *store) {
    char ptext[512];
    g->format_position(v, state, ptext, sizeof ptext);
    const char *who = g->player_name(v, g->turn(v, state));
    double rate = r->seconds > 0 ? (double)r->nodes / r->seconds : 0;
    bool probed = p->db || p->own_db;
    fprintf(out, "position %s\n", ptext);
    print_value(out, r, who);
    print_moves(out, g, v, state, r, who);
    fprintf(out,
            "proof %" PRIu64 " positions; %" PRIu64 " nodes, %" PRIu64
            " table entries, %.3f s (%.0f nodes/s)%s%s\n",
            r->proof_size, r->nodes, r->table_entries, r->seconds, rate,
            probed ? "; databases " : "", probed ? p->path : "");
    if (store)
        fprintf(out,
                "store: %" PRIu64 " positions settled (%" PRIu64
                " facts added by this run%s)\n",
                fact_store_count(store), r->facts_added,
                r->from_store ? "; the root's answer came from it" : "");
    if (r->table_collections)
        fprintf(out,
                "table full %" PRIu64 " times: made room by removing %" PRIu64
                " open entries of least work\n",
                r->table_collections, r->table_removed);
    print_remoteness(out, p, state, r);
}

/* df-pn's settings from the command's options; KZ_OK, or an error in
 * `err` (an unknown --pn-init). */
static int prove_config(const struct kz_cli_args *a, const struct prove_probes *p,
                        struct dfpn_config *cfg, char *err) {
    enum dfpn_init init = DFPN_INIT_MOBILITY; /* measured best: results/kerx.md */
    if (a->pn_init && dfpn_init_parse(a->pn_init, &init) != 0)
        return FAIL(KZ_EINVAL,
                    "unknown --pn-init '%s' (uniform, eval, mobility, material)",
                    a->pn_init);
    const struct game_database *gdb = p->gdb;
    *cfg = (struct dfpn_config){
        .game = a->game->g,
        .variant = &a->game->v,
        .table_mib = (size_t)(a->hash_mib > 0 ? a->hash_mib : DFPN_DEFAULT_TABLE_MIB),
        .time_limit = a->time > 0 ? a->time : 0,
        .node_limit = a->iterations > 0 ? (uint64_t)a->iterations : 0,
        /* Values only: a game's compact files answer too (probe_value). */
        .probe = p->db       ? solver_db_lookup
                 : p->own_db ? (gdb->probe_value ? gdb->probe_value : gdb->probe)
                             : NULL,
        .probe_ctx = p->db ? (void *)p->db : (void *)p->own_db,
        .init = init,
        .progress = a->progress ? prove_progress : NULL,
        .interrupt = &interrupted,
    };
    return KZ_OK;
}

int kz_cli_prove(const struct kz_cli_args *a, const kz_state *s, FILE *out, char *err) {
    const struct game *g = a->game->g;
    const struct variant *v = &a->game->v;
    char gerr[GAME_ERROR_BYTES];
    const void *state = s->bytes;
    int mover = g->turn(v, state);
    if (mover < 0) return FAIL(KZ_EINVAL, "the game is already over in this position");
    struct prove_probes p = {0};
    int status = open_probes(a, &p, err);
    if (status != KZ_OK) return status;
    struct dfpn_config cfg;
    if ((status = prove_config(a, &p, &cfg, err)) != KZ_OK) {
        close_probes(&p);
        return status;
    }
    struct fact_store *store = NULL;
    if (a->store) {
        char tag[320], serr[FACT_STORE_ERROR_BYTES];
        fact_store_tag(g, v, tag, sizeof tag);
        if (fact_store_open(a->store, tag, g->state_size, true, &store, serr) != 0) {
            close_probes(&p);
            return FAIL(KZ_ERUNTIME, "--store: %s", serr);
        }
        cfg.store = store;
    }
    struct dfpn_result *r = malloc(sizeof *r);
    if (!r) {
        fact_store_close(store);
        close_probes(&p);
        return FAIL(KZ_ERUNTIME, "out of memory");
    }
    int solved = solve_interruptible(&cfg, state, r, gerr);
    if (a->progress && r->seconds >= 1.0)
        fprintf(stderr, "\r\033[K"); /* clear the line */
    char serr[FACT_STORE_ERROR_BYTES] = "";
    bool store_failed = store && fact_store_sync(store, serr) != 0;
    if (solved != 0) {
        fact_store_close(store);
        free(r);
        close_probes(&p);
        return FAIL(KZ_EINVAL, "%s", gerr);
    }
    if (a->json)
        kjson_print(kjson_search_dfpn(g, v, state, r, p.db || p.own_db ? p.path : NULL),
                    out);
    else
        print_prove_text(out, g, v, state, r, &p, store);
    if (!store_failed && r->store_error[0]) {
        store_failed = true;
        snprintf(serr, sizeof serr, "%s", r->store_error);
    }
    free(r);
    fact_store_close(store);
    if (store_failed) {
        close_probes(&p);
        return FAIL(KZ_ERUNTIME, "--store: %s", serr);
    }
    /* A damaged block met by a probe: that probe said "not held", so the
     * proof stands without it; still a failure to report (exit status 1). */
    bool damaged = (p.db && solver_db_failed(p.db, gerr)) ||
                   (p.own_db && game_database_failed(p.gdb, p.own_db, gerr));
    close_probes(&p);
    if (damaged) return FAIL(KZ_ERUNTIME, "%s; df-pn went on without that file", gerr);
    if (interrupted) { /* reported; now end by the signal, as `solve` does (130, 143) */
        fflush(out);
        signal((int)interrupted, SIG_DFL);
        raise((int)interrupted);
    }
    return KZ_OK;
}
