#!/usr/bin/env bash
# Command-line behaviour: help, bad input (one clear line, exit status 2),
# and the Kulibrat commands end to end. Usage: cli_basic.sh path/to/kibitz
set -u
source "$(dirname "$0")/cli_lib.bash" "$1"

expect 2 'usage: kibitz' -- 
expect 0 'usage: kibitz' -- --help
expect 2 "kibitz: unknown command 'frobnicate'" -- frobnicate
expect 2 "unknown game 'chess'" -- show chess
expect 2 'needs a game name' -- show
expect 0 'kulibrat' -- games
for cmd in games show perft play; do
    expect 0 "usage: kibitz $cmd" -- "$cmd" --help
done
unavailable=$("$kibitz" games | grep -B1 'not yet available' | head -1 | awk '{print $1}')
if [ -n "$unavailable" ]; then
    expect 2 "'$unavailable' is not yet available" -- show "$unavailable"
fi
expect 2 "unknown option '--bogus'" -- show kulibrat --bogus
expect 2 "unknown option '--depth' for 'show'" -- show kulibrat --depth 3
expect 2 "unknown variant option 'colour'" -- show kulibrat --variant colour=red
expect 2 'target must be a whole number from 1 to 250' -- show kulibrat --variant target=0
expect 2 'target must be a whole number' -- show kulibrat --variant target=five
expect 2 'not of the form key=value' -- show kulibrat --variant target
expect 2 'first must be black or red' -- show kulibrat --variant first=green
expect 2 "bad position.*too many black" -- show kulibrat --position 'bbb/bb./.../... b 0-0'
expect 2 "bad position.*unknown square 'q'" -- show kulibrat --position 'q../.../.../... b 0-0'
expect 2 "bad position.*impossible score" -- show kulibrat --position '.../.../.../... b 9-0'
expect 2 "move 2: illegal move '\+a4'" -- show kulibrat --moves '+a4 +a4'
expect 2 'perft needs --depth' -- perft kulibrat
expect 2 '--depth needs a whole number' -- perft kulibrat --depth x
expect 2 '--threads needs a whole number' -- perft kulibrat --depth 2 --threads 0
expect 2 '--depth needs a value' -- perft kulibrat --depth
expect 2 "unknown option '--divide' for 'show'" -- show kulibrat --divide
expect 2 '--side must name a player' -- play kulibrat --side green
expect 0 'depth 5: 404 leaves' -- perft kulibrat --depth 5
expect 0 '"leaves":1648' -- perft kulibrat --depth 6 --json
expect 0 '^\+b4 +12$' -- perft kulibrat --depth 3 --divide --threads 2
expect 0 'moves \(5\): \+a1 \+b1 \+c1 a3xa4 a3:off' -- show kulibrat --position 'bbb/r../.../... r 1-0'
expect 0 'position: b../.../.../... r 0-0' -- show kulibrat --moves '+a4'
expect 0 'result: black [-+]1 red [-+]1' -- play kulibrat --side none --seed 7

# A person's malformed and illegal moves are refused and the prompt comes back.
out=$(printf 'zz\n+a1\n+a4\nquit\n' | "$kibitz" play kulibrat --seed 1 2>&1)
code=$?
expect_output "play session" "$code" "$out" "malformed move 'zz'" "illegal move '\+a1'" \
    '1\. black plays \+a4' '2\. red plays'

# --version names the version, commit, build type, compiler and OpenMP.
expect 0 '^kibitz [0-9]+\.[0-9]+ \(commit [0-9a-f]+.*build, .*OpenMP' -- --version
expect 0 '"kind":"version"' -- version --json
# Exit status 2 for a usage error, 1 for a runtime failure with good input.
expect 2 "unknown option" -- perft kulibrat --depth 2 --frobnicate
expect 2 "bad position" -- show kulibrat --position zz
expect 1 "no database for kulibrat" -- query kulibrat --db "$KIBITZ_DATA/empty"
expect 1 "cannot write" -- bench kotra --json /nonexistent-folder/out.json

# Progress lines on a terminal erase the rest of the line (ESC [K) each time,
# so a shorter line leaves no stale characters ("75.0%%"), and the report
# starts on a clean line. `script` gives kibitz a terminal.
if command -v script >/dev/null; then
    tty_out=$(script -qec "'$kibitz' arena kulibrat --players random,random --games 12" /dev/null)
    updates=$(grep -o $'\r\033\[Kgame' <<<"$tty_out" | wc -l)
    check "arena progress erases its line ($updates updates)" "$([ "$updates" -ge 12 ]; echo $?)"
fi
# A single legal move is played without search.
expect 0 'score forced' -- bestmove kauda-baji --moves t1 --time 30

# An unknown side letter is named as such, not reported as missing.
expect 2 "side to move must be 'b' or 'r', not 'x'" -- show kulibrat --position '.../.../.../... x 0-0'
expect 2 "missing side to move" -- show kulibrat --position '.../.../.../...'

finish
