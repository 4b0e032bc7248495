#!/usr/bin/env bash
# Threefold repetition ends a Kerx game in `play` and in `arena` as the
# match rules it (a draw, "repetition"; `ugi` has its own in cli_ugi.sh and
# the page in web_page.py):
# - play: a record whose line comes back to one position twice; the
#   person's move that makes it three ends the game as a draw, and a move
#   that does not goes on;
# - arena: random players with one Kerx piece each end some games by
#   repetition; each such record, replayed position by position with
#   `kibitz show`, reaches its last position for the third time at its last
#   step and no position three times before.
# Usage: cli_repetition.sh path/to/kibitz
set -u
source "$(dirname "$0")/cli_lib.bash" "$1"
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

# The line of cli_ugi.sh: the position before the opening's last ply comes
# again after a2-b3 of each cycle.
opening='c3-d4 e5xc3 b2xd4 b4xb2 b1xb3 a4-b4 d4-c3 b4xb2xd4 a2-b3 c4xa2xa4 e4xc4 d5xb3 a1-b1'
cycle='b3-a2 b1-a1 a2-b3 a1-b1'
start=$("$kibitz" show kerx | sed -n 's/^position: //p')
variant=$("$kibitz" show kerx --json | /usr/bin/python3 -c 'import json,sys; print(json.load(sys.stdin)["variant"])')
steps="" turn=white
for m in $opening $cycle b3-a2 b1-a1; do
    steps="$steps${steps:+,}{\"turn\":\"$turn\",\"move\":\"$m\"}"
    if [ $turn = white ]; then turn=black; else turn=white; fi
done
printf '{"schema":1,"kind":"record","game":"kerx","variant":"%s","seed":null,"start":"%s","players":["human","human"],"moves":[%s],"result":null}\n' \
    "$variant" "$start" "$steps" >"$dir/cycle.json"

out=$(printf 'a2-b3\n' | "$kibitz" play kerx --record "$dir/cycle.json" --side black --algo random 2>&1)
expect_output "play: the third occurrence is a draw" 0 "$out" \
    'draw: the position occurred for the third time' 'result: white \+0 black \+0'
out=$(printf 'b2-c3\nquit\n' | "$kibitz" play kerx --record "$dir/cycle.json" --side black --algo random 2>&1)
check "play: another move goes on" $(! grep -q 'third time' <<<"$out"; echo $?)

# arena: one piece each, no draw by material, random players.
position='b3/5/6/7/6/5/3w w'
expect 0 'random' -- arena kerx --variant drawat=0 --position "$position" \
    --players random,random --games 10 --seed 1 --record "$dir/arena"
repeated=0
for record in "$dir"/arena/game-*.json; do
    moves=$(/usr/bin/python3 -c '
import json, sys
doc = json.load(open(sys.argv[1]))
if (doc.get("result") or {}).get("reason") == "repetition":
    print(" ".join(m["move"] for m in doc["moves"]))' "$record")
    [ -n "$moves" ] || continue
    repeated=$((repeated + 1))
    seen=$(
        line=""
        "$kibitz" show kerx --variant drawat=0 --position "$position" | sed -n 's/^position: //p'
        for m in $moves; do
            line="${line:+$line }$m"
            "$kibitz" show kerx --variant drawat=0 --position "$position" --moves "$line" |
                sed -n 's/^position: //p'
        done
    )
    last=$(tail -n 1 <<<"$seen")
    check "arena $(basename "$record"): the last position occurs three times" \
        $([ "$(grep -cxF -- "$last" <<<"$seen")" = 3 ]; echo $?)
    check "arena $(basename "$record"): no position three times before the end" \
        $([ -z "$(head -n -1 <<<"$seen" | sort | uniq -c | awk '$1 >= 3')" ]; echo $?)
done
check "arena: some games ended by repetition ($repeated)" $([ "$repeated" -ge 1 ]; echo $?)

finish
