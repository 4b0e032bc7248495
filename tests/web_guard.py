"""The defences of `kibitz serve` (usage: web_guard.py KIBITZ), each against a
real server on a free loopback port: POST bodies only as application/json
(415), requests from a page of another origin refused (403), one log line
per request and per refusal, slow clients (slowloris) from one address not
locking others out, a search ended when its client leaves, and SIGTERM
ending the server within a second while a search runs or while a request
waits for the database being made on its first use."""

import http.client
import json
import os
import shutil
import socket
import sys
import tempfile
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import web_lib  # noqa: E402
from web_lib import Server, check  # noqa: E402

KIBITZ = sys.argv[1]
# A dense Kerx size-6 position: black's capture sequences (every white has an
# empty cell behind it on a lattice) are too many to list in any time, so
# Kerx refuses it at input (games/kerx/RULES.md, "Limits").
DENSE_KERX = "6/7/w7/wwww5/w1w1w5/wwwwwwww3/1w1w1w1w2/wwwwwwwww/1w1w1w1w/wwwwwww/bw1w1w b"


def address(s):
    host, port = s.url.split("//")[1].split(":")
    return host, int(port)


def request(s, method, path, body=b"", headers=None, source=None):
    """(status, body text) of one request with exactly these headers."""
    host, port = address(s)
    c = http.client.HTTPConnection(host, port, timeout=30,
                                   source_address=(source, 0) if source else None)
    c.request(method, path, body=body, headers=headers or {})
    r = c.getresponse()
    text = r.read().decode(errors="replace")
    c.close()
    return r.status, text


def content_type(s):
    body = json.dumps({"game": "kulibrat"}).encode()
    for ctype, wanted in [("text/plain", 415), ("application/x-www-form-urlencoded", 415),
                          ("multipart/form-data; boundary=x", 415), (None, 415),
                          ("application/json", 200), ("application/json; charset=utf-8", 200),
                          ("Application/JSON", 200)]:
        headers = {"Content-Type": ctype} if ctype else {}
        status, text = request(s, "POST", "/api/state", body, headers)
        check(status == wanted, "Content-Type %s: %d, wanted %d" % (ctype, status, wanted))
        if wanted == 415:
            check("application/json" in json.loads(text)["error"], "415 names the type wanted")


def origin(s):
    host, port = address(s)
    own = "http://%s:%d" % (host, port)
    body = json.dumps({"game": "kulibrat"}).encode()
    json_type = {"Content-Type": "application/json"}
    for value, wanted in [("http://evil.example", 403), ("null", 403),
                          ("http://%s:%d" % (host, port + 1), 403),
                          ("https://%s:%d" % (host, port), 403), (own, 200)]:
        status, text = request(s, "POST", "/api/state", body, {**json_type, "Origin": value})
        check(status == wanted, "Origin %s: %d, wanted %d" % (value, status, wanted))
        status, _ = request(s, "GET", "/api/games", headers={"Origin": value})
        check(status == wanted, "GET with Origin %s: %d, wanted %d" % (value, status, wanted))
    # The page's own origin under its other names (Host says which).
    status, _ = request(s, "GET", "/api/games",
                        headers={"Host": "localhost:%d" % port, "Origin": "http://localhost:%d" % port})
    check(status == 200, "Origin http://localhost:port with Host localhost:port")


def log_lines(s):
    request(s, "POST", "/api/state", json.dumps({"game": "kerx"}).encode(),
            {"Content-Type": "application/json"})
    request(s, "POST", "/api/state", b"{}", {"Content-Type": "text/plain"})
    request(s, "GET", "/no%1Bwhere")
    time.sleep(0.2)  # the line is written when the connection ends
    log = s.log().splitlines()
    ok = [l for l in log if l.startswith("kibitz serve: POST /api/state 200 ") and l.endswith(" ms")]
    check(ok, "a logged request: method, path, status, milliseconds: %r" % log[-5:])
    refused = [l for l in log if "POST /api/state 415" in l and "refused: Content-Type" in l]
    check(refused, "a logged refusal with its reason: %r" % log[-5:])
    check(any("GET /no?where 404" in l for l in log), "control characters never reach the log")


def slowloris(s):
    """128 connections from 127.0.0.2 trickle headers a byte a second; real
    requests from 127.0.0.1 are still answered, and at once."""
    host, port = address(s)
    slow = []
    for _ in range(128):
        try:
            c = socket.create_connection((host, port), timeout=5, source_address=("127.0.0.2", 0))
            c.sendall(b"GET / HTTP/1.1\r\nHost: %s:%d\r\n" % (host.encode(), port))
            slow.append(c)
        except OSError:
            pass  # refused over the per-client limit: that is the defence
    check(len(slow) >= 64, "the slow client got its connections (%d)" % len(slow))
    worst = 0.0
    for second in range(3):
        for c in slow:
            try:
                c.send(b"X")
            except OSError:
                pass
        for _ in range(5):
            started = time.time()
            status, _ = request(s, "GET", "/api/games")
            worst = max(worst, time.time() - started)
            check(status == 200, "a real request answered during the slowloris")
        time.sleep(1)
    check(worst < 2.0, "real requests answered at once during the slowloris (%.2f s)" % worst)
    for c in slow:
        c.close()
    time.sleep(0.3)
    check("http: " in s.log(), "connections over the per-client limit are logged")


def search_stops_when_client_leaves(s):
    """A 10-second search whose client hangs up frees its slot within seconds."""
    host, port = address(s)
    # Alpha-beta looks at its stop flag every few nodes; MCTS only between
    # playouts, and a Kerx playout under the sanitizers on a loaded machine
    # took long enough to miss the deadline below (make sanitize in CI).
    body = json.dumps({"game": "kerx", "engine": "alphabeta:time=10:depth=30"}).encode()
    for _ in range(2):  # both search slots
        c = socket.create_connection((host, port), timeout=5)
        c.sendall(b"POST /api/search HTTP/1.1\r\nHost: %s:%d\r\nContent-Type: application/json\r\n"
                  b"Content-Length: %d\r\n\r\n%s" % (host.encode(), port, len(body), body))
        time.sleep(0.3)
        c.close()
    # The server notices a closed connection on its next poll and the search
    # stops at its next budget check; on a loaded machine (or under the
    # sanitizers) that takes a moment, so ask again until a slot is free.
    # The 10-second searches would hold both slots far past this deadline.
    deadline = time.time() + 4.0
    while True:
        time.sleep(0.25)
        status, _ = request(s, "POST", "/api/search",
                            json.dumps({"game": "kerx", "engine": "random"}).encode(),
                            {"Content-Type": "application/json"})
        if status != 503 or time.time() > deadline:
            break
    check(status == 200, "left searches ended and freed their slots within 4 s (got %d); the server's log:\n%s"
          % (status, s.log()))


def dense_kerx_refused(s):
    """The dense position is refused at once with the documented limit, by
    every endpoint that takes a position (a new game on the server too)."""
    for path in ("/api/state", "/api/search", "/api/query", "/api/match/new"):
        started = time.time()
        status, doc = s.call(path, {"game": "kerx", "variant": "size=6", "position": DENSE_KERX,
                                    "seats": ["person", "random"]})
        took = time.time() - started
        check(400 <= status < 500 and "too dense" in json.dumps(doc) and took < 5,
              "dense Kerx position, %s: status %s after %.2f s: %s" % (path, status, took, doc))


def sigterm_while(kind, *args):
    """SIGTERM ends the server within a second while a Kerx search request
    runs (or waits for the database it needs, being made on first use)."""
    s = Server(KIBITZ, "--threads", "1", *args)
    host, port = address(s)
    body = {"game": "kerx", "engine": "alphabeta:time=10:depth=30"}
    path = "/api/search"
    def ask():
        try:
            s.call(path, body)
        except OSError:
            pass  # the server ended under it: expected

    t = threading.Thread(target=ask, daemon=True)
    t.start()
    time.sleep(1.0)
    check(s.proc.poll() is None and t.is_alive(), "the server runs the %s" % kind)
    started = time.time()
    code = s.stop()
    took = time.time() - started
    check(code == 0 and took < 1.0, "SIGTERM during a %s: exit %s after %.2f s; the server's log:\n%s"
          % (kind, code, took, s.log()))
    return s.log()


def sigterm_while_making(data):
    """On a fresh data folder the first Kerx request makes the quick
    endgame databases (seconds; far more under the sanitizers) on a thread
    of the server's own: SIGTERM ends the server within a second all the
    same, and no temporary file is left behind."""
    os.environ["KIBITZ_DATA"] = data
    try:
        log = sigterm_while("first use of Kerx, its databases being made")
    finally:
        del os.environ["KIBITZ_DATA"]
    check("first use: making" in log, "the database was being made: %s" % log)
    left = [os.path.join(d, f) for d, _, files in os.walk(data) for f in files if ".tmp." in f]
    check(not left, "no temporary file left behind: %s" % left)


def main():
    scratch = tempfile.mkdtemp(prefix="kibitz-web-guard-")
    try:
        # An empty database folder: nothing is made on first use, so the
        # searches below are searches only (sigterm_while_making has that).
        empty = os.path.join(scratch, "no-databases")
        os.mkdir(empty)
        s = Server(KIBITZ, "--threads", "1", "--db", empty)
        try:
            content_type(s)
            origin(s)
            log_lines(s)
            search_stops_when_client_leaves(s)
            dense_kerx_refused(s)
            # Last: under the sanitizers on a loaded machine the server
            # takes a while to let go of the slow client's 128 connections,
            # and the checks above measure other things.
            slowloris(s)
        finally:
            s.stop()
        sigterm_while("search", "--db", empty)
        sigterm_while_making(os.path.join(scratch, "data"))
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    print("web_guard: %d checks passed" % web_lib.checks)


main()
