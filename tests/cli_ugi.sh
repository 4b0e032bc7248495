#!/usr/bin/env bash
# kibitz ugi: scripted UGI sessions (handshake, positions with fen and moves,
# go with each budget, queries, passes, stop of an infinite search, unknown
# and bad lines, three players with simultaneous choices, chance), then a
# referee that plays two `kibitz ugi` processes against each other and
# checks every move and result against `kibitz arena` (tests/ugi_referee.py).
# Usage: cli_ugi.sh path/to/kibitz
set -u
source "$(dirname "$0")/cli_lib.bash" "$1"
here=$(dirname "$0")

# session GAME LINES...: the engine's whole answer to the lines.
session() {
    local game=$1
    shift
    printf '%s\n' "$@" | timeout 60 "$kibitz" ugi "$game" 2>&1
}
# has NAME OUTPUT REGEX: a check that OUTPUT has a line matching REGEX.
has() {
    grep -Eq -- "$3" <<<"$2"
    check "$1" $?
}

out=$(session kulibrat ugi isready quit)
has "ugi answers ugiok" "$out" '^ugiok$'
has "ugi names itself" "$out" '^id name kibitz'
has "isready answers readyok" "$out" '^readyok$'
has "options are listed" "$out" '^option name algo type string'

out=$(session kulibrat 'position startpos' 'query p1turn' 'query gameover' 'query result' \
    'position startpos moves +a4' 'query p1turn' quit)
check "p1turn at the start, then not after a move" \
    $([ "$(grep -c "^response" <<<"$out")" = 4 ] &&
        [ "$(grep '^response' <<<"$out" | tr '\n' ' ')" = \
            "response true response false response none response false " ]; echo $?)

# go: exactly two words on the bestmove line, a legal move, info first.
out=$(session kulibrat 'position startpos moves +a4' 'query moves' 'go depth 3')
move=$(grep '^bestmove' <<<"$out" | awk '{print $2}')
check "bestmove has exactly two words" $(grep '^bestmove' <<<"$out" | awk 'NF!=2{e=1} END{exit e}'; echo $?)
has "bestmove is legal" "$out" "^response (.*,)?$(sed 's/[+]/[+]/g' <<<"$move")(,|$)"
has "an info line comes before bestmove" "$out" '^info depth 3 score cp -?[0-9]+ nodes [0-9]+'
for budget in 'movetime 50' 'nodes 200' 'p1time 2000 p2time 2000 p1inc 10 p2inc 10' 'depth 2'; do
    out=$(session kulibrat 'position startpos' "go $budget")
    has "go $budget answers" "$out" '^bestmove [^ ]+$'
done
out=$(session kulibrat 'setoption name algo value mcts' 'position startpos' 'go nodes 300')
has "setoption algo mcts and go nodes" "$out" '^info .*iterations 300 '

# A fen with spaces is read up to 'moves'.
out=$(session kulibrat 'position fen .../.../.../... r 0-0 moves +a1' 'query p1turn' 'query moves')
has "fen with spaces then moves" "$out" '^response true$'
has "moves after a fen" "$out" '^response \+a4,\+b4,\+c4'

# A forced pass is an ordinary move and the turn is answered right after it.
line='+c4 +b1 +a4 +a1 +b4 +c1 a4-b3 b1-a2 +a4 +b1 b4-c3 a1-b2 b3:off a2-b3 +b4 b3:off b4-a3 +a1 a4-b3 b2xb3 +a4 a1-b2'
out=$(session kulibrat "position startpos moves $line" 'query moves' 'query p1turn' 'go depth 2' \
    "position startpos moves $line pass" 'query p1turn')
check "a pass is the only move, answered and applied" \
    $([ "$(grep -E '^(response|bestmove)' <<<"$out" | tr '\n' ' ')" = \
        "response pass response true bestmove pass response false " ]; echo $?)

# The end of the game.
out=$(session kulibrat 'position fen .../.../.../... r 5-0' 'query gameover' 'query result' 'go depth 2')
has "gameover after 5 points" "$out" '^response true$'
has "result p1win" "$out" '^response p1win$'
has "go at the end answers bestmove none" "$out" '^bestmove none$'

# stop ends an infinite search (run on a thread) with its best move so far.
out=$( { echo 'position startpos'; echo 'go infinite'; sleep 1; echo isready; echo stop; sleep 1; echo quit; } |
    timeout 30 "$kibitz" ugi kulibrat 2>&1)
check "go infinite then stop: readyok while searching, then bestmove" \
    $([ "$(grep -E '^(readyok|bestmove)' <<<"$out" | cut -d' ' -f1 | tr '\n' ' ')" = "readyok bestmove " ]; echo $?)

# Unknown commands are ignored; bad lines give one info string and no crash.
out=$(session kulibrat 'hello world' 'xyzzy' 'isready')
check "unknown commands are silent" $([ "$out" = readyok ]; echo $?)
out=$(session kulibrat 'position fen garbage' 'query p1turn' 'position startpos moves +a4 zz' \
    'query p1turn' 'go depth x' 'setoption name threads value many' 'setoption name nosuch value 1' \
    'position' 'query' 'query nothing' 'setoption' 'go side 9' isready)
check "bad lines: one info string each, position unchanged" \
    $([ "$(grep -c '^info string' <<<"$out")" = 10 ] && grep -q '^readyok$' <<<"$out" &&
        [ "$(grep -c '^response true$' <<<"$out")" = 2 ]; echo $?)
has "bad fen names the problem" "$out" "^info string error: bad position 'garbage'"
has "bad move names the move" "$out" "^info string error: move 2: bad move 'zz'"
out=$(head -c 20000 /dev/urandom | tr -d '\000' | timeout 60 "$kibitz" ugi kulibrat >/dev/null 2>&1; echo $?)
check "random bytes: no crash" $([ "$out" = 0 ]; echo $?)
out=$( { printf 'position fen '; head -c 300000 /dev/zero | tr '\0' 'x'; printf '\nisready\n'; } |
    timeout 30 "$kibitz" ugi kulibrat 2>&1)
has "an overlong line is refused" "$out" '^info string error: line too long'
has "and the session goes on" "$out" '^readyok$'

# Three players choosing at once (Kodrek): joint choices 'a&b&c', go side N.
out=$(session kodrek 'position startpos' 'query turn' 'query p1turn' 'go nodes 200 side 2' \
    'position startpos moves h0&h2&h1' 'query turn' 'position startpos moves h0.2.1' 'query turn')
has "a simultaneous node" "$out" '^response simultaneous$'
has "go side 2 answers player 2's option" "$out" '^bestmove h[0-9]+$'
check "joint choice with & equals the joint move" \
    $([ "$(grep '^response' <<<"$out" | sed -n '3p;4p' | uniq | wc -l)" = 1 ] &&
        grep '^response' <<<"$out" | sed -n 3p | grep -Eq '^response [123]$'; echo $?)
out=$(session kodrek 'position startpos moves h0&h2' 'query turn')
has "a missing choice is refused" "$out" 'a choice is missing for player 3'

# Chance (Kauda-Baji): outcomes are queried and given in the move list.
out=$(session kauda-baji 'position startpos' 'query turn' 'query outcomes' 'go depth 1' \
    'position startpos moves t2' 'query turn')
has "a chance node" "$out" '^response chance$'
has "outcomes with probabilities" "$out" '^response t1:0.09375,t2:0.234375'
has "go at a chance node answers a drawn outcome" "$out" '^bestmove t[1-5]$'
has "an outcome in the moves, then player 1" "$out" '^response 1$'
draw() { session kauda-baji "setoption name seed value $1" 'position startpos' 'go' | grep '^bestmove'; }
check "the same seed draws the same outcome" $([ "$(draw 7)" = "$(draw 7)" ]; echo $?)
check "seeds draw different outcomes" \
    $([ "$(for s in 1 2 3 4 5 6 7 8; do draw $s; done | sort -u | wc -l)" -gt 1 ]; echo $?)
out=$(session kauda-baji 'setoption name seed value 3' 'uginewgame' 'go' 'go' 'uginewgame' 'go')
check "uginewgame restarts the chance stream" \
    $([ "$(grep '^bestmove' <<<"$out" | sed -n 1p)" = "$(grep '^bestmove' <<<"$out" | sed -n 3p)" ]; echo $?)

# setoption algo refuses an engine that cannot search the game (a runner
# would otherwise get no move and ask forever) and keeps the one before.
out=$(session kulibrat 'setoption name algo value mcts' 'setoption name algo value random' \
    'setoption name algo value pimc' 'setoption name algo value nosuch' 'position startpos' \
    'go nodes 100')
has "random is refused" "$out" "^info string error: engine 'random' does not search.*algo stays 'mcts'"
has "pimc is refused for a game without hidden information" "$out" "^info string error: engine 'pimc': pimc is for games with hidden"
has "an unknown engine is refused" "$out" "^info string error: engine 'nosuch'"
has "the engine set before still plays" "$out" '^info .*iterations 100 '
out=$(session kauda-baji 'setoption name algo value alphabeta')
has "alphabeta is refused for a game of chance" "$out" "^info string error: engine 'alphabeta'"

# Counts in range: threads and the table size.
out=$(session kulibrat 'setoption name threads value 100000' 'setoption name hash value 0' \
    'setoption name hash value 2' 'setoption name threads value 2' 'position startpos' 'go depth 3')
has "100000 threads are refused" "$out" "^info string error: option threads needs a whole number from 1 to 256, not '100000'"
has "a table of 0 MiB is refused" "$out" "^info string error: option hash needs a whole number from 1 to 65536, not '0'"
check "a 2 MiB table and 2 threads are taken" $([ "$(grep -c '^info string' <<<"$out")" = 2 ] &&
    grep -q '^bestmove' <<<"$out"; echo $?)

# Time: the budget keeps a reserve below the limit (movetime or clock).
# The next clock of the same player says what the move cost beyond its
# search (here 150 ms charged for a 137.5 ms search): that is kept back,
# for this move and for the moves the rest of the clock is spread over.
out=$(session kulibrat 'position startpos' 'go movetime 50' 'go p1time 3000 p2time 3000 p1inc 30 p2inc 30' \
    'go p1time 2880 p2time 3000 p1inc 30 p2inc 30')
has "movetime 50: a 45 ms search, a 50 ms limit" "$out" '^info string budget 45 limit 50 overhead 0$'
has "3000+30: 137 ms of search, 142 ms limit" "$out" '^info string budget 137 limit 142 overhead 0$'
has "a clock charged 12.5 ms beyond the search keeps them back" "$out" \
    '^info string budget 11[23] limit 12[45] overhead 1[23]$'

# Threefold repetition ends a Kerx game as in arena: four plies that come
# back to the same position (the position before the opening's last ply,
# a1-b1, comes again after a2-b3), played again; the third time ends it.
opening='c3-d4 e5xc3 b2xd4 b4xb2 b1xb3 a4-b4 d4-c3 b4xb2xd4 a2-b3 c4xa2xa4 e4xc4 d5xb3 a1-b1'
cycle='b3-a2 b1-a1 a2-b3 a1-b1'
out=$(session kerx "position startpos moves $opening $cycle b3-a2 b1-a1" 'query gameover' \
    "position startpos moves $opening $cycle b3-a2 b1-a1 a2-b3" 'query gameover' 'query result' 'query turn' \
    'query moves' 'go movetime 20')
check "the second time is not the end, the third is a draw" \
    $([ "$(grep -E '^(response|bestmove)' <<<"$out" | tr '\n' ' ')" = \
        "response false response true response draw response over response none bestmove none " ]; echo $?)
has "go after the end says why" "$out" '^info string the game is over by repetition'

expect 2 "unknown game 'nosuch'" -- ugi nosuch
expect 2 "target" -- ugi 'kulibrat(target=0)'
expect 0 'UGI' -- ugi --help

# Matches as a runner plays them (cutegames' generic UGI mode: the engine
# says when the game is over): every game ends, no `bestmove none`, and no
# answer's own reported time passes the limit it announced by more than
# 25 ms with the engine working past it (ugi_referee.py: an answer late only
# because a loaded machine gave the engine no processor is counted apart;
# results/ugi.md has the figures of 40-game matches).
# Under the sanitizers the code runs several times slower between the
# engine's clock checks, so there the slack is half a second: the games must
# still end and answer, but the time limits are a Release build's promise.
slack=25
grep -q '^KIBITZ_SANITIZE:STRING=.' "$(dirname "$kibitz")/CMakeCache.txt" 2>/dev/null && slack=500
for args in 'kerx 2 movetime=50' 'kerx 2 clock=3000+30' 'kauda-baji(players=2) 1 movetime=20' \
    'kotra 1 movetime=20'; do
    out=$(timeout 300 /usr/bin/python3 "$here/ugi_referee.py" match "$kibitz" $args $slack 2>&1)
    code=$?
    echo "$out"
    check "match $args: every game ends on time" $([ $code = 0 ]; echo $?)
done

# The referee: two kibitz ugi processes against each other, move for move
# the same games as kibitz arena plays.
# (It tracks positions with the Python package, which sanitizer builds do
# not build: there it is skipped and says so.)
if ! PYTHONPATH="$(dirname "$kibitz")/python" /usr/bin/python3 -c 'import kibitz' 2>/dev/null; then
    echo "referee skipped: no kibitz Python package in this build"
    finish
    exit
fi
out=$(PYTHONPATH="$(dirname "$kibitz")/python" timeout 300 /usr/bin/python3 "$here/ugi_referee.py" \
    "$kibitz" kulibrat alphabeta:depth=4 alphabeta:depth=2 2 3 2>&1)
code=$?
echo "$out"
check "referee: ugi games equal arena games" $([ $code = 0 ] && [ "$(grep -c ': same$' <<<"$out")" = 2 ]; echo $?)

finish
