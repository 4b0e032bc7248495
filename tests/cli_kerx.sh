#!/usr/bin/env bash
# Kerx on the command line: perft and show work, bad positions, moves and
# options give one clear line and exit status 2. Usage: cli_kerx.sh path/to/kibitz
set -u
source "$(dirname "$0")/cli_lib.bash" "$1"

# The perft count comes from the reference file, not from this script.
data=$(dirname "$0")/data/kerx-perft.txt
want=$(awk '$1 == 4 && $2 == 8 {print $3}' "$data")
expect 0 "depth 8: $want leaves" -- perft kerx --depth 8
want=$(awk '$1 == 3 && $2 == 6 {print $3}' "$data")
expect 0 "depth 6: $want leaves" -- perft kerx --variant size=3 --depth 6
expect 0 'bbbb/bbbbb/bbbbbb/bbb1www/wwwwww/wwwww/wwww w' -- show kerx
expect 0 'white to move' -- show kerx
expect 0 'bbbbb/bbbbbb' -- show kerx --variant size=5
expect 0 'd4xf4' -- show kerx --variant drawat=0 --position '4/5/6/3wb2/6/5/4 w'

# Malformed positions.
expect 2 '^kibitz: .*row 4 must have 7 cells' -- show kerx --position 'bbbb/bbbbb/bbbbbb/bbb1ww/wwwwww/wwwww/wwww w'
expect 2 '^kibitz: .*expected 7 rows' -- show kerx --position 'bbbb/bbbbb/bbbbbb w'
expect 2 "^kibitz: .*unexpected 'x'" -- show kerx --position 'bbbb/bbbbb/bbbbbb/bbb1wwx/wwwwww/wwwww/wwww w'
expect 2 '^kibitz: .*side to move' -- show kerx --position 'bbbb/bbbbb/bbbbbb/bbb1www/wwwwww/wwwww/wwww q'
expect 2 '^kibitz: .*white has 19 pieces' -- show kerx --position 'bbbb/bbbbb/bbbbbb/bbbwwww/wwwwww/wwwww/wwww w'
expect 2 '^kibitz: .*no pieces' -- show kerx --position '4/5/6/7/6/5/4 w'
expect 2 '^kibitz: ' -- perft kerx --depth 3 --position ''
# Moves: legal ones play, bad or illegal ones are refused.
expect 0 'moves \(1\): c4xe4' -- show kerx --moves 'e4-d4'
expect 2 '^kibitz: ' -- show kerx --moves 'e4-e5'
expect 2 '^kibitz: ' -- show kerx --moves 'zz9'
expect 2 '^kibitz: .*longest capture' -- show kerx --variant drawat=0 --position '4/5/6/3wb2/6/5/b3 w' --moves 'd4-d5'
# Bad options.
expect 2 '^kibitz: .*size needs a whole number from 3 to 6' -- show kerx --variant size=9
expect 2 '^kibitz: .*huff must be 0 or 1' -- show kerx --variant huff=yes
expect 2 '^kibitz: .*unknown variant option' -- show kerx --variant colour=red

# Row labels are cell names ("a4:"), not lone letters that read like pieces.
expect 0 '^ +a4: b b b \. w w w$' -- show kerx
out=$("$kibitz" show kerx)
check "no row label is a lone letter" "$(grep -Ec '^ +[0-9]+ +[a-z] ' <<<"$out")"

finish
