#!/usr/bin/env bash
# The principal line of a solved Kulibrat target, from the start or from a
# given position, by `kibitz query`: at each position the first move the
# query lists (best first: the winner's fastest, the loser's slowest, the
# first of the moves that keep a draw). Stops when the game ends or a
# position comes back (then the line repeats forever: a draw's cycle).
#
# usage: scripts/kulibrat_line.sh KIBITZ DB TARGET [POSITION] [MAX_PLIES]
#   KIBITZ  the kibitz program; DB  a database answering the target
#   (kibitz solve kulibrat --variant target=N --db DB, N >= TARGET)
# Prints one line a ply: ply, position, value for the side to move, move.
set -u
if [ $# -lt 3 ]; then
    echo "usage: $0 KIBITZ DB TARGET [POSITION] [MAX_PLIES]" >&2
    exit 2
fi
kibitz=$1 db=$2 target=$3
position=${4:-.../.../.../... b 0-0}
max=${5:-1000}
declare -A seen
for ((ply = 0; ply < max; ply++)); do
    json=$("$kibitz" query kulibrat --variant "target=$target" --db "$db" \
        --position "$position" --json) || exit 2
    if grep -q '"over":true' <<<"$json"; then
        echo "$ply $position over"
        exit 0
    fi
    if [ -n "${seen[$position]:-}" ]; then
        echo "$ply $position repeats ply ${seen[$position]}: the line cycles"
        exit 0
    fi
    seen[$position]=$ply
    value=$(sed -E 's/.*"to_move":"[a-z]+","value":"([a-z]+)","remoteness":([0-9]+).*/\1 \2/' <<<"$json")
    move=$(sed -E 's/.*"moves":\[\{"move":"([^"]+)".*/\1/' <<<"$json")
    echo "$ply $position $value $move"
    position=$("$kibitz" query kulibrat --variant "target=$target" --db "$db" \
        --position "$position" --moves "$move" --json |
        sed -E 's/.*"position":"([^"]+)".*/\1/') || exit 2
done
