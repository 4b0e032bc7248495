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
expect 2 'no database for kulibrat' -- query kulibrat --variant target=2 --db "$dir"
expect 0 'target=2,first=black +win +25' -- solve kulibrat --variant target=2 --db "$dir" --quiet
db="$dir/kulibrat-target=2,first=black.kdb"
check "solve stored $db" "$([ -s "$db" ]; echo $?)"
check "solve left a temporary file" "$(ls "$dir" | grep -c tmp)"
# The start position, for target 2 and (same database) target 1.
expect 0 'black to move: win in 25' -- query kulibrat --variant target=2 --db "$dir"
expect 0 'black to move: win in 13' -- query kulibrat --variant target=1 --db "$db"
expect 0 '"value":"win"' -- query kulibrat --variant target=2 --db "$db" --json
expect 0 'red to move: loss in 12' -- query kulibrat --variant target=1 --db "$db" --position '.b./.../.../... r 0-0'
expect 0 'value win in 25' -- bestmove kulibrat --variant target=2 --db "$db"
expect 2 'no database for kulibrat target=4' -- bestmove kulibrat --variant target=4 --db "$dir"
expect 2 'no database for kulibrat target=3' -- query kulibrat --variant target=3 --db "$dir"
expect 2 "bad position 'zz'" -- query kulibrat --variant target=2 --db "$db" --position zz
expect 2 "unknown game" -- solve nosuchgame
# A database for another variant is not taken for this one.
cp "$db" "$dir/other.kdb"
expect 2 'database .*(variant|first)' -- query kulibrat --variant target=2,first=red --db "$dir/other.kdb"
# Corrupt and truncated files are refused.
cp "$db" "$dir/flipped.kdb"
printf '\x01' | dd of="$dir/flipped.kdb" bs=1 seek=5000 conv=notrunc 2>/dev/null
expect 2 'corrupt' -- query kulibrat --variant target=2 --db "$dir/flipped.kdb"
head -c 100000 "$db" >"$dir/short.kdb"
expect 2 'database .*truncated' -- query kulibrat --variant target=2 --db "$dir/short.kdb"
printf 'not a database' >"$dir/text.kdb"
expect 2 'database .*' -- query kulibrat --variant target=2 --db "$dir/text.kdb"
# --db naming a path that does not exist and does not end in .kdb is a folder:
# two solves of different variants keep both databases there.
expect 0 'target=1,first=black' -- solve kulibrat --variant target=1 --db "$dir/new" --quiet
expect 0 'target=1,first=red' -- solve kulibrat --variant target=1,first=red --db "$dir/new" --quiet
check "--db folder holds both databases" \
    "$([ -s "$dir/new/kulibrat-target=1,first=black.kdb" ] && [ -s "$dir/new/kulibrat-target=1,first=red.kdb" ]; echo $?)"
expect 0 'black to move: win in 13' -- query kulibrat --variant target=1 --db "$dir/new"
# A database that cannot be written: an error, and no file appears.
expect 2 'cannot' -- solve kulibrat --variant target=1 --db /proc/kibitz-test.kdb --quiet
finish
