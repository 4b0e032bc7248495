#!/usr/bin/env bash
# Kauda-Baji search from the command line: bestmove and analyse with mcts and
# expectimax, play against an engine with the throw shown, arena with the
# greedy agent, and the refusals (chance node, expectimax with 4 players).
# Usage: cli_kauda_search.sh path/to/kibitz
set -u
source "$(dirname "$0")/cli_lib.bash" "$1"

g=kauda-baji
two='--variant players=2'
expect 0 'bestmove (12:d1-d7|3:d1-g1|12\+3:d1-a7)' -- bestmove $g --moves 't12 t3' --iterations 300 --seed 1
expect 0 'score [-+]0\.[0-9]+ \(mean return\)' -- bestmove $g --moves 't12 t3' --iterations 300
expect 0 'bestmove 12:d1-d7' -- bestmove $g $two --moves 't12 t3' --algo expectimax --depth 2
expect 0 'star1 cuts [0-9]+ star2 cuts' -- bestmove $g $two --moves 't12 t3' --algo expectimax:prune=star2 --depth 3
expect 0 '"engine":"expectimax"' -- bestmove $g $two --moves 't12 t3' --algo expectimax --depth 2 --json
expect 0 '3:d1-g1 +[-+]0\.[0-9]+' -- analyse $g $two --moves 't12 t3' --algo expectimax --depth 2
expect 0 'chance plays t(1|2|3|4|5|6|12)' -- play $g $two --side none --algo expectimax --depth 1 --seed 4
expect 0 'south to move; throws: ' -- play $g $two --side south --algo greedy --seed 4
expect 0 'games 4' -- arena $g $two --players expectimax:depth=1,greedy --games 4 --seed 1
expect 0 'greedy +win' -- arena $g --players greedy,random,random,random --games 4 --seed 1

expect 2 'chance decides here' -- bestmove $g
expect 2 'expectimax is for two players' -- bestmove $g --moves 't12 t3' --algo expectimax
expect 2 'expectimax takes --depth or --time' -- bestmove $g $two --moves 't12 t3' --algo expectimax --iterations 5
expect 2 'prune is star1, star2 or none' -- bestmove $g $two --moves 't12 t3' --algo expectimax:prune=fast
expect 2 "agent 'greedy' has no option 'depth'" -- arena $g $two --players greedy:depth=2,random --games 2
finish
