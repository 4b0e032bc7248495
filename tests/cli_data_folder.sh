#!/usr/bin/env bash
# Where databases are found and made (engine/data_folder.h, solve/db_make.h)
# and the perfect player `db` (solve/db_player.h): the folders searched in
# order (--db, $KIBITZ_DATA, $XDG_DATA_HOME/kibitz, ~/.local/share/kibitz,
# ./data), a quick database made on first use from any folder, --no-db, the
# one-line advice for a database too large to make unasked (and that its
# command works), and db playing the database's best move.
# Usage: cli_data_folder.sh path/to/kibitz
set -u
source "$(dirname "$0")/cli_lib.bash" "$1"
root=$(mktemp -d)
lib_data=$KIBITZ_DATA
trap 'rm -rf "$root" "$lib_data"' EXIT
unset KIBITZ_DATA XDG_DATA_HOME
db_name='kulibrat-target=5,first=black.kdb'
mkdir -p "$root/home" "$root/elsewhere" "$root/xdg" "$root/env"

# In a folder of its own, as on a fresh machine: bestmove makes the database
# in ~/.local/share/kibitz, says so once, and plays +b4 (a win in 72).
out=$(cd "$root/elsewhere" && HOME="$root/home" "$kibitz" bestmove kulibrat 2>&1)
expect_output "first use" $? "$out" '^bestmove \+b4$' 'win in 72' \
    'first use: making the kulibrat databases .* in .*/home/\.local/share/kibitz'
check "made in ~/.local/share/kibitz" "$([ -f "$root/home/.local/share/kibitz/$db_name" ]; echo $?)"
check "nothing left in the working folder" "$(ls -A "$root/elsewhere" | grep -q .; [ $? -ne 0 ]; echo $?)"
out=$(cd "$root/elsewhere" && HOME="$root/home" "$kibitz" bestmove kulibrat 2>&1)
expect_output "second use" $? "$out" '^bestmove \+b4$'
check "made only once" "$(grep -q 'first use' <<<"$out"; [ $? -ne 0 ]; echo $?)"

# $XDG_DATA_HOME/kibitz comes before ~/.local/share/kibitz...
out=$(cd "$root/elsewhere" && HOME="$root/home" XDG_DATA_HOME="$root/xdg" \
    "$kibitz" bestmove kulibrat 2>&1)
expect_output "XDG_DATA_HOME" $? "$out" '^bestmove \+b4$' "database $root/xdg/kibitz/"
check "made in \$XDG_DATA_HOME/kibitz" "$([ -f "$root/xdg/kibitz/$db_name" ]; echo $?)"
# ... $KIBITZ_DATA before both ...
out=$(cd "$root/elsewhere" && HOME="$root/home" XDG_DATA_HOME="$root/xdg" \
    KIBITZ_DATA="$root/env" "$kibitz" bestmove kulibrat 2>&1)
expect_output "KIBITZ_DATA" $? "$out" "database $root/env/"
check "made in \$KIBITZ_DATA" "$([ -f "$root/env/$db_name" ]; echo $?)"
# ... and --db before everything (no file made anywhere else).
mkdir -p "$root/given"
cp "$root/env/$db_name" "$root/given/"
out=$(cd "$root/elsewhere" && HOME="$root/empty-home" KIBITZ_DATA="$root/env2" \
    "$kibitz" bestmove kulibrat --db "$root/given" 2>&1)
expect_output "--db" $? "$out" "database $root/given/"
check "--db makes nothing elsewhere" "$([ ! -e "$root/env2" ] && [ ! -e "$root/empty-home" ]; echo $?)"

# ./data is still read when it holds the database (nothing made then).
mkdir -p "$root/old/data"
cp "$root/env/$db_name" "$root/old/data/"
out=$(cd "$root/old" && HOME="$root/home2" "$kibitz" query kulibrat 2>&1)
expect_output "./data for compatibility" $? "$out" 'black to move: win in 72'
check "./data found: nothing made" "$([ ! -e "$root/home2" ]; echo $?)"

# --no-db refuses: nothing made, the search runs (and says nothing of
# databases).
out=$(cd "$root/elsewhere" && HOME="$root/home3" "$kibitz" bestmove kulibrat --no-db \
    --depth 2 2>&1)
expect_output "--no-db" $? "$out" '^bestmove '
check "--no-db makes nothing" "$([ ! -e "$root/home3" ]; echo $?)"
check "--no-db: no advice" "$(grep -q 'kibitz:' <<<"$out"; [ $? -ne 0 ]; echo $?)"

# Too large to make unasked: one line saying so, with the command that makes
# it; that command, run as printed, makes it, and bestmove then uses it.
out=$(cd "$root/elsewhere" && HOME="$root/home4" "$kibitz" bestmove kulibrat \
    --variant target=7 2>/dev/null)
err=$(cd "$root/elsewhere" && HOME="$root/home4" "$kibitz" bestmove kulibrat \
    --variant target=7 2>&1 >/dev/null)
expect_output "advice for target 7" 0 "$err" \
    '^kibitz: no kulibrat database for target=7,first=black in .*home4/\.local/share/kibitz \(searching without it\); make it with: kibitz solve kulibrat --variant target=7,first=black$'
check "advice is one line" "$([ "$(wc -l <<<"$err")" -eq 1 ]; echo $?)"
check "the search still answers" "$(grep -q '^bestmove ' <<<"$out"; echo $?)"
command=$(sed 's/.*make it with: kibitz //' <<<"$err")
(cd "$root/elsewhere" && HOME="$root/home4" "$kibitz" $command >/dev/null 2>&1)
check "the advised command ran" $?
out=$(cd "$root/elsewhere" && HOME="$root/home4" "$kibitz" bestmove kulibrat \
    --variant target=7 2>&1)
expect_output "after the advised command" $? "$out" '^bestmove \+b4$' 'win in 129'
# A Kerx board whose databases take minutes: advised, never made.
err=$(cd "$root/elsewhere" && HOME="$root/home5" "$kibitz" bestmove kerx \
    --variant size=5 --depth 1 2>&1 >/dev/null)
expect_output "advice for Kerx size 5" 0 "$err" \
    'no kerx database for size=5,drawat=3,huff=0 .*make it with: kibitz solve kerx --variant size=5,drawat=3,huff=0 --pieces 6$'
check "Kerx size 5: nothing made" "$([ ! -e "$root/home5/.local/share/kibitz/egdb-kerx-size=5,drawat=3,huff=0" ]; echo $?)"

# The perfect player: its move keeps the position's stored value (query's
# value of the position is the value of db's move) along a random game, and
# it never loses to alpha-beta.
export HOME="$root/home"
moves=""
for ply in $(seq 1 24); do
    [ $((ply % 3)) -eq 0 ] || {
        position_value=$("$kibitz" query kulibrat --moves "$moves" 2>&1 |
            sed -n 's/^[a-z]* to move: \([a-z]*\( in [0-9]*\)\?\).*/\1/p')
        played=$("$kibitz" bestmove kulibrat --algo db --moves "$moves" 2>&1)
        move_value=$(sed -n 's/^value \(.*\) (perfect play.*/\1/p' <<<"$played")
        [ "$position_value" = "$move_value" ] ||
            { echo "FAIL: after '$moves': query says $position_value, db's move $move_value"
              failures=$((failures + 1)); }
    }
    legal=$("$kibitz" show kulibrat --moves "$moves" | sed -n 's/^moves ([0-9]*): //p')
    [ -n "$legal" ] || break
    next=$(tr ' ' '\n' <<<"$legal" | sed -n "$(((ply * 7) % $(wc -w <<<"$legal") + 1))p")
    moves="${moves:+$moves }$next"
done
passes=$((passes + 1))
# The perfect player never loses: db's own row of the report (the first
# seat's spec), 20 games with both seatings.
report=$("$kibitz" arena kulibrat --players db,alphabeta:depth=8 --games 20 --json 2>&1)
check "arena: db never loses to alphabeta:depth=8 ($(tail -c 300 <<<"$report"))" "$(
    /usr/bin/python3 -c '
import json, sys
doc = json.loads(sys.stdin.read().strip().splitlines()[-1])
db = doc["players"][0]
sys.exit(0 if doc["games"] == 20 and db["spec"] == "db" and db["loss"]["share"] == 0 else 1)' \
        <<<"$report"
    echo $?
)"
expect 0 'db:fallback=alphabeta:depth=2 +win' -- arena kulibrat \
    --players db:fallback=alphabeta:depth=2,random --games 4
# arena --db: db plays from the databases named, not from the default
# folder, where only those quick to make (Kerx up to 6 pieces) are made: a
# 7-piece position (5+2, white wins in 37) is played out, both sides
# perfect, in exactly the distance query gives.
KIBITZ_DATA="$root/env" "$kibitz" solve kerx --variant size=3 --pieces 7 --db "$root/k7" --quiet >/dev/null
p7='3/4/ww3/b2w/wwb w'
out=$(KIBITZ_DATA="$root/env" "$kibitz" arena kerx --variant size=3 --players db,db --games 1 \
    --position "$p7" --db "$root/k7" --record "$root/k7rec" 2>&1)
code=$?
check "arena --db: db plays a 7-piece position from --db (status $code): $(tail -1 <<<"$out")" \
    "$([ $code -eq 0 ] && grep -q 'db.* win 100' <<<"$out"; echo $?)"
want=$(KIBITZ_DATA="$root/env" "$kibitz" query kerx --variant size=3 --db "$root/k7" --position "$p7" --json |
    /usr/bin/python3 -c 'import json,sys; d=json.load(sys.stdin); print(d["value"]["distance"])')
plies=$(/usr/bin/python3 -c 'import json,sys; print(len(json.load(open(sys.argv[1]))["moves"]))' \
    "$root/k7rec/game-000001.json" 2>/dev/null)
check "the game lasts the database's distance ($plies plies, query says $want)" \
    "$([ -n "$plies" ] && [ "$plies" = "$want" ]; echo $?)"
expect 1 'no database to play from' -- bestmove kulibrat --algo db --no-db
expect 0 '^bestmove ' -- bestmove kulibrat --algo db:fallback=alphabeta:depth=2 --no-db
expect 2 'db takes one option' -- bestmove kulibrat --algo db:depth=3
expect 2 'db plays from databases, and kotra has none' -- bestmove kotra --algo db
out=$(printf 'ugi\nsetoption name algo value db\nisready\ngo\nquit\n' |
    "$kibitz" ugi kulibrat 2>&1)
expect_output "ugi db" $? "$out" '^bestmove \+b4'
finish
