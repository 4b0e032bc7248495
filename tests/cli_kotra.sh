#!/usr/bin/env bash
# Kotra on the command line: show, perft, and bad input (one clear line,
# exit status 2). Usage: cli_kotra.sh path/to/kibitz
set -u
source "$(dirname "$0")/cli_lib.bash" "$1"

empty='...../......./......./...../.../...../......./......./.....'
expect 0 'kotra' -- games
expect 0 'gold places a piece on c4n' -- show kotra
expect 0 "position: $empty g setup 0/0/0 - 0 0 - - - - 0:0 -:-" -- show kotra
expect 0 'moves \(11\): c4n=- c4n=C c4n=M' -- show kotra
expect 0 'position: \.\.\.\.\./\.\.\.\.\.\.\./\.\.\.\.\.\.\./\.\.\.\.\./\.\.\./C' -- show kotra --moves 'c4n=C'
# 116 = 11 first choices; after c4n=- 11 again, after a rank with one piece
# (C L U D A) 10, after a rank with several (M N G I R) 11: 11 + 5*10 + 5*11.
expect 0 'depth 2: 116 leaves' -- perft kotra --depth 2
expect 0 '"leaves":1175' -- perft kotra --depth 3 --json
expect 0 '^c4n=C +10$' -- perft kotra --depth 2 --divide
expect 2 "unknown variant option 'colour'" -- show kotra --variant colour=red
expect 2 'turns needs a whole number from 1 to 10000' -- show kotra --variant turns=0
expect 2 "bad position.*unknown piece 'Q'" -- show kotra --position "Q${empty:1} g setup 0/0/0 - 0 0 - - - - 0:0 -:-"
expect 2 'bad position.*side to move' -- show kotra --position "$empty"
expect 2 "bad position.*unknown phase 'fly'" -- show kotra --position "$empty g fly 0/0/0 - 0 0 - - - - 0:0 -:-"
expect 2 'bad position.*gold has 0 pieces' -- show kotra --position "$empty g roll 0/0/0 - 0 0 - - - - 0:0 -:-"
expect 2 'bad position.*bad dice' -- show kotra --position "$empty g setup 0/x/0 - 0 0 - - - - 0:0 -:-"
expect 2 'bad position.*unexpected text' -- show kotra --position "$empty g setup 0/0/0 - 0 0 - - - - 0:0 -:- more"
expect 2 'bad position.*bad board' -- show kotra --position "..../......./......./...../.../...../......./......./..... g setup 0/0/0 - 0 0 - - - - 0:0 -:-"
expect 2 "move 1: malformed move 'zz'" -- show kotra --moves 'zz'
expect 2 "move 2: illegal move 'c4n=L'" -- show kotra --moves 'c4n=L c4n=L'
expect 2 "move 1: illegal move 'd1=C'" -- show kotra --moves 'd1=C'
expect 2 '^kibitz: --side must name a player' -- play kotra --side purple
# The IS-MCTS agent keeps its tree between moves; keep=0 turns that off.
expect 0 'games 2, score of mcts:iterations=30:keep=0' -- \
    arena kotra --players mcts:iterations=30:keep=0,mcts:iterations=30 --games 2
expect 2 "agent option keep needs a whole number from 0 to 1, not '2'" -- \
    arena kotra --players mcts:keep=2,random --games 1
expect 2 "agent 'mcts' has no option 'keep'" -- arena kulibrat --players mcts:keep=1,random --games 1
# Kept trees do not carry from one game to the next, so games played two at
# a time report what games played in turn do.
players=mcts:iterations=60,pimc:iterations=12:worlds=5
serial=$("$kibitz" arena kotra --players $players --games 6 --seed 4 --quiet 2>&1)
both=$("$kibitz" arena kotra --players $players --games 6 --seed 4 --parallel 2 --quiet 2>&1)
[ -n "$serial" ] && grep -q 'games 6' <<<"$serial" && [ "$serial" = "$both" ]
check "kotra arena --parallel 2 reported differently from one game at a time" $?

# Arena says how Kotra games ended (capital, surrender, turn limit).
expect 0 '^endings: capital [0-9]+ \([0-9.]+%\)' -- arena kotra --players greedy,random --games 4 --seed 3 --quiet
expect 0 '"endings":\{"capital":4\}' -- arena kotra --players greedy,random --games 4 --seed 3 --quiet --json
expect 0 '^endings:.*turn limit [0-9]' -- arena kotra --variant turns=1 --players random,random --games 2 --quiet
expect 0 'surrender=loss\|points \(default loss\)' -- games
expect 2 "surrender must be loss or points, not 'draw'" -- show kotra --variant surrender=draw
# play: a setup preset instead of 24 prompts, a move typed whole, the
# position line under the board, the legend with it.
out=$(printf 'moves\nquit\n' | "$kibitz" play kotra --setup defensive --seed 3 --algo random 2>&1)
grep -q '^1\. gold plays c4n=' <<<"$out" && grep -q '^position: .* g pick ' <<<"$out" &&
    grep -q 'Marks, as in the position line' <<<"$out" && ! grep -q 'gold> c4n' <<<"$out"
check "play --setup defensive did not place gold's setup by itself" $?
pick=$(grep -o '^gold> legal moves: [a-g][0-9][ns]*' <<<"$out" | awk '{print $4}')
out=$(printf 'setup random\n%s-x9\nquit\n' "$pick" | "$kibitz" play kotra --seed 3 --algo random 2>&1)
grep -q "illegal move '$pick-x9'\|malformed move '$pick-x9'" <<<"$out"
check "play: a bad move typed whole was not refused with its name" $?
expect 2 "--setup bogus: setup takes sensible, defensive, offensive or random" -- play kotra --setup bogus --algo random
expect 2 "--setup is for games with a setup to type" -- play kulibrat --setup defensive
# bestmove and analyse search from the mover's view: two positions that
# differ only in two unrevealed gold ranks (a dal and a dalin swapped) give
# silver the same report, line for line.
head_="ldcnr/r.a'runi/mmrmgR'~U'~/...g'!./..L'/"
tail_="/CN'G'...I'/.R'.RA'R'G'@1/I'..M. s pick 6/4/6 - 0 5 - G MMIR giir 6:0 -:-"
for cmd in bestmove analyse; do
    for algo in mcts:iterations=300 pimc:worlds=3:iterations=30; do
        one=$("$kibitz" $cmd kotra --position "$head_.DN..$tail_" --algo $algo --seed 5 --json 2>&1 | sed 's/"seconds":[0-9.e+-]*//g; s/"nps":[0-9.e+-]*//g; s/per_second":[0-9.e+-]*//g')
        two=$("$kibitz" $cmd kotra --position "$head_.ND..$tail_" --algo $algo --seed 5 --json 2>&1 | sed 's/"seconds":[0-9.e+-]*//g; s/"nps":[0-9.e+-]*//g; s/per_second":[0-9.e+-]*//g')
        [ -n "$one" ] && grep -q '"move":' <<<"$one" && [ "$one" = "$two" ]
        check "$cmd --algo $algo reported differently for two positions with the same view" $?
    done
done

finish
