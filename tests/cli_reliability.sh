#!/usr/bin/env bash
# Defects of issue 17 at the command line, each one a refusal with a message
# (status 1 for a runtime failure, 2 for bad input, as the README says)
# where kibitz used to hang, crash, lose its work or let libgomp speak:
# FIFOs and folders in a database's place, an empty --db, a Kodrek position
# without a move, threads that cannot start under a memory limit.
set -u
source "$(dirname "$0")/cli_lib.bash" "$1"

dir=$(mktemp -d)
trap 'rm -rf "$dir" "$KIBITZ_DATA"' EXIT

# run_capped ARGS...: run kibitz with a time cap (a hang gives status 124)
# into $out and $code.
run_capped() {
    out=$(timeout 20 "$kibitz" "$@" 2>&1 </dev/null)
    code=$?
}

# A FIFO where a database is expected: refused at once, not a hang in open().
# A file that cannot serve is a runtime failure: status 1 (cli/cli.h).
mkfifo "$dir/fifo"
run_capped query kulibrat --variant target=1 --db "$dir/fifo"
check "query on a FIFO refused (status $code: $out)" \
    $([ $code -eq 1 ] && grep -q 'not a regular file' <<<"$out" && echo 0 || echo 1)
run_capped solve kulibrat --variant target=1 --position '.../.../.../... b 0-0' \
    --db "$dir/fifo"
check "solve --position on a FIFO refused (status $code: $out)" \
    $([ $code -eq 1 ] && grep -q 'not a regular file' <<<"$out" && echo 0 || echo 1)

# Kerx pair files: a folder (or a FIFO) in place of one file does not stop
# queries that never need it; a query that needs it says what is missing.
v='--variant size=3'
expect 0 '3 tier pairs' -- solve kerx $v --pieces 6 --db "$dir" --quiet
eg="$dir/egdb-kerx-size=3,drawat=3,huff=0"
# (Their compact .kwdl files go too: they would answer in the .keg's place.)
rm "$eg/5+1.kwdl" "$eg/4+2.kwdl"
rm "$eg/5+1.keg" && mkdir "$eg/5+1.keg"
rm "$eg/4+2.keg" && mkfifo "$eg/4+2.keg"
run_capped query kerx $v --db "$dir" --position 'www/4/1bw2/4/3 w'
check "Kerx query beside a folder and a FIFO (status $code: $out)" \
    $([ $code -eq 0 ] && grep -q 'white to move: win in 1' <<<"$out" && echo 0 || echo 1)
run_capped query kerx $v --db "$dir" --position 'www/ww2/1b3/4/3 w'
check "Kerx query needing the folder's material (status $code: $out)" \
    $([ $code -eq 1 ] && grep -q 'no database holds this material' <<<"$out" && echo 0 || echo 1)

# An empty --db is refused before solving, not after (nothing is lost).
expect 2 'database path is empty' -- solve kulibrat --variant target=2 --db ''
run_capped solve kulibrat --variant target=1 --db "$dir/fifo"
check "solve into a FIFO refused before solving (status $code: $out)" \
    $([ $code -eq 1 ] && grep -q 'not a regular file' <<<"$out" && echo 0 || echo 1)

# Kodrek: a thrust-phase position whose thruster cannot reach the board has
# no move; it is refused instead of making the search spin.
run_capped bestmove kodrek --position '1 t0 10.5/12.6/0 30.25/2.40/0 30.5/29.6/0' \
    --iterations 1
check "Kodrek position without a move refused (status $code: $out)" \
    $([ $code -eq 2 ] && grep -q 'off the board' <<<"$out" && echo 0 || echo 1)

# Two threads under a memory limit too tight for a second thread stack: the
# project's message and status 1 (a runtime failure: README, exit status),
# not libgomp's own exit.
# Sanitizer builds reserve far more address space than the limit allows and
# cannot start at all under it: the check needs a program that runs there
# with one thread.
if ! (ulimit -v 12000 && ulimit -s 8192 &&
    "$kibitz" show kulibrat >/dev/null 2>&1); then
    echo "skipped: kibitz cannot start under ulimit -v 12000 (sanitizer build?)"
    finish
    exit
fi
for cmd in "bestmove kulibrat --threads 2 --depth 4 --hash 1" \
    "solve kulibrat --variant target=1 --threads 2 --db none"; do
    out=$(ulimit -v 12000 && ulimit -s 8192 && timeout 20 "$kibitz" $cmd 2>&1)
    code=$?
    check "$cmd under ulimit -v 12000 (status $code: $out)" \
        $([ $code -eq 1 ] && grep -q 'cannot start 2 threads' <<<"$out" &&
            ! grep -q libgomp <<<"$out" && echo 0 || echo 1)
done

finish
