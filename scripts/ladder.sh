#!/usr/bin/env bash
# The strength ladder of one game (results/ladder.md): its engines and
# budgets played against each other with `kibitz arena`, each pairing with
# 95% confidence intervals and (two players) the Elo difference; the same
# engine at 4x its budget against itself at 1x; and for a solved game the
# share of value-optimal moves on a fixed sample of positions, judged by the
# database (Kulibrat: the whole game; Kerx: endgames of 5-6 pieces).
#
# usage: scripts/ladder.sh KIBITZ GAME [GAMES] [SAMPLE]
#   GAMES   games per pairing (default 20; arena goes through every seating)
#   SAMPLE  positions of the optimal-move sample (default 100)
# Budgets are iterations or depths, never time, so that the result does not
# depend on the machine's load; seeds are fixed (arena --seed 1, positions
# from seed 7). Prints a markdown section on stdout. Run it niced.
set -u
if [ $# -lt 2 ]; then
    echo "usage: $0 KIBITZ GAME [GAMES] [SAMPLE]" >&2
    exit 2
fi
kibitz=$1 game=$2 games=${3:-20} sample=${4:-100}
here=$(dirname "$0")
work=$(mktemp -d /tmp/ladder-XXXXXX)
trap 'rm -rf "$work"' EXIT

# Engines of each game, weakest first by intent, and the 4x pairing.
case $game in
kulibrat)
    engines="random greedy mcts:iterations=250 alphabeta:depth=4 alphabeta:depth=8"
    four="mcts:iterations=1000 mcts:iterations=250" ;;
kerx)
    engines="random greedy mcts:iterations=250 alphabeta:depth=2 alphabeta:depth=4"
    four="mcts:iterations=1000 mcts:iterations=250" ;;
kodrek)
    engines="random greedy flatmc:iterations=250 mcts:iterations=250"
    four="mcts:iterations=1000 mcts:iterations=250" ;;
kauda-baji)
    # Four players and long races: a game of mcts:iterations=250 takes
    # about 11 CPU-seconds, so the budgets here are smaller.
    engines="random greedy flatmc:iterations=100 mcts:iterations=100"
    four="mcts:iterations=400 mcts:iterations=100" ;;
kotra)
    # IS-MCTS and PIMC at equal work: 500 iterations in all (PIMC: 5
    # worlds of 100).
    engines="random greedy pimc:worlds=5:iterations=100 mcts:iterations=500"
    four="mcts:iterations=2000 mcts:iterations=500" ;;
*)
    echo "$0: no ladder for '$game'" >&2
    exit 2 ;;
esac
# The number of players, from `kibitz games` (the line after the game's).
players=$("$kibitz" games | awk -v g="$game" '$1 == g {getline; print $1; exit}')

# One pairing: A in the first seat, B in every other (arena rotates
# seatings, so each engine plays every seat). Appends its JSON line.
pair() {
    local a=$1 b=$2 list=$1 i
    for ((i = 1; i < players; i++)); do list="$list,$b"; done
    nice -n 19 "$kibitz" arena "$game" --players "$list" --games "$games" --seed 1 \
        --json --quiet --no-db </dev/null >>"$work/arena.jsonl" 2>>"$work/errors" ||
        echo "arena failed: $game $list" >&2
}

set -- $engines
count=$#
list=("$@")
for ((i = 0; i < count; i++)); do
    for ((j = i + 1; j < count; j++)); do pair "${list[j]}" "${list[i]}"; done
done
pair ${four% *} ${four#* }

echo "## $game"
echo
echo "Command: \`scripts/ladder.sh build/kibitz $game $games $sample\` ($(date -u +%Y-%m-%d),"
echo "$(grep -m1 'model name' /proc/cpuinfo | sed 's/.*: //'), $(nproc) cores, niced; budgets"
echo "are iterations or depths, so the load does not change the games)."
echo
/usr/bin/python3 "$here/ladder_table.py" "$players" <"$work/arena.jsonl"

# Value-optimal moves against the database, for the solved games.
optimal_sample() {
    local db=$1 positions=$2 spec
    echo
    echo "Value-optimal moves on $(wc -l <"$positions") positions (a move is optimal when"
    echo "the database gives it the position's own value; \`kibitz bestmove\` of each"
    echo "searching engine, without databases; db is the perfect player):"
    echo
    echo "| engine | optimal | share (95% CI) |"
    echo "|---|---|---|"
    for spec in $engines db; do
        case $spec in alphabeta* | mcts* | db) ;; *) continue ;; esac # bestmove's engines
        "$kibitz" query "$game" --db "$db" --positions "$positions" --json 2>/dev/null \
            >"$work/values.jsonl"
        : >"$work/moves"
        while read -r p; do
            nice -n 19 "$kibitz" bestmove "$game" --position "$p" --algo "$spec" \
                --db "$([ "$spec" = db ] && echo "$db" || echo none)" --json \
                --seed 7 </dev/null 2>/dev/null |
                /usr/bin/python3 -c 'import json,sys; print(json.load(sys.stdin)["move"])' \
                    >>"$work/moves" 2>/dev/null || echo "?" >>"$work/moves"
        done <"$positions"
        /usr/bin/python3 "$here/ladder_optimal.py" "$spec" "$work/values.jsonl" "$work/moves"
    done
}
if [ "$game" = kulibrat ]; then
    "$kibitz" solve kulibrat --db "$work/db" >/dev/null 2>&1
    /usr/bin/python3 "$here/ladder_positions.py" "$kibitz" kulibrat "$sample" 7 "$work/db" \
        >"$work/positions"
    optimal_sample "$work/db" "$work/positions"
elif [ "$game" = kerx ]; then
    "$kibitz" solve kerx --pieces 6 --db "$work/db" --threads 1 >/dev/null 2>&1
    for set in "4 1" "4 2" "5 1" "3 3"; do
        /usr/bin/python3 "$here/kerx_random_positions.py" 4 $set 200 7 2>/dev/null
    done | "$kibitz" query kerx --db "$work/db" --positions - --json 2>/dev/null |
        /usr/bin/python3 -c '
import json, sys
n = int(sys.argv[1]); out = []
for line in sys.stdin:
    d = json.loads(line)
    if len(d.get("moves") or []) > 1 and len({json.dumps(m["value"]) for m in d["moves"]}) > 1:
        out.append(d["position"])
step = max(1, len(out) // n)
print("\n".join(out[::step][:n]))' "$sample" >"$work/positions"
    optimal_sample "$work/db" "$work/positions"
fi
