#!/usr/bin/python3
"""arena_positions.py KIBITZ GAME A B COUNT SEED PLIES [--db PATH]

A match of engine A against engine B over a fixed set of starting
positions: COUNT positions from random play (Python's random with SEED,
PLIES random plies from the start, positions already over skipped), each
played twice by `kibitz arena --position P --games 2` (both seatings),
without databases unless --db is given. Prints one line per position, then
A's wins, draws and losses, its score with the 95% Wilson interval and the
Elo difference over B with the interval derived from it (as arena does).
Used for results/kerx.md, "Capture extension" (alpha-beta with and without
it, at equal depth and at equal time)."""
import json
import math
import random
import subprocess
import sys


def run(kibitz, *args):
    out = subprocess.run([kibitz, *args], capture_output=True, text=True,
                         stdin=subprocess.DEVNULL)
    if out.returncode != 0:
        sys.exit(f"kibitz {' '.join(args)} failed: {out.stderr.strip()}")
    return json.loads(out.stdout)


def positions(kibitz, game, count, seed, plies):
    rng = random.Random(seed)
    found = []
    while len(found) < count:
        moves = []
        doc = run(kibitz, "show", game, "--json")
        for _ in range(plies):
            if not doc.get("moves"):
                break
            moves.append(rng.choice(doc["moves"]))
            doc = run(kibitz, "show", game, "--moves", " ".join(moves), "--json")
        if doc.get("moves") and doc["position"] not in found:
            found.append(doc["position"])
    return found


def wilson(score, n, z=1.959964):
    centre = (score + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(score * (1 - score) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def elo(p):
    if p <= 0:
        return "-inf"
    if p >= 1:
        return "+inf"
    return f"{-400 * math.log10(1 / p - 1):+.0f}"


def main():
    if len(sys.argv) not in (8, 10):
        sys.exit(__doc__)
    kibitz, game, a, b = sys.argv[1:5]
    count, seed, plies = (int(x) for x in sys.argv[5:8])
    db = ["--db", sys.argv[9]] if len(sys.argv) == 10 else ["--no-db"]
    wins = draws = losses = 0
    for p in positions(kibitz, game, count, seed, plies):
        doc = run(kibitz, "arena", game, "--position", p, "--players", f"{a},{b}",
                  "--games", "2", "--seed", str(seed), "--json", "--quiet", *db)
        first = doc["players"][0]
        w, d, l = (round(2 * first[k]["share"]) for k in ("win", "draw", "loss"))
        wins, draws, losses = wins + w, draws + d, losses + l
        print(f"{p}: {a} +{w} ={d} -{l}", flush=True)
    n = wins + draws + losses
    score = (wins + draws / 2) / n
    low, high = wilson(score, n)
    print(f"{a} against {b}: {n} games, +{wins} ={draws} -{losses}, score "
          f"{100 * score:.1f}% ({100 * low:.1f} .. {100 * high:.1f}), Elo {elo(score)} "
          f"({elo(low)} .. {elo(high)})")


main()
