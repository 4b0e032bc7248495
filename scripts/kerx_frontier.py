#!/usr/bin/python3
"""kerx_frontier.py - how far back from the endgame databases df-pn proves a
line of the Kerx start.

The size-4 start (36 pieces) is far beyond df-pn, and the endgame databases
answer only positions of up to 9 pieces. This walks the gap from both ends:

1. line: from a start position, alpha-beta (probing the databases) plays
   both sides to a fixed depth (deterministic), until the game ends or a position is
   held by the databases;
2. frontier: df-pn (`kibitz solve kerx --position`, probing the same
   databases) tries every position of that line, from the last one
   backwards, each with the same node budget and table (a budget, not a
   time, so a busy machine gives the same answers), and records what it proved:
   the exact value, or one half ("the mover does not lose" / "does not win")
   when only one of its two proofs finished.

Everything is printed as it happens and written to OUT/line.tsv and
OUT/frontier.tsv (tab-separated, one row per position), so a long run can be
followed and stopped. Only kibitz's own commands are run; the numbers are
theirs.

usage: scripts/kerx_frontier.py KIBITZ DB OUT [--variant V] [--moves M] [--depth N]
       [--proof-nodes N] [--hash MiB] [--stop-after N] [--line-only] [--summary]
"""
import argparse
import json
import os
import subprocess
import sys
import time


VARIANT = []  # ["--variant", V] when given


def run_json(cmd):
    """Run a kibitz command with --json; its document, or exit naming it."""
    cmd = cmd[:3] + VARIANT + cmd[3:]
    p = subprocess.run(cmd + ["--json"], capture_output=True, text=True)
    if p.returncode not in (0, 1) or not p.stdout.strip():
        sys.exit("kerx_frontier: %s failed (exit %d): %s"
                 % (" ".join(cmd), p.returncode, p.stderr.strip()))
    return json.loads(p.stdout)


def pieces(fen):
    board = fen.split()[0]
    return sum(board.count(c) for c in "bw"), board.count("w"), board.count("b")


def play_line(args):
    """Alpha-beta self-play from --moves; the list of (fen, move, value)."""
    moves = args.moves.split() if args.moves else []
    rows = []
    for k, mv in enumerate(moves):  # the given moves are part of the line
        pos = run_json([args.kibitz, "show", "kerx", "--moves", " ".join(moves[:k])])
        rows.append((pos["position"], mv, "given"))
    while True:
        pos = run_json([args.kibitz, "show", "kerx", "--moves", " ".join(moves)])
        fen = pos["position"]
        if not pos["moves"] or len(rows) >= args.max_plies:
            rows.append((fen, "", "end" if not pos["moves"] else "ply limit"))
            return moves, rows
        total = pieces(fen)[0]
        search = run_json([args.kibitz, "bestmove", "kerx", "--position", fen,
                           "--depth", str(args.depth), "--threads", "1",
                           "--db", args.db])
        value = search["value"]
        shown = value["result"] if value["result"] != "unknown" else \
            "%+.2f" % value.get("score", 0.0)
        rows.append((fen, search["move"], shown))
        print("ply %3d  %2d pieces  %-28s %s" % (len(moves), total, search["move"], shown),
              flush=True)
        moves.append(search["move"])
        if total <= args.held:
            rows.append((run_json([args.kibitz, "show", "kerx", "--moves",
                                   " ".join(moves)])["position"], "", "held"))
            return moves, rows


def prove(args, fen):
    doc = run_json([args.kibitz, "solve", "kerx", "--position", fen, "--db", args.db,
                    "--iterations", str(args.proof_nodes), "--hash", str(args.hash)])
    st = doc.get("stats", {})
    return doc["value"]["result"], st.get("mover_wins", "?"), st.get("mover_loses", "?"), \
        doc.get("nodes", 0), doc.get("seconds", 0.0)


def for_white(fen, value, wins, loses):
    """What was proved, said for white (the results are for the mover)."""
    white = fen.split()[1] == "w"
    if value in ("win", "loss"):
        return value if white else {"win": "loss", "loss": "win"}[value]
    if value == "draw":
        return "draw"
    said = []
    if wins == "disproved":  # the mover does not win
        said.append("white does not win" if white else "white does not lose")
    if loses == "disproved":  # the mover does not lose
        said.append("white does not lose" if white else "white does not win")
    return ", ".join(said) or "unknown"


def summarize(out):
    """A Markdown table of OUT/frontier.tsv, for white, line order."""
    path = os.path.join(out, "frontier.tsv")
    try:
        with open(path) as f:
            rows = [r.rstrip("\n").split("\t") for r in f][1:]
    except OSError as e:
        sys.exit("kerx_frontier: cannot read %s: %s" % (path, e.strerror))
    print("| ply | pieces | position | for white | nodes |")
    print("|---|---|---|---|---|")
    for ply, n, fen, value, wins, loses, nodes, _ in sorted(rows, key=lambda r: int(r[0])):
        print("| %s | %s | `%s` | %s | %s |" % (ply, n, fen, for_white(fen, value, wins, loses),
                                               format(int(nodes), ",")))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("kibitz", help="the kibitz binary")
    ap.add_argument("db", help="folder of Kerx size-4 endgame databases (--db)")
    ap.add_argument("out", help="folder for line.tsv and frontier.tsv (created)")
    ap.add_argument("--variant", default="", help="Kerx variant (default: size 4)")
    ap.add_argument("--moves", default="",
                    help="the line's first moves from the start (given, not searched)")
    ap.add_argument("--depth", type=int, default=14, help="alpha-beta depth per move (14)")
    ap.add_argument("--proof-nodes", type=int, default=10000000,
                    help="df-pn node budget per position (10000000)")
    ap.add_argument("--hash", type=int, default=2048, help="df-pn table MiB (2048)")
    ap.add_argument("--held", type=int, default=9,
                    help="the line stops after reaching this many pieces (9)")
    ap.add_argument("--max-plies", type=int, default=400, help="longest line (400)")
    ap.add_argument("--stop-after", type=int, default=3,
                    help="stop the frontier after N positions in a row with nothing proved (3)")
    ap.add_argument("--line-only", action="store_true", help="play the line, prove nothing")
    ap.add_argument("--summary", action="store_true",
                    help="print OUT/frontier.tsv as a Markdown table, for white; run nothing")
    args = ap.parse_args()
    if args.summary:
        summarize(args.out)
        return
    if args.variant:
        VARIANT.extend(["--variant", args.variant])
    if not os.access(args.kibitz, os.X_OK):
        sys.exit("kerx_frontier: %s is not an executable" % args.kibitz)
    if not os.path.isdir(args.db):
        sys.exit("kerx_frontier: no database folder %s" % args.db)
    os.makedirs(args.out, exist_ok=True)

    moves, rows = play_line(args)
    with open(os.path.join(args.out, "line.tsv"), "w") as f:
        f.write("ply\tpieces\twhite\tblack\tposition\tmove\talphabeta\n")
        for i, (fen, mv, val) in enumerate(rows):
            n, w, b = pieces(fen)
            f.write("%d\t%d\t%d\t%d\t%s\t%s\t%s\n" % (i, n, w, b, fen, mv, val))
    given = len(args.moves.split())
    print("line: %d plies (%d given, %d played): %s"
          % (len(moves), given, len(moves) - given, " ".join(moves)), flush=True)
    if args.line_only:
        return

    path = os.path.join(args.out, "frontier.tsv")
    with open(path, "w") as f:
        f.write("ply\tpieces\tposition\tvalue\tmover_wins\tmover_loses\tnodes\tseconds\n")
    misses = 0
    for i in range(len(rows) - 1, -1, -1):
        fen = rows[i][0]
        n = pieces(fen)[0]
        started = time.time()
        value, wins, loses, nodes, secs = prove(args, fen)
        half = value != "unknown" or "proved" in (wins, loses) or "disproved" in (wins, loses)
        print("ply %3d  %2d pieces  %-8s wins %-9s loses %-9s %10d nodes %7.1f s  (%.0f s wall)"
              % (i, n, value, wins, loses, nodes, secs, time.time() - started),
              flush=True)
        with open(path, "a") as f:
            f.write("%d\t%d\t%s\t%s\t%s\t%s\t%d\t%.1f\n"
                    % (i, n, fen, value, wins, loses, nodes, secs))
        misses = 0 if half else misses + 1
        if misses >= args.stop_after:
            break


if __name__ == "__main__":
    main()
