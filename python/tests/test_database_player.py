"""A whole Kulibrat game in which the player who follows the database never
lets a won position slip: every move it makes from a won position keeps
the win (and shortens it), and it wins the game."""
import random

import kibitz


def test_database_player_keeps_every_win(tmp_path):
    game = kibitz.load_game("kulibrat(target=3)")
    kibitz.solve(game, str(tmp_path), threads=1)
    db = kibitz.Database(str(tmp_path))
    rng = random.Random(7)
    won_seats = []
    for seat in (0, 1):
        state = game.new_initial_state()
        was_won = False
        while not state.is_terminal():
            if state.current_player() != seat:
                state.apply_action(rng.choice(state.legal_actions()))
                continue
            answer = db.query(state)
            value = answer["value"]
            best = answer["moves"][0]
            assert best["value"] == value  # the best move keeps the value
            if value["result"] == "win":
                was_won = True
            mover = state.current_player()
            state.apply_action(best["move"])
            if value["result"] == "win" and not state.is_terminal():
                after = db.query(state)["value"]
                # Still won for the database player, one move nearer.
                same = state.current_player() == mover
                assert after["result"] == ("win" if same else "loss")
                assert after["distance"] == value["distance"] - 1
        if was_won:
            assert state.returns()[seat] == 1.0
            won_seats.append(seat)
    # The random opponent gives wins away: both games reach won positions.
    assert won_seats == [0, 1]
