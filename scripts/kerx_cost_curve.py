#!/usr/bin/python3
"""kerx_cost_curve.py - how much df-pn work each piece of Kerx endgame
database saves, measured on the published lines of the size-4 start.

run: for every line folder (results/kerx_frontier/A ... D, their line.tsv)
and every piece count in --pieces, the line's last position with that many
pieces (the last N with --per-count N, fewer where the line has fewer) is
proved by `kibitz solve kerx --position P --db DIR --iterations
NODES --hash MiB` once per database set given (--db LABEL=DIR, LABEL the
set's piece horizon: 7, 8, ...). A node budget, not a time, so the load of
the machine does not change the answers. One row per run is appended to
OUT (tab-separated) as soon as it ends; a run already in OUT is skipped, so
the command resumes.

summary: the gap of a run is the position's pieces less the horizon. Over
the runs that proved the exact value, log10(nodes) is fitted against the
gap by least squares: the factor per piece is 10^slope, with the spread
from the slope's standard error (factor / and x 10^se). Positions proved
with two horizons give the factor directly (nodes with the smaller set /
nodes with the larger, per piece of difference): their geometric mean,
least and most; the same fit for each horizon alone. Runs that did not
finish are counted by gap: they bound the cost from below (more than
NODES). An unfinished run with horizon H (budget N) on a position that the
next horizon run on it, H', proves in n nodes bounds that position's factor
per piece from below by (N / n) ^ (1 / (H' - H)); these bounds are listed,
and those above 1 with the exact same-position ratios give a lower bound on
their geometric mean. Several OUT files are read as one: a run (line, ply,
horizon) in two is taken from the first file named, so name the files of
bigger budgets first.

subset: DEST gets hard links to the pair files (.keg, .kwdl) of at most H
pieces of the sets in SRC (same folder names): the horizon-H folder for
--db H=DEST, without copying and without writing into SRC.

usage: scripts/kerx_cost_curve.py run KIBITZ OUT --db 7=DIR7 --db 8=DIR8
           [--lines results/kerx_frontier/A ...] [--pieces 10-24]
           [--nodes 2000000] [--hash 512] [--variant size=4]
           [--per-count 1]
       scripts/kerx_cost_curve.py summary OUT [OUT ...]
       scripts/kerx_cost_curve.py subset SRC DEST --pieces H
"""
import argparse
import json
import math
import os
import subprocess
import sys

FIELDS = ["line", "ply", "pieces", "horizon", "gap", "position", "value",
          "mover_wins", "mover_loses", "nodes", "seconds"]


def positions(lines, low, high, per_count=1):
    """(line name, ply, pieces, position): the last per_count positions of
    each piece count of each line (fewer where the line has fewer)."""
    out = []
    for folder in lines:
        name = os.path.basename(os.path.normpath(folder))
        by_count = {}
        with open(os.path.join(folder, "line.tsv")) as f:
            next(f)
            for row in f:
                cols = row.rstrip("\n").split("\t")
                ply, count, pos = int(cols[0]), int(cols[1]), cols[4]
                if low <= count <= high:
                    by_count.setdefault(count, []).append((name, ply, count, pos))
        for rows in by_count.values():
            out.extend(rows[-per_count:])
    return sorted(out, key=lambda r: (r[2], r[0], -r[1]))


def done_keys(out):
    keys = set()
    if os.path.exists(out):
        with open(out) as f:
            for row in f:
                cols = row.split("\t")
                if cols[0] != "line":
                    keys.add((cols[0], cols[1], cols[3]))
    return keys


def bad(message):
    sys.exit("kerx_cost_curve: " + message)


def run(args):
    try:
        low, high = (int(x) for x in args.pieces.split("-"))
    except ValueError:
        bad("--pieces %s: want LOW-HIGH, two numbers" % args.pieces)
    if args.per_count < 1:
        bad("--per-count %d: want 1 or more" % args.per_count)
    if not (os.path.isfile(args.kibitz) and os.access(args.kibitz, os.X_OK)):
        bad("%s: not an executable" % args.kibitz)
    sets = [d.split("=", 1) for d in args.db]
    for d, s in zip(args.db, sets):
        if len(s) != 2 or not s[0].isdigit():
            bad("--db %s: want HORIZON=FOLDER, the horizon a number" % d)
        if not os.path.isdir(s[1]):
            bad("--db %s: no database folder %s" % (d, s[1]))
    for folder in args.lines:
        if not os.path.isfile(os.path.join(folder, "line.tsv")):
            bad("--lines %s: no line.tsv there" % folder)
    done = done_keys(args.out)
    new = not os.path.exists(args.out)
    with open(args.out, "a") as out:
        if new:
            out.write("\t".join(FIELDS) + "\n")
        for name, ply, count, pos in positions(args.lines, low, high, args.per_count):
            for horizon, folder in sets:
                if (name, str(ply), horizon) in done:
                    continue
                cmd = [args.kibitz, "solve", "kerx", "--variant", args.variant,
                       "--position", pos, "--db", folder,
                       "--iterations", str(args.nodes), "--hash", str(args.hash),
                       "--json", "--quiet"]
                p = subprocess.run(cmd, capture_output=True, text=True)
                try:
                    doc = json.loads(p.stdout)
                except ValueError:
                    sys.exit("kerx_cost_curve: %s failed: %s" % (" ".join(cmd),
                                                                 p.stderr.strip()))
                st = doc.get("stats", {})
                row = [name, ply, count, horizon, count - int(horizon), pos,
                       doc["value"]["result"], st.get("mover_wins", "-"),
                       st.get("mover_loses", "-"), doc.get("nodes", 0),
                       "%.1f" % doc.get("seconds", 0)]
                out.write("\t".join(str(x) for x in row) + "\n")
                out.flush()
                print("\t".join(str(x) for x in row), flush=True)


def fit(points):
    """Least squares y = a + b x; (a, b, standard error of b)."""
    n = len(points)
    mx = sum(x for x, _ in points) / n
    my = sum(y for _, y in points) / n
    sxx = sum((x - mx) ** 2 for x, _ in points)
    b = sum((x - mx) * (y - my) for x, y in points) / sxx
    a = my - b * mx
    resid = sum((y - a - b * x) ** 2 for x, y in points)
    se = math.sqrt(resid / (n - 2) / sxx) if n > 2 else float("nan")
    return a, b, se


def read_rows(paths):
    """The rows of every OUT file; a run (line, ply, horizon) given twice is
    kept once, from the first file that has it."""
    rows, seen = [], set()
    for path in paths:
        try:
            with open(path) as f:
                head = next(f, "").rstrip("\n").split("\t")
                if head[:len(FIELDS)] != FIELDS:
                    sys.exit("kerx_cost_curve: %s: not a cost-curve file (its first "
                             "line is not the header %s)" % (path, " ".join(FIELDS)))
                for num, line in enumerate(f, 2):
                    cols = line.rstrip("\n").split("\t")
                    if len(cols) < len(FIELDS):
                        sys.exit("kerx_cost_curve: %s line %d: %d columns, want %d" % (
                            path, num, len(cols), len(FIELDS)))
                    r = dict(zip(head, cols))
                    try:
                        for k in ("pieces", "horizon", "gap", "nodes"):
                            int(r[k])
                    except ValueError:
                        sys.exit("kerx_cost_curve: %s line %d: %s is not a number" % (
                            path, num, k))
                    key = (r["line"], r["ply"], r["horizon"])
                    if key not in seen:
                        seen.add(key)
                        rows.append(r)
        except OSError as e:
            sys.exit("kerx_cost_curve: cannot read %s: %s" % (path, e.strerror))
    return rows


def geomean(xs):
    return math.exp(sum(math.log(x) for x in xs) / len(xs))


def print_fit(label, rows):
    pts = [(int(r["gap"]), math.log10(max(int(r["nodes"]), 1))) for r in rows]
    if len(pts) >= 3 and len({x for x, _ in pts}) >= 2:
        a, b, se = fit(pts)
        print("%s over %d exact proofs: log10(nodes) = %.2f + %.3f gap (se %.3f):"
              " factor per piece %.2f (%.2f .. %.2f)" % (
                  label, len(pts), a, b, se, 10 ** b, 10 ** (b - se), 10 ** (b + se)))


def summary(args):
    rows = read_rows(args.out)
    if not rows:
        sys.exit("kerx_cost_curve: no runs in %s" % " ".join(args.out))
    solved = [r for r in rows if r["value"] != "unknown"]
    def half(r):
        return r["value"] == "unknown" and (
            r["mover_wins"] in ("proved", "disproved") or
            r["mover_loses"] in ("proved", "disproved"))
    halves = sum(1 for r in rows if half(r))
    print("runs %d: exact value proved %d, one half %d, nothing %d" % (
        len(rows), len(solved), halves, len(rows) - len(solved) - halves))
    horizons = sorted({int(r["horizon"]) for r in rows})
    print("\ngap  horizon  runs  exact  exact: nodes (geometric mean)"
          "  unfinished (budget)")
    for gap in sorted({int(r["gap"]) for r in rows}):
        for h in horizons:
            g = [r for r in rows if int(r["gap"]) == gap and int(r["horizon"]) == h]
            if not g:
                continue
            ok = [max(int(r["nodes"]), 1) for r in g if r["value"] != "unknown"]
            cut = [int(r["nodes"]) for r in g if r["value"] == "unknown"]
            print("%3d  %7d  %4d  %5d  %-29s  %s" % (
                gap, h, len(g), len(ok), "%.0f" % geomean(ok) if ok else "-",
                "%d (> %d)" % (len(cut), min(cut)) if cut else "-"))
    print()
    print_fit("fit", solved)
    for h in horizons:
        print_fit("  horizon %d alone:" % h, [r for r in solved if int(r["horizon"]) == h])
    by_pos = {}
    for r in rows:
        by_pos.setdefault((r["line"], r["ply"]), []).append(r)
    ratios, bounds = [], []
    for key, rs in sorted(by_pos.items()):
        rs.sort(key=lambda r: int(r["horizon"]))
        exact = [r for r in rs if r["value"] != "unknown"]
        for lo, hi in zip(exact, exact[1:]):
            d = int(hi["horizon"]) - int(lo["horizon"])
            ratio = (max(int(lo["nodes"]), 1) / max(int(hi["nodes"]), 1)) ** (1 / d)
            ratios.append(ratio)
            print("%s ply %s (%s pieces): %s nodes with %s, %s with %s: %.2f a piece" % (
                key[0], key[1], lo["pieces"], lo["nodes"], lo["horizon"], hi["nodes"],
                hi["horizon"], ratio))
        # Censored: unfinished with horizon H after a budget of N nodes, proved
        # with the next horizon run on that position, H', in n nodes: the
        # factor per piece on that position is at least (N / n) ^ (1 / (H' - H)).
        for lo, hi in zip(rs, rs[1:]):
            if lo["value"] != "unknown" or hi["value"] == "unknown":
                continue
            d = int(hi["horizon"]) - int(lo["horizon"])
            bound = (int(lo["nodes"]) / max(int(hi["nodes"]), 1)) ** (1 / d)
            bounds.append(bound)
            print("%s ply %s (%s pieces): unfinished after %s nodes with %s, %s with %s:"
                  " at least %.2f a piece" % (key[0], key[1], lo["pieces"], lo["nodes"],
                                              lo["horizon"], hi["nodes"], hi["horizon"],
                                              bound))
    if ratios:
        print("same positions, %d pairs: factor per piece %.2f (geometric mean), "
              "least %.2f, most %.2f" % (len(ratios), geomean(ratios), min(ratios),
                                         max(ratios)))
    # A bound of 1 or less says nothing (the budget was below the larger
    # horizon's own count): listed above, left out of the aggregates.
    told = [b for b in bounds if b > 1]
    if len(told) < len(bounds):
        print("%d bounds of at most 1 a piece say nothing: left out below" % (
            len(bounds) - len(told)))
    if told:
        print("unfinished below a proof, %d pairs: factor per piece at least %.2f .. %.2f"
              " (geometric mean of the bounds %.2f)" % (
                  len(told), min(told), max(told), geomean(told)))
        # Each bound is at most its position's true factor, so the geometric
        # mean over the exact ratios and the bounds bounds theirs from below.
        print("exact ratios and bounds together, %d pairs: geometric mean of the factor"
              " per piece at least %.2f" % (len(ratios) + len(told),
                                            geomean(ratios + told)))


def subset(args):
    """Hard links to the pair files of at most --pieces pieces (and the mover
    tables movers-M.kmv of fewer movers) of every Kerx set folder in SRC, in
    the same folder names under DEST: a database horizon for run's --db,
    taking no disk and leaving SRC as it is."""
    if args.pieces < 1:
        bad("--pieces %d: want 1 or more" % args.pieces)
    try:
        sets = sorted(d for d in os.listdir(args.src) if d.startswith("egdb-kerx-"))
    except OSError as e:
        bad("cannot read %s: %s" % (args.src, e.strerror))
    if not sets:
        bad("%s: no Kerx database folder (egdb-kerx-...) in it" % args.src)
    linked = kept = 0
    pairs = {}
    for name in sets:
        os.makedirs(os.path.join(args.dest, name), exist_ok=True)
        for f in sorted(os.listdir(os.path.join(args.src, name))):
            stem, dot, ext = f.partition(".")
            sides = stem.split("+")
            if ext == "kmv" and stem.startswith("movers-") and stem[7:].isdigit():
                # A mover table saves each probing run seconds and memory;
                # tiers of a P-piece horizon have at most P - 1 movers.
                if int(stem[7:]) >= args.pieces:
                    continue
            elif ext not in ("keg", "kwdl") or len(sides) != 2 or \
                    not all(x.isdigit() for x in sides) or sum(map(int, sides)) > args.pieces:
                continue
            else:
                pairs.setdefault(sum(map(int, sides)), set()).add(stem)
            to = os.path.join(args.dest, name, f)
            if os.path.exists(to):
                if not os.path.samefile(to, os.path.join(args.src, name, f)):
                    bad("%s exists and is not %s: not replaced" % (
                        to, os.path.join(args.src, name, f)))
                kept += 1
                continue
            try:
                os.link(os.path.join(args.src, name, f), to)
            except OSError as e:
                bad("cannot link %s: %s" % (to, e.strerror))
            linked += 1
    print("%s: %d files of at most %d pieces linked, %d there already" % (
        args.dest, linked, args.pieces, kept))
    # The pairs by piece count, so that a set still being built shows.
    for count in sorted(pairs):
        print("  %d pieces: %s" % (count, " ".join(sorted(pairs[count]))))


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="what", required=True)
    r = sub.add_parser("run")
    r.add_argument("kibitz")
    r.add_argument("out")
    r.add_argument("--db", action="append", required=True)
    here = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "results",
                        "kerx_frontier")
    r.add_argument("--lines", nargs="+",
                   default=[os.path.join(here, x) for x in "ABCD"])
    r.add_argument("--pieces", default="10-24")
    r.add_argument("--per-count", type=int, default=1,
                   help="the last N positions of each piece count of a line")
    r.add_argument("--variant", default="size=4")
    r.add_argument("--nodes", type=int, default=2000000)
    r.add_argument("--hash", type=int, default=512)
    s = sub.add_parser("summary")
    s.add_argument("out", nargs="+")
    k = sub.add_parser("subset")
    k.add_argument("src")
    k.add_argument("dest")
    k.add_argument("--pieces", type=int, required=True)
    args = ap.parse_args()
    {"run": run, "summary": summary, "subset": subset}[args.what](args)


if __name__ == "__main__":
    main()
