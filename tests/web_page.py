"""The page as players use it (usage: web_page.py KIBITZ AXE_JS SCREENSHOT_DIR):
clicks that name no move play nothing and say why; engines go on after
Undo; the last move and what it captured are marked; the move list, the
value chart, the arrow keys and Home/End show earlier positions; the board
flips; the address reopens the same game; a record downloads, reads back
with `kibitz show --record` and loads again; a whole Kulibrat game is
played with the keyboard alone; Kotra's setup presets and a Kodrek
"hand the device" screen; games on the server: Kotra as gold (no silver
rank not revealed in play in any answer), Kodrek as green (no engine's
pick in any answer before the reveal), a cycling Kerx line between two
people ended by repetition with the page saying so; axe-core finds no serious or critical
accessibility violation on any game's page; at a phone's 390x844 nothing
scrolls sideways and every control is at least 24 CSS pixels. Screenshots
of every game at phone size go to SCREENSHOT_DIR (tests/web_browser.py
makes the desktop ones)."""

import json
import os
import random
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from web_lib import Server, fail, remove, scratch  # noqa: E402
import web_lib  # noqa: E402
from web_driver import (By, browser, check, click_cell, js, settle, set_value,  # noqa: E402
                        start_game, state, wait)

KIBITZ, AXE, SHOTS = sys.argv[1], sys.argv[2], sys.argv[3]
GAMES = [("kulibrat", {"target": "3"}, {1: "alphabeta:depth=2"}),
         ("kerx", {}, {1: "alphabeta:depth=2"}),
         ("kodrek", {"toleks": "4"}, {1: "random", 2: "random"}),
         ("kauda-baji", {"players": "2"}, {1: "random"}),
         ("kotra", {}, {1: "random"})]


def moves_played(d):
    return js(d, "return kibitz.moves.length")


def hint(d):
    found = d.find_elements(By.ID, "hint")
    return found[0].text if found else ""


def wrong_clicks(d, server):
    # Kulibrat start: a click on the empty a4 names no move (entries start
    # in the hand); nothing is played and the page says where to start.
    start_game(d, "kulibrat", {"target": "3"}, {1: "alphabeta:depth=2"})
    a4 = [c["id"] for c in state(d)["board"]["cells"] if c["label"] == "a4"][0]
    click_cell(d, a4)
    settle(d)
    check(moves_played(d) == 0, "kulibrat: a click on the empty a4 played %r" % js(d, "return kibitz.moves"))
    check("first click where the move starts" in hint(d), "kulibrat: the page says why (%r)" % hint(d))
    # Kerx: a position (from random play) where every move is a capture and
    # some piece of the mover cannot move: clicking it plays nothing and
    # says a capture is compulsory; with a capturing piece selected, a click
    # on a cell no move of it reaches plays nothing either.
    rng = random.Random(7)
    for attempt in range(400):
        moves = []
        st = server.call("/api/state", {"game": "kerx", "moves": moves})[1]
        found = None
        for ply in range(60):
            if st["over"]:
                break
            starts = {c[0] for c in st["move_cells"] if c}
            mine = {p["cell"] for p in st["board"]["pieces"] if p["owner"] == st["to_act"]}
            idle = sorted(mine - starts)
            if st["moves"] and all("x" in m for m in st["moves"]) and idle and ply % 2 == 0:
                found = (list(moves), idle[0], st)
                break
            moves.append(rng.choice(st["moves"]))
            st = server.call("/api/state", {"game": "kerx", "moves": moves})[1]
        if found:
            break
    check(found, "kerx: a position with a compulsory capture from random play")
    line, idle, st = found
    start_game(d, "kerx", {}, {1: "alphabeta:depth=2"})
    js(d, "kibitz.moves = arguments[0]; kibitz.actors = arguments[0].map((_, i) => i % 2);"
          " kibitz.playedCells = arguments[0].map(() => []); refresh();", line)
    wait(d, "the kerx position", lambda: len(state(d)["played"]) == len(line))
    click_cell(d, idle)
    settle(d)
    check(moves_played(d) == len(line), "kerx: a click on a piece that cannot move played a move")
    check("capture is compulsory" in hint(d), "kerx: the page says a capture is compulsory (%r)" % hint(d))
    capture = [m for m in state(d)["legal"] if m["cells"]][0]
    reach = {c for m in state(d)["legal"] if m["cells"][0] == capture["cells"][0] for c in m["cells"]}
    others = [c["id"] for c in state(d)["board"]["cells"]
              if c["id"] not in reach and c["id"] not in {m["cells"][0] for m in state(d)["legal"]}]
    click_cell(d, capture["cells"][0])
    check(js(d, "return kibitz.selection.length") == 1, "kerx: the capturing piece is selected")
    click_cell(d, others[0])
    settle(d)
    check(moves_played(d) == len(line), "kerx: a click where the selected piece cannot go played a move")
    check("cannot go to" in hint(d), "kerx: the page says the piece cannot go there (%r)" % hint(d))
    # The capture itself, clicked cell by cell, marks what it took.
    for cell in capture["cells"]:
        if moves_played(d) > len(line):
            break
        click_cell(d, cell)
    wait(d, "the capture", lambda: len(state(d)["played"]) > len(line))
    js(d, "kibitz.running = false")
    settle(d)
    check(d.find_elements(By.CSS_SELECTOR, "#board [data-captured]"), "kerx: the captured pieces are marked")


def person_move(d, keyboard=False):
    """The person to act plays a legal move cell by cell (mouse or keys)."""
    st = state(d)
    with_cells = [m for m in st["legal"] if m["cells"]]
    m = random.Random(len(st["played"])).choice(with_cells)
    for cell in m["cells"]:
        if moves_played(d) > len(st["played"]):
            break
        if keyboard:
            # Tab's target, then Enter: the keyboard alone.
            target = d.find_element(By.CSS_SELECTOR, '#board .cell[data-cell="%d"]' % cell)
            target.send_keys("\n")
        else:
            click_cell(d, cell)
    wait(d, "the move " + m["move"], lambda: moves_played(d) > len(st["played"]))
    return m["move"]


def undo_navigate_share(d, server):
    start_game(d, "kulibrat", {"target": "3"}, {1: "alphabeta:depth=2"})
    person_move(d)
    settle(d)
    check(moves_played(d) == 2, "kulibrat: the engine answered")
    last = js(d, "return kibitz.playedCells[1]")
    marked = js(d, "return [...document.querySelectorAll('#board .cell.last[data-cell]')].map(e => Number(e.dataset.cell))")
    check(last and sorted(marked) == sorted(last), "the engine's move is marked (%r, %r)" % (marked, last))
    d.find_element(By.ID, "undo").click()
    wait(d, "undo to the person's turn", lambda: moves_played(d) == 0)
    check(js(d, "return kibitz.running"), "engines still run after Undo")
    person_move(d)
    wait(d, "the engine to answer after Undo", lambda: moves_played(d) == 2)
    for _ in range(2):
        settle(d)
        if state(d)["over"]:
            break
        person_move(d)
    settle(d)
    n = moves_played(d)
    played = state(d)["played"]
    # The move list: a click shows the position after that move, read-only.
    items = d.find_elements(By.CSS_SELECTOR, "#move-list li")
    check(len(items) == n and items[0].text.startswith("1. "), "the move list numbers every move")
    items[0].click()
    wait(d, "the position after move 1", lambda: len(state(d)["played"]) == 1)
    check(d.find_element(By.ID, "back-to-game").is_displayed(), "a back-to-the-game control")
    d.find_element(By.TAG_NAME, "body").send_keys("\ue014")  # ArrowRight
    wait(d, "the arrow key", lambda: len(state(d)["played"]) == 2)
    d.find_element(By.TAG_NAME, "body").send_keys("\ue011")  # Home
    wait(d, "Home", lambda: len(state(d)["played"]) == 0)
    d.find_element(By.TAG_NAME, "body").send_keys("\ue010")  # End
    wait(d, "End", lambda: len(state(d)["played"]) == n)
    check(state(d)["played"] == played, "End is the game as it was")
    # The value chart (the database answers this game): a point shows its ply.
    wait(d, "the value chart", lambda: d.find_elements(By.CSS_SELECTOR, "#chart circle[data-ply]"))
    dot = d.find_elements(By.CSS_SELECTOR, "#chart circle[data-ply]")[0]
    ply = int(dot.get_attribute("data-ply"))
    js(d, "arguments[0].dispatchEvent(new MouseEvent('click', {bubbles: true}))", dot)
    wait(d, "the chart's position", lambda: len(state(d)["played"]) == ply)
    d.find_element(By.ID, "back-to-game").click()
    wait(d, "back to the game", lambda: len(state(d)["played"]) == n)
    # Flip: every cell turns half round.
    cell = state(d)["board"]["cells"][0]
    d.find_element(By.ID, "flip").click()
    settle(d)
    shown = js(d, "return kibitz.cells.get(arguments[0])", cell["id"])
    width = state(d)["board"]["width"]
    check(abs(shown["x"] - (width - cell["x"])) < 1e-6, "flip turns the board")
    d.find_element(By.ID, "flip").click()
    # The address names the game: a reload opens the same line.
    d.refresh()
    wait(d, "the reloaded page", lambda: js(d, "return window.kibitz && kibitz.state !== null"))
    settle(d)
    check(state(d)["played"] == played, "a reload opens the same game (%r, %r)" % (state(d)["played"], played))
    # The record: downloaded, read by the command line, loaded back.
    d.find_element(By.ID, "download-record").click()
    wait(d, "the record", lambda: js(d, "return !!kibitz.lastRecord"))
    record = js(d, "return kibitz.lastRecord")
    folder = scratch()
    try:
        path = os.path.join(folder, "game.json")
        with open(path, "w") as f:
            json.dump(record, f)
        out = subprocess.run([KIBITZ, "show", "kulibrat", "--record", path], capture_output=True, text=True)
        check(out.returncode == 0, "kibitz show reads the page's record: " + out.stderr)
        check("position: " + state(d)["position"] in out.stdout, "the record replays to the page's position")
        d.find_element(By.ID, "new-game").click()
        settle(d)
        d.find_element(By.ID, "upload-record").send_keys(path)
        wait(d, "the loaded record", lambda: state(d)["played"] == played)
    finally:
        remove(folder)


def keyboard_game(d):
    start_game(d, "kulibrat", {"target": "1"}, {1: "random"})
    for _ in range(300):
        settle(d)
        if state(d)["over"]:
            break
        if not js(d, "return humanToAct()"):
            continue
        person_move(d, keyboard=True)
    check(state(d)["over"], "a whole Kulibrat game by the keyboard alone")
    check("wins" in d.find_element(By.ID, "status").text or "draw" in d.find_element(By.ID, "status").text,
          "the end is said in words: " + d.find_element(By.ID, "status").text)
    check(d.find_element(By.ID, "announce").text.startswith(("Game over", "red", "black")),
          "the live region announces: " + d.find_element(By.ID, "announce").text)


def presets_and_hand_over(d):
    start_game(d, "kotra", {}, {1: "random"})
    wait(d, "kotra's setup presets", lambda: len(d.find_elements(By.CSS_SELECTOR, "#other-moves button.offer")) == 4)
    offers = d.find_elements(By.CSS_SELECTOR, "#other-moves button.offer")
    offers[0].click()
    wait(d, "gold's preset setup", lambda: moves_played(d) >= 17)
    settle(d)
    check("setup" not in state(d)["position"].split()[2] or state(d)["to_act"] != 0,
          "kotra: the preset finished gold's setup")
    # Kodrek with two people at the table: a hand-over screen between picks.
    start_game(d, "kodrek", {"toleks": "4"}, {2: "random"})
    set_value(d, "seat-kind-1", "person")
    d.find_element(By.ID, "new-game").click()  # the seats stay: two people, one engine
    settle(d)
    check(d.find_elements(By.ID, "hand-over"), "kodrek: hand the device to the first picker (%r, %r)" % (
        state(d)["turn"], d.find_element(By.ID, "chooser").text))
    d.find_element(By.ID, "hand-over-ready").click()
    d.find_elements(By.CSS_SELECTOR, "#chooser button")[0].click()
    check(d.find_elements(By.ID, "hand-over"), "kodrek: hand the device to the second picker")

RECORD_BODIES = """window.bodies = [];
const plain = window.fetch;
window.fetch = async (...args) => {
  const res = await plain(...args);
  window.bodies.push([String(args[0]), await res.clone().text()]);
  return res;
};"""


def person_plays(d, rng, turns, who):
    """The person `who` plays random legal moves in a game on the server,
    `turns` times or until the end, waiting for the engines between."""
    for _ in range(turns):
        settle(d)
        st = state(d)
        if st["over"]:
            break
        if not st["legal"]:
            wait(d, who + "'s turn", lambda: state(d)["legal"] or state(d)["over"])
            continue
        n = len(st["played"])
        js(d, "play(arguments[0])", rng.choice(st["legal"])["move"])
        wait(d, who + "'s move", lambda: len(state(d)["played"]) > n or state(d)["over"])


def server_game(d):
    """Kotra played as gold against an engine on the server: no answer the
    page receives names a silver placement before the end; the address
    reopens the game after a reload."""
    js(d, RECORD_BODIES)
    start_game(d, "kotra", {}, {1: "random"}, server=True)
    wait(d, "kotra's setup presets", lambda: len(d.find_elements(By.CSS_SELECTOR, "#other-moves button.offer")) == 4)
    d.find_elements(By.CSS_SELECTOR, "#other-moves button.offer")[0].click()
    wait(d, "gold's setup and silver's", lambda: "setup" not in state(d)["position"].split()[2])
    setup_seen = state(d)["played"]
    check(state(d)["over"] or any(m.endswith("=x") for m in setup_seen),
          "kotra: gold sees where silver placed its pieces, not their ranks (=x): %r" % setup_seen[:40])
    person_plays(d, random.Random(3), 40, "gold")
    check(js(d, "return kibitz.match.id"), "kotra: the game is kept on the server")
    ply = len(state(d)["played"])
    played = state(d)["played"]
    bodies = js(d, "return window.bodies")
    d.refresh()
    wait(d, "the game after a reload", lambda: js(d, "return !!(window.kibitz && kibitz.match && kibitz.state)"))
    settle(d)
    check(len(state(d)["played"]) == ply and state(d)["played"] == played,
          "kotra: a reload reopens the game on the server")
    js(d, RECORD_BODIES)
    js(d, "return pollMatch()")
    settle(d)
    bodies += js(d, "return window.bodies")  # the reloaded page's too
    if not state(d)["over"]:
        d.find_element(By.ID, "resign").click()
        wait(d, "the resignation", lambda: state(d)["over"])
    d.find_element(By.ID, "download-record").click()
    wait(d, "the record", lambda: js(d, "return !!kibitz.lastRecord"))
    record = js(d, "return kibitz.lastRecord")
    # A space left empty ("e6n=-") is seen by all; a rank placed at setup
    # is secret (reserve entries "in=R" and rescues "res=G" are other moves).
    secrets = [m["move"] for m in record["moves"] if m.get("turn") == "silver" and "=" in m.get("move", "")
               and not m["move"].endswith("=-") and not m["move"].startswith(("in=", "res="))]
    check(len(secrets) == 17, "kotra: silver's 17 placements are in the record (%d)" % len(secrets))
    check(len(bodies) >= 5, "kotra: the page's answers were read (%d)" % len(bodies))
    # Once the game is over everything may be shown: only the answers of a
    # game going on are searched.
    during = [(url, text) for url, text in bodies if '"over":true' not in text.replace(" ", "")]
    check(len(during) >= 5, "kotra: answers during the game (%d)" % len(during))
    for url, text in during:
        for secret in secrets:
            check('"%s"' % secret not in text, "kotra: %s answered silver's hidden %s" % (url, secret))


def kodrek_picks(d):
    """Kodrek as green against two engines on the server: no answer the
    page receives at a simultaneous node before green has picked holds the
    engines' picks there (the server keeps them until every player has
    chosen); the reveal then shows them. A game can end after a few turns
    (its seed is the server's), so games are played until at least three
    nodes have been checked (at most five games)."""
    checked = 0
    js(d, RECORD_BODIES)
    for attempt in range(5):
        js(d, "window.bodies = [];")
        start_game(d, "kodrek", {"toleks": "4"}, {1: "random", 2: "mcts:iterations=30"},
                   server=True)
        person_plays(d, random.Random(4 + attempt), 12, "green")
        views = []
        for url, text in js(d, "return window.bodies"):
            if "/api/match/" in url and text.startswith("{"):
                doc = json.loads(text)
                views.append(doc.get("view", doc))
        final = max(views, key=lambda v: len(v.get("history", [])))
        reveals = [(i, h["choices"]) for i, h in enumerate(final["history"])
                   if h["by"] == "simultaneous"]
        for ply, choices in reveals:
            for v in views:
                if v.get("ply") != ply or v.get("over") or v.get("turn") != "simultaneous":
                    continue
                shown = json.dumps({k: x for k, x in v.items()
                                    if k not in ("history", "moves", "move_cells")})
                checked += 1
                check("chosen" not in v, "kodrek: green has no pick yet at ply %d, the view says %r"
                      % (ply, v.get("chosen")))
                for player in ("blue", "red"):
                    check('"%s"' % choices[player] not in shown,
                          "kodrek: %s's pick %s was in an answer before the reveal"
                          % (player, choices[player]))
        if checked >= 3:
            break
    check(checked >= 3, "kodrek: answers at a node before green's pick (%d)" % checked)


# Threefold repetition in Kerx (the line of tests/cli_ugi.sh): the position
# before the opening's last ply comes back after each a2-b3.
KERX_CYCLE = ("c3-d4 e5xc3 b2xd4 b4xb2 b1xb3 a4-b4 d4-c3 b4xb2xd4 a2-b3 c4xa2xa4 e4xc4 d5xb3 a1-b1 "
              "b3-a2 b1-a1 a2-b3 a1-b1 b3-a2 b1-a1 a2-b3").split()


def kerx_repetition(d):
    """Two people play a cycling Kerx line on the server through the page:
    the position's third occurrence ends the game as a draw, and the page
    says why."""
    start_game(d, "kerx", {}, {}, server=True)
    set_value(d, "seat-kind-1", "person")
    d.find_element(By.ID, "new-game").click()
    wait(d, "two people at a kerx game", lambda: js(d, "return !!kibitz.match") and
         state(d) is not None and not state(d)["played"] and state(d)["legal"])
    for i, move in enumerate(KERX_CYCLE):
        check(not state(d)["over"], "kerx: not over before ply %d" % (i + 1))
        js(d, "play(arguments[0])", move)
        wait(d, "kerx move " + move, lambda: len(state(d)["played"]) == i + 1 and
             (state(d)["legal"] or state(d)["over"]))
    st = state(d)
    check(st["over"] and st["reason"] == "repetition" and st["returns"] == [0, 0],
          "kerx: the third occurrence is a draw by repetition (%r %r)" % (st["reason"], st["returns"]))
    check("three times" in d.find_element(By.ID, "status").text,
          "kerx: the page says why: %r" % d.find_element(By.ID, "status").text)


def accessibility(d, axe):
    for game, variant, engines in GAMES:
        start_game(d, game, variant, engines)
        js(d, axe)
        result = d.execute_async_script(
            "const done = arguments[arguments.length - 1];"
            "axe.run(document, {resultTypes: ['violations']}).then(r => done(r.violations.map("
            "v => [v.id, v.impact, v.nodes.length, v.nodes[0].target.join(' ')])));")
        bad = [v for v in result if v[1] in ("serious", "critical")]
        check(not bad, "%s: axe-core finds serious or critical violations: %r" % (game, bad))


def phone(server):
    d = browser((390, 844))
    try:
        # The window cannot be that narrow in headless chromium: emulate the
        # phone's screen instead.
        d.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                          {"width": 390, "height": 844, "deviceScaleFactor": 1, "mobile": True})
        d.get(server.url + "/")
        check(js(d, "return window.innerWidth") == 390, "the phone's width is 390 px")
        wait(d, "the page", lambda: js(d, "return window.kibitz && kibitz.state !== null"))
        for game, variant, engines in GAMES:
            start_game(d, game, variant, engines)
            width = js(d, "return [document.documentElement.scrollWidth, window.innerWidth]")
            check(width[0] <= width[1], "%s: no sideways scroll at 390 px (%r)" % (game, width))
            small = js(d, """return [...document.querySelectorAll('button, select, input, #board .cell[data-cell]')]
                .filter(e => e.getClientRects().length && !e.closest('[hidden]'))
                .map(e => [e.id || e.dataset.cell || e.textContent, e.getBoundingClientRect()])
                .filter(([_, r]) => r.width < 23.5 || r.height < 23.5).map(([n, r]) => [n, r.width, r.height])""")
            check(not small, "%s: tap targets under 24 px: %r" % (game, small[:5]))
            d.save_screenshot(os.path.join(SHOTS, game + "-phone.png"))
    finally:
        d.quit()


def main():
    if not os.path.exists(AXE):
        fail(AXE + " is missing: npm install axe-core (make test does it)")
    with open(AXE) as f:
        axe = f.read()
    os.makedirs(SHOTS, exist_ok=True)
    db = scratch()
    subprocess.run([KIBITZ, "solve", "kulibrat", "--variant", "target=3", "--db", db],
                   check=True, capture_output=True)
    server = Server(KIBITZ, "--db", db)
    d = browser()
    try:
        d.get(server.url + "/")
        wait(d, "the page", lambda: js(d, "return window.kibitz && kibitz.state !== null"))
        wrong_clicks(d, server)
        undo_navigate_share(d, server)
        keyboard_game(d)
        presets_and_hand_over(d)
        server_game(d)
        kodrek_picks(d)
        kerx_repetition(d)
        accessibility(d, axe)
        severe = [e for e in d.get_log("browser") if e["level"] == "SEVERE" and "favicon" not in e["message"]]
        check(not severe, "no errors in the browser console: %r" % severe[:3])
        d.quit()
        d = None
        phone(server)
    finally:
        if d:
            d.quit()
        server.stop()
        remove(db)
    print("web_page: %d checks passed" % web_lib.checks)


main()
