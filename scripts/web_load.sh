#!/bin/sh
# Load of `kibitz serve` with wrk on loopback (results/web.md): creating
# games, moving, reading a 200-ply game's view, the stateless /api/state of
# a 200-move line, at 1, 16 and 64 connections; a dense Kerx position; the
# time SIGTERM takes during a search; the load average before and after.
# Usage: scripts/web_load.sh KIBITZ [SECONDS]
# Needs wrk (Debian's) and /usr/bin/python3. Writes only under a temporary
# folder, removed at the end.
set -eu
KIBITZ=${1:?usage: web_load.sh KIBITZ [SECONDS]}
SECONDS_EACH=${2:-10}
HERE=$(cd "$(dirname "$0")" && pwd)
TMP=$(mktemp -d /tmp/kibitz-load-XXXXXX)
trap 'kill "$PID" 2>/dev/null || true; rm -rf "$TMP"' EXIT

start() {
    "$KIBITZ" serve --port 0 --games "$TMP/games.sqlite" >"$TMP/out" 2>"$TMP/log" &
    PID=$!
    # Up to 20 s for the address (a loaded machine can take seconds).
    for _ in $(seq 100); do
        grep -q listening "$TMP/out" 2>/dev/null && break
        sleep 0.2
    done
    URL=$(sed -n 's/.*listening on \(http:[^ ]*\)\/ .*/\1/p' "$TMP/out")
}

stop() {
    kill -TERM "$PID"
    wait "$PID" 2>/dev/null || true
}

echo "load average at the start: $(cut -d' ' -f1-3 /proc/loadavg)"
start
echo "server: $URL ($("$KIBITZ" version 2>/dev/null | head -1))"

# A Kulibrat game of 200 plies between two person seats (random moves,
# a new seed when an ending came first), and the same line for /api/state.
/usr/bin/python3 - "$URL" "$TMP" <<'PY'
import json, random, sys, urllib.request
url, tmp = sys.argv[1], sys.argv[2]
def post(path, body):
    req = urllib.request.Request(url + path, json.dumps(body).encode(),
                                 {"Content-Type": "application/json"})
    with urllib.request.build_opener(urllib.request.ProxyHandler({})).open(req) as r:
        return json.loads(r.read())
for seed in range(1, 100):
    rng = random.Random(seed)
    new = post("/api/match/new", {"game": "kulibrat", "variant": "target=250",
                                  "seats": ["person", "person"]})
    gid, tokens, view, line = new["id"], new["tokens"], new["view"], []
    names = [s["player"] for s in view["seats"]]
    while view["ply"] < 200 and not view["over"]:
        if not view["to_act"]:  # the other seat acts: its view has its moves
            view = post("/api/match/view", {"id": gid, "token": tokens[names.index(view["turn"])]})
        move = rng.choice(view["moves"])
        line.append(move)
        view = post("/api/match/move", {"id": gid, "token": tokens[view["seat"]], "move": move})
    if view["ply"] == 200 and not view["over"]:
        break
open(tmp + "/game", "w").write("%s %s\n" % (gid, tokens[0]))
json.dump({"game": "kulibrat", "variant": "target=250", "moves": line}, open(tmp + "/state.json", "w"))
print("200-ply game: %s (seed %d), view %d bytes" % (gid, seed, len(json.dumps(view))))
PY
read -r GAME_ID GAME_TOKEN <"$TMP/game"
export GAME_ID GAME_TOKEN STATE_BODY_FILE="$TMP/state.json"

run() { # name script connections threads
    echo "== $1, $3 connection(s)"
    wrk -t "$4" -c "$3" -d "${SECONDS_EACH}s" --latency -s "$HERE/web_load/$2" "$URL" |
        grep -E "Requests/sec|Latency  |50%|99%|Non-2xx|errors" || true
}
for c in 1 16 64; do run "reading a 200-ply game's view (/api/match/view)" view.lua "$c" $((c < 2 ? 1 : 2)); done
for c in 1 16 64; do run "the stateless /api/state of the same 200-move line" state.lua "$c" $((c < 2 ? 1 : 2)); done
stop
for c in 1 16 64; do
    start
    run "creating games (/api/match/new, Kulibrat, person against random)" new.lua "$c" $((c < 2 ? 1 : 2))
    stop
    start
    run "moving (/api/match/move with random's reply; one thread per connection)" move.lua "$c" "$c"
    stop
done

start
echo "== a dense Kerx size-6 position on /api/state"
DENSE='{"game":"kerx","variant":"size=6","position":"6/7/w7/wwww5/w1w1w5/wwwwwwww3/1w1w1w1w2/wwwwwwwww/1w1w1w1w/wwwwwww/bw1w1w b"}'
curl -s -o "$TMP/dense" -w "status %{http_code} after %{time_total} s\n" --max-time 20 \
    -H 'Content-Type: application/json' -d "$DENSE" "$URL/api/state" || echo "no answer within 20 s"
head -c 200 "$TMP/dense" 2>/dev/null || true; echo
echo "== SIGTERM while a 10-second search runs (/api/search)"
SEARCH='{"game":"kerx","engine":"alphabeta:time=10:depth=30"}'
curl -s -o /dev/null --max-time 30 -H 'Content-Type: application/json' -d "$SEARCH" "$URL/api/search" &
sleep 1
T0=$(date +%s.%N)
stop
T1=$(date +%s.%N)
echo "stopped after $(echo "$T1 - $T0" | bc) s"
echo "load average at the end: $(cut -d' ' -f1-3 /proc/loadavg)"
