#!/usr/bin/env bash
# scripts/kerx_frontier.py on size 3 (a 6-piece database, small budgets): the
# line it plays is legal and stops where asked, and every value it reports
# proved agrees with a second method (the database for held positions, a
# df-pn solve without databases and without a budget for the others).
set -u
source "$(dirname "$0")/cli_lib.bash" "$1"
script="$(dirname "$0")/../scripts/kerx_frontier.py"
py=/usr/bin/python3

dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
v='--variant size=3'
expect 0 'tier pairs' -- solve kerx $v --pieces 6 --db "$dir/db" --quiet
out=$("$py" "$script" "$1" "$dir/db" "$dir/out" $v --depth 4 --held 6 --max-plies 10 \
    --proof-nodes 200000 --hash 32 --stop-after 30 2>&1)
check "the script ran (status $?): $(tail -1 <<<"$out")" $?
line="$dir/out/line.tsv"
frontier="$dir/out/frontier.tsv"
check "line.tsv has the start and 10 plies" "$([ "$(tail -n +2 "$line" | wc -l)" -eq 11 ]; echo $?)"
moves=$(tail -n +2 "$line" | cut -f6 | tr '\n' ' ')
last=$(tail -1 "$line" | cut -f5)
# Replaying the moves from the start must give the last position of the line.
expect 0 "\"position\":\"$last\"" -- show kerx $v --moves "$moves" --json
check "frontier.tsv has a row per position" \
    "$([ "$(tail -n +2 "$frontier" | wc -l)" -eq 11 ]; echo $?)"
checked=0
while IFS=$'\t' read -r ply pieces position value wins loses nodes seconds; do
    [ "$ply" = ply ] && continue
    case "$value" in win | loss | draw) ;; *) continue ;; esac
    if [ "$pieces" -le 6 ]; then
        want=$("$1" query kerx $v --db "$dir/db" --position "$position" --json |
            "$py" -c 'import json,sys; print(json.load(sys.stdin)["value"]["result"])')
    else
        want=$("$1" solve kerx $v --db none --hash 64 --position "$position" --json |
            "$py" -c 'import json,sys; print(json.load(sys.stdin)["value"]["result"])')
    fi
    check "ply $ply ($position): frontier says $value, second method $want" \
        "$([ "$value" = "$want" ]; echo $?)"
    checked=$((checked + 1))
    [ "$checked" -ge 4 ] && break
done <"$frontier"
check "some proved values were cross-checked ($checked)" "$([ "$checked" -ge 2 ]; echo $?)"
# --summary: one Markdown row per position tried, values said for white.
table=$("$py" "$script" "$1" "$dir/db" "$dir/out" --summary)
check "the summary has a row per position" \
    "$([ "$(grep -c '^| [0-9]' <<<"$table")" -eq "$(tail -n +2 "$frontier" | wc -l)" ]; echo $?)"
check "the summary names the proved draws" \
    "$([ "$(grep -c '| draw |' <<<"$table")" -eq "$(cut -f4 "$frontier" | grep -c '^draw$')" ]; echo $?)"
# Bad input is refused with a message naming it.
out=$("$py" "$script" /nonexistent "$dir/db" "$dir/x" 2>&1)
check "a missing binary is named ($out)" \
    "$([ $? -ne 0 ] && grep -q 'not an executable' <<<"$out"; echo $?)"
out=$("$py" "$script" "$1" "$dir/nodb" "$dir/x" 2>&1)
check "a missing database folder is named ($out)" \
    "$([ $? -ne 0 ] && grep -q 'no database folder' <<<"$out"; echo $?)"
finish
