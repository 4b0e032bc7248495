"""Solve Kulibrat (target 3) and plot how far from the end the positions of
random games are, by their exact value: a histogram of the database's
remoteness (moves to the end with perfect play) for won and lost positions.

    python3 python/examples/kulibrat_remoteness.py [out.png]

Writes results/kulibrat_remoteness.png by default (the database goes to a
temporary folder).
"""
import collections
import os
import random
import sys
import tempfile

import matplotlib

matplotlib.use("Agg")  # no display needed
import matplotlib.pyplot as plt  # noqa: E402

import kibitz  # noqa: E402

out = sys.argv[1] if len(sys.argv) > 1 else os.path.join("results", "kulibrat_remoteness.png")
game = kibitz.load_game("kulibrat(target=3)")
rng = random.Random(1)
counts = {"win": collections.Counter(), "loss": collections.Counter()}
draws = 0
with tempfile.TemporaryDirectory() as folder:
    kibitz.solve(game, folder)
    db = kibitz.Database(folder)
    for _ in range(300):
        state = game.new_initial_state()
        while not state.is_terminal():
            value = db.query(state)["value"]
            if value["result"] == "draw":
                draws += 1
            else:
                counts[value["result"]][value["distance"]] += 1
            state.apply_action(rng.choice(state.legal_actions()))

fig, ax = plt.subplots(figsize=(7, 4))
for result, colour in (("win", "tab:green"), ("loss", "tab:red")):
    xs = sorted(counts[result])
    ax.bar([x + (0.2 if result == "loss" else -0.2) for x in xs],
           [counts[result][x] for x in xs], width=0.4, color=colour,
           label=f"{result} for the player to move")
ax.set_xlabel("remoteness (moves to the end with perfect play)")
ax.set_ylabel("positions met in 300 random games")
ax.set_title(f"Kulibrat target=3: exact values along random games ({draws} drawn)")
ax.legend()
os.makedirs(os.path.dirname(out) or ".", exist_ok=True)
fig.tight_layout()
fig.savefig(out, dpi=100)
print(f"wrote {out}: {sum(counts['win'].values())} won, "
      f"{sum(counts['loss'].values())} lost, {draws} drawn positions")
