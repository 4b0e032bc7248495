"""kibitz: the kibitz game engine from Python, shaped like OpenSpiel's pyspiel.

    import kibitz
    game = kibitz.load_game("kulibrat(target=5)")
    state = game.new_initial_state()
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[0])
    print(state.returns())

Everything runs in libkibitz (include/kibitz.h); this package is a thin
layer. Engine errors (bad variant, position, move, database) raise
KibitzError, a ValueError carrying the engine's one-line message.

current_player() is a player 0..n-1 or one of TERMINAL (-1), CHANCE (-2)
and SIMULTANEOUS (-3) (pyspiel uses other negative numbers). Actions are
the engine's move values as ints (PASS, -1, is a forced pass); they are
stable for a move in a given position. Search results and database answers
are plain dicts with the fields of the JSON documents in docs/JSON.md
("search" and "query"); best_move adds "action", the chosen move as an int.
"""

from . import _kibitz
from ._kibitz import (CAN_CYCLE, CAN_SOLVE, CHANCE, HAS_CHANCE, HAS_HIDDEN,
                      HAS_SIMULTANEOUS, PASS, SIMULTANEOUS, TERMINAL,
                      ZERO_SUM_2P, Game, State, games, load_game)

__version__ = _kibitz.__version__


class KibitzError(ValueError):
    """An error reported by the engine (bad input or a failed operation)."""


_kibitz._set_error_class(KibitzError)




def best_move(state, algo=None, time=0.0, threads=0, iterations=0, depth=0,
              seed=0):
    """Search `state` for the player to move; returns the "search" document
    (dict: move, value, pv, nodes, ...) plus "action". `algo` is an engine
    spec ("alphabeta", "mcts", "mcts:c=0.7", "pimc", "expectimax"; None: the
    engine's choice). Budget: time (seconds), iterations (MCTS) or depth
    (alpha-beta); none: the engine's analysis default. The GIL is released
    while it searches."""
    return _kibitz.search(state, algo, time, iterations, depth, threads, seed,
                          False)


def analyse(state, algo=None, time=0.0, threads=0, iterations=0, depth=0,
            seed=0):
    """As best_move, and the document's "moves" scores every root move."""
    return _kibitz.search(state, algo, time, iterations, depth, threads, seed,
                          True)


def perft(state, depth, threads=1):
    """Leaves exactly `depth` plies below `state` (C speed, GIL released)."""
    return _kibitz.perft(state, depth, threads)


def random_rollouts(state, n, seed=0, max_plies=0):
    """Play `n` uniformly random games from `state` in C; returns
    {"games", "plies", "sum_returns"} (returns summed per player)."""
    return _kibitz.random_rollouts(state, n, seed, max_plies)


def solve(game, path, threads=0):
    """Solve the game's variant into a database file under `path` (a folder
    or a .kdb file), as `kibitz solve` does (Kerx size 3: every material,
    into the data folder `path`)."""
    _kibitz.solve(game, path, threads)


class Database:
    """Solver databases in `path` (a folder or a .kdb file; None: the
    engine's default: the data folder, $KIBITZ_DATA, else
    $XDG_DATA_HOME/kibitz, else ~/.local/share/kibitz, where a database
    quick to make is made on first use). A game with databases of
    its own reads those from the folder (Kerx: the endgame sets of
    `kibitz solve kerx --pieces K`).

    query(state) returns the "query" document: "value" ({"result": "win" |
    "loss" | "draw", "distance", "score"} for the player to move; None when
    the game is over) and "moves" (every move's value, best first)."""

    def __init__(self, path=None):
        self.path = path
        self._open = {}

    def query(self, state):
        game = state.get_game()
        key = str(game)
        db = self._open.get(key)
        if db is None:
            db = _kibitz.db_open(game, self.path)
            self._open[key] = db
        return db.query(state)


__all__ = [
    "load_game", "Game", "State", "best_move", "analyse", "perft",
    "random_rollouts", "solve", "Database", "KibitzError", "games",
    "TERMINAL", "CHANCE", "SIMULTANEOUS", "PASS", "HAS_CHANCE",
    "HAS_SIMULTANEOUS", "HAS_HIDDEN", "CAN_CYCLE", "ZERO_SUM_2P", "CAN_SOLVE",
]
