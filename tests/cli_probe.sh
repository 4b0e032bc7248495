#!/usr/bin/env bash
# Searches that probe databases (--db): alpha-beta, MCTS and the agents of
# play and arena, on Kerx's endgame databases (the game's own database hook)
# and on a Kulibrat solver database; the values must be the databases' own.
set -u
source "$(dirname "$0")/cli_lib.bash" "$1"

dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
v='--variant size=3'
"$kibitz" solve kerx $v --pieces 7 --db "$dir" --quiet >/dev/null

# c2-c3 loses for white (df-pn, results/kerx.md): alpha-beta probing the
# 7-piece databases proves it; without any database it cannot at the same
# depth. With the 6-piece ones made on first use (the data folder), the
# capture extension lets depth 14 reach them and prove it; without the
# extension it cannot.
expect 0 'score win in [0-9]+' -- bestmove kerx $v --moves c2-c3 --db "$dir"
expect 0 'databases: [0-9]+ positions answered' -- bestmove kerx $v --moves c2-c3 --db "$dir"
expect 0 'score [+-][0-9]' -- bestmove kerx $v --moves c2-c3 --depth 14 --db none
expect 0 'score win in [0-9]+' -- bestmove kerx $v --moves c2-c3 --depth 14
expect 0 'score [+-][0-9]' -- bestmove kerx $v --moves c2-c3 --algo alphabeta:depth=14:extend=0
# A held root: the score, the move and the line are the databases' (the line
# is as long as the loss).
held='c2-c3 e4xc2 b1xd3 c4xc2xe4 a2xc4 d5xb3xb1 e3-d3 e4xc2 c1xc3 d4xb2 a1xc1 a3-a2 d2-d3'
want=$("$kibitz" query kerx $v --moves "$held" --db "$dir" | sed -n 's/^black to move: //p')
check "query gives a win in N" "$(grep -Eq '^win in [0-9]+$' <<<"$want"; echo $?)"
out=$("$kibitz" bestmove kerx $v --moves "$held" --db "$dir" --depth 1)
check "alpha-beta at depth 1 scores a held root exactly ($want)" \
    "$(grep -q "^score $want\$" <<<"$out"; echo $?)"
check "the root is reported held" "$(grep -q 'root is held' <<<"$out"; echo $?)"
n=${want#win in }
check "the principal variation runs to the end ($n moves)" \
    "$([ "$(sed -n 's/^pv //p' <<<"$out" | wc -w)" -eq "$n" ]; echo $?)"
# analyse scores every root move exactly, each as query does.
q=$("$kibitz" query kerx $v --moves "$held" --db "$dir")
a=$("$kibitz" analyse kerx $v --moves "$held" --db "$dir" --depth 1)
# (A database draw shows as "draw", as query shows it, not as +0.00.)
for m in b2-c3 a2-a1 a2-a3 b2-b1; do
    qv=$(sed -n "s/^  $m  *//p" <<<"$q")
    av=$(sed -n "s/^  $m  *//p" <<<"$a")
    check "analyse scores $m as the databases do ($qv)" "$([ -n "$qv" ] && [ "$qv" = "$av" ]; echo $?)"
done
# The root filter keeps the moves that keep the win (not the drawing b2-b1).
expect 0 'bestmove (b2-c3|c5-d5|e5-d4)' -- bestmove kerx $v --moves "$held" --db "$dir" --depth 1
# The search document says so too (docs/JSON.md, "search").
expect 0 '"database_hits":[1-9][0-9]*,"root_held":true' -- bestmove kerx $v --moves "$held" --db "$dir" --depth 1 --json
# A held draw (4 against 3) is a proven draw, not an even estimate.
drawn='b1b/4/1b3/wwww/3 w'
expect 0 'white to move: draw' -- query kerx $v --position "$drawn" --db "$dir"
expect 0 '^score draw$' -- bestmove kerx $v --position "$drawn" --db "$dir" --depth 2
expect 0 '"value":\{"result":"draw"' -- bestmove kerx $v --position "$drawn" --db "$dir" --depth 2 --json
# MCTS-Solver: a held node is a proven terminal, so the root is proved.
expect 0 'score proven win' -- bestmove kerx $v --moves "$held" --db "$dir" --algo mcts --iterations 200
expect 0 'score proven win' -- bestmove kerx $v --moves c2-c3 --db "$dir" --algo mcts --iterations 20000
# Agents: arena and play probe too; db=0 keeps a player from them. From a
# won position the prober wins as black and holds the draw as white (75%);
# without the databases the same players score 50%. (Without the capture
# extension: with it, depth 1 wins this one as black without databases.)
expect 0 'games 2, score of alphabeta:depth=1:extend=0: 75.0%' -- arena kerx $v \
    --moves "$held" --players 'alphabeta:depth=1:extend=0,alphabeta:depth=1:db=0:extend=0' \
    --games 2 --db "$dir" --quiet
expect 0 'probes the databases' -- play kerx $v --moves "$held" --db "$dir" --algo alphabeta:depth=1
expect 2 'agent option db needs' -- arena kerx $v --players 'alphabeta:db=2,random' --games 1
# --db none: a plain search.
expect 0 'bestmove' -- bestmove kerx $v --db none --depth 2
# Refusals: a folder without databases (a runtime failure, 1, as on every
# command), an empty path (bad input, 2).
expect 1 'no Kerx databases' -- bestmove kerx $v --db "$dir/none" --moves c2-c3
expect 2 'the database path is empty' -- bestmove kerx $v --db '' --moves c2-c3
expect 1 'no Kerx databases' -- arena kerx $v --db "$dir/none" --players random,random --games 1
expect 1 'no Kerx databases' -- play kerx $v --db "$dir/none" --side none --algo random

# df-pn measures its proofs: the shortest win inside the proof, never shorter
# than the exact remoteness the databases give.
expect 0 'white to move: win in 1$' -- solve kerx $v --position 'www/4/1bw2/4/3 w' --db none
expect 0 '"remoteness":1,' -- solve kerx $v --position 'www/4/1bw2/4/3 w' --db none --json
out=$("$kibitz" solve kerx $v --moves "$held" --db none)
d=$(sed -n 's/^black to move: win in \([0-9]*\)$/\1/p' <<<"$out")
check "df-pn alone: a win in $d, at least the databases' $n" \
    "$([ -n "$d" ] && [ "$d" -ge "$n" ]; echo $?)"
expect 0 'remoteness: [0-9]+, the shortest win inside the proof' -- solve kerx $v --moves c2-c3 --db none

# Kulibrat's solver database: a chosen search probes it and scores the start
# as the solver did.
"$kibitz" solve kulibrat --variant target=3 --db "$dir" --quiet >"$dir/solve.txt"
want=$(sed -n 's/^opening moves: +b4 (\(win in [0-9]*\)).*/\1/p' "$dir/solve.txt")
check "the solve names the start's value" "$([ -n "$want" ]; echo $?)"
expect 0 "score $want" -- bestmove kulibrat --variant target=3 --algo alphabeta:depth=2 --db "$dir"
expect 0 'score proven win' -- bestmove kulibrat --variant target=3 --algo mcts --iterations 100 --db "$dir"
finish
