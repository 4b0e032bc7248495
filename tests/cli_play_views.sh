#!/usr/bin/env bash
# What `kibitz play` prints is what the person's seat may know (play/match.h):
# over many seeds, Kotra silver's setup placements reach gold as a square and
# an unknown rank (=x) or an empty square (=-), never a rank; with the
# engines on both seats (--side none) everything is shown. Usage: cli_play_views.sh path/to/kibitz
set -u
source "$(dirname "$0")/cli_lib.bash" "$1"

leaks=0 placements=0
for seed in $(seq 1 12); do
    out=$(printf 'quit\n' | "$kibitz" play kotra --setup sensible --seed "$seed" \
        --iterations 5 2>&1)
    grep -Eq 'silver plays [a-g][1-9][ns]?=[a-wyz]' <<<"$out" && leaks=$((leaks + 1))
    placements=$((placements + $(grep -Ec 'silver plays [a-g][1-9][ns]?=[x-]' <<<"$out")))
done
[ "$leaks" -eq 0 ]
check "play kotra --setup sensible: no silver rank named to gold (12 seeds, $leaks leaked)" $?
# 12 seeds of 24 placements (21 pieces and 3 empty squares) each.
[ "$placements" -eq $((12 * 24)) ]
check "play kotra: every silver placement shown by its square ($placements)" $?

out=$(printf '' | "$kibitz" play kotra --side none --iterations 5 --seed 1 \
    --variant turns=1 2>&1)
grep -Eq 'silver plays [a-g][1-9][ns]?=[a-wyz]' <<<"$out"
check "play kotra --side none: the engines' placements shown in full" $?

finish
