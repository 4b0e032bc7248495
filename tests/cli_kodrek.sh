#!/usr/bin/env bash
# Kodrek on the command line: show and perft work (perft enumerates joint
# choices at the secret coin split), bad positions, moves and options give one
# clear line and exit status 2. Usage: cli_kodrek.sh path/to/kibitz
set -u
source "$(dirname "$0")/cli_lib.bash" "$1"

start='1 s 10.5/12.6/0 30.25/29.23/0 30.5/29.6/0'
expect 0 'kodrek' -- games
expect 0 "position: $start" -- show kodrek
expect 0 'moves \(27\): h0.0.0 h0.0.1' -- show kodrek
expect 0 'G/B/R craft' -- show kodrek
# Depth 2 by hand: 27 joint splits; the first thruster has 19 choices when
# someone shows 2 heads (19 splits), 6 when the most is 1 (7 splits), and
# with no heads green pulls blue with 0..2 tails: 19*19 + 7*6 + 3 = 406.
expect 0 'depth 2: 406 leaves' -- perft kodrek --depth 2
expect 0 'depth 1: 27 leaves' -- perft kodrek --depth 1
expect 0 '"leaves":406' -- perft kodrek --depth 2 --json
expect 0 'moves \(19\): t27.21' -- show kodrek --moves 'h0.2.0'
expect 0 'moves \(3\): pb0 pb1 pb2' -- show kodrek --moves 'h0.2.0 t27.22'
expect 0 'position: 2 s 13.7/16.9/1 29.23/28.21/2 29.6/28.7/0' -- \
    show kodrek --moves 'h1.0.2 t29.6 t13.7 pr0 pg0 pb0 pr0'
expect 0 'position: 2 x 11.6/7.4/0! 20.14/20.14/0 20.7/20.7/0' -- \
    show kodrek --position '2 t2 15.8/11.6/0 20.14/20.14/0 20.7/20.7/0' --moves 't20.7'
expect 0 'position: 1 s 6.3/8.4/0' -- show kodrek --variant inner=11,margin=4
expect 0 'speakers 36.25 \(off board\).*returning' -- show kodrek --variant newcomer=blue \
    --position '3 s 15.8/15.8/0 29.20/36.25/1n 20.7/20.7/0'
# Bad positions.
expect 2 '^kibitz: bad position.*fields' -- show kodrek --position '1 s 10.5/12.6/0'
expect 2 '^kibitz: bad position.*bad phase' -- show kodrek --position '1 q 10.5/12.6/0 30.25/29.23/0 30.5/29.6/0'
expect 2 '^kibitz: bad position.*bad green field' -- show kodrek --position '1 s 10.5/12/0 30.25/29.23/0 30.5/29.6/0'
expect 2 '^kibitz: bad position.*turn 9 is outside 1..8' -- show kodrek --position '9 s 10.5/12.6/0 30.25/29.23/0 30.5/29.6/0'
expect 2 '^kibitz: bad position.*more than the 1 coins' -- show kodrek --position '1 s 10.5/12.6/2 30.25/29.23/0 30.5/29.6/0'
expect 2 '^kibitz: bad position.*outside the inner triangle' -- show kodrek --position '2 s 10.5/12.6/0 20.14/20.14/0 20.7/20.7/0'
expect 2 '^kibitz: bad position.*stack is off the board' -- show kodrek --position '3 s 15.8/15.8/0 29.20/36.25/1 20.7/20.7/0'
expect 2 '^kibitz: bad position.*returning without the newcomer' -- show kodrek --position '3 s 15.8/15.8/0 29.20/36.25/1n 20.7/20.7/0'
expect 2 '^kibitz: bad position.*needs a loser' -- show kodrek --position '2 x 15.8/15.8/0 20.14/20.14/0 20.7/20.7/0'
expect 2 '^kibitz: bad position.*no such pull' -- show kodrek --position '3 p0a2 15.8/15.8/0 20.14/20.14/3 20.7/20.8/1'
expect 2 '^kibitz: bad position.*impossibly far|bad blue field' -- show kodrek --position '3 s 15.8/15.8/0 99999.1/20.14/0 20.7/20.7/0'
expect 2 '^kibitz: bad position.*too long' -- show kodrek --position "$(printf '1%.0s' {1..300})"
# Bad moves.
expect 2 "^kibitz: move 1: illegal move 'h3.0.0'" -- show kodrek --moves 'h3.0.0'
expect 2 "^kibitz: move 1: malformed move 'h1'" -- show kodrek --moves 'h1'
expect 2 "^kibitz: move 2: illegal move 't26.23'" -- show kodrek --moves 'h0.2.0 t26.23'
expect 2 "^kibitz: move 3: illegal move 'pb3'" -- show kodrek --moves 'h0.2.0 t27.22 pb3'
expect 2 "^kibitz: move 1: malformed move 'zz'" -- show kodrek --moves 'zz'
expect 2 "^kibitz: move 1 'h0.0.0': the game is already over" -- show kodrek --position '2 x 11.6/7.4/0! 20.14/20.14/0 20.7/20.7/0' --moves 'h0.0.0'
# Bad options.
expect 2 '^kibitz: .*inner needs a whole number from 3 to 40' -- show kodrek --variant inner=2
expect 2 '^kibitz: .*toleks needs a whole number from 2 to 9' -- show kodrek --variant toleks=10
expect 2 '^kibitz: .*payoff must be coins or winloss' -- show kodrek --variant payoff=beer
expect 2 '^kibitz: .*newcomer must be off, all, green, blue or red' -- show kodrek --variant newcomer=yes
expect 2 '^kibitz: .*unknown variant option' -- show kodrek --variant pirate=1
# The baseline agents: greedy (Kodrek's evaluation) and flat Monte Carlo
# play whole games in the arena, which reports for three players the share of
# first place with ties split: it sums to 1 over the players in every game.
expect 0 'greedy +win.*first' -- arena kodrek --players greedy,flatmc:iterations=30,random --games 3 --seed 2
out=$("$kibitz" arena kodrek --players greedy,flatmc:iterations=30:playout=50,random \
    --games 6 --seed 4 --json 2>/dev/null)
sum=$(grep -Eo '"first":\{"share":[0-9.e-]+' <<<"$out" | cut -d: -f3 | awk '{ s += $1 } END { print s + 0 }')
check "first-place shares sum to 1 (got '$sum')" "$(awk -v s="$sum" 'BEGIN { exit !(s > 0.999 && s < 1.001) }'; echo $?)"
expect 0 'flatmc:iterations=20' -- arena kodrek --variant inner=5,margin=2,toleks=4 \
    --players flatmc:iterations=20,mcts:iterations=20,greedy --games 3
# flatmc works through the contract on any game without hidden information.
expect 0 'games 4' -- arena kulibrat --players flatmc:iterations=40,random --games 4 --seed 1
# Bad agent specs are refused with the reason.
expect 2 "^kibitz: bad player 'flatmc:iterations=0'.*iterations needs a whole number" -- \
    arena kodrek --players flatmc:iterations=0,random,random --games 1
expect 2 "agent 'flatmc' has no option 'depth'" -- \
    arena kodrek --players flatmc:depth=2,random,random --games 1
expect 2 "agent option playout needs a whole number" -- \
    arena kodrek --players flatmc:playout=x,random,random --games 1
expect 2 "agent 'greedy' has no option 'iterations'" -- \
    arena kodrek --players greedy:iterations=5,random,random --games 1
expect 2 "unknown agent 'flat'" -- arena kodrek --players flat,random,random --games 1
expect 2 "flatmc needs a game without hidden information" -- \
    arena kotra --players flatmc,random --games 1

finish
