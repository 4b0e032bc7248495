"""Games kept by `kibitz serve` (usage: web_games.py KIBITZ), through the API
as the page uses it: a Kotra game played as gold against an engine, in
which no response to gold ever holds a silver rank not yet revealed in play;
Kodrek picks kept on the server until every player has chosen; a game that
survives a page reload and a server restart; undo, resign, the record
downloaded and loaded back; errors naming the field."""

import json
import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import web_lib  # noqa: E402
from web_lib import Server, check, remove, scratch  # noqa: E402

KIBITZ = sys.argv[1]


def call(s, action, body, status=200):
    got, doc = s.call("/api/match/" + action, body)
    check(got == status, "/api/match/%s %r: %s %r, wanted %d" % (action, body, got, doc, status))
    return doc


def record_moves(record):
    """The moves of a record document as the stateless API takes them."""
    out = []
    for step in record["moves"]:
        if isinstance(step, str):
            out.append(step)
        elif "move" in step:
            out.append(step["move"])
        else:
            out.append({"joint": step["joint"]})
    return out


def leaks(bodies, truth, secrets):
    """The first body (ply, text) that shows more than gold's view: its
    position is not gold's view of the true position at that ply, or it
    names one of silver's hidden placements. Once the game is over
    everything may be shown (the record is given then)."""
    for ply, text in bodies:
        doc = json.loads(text)
        view = doc.get("view", doc)
        if view.get("over"):
            continue
        if view.get("position", truth[ply]["view"]) != truth[ply]["view"]:
            return "ply %d: position %r is not gold's view %r" % (ply, view["position"], truth[ply]["view"])
        if truth[ply]["board"] is not None and view.get("board", truth[ply]["board"]) != truth[ply]["board"]:
            return "ply %d: the board is not gold's view" % ply
        for secret in secrets:
            if '"%s"' % secret in text:
                return "ply %d: names silver's hidden placement %s" % (ply, secret)
    return None


def kotra_hidden(s):
    """Gold (a person) against an engine: every body gold receives shows
    gold's view only. Checked against the true game once it is over."""
    rng = random.Random(5)
    new = call(s, "new", {"game": "kotra", "seats": ["person", "mcts:iterations=50"], "seed": 11})
    gid, token = new["id"], new["tokens"][0]
    check(new["tokens"][1] is None, "an engine seat has no token")
    bodies = [(new["view"]["ply"], json.dumps(new))]
    view = new["view"]
    for _ in range(400):
        if view["over"]:
            break
        check(view["to_act"] and view["moves"], "gold acts whenever the server answers")
        status, doc = s.call("/api/match/move", {"id": gid, "token": token, "move": rng.choice(view["moves"])})
        check(status == 200, "gold's move: %s %r" % (status, doc))
        bodies.append((doc["ply"], json.dumps(doc)))
        view = doc
    if not view["over"]:
        view = call(s, "resign", {"id": gid, "token": token})
        bodies.append((view["ply"], json.dumps(view)))
    check(view["over"], "the game ended")
    record = call(s, "record", {"id": gid, "token": token})
    moves = record_moves(record)
    check(len(moves) == view["ply"], "the record has every step (%d, %d)" % (len(moves), view["ply"]))
    # The truth, ply by ply, from the stateless analysis endpoint.
    truth = {}
    for ply in range(len(moves) + 1):
        _, st = s.call("/api/state", {"game": "kotra", "variant": record["variant"],
                                      "moves": moves[:ply], "viewer": 0})
        truth[ply] = {"view": st["view_position"], "board": st["board"], "turn": st["turn"]}
    # Silver's placements of a piece (setup moves "space=rank"; "space=-"
    # leaves the space empty, which gold sees) are never shown to gold.
    secrets = [m for ply, m in enumerate(moves)
               if truth[ply]["turn"] == "silver" and "=" in m and not m.endswith("=-")]
    check(len(secrets) > 5, "silver placed its pieces (%d)" % len(secrets))
    problem = leaks(bodies, truth, secrets)
    check(problem is None, "Kotra as gold: %s" % problem)
    # The detector itself fails where the full position is sent: the
    # stateless endpoint without a viewer, as the page once asked it.
    ply = max(truth) - 1  # before the end
    _, st = s.call("/api/state", {"game": "kotra", "variant": record["variant"], "moves": moves[:ply]})
    check(leaks([(ply, json.dumps(st))], truth, secrets) is not None,
          "the leak check catches a body with silver's ranks")
    return len(bodies)


def kodrek_picks(s):
    """A person's view at a simultaneous node never holds the engines' picks
    before the person has chosen; afterwards the history shows them."""
    rounds = 0
    rng = random.Random(2)
    for seed in range(4, 12):
        if rounds >= 6:
            break
        rounds += kodrek_game(s, seed, rng)
    check(rounds >= 6, "Kodrek rounds played (%d)" % rounds)


def kodrek_game(s, seed, rng):
    new = call(s, "new", {"game": "kodrek", "seats": ["person", "random", "mcts:iterations=30"], "seed": seed})
    gid, token = new["id"], new["tokens"][0]
    view = new["view"]
    rounds = 0
    for _ in range(300):
        if view["over"]:
            break
        check(view["to_act"], "green acts whenever the server answers")
        if view["turn"] != "simultaneous":
            view = call(s, "move", {"id": gid, "token": token, "move": rng.choice(view["moves"])})
            continue
        check(view["waiting_for"] == ["green"], "the engines have chosen: %r" % view["waiting_for"])
        done = len(view["history"])
        before = dict(view)
        before.pop("moves")
        after = call(s, "move", {"id": gid, "token": token, "move": rng.choice(view["moves"])})
        node = [h for h in after["history"][done:] if h["by"] == "simultaneous"]
        check(node, "the node is played once green has chosen")
        for player in ("blue", "red"):
            pick = node[0]["choices"][player]
            hidden = json.dumps({k: v for k, v in before.items() if k != "history"})
            check('"%s"' % pick not in hidden, "%s's pick %s was in green's view before the reveal" % (player, pick))
        check(len(before["history"]) == done and "chosen" not in before,
              "no trace of the pending node in green's view")
        view = after
        rounds += 1
    return rounds


def reload_restart_undo_record(kibitz):
    folder = scratch()
    try:
        games = os.path.join(folder, "games.sqlite")
        s = Server(kibitz, "--games", games)
        new = call(s, "new", {"game": "kulibrat", "seats": ["person", "alphabeta:depth=2"], "seed": 2})
        gid, token = new["id"], new["tokens"][0]
        view = new["view"]
        for _ in range(3):
            view = call(s, "move", {"id": gid, "token": token, "move": view["moves"][0]})
        check(view["ply"] == 6 and view["to_act"], "three moves and the engine's replies")
        again = call(s, "view", {"id": gid, "token": token})
        check(again == view, "a reload reads the same view")
        s.stop()
        s = Server(kibitz, "--games", games)
        again = call(s, "view", {"id": gid, "token": token})
        check(again["position"] == view["position"] and again["history"] == view["history"],
              "the game survives a server restart")
        undone = call(s, "undo", {"id": gid, "token": token})
        check(undone["ply"] == 4 and undone["to_act"], "undo takes back the move and the reply")
        call(s, "record", {"id": gid, "token": token}, status=409)
        over = call(s, "resign", {"id": gid, "token": token})
        check(over["over"] and over["ending"] == "black resigned" and over["result"][0] == -1,
              "resigning ends the game: %r" % over["ending"])
        call(s, "move", {"id": gid, "token": token, "move": "+a4"}, status=409)
        record = call(s, "record", {"id": gid, "token": token})
        check(record["kind"] == "record" and len(record["moves"]) == 4, "the record downloads")
        loaded = call(s, "load", {"record": record, "seats": ["person", "person"]})
        check(loaded["view"]["ply"] == 4 and loaded["view"]["position"] == undone["position"],
              "a record loads into a new game")
        check(loaded["id"] != gid and all(loaded["tokens"]), "with its own id and a token per person")
        # Errors name the field.
        for action, body, status, needle in [
                ("view", {"id": gid, "token": "0" * 32}, 404, "token"),
                ("view", {"id": "zz", "token": token}, 400, "id"),
                ("view", {"id": "0" * 16, "token": token}, 404, "id"),
                ("new", {"game": "kulibrat", "seats": ["person"]}, 400, "seats"),
                ("new", {"game": "kulibrat", "seats": ["random", "random"]}, 400, "seats"),
                ("new", {"game": "kulibrat", "seats": ["person", "nonsense"]}, 400, "seats"),
                ("new", {"game": "kulibrat", "seats": ["person", "mcts:hash=100000"]}, 400, "seats"),
                ("load", {"record": {"kind": "record"}, "seats": ["person", "person"]}, 400, "record"),
                ("move", {"id": loaded["id"], "token": loaded["tokens"][1], "move": "+a4"}, 409, "turn"),
                ("move", {"id": loaded["id"], "token": loaded["tokens"][0], "move": "zz"}, 400, "move"),
                ("undo", {"id": loaded["id"], "token": loaded["tokens"][0]}, 409, "undo")]:
            doc = call(s, action, body, status=status)
            check(needle in doc.get("error", ""), "%s %r: error %r names %s" % (action, body, doc, needle))
        status, _ = s.call("/api/match/view", method="GET")
        check(status == 405, "GET on a game endpoint: 405")
        s.stop()
    finally:
        remove(folder)


def main():
    s = Server(KIBITZ)
    try:
        n = kotra_hidden(s)
        kodrek_picks(s)
    finally:
        s.stop()
    reload_restart_undo_record(KIBITZ)
    print("web_games: %d checks passed (%d Kotra bodies)" % (web_lib.checks, n))


main()
