#!/usr/bin/python3
"""kerx_db_sizes.py FOLDER - bytes per position of each encoding of a Kerx
endgame database folder (egdb-kerx-<variant>/): for every pair, its
positions (from the .keg header: stored positions, holes apart), the bytes
of the 1-byte .keg file and of the win/draw/loss .kwdl file, and positions
a byte of each; the .kwdl header's count of positions left out for a
capture. Reads only the 256-byte headers (docs/DATABASES.md)."""
import os
import struct
import sys


def header(path):
    with open(path, "rb") as f:
        h = f.read(256)
    # magic, version, endian, size, drawat, a, b, n0, n1, 6 counts
    return struct.unpack_from("<8s6I2Q6Q", h)


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    folder = sys.argv[1]
    pairs = sorted((f[:-4] for f in os.listdir(folder) if f.endswith(".keg")),
                   key=lambda p: (sum(map(int, p.split("+"))), p))
    print("| pair | positions | captures left out | .keg bytes | positions a byte |"
          " .kwdl bytes | positions a byte |")
    print("|---|---|---|---|---|---|---|")
    tot = [0, 0, 0, 0]
    for p in pairs:
        keg = os.path.join(folder, p + ".keg")
        kwdl = os.path.join(folder, p + ".kwdl")
        positions = header(keg)[9]
        kb = os.path.getsize(keg)
        wb = os.path.getsize(kwdl) if os.path.exists(kwdl) else 0
        skipped = header(kwdl)[13] if wb else 0
        tot = [tot[0] + positions, tot[1] + skipped, tot[2] + kb, tot[3] + wb]
        print("| %s | %d | %d (%.0f%%) | %d | %.2f | %d | %s |" % (
            p, positions, skipped, 100.0 * skipped / positions, kb, positions / kb, wb,
            "%.1f" % (positions / wb) if wb else "-"))
    print("| all | %d | %d (%.0f%%) | %d | %.2f | %d | %s |" % (
        tot[0], tot[1], 100.0 * tot[1] / tot[0], tot[2], tot[0] / tot[2], tot[3],
        "%.1f" % (tot[0] / tot[3]) if tot[3] else "-"))


if __name__ == "__main__":
    main()
