#!/usr/bin/python3
"""kerx_horizon_check.py - check the Kerx endgame databases of one piece
count against searches that read only the databases of fewer pieces.

usage: scripts/kerx_horizon_check.py KIBITZ FULL LOWER --pieces P
           [--count 40] [--seed 1] [--nodes 400000] [--variant size=4]

FULL holds the P-piece pairs (`kibitz solve kerx --pieces P --db FULL`);
LOWER holds only the pairs of fewer pieces (for example the folder made by
`scripts/kerx_cost_curve.py subset FULL LOWER --pieces P-1`), so a search
given LOWER has to search every P-piece position it meets and can only
stop where a capture takes it below P pieces.

COUNT random positions of P pieces (both sides to move, every split of the
pieces between the sides with at least one each; drawn by Python's random
with SEED; positions where the mover has a capture, which is compulsory
and lands in the lower databases at once, are drawn again) are valued
three ways:
  - the P-piece databases (`kibitz query --db FULL`): value and distance;
  - df-pn with the lower databases (`kibitz solve --position --db LOWER
    --iterations NODES`), which must find the same value when it finishes,
    and for a win a proof no shorter than the databases' distance (its
    remoteness is the shortest win inside the proof: an upper bound);
  - when the databases say a win or loss within 7 moves, alpha-beta with
    the lower databases to that depth plus one (`kibitz bestmove --depth`,
    or `analyse` when there is one legal move), which must give the same
    value at the same distance.
One tab-separated line per position and a summary; exit status 1 on any
disagreement, 2 on a usage error.
"""
import argparse
import random
import sys

from kerx_check_common import alpha_beta_check, board_rows, packed, random_rows, run_json


def random_position(rng, size, white, black, mover):
    return '/'.join(packed(r) for r in random_rows(rng, size, white, black)) + ' ' + mover


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('kibitz')
    ap.add_argument('full')
    ap.add_argument('lower')
    ap.add_argument('--pieces', type=int, required=True)
    ap.add_argument('--count', type=int, default=40)
    ap.add_argument('--seed', type=int, default=1)
    ap.add_argument('--nodes', type=int, default=400000)
    ap.add_argument('--variant', default='size=4')
    args = ap.parse_args()
    try:
        size = int(dict(kv.split('=') for kv in args.variant.split(','))['size'])
    except (KeyError, ValueError):
        ap.error("--variant must name the size, as in size=4")
    if args.pieces < 2 or args.pieces > sum(board_rows(size)) or args.count < 1:
        ap.error("--pieces must be 2 to the board's cells and --count at least 1")

    rng = random.Random(args.seed)
    game = ['kerx', '--variant', args.variant]
    checked = dfpn_same = dfpn_open = ab_same = bad = 0
    print("position\tmaterial\tdatabases\tdf-pn\tdf-pn nodes\tdf-pn remoteness\talpha-beta")
    while checked < args.count:
        white = rng.randint(1, args.pieces - 1)
        mover = rng.choice('wb')
        pos = random_position(rng, size, white, args.pieces - white, mover)
        q = run_json([args.kibitz, 'query'] + game + ['--db', args.full,
                                                     '--position', pos, '--json'])
        if q.get('value') is None:  # over already
            continue
        # A capture is compulsory and leaves fewer pieces, where the lower
        # databases answer at once: only quiet positions test this set.
        if any('x' in m['move'] for m in q.get('moves', [])):
            continue
        checked += 1
        want = q['value']['result']
        dist = q['value'].get('distance')
        d = run_json([args.kibitz, 'solve'] + game +
                     ['--position', pos, '--db', args.lower, '--iterations',
                      str(args.nodes), '--hash', '256', '--json', '--quiet'])
        got = d['value']['result']
        rem = d.get('remoteness')
        note = ''
        if got == 'unknown':
            dfpn_open += 1
        elif got != want:
            bad += 1
            note = ' DISAGREES'
        elif want == 'win' and rem is not None and rem < dist:
            bad += 1
            note = ' SHORTER THAN THE DATABASES'
        else:
            dfpn_same += 1
        ab = '-'
        if want != 'draw' and dist is not None and dist <= 7:
            ab, same = alpha_beta_check(args.kibitz, game, pos, args.lower, want, dist)
            ab_same += same
            bad += not same
        material = '%d+%d' % (white, args.pieces - white)
        shown = want + (' %d' % dist if dist is not None else '')
        print("%s\t%s\t%s\t%s%s\t%d\t%s\t%s" % (
            pos, material, shown, got, note, d.get('nodes', 0),
            '-' if rem is None else rem, ab), flush=True)
    print("# %d positions of %d pieces: df-pn with the lower databases agreed on %d, "
          "did not finish %d; alpha-beta gave the same value and distance on %d; "
          "%d disagreements" % (checked, args.pieces, dfpn_same, dfpn_open, ab_same, bad))
    sys.exit(1 if bad else 0)


if __name__ == '__main__':
    main()
