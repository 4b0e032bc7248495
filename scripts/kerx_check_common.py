"""kerx_check_common.py - pieces shared by the scripts that check Kerx
databases against searches (kerx3_check.py, kerx_horizon_check.py) and
draw random positions (kerx_random_positions.py)."""
import json
import subprocess
import sys


def board_rows(size):
    """Cells per row of a size-`size` board, from row 1 up."""
    return [size + i for i in range(size)] + [2 * size - 2 - i for i in range(size - 1)]


def random_rows(rng, size, white, black):
    """A random placement of white and black pieces on distinct cells (one
    rng.sample), as row texts with '.' for an empty cell."""
    rows = board_rows(size)
    board = ['.'] * sum(rows)
    for i, cell in enumerate(rng.sample(range(len(board)), white + black)):
        board[cell] = 'w' if i < white else 'b'
    out, at = [], 0
    for r in rows:
        out.append(''.join(board[at:at + r]))
        at += r
    return out


def packed(row):
    """A row text with each run of empty cells written as its length."""
    text, empty = '', 0
    for c in row:
        if c == '.':
            empty += 1
            continue
        if empty:
            text += str(empty)
            empty = 0
        text += c
    return text + (str(empty) if empty else '')


def run_json(cmd):
    """The last line of a kibitz --json command's output, parsed; exits
    naming the command when there is none."""
    done = subprocess.run(cmd, capture_output=True, text=True)
    try:
        return json.loads(done.stdout.strip().splitlines()[-1])
    except (IndexError, ValueError):
        sys.exit("%s: no JSON from %s: %s" % (sys.argv[0], ' '.join(cmd),
                                             done.stderr.strip()))


def alpha_beta_check(kibitz, game, pos, db, want, dist):
    """Alpha-beta to depth dist + 1 with databases db ('none' for none):
    (text for the table, True when it gives the value want at distance
    dist). A position with one legal move, which bestmove plays unsearched,
    is scored by analyse to the same depth."""
    search = ['--position', pos, '--db', db, '--depth', str(dist + 1), '--json']
    a = run_json([kibitz, 'bestmove'] + game + search)
    if a.get('engine') == 'forced':
        a = run_json([kibitz, 'analyse'] + game + search)
    v = a['value']
    text = '%s %s' % (v['result'], v.get('distance', '-'))
    same = v['result'] == want and v.get('distance') == dist
    return (text if same else text + ' DISAGREES'), same
