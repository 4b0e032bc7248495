#!/usr/bin/python3
"""Plots of the Kulibrat solution (results/kulibrat.md) from kibitz's output.

Inputs (made by `make plots`, or by hand):
  SOLVE_JSON  kibitz solve kulibrat --variant target=100 --json --db DIR
              (the start position's value for every target 1..100)
  START_TXT   kibitz solve kulibrat --variant target=100 --report start --db DIR
              (the start position for every pair of points still needed)
  REMOTE_TXT  kibitz solve kulibrat --variant target=100 --report remoteness --db DIR

Outputs, in OUT_DIR:
  kulibrat-start-by-target.png   value and remoteness of the start, target 1..100
  kulibrat-start-by-needs.png    value of the start for black needs x red needs
  kulibrat-remoteness.png        positions by remoteness, won and lost

Uses Debian's python3-matplotlib (run with /usr/bin/python3).
"""
import argparse
import json
import os
import sys

import matplotlib

matplotlib.use("Agg")  # files only, no display
import matplotlib.pyplot as plt  # noqa: E402
from matplotlib.colors import ListedColormap  # noqa: E402

VALUE_NUMBER = {"loss": -1, "draw": 0, "win": 1}


def read_table(path):
    """Rows of whitespace-separated fields, '#' comments and the header skipped."""
    rows = []
    with open(path) as f:
        for line in f:
            if line.startswith("#") or not line.strip():
                continue
            fields = line.split()
            if not fields[0].isdigit():
                continue  # the header line
            rows.append(fields)
    return rows


def start_by_target(solve_json, out):
    with open(solve_json) as f:
        data = json.load(f)
    targets, values, remoteness = [], [], []
    for entry in data["start"]:
        target = int(entry["variant"].split(",")[0].split("=")[1])
        targets.append(target)
        values.append(VALUE_NUMBER[entry["value"]])
        remoteness.append(entry["remoteness"])
    fig, (top, bottom) = plt.subplots(2, 1, figsize=(8, 5.5), sharex=True)
    top.step(targets, values, where="mid", color="black")
    top.set_yticks([-1, 0, 1], ["loss", "draw", "win"])
    top.set_ylim(-1.3, 1.3)
    top.set_ylabel("value for black")
    top.set_title("Kulibrat: the start position (black to move) by target")
    colours = ["tab:green" if v > 0 else "tab:grey" if v == 0 else "tab:red" for v in values]
    bottom.bar(targets, remoteness, color=colours, width=0.8)
    for t, r in zip(targets, remoteness):
        if r:
            bottom.annotate(str(r), (t, r), ha="center", va="bottom", fontsize=7)
    bottom.set_ylabel("remoteness (moves)")
    bottom.set_xlabel("target (points to win); grey: draw, remoteness 0")
    bottom.set_xlim(0, max(targets) + 1)
    fig.tight_layout()
    fig.savefig(os.path.join(out, "kulibrat-start-by-target.png"), dpi=110)
    plt.close(fig)


def start_by_needs(start_txt, out):
    rows = read_table(start_txt)
    n = max(int(r[0]) for r in rows)
    grid = [[0] * n for _ in range(n)]
    for black, red, value, _ in rows:
        grid[int(black) - 1][int(red) - 1] = VALUE_NUMBER[value]
    fig, ax = plt.subplots(figsize=(6.5, 6))
    cmap = ListedColormap(["tab:red", "lightgrey", "tab:green"])
    ax.imshow(grid, origin="lower", cmap=cmap, vmin=-1, vmax=1,
              extent=(0.5, n + 0.5, 0.5, n + 0.5), interpolation="nearest")
    ax.set_xlabel("points red still needs")
    ax.set_ylabel("points black still needs")
    ax.set_title("Kulibrat start position, black to move:\n"
                 "green black wins, red red wins, grey draw")
    fig.tight_layout()
    fig.savefig(os.path.join(out, "kulibrat-start-by-needs.png"), dpi=110)
    plt.close(fig)


def remoteness(remote_txt, out, width=10):
    """Positions by remoteness in bins of `width` moves (single moves
    alternate between odd and even counts too much to read)."""
    rows = read_table(remote_txt)
    bins = (max(int(x[0]) for x in rows) // width) + 1
    won, lost = [0] * bins, [0] * bins
    for r, w, l in ((int(x[0]), int(x[1]), int(x[2])) for x in rows):
        won[r // width] += w
        lost[r // width] += l
    edges = [b * width for b in range(bins)]
    fig, ax = plt.subplots(figsize=(8, 4.5))
    ax.step(edges, won, where="post", label="won for the side to move", color="tab:green")
    ax.step(edges, lost, where="post", label="lost for the side to move", color="tab:red")
    ax.set_yscale("log")
    ax.set_xlabel(f"remoteness (moves to the end under best play), bins of {width}")
    ax.set_ylabel("positions per bin")
    ax.set_title("Kulibrat: every position of every target up to 100, by remoteness")
    ax.legend()
    fig.tight_layout()
    fig.savefig(os.path.join(out, "kulibrat-remoteness.png"), dpi=110)
    plt.close(fig)


def main():
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("solve_json")
    parser.add_argument("start_txt")
    parser.add_argument("remote_txt")
    parser.add_argument("out_dir")
    args = parser.parse_args()
    for path in (args.solve_json, args.start_txt, args.remote_txt):
        if not os.path.isfile(path):
            sys.exit(f"plot_kulibrat: no file {path}")
    start_by_target(args.solve_json, args.out_dir)
    start_by_needs(args.start_txt, args.out_dir)
    remoteness(args.remote_txt, args.out_dir)


if __name__ == "__main__":
    main()
