#!/usr/bin/env bash
# The main job behind `make run`: what kibitz can do today, on Kulibrat.
# Usage: scripts/main-job.sh path/to/kibitz
set -euo pipefail
kibitz=${1:-build/kibitz}
echo "== kibitz games"
"$kibitz" games
echo
echo "== Kulibrat perft from the start position (checks the move generator)"
for depth in 6 8 10; do "$kibitz" perft kulibrat --depth "$depth" --threads "$(nproc)"; done
echo
echo "== A random game of Kulibrat (seed 1)"
"$kibitz" play kulibrat --side none --seed 1 | tail -n 12
