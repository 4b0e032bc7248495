#!/usr/bin/env bash
# Issue 31, defects 2, 3, 4 and 7: bad input of every kind gets one clear
# message (or one error document), never a crash, a hang or a silent guess.
set -u
source "$(dirname "$0")/cli_lib.bash" "$1"

dir=$(mktemp -d)
trap 'rm -rf "$dir" "$KIBITZ_DATA"' EXIT


# ---- Defect 7: one decimal-only number parser, the same message everywhere.
expect 2 "--time needs a number from .*, not '0x1p3'" -- bestmove kulibrat --time 0x1p3
expect 2 "--time needs a number" -- bestmove kulibrat --time 1e3
expect 2 "--time needs a number" -- bestmove kulibrat --time inf
expect 2 "--depth needs a whole number from 0 to 1000, not ' 5'" -- \
    bestmove kulibrat --depth ' 5'
expect 2 "--depth needs a whole number" -- bestmove kulibrat --depth '5 '
expect 2 "--depth needs a whole number" -- bestmove kulibrat --depth +5
expect 2 "--seed needs a whole number from 0 to" -- bestmove kulibrat --seed -1 --depth 1
expect 2 "--seed needs a whole number" -- bestmove kulibrat --seed ' 1' --depth 1
expect 2 "--threads needs a whole number from 1 to 1024" -- perft kulibrat --depth 1 --threads 0x2
# Engine specs: every number key through the same parser (search/engines.c),
# whatever the front end (--algo, arena --players, UGI's algo option).
expect 2 "agent option depth needs a whole number from 1 to" -- \
    bestmove kulibrat --algo 'alphabeta:depth= 3'
expect 2 "agent option depth needs a whole number" -- bestmove kulibrat --algo 'alphabeta:depth=2.5'
expect 2 "agent option depth needs a whole number" -- bestmove kerx --algo 'alphabeta:depth=+2'
expect 2 "agent option time needs a number" -- bestmove kulibrat --algo 'alphabeta:time=0x1p1'
expect 2 "agent option time needs a number" -- bestmove kerx --algo 'mcts:time=0x1p1'
expect 2 "agent option time needs a number" -- bestmove kerx --algo 'mcts:time=1e0'
expect 2 "agent option iterations needs a whole number" -- \
    bestmove kerx --algo 'mcts:iterations=10.5'
expect 2 "agent option c needs a number" -- bestmove kerx --algo 'mcts:c=inf'
expect 2 "agent option depth needs a whole number" -- \
    arena kauda-baji --variant players=2 --players 'expectimax:depth=2.0',random --games 1
expect 2 "agent option worlds needs a whole number" -- \
    arena kotra --players 'pimc:worlds=0x10',random --games 1
expect 2 "agent option playout needs a whole number" -- \
    arena kulibrat --players 'flatmc:playout= 5',random --games 1
expect 0 "bestmove" -- bestmove kerx --algo 'mcts:c=.5:time=0.05:iterations=50'
session=$(printf 'ugi\nsetoption name algo value alphabeta:depth=2.5\nisready\nquit\n' |
    timeout 30 "$kibitz" ugi kulibrat 2>&1)
check "UGI algo alphabeta:depth=2.5 refused, engine alive ($session)" \
    $(grep -q 'agent option depth needs a whole number' <<<"$session" &&
        grep -q readyok <<<"$session" && echo 0 || echo 1)
# serve's own options too (a number it took would start a server: capped).
out=$(timeout 20 "$kibitz" serve --port ' 0' --bind 127.0.0.1 2>&1 </dev/null)
code=$?
check "serve --port ' 0' refused ($code: $out)" \
    $([ $code -eq 2 ] && grep -q "^kibitz: --port needs a whole number from 0 to 65535, not ' 0'" \
        <<<"$out" && echo 0 || echo 1)
expect 2 "--threads needs a whole number from 1 to 64, not '0x2'" -- serve --threads 0x2
expect 2 "target needs a whole number from 1 to 250, not ' 5'" -- \
    show kulibrat --variant 'target= 5'
expect 2 "turns needs a whole number" -- show kotra --variant 'turns=0x10'
expect 2 "size needs a whole number from 3 to 6" -- show kerx --variant 'size=+4'
expect 2 "empty option" -- show kulibrat --variant ','
expect 2 "empty option" -- show kulibrat --variant 'target=5,'
expect 2 "empty option" -- show kulibrat --variant 'target=5,,first=red'
expect 0 "target=5" -- show kulibrat --variant 'target=5' --json
expect 0 "best move|bestmove" -- bestmove kulibrat --time .2

# Folders and FIFOs as inputs: refused at once with a message, never read as
# empty, never blocking.
mkdir "$dir/folder"
mkfifo "$dir/fifo"
"$kibitz" solve kulibrat --variant target=1 --db "$dir/k1.kdb" --quiet >/dev/null
for target in "$dir/folder" "$dir/fifo"; do
    kind=$([ -d "$target" ] && echo folder || echo FIFO)
    run_capped query kulibrat --variant target=1 --db "$dir/k1.kdb" --positions "$target"
    check "--positions $kind refused (status $code: $out)" \
        $([ $code -eq 1 ] && grep -q "it is a $kind" <<<"$out" && echo 0 || echo 1)
    run_capped solvebench kerx "$target"
    check "solvebench set $kind refused (status $code: $out)" \
        $([ $code -eq 1 ] && grep -q "it is a $kind" <<<"$out" && echo 0 || echo 1)
    run_capped show kulibrat --record "$target"
    check "--record $kind refused (status $code: $out)" \
        $([ $code -ne 0 ] && [ $code -ne 124 ] && grep -q "it is a $kind" <<<"$out" &&
            echo 0 || echo 1)
done

# A record giving one player two simultaneous choices.
"$kibitz" arena kodrek --players greedy,random,random --games 1 --record "$dir/kodrek" \
    >/dev/null 2>&1
/usr/bin/python3 - "$dir/kodrek/game-000001.json" "$dir/twice.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
step = next(m for m in d["moves"] if "choices" in m)
first = step["choices"][0]
step["choices"].append({"player": first["player"], "move": first["move"]})
json.dump(d, open(sys.argv[2], "w"))
PY
expect 0 'over' -- show kodrek --record "$dir/kodrek/game-000001.json"
expect 2 'two choices for' -- show kodrek --record "$dir/twice.json"

# review: a budget its search cannot use is refused, not ignored.
expect 2 '--depth is for alphabeta' -- review kodrek --record "$dir/kodrek/game-000001.json" \
    --depth 3
printf '+a4\nquit\n' | "$kibitz" play kulibrat --save "$dir/kulibrat.json" >/dev/null 2>&1
expect 2 '--iterations is for mcts' -- review kulibrat --record "$dir/kulibrat.json" \
    --iterations 5

# ---- Defects 2 and 4: a --positions stream gives exactly one document per
# line, after a damaged tier too, and every error document keeps its message
# (a quote cut inside a UTF-8 character, a line that is not UTF-8).
db="$dir/k2.kdb"
"$kibitz" solve kulibrat --variant target=2 --db "$db" --quiet >/dev/null
size=$(stat -c %s "$db")
# Damage one byte in the middle of the cells: one tier goes bad.
printf '\x55' | dd of="$db" bs=1 seek=$((size / 2)) conv=notrunc status=none
positions=(".../.../.../... b 0-0" ".../.../.../... b 1-0" ".../.../.../... b 0-1"
    ".../.../.../... b 1-1" "b../.../.../... r 0-0" "b../.../.../... r 1-1")
damaged="" good=()
for p in "${positions[@]}"; do
    if "$kibitz" query kulibrat --variant target=2 --db "$db" --position "$p" \
        >/dev/null 2>&1; then good+=("$p"); else damaged="$p"; fi
done
check "the damaged byte spoils one tier (damaged: '$damaged', good: ${#good[@]})" \
    $([ -n "$damaged" ] && [ ${#good[@]} -ge 2 ] && echo 0 || echo 1)
{
    echo "$damaged"
    printf '%s\n' "${good[@]}"
    printf '\xff\xfe not UTF-8\n'
    # 59 ASCII characters, then a 2-byte character that a 60-byte quote cuts.
    printf '%s\xc3\xa9\xc3\xa9\n' "$(printf 'x%.0s' $(seq 59))"
} >"$dir/lines.txt"
lines=$(wc -l <"$dir/lines.txt")
out=$(timeout 60 "$kibitz" query kulibrat --variant target=2 --db "$db" \
    --positions "$dir/lines.txt" 2>/dev/null)
report=$(/usr/bin/python3 -c '
import json, sys
docs = [json.loads(l) for l in sys.stdin.read().splitlines()]
errors = [d for d in docs if d.get("kind") == "error"]
print(len(docs), len(errors), sum(1 for d in errors if d.get("message")),
      [d.get("line") for d in errors])' <<<"$out" 2>&1)
check "one document per line, messages kept ($lines lines: $report)" \
    $([ "$report" = "$lines 3 3 [1, $((lines - 1)), $lines]" ] && echo 0 || echo 1)

# ---- Defect 3: threads out of range are refused before any search, and
# threads that cannot start give a message, not a dead engine.
session=$(printf 'ugi\nsetoption name threads value 100000\nisready\nquit\n' |
    timeout 30 "$kibitz" ugi kulibrat 2>&1)
check "UGI threads 100000 refused, engine alive ($session)" \
    $(grep -q 'threads needs a whole number from 1 to 256' <<<"$session" &&
        grep -q readyok <<<"$session" && echo 0 || echo 1)
expect 2 'agent option threads needs a whole number from 1 to 1024' -- \
    bestmove kulibrat --algo 'alphabeta:threads=100000'
expect 2 'agent option threads needs a whole number from 1 to 1024' -- \
    arena kulibrat --players 'mcts:threads=0',random --games 1
# Under a memory limit that leaves room for few threads (a sanitizer build
# cannot start under it at all: skipped there). Each front end's search
# path: bestmove (--algo and --threads), arena's agents, UGI's `go`.
if (ulimit -v 400000; "$kibitz" version >/dev/null 2>&1); then
    capped() { (ulimit -v 400000; timeout 60 "$kibitz" "$@") 2>&1; }
    out=$(capped bestmove kulibrat --algo 'alphabeta:threads=1000:depth=3')
    code=$?
    check "engine spec threads=1000 under ulimit -v: a message, status 1 ($code: $out)" \
        $([ $code -eq 1 ] && grep -q '^kibitz: cannot start 1000 threads' <<<"$out" &&
            echo 0 || echo 1)
    out=$(capped bestmove kerx --algo 'mcts:threads=500:iterations=100')
    code=$?
    check "mcts threads=500 under ulimit -v: a message, status 1 ($code: $out)" \
        $([ $code -eq 1 ] && grep -q '^kibitz: cannot start 500 threads' <<<"$out" &&
            echo 0 || echo 1)
    out=$(capped arena kulibrat --players 'alphabeta:depth=2:threads=1000',random --games 1)
    code=$?
    check "arena player threads=1000 under ulimit -v: a message ($code: $out)" \
        $([ $code -ne 0 ] && grep -q 'cannot start 1000 threads' <<<"$out" &&
            ! grep -q libgomp <<<"$out" && echo 0 || echo 1)
    out=$(capped arena kulibrat --players random,random --games 300 --parallel 300)
    code=$?
    check "arena --parallel 300 under ulimit -v: a message, status 1 ($code: $out)" \
        $([ $code -eq 1 ] && grep -q '^kibitz: cannot start 300 threads' <<<"$out" &&
            echo 0 || echo 1)
    session=$( (ulimit -v 400000
        printf 'ugi\nsetoption name threads value 256\nposition startpos\ngo depth 2\nisready\nquit\n' |
            timeout 60 "$kibitz" ugi kulibrat) 2>&1)
    code=$?
    check "UGI go with threads that cannot start: a message, engine alive ($code: $session)" \
        $([ $code -eq 0 ] && grep -q 'info string error: cannot start 256 threads' <<<"$session" &&
            grep -q 'bestmove none' <<<"$session" && grep -q readyok <<<"$session" &&
            echo 0 || echo 1)
else
    echo "skipped: kibitz cannot start under ulimit -v 400000 (sanitizer build?)"
fi

finish
