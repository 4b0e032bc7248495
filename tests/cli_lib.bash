# Shared by the command-line tests: `expect STATUS PATTERN -- ARGS...` runs
# kibitz and checks its exit status and that its output matches the extended
# regex PATTERN; `check NAME CONDITION-STATUS` counts a custom check;
# `finish` prints the closing "N passed, N failed" line and sets the status.
# Source it with the path of kibitz as $1.
kibitz=$1
failures=0
passes=0

# expect STATUS PATTERN -- ARGS...: run kibitz, check exit status and that the
# combined output matches the extended regex PATTERN.
expect() {
    local status=$1 pattern=$2
    shift 3
    local out code
    out=$("$kibitz" "$@" 2>&1 </dev/null)
    code=$?
    if [ "$code" -ne "$status" ] || ! grep -Eq -- "$pattern" <<<"$out"; then
        echo "FAIL: kibitz $* -> status $code (want $status), output:"
        echo "$out" | head -5
        failures=$((failures + 1))
    else
        passes=$((passes + 1))
    fi
}

# run_capped ARGS...: run kibitz with a time cap of 60 s (a hang gives
# status 124) into $out (stdout and stderr) and $code.
run_capped() {
    out=$(timeout 60 "$kibitz" "$@" 2>&1 </dev/null)
    code=$?
}

check() {
    if [ "$2" -eq 0 ]; then
        passes=$((passes + 1))
    else
        echo "FAIL: $1"
        failures=$((failures + 1))
    fi
}

# expect_output NAME STATUS OUTPUT PATTERN...: a run that exited with STATUS
# and printed OUTPUT (captured by the caller, e.g. a scripted session) exited
# 0 and matches every extended regex PATTERN; one check each.
expect_output() {
    local name=$1 code=$2 out=$3 pattern
    shift 3
    for pattern in "$@"; do
        check "$name shows '$pattern' (status $code)" \
            "$([ "$code" -eq 0 ] && grep -Eq -- "$pattern" <<<"$out"; echo $?)"
    done
}

finish() {
    echo "$passes passed, $failures failed"
    [ "$failures" -eq 0 ]
}

# Solver databases are looked up in $KIBITZ_DATA: point it at an empty
# folder so that a database left in the working tree cannot change results.
KIBITZ_DATA=$(mktemp -d)
export KIBITZ_DATA
trap 'rm -rf "$KIBITZ_DATA"' EXIT
