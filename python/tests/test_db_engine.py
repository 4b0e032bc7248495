"""The perfect player `db` from Python: it reads the per-user data folder
(made there on first use, as on a fresh machine) and its move has the value
the database gives the position."""
import kibitz


def test_db_engine_plays_the_database_value(tmp_path, monkeypatch):
    monkeypatch.delenv("KIBITZ_DATA", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    game = kibitz.load_game("kulibrat")
    state = game.new_initial_state()
    answer = kibitz.best_move(state, "db")
    assert answer["move"] == "+b4"
    assert answer["value"]["result"] == "win"
    assert (tmp_path / "kibitz" / "kulibrat-target=5,first=black.kdb").exists()
    db = kibitz.Database()
    for _ in range(12):
        if state.is_terminal():
            break
        answer = kibitz.best_move(state, "db")
        assert answer["value"] == db.query(state)["value"]
        state.apply_action(answer["action"])
