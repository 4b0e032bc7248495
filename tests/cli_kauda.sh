#!/usr/bin/env bash
# Kauda-Baji on the command line: show, perft, play (random engines, chance
# sampled), and bad input (one clear line, exit status 2).
# Usage: cli_kauda.sh path/to/kibitz
set -u
source "$(dirname "$0")/cli_lib.bash" "$1"

g=kauda-baji
expect 0 'kauda-baji +four-player' -- games
expect 0 'players=2\|3\|4' -- games
expect 0 'position: 6d1/6g4/6d7/6a4 s roll -' -- show $g
expect 0 'moves \(7\): t1 t2 t3 t4 t5 t6 t12' -- show $g
expect 0 'south to move; throws: 6 3' -- show $g --moves 't6 t3'
expect 0 'moves \(3\): 6:d1-g4 3:d1-g1 6\+3:d1-g7' -- show $g --moves 't6 t3'
expect 0 'moves \(2\): 6:d1-g4 3:d1-g1$' -- show $g --moves 't6 t3' --variant combine=0
expect 0 'throws: 6 3 \(usable alone or added together\)' -- show $g --moves 't6 t3'
# the issue's position: the quadruple on e2 moves by 6 + 2 = 8, 2 steps
q='2d1,4e2/6g4/6d7/6a4 s use:6,2 -'
expect 0 'moves \(4\): 6:d1-g4 2:d1-f1 6\+2:d1-g6 6\+2:4e2-c2' -- show $g --position "$q"
expect 0 'position: 2d1,4c2/6g4/6d7/6a4 e roll -' -- show $g --position "$q" --moves '2+6:4e2-c2'
expect 2 "move 1: illegal move '6\+2:4e2-c2'" -- show $g --position "$q" --variant combine=0 --moves '6+2:4e2-c2'
expect 2 'combine must be 0 or 1' -- show $g --variant combine=2
expect 0 'position: 5d1,1f1/6d7 n roll -' -- show $g --variant players=2 --moves 't2 2:d1-f1'
expect 0 'killed:-' -- show $g --variant killfirst=1
expect 0 'bonus:0' -- show $g --variant bonus=1,p=0.25
expect 0 'moves \(1\): pass' -- show $g --position '2f1,4d4/6g4/6d7/6a4 s use:3 -'
expect 0 'depth 3: 83 leaves' -- perft $g --depth 3 --variant combine=0
expect 0 '^t6 +73$' -- perft $g --depth 4 --divide --threads 2 --variant combine=0
expect 0 'depth 3: 93 leaves' -- perft $g --depth 3
expect 0 '^t6 +143$' -- perft $g --depth 4 --divide --threads 2
expect 0 '"leaves":' -- perft $g --depth 5 --json --variant players=3
expect 0 'result: south [-+][0-9.]+ east [-+][0-9.]+ north [-+][0-9.]+ west [-+][0-9.]+' \
    -- play $g --side none --algo random --seed 7
expect 0 'result: south [-+]1 north [-+]1' -- play $g --side none --algo random --seed 3 --variant players=2
expect 0 'chance plays t(1|2|3|4|5|6|12)' -- play $g --side none --algo random --seed 9 --variant players=3

# bad input
expect 2 'players must be 2, 3 or 4' -- show $g --variant players=5
expect 2 'killfirst must be 0 or 1' -- show $g --variant killfirst=yes
expect 2 'p must be a decimal strictly between 0 and 1' -- show $g --variant p=1
expect 2 'p must be a decimal strictly between 0 and 1' -- show $g --variant p=0
expect 2 "unknown variant option 'dice'" -- show $g --variant dice=2
expect 2 "bad position.*expected 4 piece lists" -- show $g --position '6d1/6g4 s roll -'
expect 2 "bad position.*south has 5 pieces" -- show $g --position '5d1/6g4/6d7/6a4 s roll -'
expect 2 "bad position.*bad throw value" -- show $g --position '6d1/6g4/6d7/6a4 s use:0 -'
expect 2 "bad position.*not a cross square" -- show $g --position '1e1,5d1/1e1,5g4/6d7/6a4 s roll -'
expect 2 "bad position.*expected a square" -- show $g --position '6z9/6g4/6d7/6a4 s roll -'
expect 2 "move 2: illegal move '5:d1-g3'" -- show $g --moves 't4 5:d1-g3'
expect 2 "move 2: malformed move '4d1'" -- show $g --moves 't4 4d1'
expect 2 "move 1: malformed move 't13'" -- show $g --moves 't13'
expect 2 "move 1: illegal move 'pass'" -- show $g --moves 'pass'
expect 2 '--side must name a player' -- play $g --side red

# A person's bad moves are refused and the prompt comes back.
out=$(printf 'zz\n5:d1-d2\nmoves\nquit\n' | "$kibitz" play $g --algo random --seed 1 2>&1)
code=$?
expect_output "play session" "$code" "$out" "malformed move 'zz'" "illegal move '5:d1-d2'" \
    'legal moves: [0-9]+:d1-' '1\. chance plays t'

finish
