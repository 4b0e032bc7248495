#!/usr/bin/env bash
# Kerx solving from the command line: df-pn on known positions, a database
# build that resumes, queries, and refusals (exit status 2).
set -u
source "$(dirname "$0")/cli_lib.bash" "$1"

dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
v='--variant size=3,drawat=2'
expect 0 'usage: kibitz solve' -- solve --help
expect 0 'white to move: win' -- solve kerx --variant size=3,drawat=0 --position '3/4/1bw2/4/3 w' --db none
expect 0 'best move: c3xa3' -- solve kerx --variant size=3,drawat=0 --position '3/4/1bw2/4/3 w' --db none
expect 0 'white to move: draw' -- solve kerx --variant size=3 --position 'bb1/3b/1bw2/4/w1w w' --db none
expect 0 '"value":\{"result":"loss"' -- solve kerx --variant size=3 --position 'bbb/bbb1/bbw1w/wwbw/www w' --db none --json
expect 0 'unfinished \(node limit\)' -- solve kerx --position 'bbbb/bbbbb/bbbbbb/bbb1www/wwwwww/wwwww/wwww w' --iterations 2000 --db none --hash 16
expect 2 'already over' -- solve kerx --variant size=3 --position 'b2/4/5/4/2w w' --db none
expect 2 "bad position" -- solve kerx --position zz
# Databases: size 3, drawat 2, up to 5 pieces.
expect 1 'needs about .* MiB' -- solve kerx $v --algo retro --pieces 5 --db "$dir" --memory 1
expect 1 'no Kerx databases' -- query kerx $v --db "$dir" --position 'b2/4/5/4/www w'
expect 0 '3 tiers \(0 read back' -- solve kerx $v --algo retro --pieces 5 --db "$dir" --quiet
check "a temporary file was left" "$(find "$dir" -name '*.kdb.tmp.*' | wc -l)"
expect 0 '3 tiers \(3 read back' -- solve kerx $v --algo retro --pieces 5 --db "$dir" --quiet
expect 0 'white to move: (win|loss|draw)' -- query kerx $v --db "$dir" --position 'b2/4/5/4/www w'
expect 0 '"value":\{"result":"(win|loss|draw)"' -- query kerx $v --db "$dir" --position 'b2/4/5/4/www w' --json
expect 1 'no database holds this material' -- query kerx $v --db "$dir" --position 'bbb/4/5/4/www w'
expect 2 'sizes 3..5' -- solve kerx --variant size=6 --pieces 5 --db "$dir"
expect 2 'kulibrat has none' -- solve kulibrat --pieces 5 --db "$dir"
# A damaged tier file is refused by query, and rebuilt by solve.
f="$dir/tiers-kerx-size=3,drawat=2,huff=0/4+1.kdb"
printf '\x01' | dd of="$f" bs=1 seek=5000 conv=notrunc 2>/dev/null
expect 1 'corrupt' -- query kerx $v --db "$dir" --position 'b2/4/5/4/www w'
expect 0 '3 tiers \(2 read back' -- solve kerx $v --algo retro --pieces 5 --db "$dir" --quiet
expect 0 'white to move' -- query kerx $v --db "$dir" --position 'b2/4/5/4/www w'
# SIGUSR1 pauses a symmetric build: each pair in progress saves its
# checkpoint at its next level (or segment of its forward pass), kibitz stops with status 1 and says so;
# the same command goes on from the checkpoint and ends like a build never
# paused. The signals start once a first pair's file is there (the handler
# is installed by then) and come until kibitz ends.
clean="$dir/clean" paused="$dir/paused"
sym='solve kerx --variant size=3 --pieces 9 --threads 1'
clean_out=$("$kibitz" $sym --db "$clean" 2>&1)
"$kibitz" $sym --db "$paused" >"$dir/paused.out" 2>&1 &
pid=$!
for _ in $(seq 600); do
    ls "$paused"/egdb-kerx-*/*.keg >/dev/null 2>&1 && break
    sleep 0.05
done
while kill -USR1 "$pid" 2>/dev/null; do sleep 0.05; done
wait "$pid"
code=$?
ckpts=$(find "$paused" -name '*.keg.ckpt' | wc -l)
check "SIGUSR1: status $code (want 1), $ckpts checkpoint(s) (want some), said: $(tail -1 "$dir/paused.out")" \
    "$([ "$code" = 1 ] && [ "$ckpts" -ge 1 ] &&
        grep -Eq 'paused (before level [0-9]+|in its forward pass \([0-9.]+% of the units\)) on request \(SIGUSR1\)' "$dir/paused.out"; echo $?)"
resumed_out=$("$kibitz" $sym --db "$paused" 2>&1)
code=$?
same() { grep -E '^(positions|kerx size)' <<<"$1" | sed -E 's/\([0-9]+ read back.*//'; }
check "resumed after the pause: status $code, same totals as a build never paused" \
    "$([ "$code" = 0 ] && [ "$(same "$resumed_out")" = "$(same "$clean_out")" ] &&
        [ -z "$(find "$paused" -name '*.keg.ckpt')" ] &&
        for f in "$clean"/egdb-kerx-*/*.keg; do
            cmp -s "$f" "$paused/${f#"$clean"/}" || exit 1
        done; echo $?)"
finish
