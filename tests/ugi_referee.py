"""A small UGI referee: plays two `kibitz ugi` processes against each other
through the protocol alone and checks the games against `kibitz arena`.

    ugi_referee.py KIBITZ GAME SPEC1 SPEC2 GAMES SEED
    ugi_referee.py match KIBITZ GAME GAMES movetime=MS|clock=BASE+INC [SLACK_MS]

The second form plays a match as a runner does (cutegames' generic UGI
mode; see `match` below) and checks that every game ends, that no `go` is
answered with `bestmove none`, and that no answer's own reported time
(`info ... time T`, measured by the engine from the arrival of `go`) passes
the limit it announced (`info string budget B limit L`) by more than
SLACK_MS (default 25) while the engine used that much CPU time (a late
answer from an engine that waited for a processor on a loaded machine is
counted, not failed). It prints the wall-clock figures for results/.

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
import time

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


class Runner(Engine):
    """An engine as a match runner drives it: `go` lines answered with the
    reported time, the announced limit and the wall time seen here."""

    def __init__(self, program, game, seed):
        self.proc = subprocess.Popen([program, "ugi", game], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, text=True, bufsize=1)
        self.send("ugi")
        self.until("ugiok")
        self.send(f"setoption name seed value {seed}")

    def new_game(self):
        self.send("uginewgame")
        self.send("isready")
        self.until("readyok")

    def cpu_ms(self):
        """CPU time the engine has used (user + system), in milliseconds."""
        with open(f"/proc/{self.proc.pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) * 1000 / os.sysconf("SC_CLK_TCK")

    def go(self, moves, budget):
        """The answer to `go`: the move, the engine's reported time and
        announced limit, the wall time seen here and the CPU time the
        engine spent meanwhile."""
        cpu = self.cpu_ms()
        self.send(f"position startpos moves {' '.join(moves)}".rstrip())
        began = time.monotonic()
        self.send(f"go {budget}")
        reported = limit = None
        while True:
            line = self.proc.stdout.readline()
            if not line:
                raise RuntimeError("engine ended during go")
            words = line.split()
            if words[:3] == ["info", "string", "budget"]:
                limit = int(words[5])
            elif words and words[0] == "info" and "time" in words:
                reported = int(words[words.index("time") + 1])
            elif words and words[0] == "bestmove":
                wall = (time.monotonic() - began) * 1000
                assert len(words) == 2, words
                return words[1], reported, limit, wall, self.cpu_ms() - cpu


def match(program, game, games, control, slack):
    """Two engines, `games` games from the start, seats swapped each game,
    driven exactly as cutegames drives generic UGI engines: before every
    move the position and `query gameover` (the runner knows no rules), then `query p1turn`
    to pick the engine, `position startpos moves ...` and `go` with the
    movetime or both clocks; at the end `query result`. A chance node is
    answered by whichever engine is asked (the one `p1turn` names not:
    seat 2), with an outcome drawn from its seed."""
    kind, _, value = control.partition("=")
    base, _, inc = value.partition("+")
    engines = [Runner(program, game, 1), Runner(program, game, 2)]
    problems, results, plies, walls, overruns = [], {}, [], [], []
    forfeits = starved = 0
    for number in range(games):
        seats = engines if number % 2 == 0 else engines[::-1]
        for engine in seats:
            engine.new_game()
        clock = [float(base), float(base)]
        moves, result = [], None
        while result is None:
            seats[0].send(f"position startpos moves {' '.join(moves)}".rstrip())
            if seats[0].ask("gameover") == "true":
                result = seats[0].ask("result")
                break
            seat = 0 if seats[0].ask("p1turn") == "true" else 1
            if kind == "movetime":
                budget = f"movetime {base}"
            else:
                budget = (f"p1time {int(clock[0])} p2time {int(clock[1])} "
                          f"p1inc {inc} p2inc {inc}")
            move, reported, limit, wall, cpu = seats[seat].go(moves, budget)
            if move == "none":
                problems.append(f"game {number + 1} ply {len(moves) + 1}: bestmove none")
                break
            if reported is not None and limit is not None:
                walls.append(wall)
                overruns.append(reported - limit)
                # An answer later than its limit is the engine's fault when it
                # worked past the limit (CPU time, counted in clock ticks of
                # 10 ms); on a loaded machine it may instead have waited for a
                # processor, which says nothing of the engine: counted apart.
                if reported > limit + slack:
                    if cpu > limit + slack + 10:
                        problems.append(f"game {number + 1} ply {len(moves) + 1}: "
                                        f"reported {reported} ms, {cpu:.0f} ms of CPU, "
                                        f"against a limit of {limit} ms")
                    else:
                        starved += 1
            if kind == "clock":
                clock[seat] -= wall
                if clock[seat] < 0:
                    # Lost on time, as a runner rules it. The engine's fault
                    # when it worked past its limit; else the machine's.
                    forfeits += 1
                    if cpu > limit + slack + 10:
                        problems.append(f"game {number + 1} ply {len(moves) + 1}: "
                                        f"lost on time after {cpu:.0f} ms of CPU")
                    result = "p2win" if seat == 0 else "p1win"
                    break
                clock[seat] += float(inc)
            moves.append(move)
            if len(moves) > 12000:
                problems.append(f"game {number + 1}: no end after {len(moves)} plies")
                break
        results[result] = results.get(result, 0) + 1
        plies.append(len(moves))
    for engine in engines:
        engine.close()
    walls.sort()
    print(f"{game} {control}: {games} games, results {results}, plies "
          f"{min(plies)}..{max(plies)} (total {sum(plies)}), timed answers {len(walls)}")
    if walls:
        print(f"  wall ms per timed go: median {walls[len(walls) // 2]:.1f}, "
              f"max {walls[-1]:.1f}; reported minus limit: max {max(overruns)} ms")
    if kind == "clock":
        print(f"  games lost on time as the referee's clock saw it: {forfeits}")
    print(f"  answers late by more than {slack} ms while the engine waited for a "
          f"processor (machine load, not the engine): {starved}")
    for problem in problems[:20]:
        print("FAIL " + problem)
    if None in results:
        problems.append("a game without a result")
    return 1 if problems else 0


def main():
    if sys.argv[1] == "match":
        program, game, games, control = sys.argv[2:6]
        slack = int(sys.argv[6]) if len(sys.argv) > 6 else 25
        return match(program, game, int(games), control, slack)
    program, game, spec1, spec2, games, seed = sys.argv[1:7]
    import kibitz  # the Python package: only the arena comparison tracks positions
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
