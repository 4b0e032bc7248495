#!/usr/bin/env bash
# scripts/kerx_horizon_check.py on size 3: the 6-piece pairs checked against
# df-pn and alpha-beta reading only the pairs of at most 5 pieces agree on
# quiet random positions (exit 0, every position counted); a database that
# answers wrongly (a kibitz whose query turns draws into wins) is caught
# (exit 1, the position marked); bad arguments are refused.
set -u
source "$(dirname "$0")/cli_lib.bash" "$1"
script="$(dirname "$0")/../scripts/kerx_horizon_check.py"
curve="$(dirname "$0")/../scripts/kerx_cost_curve.py"
py=/usr/bin/python3

dir=$(mktemp -d)
trap 'rm -rf "$dir" "$KIBITZ_DATA"' EXIT
v='--variant size=3'
expect 0 'tier pairs' -- solve kerx $v --pieces 6 --db "$dir/d6" --quiet
"$py" "$curve" subset "$dir/d6" "$dir/d5" --pieces 5 >/dev/null
check "subset of the 5-piece pairs" $?

out=$("$py" "$script" "$1" "$dir/d6" "$dir/d5" $v --pieces 6 --count 12 --seed 3 --nodes 50000 2>&1)
code=$?
check "the 6-piece pairs agree with the searches (status $code): $(tail -1 <<<"$out")" \
    "$([ $code -eq 0 ] && grep -q '^# 12 positions of 6 pieces: .* 0 disagreements' <<<"$out"; echo $?)"
check "one line per position, 6 pieces each" \
    "$(tail -n +2 <<<"$out" | grep -v '^#' | awk -F'\t' '{ split($2, m, "+"); if (m[1] + m[2] != 6) bad = 1; n++ }
        END { exit bad || n != 12 }'; echo $?)"
proved=$(sed -n 's/.*agreed on \([0-9]*\),.*/\1/p' <<<"$out")
check "df-pn finished on most positions ($proved of 12)" "$([ "${proved:-0}" -ge 6 ]; echo $?)"
check "no position with a capture for the mover was used" \
    "$(tail -n +2 <<<"$out" | grep -v '^#' | cut -f1 | while read -r p m; do
        "$1" query kerx $v --db "$dir/d6" --position "$p $m" --json |
            "$py" -c 'import json,sys; sys.exit(any("x" in m["move"] for m in json.load(sys.stdin)["moves"]))' || echo bad
    done | grep -q bad; [ $? -ne 0 ]; echo $?)"

# A kibitz whose databases lie: every draw a query reports becomes a win.
cat >"$dir/liar" <<LIAR
#!/usr/bin/env bash
if [ "\$1" = query ]; then
    "$1" "\$@" | sed 's/"result":"draw","score":0.0}/"result":"win","distance":3,"score":1.0}/'
else
    exec "$1" "\$@"
fi
LIAR
chmod +x "$dir/liar"
out=$("$py" "$script" "$dir/liar" "$dir/d6" "$dir/d5" $v --pieces 6 --count 12 --seed 3 --nodes 50000 2>&1)
code=$?
check "a wrong database is caught (status $code): $(tail -1 <<<"$out")" \
    "$([ $code -eq 1 ] && grep -q 'DISAGREES' <<<"$out" && ! grep -q '; 0 disagreements' <<<"$out"; echo $?)"

out=$("$py" "$script" "$1" "$dir/d6" "$dir/d5" $v --pieces 1 2>&1)
check "--pieces 1 is refused ($out)" "$([ $? -eq 2 ] && grep -q 'pieces' <<<"$out"; echo $?)"
out=$("$py" "$script" "$1" "$dir/d6" "$dir/d5" --variant drawat=3 --pieces 6 2>&1)
check "a variant without a size is refused ($out)" "$([ $? -eq 2 ] && grep -q 'size' <<<"$out"; echo $?)"
finish
