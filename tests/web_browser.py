"""Real-browser tests of `kibitz serve`: Debian's chromium driven by
chromium-driver through python3-selenium (usage: web_browser.py KIBITZ
SCREENSHOT_DIR). For every game: load the page, start a game, make legal
moves by clicking the board (and the chooser where a click cannot tell moves
apart), check that the board changes and the engine answers, save a
screenshot. For Kulibrat: the colour shown for every legal move equals the
database's value (`kibitz query`) on several positions, and where the
database answers the page's default engine is the perfect player (`db`),
whose every move on the server is one `kibitz query` rates best."""

import json
import os
import random
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from web_lib import Server, cli_query, fail, remove, scratch  # noqa: E402
import web_lib  # noqa: E402
from web_driver import (By, browser, check, click_cell, js, settle, set_value,  # noqa: E402
                        start_game, state, wait)

KIBITZ, SHOTS = sys.argv[1], sys.argv[2]
# GamesmanUni's colours, as web/style.css defines them.
COLOURS = {"win": "rgb(26, 152, 80)", "draw": "rgb(230, 194, 41)", "loss": "rgb(139, 26, 26)"}


def click_button(d, box, move):
    buttons = [b for b in d.find_elements(By.CSS_SELECTOR, "#%s button" % box)
               if b.get_attribute("data-move") == move]
    check(buttons, "a %s button for %s (state %s, selection %s)" % (
        box, move, json.dumps(js(d, "return [kibitz.state.position, kibitz.state.turn, kibitz.state.played]")),
        js(d, "return kibitz.selection")))
    buttons[0].click()


def human_move(d, game, index=0, prefer_no_cells=False):
    """Play one legal move of the person to act by clicking; returns its text."""
    st = state(d)
    no_cells = [m for m in st["legal"] if not m["cells"]]
    if prefer_no_cells and no_cells and st["turn"] != "simultaneous":
        click_button(d, "other-moves", no_cells[0]["move"])
        return no_cells[0]["move"]
    if st["turn"] == "simultaneous":
        buttons = d.find_elements(By.CSS_SELECTOR, "#chooser button")
        check(buttons, game + ": secret choice buttons")
        text = buttons[min(index, len(buttons) - 1)].get_attribute("data-move")
        buttons[min(index, len(buttons) - 1)].click()
        return text
    with_cells = [m for m in st["legal"] if m["cells"]]
    if not with_cells:
        text = st["legal"][0]["move"]
        click_button(d, "other-moves", text)
        return text
    m = with_cells[index % len(with_cells)]
    for cell in m["cells"]:
        if js(d, "return kibitz.moves.length") != len(st["played"]):
            break  # the move was complete before its last cell (a shortcut)
        if [b for b in d.find_elements(By.CSS_SELECTOR, "#chooser button")
                if b.get_attribute("data-move") == m["move"]]:
            break
        click_cell(d, cell)
    if js(d, "return kibitz.moves.length") == len(st["played"]):
        click_button(d, "chooser", m["move"])  # several moves on the same cells
    return m["move"]


def person_to_act(d):
    st = state(d)
    if st["over"]:
        return False
    if st["turn"] == "simultaneous":
        return bool(d.find_elements(By.CSS_SELECTOR, "#chooser button"))
    return js(d, "return humanToAct()")


def play_some(d, game, turns):
    """Person moves by clicking; the board changes; the engines answer."""
    for turn in range(turns):
        settle(d)
        wait(d, game + ": the person's turn", lambda: person_to_act(d) or state(d)["over"])
        if state(d)["over"]:
            return
        start = state(d)
        # A person's turn may be several decisions (Kotra: pick, then where
        # to); after a few, a move without cells ("done") ends it.
        for decision in range(8):
            before = state(d)
            text = human_move(d, game, turn + decision, prefer_no_cells=decision >= 3)
            wait(d, game + ": the move " + text,
                 lambda: len(state(d)["played"]) > len(before["played"]))
            after = state(d)
            check(after["board"] != before["board"] or after["turn"] != before["turn"],
                  game + ": the board changes after " + text)
            settle(d)
            others = [x for x in js(d, "return kibitz.actors")[len(start["played"]):]
                      if x != -1 and not js(d, "return isPerson(arguments[0])", x)]
            if others or not person_to_act(d) or state(d)["over"]:
                break
        now = state(d)
        engine_moved = any(a >= 0 and not js(d, "return isPerson(arguments[0])", a)
                           for a in js(d, "return kibitz.actors")[len(start["played"]):])
        check(now["over"] or engine_moved or js(d, "return kibitz.actors.includes(-2)"),
              game + ": an engine answered after " + text)


def kulibrat_colours(d, db):
    variant = "target=3,first=black"
    start_game(d, "kulibrat", {"target": "3", "first": "black"}, {1: "alphabeta:depth=2"})
    set_value(d, "seat-kind-1", "person")  # no engine: positions stay as loaded
    positions = [".../.../.../... b 0-0", "b../.../.../.r. b 0-0", ".b./r../..b/r.. r 1-1",
                 "b.b/.r./.../r.. b 2-0", "..b/.b./r.r/... r 0-2"]
    for position in positions:
        js(d, "document.getElementById('position').value = arguments[0]", position)
        d.find_element(By.ID, "load").click()
        wait(d, "values for " + position, lambda: js(
            d, "return kibitz.query !== null && kibitz.state.position === arguments[0]", position))
        value, each = cli_query(KIBITZ, db, variant, position)
        shown = js(d, """return [...document.querySelectorAll('#board [data-move]')].map(e =>
            [e.dataset.move, e.dataset.result, e.dataset.distance === undefined ? null :
             Number(e.dataset.distance), getComputedStyle(e).stroke])""")
        with_cells = {m["move"] for m in state(d)["legal"] if m["cells"]}
        check({s[0] for s in shown} == with_cells, position + ": every move is coloured")
        for move, result, distance, stroke in shown:
            want = each[move]
            check((result, distance if result != "draw" else None) == want,
                  "%s %s: shown %s %s, database %r" % (position, move, result, distance, want))
            check(stroke == COLOURS[result], "%s %s: colour %s for %s" % (position, move, stroke, result))
        dots = js(d, "return document.querySelectorAll('#chart circle').length")
        check(dots >= 1, position + ": the value chart has a point")


def rank(value):
    """A database value (result, distance) for the player moving, ordered
    as the perfect player prefers: the fastest win, a draw, the slowest
    loss."""
    result, distance = value
    return {"win": (2, -(distance or 0)), "draw": (1, 0), "loss": (0, distance or 0)}[result]


def perfect_player(d, server, db):
    """Where the server's databases answer (Kulibrat target=3 here) the
    page's default engine is the perfect player (`db`), and every move it
    makes in a game on the server is one `kibitz query` rates best."""
    variant = "target=3,first=black"
    set_value(d, "game", "kulibrat")
    wait(d, "kulibrat", lambda: js(d, "return kibitz.game.name") == "kulibrat" and state(d))
    set_value(d, "variant-target", "3")
    set_value(d, "variant-first", "black")
    set_value(d, "pace", "0")
    js(d, "document.getElementById('server-game').checked = true")
    set_value(d, "seat-kind-0", "person")
    set_value(d, "seat-kind-1", "engine")
    d.find_element(By.ID, "new-game").click()
    wait(d, "a kulibrat game on the server", lambda: js(d, "return !!kibitz.match") and
         state(d) is not None and bool(state(d)["legal"]))
    spec = d.find_element(By.ID, "seat-spec-1").get_attribute("value")
    check(spec.startswith("db"), "kulibrat target=3: the page offers the perfect player (%r)" % spec)
    check(js(d, "return kibitz.seats[1].spec") == spec, "the red seat plays %r" % spec)
    analysis = d.find_element(By.ID, "analysis-engine").get_attribute("value")
    check(not analysis.startswith("db"), "the analysis field keeps a search, which scores every move (%r)" % analysis)
    rng = random.Random(2)
    replies = 0
    for _ in range(3):
        st = state(d)
        if st["over"] or not st["legal"]:
            break
        n = len(st["played"])
        js(d, "play(arguments[0])", rng.choice(st["legal"])["move"])
        wait(d, "the perfect player's reply", lambda: len(state(d)["played"]) >= n + 2 or state(d)["over"])
        moves, actors = js(d, "return kibitz.moves"), js(d, "return kibitz.actors")
        if len(moves) < n + 2 or actors[n + 1] != 1:
            break
        _, before = server.call("/api/state", {"game": "kulibrat", "variant": variant, "moves": moves[:n + 1]})
        _, each = cli_query(KIBITZ, db, variant, before["position"])
        best = max(rank(v) for v in each.values())
        check(rank(each[moves[n + 1]]) == best, "kulibrat %s: the perfect player played %s (%r), query's best %r" % (
            before["position"], moves[n + 1], each[moves[n + 1]], best))
        replies += 1
    check(replies >= 1, "the perfect player replied (%d)" % replies)


def main():
    db = scratch()
    os.makedirs(SHOTS, exist_ok=True)
    subprocess.run([KIBITZ, "solve", "kulibrat", "--variant", "target=3", "--db", db],
                   check=True, capture_output=True)
    server = Server(KIBITZ, "--db", db)
    d = browser()
    try:
        d.get(server.url + "/")
        wait(d, "the page", lambda: js(d, "return window.kibitz && kibitz.state !== null"))
        kulibrat_colours(d, db)
        perfect_player(d, server, db)
        games = [
            ("kulibrat", {"target": "3"}, {1: "alphabeta:depth=4"}, 3),
            ("kerx", {}, {1: "alphabeta:depth=3"}, 3),
            ("kodrek", {"toleks": "4"}, {1: "mcts:iterations=60", 2: "random"}, 3),
            ("kauda-baji", {"players": "2"}, {1: "random"}, 3),
            ("kotra", {}, {1: "random"}, 1),
        ]
        for game, variant, engines, turns in games:
            start_game(d, game, variant, engines)
            if game == "kotra":
                # Gold's setup: two spaces by clicking (space, then rank in the
                # chooser), the rest by the engine button; silver's engine
                # then sets up, the dice fall, and gold moves by clicking.
                set_value(d, "analysis-engine", "random")
                for i in range(2):
                    human_move(d, game, i)
                    settle(d)
                while "setup" in state(d)["position"] and state(d)["to_act"] == 0:
                    n = len(state(d)["played"])
                    d.find_element(By.ID, "engine-move").click()
                    wait(d, "an engine setup move", lambda: len(state(d)["played"]) > n)
                settle(d)
                pieces = state(d)["board"]["pieces"]
                check(any(p["owner"] == 1 and p.get("unknown") for p in pieces),
                      "kotra: silver's ranks are hidden from gold")
                check(all(not p.get("unknown") for p in pieces if p["owner"] == 0),
                      "kotra: gold sees its own ranks")
                check(d.find_elements(By.CSS_SELECTOR, "#board circle.piece.unknown"),
                      "kotra: unknown pieces are drawn as such")
            play_some(d, game, turns)
            check(not d.find_element(By.ID, "error").text, game + ": no error shown")
            d.save_screenshot(os.path.join(SHOTS, game + ".png"))
        # Watching: two engines play by themselves; Pause stops them.
        start_game(d, "kulibrat", {"target": "5"}, {1: "alphabeta:depth=2"})
        set_value(d, "seat-spec-0", "alphabeta:depth=3")
        set_value(d, "seat-kind-0", "engine")
        wait(d, "engines to play on their own", lambda: len(state(d)["played"]) >= 6 or state(d)["over"])
        d.find_element(By.ID, "run").click()
        settle(d)
        n = len(state(d)["played"])
        time.sleep(0.5)
        check(len(state(d)["played"]) == n, "Pause stops the engines")
        while state(d)["over"]:
            m = len(state(d)["played"])
            d.find_element(By.ID, "undo").click()
            wait(d, "undo", lambda: len(state(d)["played"]) == m - 1)
        # The analysis panel scores every root move.
        set_value(d, "analysis-engine", "alphabeta:depth=4")
        d.find_element(By.ID, "analyse").click()
        wait(d, "the analysis", lambda: d.find_elements(By.CSS_SELECTOR, "#analysis table tr"))
        rows = d.find_elements(By.CSS_SELECTOR, "#analysis table tr")
        check(len(rows) - 1 == min(12, len(state(d)["legal"])),
              "analysis lists every move (%d rows)" % (len(rows) - 1))
        # Undo and redo.
        n = len(state(d)["played"])
        d.find_element(By.ID, "undo").click()
        wait(d, "undo", lambda: len(state(d)["played"]) == n - 1)
        d.find_element(By.ID, "redo").click()
        wait(d, "redo", lambda: len(state(d)["played"]) == n)
        severe = [e for e in d.get_log("browser") if e["level"] == "SEVERE" and "favicon" not in e["message"]]
        check(not severe, "no errors in the browser console: %r" % severe[:3])
    finally:
        d.quit()
        server.stop()
        remove(db)
    print("web_browser: %d checks passed" % web_lib.checks)


main()
