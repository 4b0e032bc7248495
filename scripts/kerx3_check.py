#!/usr/bin/python3
"""kerx3_check.py [--short] KIBITZ DATA COUNT SEED [NODES] - check the size-3 Kerx
databases in DATA (`kibitz solve kerx --variant size=3 --db DATA`) against
searches that do not read them, on COUNT random positions of 10 to 18
pieces (4 to 9 a side, white to move; drawn by kerx_random_positions.py's
rule with Python's random and SEED).

For each position: the databases' value (`kibitz query`), df-pn from
scratch (`kibitz solve --position P --db none --iterations NODES`, default
2,000,000) and, when the databases say a win or loss within 9 moves,
alpha-beta to that depth plus one (`kibitz bestmove --depth D --db none`),
which must prove the same result at the same distance (a position with one
legal move, which bestmove plays unsearched, is scored by `kibitz analyse`
to the same depth). Prints one line per
position (tab-separated) and a summary; exit status 1 on any disagreement.

--short: only positions the databases say are won or lost within 9 moves
(others are drawn again, not counted), so that every position is also
proved by alpha-beta (the random positions are mostly draws or long wins,
which alpha-beta cannot reach).
"""
import random
import sys

from kerx_check_common import alpha_beta_check, random_rows, run_json

def random_position(rng, white, black):
    return '/'.join(random_rows(rng, 3, white, black)) + ' w'


def main():
    args = sys.argv[1:]
    short = '--short' in args
    args = [a for a in args if a != '--short']
    if len(args) not in (4, 5):
        sys.exit(__doc__)
    kibitz, data = args[0], args[1]
    count, seed = int(args[2]), int(args[3])
    nodes = int(args[4]) if len(args) == 5 else 2000000
    rng = random.Random(seed)
    base = [kibitz, None, 'kerx', '--variant', 'size=3']
    checked = dfpn_same = dfpn_open = ab_same = bad = 0
    print("position\tpieces\tdatabase\tdf-pn\tdf-pn nodes\talpha-beta")
    while checked < count:
        white, black = rng.randint(4, 9), rng.randint(4, 9)
        if white + black < 10:
            continue
        pos = random_position(rng, white, black)
        q = run_json([kibitz, 'query', 'kerx', '--variant', 'size=3', '--db', data,
                      '--position', pos, '--json'])
        if q.get('value') is None:  # over already
            continue
        want = q['value']['result']
        dist = q['value'].get('distance')
        if short and (want == 'draw' or dist is None or dist > 9):
            continue
        checked += 1
        d = run_json(base[:1] + ['solve'] + base[2:] +
                     ['--position', pos, '--db', 'none', '--iterations', str(nodes),
                      '--json', '--quiet'])
        got = d['value']['result']
        if got == 'unknown':
            dfpn_open += 1
        elif got == want:
            dfpn_same += 1
        else:
            bad += 1
        ab = '-'
        if want != 'draw' and dist is not None and dist <= 9:
            ab, same = alpha_beta_check(kibitz, base[2:], pos, 'none', want, dist)
            ab_same += same
            bad += not same
        shown = want + (' %d' % dist if dist is not None else '')
        print("%s\t%d+%d\t%s\t%s\t%d\t%s" % (pos, white, black, shown, got,
                                               d.get('nodes', 0), ab), flush=True)
    print("# %d positions: df-pn agreed on %d, did not finish %d; alpha-beta proved "
          "the same value and distance on %d; %d disagreements"
          % (checked, dfpn_same, dfpn_open, ab_same, bad))
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
