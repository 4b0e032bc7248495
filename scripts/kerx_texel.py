#!/usr/bin/python3
"""kerx_texel.py KIBITZ TERMS DB SETS COUNT SEED - fit the weights of the
Kerx endgame evaluation to the endgame databases' labels ("Texel tuning").

KIBITZ   the kibitz program
TERMS    the kerx-eval-terms tool (built beside kibitz)
DB       the data folder holding Kerx endgame databases (size 4, default
         rules), as `--db` takes it: `kibitz solve kerx --pieces 6 --db DB`
SETS     materials as WxB, white to move, e.g. "4x1 1x4 4x2 2x4 5x1 1x5"
COUNT    random positions per material (scripts/kerx_random_positions.py)
SEED     their seed; half of the positions of each material (every other
         one) fit the weights, the other half measure them

Outcome fit: each position gets its label from the databases (the side to
move wins 1, draws 1/2, loses 0; positions already over are skipped) and
its terms from TERMS (base: material and centre, or material alone where
the endgame terms apply; then the endgame terms t_i of
games/kerx/kerx_eval.h). The model is the evaluation through a logistic
link, P(label) = sigmoid(k * (base + sum w_i t_i)); the fit minimises the
cross-entropy over k and the k*w_i (logistic regression with fractional
targets, Newton's method; no intercept, as the evaluation is
antisymmetric).

Progress fit (comparison training): in positions of the materials where
white is ahead that the databases rate won, each fastest-winning move
against each slower or non-winning move of the same material; logistic
regression of "the fastest is preferred" on the differences of the terms
after the two moves gives the direction of the weights, and the outcome
fit along that direction their scale. Needs the kibitz Python module
(PYTHONPATH=build/python) for the moves' children.

Prints both fits' weights (evaluation points per unit, as
kerx_endgame_weights wants them) and, on held-out halves, the
cross-entropy, the share of positions whose label is the model's likeliest
and the share of move pairs ordered right, for the weights of
games/kerx/kerx_eval.c ("today") and the fits, each material apart.
Needs Debian's numpy.
"""
import json
import os
import re
import subprocess
import sys

import numpy as np

TERMS = ["near", "room", "their_exposed", "our_exposed", "spare_exposed", "centre"]
HERE = os.path.dirname(os.path.abspath(__file__))


def positions(size, white, black, count, seed):
    out = subprocess.run(
        ["/usr/bin/python3", os.path.join(HERE, "kerx_random_positions.py"), str(size),
         str(white), str(black), str(count), str(seed)],
        check=True, capture_output=True, text=True).stdout
    return out.splitlines()


def labels(kibitz, db, lines):
    """The databases' value of each position for the side to move (None when
    the game is over or the databases have no answer)."""
    run = subprocess.run([kibitz, "query", "kerx", "--db", db, "--positions", "-", "--json"],
                         input="\n".join(lines) + "\n", capture_output=True, text=True)
    if run.returncode != 0 and not run.stdout:
        sys.exit("kerx_texel.py: %s" % run.stderr.strip())
    out = run.stdout
    score = {"win": 1.0, "draw": 0.5, "loss": 0.0}
    result = []
    for line in out.splitlines():
        doc = json.loads(line)
        value = doc.get("value") or {}
        result.append(score.get(value.get("result")) if doc.get("moves") else None)
    if len(result) != len(lines):
        sys.exit("kerx_texel.py: query answered %d of %d positions" % (len(result), len(lines)))
    return result


def terms(tool, lines):
    out = subprocess.run([tool], input="\n".join(lines) + "\n", capture_output=True,
                         text=True).stdout.splitlines()
    if len(out) != len(lines) or any(l.startswith("error") for l in out):
        sys.exit("kerx_texel.py: %s could not read every position" % tool)
    return np.array([[float(x) for x in l.split()] for l in out])


BASE, MATERIAL, FIRST_TERM = 0, 1, 2


def eval_columns(x):
    """base and the terms (the columns the evaluation adds up)."""
    return np.hstack([x[:, BASE:BASE + 1], x[:, FIRST_TERM:]])


def current_weights():
    text = open(os.path.join(HERE, "..", "games", "kerx", "kerx_eval.c")).read()
    found = dict(re.findall(r"\[KERX_TERM_(\w+)\] = (-?\d+)", text))
    return np.array([float(found[t.upper()]) for t in TERMS])


def cross_entropy(p, y):
    p = np.clip(p, 1e-12, 1 - 1e-12)
    return float(-np.mean(y * np.log(p) + (1 - y) * np.log(1 - p)))


def sigmoid(z):
    return 1.0 / (1.0 + np.exp(-np.clip(z, -50, 50)))


def newton(x, y, steps=100):
    """Logistic regression of y on the columns of x, no intercept."""
    c = np.zeros(x.shape[1])
    for _ in range(steps):
        p = sigmoid(x @ c)
        grad = x.T @ (p - y) / len(y)
        hess = (x * (p * (1 - p))[:, None]).T @ x / len(y) + 1e-9 * np.eye(x.shape[1])
        step = np.linalg.solve(hess, grad)
        c -= step
        if np.max(np.abs(step)) < 1e-12:
            break
    return c


def scale_only(x, y, w):
    """The best k for fixed weights w (the evaluation as it is)."""
    e = x[:, :1] + x[:, 1:] @ w[:, None]
    return newton(e, y)[0]


def agreement(p, y):
    """Share of positions whose label is the likeliest under the model: win
    when p > 2/3, loss when p < 1/3, else draw."""
    guess = np.where(p > 2 / 3, 1.0, np.where(p < 1 / 3, 0.0, 0.5))
    return float(np.mean(guess == y))


def move_pairs(tool, db, lines, limit):
    """Comparison training: in positions the databases rate won for the side
    to move, each of its fastest winning moves against each slower or
    non-winning move, as differences of the children's features from the
    mover's view (the children are the opponent's to move, so their
    columns are negated). Needs the kibitz Python module."""
    import kibitz
    game = kibitz.load_game("kerx")
    base = kibitz.Database(db)
    children, pairs = [], []
    for line in lines:
        state = game.new_state_from(line)
        if state.is_terminal():
            continue
        doc = base.query(state)
        value = doc.get("value") or {}
        if value.get("result") != "win":
            continue
        moves = doc["moves"]
        fastest = min(m["value"]["distance"] for m in moves if m["value"]["result"] == "win")
        first = len(children)
        for m in moves:
            child = state.clone()
            child.apply_action(m["move"])
            children.append(child.position())
        best = [first + i for i, m in enumerate(moves)
                if m["value"]["result"] == "win" and m["value"]["distance"] == fastest]
        worse = [first + i for i, m in enumerate(moves) if first + i not in best]
        pairs += [(b, w) for b in best for w in worse]
        if len(pairs) >= limit:
            break
    x = -terms(tool, children)
    same = [(b, w) for b, w in pairs if x[b, MATERIAL] == x[w, MATERIAL]]
    return np.array([x[b] - x[w] for b, w in same])


def rank_direction(diff):
    """Logistic regression of 'the fastest win is preferred' on the terms'
    differences (each pair also mirrored, so that the model has no bias):
    the direction of the weights that tells progress, up to a scale."""
    x = np.vstack([diff[:, FIRST_TERM:], -diff[:, FIRST_TERM:]])
    y = np.concatenate([np.ones(len(diff)), np.zeros(len(diff))])
    return newton(x, y)


def main():
    if len(sys.argv) != 7:
        sys.exit(__doc__.split("\n\n")[0])
    kibitz, tool, db, sets, count, seed = sys.argv[1:]
    count, seed = int(count), int(seed)
    rows = {}
    for material in sets.split():
        white, black = (int(n) for n in material.split("x"))
        lines = positions(4, white, black, count, seed)
        y = labels(kibitz, db, lines)
        keep = [i for i, v in enumerate(y) if v is not None]
        lines = [lines[i] for i in keep]
        rows[material] = (terms(tool, lines), np.array([y[i] for i in keep]))
    fit_x = np.vstack([eval_columns(x[0::2]) for x, _ in rows.values()])
    fit_y = np.concatenate([y[0::2] for _, y in rows.values()])
    c = newton(fit_x, fit_y)
    k, fitted = c[0], c[1:] / c[0]
    today = current_weights()
    k_today = scale_only(fit_x, fit_y, today)
    print("Fitted on %d positions (every other one of each material), measured on the"
          % len(fit_y))
    print("other %d; k (per evaluation point) fitted %.6f, for today's weights %.6f."
          % (sum(len(y) - len(y[0::2]) for _, y in rows.values()), k, k_today))
    print()
    print("| term | today | fitted |")
    print("|---|---|---|")
    for name, a, b in zip(TERMS, today, fitted):
        print("| %s | %g | %.1f |" % (name, a, b))
    print()
    print("| material | positions | won / drawn / lost | cross-entropy today | fitted |"
          " label likeliest today | fitted |")
    print("|---|---|---|---|---|---|---|")
    for material, (x, y) in rows.items():
        x, y = eval_columns(x[1::2]), y[1::2]
        p_today = sigmoid(k_today * (x[:, 0] + x[:, 1:] @ today))
        p_fit = sigmoid(k * (x[:, 0] + x[:, 1:] @ fitted))
        print("| %s | %d | %d / %d / %d | %.4f | %.4f | %.1f%% | %.1f%% |" % (
            material, len(y), np.sum(y == 1), np.sum(y == 0.5), np.sum(y == 0),
            cross_entropy(p_today, y), cross_entropy(p_fit, y),
            100 * agreement(p_today, y), 100 * agreement(p_fit, y)))
    print()
    print("outcome fit, weights: " +
          ", ".join("%s=%d" % (n, round(w)) for n, w in zip(TERMS, fitted)))
    # Progress: which move of a won position wins fastest.
    pair_rows = {}
    for material in sets.split():
        x, _ = rows[material]
        white, black = (int(n) for n in material.split("x"))
        if white <= black:
            continue  # the side ahead to move
        pair_rows[material] = move_pairs(tool, db, positions(4, white, black, count // 10,
                                                             seed + 1), count)
    fit_d = np.vstack([d[0::2] for d in pair_rows.values()])
    direction = rank_direction(fit_d)
    # Its scale against material: the outcome fit along that direction.
    along = np.column_stack([fit_x[:, 0], fit_x[:, 1:] @ direction])
    a, b = newton(along, fit_y)
    ranked = direction * (b / a)
    print()
    print("Progress fit on %d move pairs (fastest win against a slower or non-winning"
          % len(fit_d))
    print("move of the same material, in won positions of the side ahead; every other")
    print("pair), scaled by the outcome fit along its direction (scale %.4f):" % (b / a))
    print()
    print("| term | today | outcome fit | progress fit |")
    print("|---|---|---|---|")
    for name, a, b, r in zip(TERMS, today, fitted, ranked):
        print("| %s | %g | %.1f | %.1f |" % (name, a, b, r))
    print()
    print("| material | held-out pairs | fastest preferred: today | outcome fit | progress fit |")
    print("|---|---|---|---|---|")
    for material, d in pair_rows.items():
        d = d[1::2]
        def share(w):
            score = d[:, BASE] + d[:, FIRST_TERM:] @ w
            return 100 * (np.mean(score > 0) + 0.5 * np.mean(score == 0))
        print("| %s | %d | %.1f%% | %.1f%% | %.1f%% |" % (
            material, len(d), share(today), share(fitted), share(ranked)))
    print()
    print("progress fit, weights: " +
          ", ".join("%s=%d" % (n, round(w)) for n, w in zip(TERMS, ranked)))


if __name__ == "__main__":
    main()
