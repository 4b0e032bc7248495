"""kerx_check_common.py - pieces shared by the scripts that check Kerx
databases against searches (kerx3_check.py, kerx_horizon_check.py)."""
import json
import subprocess
import sys


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
