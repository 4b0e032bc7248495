"""The twin-state property of the games kept by `kibitz serve` (usage:
web_twins.py KIBITZ): for two games whose true states one seat cannot tell
apart, every HTTP body that seat receives (its view: the position, its
moves, the history and log lines, the engines' moves as it saw them) is
the same byte for byte, but for the game's id. Twins are made in every
game with hidden information:

- Kotra (hidden ranks): two games played by the same hands where silver
  puts a different rank on the same space at every setup step it can;
  gold's bodies are compared at every ply at which the analysis endpoint
  (/api/state with viewer gold, a second source of the view) says gold's
  views of the two true lines are equal, and the ranks really differ;
- Kodrek (secret picks): at the first simultaneous node, blue and red pick
  differently in the two games (people), or engines with different seeds
  pick; green's bodies before green picks are the same.

A body that differs only in a hidden fact fails the test (each compared
Kotra ply checks that bodies holding the true positions would differ)."""

import json
import os
import random
import sys
import urllib.request

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import web_lib  # noqa: E402
from web_lib import Server, check  # noqa: E402

KIBITZ = sys.argv[1]
OPENER = urllib.request.build_opener(urllib.request.ProxyHandler({}))


def raw(s, action, body):
    """(status, body text) of POST /api/match/ACTION."""
    req = urllib.request.Request(s.url + "/api/match/" + action, data=json.dumps(body).encode(),
                                 headers={"Content-Type": "application/json"})
    try:
        with OPENER.open(req, timeout=60) as res:
            return res.status, res.read().decode()
    except urllib.error.HTTPError as e:
        return e.code, e.read().decode()


def call(s, action, body):
    status, text = raw(s, action, body)
    check(status == 200, "/api/match/%s %r: %d %s" % (action, body, status, text[:200]))
    return json.loads(text)


def without_id(text, gid):
    return text.replace('"%s"' % gid, '"ID"')


class Twin:
    """One game of a pair: its id and tokens."""

    def __init__(self, s, doc):
        self.s, self.id, self.tokens = s, doc["id"], doc["tokens"]

    def body(self, action, seat, extra=None):
        body = {"id": self.id, "token": self.tokens[seat]}
        body.update(extra or {})
        status, text = raw(self.s, action, body)
        check(status == 200, "%s as seat %d: %d %s" % (action, seat, status, text[:200]))
        return without_id(text, self.id)

    def view(self, seat):
        return json.loads(self.body("view", seat))


def true_line(game, seats):
    """The true line of moves of a game played by people at every seat: each
    step from the view of the seat that made it (chance from any)."""
    views = [game.view(p) for p in range(seats)]
    names = [v["player"] for v in views]
    line = []
    for i, step in enumerate(views[0]["history"]):
        by = step["by"]
        own = views[names.index(by)]["history"][i] if by in names else step
        check(own["move"] is not None, "the mover sees its own move whole")
        line.append(own["move"])
    return line


def kotra_twins(s, seed, rng):
    """Returns (plies compared where the true states differ, bodies)."""
    new = {"game": "kotra", "seats": ["person", "person"], "seed": seed}
    a, b = Twin(s, call(s, "new", new)), Twin(s, call(s, "new", new))
    compared = 0
    for _ in range(120):
        va, vb = a.view(1), b.view(1)  # silver's views (they differ)
        ga, gb = a.body("view", 0), b.body("view", 0)
        line_a, line_b = true_line(a, 2), true_line(b, 2)
        st_a = s.call("/api/state", {"game": "kotra", "moves": line_a, "viewer": 0})[1]
        st_b = s.call("/api/state", {"game": "kotra", "moves": line_b, "viewer": 0})[1]
        if st_a["view_position"] != st_b["view_position"] or json.loads(ga)["over"]:
            break  # no longer twins for gold: a rank was revealed in play
        check(ga == gb, "kotra twins (seed %d, ply %d): gold's bodies differ:\n%s\n%s" % (
            seed, len(line_a), ga, gb))
        if st_a["position"] != st_b["position"]:
            compared += 1
            # The comparison would catch the true position in the bodies.
            leak_a = ga.replace(json.dumps(st_a["view_position"]), json.dumps(st_a["position"]))
            leak_b = gb.replace(json.dumps(st_b["view_position"]), json.dumps(st_b["position"]))
            check(leak_a != leak_b and leak_a != ga, "kotra twins: a body with silver's ranks differs")
        g = json.loads(ga)
        if g["to_act"]:
            move = rng.choice(g["moves"])
            ma, mb = a.body("move", 0, {"move": move}), b.body("move", 0, {"move": move})
            check(ma == mb, "kotra twins: gold's move %s answered differently" % move)
            continue
        if not va["to_act"]:
            break
        move_a = rng.choice(va["moves"])
        square = move_a.split("=")[0]
        others = [m for m in vb["moves"] if "=" in m and m.split("=")[0] == square and m != move_a
                  and not m.endswith("=-") and not move_a.endswith("=-")]
        move_b = rng.choice(others) if others else move_a
        if move_b not in vb["moves"]:
            break
        a.body("move", 1, {"move": move_a})
        b.body("move", 1, {"move": move_b})
    return compared


def kodrek_people_twins(s, seed, rng):
    new = {"game": "kodrek", "seats": ["person", "person", "person"], "seed": seed}
    a, b = Twin(s, call(s, "new", new)), Twin(s, call(s, "new", new))
    for _ in range(200):
        g = a.view(0)
        if g["over"]:
            return 0
        if g["turn"] == "simultaneous":
            break
        mover = [p for p in range(3) if a.view(p)["to_act"]][0]
        move = rng.choice(a.view(mover)["moves"])
        a.body("move", mover, {"move": move})
        b.body("move", mover, {"move": move})
    differ = 0
    for p in (1, 2):
        options = a.view(p)["moves"]
        pa = rng.choice(options)
        pb = rng.choice([o for o in options if o != pa] or options)
        differ += pa != pb
        a.body("move", p, {"move": pa})
        b.body("move", p, {"move": pb})
    ga, gb = a.body("view", 0), b.body("view", 0)
    check(ga == gb, "kodrek twins (seed %d): green's bodies differ before green picks:\n%s\n%s" % (seed, ga, gb))
    pick = rng.choice(json.loads(ga)["moves"])
    ra, rb = a.body("move", 0, {"move": pick}), b.body("move", 0, {"move": pick})
    check(differ == 0 or ra != rb, "kodrek twins: the reveal shows the different picks")
    return differ


def kodrek_engine_twins(s, seed):
    """Engines of different seeds pick at the first simultaneous node;
    green's bodies until it picks are the same."""
    seats = ["person", "mcts:iterations=30", "random"]
    a = Twin(s, call(s, "new", {"game": "kodrek", "seats": seats, "seed": seed}))
    b = Twin(s, call(s, "new", {"game": "kodrek", "seats": seats, "seed": seed + 1000}))
    ga, gb = a.body("view", 0), b.body("view", 0)
    g = json.loads(ga)
    if g["turn"] != "simultaneous" or g["history"]:
        return 0  # the game starts elsewhere: nothing secret yet
    check(ga == gb, "kodrek engine twins (seeds %d, %d): green's bodies differ:\n%s\n%s" % (
        seed, seed + 1000, ga, gb))
    pick = g["moves"][0]
    ra = json.loads(a.body("move", 0, {"move": pick}))
    rb = json.loads(b.body("move", 0, {"move": pick}))
    return int(ra["history"][0].get("choices") != rb["history"][0].get("choices"))


def main():
    s = Server(KIBITZ)
    try:
        rng = random.Random(7)
        kotra = sum(kotra_twins(s, seed, rng) for seed in (1, 2, 3))
        check(kotra >= 30, "kotra: plies compared where silver's true ranks differ (%d)" % kotra)
        people = sum(kodrek_people_twins(s, seed, rng) for seed in range(1, 7))
        check(people >= 5, "kodrek: nodes where the others' picks differed (%d)" % people)
        engines = sum(kodrek_engine_twins(s, seed) for seed in range(1, 9))
        check(engines >= 2, "kodrek: nodes where the engines' picks differed (%d)" % engines)
    finally:
        s.stop()
    print("web_twins: %d checks passed (kotra %d plies, kodrek %d + %d nodes)" % (
        web_lib.checks, kotra, people, engines))


main()
