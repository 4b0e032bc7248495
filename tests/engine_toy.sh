#!/usr/bin/env bash
# Adding an engine is one file and one registry line (docs/ADDING_AN_ENGINE.md):
# this copies the source tree, adds tests/engine_toy/engine_toy.c as
# search/engine_toy.c and the line ENGINE(toy_engine) to
# search/engine_list.def, builds the copy, and uses the toy engine from
# `bestmove` (text and JSON), `analyse`, `arena`, `ugi`, the library (through
# the Python extension, which calls kz_search and kz_agent_*) and its spec
# key's range check. Nothing else is edited.
# Usage: engine_toy.sh SOURCE_DIR
set -u
src=$(realpath "${1:?usage: engine_toy.sh SOURCE_DIR}")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL $*"; exit 1; }

mkdir -p "$work/src"
(cd "$src" && tar --exclude=./build --exclude='./build-*' --exclude=./.git -cf - .) |
    (cd "$work/src" && tar -xf -) || fail "copying the tree"
cp "$src/tests/engine_toy/engine_toy.c" "$work/src/search/engine_toy.c"
echo 'ENGINE(toy_engine)' >>"$work/src/search/engine_list.def"

cmake -S "$work/src" -B "$work/build" -DCMAKE_BUILD_TYPE=Release >"$work/cmake.log" 2>&1 ||
    { tail -20 "$work/cmake.log"; fail "configure"; }
targets=(kibitz)
grep -q 'kibitz_python' "$work/build/Makefile" 2>/dev/null &&
    /usr/bin/python3 -c 'import sysconfig' 2>/dev/null && targets+=(kibitz_python)
cmake --build "$work/build" -j2 --target "${targets[@]}" >"$work/build.log" 2>&1 ||
    { grep -E 'error|warning' "$work/build.log" | head; fail "build"; }
k=$work/build/kibitz

expect() { # description, pattern, command...
    local what=$1 pattern=$2
    shift 2
    local out
    out=$("$@" 2>&1)
    grep -qE -- "$pattern" <<<"$out" || { echo "$out" | head -20; fail "$what: no /$pattern/"; }
    echo "ok $what"
}

# Kulibrat's start: +a4 +b4 +c4; pick=1 is +b4.
expect "bestmove text" '^bestmove \+b4$' "$k" bestmove kulibrat --algo toy:pick=1
expect "bestmove score" '^score \+0.25$' "$k" bestmove kulibrat --algo toy:pick=1
expect "bestmove json" '"engine":"toy","move":"\+c4","value":\{"result":"unknown","score":0.25\}' \
    "$k" bestmove kulibrat --algo toy:pick=2 --json
expect "analyse" '^bestmove \+a4$' "$k" analyse kulibrat --algo toy
expect "key range" "agent option pick needs a whole number from 0 to 100, not '101'" \
    "$k" bestmove kulibrat --algo toy:pick=101
expect "unknown key" "agent 'toy' has no option 'depth'" "$k" bestmove kulibrat --algo toy:depth=3
expect "listed" 'db\[:fallback=SPEC\] or toy\[:OPTION=VALUE...\]\)' "$k" bestmove kulibrat --algo nothing
expect "arena" 'toy:pick=1' "$k" arena kulibrat --players toy:pick=1,random --games 2 --seed 1
expect "arena on a simultaneous game" 'toy' \
    "$k" arena kodrek --variant inner=5,margin=2,toleks=3 --players toy,random,random --games 1 --seed 2
expect "ugi" '^bestmove \+b4$' bash -c \
    "{ printf 'ugi\nsetoption name algo value toy:pick=1\nposition startpos\ngo\n'; sleep 1; echo quit; } | '$k' ugi kulibrat"

if [ -f "$work/build/python/kibitz/__init__.py" ]; then
    expect "python (kz_search)" '^\+b4 toy 0.25$' env PYTHONPATH="$work/build/python" \
        /usr/bin/python3 -c '
import kibitz
s = kibitz.load_game("kulibrat").new_initial_state()
doc = kibitz.best_move(s, algo="toy:pick=1")
print(doc["move"], doc["engine"], doc["value"]["score"])'
else
    echo "skip python: the extension was not built"
fi
echo "ok: the toy engine, added as one file and one registry line, plays everywhere"
