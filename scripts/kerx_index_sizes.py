#!/usr/bin/python3
"""kerx_index_sizes.py SIZE PIECES [RANKS...] - index entries of the Kerx
endgame pairs of exactly PIECES pieces on board SIZE, and what building
them takes, without building anything.

The index of tier (m, o) (games/kerx/kerx_egdb_index.h) is one slot per
orbit of the mover's m-sets under the 12 hexagon symmetries, times
C(cells - m, o) placements of the other side; the orbits are counted
exactly by Burnside's lemma (the average over the 12 symmetries of the
m-sets each one fixes). A pair {(a, b), (b, a)} is solved at once: 1 byte
an entry while solving (the value, and the move counter of an undecided
position in the same byte: the shared layout of kerx_egdb_pair.c; 3 bytes
in the fallback for remoteness beyond its limit), plus the finished pairs
its captures reach, mapped (1 byte an entry; all pairs of fewer pieces are
counted, an upper bound), plus its file written (1 byte an entry). RANKS:
the per-rank share of the largest pair split over that many MPI ranks
(kerx_egdb_build.c's estimate: 2 bytes an entry of the share, its values
and the updates queued for other ranks, the lower pairs on every rank).
"""
import itertools
import math
import sys


def cells_of(n):
    """Cube coordinates of a hexagon of side n."""
    r = n - 1
    return [(x, y, -x - y) for x in range(-r, r + 1) for y in range(-r, r + 1)
            if abs(-x - y) <= r]


def symmetries():
    """The 12 maps of the hexagon: 6 rotations, each with or without a mirror."""
    maps = []
    for k in range(6):
        def rot(c, k=k):
            x, y, z = c
            for _ in range(k):
                x, y, z = -z, -x, -y
            return (x, y, z)
        maps.append(rot)
        maps.append(lambda c, rot=rot: rot((c[1], c[0], c[2])))
    return maps


def orbits(cells, maps, m):
    """Orbits of the m-subsets of cells (Burnside)."""
    index = {c: i for i, c in enumerate(cells)}
    total = 0
    for g in maps:
        perm = [index[g(c)] for c in cells]
        seen, lengths = set(), []
        for i in range(len(cells)):
            if i in seen:
                continue
            j, length = i, 0
            while j not in seen:
                seen.add(j)
                j = perm[j]
                length += 1
            lengths.append(length)
        poly = [1] + [0] * m  # product of (1 + t^len), up to t^m
        for length in lengths:
            for d in range(m, length - 1, -1):
                poly[d] += poly[d - length]
        total += poly[m]
    assert total % len(maps) == 0
    return total // len(maps)


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    n, pieces = int(sys.argv[1]), int(sys.argv[2])
    ranks = [int(r) for r in sys.argv[3:]]
    cells, maps = cells_of(n), symmetries()
    orb = {m: orbits(cells, maps, m) for m in range(1, pieces)}

    def tier(m, o):
        return orb[m] * math.comb(len(cells) - m, o)

    drawat = 3
    lower = 0
    for total in range(2, pieces):
        for a in range(total - 1, (total - 1) // 2, -1):
            b = total - a
            if b < 1 or (a <= drawat and b <= drawat) or b > a:
                continue
            lower += tier(a, b) + (tier(b, a) if a != b else 0)
    print("size %d (%d cells), pairs of %d pieces (drawat 3); all pairs of fewer "
          "pieces: %.3e entries (%.1f GB at 1 byte)" % (n, len(cells), pieces, lower,
                                                        lower / 1e9))
    print("| pair | entries | solving (1 B an entry) | + lower pairs mapped | file |")
    print("|---|---|---|---|---|")
    largest, total_new = 0, 0
    for a in range(pieces - 1, (pieces - 1) // 2, -1):
        b = pieces - a
        if b < 1 or b > a:
            continue
        e = tier(a, b) + (tier(b, a) if a != b else 0)
        largest, total_new = max(largest, e), total_new + e
        print("| %d+%d | %.3e | %.1f GB | %.1f GB | %.1f GB |" % (
            a, b, e, e / 1e9, (e + lower) / 1e9, e / 1e9))
    print("all %d-piece pairs: %.3e entries, %.1f GB on disk; largest pair %.3e "
          "entries" % (pieces, total_new, total_new / 1e9, largest))
    for r in ranks:
        share = math.ceil(largest / r)
        print("largest pair over %d ranks: %.1f GB a rank (2 B an entry of the "
              "share, lower pairs %.1f GB mapped besides)" % (r, 2 * share / 1e9,
                                                             lower / 1e9))


if __name__ == "__main__":
    main()
