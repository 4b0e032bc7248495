#!/usr/bin/env bash
# bestmove, analyse, arena and bench from the command line: results on
# positions with a known answer, and bad input refused with exit status 2.
set -u
source "$(dirname "$0")/cli_lib.bash" "$1"

win_in_one='.../.../.../b.. b 4-0'
for cmd in bestmove analyse arena bench; do
    expect 0 "usage: kibitz $cmd" -- "$cmd" --help
done
expect 0 'bestmove a1-off' -- bestmove kulibrat --position "$win_in_one" --depth 4
expect 0 'score win in 1' -- bestmove kulibrat --position "$win_in_one" --depth 4
expect 0 '"move":"a1-off"' -- bestmove kulibrat --position "$win_in_one" --depth 4 --json
expect 0 'bestmove a1-off' -- bestmove kulibrat --position "$win_in_one" --algo mcts --iterations 3000
expect 0 'a1-off +win in 1' -- analyse kulibrat --position "$win_in_one" --depth 3
expect 0 'bestmove' -- bestmove kulibrat --time 0.1
# One spec syntax for every command: the spec's own options, and the command
# line's laid over them.
expect 0 'depth 4 nodes' -- bestmove kulibrat --algo alphabeta:depth=4
expect 0 'depth 3 nodes' -- analyse kulibrat --algo alphabeta:depth=3:hash=4
expect 0 'depth 5 nodes' -- bestmove kulibrat --algo alphabeta:depth=3 --depth 5
expect 0 'iterations 300 ' -- bestmove kodrek --algo mcts:iterations=300
expect 2 "agent 'alphabeta' has no option 'bogus'" -- bestmove kulibrat --algo alphabeta:bogus=1
expect 2 "unknown --algo 'minimax'" -- bestmove kulibrat --algo minimax
expect 2 'not --iterations' -- bestmove kulibrat --iterations 10
expect 2 'not --depth' -- bestmove kulibrat --algo mcts --depth 3
expect 2 '--depth must be at least 1' -- analyse kulibrat --depth 0
expect 2 'game is over' -- bestmove kulibrat --position '.../.../.../... r 5-0'
expect 2 "bad position" -- analyse kulibrat --position 'b/b/b b 0-0'
expect 2 'needs 2 specs, not 1' -- arena kulibrat --players random --games 2
expect 2 "bad player 'bogus'" -- arena kulibrat --players random,bogus --games 2
expect 2 'iterations needs a whole number' -- arena kulibrat --players mcts:iterations=0,random --games 2
expect 2 'arena needs --games' -- arena kulibrat --players random,random
expect 0 'games 4' -- arena kulibrat --players alphabeta:depth=2,random --games 4 --seed 3
expect 2 'drop threads= from' -- arena kulibrat --players alphabeta:depth=2:threads=2,random --games 4 --parallel 2
expect 2 'parallel needs a whole number' -- arena kulibrat --players random,random --games 4 --parallel 0

# Games played at once give the same report as one after another: every
# game starts its engines afresh and is tallied in its place.
serial=$("$kibitz" arena kulibrat --players alphabeta:depth=4,mcts:iterations=300 --games 12 --seed 5 --quiet 2>&1)
both=$("$kibitz" arena kulibrat --players alphabeta:depth=4,mcts:iterations=300 --games 12 --seed 5 --parallel 2 --quiet 2>&1)
[ -n "$serial" ] && grep -q 'games 12' <<<"$serial" && [ "$serial" = "$both" ]
check "arena --parallel 2 reported differently from one game at a time" $?
expect 2 "unknown game 'go'" -- bench go

# A bench JSON file that cannot be written is refused and nothing is left.
dir=$(mktemp -d)
expect 1 "cannot write" -- bench kulibrat --json "$dir/missing/out.json"
leftovers=$(find "$dir" -type f | wc -l)
check "bench left $leftovers file(s) behind after a failed write" "$leftovers"
rm -rf "$dir"

# bench --threads 2 reports the speed-ups, root-parallel MCTS included, and
# its signature (from the one-thread pass) is the one a plain bench gives.
one=$("$kibitz" bench kodrek 2>&1 | grep -Eo 'signature [0-9]+')
two=$("$kibitz" bench kodrek --threads 2 2>&1)
grep -Eq 'speed-up .*mcts [0-9.]+ +mcts-root [0-9.]+' <<<"$two"
check "bench --threads 2 prints the MCTS and mcts-root speed-ups" $?
grep -Eq 'round trip of a cache line between two threads: [1-9][0-9]* ns before, [1-9][0-9]* ns after' <<<"$two"
check "bench --threads 2 prints the cache-line round trip before and after" $?
[ -n "$one" ] && grep -q -- "$one" <<<"$two"
check "bench signature differs between 1 and 2 threads ('$one')" $?
finish
