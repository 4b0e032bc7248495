"""A small UGI referee: plays two `kibitz ugi` processes against each other
through the protocol alone and checks the games against `kibitz arena`.

    ugi_referee.py KIBITZ GAME SPEC1 SPEC2 GAMES SEED

The arena plays GAMES games between the engine specs (fixed depths or
iteration counts, one thread: deterministic) and writes their records. For
each record the referee starts one engine process per seat (`setoption name
algo`), plays the record's random opening (the arena's first plies before
the engines move), then asks the seat to move for its move with `position
fen <start> moves ...` and `go`, exactly as a match runner does, asking
`query p1turn` after every move as two-player runners do and adjudicating
a threefold repetition as the arena does (positions tracked with the kibitz
Python package, found on PYTHONPATH). Every move and every result must be
the arena's. Exit status 0 when all agree.
"""
import json
import os
import subprocess
import sys
import tempfile

import kibitz

OPENING_PLIES = 2  # the arena's random opening of every round


class Engine:
    """One `kibitz ugi` process."""

    def __init__(self, program, game, spec):
        self.proc = subprocess.Popen([program, "ugi", game], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, text=True, bufsize=1)
        self.send("ugi")
        self.until("ugiok")
        self.send(f"setoption name algo value {spec}")
        self.send("isready")
        self.until("readyok")
        self.send("uginewgame")

    def send(self, line):
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def until(self, word):
        """Lines up to the one starting with `word`; that line's words."""
        while True:
            line = self.proc.stdout.readline()
            if not line:
                raise RuntimeError(f"engine ended before '{word}'")
            words = line.split()
            if words and words[0] == word:
                return words

    def ask(self, question):
        self.send(f"query {question}")
        words = self.until("response")
        assert len(words) == 2, words  # runners parse exactly two words
        return words[1]

    def close(self):
        self.send("quit")
        self.proc.wait(timeout=30)


def budget(spec):
    """The `go` arguments that give the spec's own budget."""
    for part in spec.split(":")[1:]:
        key, _, value = part.partition("=")
        if key == "depth":
            return f"depth {value}"
        if key == "iterations":
            return f"nodes {value}"
    return "movetime 100"


def main():
    program, game, spec1, spec2, games, seed = sys.argv[1:7]
    failures = 0
    with tempfile.TemporaryDirectory() as folder:
        subprocess.run([program, "arena", game, "--players", f"{spec1},{spec2}", "--games",
                        games, "--seed", seed, "--record", folder, "--quiet"],
                       check=True, capture_output=True)
        for name in sorted(os.listdir(folder)):
            record = json.load(open(os.path.join(folder, name)))
            specs = record["players"]
            engines = [Engine(program, game, spec) for spec in specs]
            start = record["start"]
            played = [m["move"] for m in record["moves"][:OPENING_PLIES]]
            seen = {}
            result = None
            tracked = kibitz.load_game(game).new_state_from(start)
            for move in played:
                tracked.apply_action(move)
            while True:
                probe = engines[0]
                probe.send(f"position fen {start} moves {' '.join(played)}".rstrip())
                if probe.ask("gameover") == "true":
                    result = probe.ask("result")
                    break
                # Threefold repetition, as the arena adjudicates it.
                key = tracked.position()
                seen[key] = seen.get(key, 0) + 1
                if seen[key] >= 3:
                    result = "draw"
                    break
                seat = 0 if probe.ask("p1turn") == "true" else 1
                engine = engines[seat]
                engine.send(f"position fen {start} moves {' '.join(played)}".rstrip())
                engine.send(f"go {budget(specs[seat])}")
                words = engine.until("bestmove")
                assert len(words) == 2, words
                played.append(words[1])
                tracked.apply_action(words[1])
                if len(played) > 10000:
                    result = "draw"
                    break
            for engine in engines:
                engine.close()
            arena_moves = [m["move"] for m in record["moves"]]
            winner = record["result"].get("winner")
            arena_result = "draw" if winner is None else \
                "p1win" if record["result"]["returns"][0] > 0 else "p2win"
            same = played == arena_moves and result == arena_result
            print(f"{name}: {len(played)} plies, ugi {result}, arena {arena_result}: "
                  f"{'same' if same else 'DIFFERENT'}")
            if not same:
                for i, (a, b) in enumerate(zip(played, arena_moves)):
                    if a != b:
                        print(f"  first difference at ply {i + 1}: ugi {a}, arena {b}")
                        break
                failures += 1
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
