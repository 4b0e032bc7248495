#!/usr/bin/env bash
# The store of settled facts (search/fact_store.h) through `solve --store`:
# a second run of the same command starts from what the first proved (fewer
# nodes, same value); a fact serves every symmetric and colour-swapped image;
# facts of one proof serve another; a torn tail is ignored and cut; a file
# that is not a log, or a log of another variant, is refused untouched.
set -u
source "$(dirname "$0")/cli_lib.bash" "$1"

dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
start='bbb/bbbb/bb1ww/wwww/www w'
solve() { "$kibitz" solve kerx --variant size=3 --db none --quiet "$@" 2>&1; }
nodes() { sed -n 's/.*; \([0-9]*\) nodes,.*/\1/p' <<<"$1"; }
value() { grep -E '^(white|black) to move:' <<<"$1" | sed 's/ in [0-9]*//'; }

# --- The same command twice: the second answers from the store.
first=$(solve --position "$start" --moves c2-c3 --store "$dir/s")
check "first run proves black's win after c2-c3" \
    "$(grep -q '^black to move: win' <<<"$first"; echo $?)"
check "first run added facts" "$(grep -qE 'store: [1-9][0-9]* positions settled' <<<"$first"; echo $?)"
second=$(solve --position "$start" --moves c2-c3 --store "$dir/s")
check "second run: same value" "$([ "$(value "$first")" = "$(value "$second")" ]; echo $?)"
check "second run: fewer nodes ($(nodes "$second") < $(nodes "$first"))" \
    "$([ "$(nodes "$second")" -lt "$(nodes "$first")" ]; echo $?)"
check "second run says the store answered" \
    "$(grep -q "the root's answer came from it" <<<"$second"; echo $?)"

# --- Facts proved after c2-c3 are leaves of the start's proof: same value
# (the node count may go either way: the search order changes).
fresh=$(solve --position "$start")
stored=$(solve --position "$start" --store "$dir/s")
check "start: draw without the store" "$(grep -q '^white to move: draw' <<<"$fresh"; echo $?)"
check "start: same value with the store" \
    "$([ "$(value "$fresh")" = "$(value "$stored")" ]; echo $?)"

# --- Canonical keys: the colour-swapped start (black to move, black's pieces
# at the bottom) is the same position for its mover.
swapped=$(solve --position 'www/wwww/ww1bb/bbbb/bbb b' --store "$dir/s")
check "colour-swapped start: a draw from the store, 0 nodes" \
    "$(grep -q '^black to move: draw' <<<"$swapped" && [ "$(nodes "$swapped")" = 0 ]; echo $?)"

# --- A torn tail (half a record) is ignored, then cut by the next writer.
log="$dir/s/facts-0.log"
size=$(stat -c %s "$log")
head -c 30 /dev/urandom >>"$log"
torn=$(solve --position "$start" --store "$dir/s")
check "torn tail: still answered from the store" \
    "$(grep -q "the root's answer came from it" <<<"$torn"; echo $?)"
check "torn tail: cut off by the writer" "$([ "$(stat -c %s "$log")" = "$size" ]; echo $?)"

# --- Refusals: not a log; a log of another variant. Nothing is changed.
mkdir "$dir/bad"
echo "not a store" >"$dir/bad/facts-0.log"
expect 1 "is not a fact store log" -- solve kerx --variant size=3 --db none --quiet \
    --position "$start" --store "$dir/bad"
check "a foreign file is left alone" \
    "$([ "$(cat "$dir/bad/facts-0.log")" = "not a store" ]; echo $?)"
cp "$log" "$dir/copy.log"
expect 1 "another game, variant" -- solve kerx --variant size=3,drawat=2 --db none \
    --quiet --position "$start" --store "$dir/s"
check "the other variant's log is left alone" "$(cmp -s "$log" "$dir/copy.log"; echo $?)"
expect 2 "store is for df-pn" -- solve kerx --variant size=3 --pieces 4 --store "$dir/s"

finish
