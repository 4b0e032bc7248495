#!/usr/bin/env bash
# Kerx endgames converted without databases (games/kerx/kerx_eval.h): from
# positions the databases rate won, alpha-beta at bestmove's default depth
# (8), reading no database, wins against the perfect defender `db`; from a
# drawn one it does not lose. results/kerx.md has the full measurement
# (scripts/kerx_convert.sh --against-db). Usage: cli_kerx_convert.sh KIBITZ
set -u
source "$(dirname "$0")/cli_lib.bash" "$1"
db=$KIBITZ_DATA/kerx
"$kibitz" solve kerx --pieces 5 --db "$db" --threads 1 >/dev/null 2>&1
check "the 5-piece databases were made" $?
play() { # POSITION: the result of white (alpha-beta, no databases) against db
    "$kibitz" arena kerx --position "$1" --db "$db" --games 1 --json --quiet \
        --players alphabeta:depth=8:db=0,db </dev/null |
        /usr/bin/python3 -c 'import json, sys; p = json.load(sys.stdin)["players"][0]; print("win" if p["win"]["share"] == 1 else "loss" if p["loss"]["share"] == 1 else "draw")'
}
for p in '4/5/4b1/7/2w3/w1ww1/4 w' '1w2/2w2/6/7/2w2b/3w1/4 w'; do
    expect 0 '^white to move: win in' -- query kerx --db "$db" --position "$p"
    r=$(play "$p")
    check "converted $p (got $r)" "$([ "$r" = win ]; echo $?)"
done
p='4/w4/6/5w1/6/3ww/3b w'
expect 0 '^white to move: draw' -- query kerx --db "$db" --position "$p"
r=$(play "$p")
check "drawn $p not lost (got $r)" "$([ "$r" != loss ]; echo $?)"
finish
