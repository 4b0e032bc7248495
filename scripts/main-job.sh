#!/usr/bin/env bash
# The main job behind `make run`: solve Kulibrat (default rules, target 5)
# and print the verdict and the best opening move, then answer a query from
# the database it stored. Usage: scripts/main-job.sh path/to/kibitz
set -euo pipefail
kibitz=${1:-build/kibitz}
echo "== kibitz solve kulibrat (every position, target 5; database in the data folder, docs/DESIGN.md)"
"$kibitz" solve kulibrat
echo
echo "== kibitz query kulibrat (the start position, from the database)"
"$kibitz" query kulibrat
