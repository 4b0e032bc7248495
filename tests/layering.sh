#!/usr/bin/env bash
# The include layers of docs/DESIGN.md, checked one way:
# - The command line's front (cli/*) and the web server (server/) reach the
#   engine only through libkibitz: no file there may include a header of
#   engine/, search/, solve/, play/, games/, json/, bench/ or lib/, except
#   lib/kz_front.h and the command back ends' header cli/backend/kz_cli.h,
#   which are written in kz_ terms and must themselves include nothing below
#   lib/.
# - cli/backend/ (the commands' work on the library's insides) may include
#   the library and everything under it, but nothing of server/.
# - No include circle and no call circle between files
#   (tests/include_circles.py: file A calls a function of file B and B, in
#   turn, one of A's).
# - Under cli/ and server/ the layers run one way: engine/ includes only
#   itself; solve/ engine/; search/ engine/ and solve/; play/ those and
#   search/; bench/ engine/; games/ engine/, solve/, search/, bench/; json/
#   all of these; lib/ all of these and include/. Nothing there includes
#   cli/ or server/.
# Usage: layering.sh SOURCE_DIR [CLI_DIR [SERVER_DIR [FRONT_HEADER_DIR]]]
#                                        check the tree; CLI_DIR and
#                                        SERVER_DIR replace SOURCE_DIR/cli and
#                                        /server, FRONT_HEADER_DIR the folder
#                                        kz_cli.h and kz_front.h are read from
#        layering.sh --self-test SOURCE_DIR
#                                        check that the check fails: copies
#                                        of the tree with a forbidden include
#                                        added to a file.
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
            lib/kz_internal.h play/match.h; do
            cp "$src/$file" "$copy/$file"
            printf '#include "%s"\n' "$header" >>"$copy/$file"
            if "$0" "$src" "$copy/cli" "$copy/server" >/dev/null; then
                echo "FAIL $file including $header was not caught"
                exit 1
            fi
        done
        cp "$src/$file" "$copy/$file"
    done
    cp "$src/cli/backend/kz_cli.h" "$src/lib/kz_front.h" "$copy/"
    printf '#include "engine/game.h"\n' >>"$copy/kz_front.h"
    if "$0" "$src" "$copy/cli" "$copy/server" "$copy" >/dev/null; then
        echo "FAIL lib/kz_front.h including engine/game.h was not caught"
        exit 1
    fi
    # The lower layers: solve/ including search/, engine/ including solve/.
    mkdir -p "$copy/tree"
    for dir in engine solve search play bench games json lib cli server include; do
        cp -r "$src/$dir" "$copy/tree/"
    done
    for pair in "solve/retro_cell.c:search/agent.h" "engine/variant.c:solve/retro.h" \
        "search/greedy.c:games/kerx/kerx.h" "search/greedy.c:play/match.h" \
        "play/match.c:lib/kz_internal.h" "games/kerx/kerx_database.c:json/kjson.h" \
        "lib/kz_game.c:cli/cli.h" "lib/kz_game.c:server/api.h" \
        "cli/backend/kz_cli_search.c:server/api.h"; do
        file=${pair%%:*} header=${pair#*:}
        cp "$src/$file" "$copy/tree/$file"
        printf '#include "%s"\n' "$header" >>"$copy/tree/$file"
        if "$0" "$copy/tree" >/dev/null; then
            echo "FAIL $file including $header was not caught"
            exit 1
        fi
        cp "$src/$file" "$copy/tree/$file"
    done
    # An include circle: retro_edge.h is what retro_graph.h includes.
    cp "$src/solve/retro_edge.h" "$copy/tree/solve/retro_edge.h.keep"
    printf '#include "solve/retro_graph.h"\n' >>"$copy/tree/solve/retro_edge.h"
    if "$0" "$copy/tree" >/dev/null; then
        echo "FAIL an include circle (solve/retro_edge.h <-> solve/retro_graph.h) was not caught"
        exit 1
    fi
    mv "$copy/tree/solve/retro_edge.h.keep" "$copy/tree/solve/retro_edge.h"
    # A call circle: kotra_moves.c reads kotra_count.c's counts.
    cp "$src/games/kotra/kotra_count.c" "$copy/tree/games/kotra/kotra_count.c.keep"
    printf 'int kotra_count_moves(const struct kotra_state *s, move_t *out) {\n    return kotra_moves_of(s, out);\n}\n' \
        >>"$copy/tree/games/kotra/kotra_count.c"
    if "$0" "$copy/tree" >/dev/null; then
        echo "FAIL a call circle (games/kotra/kotra_count.c <-> kotra_moves.c) was not caught"
        exit 1
    fi
    mv "$copy/tree/games/kotra/kotra_count.c.keep" "$copy/tree/games/kotra/kotra_count.c"
    echo "ok: an include of engine/, search/, solve/, play/, games/, json/ or another lib/ header in cli/ or server/, or of a higher layer in any folder under them, or an include or call circle, fails the check"
    exit 0
fi
src=${1:?usage: layering.sh SOURCE_DIR}
cli=${2:-$src/cli}
server=${3:-$src/server}
# where kz_cli.h and kz_front.h are read from
cli_header=${4:-$src/cli/backend}/kz_cli.h
front_header=${4:-$src/lib}/kz_front.h

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
    hits=$(grep -nE '^[[:space:]]*#[[:space:]]*include[[:space:]]*[<"](\./)?((engine|search|solve|play|games|json|bench)/|lib/|cli/backend/)' \
        "${files[@]}" | grep -vE '[<"](lib/kz_front|cli/backend/kz_cli)\.h[>"]')
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
for header in "$cli_header" "$front_header"; do
    if grep -nE '^[[:space:]]*#[[:space:]]*include[[:space:]]*[<"](\./)?((engine|search|solve|play|games|json|bench)/|lib/)' \
        "$header" >/dev/null; then
        echo "FAIL $(basename "$header") includes a header below lib/ (cli/ and server/ include it)"
        status=1
    fi
done
# The layers under cli/ and server/ run one way (docs/DESIGN.md).
lower_layer() { # folder, the folders it may include besides itself
    local dir=$src/$1 allowed="$1|$2" hits
    hits=$(find "$dir" -name '*.[ch]' -print0 | xargs -0 grep -nE \
        '^[[:space:]]*#[[:space:]]*include[[:space:]]*"[a-z]+/' |
        grep -vE "#[[:space:]]*include[[:space:]]*\"($allowed)/")
    [ -z "$hits" ] && return 0
    while IFS= read -r hit; do
        echo "FAIL ${hit%%:*}:${hit#*:} ($1/ may include only ${allowed//|/, })" |
            sed "s#^FAIL $src/#FAIL #"
    done <<<"$hits"
    status=1
}
lower_layer engine ""
lower_layer solve engine
lower_layer search "engine|solve"
lower_layer play "engine|solve|search"
lower_layer bench "engine"
lower_layer games "engine|solve|search|bench"
lower_layer json "engine|solve|search|play|games|bench"
lower_layer lib "engine|solve|search|play|games|json|bench|include"
lower_layer cli/backend "engine|solve|search|play|games|json|bench|include|lib|cli/backend"
# No include or call circle between files (tests/include_circles.py: a
# file with the headers of its name is one unit); none is known.
/usr/bin/python3 "$(dirname "$0")/include_circles.py" "$src" || status=1
[ "$status" -eq 0 ] && echo "ok: $count files of cli/ and server/ include nothing below lib/; the layers under them include only the layers below; no include or call circle"
exit $status
