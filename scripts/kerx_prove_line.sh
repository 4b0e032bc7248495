#!/usr/bin/env bash
# Prove positions of a Kerx line with the proof manager, one after another,
# all on one store of settled facts (so each run starts from what the
# earlier ones settled), write each proof and check it with the separate
# checker. Positions are read from LIST, one a line: "LABEL<tab>GOAL<tab>
# POSITION" (GOAL as for `kibitz prove --goal`). One TSV row per position
# goes to stdout: label, pieces, goal, value, jobs, nodes, seconds, proof
# nodes, check. Resumable: positions whose proof file exists are skipped.
# Usage: kerx_prove_line.sh KIBITZ DB STORE OUTDIR LIST [prove options...]
set -u
kibitz=$1 db=$2 store=$3 out=$4 list=$5
shift 5
mkdir -p "$out"
printf 'label\tpieces\tgoal\tvalue\tjobs\tnodes\tseconds\tproof nodes\tcheck\n'
while IFS=$'\t' read -r label goal position; do
    [ -z "$label" ] && continue
    pieces=$(tr -cd 'wb' <<<"${position% *}" | wc -c)
    proof="$out/$label.proof"
    [ -e "$proof" ] && continue
    "$kibitz" prove kerx --position "$position" --goal "$goal" --db "$db" \
        --store "$store" --proof "$proof" --quiet "$@" >"$out/$label.txt" 2>&1
    value=$(sed -n 's/^[a-z]* to move: //p' "$out/$label.txt")
    stats=$(grep -E '^[0-9]+ rounds' "$out/$label.txt")
    jobs=$(sed -n 's/.* rounds, \([0-9]*\) jobs.*/\1/p' <<<"$stats")
    nodes=$(sed -n 's/.*, \([0-9]*\) df-pn nodes.*/\1/p' <<<"$stats")
    seconds=$(sed -n 's/.* nodes, \([0-9.]*\) s;.*/\1/p' <<<"$stats")
    written=$(sed -n 's/^proof written to .*: \([0-9]*\) nodes/\1/p' "$out/$label.txt")
    check=none
    if [ -e "$proof" ]; then
        check=$("$kibitz" checkproof kerx --db "$db" --proof "$proof" 2>&1 |
            sed 's/:.*//')
    fi
    printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$label" "$pieces" "$goal" "$value" \
        "$jobs" "$nodes" "$seconds" "${written:-}" "$check"
done <"$list"
