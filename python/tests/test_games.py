"""The Python package against the command line and the documented
behaviour: perft from random positions of every game, chance, simultaneous
and hidden-information states, and errors carrying the engine's message."""
import itertools
import json
import random
import subprocess

import numpy as np
import pytest

import kibitz

# Every registered game, from the registry (a new game is tested too).
GAMES = kibitz.games()


def python_perft(state, depth):
    """Leaves `depth` plies below `state`, counted with the pyspiel-style
    calls only (a joint choice at a simultaneous node is one ply)."""
    if depth == 0:
        return 1
    if state.is_terminal():
        return 0
    if state.is_simultaneous_node() and not state.legal_actions():
        acting = state.acting_players()
        total = 0
        options = [state.legal_actions(p) for p in acting]
        for combo in itertools.product(*options):
            choice = [0] * state.get_game().num_players()
            for p, a in zip(acting, combo):
                choice[p] = a
            child = state.clone()
            child.apply_actions(choice)
            total += python_perft(child, depth - 1)
        return total
    total = 0
    for action in state.legal_actions():
        child = state.clone()
        child.apply_action(action)
        total += python_perft(child, depth - 1)
    return total


def cli_perft(kibitz_bin, game, position, depth):
    out = subprocess.run([kibitz_bin, "perft", game, "--position", position,
                          "--depth", str(depth), "--json"],
                         check=True, capture_output=True, text=True).stdout
    return json.loads(out)["leaves"]


def random_positions(game_name, count, seed):
    """Positions met along random games (the start included)."""
    rng = random.Random(seed)
    game = kibitz.load_game(game_name)
    state = game.new_initial_state()
    found = [state.clone()]
    plies = 0
    while len(found) < count and plies < 2000:
        if state.is_terminal():
            state = game.new_initial_state()
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            state.apply_action(rng.choices(actions, probs)[0])
        elif state.is_simultaneous_node() and not state.legal_actions():
            choice = [0] * game.num_players()
            for p in state.acting_players():
                choice[p] = rng.choice(state.legal_actions(p))
            state.apply_actions(choice)
        else:
            state.apply_action(rng.choice(state.legal_actions()))
        plies += 1
        if plies % 7 == 0:
            found.append(state.clone())
    return found


@pytest.mark.parametrize("game_name", GAMES)
def test_perft_from_python_matches_the_cli(kibitz_bin, game_name):
    depth = 2
    for state in random_positions(game_name, 4, seed=hash(game_name) & 0xFFFF):
        expected = cli_perft(kibitz_bin, game_name, state.position(), depth)
        assert python_perft(state, depth) == expected, state.position()
        assert kibitz.perft(state, depth) == expected


def test_chance_node_lists_outcomes_with_probabilities():
    state = kibitz.load_game("kauda-baji").new_initial_state()
    assert state.is_chance_node()
    assert state.current_player() == kibitz.CHANCE
    outcomes = state.chance_outcomes()
    assert len(outcomes) > 1
    assert sum(p for _, p in outcomes) == pytest.approx(1.0)
    assert [a for a, _ in outcomes] == state.legal_actions()
    with pytest.raises(kibitz.KibitzError, match="not legal"):
        state.apply_action(max(a for a, _ in outcomes) + 1)
    state.apply_action(outcomes[0][0])
    assert not state.is_chance_node()
    assert state.chance_outcomes() == []


def test_simultaneous_node_takes_one_choice_per_player():
    game = kibitz.load_game("kodrek")
    state = game.new_initial_state()
    assert state.is_simultaneous_node()
    assert state.current_player() == kibitz.SIMULTANEOUS
    acting = state.acting_players()
    assert acting == [0, 1, 2]
    choice = [state.legal_actions(p)[-1] for p in range(3)]
    before = state.position()
    with pytest.raises(kibitz.KibitzError, match="apply_actions takes one"):
        state.apply_actions(choice[:2])
    with pytest.raises(kibitz.KibitzError, match="not one of"):
        state.apply_actions([choice[0], choice[1], 12345])
    assert state.position() == before  # a refused choice changes nothing
    state.apply_actions(choice)
    assert not state.is_simultaneous_node()
    assert state.position() != before


def test_hidden_information_only_the_players_view():
    game = kibitz.load_game("kotra")
    state = game.new_initial_state()
    rng = random.Random(3)
    while not state.is_chance_node():  # the setup: both players place
        state.apply_action(rng.choice(state.legal_actions()))
    gold, silver = state.observation_string(0), state.observation_string(1)
    assert gold != silver != state.position()
    t0, t1 = state.observation_tensor(0), state.observation_tensor(1)
    assert t0.shape == game.observation_tensor_shape() == (40, 51)
    assert t0.dtype == np.float32
    # Gold knows its own ranks and none of silver's (planes 11-21), which it
    # sees as pieces of unknown rank (plane 23); silver the other way round.
    assert t0[1:11].sum() == 17 and t0[11:22].sum() == 0 and t0[23].sum() == 17
    assert t1[12:22].sum() == 17 and t1[0:11].sum() == 0 and t1[22].sum() == 17
    # The tensor depends on nothing but the view: the view read back as a
    # state gives the same tensor.
    seen = game.new_state_from(gold)
    assert np.array_equal(seen.observation_tensor(0), t0)


@pytest.mark.parametrize("game_name", GAMES)
def test_observation_tensor_shape_for_every_game(game_name):
    game = kibitz.load_game(game_name)
    state = game.new_initial_state()
    for p in range(game.num_players()):
        tensor = state.observation_tensor(p)
        assert tensor.shape == game.observation_tensor_shape()
        assert np.isfinite(tensor).all()


def test_kulibrat_tensor_follows_the_board():
    game = kibitz.load_game("kulibrat(target=5)")
    state = game.new_initial_state()
    state.apply_action("+a4")
    t = state.observation_tensor(1)
    assert t[0].sum() == 1 and t[1].sum() == 0  # one black piece
    assert t[5].all() and not t[4].any()  # red to move


def test_bad_input_raises_with_the_engines_message():
    with pytest.raises(kibitz.KibitzError, match="unknown game 'nosuch'"):
        kibitz.load_game("nosuch")
    with pytest.raises(kibitz.KibitzError, match="target"):
        kibitz.load_game("kulibrat(target=0)")
    with pytest.raises(kibitz.KibitzError, match=r"lacks its '\)'"):
        kibitz.load_game("kulibrat(target=5")
    game = kibitz.load_game("kulibrat")
    with pytest.raises(kibitz.KibitzError, match="bad position 'garbage'"):
        game.new_state_from("garbage")
    state = game.new_initial_state()
    with pytest.raises(kibitz.KibitzError, match="action 999999 is not legal"):
        state.apply_action(999999)
    with pytest.raises(kibitz.KibitzError, match="bad move 'zz9'"):
        state.apply_action("zz9")
    with pytest.raises(kibitz.KibitzError, match="engine 'nosuch'"):
        kibitz.best_move(state, algo="nosuch")
    with pytest.raises(kibitz.KibitzError, match="player 7 does not exist"):
        state.observation_string(7)
    with pytest.raises(kibitz.KibitzError):
        kibitz.Database("/nonexistent/folder").query(state)
    assert isinstance(kibitz.KibitzError("x"), ValueError)


def test_best_move_returns_the_search_document():
    state = kibitz.load_game("kulibrat").new_initial_state()
    doc = kibitz.best_move(state, algo="alphabeta", depth=4, threads=1)
    assert doc["kind"] == "search" and doc["engine"] == "alphabeta"
    assert doc["move"] in state.legal_moves()
    assert state.action_to_string(doc["action"]) == doc["move"]
    doc = kibitz.best_move(state, algo="mcts", iterations=200, seed=5)
    assert doc["iterations"] == 200 and doc["move"] in state.legal_moves()


def test_random_rollouts_play_whole_games():
    state = kibitz.load_game("kulibrat(target=3)").new_initial_state()
    out = kibitz.random_rollouts(state, 50, seed=1)
    assert out["games"] == 50 and out["plies"] > 50 * 5
    assert len(out["sum_returns"]) == 2
    assert out["sum_returns"][0] == pytest.approx(-out["sum_returns"][1])


@pytest.mark.parametrize("name", GAMES)
def test_parameters_as_declared(kibitz_bin, name):
    """Every declared parameter is listed as `kibitz games --json` gives it,
    and its default is what the default variant spells."""
    game = kibitz.load_game(name)
    listed = subprocess.run([kibitz_bin, "games", "--json"], check=True,
                            capture_output=True, text=True).stdout
    keys = next(g for g in json.loads(listed)["games"] if g["name"] == name)["variant_keys"]
    params = game.parameters()
    assert [(p["name"], p["values"], p["default"], p["help"]) for p in params] == \
        [(k["key"], k["values"], k["default"], k["meaning"]) for k in keys]
    spelled = dict(item.split("=", 1) for item in game.variant().split(",") if item)
    assert {p["name"]: p["default"] for p in params} == spelled
