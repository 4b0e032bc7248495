#!/usr/bin/env bash
# Kerx endgame databases of the symmetric builder from the command line:
# build, resume, query, df-pn probes, refusals (exit status 2).
set -u
source "$(dirname "$0")/cli_lib.bash" "$1"

dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
v='--variant size=3'
f="$dir/egdb-kerx-size=3,drawat=3,huff=0"
expect 0 'symmetric' -- solve --help
expect 1 'needs about .* MiB.*more than --memory 1' -- solve kerx --pieces 7 --db "$dir" --memory 1
check "a refused build wrote nothing" "$(find "$dir" -type f | wc -l)"
expect 2 'over by rule' -- solve kerx $v --pieces 3 --db "$dir"
expect 2 'pieces must be 2..18 on size 3' -- solve kerx $v --pieces 19 --db "$dir"
# The estimate counts the worst pair and the pairs below it, not every pair
# of the set: size 4's 10 pieces fit 20,000 MiB (every pair counted: 47,995).
out=$("$kibitz" solve kerx --variant size=4 --pieces 10 --memory 1 --db "$dir/est" 2>&1)
need=$(sed -n 's/.*needs about \([0-9]*\) MiB.*/\1/p' <<<"$out")
check "the 10-piece estimate fits 20,000 MiB ($need MiB)" "$([ -n "$need" ] && [ "$need" -lt 20000 ] && [ "$need" -gt 12000 ]; echo $?)"
KIBITZ_KERX_LAYOUT=narrow expect 2 "KIBITZ_KERX_LAYOUT must be auto, shared or wide, not 'narrow'" -- solve kerx $v --pieces 6 --db "$dir"
expect 1 'no Kerx databases' -- query kerx $v --db "$dir" --position 'www/4/1bw2/4/3 w'
# 4+1, 5+1, 4+2: three pairs of tiers.
expect 0 '3 tier pairs \(0 read back' -- solve kerx $v --pieces 6 --db "$dir" --quiet
check "a temporary file was left" "$(find "$dir" -name '*.tmp.*' | wc -l)"
check "one file per pair, and its win/draw/loss file" "$([ "$(ls "$f" | tr '\n' ' ')" = '4+1.keg 4+1.kwdl 4+2.keg 4+2.kwdl 5+1.keg 5+1.kwdl ' ]; echo $?)"
expect 0 'win/draw/loss files \(.kwdl\): .* positions a byte \(3 written' -- solve kerx $v --pieces 6 --db "$dir/w" --quiet
# The win/draw/loss files alone answer values without distances: query
# (the capture c3xa3 resolved by one ply) and df-pn's leaf probes.
mkdir -p "$dir/wdl/egdb-kerx-size=3,drawat=3,huff=0"
cp "$dir/w/egdb-kerx-size=3,drawat=3,huff=0/"*.kwdl "$dir/wdl/egdb-kerx-size=3,drawat=3,huff=0/"
expect 0 'white to move: win$' -- query kerx $v --db "$dir/wdl" --position 'www/4/1bw2/4/3 w'
expect 0 'remoteness: not known' -- solve kerx $v --db "$dir/wdl" --position 'www/4/1bw2/4/3 w'
printf '\376\376\376\376' | dd of="$dir/wdl/egdb-kerx-size=3,drawat=3,huff=0/4+1.kwdl" bs=1 seek=300 conv=notrunc 2>/dev/null
expect 1 '4\+1.kwdl: corrupt values in block 0 of 1' -- query kerx $v --db "$dir/wdl" --position 'www/4/5/4/w1b w'
expect 0 '3 tier pairs \(3 read back' -- solve kerx $v --pieces 6 --db "$dir" --quiet
# Capturing the last black piece wins at once (X6): a win in 1, by c3xa3.
expect 0 'white to move: win in 1' -- query kerx $v --db "$dir" --position 'www/4/1bw2/4/3 w'
expect 0 '"moves":\[\{"move":"c3xa3","value":\{"result":"win","distance":1,"score":1(\.0)?\}\}\]' -- query kerx $v --db "$dir" --position 'www/4/1bw2/4/3 w' --json
# Black to move captures and leaves 3+1: a draw by rule (X7).
expect 0 'b3xd3 +draw' -- query kerx $v --db "$dir" --position 'www/4/1bw2/4/3 b'
expect 1 'no database holds this material' -- query kerx $v --db "$dir" --position 'www/ww2/bbw2/4/3 w'
expect 0 'game over' -- query kerx $v --db "$dir" --position 'www/4/1w3/4/3 b'
# review judges a game's moves from them (exact values, source "database").
"$kibitz" arena kerx $v --players random,random --games 1 --seed 3 \
    --position 'www/4/1bw2/4/2b w' --record "$dir/rec" --db none >/dev/null 2>&1
expect 0 'exact values from database .*egdb-kerx' -- review kerx --record "$dir/rec/game-000001.json" --db "$dir" --depth 1
expect 0 '^1 +white .* database' -- review kerx --record "$dir/rec/game-000001.json" --db "$dir" --depth 1
# df-pn answers from the databases at its root and leaves.
expect 0 'database: win in 1' -- solve kerx $v --db "$dir" --position 'www/4/1bw2/4/3 w'
expect 0 'databases .*egdb-kerx' -- solve kerx $v --db "$dir" --position 'ww1/4/1b3/4/w1w b'
# A damaged file: values are checked block by block on first read, so a
# query that never reads 4+2 still answers; one that does is refused, and
# df-pn and alpha-beta probing it say so (status 1) after going on without
# it. solve rebuilds it.
printf '\376' | dd of="$f/4+2.keg" bs=1 seek=3000 conv=notrunc 2>/dev/null
expect 0 'white to move: win in 1' -- query kerx $v --db "$dir" --position 'www/4/1bw2/4/3 w'
expect 1 '4\+2.keg: corrupt values in block 0 of 1' -- query kerx $v --db "$dir" --position 'www/4/1bw2/4/2b w'
expect 1 '4\+2.keg: corrupt.*df-pn went on without that file' -- solve kerx $v --db "$dir" --position 'www/4/1bw2/4/2b w'
expect 1 '4\+2.keg: corrupt.*search went on without that file' -- bestmove kerx $v --db "$dir" --position 'www/4/2w2/4/b1b w' --depth 3
out=$("$kibitz" solve kerx $v --pieces 6 --db "$dir" --quiet 2>&1)
check "solve says it rebuilds the refused 4+2" \
    "$(grep -Eq '4\+2: the finished file was refused \(.*\); rebuilding it' <<<"$out"; echo $?)"
check "solve reads back the other two pairs" "$(grep -q '3 tier pairs (2 read back' <<<"$out"; echo $?)"
expect 0 '3 tier pairs \(3 read back' -- solve kerx $v --pieces 6 --db "$dir" --quiet
expect 0 'white to move: win in 1' -- query kerx $v --db "$dir" --position 'www/4/1bw2/4/3 w'
# A file of format version 1 (before per-block checksums) is read, and solve
# upgrades it in place instead of rebuilding it.
cp "$(dirname "$0")/data/kerx-size3-4+1-format1.keg" "$f/4+1.keg"
expect 0 'white to move: win in 1' -- query kerx $v --db "$dir" --position 'www/4/1bw2/4/3 w'
expect 0 '3 tier pairs \(3 read back from an earlier run, 1 of them upgraded to file format 2\)' -- solve kerx $v --pieces 6 --db "$dir" --quiet
expect 0 '3 tier pairs \(3 read back from an earlier run\)' -- solve kerx $v --pieces 6 --db "$dir" --quiet
check "the upgraded file is 8 bytes longer (its block table)" \
    "$([ $(stat -c %s "$f/4+1.keg") -eq $(( $(stat -c %s "$(dirname "$0")/data/kerx-size3-4+1-format1.keg") + 8 )) ]; echo $?)"
# A truncated file, and a file of size 3 put where size 4 is looked for.
head -c 1000 "$f/4+1.keg" > "$dir/cut" && mv "$dir/cut" "$f/4+1.keg"
expect 1 'truncated' -- query kerx $v --db "$dir" --position 'www/4/1bw2/4/3 w'
mkdir -p "$dir/other/egdb-kerx-size=4,drawat=3,huff=0"
cp "$f/5+1.keg" "$dir/other/egdb-kerx-size=4,drawat=3,huff=0/5+1.keg"
expect 1 'built for size=3' -- query kerx --db "$dir/other" --position '4/5/6/7/6/5/wwww b'
expect 2 'sizes 3..5' -- solve kerx --variant size=6 --pieces 5 --db "$dir"
finish
