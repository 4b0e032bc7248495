"""kibitz.spiel behind the pyspiel API: algorithms written as they are for
OpenSpiel (only pyspiel's names: load_game, get_type, legal_actions_mask,
chance_outcomes, information_state_string, apply_action(s), clone, child,
undo_action, serialize, ...) run on all five games.

- random rollouts that choose through legal_actions_mask;
- a property test: masks, num_distinct_actions and legal_actions agree
  over random games, and action strings go back to the same action;
- a small UCT MCTS (with chance and simultaneous nodes) that must beat a
  random player;
- CFR on the tiny tree of positions a few plies deep, whose average policy
  must reach the value plain expectiminimax computes on the same tree;
- serialize / deserialize_state / pickle, undo_action, child, history.
"""
import math
import os
import pickle
import random
import signal
import threading
import time

import numpy as np
import pytest

import kibitz
from kibitz import spiel as pyspiel

GAMES = ["kulibrat", "kerx", "kodrek", "kauda-baji", "kotra"]


def random_action(state, rng):
    """A legal action drawn through the mask (chance by its odds)."""
    if state.is_chance_node():
        outcomes, probs = zip(*state.chance_outcomes())
        return rng.choices(outcomes, probs)[0]
    mask = np.array(state.legal_actions_mask(state.current_player()))
    return int(rng.choice(list(np.flatnonzero(mask))))


def random_step(state, rng):
    if state.is_simultaneous_node():
        state.apply_actions([int(rng.choice(
            list(np.flatnonzero(state.legal_actions_mask(p)))))
            for p in range(state.get_game().num_players())])
    else:
        state.apply_action(random_action(state, rng))


def play_random(game, rng, max_plies=400):
    state = game.new_initial_state()
    while not state.is_terminal() and state.move_number() < max_plies:
        random_step(state, rng)
    return state


@pytest.mark.parametrize("name", GAMES)
def test_game_type_and_players(name):
    game = pyspiel.load_game(name)
    kind = game.get_type()
    flags = game.kibitz_game().flags()
    assert (kind.dynamics == pyspiel.GameType.Dynamics.SIMULTANEOUS) == \
        bool(flags & kibitz.HAS_SIMULTANEOUS)
    assert (kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC) == \
        bool(flags & kibitz.HAS_CHANCE)
    assert (kind.information == pyspiel.GameType.Information.PERFECT_INFORMATION) == \
        (not flags & (kibitz.HAS_HIDDEN | kibitz.HAS_SIMULTANEOUS))
    assert kind.utility in (pyspiel.GameType.Utility.ZERO_SUM,
                            pyspiel.GameType.Utility.GENERAL_SUM)
    assert pyspiel.PlayerId.CHANCE == -1 and pyspiel.PlayerId.TERMINAL == -4
    assert pyspiel.PlayerId.SIMULTANEOUS == -2
    rng = random.Random(3)
    state = play_random(game, rng, 100000)
    assert state.is_terminal() and state.current_player() == pyspiel.PlayerId.TERMINAL
    assert all(game.min_utility() <= r <= game.max_utility() for r in state.returns())
    if kind.utility == pyspiel.GameType.Utility.ZERO_SUM:
        assert abs(sum(state.returns())) < 1e-9


@pytest.mark.parametrize("name", GAMES)
def test_masks_agree_with_legal_actions(name):
    """Property: over random games, every mask has num_distinct_actions
    (max_chance_outcomes at chance) entries, its ones are exactly the legal
    actions, and every action's string reads back as that action."""
    game = pyspiel.load_game(name)
    rng = random.Random(11)
    seen = 0
    for _ in range(4):
        state = game.new_initial_state()
        while not state.is_terminal() and state.move_number() < 150:
            if state.is_chance_node():
                players = [None]
                size = game.max_chance_outcomes()
                assert state.current_player() == pyspiel.PlayerId.CHANCE
                assert abs(sum(p for _, p in state.chance_outcomes()) - 1) < 1e-9
            elif state.is_simultaneous_node():
                players = list(range(game.num_players()))
                size = game.num_distinct_actions()
                assert state.current_player() == pyspiel.PlayerId.SIMULTANEOUS
            else:
                players = [state.current_player()]
                size = game.num_distinct_actions()
            for player in players:
                legal = state.legal_actions(player)
                mask = state.legal_actions_mask(player)
                assert len(mask) == size
                assert [a for a, bit in enumerate(mask) if bit] == legal
                assert legal == sorted(legal) and legal
                assert all(0 <= a < size for a in legal)
                if player is not None:
                    for action in legal:
                        text = state.action_to_string(player, action)
                        if text != "-":
                            assert state.string_to_action(player, text) == action
                seen += len(legal)
            random_step(state, rng)
    assert seen > 0


@pytest.mark.parametrize("name", GAMES)
def test_history_undo_child_serialize_pickle(name):
    game = pyspiel.load_game(name)
    rng = random.Random(5)
    state = game.new_initial_state()
    trail = [state.clone()]
    for _ in range(12):
        if state.is_terminal():
            break
        random_step(state, rng)
        trail.append(state.clone())
    copy = game.deserialize_state(state.serialize())
    assert str(copy) == str(state) and copy.history() == state.history()
    back = pickle.loads(pickle.dumps(state))
    assert str(back) == str(state) and back.history() == state.history()
    assert pickle.loads(pickle.dumps(game)) == game
    again, same = pyspiel.deserialize_game_and_state(
        pyspiel.serialize_game_and_state(game, state))
    assert again == game and str(same) == str(state)
    while len(trail) > 1:
        trail.pop()
        state.undo_action(-1, state.history()[-1])
        assert str(state) == str(trail[-1]) and state.history() == trail[-1].history()
    if not state.is_simultaneous_node():
        first = state.legal_actions()[0]
        child = state.child(first)
        assert child.history() == [first] and state.history() == []


@pytest.mark.parametrize("name", GAMES)
def test_information_state_and_observation(name):
    game = pyspiel.load_game(name)
    state = play_random(game, random.Random(2), 20)
    for player in range(game.num_players()):
        info = state.information_state_string(player)
        assert isinstance(info, str) and info
        tensor = state.information_state_tensor(player)
        assert len(tensor) == game.information_state_tensor_size()
        assert len(state.observation_tensor(player)) == game.observation_tensor_size()
        assert state.observation_string(player)
    if game.get_type().information == pyspiel.GameType.Information.PERFECT_INFORMATION:
        assert state.information_state_string(0) == state.history_str()


# ------------------------------------------------------------------ MCTS


def rollout_value(state, rng):
    """Returns of a random playout (a cut one scores 0)."""
    state = state.clone()
    while not state.is_terminal() and state.move_number() < 300:
        random_step(state, rng)
    return state.returns() if state.is_terminal() else [0.0] * \
        state.get_game().num_players()


def uct_action(state, simulations, rng, c=1.4):
    """UCT as OpenSpiel's MCTSBot does it, at a player's node: chance nodes
    sampled, simultaneous nodes played at random below the root."""
    player = state.current_player()
    stats = {}  # history string -> [visits, value for the player who chose]

    def simulate(node):
        if node.is_terminal():
            return node.returns()
        key = node.history_str()
        if node.is_chance_node() or node.is_simultaneous_node():
            random_step(node, rng)
            return simulate(node)
        mover = node.current_player()
        if key not in stats:
            stats[key] = {}
            return rollout_value(node, rng)
        children = stats[key]
        total = sum(v[0] for v in children.values()) + 1
        best, best_score = None, -math.inf
        for action in node.legal_actions():
            visits, value = children.get(action, (0, 0.0))
            score = math.inf if visits == 0 else \
                value / visits + c * math.sqrt(math.log(total) / visits)
            if score > best_score:
                best, best_score = action, score
        returns = simulate(node.child(best))
        visits, value = children.get(best, (0, 0.0))
        children[best] = (visits + 1, value + returns[mover])
        return returns

    for _ in range(simulations):
        simulate(state.clone())
    children = stats[state.history_str()]
    return max(children, key=lambda a: children[a][0])


@pytest.mark.parametrize("name", GAMES)
def test_mcts_plays_every_game(name):
    game = pyspiel.load_game(name)
    rng = random.Random(8)
    state = game.new_initial_state()
    for _ in range(6):
        if state.is_terminal():
            break
        if state.is_player_node():
            action = uct_action(state, 30, rng)
            assert action in state.legal_actions()
            state.apply_action(action)
        else:
            random_step(state, rng)


def test_mcts_beats_random():
    game = pyspiel.load_game("kulibrat(target=2)")
    rng = random.Random(1)
    wins = 0
    for number in range(6):
        mcts_seat = number % 2
        state = game.new_initial_state()
        while not state.is_terminal() and state.move_number() < 200:
            if state.current_player() == mcts_seat:
                state.apply_action(uct_action(state, 60, rng))
            else:
                random_step(state, rng)
        wins += state.is_terminal() and state.returns()[mcts_seat] > 0
    assert wins >= 5


# ------------------------------------------------------------------- CFR


def truncated_value(state, depth):
    """Expectiminimax of the tree cut at `depth` plies (a cut leaf: 0), for
    player 0: the second method CFR is checked against."""
    if state.is_terminal():
        return state.returns()[0]
    if depth == 0:
        return 0.0
    if state.is_chance_node():
        return sum(p * truncated_value(state.child(a), depth - 1)
                   for a, p in state.chance_outcomes())
    values = [truncated_value(state.child(a), depth - 1) for a in state.legal_actions()]
    return max(values) if state.current_player() == 0 else min(values)


class CFR:
    """Vanilla CFR over information_state_string keys (two players, zero
    sum), on the tree cut at `depth` plies."""

    def __init__(self, root, depth):
        self.root, self.depth = root, depth
        self.regrets, self.average = {}, {}

    def policy(self, key, n):
        positive = [max(r, 0.0) for r in self.regrets.get(key, [0.0] * n)]
        total = sum(positive)
        return [p / total for p in positive] if total > 0 else [1.0 / n] * n

    def walk(self, state, depth, reach):
        if state.is_terminal():
            return state.returns()[0]
        if depth == 0:
            return 0.0
        if state.is_chance_node():
            return sum(p * self.walk(state.child(a), depth - 1, reach)
                       for a, p in state.chance_outcomes())
        player = state.current_player()
        key = state.information_state_string(player)
        actions = state.legal_actions()
        strategy = self.policy(key, len(actions))
        values = []
        for action, p in zip(actions, strategy):
            next_reach = list(reach)
            next_reach[player] *= p
            values.append(self.walk(state.child(action), depth - 1, next_reach))
        value = sum(p * v for p, v in zip(strategy, values))
        sign = 1 if player == 0 else -1
        regrets = self.regrets.setdefault(key, [0.0] * len(actions))
        average = self.average.setdefault(key, [0.0] * len(actions))
        for i in range(len(actions)):
            regrets[i] += reach[1 - player] * sign * (values[i] - value)
            average[i] += reach[player] * strategy[i]
        return value

    def average_value(self, state, depth):
        if state.is_terminal():
            return state.returns()[0]
        if depth == 0:
            return 0.0
        if state.is_chance_node():
            return sum(p * self.average_value(state.child(a), depth - 1)
                       for a, p in state.chance_outcomes())
        key = state.information_state_string(state.current_player())
        actions = state.legal_actions()
        weights = self.average.get(key, [1.0] * len(actions))
        total = sum(weights) or 1.0
        return sum(w / total * self.average_value(state.child(a), depth - 1)
                   for a, w in zip(actions, weights))


def near_end(name, plies, seed):
    """A position of a random game about `plies` plies before its end, with
    player 0 to move, so that the tiny tree below it holds results."""
    game = pyspiel.load_game(name)
    rng = random.Random(seed)
    while True:
        line = play_random(game, rng, 10000)
        if line.is_terminal() and len(line.history()) > plies + 8:
            for _ in range(plies):
                line.undo_action(-1, line.history()[-1])
            while line.is_chance_node() or line.current_player() != 0:
                line.undo_action(-1, line.history()[-1])
            return line


def telling_position(name, depth):
    """A position where playing at random is worth something else than
    playing well (so that CFR has something to learn): uniform strategies'
    value and the expectiminimax value differ by more than 0.3."""
    for seed in range(200):
        root = near_end(name, depth - 1, seed)
        uniform = CFR(root, depth).average_value(root, depth)
        exact = truncated_value(root, depth)
        if abs(uniform - exact) > 0.3:
            return root, exact
    raise AssertionError(f"no telling position found in {name}")


@pytest.mark.parametrize("name", ["kulibrat", "kerx", "kauda-baji(players=2)"])
def test_cfr_reaches_the_minimax_value(name):
    depth = 3
    root, exact = telling_position(name, depth)
    cfr = CFR(root, depth)
    for _ in range(200):
        cfr.walk(root.clone(), depth, [1.0, 1.0])
    assert abs(cfr.average_value(root, depth) - exact) < 0.05


# --------------------------------------------------------- stop and time


def test_search_interrupt_and_limits():
    state = kibitz.load_game("kerx").new_initial_state()
    timer = threading.Timer(0.3, lambda: os.kill(os.getpid(), signal.SIGINT))
    timer.start()
    began = time.monotonic()
    with pytest.raises(KeyboardInterrupt):
        kibitz.best_move(state, time=60)
    assert time.monotonic() - began < 30  # not the minute asked for
    with pytest.raises(kibitz.KibitzError, match="depth 1000000"):
        kibitz.best_move(state, depth=10**6)
    with pytest.raises(kibitz.KibitzError, match="threads 100000"):
        kibitz.best_move(state, depth=2, threads=100000)
    assert kibitz.best_move(state, time=0.05)["move"]
