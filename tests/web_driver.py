"""The browser side of the page tests (tests/web_browser.py, web_page.py):
Debian's chromium driven by chromium-driver through python3-selenium, and
the small steps every test takes (wait for the page to settle, set a
control, start a game, click a cell where the server drew it)."""

import json
import os
import tempfile
import time

from web_lib import check, fail  # noqa: F401 (check: for the tests that import it here)

try:
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.by import By
except ImportError:
    fail("python3-selenium is missing: apt-get install python3-selenium (make test does it)")

def browser(size=(1300, 950)):
    for path in ["/usr/bin/chromium", "/usr/bin/chromedriver"]:
        if not os.path.exists(path):
            fail(path + " is missing: apt-get install chromium chromium-driver (make test does it)")
    opts = webdriver.ChromeOptions()
    opts.binary_location = "/usr/bin/chromium"
    for flag in ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--no-proxy-server", "--window-size=%d,%d" % size,
                 "--user-data-dir=" + tempfile.mkdtemp(prefix="kibitz-chromium-")]:
        opts.add_argument(flag)
    return webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=opts)


def js(d, script, *args):
    return d.execute_script(script, *args)


def state(d):
    return js(d, "return window.kibitz.state")


def wait(d, what, cond, timeout=30):
    end = time.time() + timeout
    while time.time() < end:
        if js(d, "return window.kibitz && window.kibitz.pending === 0") and cond():
            return
        time.sleep(0.05)
    fail("timed out waiting for %s; error shown: %s; page: %s" % (
        what, d.find_element(By.ID, "error").text, json.dumps(js(d, """const k = kibitz;
        return [k.state && k.state.turn, k.state && k.state.to_act, k.running, k.pending,
                k.seats, k.secret, k.state && k.state.moves.length, k.lastError]"""))))


def settle(d):
    """Wait until no request is pending and no engine or throw is due."""
    def idle():
        time.sleep(0.05)
        return js(d, "const k = window.kibitz; return k.pending === 0 && k.state !== null &&"
                     " (k.state.over || !k.running || !engineWork())")
    wait(d, "the engines and throws to finish", idle)


def set_value(d, element_id, value):
    js(d, "const e = document.getElementById(arguments[0]); e.value = arguments[1];"
          " e.dispatchEvent(new Event('change'));", element_id, value)


def start_game(d, game, variant, engines, server=False):
    """A new game of `game` with `variant`, the seats of `engines` engines,
    the others people; explored on the page (server=False) or kept on the
    server (server=True: the seats go with the game, so they come first)."""
    set_value(d, "game", game)
    wait(d, game + " to load", lambda: js(d, "return kibitz.game.name") == game and state(d))
    for key, value in variant.items():
        set_value(d, "variant-" + key, value)
    set_value(d, "pace", "0")
    js(d, "document.getElementById('server-game').checked = arguments[0]", server)
    if server:
        for p, spec in engines.items():
            set_value(d, "seat-kind-%d" % p, "engine")
            set_value(d, "seat-spec-%d" % p, spec)
    d.find_element(By.ID, "new-game").click()
    wait(d, "the new game", lambda: state(d) is not None and
         bool(js(d, "return !!kibitz.match")) == server)
    for p, spec in engines.items():
        set_value(d, "seat-spec-%d" % p, spec)
    settle(d)


def click_cell(d, cell_id):
    """A real mouse click at the centre the server gave for the cell."""
    svg = d.find_element(By.ID, "board")
    dx, dy = js(d, """
        const svg = document.getElementById('board'), c = kibitz.cells.get(arguments[0]);
        const p = svg.createSVGPoint(); p.x = c.x; p.y = c.y;
        const q = p.matrixTransform(svg.getScreenCTM()), r = svg.getBoundingClientRect();
        return [q.x - (r.left + r.width / 2), q.y - (r.top + r.height / 2)];""", cell_id)
    ActionChains(d).move_to_element_with_offset(svg, int(dx), int(dy)).click().perform()


