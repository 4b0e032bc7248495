#!/usr/bin/env bash
# bestmove, play and arena on the games with simultaneous moves (Kodrek) and
# hidden information (Kotra): the split and the plan, the view-only search,
# the secret choice kept secret in play, the view drawn for the person, and
# bad input (options, sides, agent specs, play input) refused with one line
# and status 2 or handled at the prompt. Usage: cli_mcts_games.sh path/to/kibitz
set -u
source "$(dirname "$0")/cli_lib.bash" "$1"

# Kodrek: the secret split, then the plan of thrusts and pulls.
expect 0 '^green: choose h[0-2] ' -- bestmove kodrek --iterations 2000 --side green
expect 0 'plan after the most visited' -- bestmove kodrek --iterations 2000
expect 0 '^red: choose' -- bestmove kodrek --iterations 500 --side 3
expect 0 '"players":\[\{"player":"green","move":"h[0-2]".*"plan":\[' -- bestmove kodrek --iterations 500 --json
expect 0 'choose' -- bestmove kodrek --iterations 500 --algo mcts:sim=exp3
expect 0 'choose' -- bestmove kodrek --iterations 500 --algo mcts:sim=rm:gamma=0.2
expect 0 'bestmove t' -- bestmove kodrek --iterations 500 --moves h0.2.0
expect 2 '^kibitz: --side must name a player' -- bestmove kodrek --side purple
expect 2 '^kibitz: --algo mcts:sim=x: agent option sim is' -- \
    bestmove kodrek --algo mcts:sim=x
expect 2 '^kibitz: --algo pimc: pimc is for games with hidden' -- \
    bestmove kodrek --algo pimc
expect 2 '^kibitz: unknown --algo' -- bestmove kodrek --algo mctsx
expect 2 '^kibitz: .*--depth' -- bestmove kodrek --depth 3 --algo mcts
expect 2 '^kibitz: ' -- bestmove kodrek --algo mcts:worlds=3

# Kotra: the mover's view only; pimc as the baseline.
expect 0 '^bestmove [a-g][1-9][ns]?=' -- bestmove kotra --iterations 100
expect 0 '^bestmove ' -- bestmove kotra --iterations 60 --algo pimc:worlds=3
expect 0 '"engine":"ismcts"' -- bestmove kotra --iterations 50 --json
expect 2 '^kibitz: --algo pimc:worlds=0' -- bestmove kotra --algo pimc:worlds=0
expect 2 '^kibitz: --algo mcts:sim=rm:bogus=1' -- bestmove kotra --algo mcts:sim=rm:bogus=1

# play kodrek: the engines choose first and say only that they chose; the
# person's bad option is refused at the prompt; all choices at the reveal.
out=$(printf 'h7\nmoves\nh1\nquit\n' | "$kibitz" play kodrek --iterations 200 --seed 2 2>&1)
grep -q 'blue, red have chosen in secret' <<<"$out"
check "play kodrek: engines choose in secret" $?
grep -q "'h7' is not one of your options" <<<"$out"
check "play kodrek: bad option refused" $?
grep -q 'your options: h0 h1 h2' <<<"$out"
check "play kodrek: options listed" $?
grep -Eq '1\. reveal: green h1 blue h[0-2] red h[0-2]$' <<<"$out"
check "play kodrek: everyone's choice at the reveal" $?
# nothing of the engines' choices before the person chose
before=${out%%reveal:*}
! grep -Eq 'blue h[0-9]|red h[0-9]' <<<"$before"
check "play kodrek: no engine choice shown before the reveal" $?
out=$(printf '' | "$kibitz" play kodrek --iterations 50 2>&1)
grep -q 'end of input' <<<"$out"
check "play kodrek: end of input" $?

# play kotra: the person (silver) sees X for gold's hidden ranks, and gold's
# placements show where a piece went with its rank unknown (=X).
out=$(printf 'quit\n' | "$kibitz" play kotra --side silver --iterations 5 --seed 1 2>&1)
grep -Eq 'gold plays [a-g][1-9][ns]?=X' <<<"$out"
check "play kotra: hidden placements" $?
grep -Eq '\[  .X +\]' <<<"$out" && grep -Eq '^position: .*X' <<<"$out"
check "play kotra: view drawn with unknown ranks" $?
! grep -Eq 'gold plays [a-g][1-9][ns]?=[A-WYZ]' <<<"$out"
check "play kotra: no enemy rank printed" $?
expect 2 '^kibitz: engine .*pimc is for games' -- play kodrek --algo pimc

# arena: three seats of Kodrek, Kotra with pimc; bad specs.
expect 0 'mcts:iterations=50 .*win' -- \
    arena kodrek --players mcts:iterations=50,random,random --games 3
expect 2 '^kibitz: kodrek has 3 players' -- arena kodrek --players random,random --games 1
expect 2 "^kibitz: bad player 'pimc'" -- arena kodrek --players pimc,random,random --games 1
expect 0 'pimc:worlds=2:iterations=5 .*win' -- \
    arena kotra --players pimc:worlds=2:iterations=5,random --games 1
finish
