#!/usr/bin/env bash
# How often alpha-beta converts a proven win, with and without endgame
# probing (results/kerx.md), when no database holds the positions: the won
# positions are picked by df-pn proofs that probe smaller databases.
#
# usage: scripts/kerx_convert.sh KIBITZ SIZE PROOF_DB PROBE_DB WHITE BLACK COUNT SEED NODES DEPTHS...
#   PROOF_DB  databases df-pn probes at its leaves to prove the positions
#   PROBE_DB  databases the probing player reads (--db of arena)
#   WHITE, BLACK  pieces of each side in the random positions (white to move)
#   COUNT     won positions wanted
#   NODES     df-pn's node budget per candidate (--iterations: the choice
#             does not depend on the machine's load)
#   DEPTHS    alpha-beta's fixed depths to measure
# Candidates: the pieces on distinct random cells (Python's random with
# SEED), positions already over skipped; a candidate counts when df-pn
# proves "white to move: win" within NODES. For each depth each position is
# played twice: white by alphabeta:depth=D probing PROBE_DB, then by
# alphabeta:depth=D:db=0; black both times by alphabeta:depth=D probing.
# A win within arena's limits (a threefold repetition or 10000 plies is a
# draw) counts. Prints the won positions, then one line per depth.
#
# usage: scripts/kerx_convert.sh --against-db KIBITZ DB SETS COUNT SEED MINREM PLAYER
#   The measurement of results/kerx.md "Conversion against the perfect
#   defender" (size 4): for each material WxB in SETS (e.g. "4x2 5x1 4x1"),
#   COUNT random positions (white to move, seed SEED) that the databases in
#   DB rate won for white in MINREM moves or more, and COUNT they rate drawn;
#   PLAYER (an engine spec, e.g. alphabeta:depth=8:db=0) plays white from
#   each against the perfect defender `db` (black, reading DB). A win counts
#   as converted; a game ends drawn by threefold repetition or after 10000
#   plies (arena's limits). Prints one line per position, then per material
#   "won N: converted C; drawn M: lost L".
set -u
if [ "${1:-}" = "--against-db" ]; then
    if [ $# -ne 8 ]; then
        echo "usage: $0 --against-db KIBITZ DB SETS COUNT SEED MINREM PLAYER" >&2
        exit 2
    fi
    kibitz=$2 db=$3 sets=$4 count=$5 seed=$6 minrem=$7 player=$8
    total_won=0 total_converted=0 total_drawn=0 total_lost=0
    for set in $sets; do
        white=${set%x*} black=${set#*x}
        # Label random positions with the databases (one query process).
        labelled=$(/usr/bin/python3 "$(dirname "$0")/kerx_random_positions.py" 4 "$white" \
            "$black" 4000 "$seed" 2>/dev/null |
            "$kibitz" query kerx --db "$db" --positions - --json 2>/dev/null |
            /usr/bin/python3 -c '
import json, sys
count, minrem = int(sys.argv[1]), int(sys.argv[2])
won, drawn = [], []
for line in sys.stdin:
    d = json.loads(line)
    v = d.get("value") or {}
    if v.get("result") == "win" and v.get("distance", 0) >= minrem and len(won) < count:
        won.append(d["position"])
    elif v.get("result") == "draw" and d.get("moves") and len(drawn) < count:
        drawn.append(d["position"])
for p in won: print("won\t" + p)
for p in drawn: print("drawn\t" + p)
' "$count" "$minrem")
        won=0 converted=0 drawn=0 lost=0
        while IFS=$'\t' read -r label p; do
            line=$("$kibitz" arena kerx --position "$p" --db "$db" --games 1 --json --quiet \
                --players "$player,db" </dev/null)
            r=$(/usr/bin/python3 -c 'import json, sys; p = json.loads(sys.argv[1])["players"][0]; print("win" if p["win"]["share"] == 1 else "loss" if p["loss"]["share"] == 1 else "draw")' "$line")
            echo "$set $label: $p -> $r"
            if [ "$label" = won ]; then
                won=$((won + 1))
                [ "$r" = win ] && converted=$((converted + 1))
            else
                drawn=$((drawn + 1))
                [ "$r" = loss ] && lost=$((lost + 1))
            fi
        done <<<"$labelled"
        echo "material $set: won $won: converted $converted; drawn $drawn: lost $lost"
        total_won=$((total_won + won)) total_converted=$((total_converted + converted))
        total_drawn=$((total_drawn + drawn)) total_lost=$((total_lost + lost))
    done
    echo "all: won $total_won: converted $total_converted; drawn $total_drawn: lost $total_lost ($player against db)"
    exit 0
fi
if [ $# -lt 10 ]; then
    echo "usage: $0 KIBITZ SIZE PROOF_DB PROBE_DB WHITE BLACK COUNT SEED NODES DEPTHS..." >&2
    exit 2
fi
kibitz=$1 size=$2 proof=$3 probe=$4 white=$5 black=$6 count=$7 seed=$8 nodes=$9
shift 9
v="--variant size=$size"

positions() {
    /usr/bin/python3 "$(dirname "$0")/kerx_random_positions.py" "$size" "$white" "$black" 100000 "$seed"
} 2>/dev/null # (the reader stops early: a broken pipe is expected)

won=()
tried=0
while read -r p; do
    "$kibitz" show kerx $v --position "$p" </dev/null 2>/dev/null | grep -q 'to move' || continue
    tried=$((tried + 1))
    out=$("$kibitz" solve kerx $v --position "$p" --db "$proof" --iterations "$nodes" --hash 256 </dev/null 2>&1)
    if grep -q '^white to move: win' <<<"$out"; then
        won+=("$p")
        echo "won: $p ($(sed -n 's/^proof.*; \([0-9]*\) nodes.*/\1 nodes/p' <<<"$out"))"
    fi
    [ "${#won[@]}" -ge "$count" ] && break
done < <(positions)
echo "candidates tried $tried, proved won for white ${#won[@]}"

for depth in "$@"; do
    with=0 without=0
    for p in "${won[@]}"; do
        for who in "alphabeta:depth=$depth" "alphabeta:depth=$depth:db=0"; do
            line=$("$kibitz" arena kerx $v --position "$p" --db "$probe" --games 1 --json --quiet \
                --players "$who,alphabeta:depth=$depth" </dev/null)
            r=$(/usr/bin/python3 -c 'import json, sys; print(json.loads(sys.argv[1])["players"][0]["win"]["share"])' "$line")
            if [ "$r" = 1.0 ] || [ "$r" = 1 ]; then
                if [ "$who" = "alphabeta:depth=$depth" ]; then with=$((with + 1)); else without=$((without + 1)); fi
            fi
        done
    done
    echo "depth $depth: won positions ${#won[@]}, converted with probing $with, without $without"
done
