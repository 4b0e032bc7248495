#!/usr/bin/env bash
# The command line and the web server reach the engine only through
# libkibitz: no file in cli/ or server/ may include a header of engine/,
# search/, solve/, games/, json/ or bench/ (the layers under lib/;
# docs/DESIGN.md). Under lib/ the layers run one way too: engine/ includes
# only itself, solve/ only engine/, search/ only engine/ and solve/.
# They may include include/kibitz.h, (cli/) server/ headers, and of lib/ only
# the internal headers written for them in kz_ terms (lib/kz_cli.h,
# lib/kz_front.h), which must themselves include nothing below lib/: the
# other lib/ headers carry engine types (kz_internal.h, kz_run.h, ...).
# Usage: layering.sh SOURCE_DIR [CLI_DIR [SERVER_DIR [FRONT_HEADER_DIR]]]
#                                        check SOURCE_DIR/cli and /server
#        layering.sh --self-test SOURCE_DIR
#                                        check that the check fails: copies
#                                        of cli/ and server/ with an engine
#                                        include added to a file.
set -u
if [ "${1:-}" = "--self-test" ]; then
    src=${2:?usage: layering.sh --self-test SOURCE_DIR}
    copy=$(mktemp -d)
    trap 'rm -rf "$copy"' EXIT
    cp -r "$src/cli" "$copy/cli"
    cp -r "$src/server" "$copy/server"
    "$0" "$src" "$copy/cli" "$copy/server" >/dev/null ||
        { echo "FAIL the copy should pass"; exit 1; }
    for file in cli/cmd_show.c server/api_state.c; do
        for header in engine/game.h solve/dfpn.h games/kerx/kerx.h json/kjson.h \
            lib/kz_internal.h; do
            cp "$src/$file" "$copy/$file"
            printf '#include "%s"\n' "$header" >>"$copy/$file"
            if "$0" "$src" "$copy/cli" "$copy/server" >/dev/null; then
                echo "FAIL $file including $header was not caught"
                exit 1
            fi
        done
        cp "$src/$file" "$copy/$file"
    done
    cp "$src/lib/kz_cli.h" "$src/lib/kz_front.h" "$copy/"
    printf '#include "engine/game.h"\n' >>"$copy/kz_front.h"
    if "$0" "$src" "$copy/cli" "$copy/server" "$copy" >/dev/null; then
        echo "FAIL lib/kz_front.h including engine/game.h was not caught"
        exit 1
    fi
    # The lower layers: solve/ including search/, engine/ including solve/.
    mkdir -p "$copy/tree"
    cp -r "$src/engine" "$src/solve" "$src/search" "$src/cli" "$src/server" "$src/lib" \
        "$copy/tree/"
    for pair in "solve/retro_cell.c:search/agent.h" "engine/variant.c:solve/retro.h" \
        "search/greedy.c:games/kerx/kerx.h"; do
        file=${pair%%:*} header=${pair#*:}
        cp "$src/$file" "$copy/tree/$file"
        printf '#include "%s"\n' "$header" >>"$copy/tree/$file"
        if "$0" "$copy/tree" >/dev/null; then
            echo "FAIL $file including $header was not caught"
            exit 1
        fi
        cp "$src/$file" "$copy/tree/$file"
    done
    echo "ok: an include of engine/, search/, solve/, games/, json/ or another lib/ header in cli/ or server/, or of a higher layer in engine/, solve/ or search/, fails the check"
    exit 0
fi
src=${1:?usage: layering.sh SOURCE_DIR}
cli=${2:-$src/cli}
server=${3:-$src/server}
front=${4:-$src/lib} # where kz_cli.h and kz_front.h are read from

# Files allowed an include below lib/ for a reason written here (none now:
# every command and the server go through the library).
exempt=()

is_exempt() {
    local name
    for name in "${exempt[@]}"; do [ "$name" = "$1" ] && return 0; done
    return 1
}

status=0
count=0
for dir in "$cli" "$server"; do
    layer=$(basename "$dir")
    files=("$dir"/*.c "$dir"/*.h)
    if [ ! -e "${files[0]}" ]; then
        echo "FAIL no files found in $dir"
        exit 1
    fi
    count=$((count + ${#files[@]}))
    # Every include of a layer below lib/, as FILE:LINE:TEXT, in one pass.
    hits=$(grep -nE '^[[:space:]]*#[[:space:]]*include[[:space:]]*[<"](\./)?((engine|search|solve|games|json|bench)/|lib/)' \
        "${files[@]}" | grep -vE '[<"]lib/kz_(cli|front)\.h[>"]')
    while IFS= read -r hit; do
        [ -n "$hit" ] || continue
        file=${hit%%:*}
        base=$(basename "$file")
        is_exempt "$base" && continue
        echo "FAIL $layer/$base:${hit#*:} ($layer/ reaches the engine only through lib/ and include/)"
        status=1
    done <<<"$hits"
    for name in "${exempt[@]}"; do
        [ -e "$dir/$name" ] && ! grep -q "^$dir/$name:" <<<"$hits" &&
            echo "note: $layer/$name no longer needs its exemption in tests/layering.sh"
    done
done
# The two lib/ headers cli/ and server/ may include: nothing below lib/.
for header in "$front/kz_cli.h" "$front/kz_front.h"; do
    if grep -nE '^[[:space:]]*#[[:space:]]*include[[:space:]]*[<"](\./)?((engine|search|solve|games|json|bench)/|lib/)' \
        "$header" >/dev/null; then
        echo "FAIL lib/$(basename "$header") includes a header below lib/ (cli/ and server/ include it)"
        status=1
    fi
done
# The layers under lib/ run one way (docs/DESIGN.md): engine/ (the
# contract) includes only itself; solve/ (retrograde solver, tiers, MPI,
# solver databases, df-pn) only engine/; search/ (the play algorithms)
# engine/ and solve/.
lower_layer() { # folder, the folders it may include besides itself
    local dir=$src/$1 allowed="$1|$2" hits
    hits=$(grep -nE '^[[:space:]]*#[[:space:]]*include[[:space:]]*"[a-z]+/' "$dir"/*.c "$dir"/*.h |
        grep -vE "#[[:space:]]*include[[:space:]]*\"($allowed)/")
    [ -z "$hits" ] && return 0
    while IFS= read -r hit; do
        echo "FAIL $1/$(basename "${hit%%:*}"):${hit#*:} ($1/ may include only ${allowed//|/, })"
    done <<<"$hits"
    status=1
}
lower_layer engine ""
lower_layer solve engine
lower_layer search "engine|solve"
[ "$status" -eq 0 ] && echo "ok: $count files of cli/ and server/ include nothing below lib/; engine/, solve/ and search/ include only the layers under them"
exit $status
