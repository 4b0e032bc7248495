"""Markdown table of a ladder's arena results (scripts/ladder.sh): one JSON
line per pairing on stdin (kibitz arena --json), the number of players as
argv[1]. Two players: the first engine's score, its Elo difference with the
95% interval arena derives from the score's Wilson interval. More players:
the first engine's share of first places against copies of the other, with
its 95% interval, and the par 1/n."""
import json
import sys

players = int(sys.argv[1])
rows = [json.loads(line) for line in sys.stdin if line.strip()]
if players == 2:
    print("| engine | against | games | score | Elo (95% CI) |")
    print("|---|---|---|---|---|")
else:
    print(f"| engine | against {players - 1} copies of | games | first places "
          f"(95% CI) | par |")
    print("|---|---|---|---|---|")


def fmt(x, sign):
    """An Elo figure; arena writes null for an infinite one (a score of 0 or
    1), whose sign is the given one."""
    if x is None:
        return "+inf" if sign > 0 else "-inf"
    return f"{x:+.0f}"


for r in rows:
    a, b = r["players"][0], r["players"][1]
    if players == 2:
        e = r["elo"]
        print(f"| {a['spec']} | {b['spec']} | {r['games']} | {100 * r['score']:.1f}% | "
              f"{fmt(e['elo'], r['score'] - 0.5)} ({fmt(e['low'], -1)} .. "
              f"{fmt(e['high'], 1)}) |")
    else:
        f = a["first"]
        print(f"| {a['spec']} | {b['spec']} | {r['games']} | {100 * f['share']:.1f}% "
              f"({100 * f['low']:.1f} .. {100 * f['high']:.1f}) | {100 / players:.1f}% |")
