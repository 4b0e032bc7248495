#!/usr/bin/env bash
# scripts/kerx_cost_curve.py on size 3 (sets up to 5 and 6 pieces, small
# budgets): run takes the last --per-count positions of each piece count of
# each line, writes one row per position and horizon, resumes without
# repeating a run, and every value it reports proved agrees with a df-pn
# solve without databases. summary, on runs made up from a known law
# (nodes = 10 * 3^gap), finds the factor 3 by the fit and by the
# same-position ratios, and bounds the factor from an unfinished run below
# a proof. Bad input is refused with a message naming it.
set -u
source "$(dirname "$0")/cli_lib.bash" "$1"
script="$(dirname "$0")/../scripts/kerx_cost_curve.py"
lines="$(dirname "$0")/../results/kerx_cost_curve/size3_lines"
py=/usr/bin/python3

dir=$(mktemp -d)
trap 'rm -rf "$dir" "$KIBITZ_DATA"' EXIT
v='--variant size=3'
expect 0 'tier pairs' -- solve kerx $v --pieces 6 --db "$dir/d6" --quiet
# subset: the horizon-5 set is the pairs of at most 5 pieces of the 6-piece
# set (of size 3 only 4+1), hard links to the same files.
sub='egdb-kerx-size=3,drawat=3,huff=0'
out=$("$py" "$script" subset "$dir/d6" "$dir/d5" --pieces 5 2>&1)
check "subset (status $?): $out" $?
want5=$(cd "$dir/d6/$sub" && ls | awk -F'[+.]' '$1 + $2 <= 5' | tr '\n' ' ')
check "subset linked the pairs of at most 5 pieces: $(ls "$dir/d5/$sub" | tr '\n' ' ')" \
    "$([ -n "$want5" ] && [ "$(ls "$dir/d5/$sub" | tr '\n' ' ')" = "$want5" ]; echo $?)"
check "subset's files are the set's own (hard links)" \
    "$([ "$dir/d5/$sub/4+1.keg" -ef "$dir/d6/$sub/4+1.keg" ]; echo $?)"
out=$("$py" "$script" subset "$dir/d6" "$dir/d5" --pieces 5 2>&1)
check "subset again links nothing new: $out" \
    "$(grep -q ' 0 files .* linked, 2 there already' <<<"$out"; echo $?)"
check "subset lists the pairs by piece count" \
    "$(grep -q '^  5 pieces: 4+1$' <<<"$out" && ! grep -q '6 pieces' <<<"$out"; echo $?)"
# Mover tables go with the pairs that use them: a 5-piece horizon has tiers
# of at most 4 movers (stand-in files: subset only links them).
mkdir -p "$dir/m/$sub" && touch "$dir/m/$sub/movers-4.kmv" "$dir/m/$sub/movers-5.kmv"
out=$("$py" "$script" subset "$dir/m" "$dir/m5" --pieces 5 2>&1)
check "subset links movers-4.kmv, not movers-5.kmv: $(ls "$dir/m5/$sub" | tr '\n' ' ')" \
    "$([ "$(ls "$dir/m5/$sub" | tr '\n' ' ')" = 'movers-4.kmv ' ]; echo $?)"

run() {
    "$py" "$script" run "$1" "$dir/out.tsv" $v --lines "$lines/L1" "$lines/L2" \
        --db 5="$dir/d5" --db 6="$dir/d6" --pieces 8-10 --per-count 2 --nodes 20000 --hash 32
}
out=$(run "$1" 2>&1)
check "run (status $?): $(tail -1 <<<"$out")" $?
# The positions wanted, counted from the lines by awk: the last two plies of
# each piece count 8-10, for each of the two horizons.
want=$(for l in L1 L2; do
    awk -F'\t' -v L=$l 'NR > 1 && $2 >= 8 && $2 <= 10 { p[$2] = p[$2] " " $1 }
        END { for (c in p) { n = split(p[c], a, " "); for (i = n; i > n - 2 && i > 0; i--)
              print L, a[i] } }' "$lines/$l/line.tsv"
done | sort)
got=$(tail -n +2 "$dir/out.tsv" | awk -F'\t' '$4 == 5 { print $1, $2 }' | sort)
check "horizon 5 ran the last two positions of each count: $(tr '\n' ' ' <<<"$got")" \
    "$([ -n "$want" ] && [ "$got" = "$want" ]; echo $?)"
got6=$(tail -n +2 "$dir/out.tsv" | awk -F'\t' '$4 == 6 { print $1, $2 }' | sort)
check "horizon 6 ran the same positions" "$([ "$got6" = "$want" ]; echo $?)"
check "gap = pieces - horizon on every row" \
    "$(tail -n +2 "$dir/out.tsv" | awk -F'\t' '$5 != $3 - $4 { bad = 1 } END { exit bad }'; echo $?)"
rows=$(wc -l <"$dir/out.tsv")
out=$(run "$1" 2>&1)
check "a second run resumes: nothing run again ($rows rows, now $(wc -l <"$dir/out.tsv"))" \
    "$([ "$(wc -l <"$dir/out.tsv")" -eq "$rows" ] && [ -z "$out" ]; echo $?)"
checked=0
while IFS=$'\t' read -r line ply pieces horizon gap position value rest; do
    case "$value" in win | loss | draw) ;; *) continue ;; esac
    second=$("$1" solve kerx $v --db none --hash 64 --position "$position" --json |
        "$py" -c 'import json,sys; print(json.load(sys.stdin)["value"]["result"])')
    check "$line ply $ply horizon $horizon: $value, without databases $second" \
        "$([ "$value" = "$second" ]; echo $?)"
    checked=$((checked + 1))
    [ "$checked" -ge 4 ] && break
done < <(tail -n +2 "$dir/out.tsv")
check "some proved values were cross-checked ($checked)" "$([ "$checked" -ge 2 ]; echo $?)"

# summary on a made-up file: positions P1-P4 proved with horizons 5 and 6
# in 10 * 3^gap nodes, P1 unfinished with horizon 4 after 10,000 nodes, P2
# after 100 (less than its horizon-5 count: a bound that says nothing).
{
    printf 'line\tply\tpieces\thorizon\tgap\tposition\tvalue\tmover_wins\tmover_loses\tnodes\tseconds\n'
    for p in 1 2 3 4; do
        for h in 5 6; do
            g=$((p + 8 - h))
            printf 'P%d\t%d\t%d\t%d\t%d\tx\tdraw\tdisproved\tdisproved\t%d\t0.1\n' \
                "$p" "$p" $((p + 8)) "$h" "$g" $((10 * 3 ** g))
        done
    done
    printf 'P1\t1\t9\t4\t5\tx\tunknown\tunknown\tdisproved\t10000\t0.1\n'
    printf 'P2\t2\t10\t4\t6\tx\tunknown\tunknown\tdisproved\t100\t0.1\n'
} >"$dir/law.tsv"
law=$(((10 * 3 ** 4)))
out=$("$py" "$script" summary "$dir/law.tsv" "$dir/law.tsv")
check "summary reads the runs once from two copies: $(head -1 <<<"$out")" \
    "$(grep -q '^runs 10: exact value proved 8, one half 2, nothing 0' <<<"$out"; echo $?)"
check "the fit finds 3 a piece" \
    "$(grep -q '^fit over 8 exact proofs: .*factor per piece 3.00 (3.00 .. 3.00)' <<<"$out"; echo $?)"
check "the same-position ratios give 3 a piece" \
    "$(grep -q 'same positions, 4 pairs: factor per piece 3.00' <<<"$out"; echo $?)"
bound=$("$py" -c "print('%.2f' % (10000 / $law))")
check "the unfinished run bounds P1's factor by 10000 / $law = $bound" \
    "$(grep -q "unfinished after 10000 nodes with 4, $law with 5: at least $bound a piece" <<<"$out"; echo $?)"
check "P2's bound below 1 is left out of the aggregate" \
    "$(grep -q '^1 bounds of at most 1 a piece say nothing' <<<"$out" &&
        grep -q "^unfinished below a proof, 1 pairs: factor per piece at least $bound" <<<"$out"; echo $?)"
# A bigger budget named first replaces the run: P1 proved with horizon 4 in
# 3 * 810 nodes makes five same-position pairs of 3 a piece, no bound.
sed "s/^P1\t1\t9\t4\t5\tx\tunknown\tunknown\tdisproved\t10000/P1\t1\t9\t4\t5\tx\tdraw\tdisproved\tdisproved\t$((3 * law))/" \
    "$dir/law.tsv" >"$dir/law2.tsv"
out=$("$py" "$script" summary "$dir/law2.tsv" "$dir/law.tsv")
check "the first file's run is taken: $(grep 'same positions' <<<"$out")" \
    "$(grep -q 'same positions, 5 pairs: factor per piece 3.00' <<<"$out" &&
        ! grep -q 'unfinished after 10000' <<<"$out"; echo $?)"

# Bad input.
out=$("$py" "$script" run /nonexistent "$dir/x.tsv" --db 5="$dir/d5" 2>&1)
check "a missing binary is named ($out)" \
    "$([ $? -ne 0 ] && grep -q 'not an executable' <<<"$out"; echo $?)"
out=$("$py" "$script" run "$1" "$dir/x.tsv" --db 5="$dir/none" 2>&1)
check "a missing database folder is named ($out)" \
    "$([ $? -ne 0 ] && grep -q 'no database folder' <<<"$out"; echo $?)"
out=$("$py" "$script" run "$1" "$dir/x.tsv" --db 5="$dir/d5" --per-count 0 2>&1)
check "--per-count 0 is refused ($out)" \
    "$([ $? -ne 0 ] && grep -q 'per-count' <<<"$out"; echo $?)"
check "no output file was left by refused runs" "$([ ! -e "$dir/x.tsv" ]; echo $?)"
out=$("$py" "$script" summary "$dir/d5" 2>&1)
check "summary of a folder is refused ($out)" \
    "$([ $? -ne 0 ] && grep -q 'cannot read' <<<"$out"; echo $?)"
out=$("$py" "$script" summary "$lines/L1/line.tsv" 2>&1)
check "summary of another table is refused ($out)" \
    "$([ $? -ne 0 ] && grep -q 'not a cost-curve file' <<<"$out"; echo $?)"
mkdir -p "$dir/e/$sub" && echo other >"$dir/e/$sub/4+1.keg"
out=$("$py" "$script" subset "$dir/d6" "$dir/e" --pieces 5 2>&1)
check "subset does not replace a file it did not link ($out)" \
    "$([ $? -ne 0 ] && grep -q 'not replaced' <<<"$out" &&
        [ "$(cat "$dir/e/$sub/4+1.keg")" = other ]; echo $?)"
out=$("$py" "$script" subset "$dir" "$dir/f" --pieces 5 2>&1)
check "subset of a folder without sets is refused ($out)" \
    "$([ $? -ne 0 ] && grep -q 'no Kerx database folder' <<<"$out"; echo $?)"
finish
