#!/usr/bin/env bash
# libkibitz as other programs get it: `cmake --install` into a fresh prefix
# puts include/kibitz.h, libkibitz.so/.a and kibitz.pc there; a client
# (tests/lib_client.c) builds with pkg-config's flags, shared and static,
# and counts the same perft as the kibitz program; errors come back as
# messages. Usage: cli_libkibitz.sh path/to/kibitz (in the build folder).
set -u
source "$(dirname "$0")/cli_lib.bash" "$1"
build=$(dirname "$kibitz")
here=$(cd "$(dirname "$0")" && pwd)
prefix=$(mktemp -d)
trap 'rm -rf "$prefix" "$KIBITZ_DATA"' EXIT

cmake --install "$build" --prefix "$prefix" >/dev/null 2>&1
check "cmake --install succeeds" $?
for f in include/kibitz.h lib/libkibitz.a lib/libkibitz.so lib/pkgconfig/kibitz.pc; do
    [ -e "$prefix/$f" ] || [ -e "$prefix/${f/lib\//lib/x86_64-linux-gnu/}" ]
    check "installed $f" $?
done
pcdir=$(dirname "$(find "$prefix" -name kibitz.pc | head -1)")
export PKG_CONFIG_PATH=$pcdir
check "pkg-config knows kibitz" $(pkg-config --exists kibitz; echo $?)
# Only the public functions leave the shared library.
so=$(find "$prefix" -name 'libkibitz.so' | head -1)
check "the shared library exports only kz_*" \
    $(nm -D --defined-only "$so" | awk '{print $3}' | grep -v '^kz_' | grep -qv '^$'; [ $? = 1 ]; echo $?)

# A sanitizer build's library needs the same sanitizer in its clients, and
# the clients the build's compiler: -fopenmp names a different OpenMP
# runtime under clang (libomp) than under gcc (libgomp).
sanitize=$(sed -n 's/^KIBITZ_SANITIZE:STRING=//p' "$build/CMakeCache.txt")
compiler=$(sed -n 's/^CMAKE_C_COMPILER:[A-Z]*=//p' "$build/CMakeCache.txt")
cc() { command "${compiler:-cc}" ${sanitize:+-fsanitize=$sanitize} "$@"; }
cc -std=c17 -Wall -Wextra -Werror $(pkg-config --cflags kibitz) "$here/lib_client.c" \
    -o "$prefix/client_shared" $(pkg-config --libs kibitz) -Wl,-rpath,"$(dirname "$so")"
check "a client builds against the shared library" $?
cc -std=c17 $(pkg-config --cflags kibitz) "$here/lib_client.c" -o "$prefix/client_static" \
    "$(dirname "$so")/libkibitz.a" $(pkg-config --libs-only-other --static kibitz) \
    $(pkg-config --libs-only-l --static kibitz | sed 's/-lkibitz//')
check "a client builds against the static library" $?
# No MPI in any client: the library needs only libc, libm, libgomp, xxHash
# and jansson (MPI is linked into the kibitz program alone).
deps=$(ldd "$prefix/client_shared" | awk '{print $1}')
echo "$deps" | grep -Eq 'mpi|hwloc|event|udev'
check "ldd of a dynamic client shows no MPI (nor hwloc, libevent, udev)" $([ $? = 1 ]; echo $?)
check "the client needs libkibitz.so itself" $(grep -q '^libkibitz.so.0$' <<<"$deps"; echo $?)
# Fully static through `pkg-config --static` (not in sanitizer builds: the
# sanitizer runtimes are not made for -static).
kinds="shared static"
if [ -z "$sanitize" ]; then
    cc -static -std=c17 $(pkg-config --cflags kibitz) "$here/lib_client.c" \
        -o "$prefix/client_full_static" $(pkg-config --static --libs kibitz) 2>"$prefix/static.log"
    check "a client links fully static with pkg-config --static" $?
    ldd "$prefix/client_full_static" 2>&1 | grep -q 'not a dynamic executable'
    check "and it is a static executable" $?
    kinds="$kinds full_static"
fi
# find_package(kibitz) in a CMake project, shared and static.
if [ -z "$sanitize" ]; then
    cmake -S "$here/data/cmake_client" -B "$prefix/cmake_client" -DCMAKE_PREFIX_PATH="$prefix" \
        -DCMAKE_C_COMPILER="${compiler:-cc}" -DCLIENT_SOURCE="$here/lib_client.c" \
        -DCMAKE_BUILD_RPATH="$(dirname "$so")" >"$prefix/cmake.log" 2>&1 &&
        cmake --build "$prefix/cmake_client" >>"$prefix/cmake.log" 2>&1
    code=$?
    [ $code = 0 ] || cat "$prefix/cmake.log"
    check "find_package(kibitz) builds a client (shared and static)" $code
    cp "$prefix/cmake_client/client_cmake_shared" "$prefix/client_cmake_shared" 2>/dev/null
    cp "$prefix/cmake_client/client_cmake_static" "$prefix/client_cmake_static" 2>/dev/null
    kinds="$kinds cmake_shared cmake_static"
fi

# Every registered game (the list from the program, not written here).
games=$("$kibitz" games --json | grep -o '"name":"[^"]*"' | sed 's/"name":"\(.*\)"/\1/')
[ -n "$games" ]
check "the program lists its games" $?
for game in $games; do
    want=$("$kibitz" perft "$game" --depth 3 --json | sed 's/.*"leaves":\([0-9]*\).*/\1/')
    for kind in $kinds; do
        out=$("$prefix/client_$kind" "$game" 3 2>&1)
        grep -q "^perft: $want$" <<<"$out"
        check "$kind client: $game perft 3 = $want as the kibitz program" $?
    done
done
for game in kulibrat kerx kodrek kauda-baji kotra; do
    out=$("$prefix/client_shared" "$game" 1)
    check "$game: a clone is equal and hashes alike, action indices go both ways" \
        $(grep -q '^identity: ok, index: ok$' <<<"$out"; echo $?)
done
check "NULL handles give error codes, not crashes" $(grep -q '^null handles: ok$' <<<"$out"; echo $?)
check "the header's version macro is the library's version" \
    $(grep -Eq '^version: ([0-9.]+) \1$' <<<"$out"; echo $?)
cc -std=c99 -pedantic -Werror -fsyntax-only $(pkg-config --cflags kibitz) -x c - <<<'#include <kibitz.h>'
check "kibitz.h is clean C99 -pedantic (no typedef given twice)" $?
out=$("$prefix/client_shared" kulibrat 2)
grep -q "^error: unknown game 'nosuch'" <<<"$out"
check "a bad game name comes back as a message" $?
grep -q "^error: action 125269879 is not legal here" <<<"$out"
check "an illegal action comes back as a message" $?
finish
