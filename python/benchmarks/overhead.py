"""Per-call cost of the Python package next to the C rate (results/python.md).

    PYTHONPATH=build/python /usr/bin/python3 python/benchmarks/overhead.py

Kulibrat (target=5). Measures, on one core:
  1. legal_actions() alone and apply_action() alone, ns per call;
  2. a plain Python random-rollout loop (legal_actions, pick, apply_action
     until the game ends), apply_action calls per second;
  3. kibitz.random_rollouts (the same rollouts in C), plies per second;
  4. kibitz.perft against the `kibitz perft` program (one thread).
"""
import json
import os
import random
import subprocess
import sys
import time

import kibitz

GAME = "kulibrat(target=5)"
game = kibitz.load_game(GAME)
start = game.new_initial_state()


def best_of(runs, fn):
    return min(fn() for _ in range(runs))


def per_call_legal():
    s = start.clone()
    s.apply_action("+a4")
    n = 1_000_000
    t = time.perf_counter()
    for _ in range(n):
        s.legal_actions()
    return (time.perf_counter() - t) / n * 1e9


def per_call_apply():
    # Two states that alternate: apply on a fresh copy each time would time
    # clone too, so play a long fixed line and restart it.
    line = []
    s = start.clone()
    rng = random.Random(1)
    while not s.is_terminal() and len(line) < 40:
        a = s.legal_actions()
        line.append(a[rng.randrange(len(a))])
        s.apply_action(line[-1])
    states = [start.clone() for _ in range(25_000)]
    calls = 0
    t = time.perf_counter()
    for s in states:
        for a in line:
            s.apply_action(a)
        calls += len(line)
    return (time.perf_counter() - t) / calls * 1e9


def python_rollouts():
    rng = random.Random(7)
    bits = rng.getrandbits
    applied = 0
    t = time.perf_counter()
    for _ in range(20_000):
        s = start.clone()
        while not s.is_terminal():
            a = s.legal_actions()
            s.apply_action(a[bits(16) % len(a)])
            applied += 1
    return applied / (time.perf_counter() - t)


def c_rollouts():
    t = time.perf_counter()
    out = kibitz.random_rollouts(start, 200_000, seed=1)
    return out["plies"] / (time.perf_counter() - t)


def perft_compare(depth):
    t = time.perf_counter()
    leaves = kibitz.perft(start, depth, threads=1)
    py = time.perf_counter() - t
    binary = os.environ.get("KIBITZ_BIN", "build/kibitz")
    doc = json.loads(subprocess.run([binary, "perft", "kulibrat", "--depth", str(depth),
                                     "--threads", "1", "--json"], check=True,
                                    capture_output=True, text=True).stdout)
    assert doc["leaves"] == leaves
    return leaves, leaves / py, doc["leaves_per_second"]


legal_ns = best_of(3, per_call_legal)
apply_ns = best_of(3, per_call_apply)
loop_rate = best_of(3, python_rollouts)
c_rate = best_of(3, c_rollouts)
leaves, py_perft, cli_perft = perft_compare(int(sys.argv[1]) if len(sys.argv) > 1 else 11)
print(f"legal_actions() per call:            {legal_ns:8.0f} ns")
print(f"apply_action() per call:             {apply_ns:8.0f} ns")
print(f"Python rollout loop:                 {loop_rate / 1e6:8.3f} M apply_action/s "
      f"({1e9 / loop_rate:.0f} ns per ply: legal_actions + pick + apply_action)")
print(f"kibitz.random_rollouts (C):          {c_rate / 1e6:8.3f} M plies/s "
      f"({1e9 / c_rate:.0f} ns per ply)")
print(f"kibitz.perft:                        {leaves} leaves, {py_perft / 1e6:.1f} M leaves/s "
      f"from Python, {cli_perft / 1e6:.1f} M leaves/s by `kibitz perft`")
