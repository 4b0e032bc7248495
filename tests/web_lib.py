"""Shared by the `kibitz serve` tests (tests/web_api.py, tests/web_browser.py):
start a server on a free loopback port, call its API without any proxy, ask
the command line for database values to compare with, and clean up."""

import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import urllib.error
import urllib.request

# Never go through a proxy: the server is on loopback.
OPENER = urllib.request.build_opener(urllib.request.ProxyHandler({}))
HERE = os.path.dirname(os.path.abspath(__file__))


def schema_validator():
    """A validator for docs/kibitz.schema.json (python3-jsonschema), or None."""
    try:
        import jsonschema
    except ImportError:
        return None
    with open(os.path.join(HERE, "..", "docs", "kibitz.schema.json")) as f:
        return jsonschema.Draft202012Validator(json.load(f))


class Server:
    """`kibitz serve --port 0 ...` in the background; .url is its address."""

    def __init__(self, kibitz, *args):
        # Every document the API returns is checked against the JSON schema
        # of the command line (docs/kibitz.schema.json) when it can be.
        self.validator = schema_validator()
        self.validated = 0
        # The request log (one line per request on stderr) goes to a file,
        # so that it never fills a pipe nobody reads; .log() reads it.
        self.log_file = tempfile.TemporaryFile(mode="w+", prefix="kibitz-web-log-")
        # Games go to a file of the test's own unless it names one.
        self.games_dir = None
        if "--games" not in args:
            self.games_dir = tempfile.mkdtemp(prefix="kibitz-web-games-")
            args = (*args, "--games", os.path.join(self.games_dir, "games.sqlite"))
        self.proc = subprocess.Popen([kibitz, "serve", "--port", "0", *args],
                                     stdout=subprocess.PIPE, stderr=self.log_file,
                                     text=True)
        line = self.proc.stdout.readline()
        if "listening on " not in line:
            self.proc.kill()
            self.proc.wait()
            raise SystemExit("kibitz serve did not start: %r %s" % (line, self.log()))
        self.url = line.split("listening on ")[1].split()[0].rstrip("/")
        self.line = line

    def call(self, path, body=None, raw=None, method=None):
        """(status, parsed JSON body) of one request."""
        data = raw if raw is not None else (json.dumps(body).encode() if body is not None else None)
        req = urllib.request.Request(self.url + path, data=data, method=method)
        if data is not None:
            req.add_header("Content-Type", "application/json")
        try:
            with OPENER.open(req, timeout=60) as res:
                doc = json.loads(res.read())
                if self.validator and isinstance(doc, dict) and "kind" in doc:
                    problems = [e.message for e in self.validator.iter_errors(doc)]
                    if problems:
                        fail("%s: not a valid %s document: %s" % (path, doc["kind"], problems[:3]))
                    self.validated += 1
                return res.status, doc
        except urllib.error.HTTPError as e:
            text = e.read()
            try:
                return e.code, json.loads(text)
            except ValueError:
                return e.code, text.decode(errors="replace")

    def log(self):
        """What the server wrote on stderr so far."""
        self.log_file.seek(0)
        return self.log_file.read()

    def get_text(self, path):
        with OPENER.open(self.url + path, timeout=30) as res:
            return res.status, res.headers.get("Content-Type"), res.read().decode()

    def stop(self):
        """SIGTERM; returns the exit status."""
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        if self.games_dir:
            shutil.rmtree(self.games_dir, ignore_errors=True)
            self.games_dir = None
        return self.proc.returncode


def cli_query(kibitz, db, variant, position):
    """The command line's database answer: (value, {move: value}) with each
    value as (result, distance or None), for the player to move / moving."""
    out = subprocess.run([kibitz, "query", "kulibrat", "--variant", variant, "--db", db,
                          "--position", position, "--json"],
                         capture_output=True, text=True, check=True).stdout
    doc = json.loads(out)

    def norm(v, remoteness=None):
        if isinstance(v, dict):  # the schema's value object
            return (v["result"], v.get("distance") if v["result"] != "draw" else None)
        return (v, remoteness if v != "draw" else None)  # older flat form

    value = norm(doc["value"], doc.get("remoteness")) if "value" in doc else None
    moves = {m["move"]: norm(m["value"], m.get("remoteness")) for m in doc["moves"]}
    return value, moves


def api_value(v):
    return None if v is None else (v["result"], v.get("distance"))


def scratch():
    return tempfile.mkdtemp(prefix="kibitz-web-")


def remove(folder):
    shutil.rmtree(folder, ignore_errors=True)


checks = 0  # check()s made so far, for the tests' last line


def check(cond, message):
    """Count one check; fail with `message` when `cond` is false."""
    global checks
    checks += 1
    if not cond:
        fail(message)


def fail(message):
    print("FAIL: " + message, file=sys.stderr)
    sys.exit(1)
