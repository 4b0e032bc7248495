#!/usr/bin/env bash
# Solving across MPI ranks (solve/tier_schedule.h, solve/tier_mpi.h):
# `mpirun -np 3` (rank 0 schedules, two workers solve) must write files byte
# for byte equal to the one-process build's, for Kulibrat's score tiers and
# Kerx's tier pairs; a worker killed in the middle of a run, then the same
# command again, must give the same files, with damaged files rebuilt.
# Tiers and Kerx pairs over a rank's --memory (or every one, with
# KIBITZ_SPLIT_PARTS) are split across ranks and must still give the same
# files. The proof manager over 2 ranks proves the size-3 Kerx start with
# the value of one process. Skipped (passing) when this build has no MPI or
# mpirun is missing.
set -u
source "$(dirname "$0")/cli_lib.bash" "$1"

if [ "${KIBITZ_MPI_BUILD:-ON}" != "ON" ] || ! command -v mpirun >/dev/null; then
    echo "skipped: no MPI in this build, or no mpirun"
    exit 0
fi
# Open MPI refuses root without these; --oversubscribe: 3 ranks on 2 cores.
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
# Open MPI's own allocations are not ours to report (sanitizer builds).
export ASAN_OPTIONS=detect_leaks=0
mpi() { mpirun --oversubscribe -np 3 "$kibitz" "$@"; }

dir=$(mktemp -d)
trap 'rm -rf "$dir" "$KIBITZ_DATA"' EXIT

# same_files A B: every file under A is in B with the same bytes, and B has
# no other file.
same_files() {
    [ "$(cd "$1" && find . -type f | sort)" = "$(cd "$2" && find . -type f | sort)" ] ||
        return 1
    (cd "$1" && find . -type f) | while read -r f; do
        cmp -s "$1/$f" "$2/$f" || { echo "differs: $f"; exit 1; }
    done
}

# --- Kulibrat target 4: one database file, tiers solved on the workers.
"$kibitz" solve kulibrat --variant target=4 --threads 1 --db "$dir/one/" >"$dir/one.txt"
mpi solve kulibrat --variant target=4 --threads 1 --db "$dir/mpi/" >"$dir/mpi.txt" 2>&1
check "kulibrat target 4 under mpirun exits 0" $?
same_files "$dir/one" "$dir/mpi"
check "kulibrat target 4: mpirun database equals the one-process one" $?
check "kulibrat: one report, from rank 0" \
    "$([ "$(grep -c '^solved kulibrat' "$dir/mpi.txt")" = 1 ]; echo $?)"
check "kulibrat: same verdict" \
    "$(diff <(grep -E '^(won|verdict|best)' "$dir/one.txt") \
            <(grep -E '^(won|verdict|best)' "$dir/mpi.txt") >/dev/null; echo $?)"

# --- Kerx: one file per pair; size 3 up to 6 pieces (drawat 1: 8 pairs with
# captures between them, and the default drawat 3), size 4 up to 5 pieces.
for v in size=3,drawat=1 size=3 size=4 size=4,drawat=1; do
    p=6
    case $v in size=4*) p=5 ;; esac
    "$kibitz" solve kerx --variant $v --pieces $p --threads 1 --db "$dir/k1-$v" >/dev/null
    mpi solve kerx --variant $v --pieces $p --threads 1 --db "$dir/k2-$v" >"$dir/k.txt" 2>&1
    check "kerx $v --pieces $p under mpirun exits 0" $?
    same_files "$dir/k1-$v" "$dir/k2-$v"
    check "kerx $v --pieces $p: mpirun files equal the one-process ones" $?
done
check "kerx: one report, from rank 0" \
    "$([ "$(grep -c '^kerx size' "$dir/k.txt")" = 1 ]; echo $?)"

# --- Forced splits: a --memory that holds the 4+2 pair of size 4 (about 22
# MiB whole in the 3-byte layout, KIBITZ_KERX_LAYOUT=wide: in the 1-byte
# one a split over two workers saves nothing) only when split over both
# workers; 4+1 and 5+1 run whole.
"$kibitz" solve kerx --variant size=4 --pieces 6 --threads 1 --db "$dir/s1" >/dev/null
for t in 1 2; do
    rm -rf "$dir/s2"
    KIBITZ_KERX_LAYOUT=wide mpi solve kerx --variant size=4 --pieces 6 --threads $t \
        --memory 20 --db "$dir/s2" >"$dir/s.txt" 2>&1
    check "a split run ($t threads a rank) exits 0" $?
    check "the 4+2 pair was split across ranks ($t threads)" \
        "$(grep -q '^1 pairs split' "$dir/s.txt"; echo $?)"
    same_files "$dir/s1" "$dir/s2"
    check "size 4 up to 6 pieces, 4+2 split, $t threads: same files as one process" $?
done

# --- Kulibrat tiers split across ranks (solve/retro_split.h): --memory 14
# holds a Kulibrat tier (340,038 positions, about 18 MiB whole) only split
# over both workers, so every tier of target 4 is split.
mpi solve kulibrat --variant target=4 --threads 1 --memory 14 --db "$dir/ks/" \
    >"$dir/ks.txt" 2>&1
check "kulibrat target 4 split under mpirun exits 0" $?
check "kulibrat: all 16 tiers were split across ranks" \
    "$(grep -q '^16 tiers split across MPI ranks' "$dir/ks.txt"; echo $?)"
same_files "$dir/one" "$dir/ks"
check "kulibrat target 4, every tier split: database equals the one-process one" $?
for t in 2; do
    rm -rf "$dir/ks"
    KIBITZ_SPLIT_PARTS=2 mpi solve kulibrat --variant target=4 --threads $t \
        --db "$dir/ks/" >"$dir/ks.txt" 2>&1
    check "kulibrat target 4 forced splits, $t threads a rank: same database" \
        "$(grep -q '^16 tiers split' "$dir/ks.txt" && same_files "$dir/one" "$dir/ks"; echo $?)"
done

# --- Kerx with every pair split (KIBITZ_SPLIT_PARTS: these pairs are too
# small for a --memory in MiB to force it): the same files as one process.
for v in size=3,drawat=1 size=3 size=4 size=4,drawat=1; do
    p=6
    case $v in size=4*) p=5 ;; esac
    rm -rf "$dir/k3-$v"
    KIBITZ_SPLIT_PARTS=2 mpi solve kerx --variant $v --pieces $p --threads 1 \
        --db "$dir/k3-$v" >"$dir/k.txt" 2>&1
    check "kerx $v --pieces $p, forced splits, exits 0" $?
    check "kerx $v --pieces $p: pairs were split" \
        "$(grep -q 'pairs split across MPI ranks' "$dir/k.txt"; echo $?)"
    same_files "$dir/k1-$v" "$dir/k3-$v"
    check "kerx $v --pieces $p, every pair split: same files as one process" $?
done

# --- Per-rank memory: a budget no tier fits is refused, naming the tier.
mpi solve kulibrat --variant target=3 --threads 1 --memory 1 --db "$dir/small/" \
    >"$dir/m.txt" 2>&1
code=$?
check "a tier larger than every rank's --memory is refused" \
    "$([ $code -ne 0 ] && grep -q "more than any rank's --memory" "$dir/m.txt"; echo $?)"
KIBITZ_KERX_LAYOUT=wide mpi solve kerx --variant size=4 --pieces 5 --threads 1 \
    --memory 1 --db "$dir/s3" >"$dir/m.txt" 2>&1
code=$?
check "a pair too large even split over every worker is refused" \
    "$([ $code -ne 0 ] && grep -q "even split over every worker" "$dir/m.txt"; echo $?)"

# --- A worker killed mid-run, then the same command again.
rank1_pid() { # the pid of rank 1 of the run started as $1
    for p in $(pgrep -P "$1") $(pgrep -P "$(pgrep -P "$1" | head -1)" 2>/dev/null); do
        tr '\0' '\n' </proc/"$p"/environ 2>/dev/null | grep -qx 'OMPI_COMM_WORLD_RANK=1' &&
            { echo "$p"; return; }
    done
}
# kill_rank1 RUN DIR NAME COUNT: once COUNT files named NAME (a find -name
# pattern) exist below DIR (at most 30 s), kill rank 1 of the run started as
# RUN, and wait for the run; sets victim (the killed pid, empty when none was
# found) and code (the run's exit status).
kill_rank1() {
    local _
    for _ in $(seq 600); do
        [ "$(find "$2" -name "$3" 2>/dev/null | wc -l)" -ge "$4" ] && break
        sleep 0.05
    done
    victim=$(rank1_pid "$1")
    [ -n "$victim" ] && kill -9 "$victim"
    wait "$1"
    code=$?
}
"$kibitz" solve kulibrat --variant target=6 --threads 1 --db "$dir/k6one/" >/dev/null
mpi solve kulibrat --variant target=6 --threads 1 --db "$dir/k6/" >"$dir/kill.txt" 2>&1 &
work="$dir/k6/kulibrat-target=6,first=black.kdb.tiers"
kill_rank1 $! "$work" '*.tier' 3
check "the run with a killed worker failed (killed mid-run: $victim)" \
    "$([ -n "$victim" ] && [ $code -ne 0 ]; echo $?)"
check "no database after the killed run" "$([ ! -e "$dir/k6/"*.kdb ]; echo $?)"
kept=$(find "$work" -name '*.tier' | wc -l)
check "tier files of the killed run are kept ($kept)" "$([ "$kept" -ge 3 ]; echo $?)"
# Damage: a truncated tier file and a half-written temporary one.
one=$(find "$work" -name '*.tier' | head -1)
[ -n "$one" ] && head -c 100 "$one" >"$one.cut" && mv "$one.cut" "$one"
echo junk >"$work/0000000000000101.tier.tmp.99999"
mpi solve kulibrat --variant target=6 --threads 1 --db "$dir/k6/" >"$dir/again.txt" 2>&1
code=$?
check "the same command again finishes" $code
[ $code -eq 0 ] || head -5 "$dir/again.txt"
check "the resumed run removed the tier files" "$([ ! -e "$work" ]; echo $?)"
# The killed rank 0 left its unfinished database as a temporary file, which
# nothing reads; the finished database must be the one-process one.
find "$dir/k6" -name '*.tmp.*' -delete
same_files "$dir/k6one" "$dir/k6"
check "the resumed run's database equals the one-process one" $?

# The same with every tier split across both workers: a worker killed in
# the middle of a split tier, then the same command again.
rm -rf "$dir/k6"
mpi solve kulibrat --variant target=6 --threads 1 --memory 14 --db "$dir/k6/" \
    >"$dir/kill.txt" 2>&1 &
kill_rank1 $! "$work" '*.tier' 3
check "split: the run with a killed worker failed (killed mid-run: $victim)" \
    "$([ -n "$victim" ] && [ $code -ne 0 ]; echo $?)"
kept=$(find "$work" -name '*.tier' | wc -l)
check "split: tier files of the killed run are kept ($kept)" "$([ "$kept" -ge 3 ]; echo $?)"
mpi solve kulibrat --variant target=6 --threads 1 --memory 14 --db "$dir/k6/" \
    >"$dir/again.txt" 2>&1
code=$?
check "split: the same command again finishes" $code
[ $code -eq 0 ] || head -5 "$dir/again.txt"
check "split: the resumed run split its tiers" \
    "$(grep -q 'tiers split across MPI ranks' "$dir/again.txt"; echo $?)"
find "$dir/k6" -name '*.tmp.*' -delete
same_files "$dir/k6one" "$dir/k6"
check "split: the resumed run's database equals the one-process one" $?

# Kerx: kill a worker while pairs are being built, resume, compare.
v=size=3,drawat=1
"$kibitz" solve kerx --variant $v --pieces 8 --threads 1 --db "$dir/x1" >/dev/null
mpi solve kerx --variant $v --pieces 8 --threads 1 --db "$dir/x2" >/dev/null 2>&1 &
kill_rank1 $! "$dir/x2" '*.keg' 4
check "kerx: the run with a killed worker failed" \
    "$([ -n "$victim" ] && [ $code -ne 0 ]; echo $?)"
mpi solve kerx --variant $v --pieces 8 --threads 1 --db "$dir/x2" >"$dir/x.txt" 2>&1
code=$?
check "kerx: the same command again finishes" $code
[ $code -eq 0 ] || head -5 "$dir/x.txt"
check "kerx: finished pairs were read back" "$(grep -Eq '\(([1-9][0-9]*) read back' "$dir/x.txt"; echo $?)"
find "$dir/x2" -name '*.tmp.*' -delete # what the killed worker left half-written
same_files "$dir/x1" "$dir/x2"
check "kerx: the resumed files equal the one-process ones" $?

# --- The proof manager (search/prove_mpi.h) over 2 ranks: rank 0 manages,
# rank 1 runs the df-pn jobs, both on one store folder (a log each). The
# size-3 start's value must be the one-process manager's, with a proof the
# checker accepts.
pv=size=3
one=$("$kibitz" prove kerx --variant $pv --db none --iterations 20000 --quiet \
    --store "$dir/p1" | grep -E '^white to move:')
mpirun --oversubscribe -np 2 "$kibitz" prove kerx --variant $pv --db none \
    --iterations 20000 --quiet --store "$dir/p2" --proof "$dir/p2.proof" >"$dir/p.txt" 2>&1
check "prove under mpirun -np 2 exits 0" $?
two=$(grep -E '^white to move:' "$dir/p.txt")
check "prove: 2 ranks give the one-process value ($two / $one)" \
    "$([ -n "$one" ] && [ "$one" = "$two" ]; echo $?)"
check "prove: the worker rank wrote its own log" "$([ -s "$dir/p2/facts-1.log" ]; echo $?)"
check "prove: one report, from rank 0" \
    "$([ "$(grep -c '^white to move:' "$dir/p.txt")" = 1 ]; echo $?)"
"$kibitz" checkproof kerx --variant $pv --db none --proof "$dir/p2.proof" >/dev/null
check "prove: the checker accepts the 2-rank proof" $?
finish
