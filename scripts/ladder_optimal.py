"""One row of the optimal-move table (scripts/ladder.sh): argv[1] the
engine, argv[2] the database's query documents of the sample (JSON lines),
argv[3] the engine's move for each position (one a line). A move is optimal
when the database gives it the position's own value; Wilson 95% interval."""
import json
import math
import sys

spec = sys.argv[1]
docs = [json.loads(line) for line in open(sys.argv[2]) if line.strip()]
moves = [line.strip() for line in open(sys.argv[3])]
good = 0
for doc, move in zip(docs, moves):
    values = {m["move"]: m["value"] for m in doc["moves"]}
    if move in values and values[move] == doc["value"]:
        good += 1
n = len(docs)
p = good / n if n else 0.0
z = 1.96
centre = (p + z * z / (2 * n)) / (1 + z * z / n) if n else 0.0
half = (z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)) if n else 0.0
low, high = max(0.0, centre - half), min(1.0, centre + half)
print(f"| {spec} | {good}/{n} | {100 * p:.1f}% ({100 * low:.1f} .. {100 * high:.1f}) |")
