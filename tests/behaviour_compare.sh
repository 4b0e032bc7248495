#!/usr/bin/env bash
# Behaviour comparison of two kibitz binaries: runs the same fixed command
# lines (seeded, one thread, fixed budgets) with each and reports every
# difference in standard output, standard error or exit status, and every
# database file that is not byte-identical. Used when code is moved or
# reorganised without meaning to change what it does.
#
#   tests/behaviour_compare.sh OLD_KIBITZ NEW_KIBITZ [WORK_DIR]
#
# Times and rates (seconds, nodes per second, the bench's speeds) are
# masked before comparing; everything else must match exactly. Exit 0
# when both binaries behave the same, 1 otherwise.
set -u

old=$(realpath "$1") new=$(realpath "$2")
work=${3:-$(mktemp -d /tmp/kibitz-behaviour.XXXXXX)}
mkdir -p "$work"

# One command line per line: the arguments after `kibitz`, split by the
# shell (quotes allowed); `INPUT<<` before them gives standard input
# (printf's escapes), followed after two seconds by `quit`. Each runs in
# a scratch folder of its own, so that databases written there are compared
# file by file; $SHARED holds the databases of the first lines, which
# later lines read.
read -r -d '' COMMANDS <<'EOF'
solve kulibrat --variant target=3 --db $SHARED/k3.kdb --threads 1
solve kerx --variant size=3,drawat=0 --pieces 3 --db $SHARED/kx --threads 1
games
games --json
version --json
show kulibrat
show kulibrat --json
show kulibrat --variant target=3,first=red --moves '+b4 +a1'
show kerx
show kerx --json --variant size=3
show kerx --variant size=5,drawat=0,huff=1
show kodrek
show kodrek --json --variant inner=5,margin=2,toleks=3
show kauda-baji
show kauda-baji --json --variant players=2
show kotra
show kotra --json
show kulibrat --variant target=0
show kerx --variant size=9
show kodrek --variant order=sideways
show kauda-baji --variant p=1.5
show nogame
perft kulibrat --depth 5
perft kulibrat --depth 4 --divide --json
perft kerx --depth 4
perft kerx --depth 3 --variant size=3 --divide
perft kodrek --depth 2 --variant inner=4,margin=1,toleks=3
perft kauda-baji --depth 3
perft kotra --depth 3 --json
bestmove kulibrat --depth 6
bestmove kulibrat --depth 7 --json
bestmove kulibrat --algo alphabeta:depth=5
bestmove kulibrat --algo mcts --iterations 2000 --seed 5
bestmove kulibrat --algo mcts:c=0.7:playout=40 --iterations 500 --seed 2 --json
bestmove kulibrat --algo mcts:sim=exp3 --iterations 300 --seed 1
bestmove kulibrat --algo pimc
bestmove kulibrat --algo expectimax:depth=3
bestmove kulibrat --algo greedy
bestmove kulibrat --algo random
bestmove kulibrat --algo nothing
bestmove kulibrat --algo alphabeta:depth=0
bestmove kulibrat --algo alphabeta:size=3
bestmove kulibrat --algo alphabeta --iterations 100
bestmove kulibrat --algo mcts --depth 3
bestmove kulibrat --depth 0
bestmove kulibrat --side black --depth 3
bestmove kulibrat --db none --depth 5 --moves '+b4 +a1 b4-b3'
bestmove kerx --depth 5
bestmove kerx --depth 5 --json
bestmove kerx --variant size=3 --algo alphabeta:depth=6:hash=4
bestmove kerx --algo mcts:iterations=400 --seed 9 --json
bestmove kerx --algo expectimax:depth=2 --json
bestmove kodrek --iterations 300 --seed 4
bestmove kodrek --iterations 300 --seed 4 --side blue --json
bestmove kodrek --algo alphabeta
bestmove kodrek --algo mcts:sim=rm --iterations 200 --seed 8 --side 2
bestmove kauda-baji --moves t2
bestmove kauda-baji --moves t2 --json
bestmove kauda-baji --variant players=2 --moves t3 --algo expectimax:depth=2:prune=star1
bestmove kauda-baji --moves t3 --algo expectimax:depth=2:prune=star1
bestmove kauda-baji --moves t3 --algo expectimax --depth 2 --json
bestmove kauda-baji --moves t1 --algo mcts --iterations 300 --seed 6
bestmove kauda-baji
bestmove kotra --iterations 300 --seed 3
bestmove kotra --iterations 300 --seed 3 --json
bestmove kotra --algo pimc:worlds=3 --iterations 90 --seed 2
bestmove kotra --algo pimc:worlds=3:iterations=20 --seed 2 --json
bestmove kotra --algo expectimax
analyse kulibrat --depth 5
analyse kulibrat --depth 5 --json
analyse kulibrat --algo mcts --iterations 500 --seed 1 --json
analyse kerx --depth 4 --variant size=3
analyse kerx --depth 3 --json
analyse kauda-baji --variant players=2 --moves t2 --algo expectimax:depth=1
analyse kauda-baji --variant players=2 --moves t2 --algo expectimax:depth=2:prune=none --json
analyse kodrek --iterations 200 --seed 3 --json
analyse kotra --iterations 200 --seed 7
analyse kotra --algo greedy
arena kulibrat --players alphabeta:depth=2,random --games 6 --seed 1
arena kulibrat --players alphabeta:depth=3,mcts:iterations=100 --games 4 --seed 2 --json
arena kulibrat --players greedy,flatmc:iterations=50 --games 4 --seed 3
arena kerx --variant size=3 --players alphabeta:depth=2,greedy --games 4 --seed 4
arena kodrek --variant inner=5,margin=2,toleks=3 --players random,greedy,mcts:iterations=40 --games 6 --seed 5
arena kauda-baji --variant players=2 --players expectimax:depth=1,random --games 4 --seed 6 --json
arena kotra --players mcts:iterations=30,pimc:worlds=2:iterations=10 --games 2 --seed 7
arena kotra --players greedy,random --games 4 --seed 8 --json
arena kulibrat --players alphabeta:depth=2,bogus --games 2
arena kulibrat --players alphabeta:depth=2,random --games 4 --seed 1 --parallel 2
solve kulibrat --variant target=2 --db k2 --threads 1 --json
query kulibrat --variant target=3 --db $SHARED/k3.kdb
query kulibrat --variant target=2 --db $SHARED/k3.kdb --moves '+b4' --json
query kulibrat --variant target=3,first=red --db $SHARED/k3.kdb --position '.../.b./.../.r. r 0-0'
bestmove kulibrat --variant target=3 --db $SHARED/k3.kdb
bestmove kulibrat --variant target=3 --db $SHARED/k3.kdb --json
analyse kulibrat --variant target=2 --db $SHARED/k3.kdb --moves '+a4 +a1'
bestmove kulibrat --variant target=3 --db $SHARED/k3.kdb --algo alphabeta:depth=4
bestmove kulibrat --variant target=3 --db $SHARED/k3.kdb --algo mcts:iterations=300 --seed 2 --json
query kerx --variant size=3,drawat=0 --db $SHARED/kx --position '3/1w2/2b2/4/3 w'
bestmove kerx --variant size=3,drawat=0 --db $SHARED/kx --position '3/1w2/5/1b2/1b1 w' --depth 6
solve kulibrat --variant target=2 --position '.../.../.../... b 0-0' --iterations 20000 --quiet --db none
solve kulibrat --variant target=1 --algo dfpn --quiet --db none --json
solve kerx --variant size=3,drawat=0 --pieces 2 --db kx2 --threads 1 --json
solve kerx --variant size=3 --position '3/1w2/5/1b2/1b1 w' --iterations 5000 --quiet
solve kulibrat --report start --variant target=2 --db none --threads 1
query kulibrat --db nowhere
query kulibrat --variant target=1 --db nowhere.kdb --json
review kulibrat --help
ugi\nisready\nposition startpos\nquery moves\ngo depth 5\n<< ugi kulibrat
ugi\nsetoption name algo value mcts:iterations=200\nsetoption name seed value 3\nposition startpos moves +b4\nquery result\ngo\n<< ugi kulibrat
ugi\nsetoption name algo value expectimax:depth=2\nposition startpos moves t2\nquery outcomes\ngo\n<< ugi 'kauda-baji(players=2)'
ugi\nposition startpos\nsetoption name seed value 1\nquery turn\ngo nodes 300\n<< ugi kotra
ugi\nsetoption name algo value bogus\ngo depth 2\n<< ugi kerx --variant size=3
bench kulibrat --quiet
bench kerx --quiet --json bench.json
EOF

# Times and rates vary from run to run: masked.
mask() {
    sed -E -e 's/"([a-z_]*(seconds?|nps|ips|rate))":[-0-9.e+]+/"\1":T/g' \
        -e 's/"commit":"[^"]*"/"commit":C/' \
        -e 's/[0-9]+(\.[0-9]+)? ?(s|ms)\b/T s/g' \
        -e 's/[0-9.]+ ?(M|k|G)?\/s/R\/s/g' \
        -e 's/(nps|iterations\/s|nodes\/s|positions\/s|leaves\/s|plies\/s|entries\/s)( ?)[0-9.]+/\1\2R/g' \
        -e 's/[0-9.]+ (M |k |G )?(nodes|positions|leaves|plies|iterations|entries|it)\/s/R \2\/s/g' \
        -e 's/^(info .* time )[0-9]+/\1T/' \
        -e '/\bR\b|\bT s\b/s/ +/ /g'
}

run_all() { # binary, output folder
    local k=$1 out=$2 i=0 line
    SHARED=$out/shared # databases that later lines read
    mkdir -p "$out" "$SHARED"
    while IFS= read -r line; do
        i=$((i + 1))
        local d="$out/$i"
        mkdir -p "$d/files"
        printf '%s\n' "$line" >"$d/command"
        local input=""
        case $line in *'<< '*) input=${line%%<< *} line=${line#*<< } ;; esac
        eval "set -- $line"
        (cd "$d/files" && KIBITZ_DATA="$d/files" timeout 300 "$k" "$@" \
            >"$d/stdout.raw" 2>"$d/stderr.raw" < <(printf "$input"; [ -n "$input" ] && sleep 2 && echo quit))
        echo $? >"$d/status"
        mask <"$d/stdout.raw" | sed "s|$out/|OUT/|g" >"$d/stdout"
        mask <"$d/stderr.raw" | sed "s|$out/|OUT/|g" >"$d/stderr"
        [ -f "$d/files/bench.json" ] && mask <"$d/files/bench.json" >"$d/bench.json" &&
            rm "$d/files/bench.json"
    done <<<"$COMMANDS"
    echo "$i"
}

n=$(run_all "$old" "$work/old")
run_all "$new" "$work/new" >/dev/null
differ=0
for i in $(seq 1 "$n"); do
    for f in status stdout stderr; do
        if ! cmp -s "$work/old/$i/$f" "$work/new/$i/$f"; then
            echo "DIFFERENT $f of: kibitz $(cat "$work/old/$i/command")"
            diff "$work/old/$i/$f" "$work/new/$i/$f" | head -10
            differ=$((differ + 1))
        fi
    done
    if ! diff -r -q "$work/old/$i/files" "$work/new/$i/files" >/dev/null; then
        echo "DIFFERENT files of: kibitz $(cat "$work/old/$i/command")"
        diff -r -q "$work/old/$i/files" "$work/new/$i/files" | head -5
        differ=$((differ + 1))
    fi
done
if ! diff -r -q "$work/old/shared" "$work/new/shared"; then
    echo "DIFFERENT shared databases"
    differ=$((differ + 1))
fi
files=$(find "$work/old" -path '*/files/*' -type f -o -path '*/shared/*' -type f | wc -l)
echo "$n command lines, $files files written; $differ differences ($work)"
[ "$differ" -eq 0 ]
