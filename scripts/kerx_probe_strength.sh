#!/usr/bin/env bash
# How much endgame probing is worth to alpha-beta in Kerx (results/kerx.md).
#
# usage: scripts/kerx_probe_strength.sh KIBITZ SIZE PROBE_DB WON_DB DEPTH COUNT SEED
#   PROBE_DB  the databases the probing player reads (--db of arena)
#   WON_DB    databases holding 10-piece positions (to pick won ones), or -
#   DEPTH     alpha-beta's fixed depth for both players
#   COUNT     random positions per piece count
# 1. Match: alphabeta:depth=D (probing) against alphabeta:depth=D:db=0 from
#    COUNT random positions of each of 10..14 pieces (white to move, half
#    the pieces each), every position played twice, seats swapped; prints
#    arena's JSON line per piece count.
# 2. Conversion (with WON_DB): COUNT random 10-piece positions that WON_DB
#    says white wins; white is played by the probing player, then by the
#    non-probing one, black each time by the probing player; prints how
#    many of the games white won (arena's limits: a threefold repetition or
#    10000 plies is a draw).
# Random positions: the pieces placed on distinct random cells (Python's
# random with SEED); positions already over are skipped.
set -u
if [ $# -ne 7 ]; then
    echo "usage: $0 KIBITZ SIZE PROBE_DB WON_DB DEPTH COUNT SEED" >&2
    exit 2
fi
kibitz=$1 size=$2 probe=$3 won=$4 depth=$5 count=$6 seed=$7
v="--variant size=$size"

# positions PIECES N SEED: N candidate positions, one per line.
positions() {
    /usr/bin/python3 "$(dirname "$0")/kerx_random_positions.py" "$size" "$(($1 / 2))" "$(($1 - $1 / 2))" "$2" "$3"
}

# (Every kibitz call below reads /dev/null: the loops read positions from
# their standard input.)
playable() { "$kibitz" show kerx $v --position "$1" </dev/null 2>/dev/null | grep -q 'to move'; }

echo "# match: alphabeta:depth=$depth with $probe against alphabeta:depth=$depth:db=0"
for pieces in 10 11 12 13 14; do
    w=0 d=0 l=0 games=0
    while read -r p; do
        playable "$p" || continue
        line=$("$kibitz" arena kerx $v --position "$p" --db "$probe" --games 2 --json --quiet \
            --players "alphabeta:depth=$depth,alphabeta:depth=$depth:db=0" </dev/null)
        read -r a b c < <(/usr/bin/python3 -c '
import json, sys
r = json.loads(sys.argv[1])["players"][0]
g = 2
print(round(r["win"]["share"] * g), round(r["draw"]["share"] * g), round(r["loss"]["share"] * g))' "$line")
        w=$((w + a)) d=$((d + b)) l=$((l + c)) games=$((games + 2))
    done < <(positions "$pieces" "$count" "$((seed + pieces))")
    echo "pieces $pieces: games $games, probing player won $w, drew $d, lost $l"
    tw=$((${tw:-0} + w)) td=$((${td:-0} + d)) tl=$((${tl:-0} + l))
done
# Elo of the probing player over all games, the interval from the Wilson
# interval of its score (as arena reports it).
/usr/bin/python3 - "$tw" "$td" "$tl" <<'PY'
import math, sys
w, d, l = (int(a) for a in sys.argv[1:])
n = w + d + l
s = (w + d / 2) / n
z = 1.96
centre = (s + z * z / (2 * n)) / (1 + z * z / n)
half = z * math.sqrt(s * (1 - s) / n + z * z / (4 * n * n)) / (1 + z * z / n)
elo = lambda x: -400 * math.log10(1 / x - 1) if 0 < x < 1 else (math.inf if x >= 1 else -math.inf)
print(f"all: games {n}, won {w}, drew {d}, lost {l}, score {100 * s:.1f}%, "
      f"Elo {elo(s):+.0f} (95%: {elo(centre - half):+.0f} .. {elo(centre + half):+.0f})")
PY

[ "$won" = - ] && exit 0
echo "# conversion: won 10-piece positions (by $won), white to play and win"
tried=0 with=0 without=0
while read -r p; do
    playable "$p" || continue
    "$kibitz" query kerx $v --position "$p" --db "$won" </dev/null 2>/dev/null |
        grep -q '^white to move: win' || continue
    tried=$((tried + 1))
    for who in "alphabeta:depth=$depth" "alphabeta:depth=$depth:db=0"; do
        line=$("$kibitz" arena kerx $v --position "$p" --db "$probe" --games 1 --json --quiet \
            --players "$who,alphabeta:depth=$depth" </dev/null)
        r=$(/usr/bin/python3 -c 'import json, sys; print(json.loads(sys.argv[1])["players"][0]["win"]["share"])' "$line")
        if [ "$r" = 1.0 ] || [ "$r" = 1 ]; then
            if [ "$who" = "alphabeta:depth=$depth" ]; then with=$((with + 1)); else without=$((without + 1)); fi
        fi
    done
    [ "$tried" -ge "$count" ] && break
done < <(positions 10 $((count * 20)) "$((seed + 100))")
echo "won positions $tried: converted with probing $with, without $without"
