#!/usr/bin/env bash
# The Python package's acceptance check: in a fresh
# `/usr/bin/python3 -m venv --system-site-packages` environment,
# `pip install --no-build-isolation --no-index ./python` succeeds offline and
# the pyspiel-style example of the issue runs. Arguments: the source folder
# and the build folder (whose libkibitz.a the package links).
set -euo pipefail
src=$1
build=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
/usr/bin/python3 -m venv --system-site-packages "$work/venv"
cd "$src"
KIBITZ_BUILD_DIR=$build "$work/venv/bin/pip" install -q --no-build-isolation --no-index \
    ./python >"$work/pip.log" 2>&1 || { cat "$work/pip.log"; exit 1; }
cd "$work"
out=$("$work/venv/bin/python" - <<'PY'
import kibitz
game = kibitz.load_game("kulibrat(target=5)")
state = game.new_initial_state()
assert state.legal_actions() and state.current_player() == 0
state.apply_action(state.legal_actions()[0])
assert not state.is_terminal() and state.returns() == [0.0, 0.0]
assert not state.is_chance_node() and not state.is_simultaneous_node()
print(state.chance_outcomes(), state.clone().position(), str(state) != "")
print(state.observation_string(0), state.observation_tensor(0).shape)
print(kibitz.best_move(state, algo="mcts", time=0.1, threads=2)["move"])
print("installed at", kibitz.__file__)
PY
)
echo "$out"
grep -q "installed at $work/venv" <<<"$out" || { echo "FAIL: not the venv's package"; exit 1; }
"$work/venv/bin/python" "$src/python/examples/mcts_vs_random.py" 2 | grep -q "mcts won"
echo "ok: pip install --no-build-isolation --no-index ./python and the example"
