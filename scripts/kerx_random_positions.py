#!/usr/bin/python3
"""kerx_random_positions.py SIZE WHITE BLACK COUNT SEED - COUNT random Kerx
positions, white to move, one per line: WHITE white and BLACK black pieces
on distinct cells drawn by Python's random with SEED (the same SEED gives
the same positions). Positions may be over already; callers skip those
(`kibitz show` says who is to move only when the game goes on).
Used by kerx_convert.sh and kerx_probe_strength.sh."""
import random
import sys

from kerx_check_common import board_rows, random_rows


def main():
    try:
        n, white, black, count, seed = (int(a) for a in sys.argv[1:])
    except ValueError:
        sys.exit("usage: kerx_random_positions.py SIZE WHITE BLACK COUNT SEED (integers)")
    cells = sum(board_rows(n))
    if n < 2 or white < 0 or black < 0 or white + black > cells:
        sys.exit("kerx_random_positions.py: %d pieces do not fit a size-%d board"
                 % (white + black, n))
    rng = random.Random(seed)
    try:
        for _ in range(count):
            print('/'.join(random_rows(rng, n, white, black)) + ' w', flush=True)
    except BrokenPipeError:  # the reader had enough
        sys.stderr.close()


if __name__ == "__main__":
    main()
