"""MCTS against a random player in Kulibrat, from Python in a few lines.

    python3 python/examples/mcts_vs_random.py [games]
"""
import random
import sys

import kibitz

game = kibitz.load_game("kulibrat(target=5)")
rng = random.Random(1)
wins = 0
games = int(sys.argv[1]) if len(sys.argv) > 1 else 4
for n in range(games):
    mcts_seat = n % 2
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.current_player() == mcts_seat:
            move = kibitz.best_move(state, algo="mcts", time=0.05, threads=2)["move"]
            state.apply_action(move)
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    wins += state.returns()[mcts_seat] > 0
print(f"mcts won {wins} of {games} games against random")
