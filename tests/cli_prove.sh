#!/usr/bin/env bash
# The proof manager and its checker (search/prove.h, search/proof_check.h):
# `kibitz prove` proves the size-3 Kerx start afresh (the value df-pn's
# `solve` gives), writes a proof that `kibitz checkproof` accepts, and the
# checker rejects the proof with one node altered; a run killed mid-way
# loses at most its current job: what it reported settled is in the store,
# and the same command again finishes with the same value.
set -u
source "$(dirname "$0")/cli_lib.bash" "$1"

dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
v=size=3
prove() { "$kibitz" prove kerx --variant $v --db none --iterations 20000 "$@" 2>&1; }

# --- The start, proved through the manager, against df-pn alone.
want=$("$kibitz" solve kerx --variant $v --db none --quiet | grep -E '^white to move:' |
    sed 's/ (.*//')
out=$(prove --store "$dir/s" --proof "$dir/start.proof")
check "prove exits 0" $?
got=$(grep -E '^white to move:' <<<"$out" | sed 's/ (.*//')
check "the manager's value ($got) is df-pn's ($want)" "$([ "$got" = "$want" ]; echo $?)"
check "goal proved, proof written" \
    "$(grep -q 'goal proved' <<<"$out" && grep -q '^proof written to' <<<"$out"; echo $?)"
check "progress lines per job and round" \
    "$(grep -q '^round 1 job 1: ' <<<"$out" && grep -q '^round 1 done: ' <<<"$out"; echo $?)"
expect 0 "proof accepted: .*white to move: draw" -- checkproof kerx --variant $v --db none \
    --proof "$dir/start.proof"

# --- One node altered: the root's chosen move replaced by the losing c2-c3.
awk -F'\t' 'BEGIN { OFS = "\t" }
    $1 == "node" && $3 == "notlose" && !done { $4 = "c2-c3"; done = 1 } { print }' \
    "$dir/start.proof" >"$dir/move.proof"
check "the altered proof differs" "$(! cmp -s "$dir/start.proof" "$dir/move.proof"; echo $?)"
expect 1 "proof rejected: line 5: after c2-c3 the claim 'notlose' does not hold" -- \
    checkproof kerx --variant $v --db none --proof "$dir/move.proof"
# kibitz verify: the written proof ends with the checksum of the rest, which
# the altered copy no longer matches (the byte-by-byte sweep:
# tests/test_verify.c).
expect 0 "start.proof: proof file, 1 checksum checked: ok" -- verify "$dir/start.proof"
expect 1 "move.proof: proof file, .*DAMAGED" -- verify "$dir/move.proof"
expect 1 "checksum mismatch" -- verify "$dir/move.proof"
# A claim strengthened: a draw node said to be a win.
awk -F'\t' 'BEGIN { OFS = "\t" }
    $1 == "node" && $3 == "notlose" && ++n == 3 { $3 = "win" } { print }' \
    "$dir/start.proof" >"$dir/claim.proof"
expect 1 "proof rejected: line [0-9]+: after .* the claim 'win' does not hold" -- \
    checkproof kerx --variant $v --db none --proof "$dir/claim.proof"
# A node dropped: some claim loses its support.
sed '7d' "$dir/start.proof" >"$dir/drop.proof"
expect 1 "proof rejected" -- checkproof kerx --variant $v --db none --proof "$dir/drop.proof"
# Files that are no proof, or of another variant, and missing options.
printf 'kibitz-proof 1\ngame\tkerx\nvariant\tsize=3,drawat=3,huff=0\nroot\tbbb w\tdraw\n' \
    >"$dir/bad.proof"
expect 2 "line 4: bad position" -- checkproof kerx --variant $v --proof "$dir/bad.proof"
expect 2 "a proof for variant size=3,drawat=3,huff=0, not size=3,drawat=2" -- \
    checkproof kerx --variant size=3,drawat=2 --db none --proof "$dir/start.proof"
expect 2 "line 0: empty file" -- checkproof kerx --variant $v --proof /dev/null
expect 2 "line 1: not a kibitz proof file" -- checkproof kerx --variant $v \
    --proof "$dir/s/manager.txt"
expect 2 "prove needs --store" -- prove kerx --variant $v --db none
expect 2 "unknown --goal 'maybe'" -- prove kerx --variant $v --db none --store "$dir/g" \
    --goal maybe
echo "# changed" >>"$dir/start.proof"
out=$(prove --store "$dir/s" --proof "$dir/start.proof")
check "an existing proof file is refused" "$(grep -q 'exists: not replaced' <<<"$out"; echo $?)"
check "and left as it was" \
    "$(grep -q '^# changed' "$dir/start.proof" && ! ls "$dir"/start.proof.tmp.* 2>/dev/null; echo $?)"

# --- A second run of the same command starts from the store.
again=$(prove --store "$dir/s")
check "the second run needs no job" "$(grep -q '^0 rounds, 0 jobs' <<<"$again"; echo $?)"

# --- Killed mid-run (SIGKILL), then the same command again.
"$kibitz" prove kerx --variant $v --db none --iterations 3000 --store "$dir/k" \
    >"$dir/kill.out" 2>"$dir/kill.err" &
pid=$!
for _ in $(seq 600); do
    [ "$(grep -c ': settled,' "$dir/kill.err")" -ge 2 ] && break
    kill -0 $pid 2>/dev/null || break
    sleep 0.1
done
kill -9 $pid 2>/dev/null
wait $pid 2>/dev/null
settled=$(grep -c ': settled,' "$dir/kill.err")
check "the killed run had settled jobs ($settled)" "$([ "$settled" -ge 2 ]; echo $?)"
resumed=$("$kibitz" prove kerx --variant $v --db none --iterations 3000 --store "$dir/k" 2>&1)
check "the resumed run finishes" $?
kept=$(sed -n 's/.*: \([0-9]*\) positions settled at the start/\1/p' <<<"$resumed")
check "every job the killed run settled is in the store ($kept >= $settled)" \
    "$([ "${kept:-0}" -ge "$settled" ]; echo $?)"
got=$(grep -E '^white to move:' <<<"$resumed" | sed 's/ (.*//')
check "the resumed run's value ($got) is df-pn's" "$([ "$got" = "$want" ]; echo $?)"

finish
