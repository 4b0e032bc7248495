#!/usr/bin/env bash
# Game records (docs/JSON.md, "record"): written by arena --record DIR and by
# play (--save, 'save'), read by --record FILE wherever --moves is read,
# judged by review; play's undo, redo, hint, list, save and load.
set -u
source "$(dirname "$0")/cli_lib.bash" "$1"
here=$(cd "$(dirname "$0")" && pwd)
schema="$here/../docs/kibitz.schema.json"
dir=$(mktemp -d)
trap 'rm -rf "$dir" "$KIBITZ_DATA"' EXIT

# arena writes one valid record per game, and each replays to a finished game.
"$kibitz" arena kulibrat --players greedy,random --games 3 --seed 4 --record "$dir/arena" >/dev/null
check "arena wrote 3 records" "$([ "$(ls "$dir/arena" | wc -l)" = 3 ]; echo $?)"
problems=$(/usr/bin/python3 "$here/json_check.py" --kind record "$schema" "$dir"/arena/*.json)
check "arena records valid: $problems" "$([ -z "$problems" ]; echo $?)"
expect 0 'game over' -- show kulibrat --record "$dir/arena/game-000001.json"
# From --moves (no random opening): the records start where the games did.
"$kibitz" arena kulibrat --moves +b4 --players random,random --games 2 --record "$dir/from" >/dev/null
check "arena --moves --record starts its records there" \
    "$(grep -q '"start":".b./.../.../... r 0-0"' "$dir/from/game-000002.json"; echo $?)"
"$kibitz" arena kodrek --players greedy,random,random --games 1 --record "$dir/kodrek" >/dev/null
"$kibitz" arena kauda-baji --players random,random,random,random --games 1 --record "$dir/kauda" >/dev/null
for f in "$dir"/kodrek/*.json "$dir"/kauda/*.json; do
    problems=$(/usr/bin/python3 "$here/json_check.py" --kind record "$schema" "$f")
    check "record $f valid: $problems" "$([ -z "$problems" ]; echo $?)"
done
expect 0 'game over|over' -- show kodrek --record "$dir/kodrek/game-000001.json"
expect 0 'over' -- show kauda-baji --record "$dir/kauda/game-000001.json"

# --record gives the same position as the same moves given with --moves.
cat >"$dir/short.json" <<'JSON'
{"schema":1,"kind":"record","game":"kulibrat","variant":"target=1,first=black","seed":null,
 "start":".../.../.../... b 0-0","players":["human","human"],
 "moves":[{"turn":"black","move":"+a4"},{"turn":"red","move":"+b1"},
          {"turn":"black","move":"+b4"},{"turn":"red","move":"+a1"},
          {"turn":"black","move":"b4-c3"}],"result":null}
JSON
a=$("$kibitz" show kulibrat --variant target=1 --moves '+a4 +b1 +b4 +a1 b4-c3' | grep position:)
b=$("$kibitz" show kulibrat --record "$dir/short.json" | grep position:)
check "--record and --moves agree ($a / $b)" "$([ -n "$a" ] && [ "$a" = "$b" ]; echo $?)"
expect 0 'perft|depth 1' -- perft kulibrat --record "$dir/short.json" --depth 1
expect 2 'leave out --position and --moves' -- show kulibrat --record "$dir/short.json" --moves '+a4'
expect 2 'variant target=1,first=black, not target=2' -- show kulibrat --record "$dir/short.json" --variant target=2
# Bad records get one line naming the problem.
printf 'not json' >"$dir/bad.json"
expect 2 'record .*bad.json' -- show kulibrat --record "$dir/bad.json"
sed 's/"b4-c3"/"b4-zz"/' "$dir/short.json" >"$dir/illegal.json"
expect 2 'record .*move 5' -- show kulibrat --record "$dir/illegal.json"
expect 2 'a record of kulibrat, not kerx' -- show kerx --record "$dir/short.json"
expect 1 'cannot read record' -- show kulibrat --record "$dir/missing.json"

# review: exact values from a database, the mistake marked (move 5 throws a
# won game away), in text and JSON; and by search without a database.
"$kibitz" solve kulibrat --variant target=1 --db "$dir/db" --quiet >/dev/null
expect 0 '^5 +black +b4-c3 +a4-b3 +win in 9 +loss in 8 +database +MISTAKE: win to loss' -- \
    review kulibrat --record "$dir/short.json" --db "$dir/db"
out=$("$kibitz" review kulibrat --record "$dir/short.json" --db "$dir/db" --json)
problems=$(/usr/bin/python3 "$here/json_check.py" --kind review "$schema" <<<"$out")
check "review JSON valid: $problems" "$([ -z "$problems" ]; echo $?)"
marked=$(/usr/bin/python3 -c 'import json, sys
d = json.load(sys.stdin)
print(d["mistakes"], [m["ply"] for m in d["moves"] if m["mistake"] == "win to loss"])' <<<"$out")
check "review JSON: one mistake, at ply 5 ($marked)" "$([ "$marked" = '1 [5]' ]; echo $?)"
expect 0 'alphabeta' -- review kulibrat --record "$dir/short.json" --db none --depth 3
expect 0 'mcts' -- review kodrek --record "$dir/kodrek/game-000001.json" --iterations 50
expect 2 'review needs --record' -- review kulibrat

# play: a scripted session with undo, redo, hint, list, save and load.
session=$(printf 'help\n+a4\nhint\nlist\nundo\nredo\nlist\nsave %s\nundo\n+b4\nlist\nload %s\nlist\nquit\n' \
    "$dir/saved.json" "$dir/saved.json" |
    "$kibitz" play kulibrat --variant target=1 --depth 2 --seed 3 --db none --save "$dir/end.json")
expect_output "play session" $? "$session" 'undo +take back' '1\. black plays \+a4' \
    '2\. red plays \+[abc]1 \(engine: [-+]' 'hint: [^ ]+ \(' 'moves: \+a4 \+[abc]1$' \
    'undone: now at move 1' 'redone: now at move 3' 'saved 2 moves to' '1\. black plays \+b4' \
    'moves: \+b4 \+[abc]1$' 'loaded 2 moves from'
problems=$(/usr/bin/python3 "$here/json_check.py" --kind record "$schema" "$dir/saved.json" "$dir/end.json")
check "play's records valid: $problems" "$([ -z "$problems" ]; echo $?)"
expect 0 'position: b\.\./\.\.\./\.\.\./[abc.r]+ b 0-0' -- show kulibrat --record "$dir/saved.json"
# A game played to the end by the engines prints its moves as --moves text,
# which replays to the same final position.
out=$("$kibitz" play kulibrat --variant target=1 --side none --seed 2 --depth 2)
moves=$(grep '^moves:' <<<"$out" | cut -d' ' -f2-)
final=$(grep '^position:' <<<"$("$kibitz" show kulibrat --variant target=1 --moves "$moves")")
check "play's move list replays to a finished game ($final)" \
    "$([ -n "$moves" ] && grep -q ' [rb] 1-\|1-[01] \|[01]-1 ' <<<"$final"; echo $?)"
# play --json ends with the game record.
problems=$("$kibitz" play kulibrat --variant target=1 --side none --depth 2 --json | tail -1 |
    /usr/bin/python3 "$here/json_check.py" --kind record "$schema")
check "play --json ends with a valid record: $problems" "$([ -z "$problems" ]; echo $?)"
finish
