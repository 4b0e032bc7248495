#!/usr/bin/env bash
# The command line reaches the engine only through libkibitz: no file in
# cli/ may include a header of engine/, search/, games/, json/ or bench/
# (the layers under lib/; docs/DESIGN.md). It may include lib/, include/ and
# server/ headers.
# Usage: layering.sh SOURCE_DIR          check SOURCE_DIR/cli
#        layering.sh --self-test SOURCE_DIR
#                                        check that the check fails: a copy
#                                        of cli/ with an engine include
#                                        added to a file not exempt.
set -u
if [ "${1:-}" = "--self-test" ]; then
    src=${2:?usage: layering.sh --self-test SOURCE_DIR}
    copy=$(mktemp -d)
    trap 'rm -rf "$copy"' EXIT
    cp -r "$src/cli" "$copy/cli"
    "$0" "$src" "$copy/cli" >/dev/null || { echo "FAIL the copy should pass"; exit 1; }
    for header in engine/game.h search/dfpn.h games/kerx/kerx.h json/kjson.h; do
        cp "$src/cli/cmd_show.c" "$copy/cli/cmd_show.c"
        printf '#include "%s"\n' "$header" >>"$copy/cli/cmd_show.c"
        if "$0" "$src" "$copy/cli" >/dev/null; then
            echo "FAIL cli/cmd_show.c including $header was not caught"
            exit 1
        fi
    done
    echo "ok: an include of engine/, search/, games/ or json/ in cli/ fails the check"
    exit 0
fi
src=${1:?usage: layering.sh SOURCE_DIR}
cli=${2:-$src/cli}

# Files still being moved onto the library by another change; each leaves
# this list when it no longer includes the layers below lib/.
exempt=(
    cmd_play.c cmd_arena.c arena_seating.c arena_seating.h play_text.c play_text.h
    cmd_serve.c cmd_ugi.c ugi_session.c ugi_session.h ugi_parse.c ugi_parse.h
)

is_exempt() {
    local name
    for name in "${exempt[@]}"; do [ "$name" = "$1" ] && return 0; done
    return 1
}

status=0
files=("$cli"/*.c "$cli"/*.h)
if [ ! -e "${files[0]}" ]; then
    echo "FAIL no files found in $cli"
    exit 1
fi
# Every include of a layer below lib/, as FILE:LINE:TEXT, in one pass.
hits=$(grep -nE '^[[:space:]]*#[[:space:]]*include[[:space:]]*[<"](\./)?(engine|search|games|json|bench)/' \
    "${files[@]}")
while IFS= read -r hit; do
    [ -n "$hit" ] || continue
    file=${hit%%:*}
    base=$(basename "$file")
    is_exempt "$base" && continue
    echo "FAIL cli/$base:${hit#*:} (cli/ reaches the engine only through lib/ and include/)"
    status=1
done <<<"$hits"
for name in "${exempt[@]}"; do
    [ -e "$cli/$name" ] && ! grep -q "^$cli/$name:" <<<"$hits" &&
        echo "note: cli/$name no longer needs its exemption in tests/layering.sh"
done
[ "$status" -eq 0 ] && echo "ok: ${#files[@]} files of cli/ include nothing below lib/"
exit $status
