#!/usr/bin/env bash
# solve and query from the command line: a small solve into a temporary
# folder, queries for smaller targets from the same database, and refusals of
# missing, corrupt and mismatched databases (exit status 2, nothing left
# half-written).
set -u
source "$(dirname "$0")/cli_lib.bash" "$1"

dir=$(mktemp -d)
trap 'rm -rf "$dir" "$KIBITZ_DATA"' EXIT
expect 0 'usage: kibitz solve' -- solve --help
expect 0 'usage: kibitz query' -- query --help
expect 1 'no database for kulibrat' -- query kulibrat --variant target=2 --db "$dir"
expect 0 'target=2,first=black +win +25' -- solve kulibrat --variant target=2 --db "$dir" --quiet
db="$dir/kulibrat-target=2,first=black.kdb"
check "solve stored $db" "$([ -s "$db" ]; echo $?)"
check "solve left a temporary file" "$(ls "$dir" | grep -c tmp)"
# The start position, for target 2 and (same database) target 1.
expect 0 'black to move: win in 25' -- query kulibrat --variant target=2 --db "$dir"
expect 0 'black to move: win in 13' -- query kulibrat --variant target=1 --db "$db"
expect 0 '"value":\{"result":"win","distance":25' -- query kulibrat --variant target=2 --db "$db" --json
expect 0 'red to move: loss in 12' -- query kulibrat --variant target=1 --db "$db" --position '.b./.../.../... r 0-0'
expect 0 'value win in 25' -- bestmove kulibrat --variant target=2 --db "$db"
expect 1 'no database for kulibrat target=4' -- bestmove kulibrat --variant target=4 --db "$dir"
expect 1 'no database for kulibrat target=3' -- query kulibrat --variant target=3 --db "$dir"
expect 2 "bad position 'zz'" -- query kulibrat --variant target=2 --db "$db" --position zz
expect 2 "unknown game" -- solve nosuchgame
# A database for another variant is not taken for this one.
cp "$db" "$dir/other.kdb"
expect 1 'database .*variant' -- query kulibrat --variant target=3 --db "$dir/other.kdb"
# The colour-swapped variant (red first) is answered from black's database:
# the game lists it among the variants the tiers hold.
expect 0 'red to move: loss in 28' -- query kulibrat --variant target=2,first=red --db "$dir/other.kdb" --position '.b./.../.../... r 0-0'
expect 0 'red to move: win in 25' -- query kulibrat --variant target=2,first=red --db "$dir"
# Corrupt and truncated files are refused. Tiers are checked when first
# read: a flipped byte in the start position's tier (solved last, so its
# cells end just before the 4-tier index of 32-byte entries) is found by a
# query of the start position.
cp "$db" "$dir/flipped.kdb"
size=$(stat -c %s "$db")
printf '\x01' | dd of="$dir/flipped.kdb" bs=1 seek=$((size - 4 * 32 - 40)) conv=notrunc 2>/dev/null
expect 1 'corrupt' -- query kulibrat --variant target=2 --db "$dir/flipped.kdb"
expect 1 'corrupt' -- bestmove kulibrat --variant target=2 --db "$dir/flipped.kdb"
out=$(printf '.../.../.../... b 0-0\n' | "$kibitz" query kulibrat --variant target=2 --db "$dir/flipped.kdb" --positions -)
check "a stream reports the corrupt tier as an error document ($out)" \
    "$(grep -q '"kind":"error".*corrupt' <<<"$out"; echo $?)"
# A flipped byte in the index is found when the file is opened.
cp "$db" "$dir/flipped-index.kdb"
printf '\x01' | dd of="$dir/flipped-index.kdb" bs=1 seek=$((size - 10)) conv=notrunc 2>/dev/null
expect 1 'corrupt' -- query kulibrat --variant target=2 --db "$dir/flipped-index.kdb"
head -c 100000 "$db" >"$dir/short.kdb"
expect 1 'database .*truncated' -- query kulibrat --variant target=2 --db "$dir/short.kdb"
printf 'not a database' >"$dir/text.kdb"
expect 1 'database .*' -- query kulibrat --variant target=2 --db "$dir/text.kdb"
# --db naming a path that does not exist and does not end in .kdb is a folder:
# two solves of different variants keep both databases there.
expect 0 'target=1,first=black' -- solve kulibrat --variant target=1 --db "$dir/new" --quiet
expect 0 'target=1,first=red' -- solve kulibrat --variant target=1,first=red --db "$dir/new" --quiet
check "--db folder holds both databases" \
    "$([ -s "$dir/new/kulibrat-target=1,first=black.kdb" ] && [ -s "$dir/new/kulibrat-target=1,first=red.kdb" ]; echo $?)"
expect 0 'black to move: win in 13' -- query kulibrat --variant target=1 --db "$dir/new"
# A database that cannot be written: an error, and no file appears.
expect 1 'cannot' -- solve kulibrat --variant target=1 --db /proc/kibitz-test.kdb --quiet
# Advice in error messages works when copied: the suggested solve command
# (variant and --db included, a folder with a space quoted) makes the
# database the query asked for.
mkdir -p "$dir/my dbs"
msg=$("$kibitz" query kulibrat --variant target=1,first=red --db "$dir/my dbs" 2>&1)
check "missing database: exit 1 and a solve suggestion ($msg)" \
    "$(grep -q 'make it with: kibitz solve kulibrat --variant target=1,first=red --db' <<<"$msg"; echo $?)"
suggestion=${msg#*make it with: kibitz }
eval "\"\$kibitz\" $suggestion --quiet" >/dev/null
expect 0 'red to move: win' -- query kulibrat --variant target=1,first=red --db "$dir/my dbs"
# A game that cannot be solved is told so, not sent to 'kibitz solve'.
expect 2 'kodrek cannot be solved' -- query kodrek
expect 2 'kodrek has no solver hooks' -- solve kodrek

# The database rule, and --db none the same on every command.
KIBITZ_DATA="$dir" expect 0 'perfect play' -- bestmove kulibrat --variant target=2
KIBITZ_DATA="$dir" expect 0 'perfect play' -- analyse kulibrat --variant target=2
out=$(KIBITZ_DATA="$dir" "$kibitz" bestmove kulibrat --variant target=2 --db none --depth 2)
check "bestmove --db none searches ($out)" "$(grep -qv 'perfect play' <<<"$out" && grep -q '^depth 2' <<<"$out"; echo $?)"
out=$(KIBITZ_DATA="$dir" "$kibitz" analyse kulibrat --variant target=2 --depth 2)
check "analyse with a budget searches ($out)" "$(grep -q '^depth 2' <<<"$out"; echo $?)"
expect 2 'query reads a database' -- query kulibrat --variant target=2 --db none

# An interrupted solve removes its temporary file and ends by the signal
# (130 for SIGINT, 143 for SIGTERM); nothing is left in the folder.
for sig in INT TERM; do
    sdir="$dir/signal-$sig"
    mkdir -p "$sdir"
    "$kibitz" solve kulibrat --variant target=12 --db "$sdir" --quiet --threads 1 \
        >/dev/null 2>&1 &
    pid=$!
    for _ in $(seq 200); do ls "$sdir" | grep -q tmp && break; sleep 0.05; done
    started=$(ls "$sdir" | grep -c tmp)
    kill -"$sig" "$pid"
    wait "$pid"
    code=$?
    want=$([ "$sig" = INT ] && echo 130 || echo 143)
    check "SIG$sig during solve: status $code (want $want), temporary file seen $started, left: $(ls "$sdir")" \
        "$([ "$started" = 1 ] && [ "$code" = "$want" ] && [ -z "$(ls "$sdir")" ]; echo $?)"
done

finish
