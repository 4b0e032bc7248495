#!/usr/bin/python3
"""kerx_cost_curve.py - how much df-pn work each piece of Kerx endgame
database saves, measured on the published lines of the size-4 start.

run: for every line folder (results/kerx_frontier/A ... D, their line.tsv)
and every piece count in --pieces, the line's last position with that many
pieces is proved by `kibitz solve kerx --position P --db DIR --iterations
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
least and most. Runs that did not finish are counted by gap: they bound
the cost from below (more than NODES).

usage: scripts/kerx_cost_curve.py run KIBITZ OUT --db 7=DIR7 --db 8=DIR8
           [--lines results/kerx_frontier/A ...] [--pieces 10-24]
           [--nodes 2000000] [--hash 512] [--variant size=4]
       scripts/kerx_cost_curve.py summary OUT
"""
import argparse
import json
import math
import os
import subprocess
import sys

FIELDS = ["line", "ply", "pieces", "horizon", "gap", "position", "value",
          "mover_wins", "mover_loses", "nodes", "seconds"]


def positions(lines, low, high):
    """(line name, ply, pieces, position), the last of each piece count."""
    out = []
    for folder in lines:
        name = os.path.basename(os.path.normpath(folder))
        last = {}
        with open(os.path.join(folder, "line.tsv")) as f:
            next(f)
            for row in f:
                cols = row.rstrip("\n").split("\t")
                ply, count, pos = int(cols[0]), int(cols[1]), cols[4]
                if low <= count <= high:
                    last[count] = (name, ply, count, pos)
        out.extend(last.values())
    return sorted(out, key=lambda r: (r[2], r[0]))


def done_keys(out):
    keys = set()
    if os.path.exists(out):
        with open(out) as f:
            for row in f:
                cols = row.split("\t")
                if cols[0] != "line":
                    keys.add((cols[0], cols[1], cols[3]))
    return keys


def run(args):
    low, high = (int(x) for x in args.pieces.split("-"))
    sets = [d.split("=", 1) for d in args.db]
    done = done_keys(args.out)
    new = not os.path.exists(args.out)
    with open(args.out, "a") as out:
        if new:
            out.write("\t".join(FIELDS) + "\n")
        for name, ply, count, pos in positions(args.lines, low, high):
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


def summary(args):
    rows = []
    with open(args.out) as f:
        head = next(f).rstrip("\n").split("\t")
        for line in f:
            rows.append(dict(zip(head, line.rstrip("\n").split("\t"))))
    solved = [r for r in rows if r["value"] != "unknown"]
    def half(r):
        return r["value"] == "unknown" and (
            r["mover_wins"] in ("proved", "disproved") or
            r["mover_loses"] in ("proved", "disproved"))
    halves = sum(1 for r in rows if half(r))
    print("runs %d: exact value proved %d, one half %d, nothing %d" % (
        len(rows), len(solved), halves, len(rows) - len(solved) - halves))
    print("\ngap  horizon  runs  exact  nodes of the exact ones (geometric mean)")
    for gap in sorted({int(r["gap"]) for r in rows}):
        for h in sorted({r["horizon"] for r in rows}):
            g = [r for r in rows if int(r["gap"]) == gap and r["horizon"] == h]
            if not g:
                continue
            ok = [int(r["nodes"]) for r in g if r["value"] != "unknown"]
            mean = math.exp(sum(math.log(max(n, 1)) for n in ok) / len(ok)) if ok else 0
            print("%3d  %7s  %4d  %5d  %s" % (gap, h, len(g), len(ok),
                                              "%.0f" % mean if ok else "-"))
    pts = [(int(r["gap"]), math.log10(max(int(r["nodes"]), 1))) for r in solved]
    if len(pts) >= 3 and len({x for x, _ in pts}) >= 2:
        a, b, se = fit(pts)
        print("\nfit over %d exact proofs: log10(nodes) = %.2f + %.3f gap (se %.3f):"
              " factor per piece %.2f (%.2f .. %.2f)" % (
                  len(pts), a, b, se, 10 ** b, 10 ** (b - se), 10 ** (b + se)))
    by_pos = {}
    for r in solved:
        by_pos.setdefault((r["line"], r["ply"]), []).append(r)
    ratios = []
    for key, rs in sorted(by_pos.items()):
        rs.sort(key=lambda r: int(r["horizon"]))
        for lo, hi in zip(rs, rs[1:]):
            d = int(hi["horizon"]) - int(lo["horizon"])
            ratio = (max(int(lo["nodes"]), 1) / max(int(hi["nodes"]), 1)) ** (1 / d)
            ratios.append(ratio)
            print("%s ply %s (%s pieces): %s nodes with %s, %s with %s: %.2f a piece" % (
                key[0], key[1], lo["pieces"], lo["nodes"], lo["horizon"], hi["nodes"],
                hi["horizon"], ratio))
    if ratios:
        gm = math.exp(sum(math.log(x) for x in ratios) / len(ratios))
        print("same positions, %d pairs: factor per piece %.2f (geometric mean), "
              "least %.2f, most %.2f" % (len(ratios), gm, min(ratios), max(ratios)))


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
    r.add_argument("--variant", default="size=4")
    r.add_argument("--nodes", type=int, default=2000000)
    r.add_argument("--hash", type=int, default=512)
    s = sub.add_parser("summary")
    s.add_argument("out")
    args = ap.parse_args()
    run(args) if args.what == "run" else summary(args)


if __name__ == "__main__":
    main()
