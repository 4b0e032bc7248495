#!/usr/bin/env bash
# Every command's --json output validated against docs/kibitz.schema.json
# (JSON Schema 2020-12, checked with Debian's python3-jsonschema through
# tests/json_check.py), plus spot checks that the documents say what the
# text output says. A command whose document breaks the schema fails here.
set -u
source "$(dirname "$0")/cli_lib.bash" "$1"
here=$(cd "$(dirname "$0")" && pwd)
schema="$here/../docs/kibitz.schema.json"
dir=$(mktemp -d)
trap 'rm -rf "$dir" "$KIBITZ_DATA"' EXIT

# valid KIND ARGS...: kibitz ARGS exits 0; its output is kept as
# $out/KIND.N.json and validated with the others at the end (one Python run).
out="$dir/documents"
mkdir -p "$out"
documents=0
valid() {
    local kind=$1
    shift
    documents=$((documents + 1))
    "$kibitz" "$@" >"$out/$kind.$documents.json" 2>/dev/null </dev/null
    local code=$?
    check "kibitz $* -> status $code" "$([ "$code" -eq 0 ]; echo $?)"
    echo "$documents: kibitz $*" >>"$out/index"
}

# The checker itself must refuse what breaks the schema.
bad=$(/usr/bin/python3 "$here/json_check.py" "$schema" <<<'{"schema":1,"kind":"search","game":"kulibrat","variant":"","position":"x","turn":"black","engine":"alphabeta","move":"a","value":{"result":"win","score":0.5},"pv":[],"nodes":1,"seconds":0}')
check "a win scored 0.5 is refused: $bad" "$([ -n "$bad" ]; echo $?)"
bad=$(/usr/bin/python3 "$here/json_check.py" "$schema" <<<'{"kind":"position"}')
check "a document without schema version is refused" "$([ -n "$bad" ]; echo $?)"

valid games games --json
valid version --version --json
valid position show kulibrat --json
valid position show kauda-baji --json
valid position show kulibrat --json --position '.../.../.../... r 5-0'
valid position show kodrek --json
valid perft perft kulibrat --depth 4 --divide --json
valid perft perft kotra --depth 2 --json
valid search bestmove kulibrat --depth 4 --json
valid search analyse kulibrat --depth 3 --json
valid search bestmove kulibrat --algo mcts --iterations 200 --json
valid search analyse kulibrat --algo mcts --iterations 200 --json
valid search bestmove kodrek --iterations 300 --json
valid search analyse kotra --iterations 50 --json
valid search bestmove kotra --algo pimc --iterations 50 --json
valid search analyse kauda-baji --variant players=2 --moves 't12 t3' --algo expectimax --depth 2 --json
valid search bestmove kerx --depth 3 --json
valid search bestmove kauda-baji --moves t1 --json
valid search solve kerx --variant size=3,drawat=0 --position '3/4/1bw2/4/3 w' --db none --json
valid arena arena kulibrat --players random,greedy --games 4 --json
valid arena arena kauda-baji --variant players=3 --players random,random,random --games 3 --json
valid solve solve kulibrat --variant target=1 --db "$dir" --json --quiet
valid query query kulibrat --variant target=1 --db "$dir" --json
valid query query kulibrat --variant target=1 --db "$dir" --json --position '.../.../.../... r 1-0'
printf '.../.../.../... b 0-0\n.b./.../.../... r 0-0\n' >"$dir/positions.txt"
valid query query kulibrat --variant target=1 --db "$dir" --positions "$dir/positions.txt"
valid search bestmove kulibrat --variant target=1 --db "$dir" --json
valid search analyse kulibrat --variant target=1 --db "$dir" --json
valid solve solve kerx --variant size=3,drawat=2 --pieces 4 --db "$dir" --json --quiet
valid query query kerx --variant size=3,drawat=2 --db "$dir" --position 'b2/4/5/4/1w1 w' --json
# Every example of docs/JSON.md is a valid document too (one file each).
missing=$(/usr/bin/python3 - "$here/../docs/JSON.md" "$out" "$schema" <<'PY'
import json, re, sys
text = open(sys.argv[1]).read()
kinds = set(json.load(open(sys.argv[3]))["properties"]["kind"]["enum"])
for i, block in enumerate(re.findall(r"```json\n(.*?)```", text, re.S)):
    doc = json.loads(block)
    kinds.discard(doc.get("kind"))
    with open(f"{sys.argv[2]}/{doc.get('kind', 'none')}.example{i}.json", "w") as f:
        f.write(json.dumps(doc) + "\n")
print(" ".join(sorted(kinds)))
PY
)
check "docs/JSON.md has an example of every kind (missing: '$missing')" \
    "$([ -z "$missing" ]; echo $?)"
"$kibitz" bench kotra --json "$out/bench.0.json" >/dev/null 2>&1
problems=$(/usr/bin/python3 "$here/json_check.py" --kind-from-name "$schema" "$out"/*.json)
check "every document valid: $problems (numbers: $(tr '\n' ';' <"$out/index"))" \
    "$([ -z "$problems" ]; echo $?)"

# The same facts in text and JSON.
expect 0 '"leaves":1648' -- perft kulibrat --depth 6 --json
expect 0 '"value":\{"result":"win","distance":1,"score":1' -- bestmove kulibrat --position '.../.../.../b.. b 4-0' --depth 3 --json
expect 0 '"elo":\{"elo":null,"low":null' -- arena kulibrat --players random,alphabeta:depth=3 --games 4 --seed 2 --json
finish
