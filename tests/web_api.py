"""API tests of `kibitz serve` against a real server on a free loopback port
(usage: web_api.py KIBITZ). Checks the page's files, every endpoint, errors
that name the field, database values against `kibitz query`, malformed HTTP,
the search cap (503), options, the default address and a clean stop."""

import http.client
import json
import os
import socket
import subprocess
import sys
import threading

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from web_lib import Server, api_value, cli_query, fail, remove, scratch  # noqa: E402

KIBITZ = sys.argv[1]
checks = 0


def check(cond, message):
    global checks
    checks += 1
    if not cond:
        fail(message)


def expect_error(server, path, body, status, needle):
    got, doc = server.call(path, body)
    check(got == status and isinstance(doc, dict) and needle in doc.get("error", ""),
          "%s %s: got %s %r, wanted %d naming %r" % (path, body, got, doc, status, needle))


def static_files(s):
    status, ctype, text = s.get_text("/")
    check(status == 200 and ctype.startswith("text/html") and "/app.js" in text, "index.html")
    status, ctype, text = s.get_text("/app.js")
    check(status == 200 and "javascript" in ctype and "/api/state" in text, "app.js")
    status, ctype, _ = s.get_text("/style.css")
    check(status == 200 and ctype.startswith("text/css"), "style.css")
    status, _ = s.call("/nothing-here")
    check(status == 404, "unknown page: 404")
    status, doc = s.call("/api/nothing")
    check(status == 404 and "error" in doc, "unknown API path: 404 with an error")


def games_and_states(s):
    status, doc = s.call("/api/games")
    check(status == 200 and doc["kind"] == "games", "GET /api/games")
    names = [g["name"] for g in doc["games"]]
    listed = subprocess.run([KIBITZ, "games", "--json"], capture_output=True, text=True,
                            timeout=20)
    registry = [g["name"] for g in json.loads(listed.stdout)["games"]]
    check(names == registry, "every registered game, in the registry's order")
    for g in doc["games"]:
        check(g["board"], g["name"] + " has a web board")
        status, st = s.call("/api/state", {"game": g["name"]})
        check(status == 200 and st["board"]["cells"], g["name"] + ": state with a board")
        ids = {c["id"] for c in st["board"]["cells"]}
        for cells in st["move_cells"]:
            check(set(cells) <= ids, g["name"] + ": move cells on the board")
    # Playing moves changes the board and the side to act.
    _, a = s.call("/api/state", {"game": "kulibrat"})
    _, b = s.call("/api/state", {"game": "kulibrat", "moves": ["+b4"]})
    check(a["board"]["pieces"] != b["board"]["pieces"] and b["turn"] == "red", "a move is played")
    check(b["played"] == ["+b4"], "played moves are echoed")
    # A viewer of a hidden-information game is not shown the other side's choices.
    _, k = s.call("/api/state", {"game": "kotra", "viewer": 1})
    check(k["turn"] == "gold" and k["moves"] == [], "Kotra: silver sees no gold decisions")
    _, k = s.call("/api/state", {"game": "kotra", "viewer": 0})
    check(k["moves"] and all(len(c) == 1 for c in k["move_cells"]), "Kotra: gold's setup")


def errors(s):
    status, doc = s.call("/api/state", raw=b"")
    check(status == 400 and "body" in doc["error"], "empty body")
    status, doc = s.call("/api/state", raw=b"{not json")
    check(status == 400 and "body" in doc["error"], "malformed JSON")
    expect_error(s, "/api/state", {}, 400, "game")
    expect_error(s, "/api/state", {"game": "go"}, 400, "game")
    expect_error(s, "/api/state", {"game": "kerx", "variant": "size=9"}, 400, "variant")
    expect_error(s, "/api/state", {"game": "kerx", "position": "zz"}, 400, "position")
    expect_error(s, "/api/state", {"game": "kerx", "position": "x" * 5000}, 400, "position")
    expect_error(s, "/api/state", {"game": "kerx", "moves": ["a1-a2"]}, 400, "moves[0]")
    expect_error(s, "/api/state", {"game": "kerx", "moves": [17]}, 400, "moves[0]")
    expect_error(s, "/api/search", {"game": "kerx", "engine": "alphabeta:depth=x"}, 400, "engine")
    expect_error(s, "/api/search", {"game": "kerx", "engine": "mcts:hash=100000"}, 400, "engine")
    # Issue 31, defect 4: a message quoting the request keeps its place
    # when the quote cuts a UTF-8 character (U+FFFD stands in for the cut
    # bytes); it used to become a 500 "out of memory".
    for pad in range(4):
        text = "x" * pad + "\u00e9" * 40
        for field, body in (("position", {"game": "kulibrat", "position": text}),
                            ("moves[0]", {"game": "kulibrat", "moves": [text]}),
                            ("variant", {"game": "kulibrat", "variant": "target=" + text}),
                            ("engine", {"game": "kulibrat", "engine": "mcts:c=" + text})):
            path = "/api/search" if field == "engine" else "/api/state"
            expect_error(s, path, body, 400, field)
    status, doc = s.call("/api/state", raw=b" " * (300 * 1024))
    check(status == 413, "an oversized body is refused (%s)" % status)
    status, doc = s.call("/api/games", {"game": "kerx"})
    check(status == 405, "POST to a GET path")


def raw_http(s):
    """Malformed HTTP never wedges the server."""
    host, port = s.url.split("//")[1].split(":")
    for junk in [b"BLAH\r\n\r\n", b"GET\r\n\r\n", b"POST /api/state HTTP/1.1\r\nContent-Length: 99999999\r\n\r\n{",
                 b"GET /" + b"a" * 20000 + b" HTTP/1.1\r\n\r\n", b"\x00\xff" * 100,
                 b"POST /api/state HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n"]:
        with socket.create_connection((host, int(port)), timeout=10) as c:
            c.sendall(junk)
            c.shutdown(socket.SHUT_WR)
            try:
                c.recv(1000)
            except OSError:
                pass
    status, _ = s.call("/api/games")
    check(status == 200, "the server answers after malformed HTTP")


def host_header(s):
    """DNS rebinding: a request whose Host names another site gets 421 and a
    JSON error, whatever it asks for; this server's names pass."""
    host, port = s.url.split("//")[1].split(":")
    for name, wanted in [("evil.example:" + port, 421), ("localhost:" + port, 200),
                         ("[::1]:" + port, 200), ("127.0.0.1:" + port, 200),
                         ("localhost:" + str(int(port) + 1), 421)]:
        for path in ["/api/games", "/"]:
            c = http.client.HTTPConnection(host, int(port), timeout=20)
            c.putrequest("GET", path, skip_host=True)
            c.putheader("Host", name)
            c.endheaders()
            r = c.getresponse()
            body = r.read()
            c.close()
            check(r.status == wanted, "Host %s %s: status %d, wanted %d" % (name, path, r.status, wanted))
            if wanted == 421:
                doc = json.loads(body)
                check("host" in doc.get("error", "") and "rebinding" in doc["error"],
                      "Host %s: a JSON error naming the Host header: %r" % (name, doc))


def database_values(s, db):
    variant = "target=3,first=black"
    lines = [[], ["+b4"], ["+b4", "+a1", "b4-a3"], ["+a4", "+c1", "+c4", "c1-b2"]]
    for moves in lines:
        status, st = s.call("/api/state", {"game": "kulibrat", "variant": variant, "moves": moves})
        status, q = s.call("/api/query", {"game": "kulibrat", "variant": variant,
                                          "moves": moves, "history": True})
        check(status == 200 and q["database"], "query answered")
        value, each = cli_query(KIBITZ, db, variant, st["position"])
        check(api_value(q["value"]) == value, "position value %r vs %r" % (q["value"], value))
        got = {m["move"]: api_value(m["value"]) for m in q["moves"]}
        check(got == each, "move values after %s: %r vs %r" % (moves, got, each))
        check(len(q["history"]) == len(moves) + 1, "a value per position of the line")
    # The perfect player plays a move the database values as the position.
    status, doc = s.call("/api/search", {"game": "kulibrat", "variant": variant, "engine": "db"})
    value, each = cli_query(KIBITZ, db, variant, ".../.../.../... b 0-0")
    check(status == 200 and doc["engine"] == "db" and each[doc["move"]][0] == value[0],
          "db plays a best move: %r" % doc)
    # A variant no database answers: no values, no error.
    status, q = s.call("/api/query", {"game": "kulibrat", "variant": "target=9"})
    check(status == 200 and q["database"] is None, "no database: database null")


def search(s):
    status, doc = s.call("/api/search", {"game": "kulibrat", "engine": "alphabeta:depth=5"})
    check(status == 200 and doc["move"], "search gives a move")
    status, st = s.call("/api/state", {"game": "kulibrat", "moves": [doc["move"]]})
    check(status == 200, "the engine's move is legal")
    status, doc = s.call("/api/search", {"game": "kerx", "engine": "mcts:iterations=200",
                                         "analyse": True, "seed": 3})
    check(status == 200 and len(doc["moves"]) > 1 and "visits" in doc["moves"][0],
          "MCTS analysis lists root moves")
    status, doc = s.call("/api/search", {"game": "kodrek", "engine": "random", "player": 1})
    check(status == 200 and doc["engine"] == "random" and doc["move"].startswith("h"),
          "a random seat's secret choice")
    # Searches beyond the cap get 503 at once, the others answer.
    results = []

    def one():
        results.append(s.call("/api/search", {"game": "kerx", "engine": "alphabeta:time=1:depth=30"})[0])

    threads = [threading.Thread(target=one) for _ in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    check(set(results) <= {200, 503} and 503 in results and 200 in results,
          "busy searches: %r" % results)


def options(db):
    for args, needle in [(["--port", "99999"], "--port"), (["--bind", "nowhere"], "--bind"),
                         (["--threads", "0"], "--threads"), (["--colour"], "unknown option")]:
        r = subprocess.run([KIBITZ, "serve", *args], capture_output=True, text=True, timeout=20)
        check(r.returncode == 2 and needle in r.stderr, "serve %s: %s" % (args, r.stderr))


def main():
    db = scratch()
    try:
        subprocess.run([KIBITZ, "solve", "kulibrat", "--variant", "target=3", "--db", db],
                       check=True, capture_output=True)
        s = Server(KIBITZ, "--db", db, "--threads", "1")
        try:
            check("http://127.0.0.1:" in s.line, "binds to 127.0.0.1 by default")
            static_files(s)
            games_and_states(s)
            errors(s)
            raw_http(s)
            host_header(s)
            database_values(s, db)
            search(s)
            check(s.validator is not None and s.validated > 20,
                  "documents checked against docs/kibitz.schema.json (%d)" % s.validated)
        finally:
            code = s.stop()
        check(code == 0, "SIGTERM stops the server cleanly (exit %s)" % code)
        options(db)
    finally:
        remove(db)
    print("web_api: %d checks passed" % checks)


main()
