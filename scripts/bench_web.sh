#!/usr/bin/env bash
# Load benchmark of `kibitz serve` (results/web.md): wrk (Debian's) against a
# server on a free loopback port, for "describe a state" (POST /api/state)
# and "database query" (POST /api/query, Kulibrat target 5 from ./data, made
# when missing), at 1 connection (latency) and at 16 (throughput).
# Usage: scripts/bench_web.sh [KIBITZ] [SECONDS]
set -euo pipefail
kibitz=${1:-build/kibitz}
seconds=${2:-10}
command -v wrk >/dev/null || { echo "wrk is missing: apt-get install wrk" >&2; exit 2; }
[ -f "data/kulibrat-target=5,first=black.kdb" ] || "$kibitz" solve kulibrat --db data >/dev/null
work=$(mktemp -d)
trap 'kill "$server" 2>/dev/null; rm -rf "$work"' EXIT
"$kibitz" serve --port 0 --db data >"$work/serve.log" &
server=$!
for _ in $(seq 50); do grep -q listening "$work/serve.log" && break; sleep 0.1; done
url=$(sed -n 's/.*listening on \(http[^ ]*\)\/ .*/\1/p' "$work/serve.log")
body='{"game":"kulibrat","moves":["+b4","+a1","b4-a3","+c1"]}'
for path in state query; do
  cat >"$work/$path.lua" <<LUA
wrk.method = "POST"
wrk.body = '$body'
wrk.headers["Content-Type"] = "application/json"
done = function(summary, latency, requests)
  io.write(string.format("RESULT $path requests=%d errors=%d rps=%.0f p50_ms=%.3f p99_ms=%.3f\n",
    summary.requests,
    summary.errors.connect + summary.errors.read + summary.errors.write +
    summary.errors.status + summary.errors.timeout,
    summary.requests / (summary.duration / 1e6),
    latency:percentile(50) / 1000, latency:percentile(99) / 1000))
end
LUA
  # One answer, to show what is measured.
  curl -s --noproxy '*' -X POST -d "$body" "$url/api/$path" | head -c 300; echo
  for c in 1 16; do
    t=$(( c < 2 ? 1 : 2 ))
    wrk -t"$t" -c"$c" -d"${seconds}s" --latency -s "$work/$path.lua" "$url/api/$path" |
      sed -n 's/^RESULT /'"connections=$c "'/p'
  done
done
