#!/usr/bin/env bash
# Issue 31, defects 1 and 5: no command loses data. A --db path that exists
# must be a kibitz database of the same game (else refused, naming the
# file, unless --force); every output path (play --save, bench --json, the
# database) is checked before any work; only regular files are replaced;
# temporary files of killed runs are removed by the next run.
set -u
source "$(dirname "$0")/cli_lib.bash" "$1"

dir=$(mktemp -d)
trap 'rm -rf "$dir" "$KIBITZ_DATA"' EXIT


# A file that is no database: refused, left as it was.
echo "my notes" >"$dir/notes.txt"
cp "$dir/notes.txt" "$dir/notes.txt.orig"
run_capped solve kulibrat --variant target=1 --db "$dir/notes.txt"
check "solve over a text file refused (status $code: $out)" \
    $([ $code -eq 1 ] && grep -q "notes.txt is not a kibitz database" <<<"$out" &&
        [ "$(cat "$dir/notes.txt")" = "my notes" ] && echo 0 || echo 1)
# An empty file is no database either.
: >"$dir/empty.kdb"
run_capped solve kulibrat --variant target=1 --db "$dir/empty.kdb"
check "solve over an empty file refused (status $code: $out)" \
    $([ $code -eq 1 ] && [ ! -s "$dir/empty.kdb" ] && echo 0 || echo 1)
# --force replaces it.
run_capped solve kulibrat --variant target=1 --db "$dir/notes.txt" --force
check "--force replaces the file (status $code: $out)" \
    $([ $code -eq 0 ] && [ "$(head -c 8 "$dir/notes.txt")" = KIBITZDB ] && echo 0 || echo 1)
# A database of the same game (another variant) is replaced as before.
run_capped solve kulibrat --variant target=2 --db "$dir/notes.txt"
check "a database of the game is replaced (status $code: $out)" \
    $([ $code -eq 0 ] && grep -q 'target=2' <<<"$out" && echo 0 || echo 1)
# A database of another game is refused: the header names kerx.
{
    printf 'KIBITZDB\002\000\000\000\004\003\002\001kerx'
    head -c 600 /dev/zero
} >"$dir/kerx.kdb"
cp "$dir/kerx.kdb" "$dir/kerx.orig"
run_capped solve kulibrat --variant target=1 --db "$dir/kerx.kdb"
check "a database of another game refused (status $code: $out)" \
    $([ $code -eq 1 ] && grep -q 'kerx.kdb is a database of kerx, not kulibrat' <<<"$out" &&
        cmp -s "$dir/kerx.kdb" "$dir/kerx.orig" && echo 0 || echo 1)

# Devices, FIFOs and folders are never replaced, and every output is checked
# before the work: bench prints nothing of its run, play never starts.
# A device of our own (never /dev/null itself: the old code, run as root,
# replaced it with a regular file).
mkfifo "$dir/fifo"
mkdir "$dir/folder"
targets=("$dir/fifo" "$dir/folder")
if [ "$(id -u)" = 0 ] && mknod "$dir/null" c 1 3 2>/dev/null; then
    targets+=("$dir/null")
fi
for target in "${targets[@]}"; do
    run_capped bench --json "$target" kulibrat
    check "bench --json $target refused before the run (status $code: $out)" \
        $([ $code -eq 1 ] && grep -q 'only regular files are replaced' <<<"$out" &&
            ! grep -q 'perft' <<<"$out" && echo 0 || echo 1)
    run_capped play kulibrat --save "$target"
    check "play --save $target refused before the game (status $code: $out)" \
        $([ $code -eq 1 ] && grep -q 'only regular files are replaced' <<<"$out" &&
            ! grep -qi 'to move' <<<"$out" && echo 0 || echo 1)
done
check "the FIFO and the folder are still there" \
    $([ -p "$dir/fifo" ] && [ -d "$dir/folder" ] && echo 0 || echo 1)
run_capped bench --json "$dir/missing/out.json" kulibrat
check "bench --json into a missing folder refused before the run (status $code: $out)" \
    $([ $code -eq 1 ] && grep -q 'no folder' <<<"$out" && ! grep -q 'perft' <<<"$out" &&
        echo 0 || echo 1)
run_capped solve kulibrat --variant target=1 --db "$dir/fifo"
check "solve --db FIFO refused (status $code: $out)" \
    $([ $code -eq 1 ] && grep -q 'it is a FIFO' <<<"$out" && echo 0 || echo 1)
# A saved record is written whole (no temporary left behind).
out=$(printf 'quit\n' | timeout 60 "$kibitz" play kulibrat --save "$dir/game.json" 2>&1)
code=$?
check "play --save writes the record (status $code)" \
    $([ $code -eq 0 ] && grep -q '"record"' "$dir/game.json" &&
        [ -z "$(ls "$dir" | grep 'game.json.tmp')" ] && echo 0 || echo 1)

# Defect 5: temporary files of dead processes are removed by the next run on
# the same database; those of a live process are left alone.
sleep 0 &
dead=$!
wait $dead
db="$dir/k.kdb"
head -c 1000 /dev/zero >"$db.tmp.$dead"
head -c 1000 /dev/zero >"$db.tmp.$$"
run_capped solve kulibrat --variant target=1 --db "$db"
check "a dead solve's temporary file removed (status $code: $out)" \
    $([ $code -eq 0 ] && [ ! -e "$db.tmp.$dead" ] && [ -e "$db.tmp.$$" ] && echo 0 || echo 1)
rm -f "$db.tmp.$$"
# The real case: kill -9 in the middle of a solve, then solve again.
"$kibitz" solve kulibrat --variant target=4 --db "$db" --threads 1 --quiet \
    >/dev/null 2>&1 &
victim=$!
for _ in $(seq 200); do
    [ -n "$(ls "$dir" | grep '^k.kdb.tmp.')" ] && break
    sleep 0.05
done
kill -9 $victim 2>/dev/null
wait $victim 2>/dev/null
left=$(ls "$dir" | grep -c '^k.kdb.tmp.')
run_capped solve kulibrat --variant target=1 --db "$db"
check "kill -9 left $left temporary file(s); the next solve removed them (status $code)" \
    $([ $code -eq 0 ] && [ "$(ls "$dir" | grep -c '^k.kdb.tmp.')" = 0 ] && echo 0 || echo 1)

# Kerx endgame databases: a dead build's pair file is removed too.
kdir="$dir/kerx"
run_capped solve kerx --variant size=3 --pieces 6 --db "$kdir" --quiet
pairs="$kdir/egdb-kerx-size=3,drawat=3,huff=0"
rm -f "$pairs/4+2.keg"
echo junk >"$pairs/4+2.keg.tmp.$dead"
run_capped solve kerx --variant size=3 --pieces 6 --db "$kdir" --quiet
check "a dead Kerx build's temporary file removed (status $code: $out)" \
    $([ $code -eq 0 ] && [ -e "$pairs/4+2.keg" ] && [ ! -e "$pairs/4+2.keg.tmp.$dead" ] &&
        echo 0 || echo 1)
# A Kerx --db that is a file is refused before the build.
run_capped solve kerx --variant size=3 --pieces 6 --db "$dir/kerx.orig" --quiet
check "Kerx --db naming a file refused (status $code: $out)" \
    $([ $code -eq 1 ] && cmp -s "$dir/kerx.kdb" "$dir/kerx.orig" && echo 0 || echo 1)

# Defect 6: a Kerx build that cannot write is a runtime failure (status 1,
# as for Kulibrat), not a usage error.
if [ "$(id -u)" != 0 ]; then
    mkdir "$dir/readonly"
    chmod 555 "$dir/readonly"
    run_capped solve kerx --variant size=3 --pieces 6 --db "$dir/readonly/k" --quiet
    check "Kerx build in a read-only folder: status 1 (status $code: $out)" \
        $([ $code -eq 1 ] && echo 0 || echo 1)
    run_capped solve kulibrat --variant target=1 --db "$dir/readonly/k.kdb"
    check "Kulibrat solve in a read-only folder: status 1 (status $code: $out)" \
        $([ $code -eq 1 ] && echo 0 || echo 1)
    chmod 755 "$dir/readonly"
fi
run_capped solve kerx --pieces 7 --db "$dir/kx" --memory 1 --quiet
check "Kerx build beyond --memory: status 1 (status $code: $out)" \
    $([ $code -eq 1 ] && grep -q 'more than --memory' <<<"$out" && echo 0 || echo 1)

# kibitz verify (the byte-by-byte sweep is tests/test_verify.c): a clean
# database and folder pass; a damaged tier is named, exit 1, in JSON too.
expect 0 'usage: kibitz verify PATH' -- verify --help
expect 0 'tiers checked: ok' -- verify "$db"
expect 0 'kerx database file, .* blocks checked: ok' -- verify "$kdir"
cp "$db" "$dir/bad.kdb"
printf '\x55' | dd of="$dir/bad.kdb" bs=1 seek=600 conv=notrunc status=none
expect 1 'DAMAGED' -- verify "$dir/bad.kdb"
damaged=$("$kibitz" verify "$dir/bad.kdb" --json | /usr/bin/python3 -c '
import json, sys
d = json.load(sys.stdin)
print(d["kind"], d["damaged"], d["files"][0]["damaged"][0].split(":")[0])')
check "verify --json names the tier ($damaged)" \
    $([[ "$damaged" == "verify 1 tier "* ]] && echo 0 || echo 1)
expect 1 'corrupt header' -- verify "$dir/kerx.orig"
expect 1 'not a kibitz database' -- verify "$dir/notes.txt.orig"
expect 1 'cannot read' -- verify "$dir/no-such-file"

finish
