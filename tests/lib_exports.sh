#!/usr/bin/env bash
# libkibitz.so exports exactly the functions declared in include/kibitz.h:
# none missing, and none of the library's internal kz_* functions (those
# kept local by lib/kibitz.map).
# Usage: lib_exports.sh SOURCE_DIR path/to/libkibitz.so
set -u
src=${1:?usage: lib_exports.sh SOURCE_DIR LIBRARY}
so=${2:?usage: lib_exports.sh SOURCE_DIR LIBRARY}
declared=$(grep -oE '\bkz_[a-z0-9_]+\(' "$src/include/kibitz.h" | tr -d '(' | sort -u)
exported=$(nm -D --defined-only "$so" | awk '{print $3}' | sort -u)
status=0
extra=$(comm -13 <(echo "$declared") <(echo "$exported"))
missing=$(comm -23 <(echo "$declared") <(echo "$exported"))
for name in $extra; do echo "FAIL exported but not in include/kibitz.h: $name"; status=1; done
for name in $missing; do echo "FAIL declared in include/kibitz.h but not exported: $name"; status=1; done
[ "$status" -eq 0 ] && echo "ok: $(echo "$exported" | wc -l) functions, those of include/kibitz.h"
exit $status
