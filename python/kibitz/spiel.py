"""kibitz games behind the pyspiel API, so that code written for OpenSpiel
runs on them unchanged:

    from kibitz import spiel as pyspiel
    game = pyspiel.load_game("kerx")
    state = game.new_initial_state()
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[0])

What maps to what (python/README.md has the table):

- Actions are dense: an action is the index of a move in the position's
  legal-move list (the engine's generator order, which is deterministic), so
  every action lies in [0, num_distinct_actions()) with num_distinct_actions
  the most moves any position of the game has. The same number names
  different moves in different positions; action_to_string says which.
  Chance outcomes are numbered the same way (max_chance_outcomes).
- Player ids are pyspiel's: chance -1, simultaneous -2, invalid -3,
  terminal -4 (PlayerId).
- At a simultaneous node every player has legal actions: an acting player's
  options, and a single action 0 ("no choice") for one who does not act;
  apply_actions takes one action per player.
- information_state_string(p) is the history for games of perfect
  information (as OpenSpiel's own games), and for Kotra (hidden ranks) the
  sequence of p's observations along the game, which depends only on what
  p saw. The tensors are p's observation tensor (docs/OBSERVATIONS.md): the
  current position as p sees it, without the past (not perfect recall for
  Kotra; enough for the games of perfect information).
- serialize()/game.deserialize_state() and pickle keep the game and the
  engine's moves from the start; undo_action replays nothing (a stack of
  earlier positions is kept).

The underlying kibitz.State stays reachable as `state.kibitz_state()` for
the fast path (engine actions, searches, rollouts in C).
"""
import enum

import numpy as np

from . import _kibitz

_ENGINE_TERMINAL, _ENGINE_CHANCE, _ENGINE_SIMULTANEOUS = (_kibitz.TERMINAL,
                                                          _kibitz.CHANCE,
                                                          _kibitz.SIMULTANEOUS)


class PlayerId(enum.IntEnum):
    """pyspiel.PlayerId."""
    CHANCE = -1
    SIMULTANEOUS = -2
    INVALID = -3
    TERMINAL = -4
    DEFAULT_PLAYER_ID = 0


class GameType:
    """pyspiel.GameType: what kind of game it is."""

    class Dynamics(enum.Enum):
        SIMULTANEOUS = 0
        SEQUENTIAL = 1

    class ChanceMode(enum.Enum):
        DETERMINISTIC = 0
        EXPLICIT_STOCHASTIC = 1
        SAMPLED_STOCHASTIC = 2

    class Information(enum.Enum):
        ONE_SHOT = 0
        PERFECT_INFORMATION = 1
        IMPERFECT_INFORMATION = 2

    class Utility(enum.Enum):
        ZERO_SUM = 0
        CONSTANT_SUM = 1
        GENERAL_SUM = 2
        IDENTICAL = 3

    class RewardModel(enum.Enum):
        REWARDS = 0
        TERMINAL = 1

    def __init__(self, **fields):
        self.__dict__.update(fields)

    def __repr__(self):
        return f"GameType(short_name={self.short_name!r}, dynamics={self.dynamics}, " \
               f"chance_mode={self.chance_mode}, information={self.information}, " \
               f"utility={self.utility})"


def load_game(name, params=None):
    """pyspiel.load_game: a game by name, "kulibrat(target=3)" or with a
    dict of variant options."""
    variant = None
    if params:
        variant = ",".join(f"{key}={value}" for key, value in params.items())
    return Game(_kibitz.load_game(name, variant) if variant else _kibitz.load_game(name))


def registered_names():
    """pyspiel.registered_names: the games kibitz knows."""
    return list(_kibitz.games())


def deserialize_game_and_state(text):
    """pyspiel.deserialize_game_and_state: what serialize_game_and_state
    wrote."""
    game_line, _, state_text = text.partition("\n")
    game = load_game(game_line)
    return game, game.deserialize_state(state_text)


def serialize_game_and_state(game, state):
    """pyspiel.serialize_game_and_state."""
    return f"{game}\n{state.serialize()}"


class Game:
    """pyspiel.Game over a kibitz.Game."""

    def __init__(self, engine_game):
        self._game = engine_game
        flags = engine_game.flags()
        players = engine_game.num_players()
        sequential = not flags & _kibitz.HAS_SIMULTANEOUS
        self._type = GameType(
            short_name=engine_game.name(),
            long_name=engine_game.name(),
            dynamics=GameType.Dynamics.SEQUENTIAL if sequential
            else GameType.Dynamics.SIMULTANEOUS,
            chance_mode=GameType.ChanceMode.EXPLICIT_STOCHASTIC
            if flags & _kibitz.HAS_CHANCE else GameType.ChanceMode.DETERMINISTIC,
            information=GameType.Information.IMPERFECT_INFORMATION
            if flags & (_kibitz.HAS_HIDDEN | _kibitz.HAS_SIMULTANEOUS)
            else GameType.Information.PERFECT_INFORMATION,
            utility=GameType.Utility.ZERO_SUM if flags & _kibitz.ZERO_SUM_2P
            else GameType.Utility.GENERAL_SUM,
            reward_model=GameType.RewardModel.TERMINAL,
            max_num_players=players,
            min_num_players=players,
            provides_information_state_string=True,
            provides_information_state_tensor=True,
            provides_observation_string=True,
            provides_observation_tensor=True,
            parameter_specification={},
        )

    def __str__(self):
        return f"{self._game.name()}({self._game.variant()})"

    def __repr__(self):
        return f"kibitz.spiel.load_game({str(self)!r})"

    def __eq__(self, other):
        return isinstance(other, Game) and str(self) == str(other)

    def __hash__(self):
        return hash(str(self))

    def __reduce__(self):
        return (load_game, (str(self),))

    def kibitz_game(self):
        return self._game

    def get_type(self):
        return self._type

    def num_players(self):
        return self._game.num_players()

    def num_distinct_actions(self):
        return self._game.max_actions()

    def max_chance_outcomes(self):
        return self._game.max_actions() if self._type.chance_mode != \
            GameType.ChanceMode.DETERMINISTIC else 0

    def min_utility(self):
        return -1.0

    def max_utility(self):
        return 1.0

    def utility_sum(self):
        return 0.0 if self._type.utility == GameType.Utility.ZERO_SUM else None

    def max_game_length(self):
        return 10000  # a match's ply limit for games that declare none (play/match.h)

    def new_initial_state(self):
        return State(self, self._game.new_initial_state())

    def observation_tensor_shape(self):
        return list(self._game.observation_tensor_shape())

    def observation_tensor_size(self):
        return int(np.prod(self.observation_tensor_shape()))

    information_state_tensor_shape = observation_tensor_shape
    information_state_tensor_size = observation_tensor_size

    def deserialize_state(self, text):
        """A state from State.serialize(): the engine's moves from the start,
        one line each (a simultaneous step: the players' options joined by
        spaces)."""
        state = self.new_initial_state()
        for line in text.splitlines():
            if not line:
                continue
            words = [int(word) for word in line.split()]
            if len(words) == 1:
                state.apply_action(state._dense(words[0]))
            else:
                state.apply_actions([state._dense(word, player)
                                     for player, word in enumerate(words)])
        return state


class State:
    """pyspiel.State over a kibitz.State."""

    def __init__(self, game, engine_state, history=None, engine_history=None):
        self._game = game
        self._state = engine_state
        self._history = history or []  # dense actions, pyspiel's history()
        self._engine_history = engine_history or []  # engine actions, for serialize
        self._previous = []  # earlier engine states, for undo_action

    # -- who acts
    def current_player(self):
        turn = self._state.current_player()
        if turn == _ENGINE_TERMINAL:
            return PlayerId.TERMINAL
        if turn == _ENGINE_CHANCE:
            return PlayerId.CHANCE
        if turn == _ENGINE_SIMULTANEOUS:
            return PlayerId.SIMULTANEOUS
        return turn

    def is_terminal(self):
        return self._state.is_terminal()

    def is_chance_node(self):
        return self._state.is_chance_node()

    def is_simultaneous_node(self):
        return self._state.is_simultaneous_node()

    def is_player_node(self):
        return self.current_player() >= 0

    def move_number(self):
        return len(self._history)

    def get_game(self):
        return self._game

    def kibitz_state(self):
        """The engine's state (kibitz.State): engine actions, searches."""
        return self._state

    # -- actions: dense index <-> engine action
    def _engine_actions(self, player=None):
        if self._state.is_simultaneous_node():
            if player is None:
                raise ValueError("a simultaneous node: legal_actions(player)")
            if player not in self._state.acting_players():
                return None  # no choice: the one action 0
            return self._state.legal_actions(player)
        if self._state.is_chance_node():
            return [action for action, _ in self._state.chance_outcomes()]
        if player is not None and player != self._state.current_player():
            return []
        return self._state.legal_actions()

    def legal_actions(self, player=None):
        if self._state.is_terminal():
            return []
        engine = self._engine_actions(player)
        return [0] if engine is None else list(range(len(engine)))

    def legal_actions_mask(self, player=None):
        mask = [0] * (self._game.max_chance_outcomes() if self.is_chance_node()
                      else self._game.num_distinct_actions())
        for action in self.legal_actions(player):
            mask[action] = 1
        return mask

    def chance_outcomes(self):
        return [(index, probability) for index, (_, probability)
                in enumerate(self._state.chance_outcomes())]

    def _engine_action(self, action, player=None):
        engine = self._engine_actions(player)
        if engine is None:
            if action != 0:
                raise ValueError(f"player {player} does not choose here: action 0 only")
            return None
        if not 0 <= action < len(engine):
            raise ValueError(f"action {action} is not legal here "
                             f"(0..{len(engine) - 1})")
        return engine[action]

    def action_to_string(self, player_or_action, action=None):
        """action_to_string([player,] action), as pyspiel takes it."""
        player, action = (None, player_or_action) if action is None \
            else (player_or_action, action)
        if self._state.is_simultaneous_node():
            engine = self._engine_action(action, player)
            return "-" if engine is None else \
                self._state.joint_action_to_string(player, engine)
        return self._state.action_to_string(self._engine_action(action))

    def string_to_action(self, player_or_text, text=None):
        player, text = (None, player_or_text) if text is None else (player_or_text, text)
        for action in self.legal_actions(player if self.is_simultaneous_node() else None):
            if self.action_to_string(player, action) == text:
                return action
        raise ValueError(f"'{text}' is not a legal move here")

    def _dense(self, engine_action, player=None):
        """The dense action of an engine action legal here."""
        engine = self._engine_actions(player)
        if engine is None:
            return 0
        if engine_action not in engine:
            raise ValueError(f"engine action {engine_action} is not legal here")
        return engine.index(engine_action)

    # -- playing
    def _push(self):
        self._previous.append(self._state.clone())

    def apply_action(self, action):
        if self._state.is_simultaneous_node():
            raise ValueError("a simultaneous node: apply_actions([one per player])")
        engine = self._engine_action(action)
        self._push()
        self._state.apply_action(engine)
        self._engine_history.append([engine])
        self._history.append(action)

    def apply_actions(self, actions):
        if not self._state.is_simultaneous_node():
            raise ValueError("apply_actions is for simultaneous nodes")
        players = self._game.num_players()
        if len(actions) != players:
            raise ValueError(f"apply_actions takes {players} actions, one per player")
        engine = []
        for player, action in enumerate(actions):
            chosen = self._engine_action(action, player)
            engine.append(_kibitz.PASS if chosen is None else chosen)
        self._push()
        self._state.apply_actions(engine)
        self._engine_history.append(engine)
        self._history.extend(actions)

    def undo_action(self, player, action):
        """Take back the last step (pyspiel names its player and action)."""
        if not self._previous:
            raise ValueError("nothing to undo")
        self._state = self._previous.pop()
        step = self._engine_history.pop()
        del self._history[-len(step):]

    def child(self, action):
        state = self.clone()
        state.apply_action(action)
        return state

    def clone(self):
        state = State(self._game, self._state.clone(), list(self._history),
                      [list(step) for step in self._engine_history])
        state._previous = list(self._previous)  # engine states are never changed
        return state

    def history(self):
        return list(self._history)

    def history_str(self):
        return ", ".join(str(action) for action in self._history)

    def full_history(self):
        return list(self._history)

    # -- results
    def returns(self):
        return list(self._state.returns())

    def rewards(self):
        return self.returns() if self.is_terminal() else [0.0] * self._game.num_players()

    def player_return(self, player):
        return self.returns()[player]

    # -- what a player knows
    def observation_string(self, player=None):
        return self._state.observation_string(self._player(player))

    def observation_tensor(self, player=None):
        return list(np.asarray(self._state.observation_tensor(self._player(player)),
                               dtype=np.float32).ravel())

    def information_state_string(self, player=None):
        player = self._player(player)
        if self._game.get_type().information == GameType.Information.PERFECT_INFORMATION:
            return self.history_str()
        # What the player saw at every step, from the start: it depends only
        # on the player's own views (kibitz's observation strings do).
        replay = self._game.new_initial_state()._state
        seen = [replay.observation_string(player)]
        for step in self._engine_history:
            if len(step) == 1:
                replay.apply_action(step[0])
            else:
                replay.apply_actions(step)
            seen.append(replay.observation_string(player))
        return " | ".join(seen)

    def information_state_tensor(self, player=None):
        return self.observation_tensor(player)

    def _player(self, player):
        if player is None:
            player = self.current_player()
        if not 0 <= player < self._game.num_players():
            raise ValueError(f"no player {player} here")
        return player

    # -- storing
    def serialize(self):
        return "\n".join(" ".join(str(a) for a in step) for step in self._engine_history)

    def __reduce__(self):
        return (_deserialize, (str(self._game), self.serialize()))

    def __str__(self):
        return self._state.position()

    def __repr__(self):
        return f"<{self._game} state {self._state.position()!r}>"

    def __eq__(self, other):
        return isinstance(other, State) and self._game == other._game and \
            self._state.position() == other._state.position() and \
            self._engine_history == other._engine_history

    def __hash__(self):
        return hash((str(self._game), self.serialize()))


def _deserialize(game_text, state_text):
    return load_game(game_text).deserialize_state(state_text)
