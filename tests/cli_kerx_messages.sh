#!/usr/bin/env bash
# Kerx messages and totals that once were wrong: a capture of one piece, an
# overlong run of empty cells, df-pn's whole stop reason and --pn-init, the
# positions without a move in the generic builder's totals.
set -u
source "$(dirname "$0")/cli_lib.bash" "$1"

dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
expect 2 'the longest capture \(1 piece\) is compulsory' -- show kerx --variant drawat=0 --position '4/5/6/3wb2/6/5/b3 w' --moves d4-d5
# The run is quoted as written, not cut to two digits.
expect 2 'row 1 has 3 cells at size 3: a run of 18446744073709551617 empty cells does not fit' -- \
    show kerx --variant size=3 --position '3/4/5/4/18446744073709551617 w'
expect 2 'a run of 999 empty cells does not fit' -- show kerx --variant size=3 --position '3/4/5/4/999 w'
expect 2 'a run of 4 empty cells does not fit' -- show kerx --variant size=3 --position '3/4/5/4/b4 w'
expect 0 'white to move' -- show kerx --variant size=3 --position '3/4/5/4/1b1 w'
# df-pn's reason for stopping, whole (it was cut at 96 characters). Plain
# df-pn (--pn-init uniform) disproves the start's "white wins" at about
# 344,000 nodes (since the two proofs share proved positions; 331,000
# before), the disproof check finds it resting on a repetition that does
# not hold, and the node limit comes before the search has mended it (by
# 351,000).
expect 0 'unfinished \(node limit: no closed defence set holds the root \(graph-history interaction\)\)' -- \
    solve kerx --variant size=3 --position 'bbb/bbbb/bb1ww/wwww/www w' --pn-init uniform --iterations 347000 --db none
# --pn-init: a name it knows, and only where df-pn runs.
expect 2 "unknown --pn-init 'fast' \(uniform, eval, mobility, material\)" -- \
    solve kerx --variant size=3 --position 'bbb/bbbb/bb1ww/wwww/www w' --pn-init fast --db none
expect 2 '--pn-init is for df-pn \(one position proved\), not a database build' -- \
    solve kerx --variant size=3 --pieces 3 --pn-init eval --db "$dir"
expect 0 'black to move: win' -- \
    solve kerx --variant size=3 --position 'bbb/bbbb/bbwww/ww1w/www b' --pn-init eval --db none
# JSON names the initialisation used: the one given, else the default.
expect 0 '"pn_init":"eval"' -- \
    solve kerx --variant size=3 --position 'www/4/1bw2/4/3 w' --pn-init eval --db none --json
expect 0 '"pn_init":"mobility"' -- \
    solve kerx --variant size=3 --position 'www/4/1bw2/4/3 w' --db none --json
# A signal stops a long df-pn proof with its report, then ends kibitz by
# that signal (143 for SIGTERM), as an interrupted database build does.
out_file=$(mktemp)
"$kibitz" solve kerx --db none --hash 64 --time 120 >"$out_file" 2>&1 &
pid=$!
sleep 1
kill -TERM "$pid"
wait "$pid"
code=$?
check "SIGTERM during df-pn: status $code (want 143), report: $(head -2 "$out_file" | tail -1)" \
    "$([ "$code" = 143 ] && grep -q '^unfinished (interrupted)' "$out_file" &&
        grep -q '^learned: ' "$out_file"; echo $?)"
rm -f "$out_file"
# The generic builder's totals: won + lost + drawn + no move = positions.
out=$("$kibitz" solve kerx --variant size=3 --algo retro --pieces 5 --db "$dir" --quiet)
line=$(grep '^positions' <<<"$out")
read -r total won lost drawn none < <(sed -E 's/^positions ([0-9]+): won ([0-9]+), lost ([0-9]+), drawn ([0-9]+), no move ([0-9]+).*/\1 \2 \3 \4 \5/' <<<"$line")
check "the totals name the positions without a move: $line" \
    "$([ -n "${none:-}" ] && [ $((won + lost + drawn + none)) -eq "$total" ]; echo $?)"
finish
