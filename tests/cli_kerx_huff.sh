#!/usr/bin/env bash
# Kerx huffing (huff=1, ruling X5) on the command line: moves and huffs in
# the notation, perft, every search, and the endgame databases' refusal.
# Usage: cli_kerx_huff.sh path/to/kibitz
set -u
source "$(dirname "$0")/cli_lib.bash" "$1"

h='--variant huff=1'
p='b2b/2b2/6/b2b1b1/2w2w/5/ww2 w' # c3 can take two, f3 one
expect 0 'huff=0\|1 \(default 0\)' -- games
expect 0 'moves \(1\): c3xe5xe7$' -- show kerx --position "$p"
expect 0 'moves \(16\): c3xe5 c3xe5xe7 f3xf5 ' -- show kerx $h --position "$p"
expect 0 'position: b2b/2b2/4w1/b2b3/2w3/5/ww2 b huff:c3' -- show kerx $h --position "$p" --moves f3xf5
expect 0 'moves \(1\): huff:c3$' -- show kerx $h --position "$p" --moves f3xf5
expect 0 'white missed a longest capture: black first removes one of c3' -- show kerx $h --position "$p" --moves f3xf5
expect 0 'position: b2b/2b2/4w1/b2b3/6/5/ww2 b$' -- show kerx $h --position "$p" --moves 'f3xf5 huff:c3'
# perft (the default's count is unchanged: cli_kerx.sh)
expect 0 'depth 8: 62896 leaves' -- perft kerx $h --depth 8
# every search plays huffs
expect 0 'bestmove huff:c4' -- bestmove kerx $h --position "$p" --moves c3-c4 --depth 4
expect 0 'bestmove ' -- bestmove kerx $h --position "$p" --algo mcts --iterations 500 --seed 1
expect 0 'white to move: win' -- solve kerx --variant size=3,drawat=0,huff=1 --position 'b2/4/1bw2/4/w2 w' --db none
expect 0 'result: white' -- play kerx $h --side none --algo random --seed 5
# bad input
expect 2 'huff must be 0 or 1' -- show kerx --variant huff=2
expect 2 "'huff:' needs the variant huff=1" -- show kerx --position 'b2b/2b2/4w1/b2b3/2w3/5/ww2 b huff:c3'
expect 2 'first huff a piece' -- show kerx $h --position "$p" --moves 'f3xf5 d4-d5'
expect 2 'may not be huffed' -- show kerx $h --position "$p" --moves 'f3xf5 huff:a1'
expect 2 'no huff is due' -- show kerx $h --position "$p" --moves 'huff:c3'
# the endgame databases are for huff=0
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
expect 2 'databases are for huff=0 only' -- solve kerx --variant size=3,huff=1 --pieces 4 --db "$dir"
expect 2 'databases are for huff=0 only' -- solve kerx --variant size=3,huff=1 --algo retro --pieces 4 --db "$dir"
expect 2 'databases are for huff=0 only' -- solvebench kerx --variant size=3,huff=1 --games 2 --db "$dir"
expect 2 'databases are for huff=0 only' -- query kerx --variant size=3,huff=1 --db "$dir"
finish
