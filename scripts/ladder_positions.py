"""A fixed sample of positions for the ladder's optimal-move rate
(scripts/ladder.sh): argv = KIBITZ GAME COUNT SEED DB. Positions from random
play (Python's random with SEED, 0-40 random plies from the start), kept
when the database answers them and their moves do not all have the same
value (where every move is optimal the choice shows nothing)."""
import json
import random
import subprocess
import sys

kibitz, game, count, seed, db = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), sys.argv[5]
rng = random.Random(seed)
found = []
tries = 0
while len(found) < count and tries < 20 * count:
    tries += 1
    moves = []
    for _ in range(rng.randrange(0, 41)):
        doc = json.loads(subprocess.run(
            [kibitz, "query", game, "--db", db, "--moves", " ".join(moves), "--json"],
            capture_output=True, text=True).stdout or "{}")
        legal = [m["move"] for m in doc.get("moves") or []]
        if not legal:
            break
        moves.append(rng.choice(legal))
    doc = json.loads(subprocess.run(
        [kibitz, "query", game, "--db", db, "--moves", " ".join(moves), "--json"],
        capture_output=True, text=True).stdout or "{}")
    values = {json.dumps(m["value"]) for m in doc.get("moves") or []}
    if len(values) > 1 and doc["position"] not in found:
        found.append(doc["position"])
print("\n".join(found))
