#!/usr/bin/env bash
# kerx-longest (games/kerx/tools/kerx_longest.c) on the size-3 set of at most
# 7 pieces: its longest win or loss over all tiers is the builder's own
# maximum, and its won, lost and drawn counts add up to the builder's; the position it names for each tier's record is answered by
# `kibitz query` with that very value and distance; --pieces keeps to one
# piece count; a damaged file, a missing folder and bad arguments are
# refused with a message.
set -u
source "$(dirname "$0")/cli_lib.bash" "$1"
tool="$(dirname "$1")/kerx-longest"
py=/usr/bin/python3
dir=$(mktemp -d)
trap 'rm -rf "$dir" "$KIBITZ_DATA"' EXIT
v='--variant size=3'

check "the tool is built beside kibitz ($tool)" "$([ -x "$tool" ]; echo $?)"
built=$("$1" solve kerx $v --pieces 7 --db "$dir" --json | tail -1)
most=$("$py" -c 'import json,sys; print(json.loads(sys.argv[1])["max_remoteness"])' "$built")
counts=$("$py" -c 'import json,sys; d = json.loads(sys.argv[1]); print(d["positions"], d["won"], d["lost"], d["drawn"])' "$built")
out=$("$tool" $v "$dir" 2>&1)
code=$?
check "kerx-longest (status $code): $(tail -1 <<<"$out")" $code
got=$(tail -1 <<<"$out" | sed -n 's/.*longest win \([0-9]*\) moves.*longest loss \([0-9]*\) moves.*/\1 \2/p')
check "the longest over all tiers ($got) is the builder's maximum ($most)" \
    "$([ -n "$got" ] && [ "$(tr ' ' '\n' <<<"$got" | sort -n | tail -1)" = "$most" ]; echo $?)"
summed=$(tail -1 <<<"$out" | sed -n 's/.*positions \([0-9]*\): won \([0-9]*\), lost \([0-9]*\), drawn \([0-9]*\)$/\1 \2 \3 \4/p')
check "positions, won, lost, drawn ($summed) are the builder's ($counts)" \
    "$([ -n "$summed" ] && [ "$summed" = "$counts" ]; echo $?)"
bytier=$(grep -v '^#' <<<"$out" | awk -F'\t' '{ w += $8; l += $9; d += $10 } END { print w + l + d, w, l, d }')
check "the tiers' own counts add up to the same ($bytier)" "$([ "$bytier" = "$counts" ]; echo $?)"
tiers=$(grep -vc '^#' <<<"$out")
check "one line per tier of 3 to 7 pieces with a file ($tiers)" "$([ "$tiers" -ge 10 ]; echo $?)"
asked=0
while IFS=$'\t' read -r tier win nwin winpos loss nloss losspos won lost drawn; do
    if [ "$win" -ge 0 ]; then
        expect 0 "white to move: win in $win\$" -- query kerx $v --db "$dir" --position "$winpos"
        check "$tier: positions at the longest win ($nwin)" "$([ "$nwin" -ge 1 ]; echo $?)"
        asked=$((asked + 1))
    fi
    if [ "$loss" -ge 0 ]; then
        expect 0 "white to move: loss in $loss\$" -- query kerx $v --db "$dir" --position "$losspos"
        asked=$((asked + 1))
    fi
    m=${tier%+*} o=${tier#*+}
    check "$tier: the named positions have the tier's material" \
        "$(for p in "$winpos" "$losspos"; do [ "$p" = - ] && continue
            b=${p%% *}; w=${b//[^w]/}; k=${b//[^b]/}
            [ ${#w} -eq "$m" ] && [ ${#k} -eq "$o" ] || echo bad; done | grep -q bad; [ $? -ne 0 ]; echo $?)"
done < <(grep -v '^#' <<<"$out")
check "records checked by query ($asked)" "$([ "$asked" -ge 10 ]; echo $?)"

out=$("$tool" $v --pieces 6 "$dir" 2>&1)
check "--pieces 6 scans only the tiers of 6 pieces" \
    "$(grep -v '^#' <<<"$out" | awk -F'\t' '{ split($1, t, "+"); if (t[1] + t[2] != 6) bad = 1; n++ }
        END { exit bad || n == 0 }'; echo $?)"
out=$("$tool" $v --pieces 9 "$dir" 2>&1)
check "--pieces 9, which the set lacks, is refused, with no table ($out)" \
    "$([ $? -eq 1 ] && grep -q 'no tier of that many pieces' <<<"$out" && ! grep -q '^#' <<<"$out"; echo $?)"
out=$("$tool" $v --pieces x "$dir" 2>&1)
check "--pieces x is refused ($out)" "$([ $? -eq 2 ] && grep -q "pieces 'x'" <<<"$out"; echo $?)"
out=$("$tool" --variant size=9 "$dir" 2>&1)
check "a bad variant is refused ($out)" "$([ $? -eq 2 ] && grep -q 'size' <<<"$out"; echo $?)"
out=$("$tool" $v "$dir/none" 2>&1)
check "a folder without databases is named ($out)" \
    "$([ $? -eq 1 ] && grep -q 'none' <<<"$out"; echo $?)"
out=$("$tool" $v 2>&1)
check "no folder: usage ($out)" "$([ $? -eq 2 ] && grep -q '^usage' <<<"$out"; echo $?)"
f="$dir/egdb-kerx-size=3,drawat=3,huff=0"
printf '\376' | dd of="$f/4+3.keg" bs=1 seek=3000 conv=notrunc 2>/dev/null
out=$("$tool" $v "$dir" 2>&1)
code=$?
check "a damaged file stops the scan, named ($(tail -1 <<<"$out"))" \
    "$([ $code -eq 1 ] && grep -q '4+3.keg: corrupt' <<<"$out" && ! grep -q '^# [0-9]* tiers' <<<"$out"; echo $?)"
finish
