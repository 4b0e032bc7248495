// kibitz serve's page, the parts around the game: the address that names
// the game shown (a reload or a pasted link opens the same), the game record
// to download and load (the `--record` format of docs/JSON.md), the board
// flipped, and the keys that step through the moves. It uses app.js's
// functions and knows no rule either.
'use strict';

window.kibitzPage = {
  // Called by app.js after every state: the address follows the game.
  afterState() {
    if (!app.game) return;
    if (app.match) { // a game on the server: its id (the tokens stay in this browser)
      history.replaceState(null, '', '#' + new URLSearchParams({ match: app.match.id }).toString());
      return;
    }
    const q = new URLSearchParams({ game: app.game.name, variant: app.variant });
    if (app.start) q.set('position', app.start);
    if (app.moves.length) q.set('moves', JSON.stringify(app.moves));
    if (app.moves.length) q.set('actors', app.actors.join(','));
    if (app.viewPly !== null) q.set('ply', app.viewPly);
    history.replaceState(null, '', '#' + q.toString());
  },
  // At start-up: open what the address names; false when it names nothing.
  restore() {
    if (location.hash.length < 2) return false;
    const q = new URLSearchParams(location.hash.slice(1));
    if (q.has('match')) {
      reopen(q.get('match'));
      return true;
    }
    const game = app.games.find((g) => g.name === q.get('game'));
    if (!game) return false;
    try {
      const moves = q.has('moves') ? JSON.parse(q.get('moves')) : [];
      const actors = q.has('actors') ? q.get('actors').split(',').map(Number) : [];
      if (!Array.isArray(moves) || actors.length !== moves.length) throw new Error('moves and actors differ');
      openLine(game.name, q.get('variant') || game.variant, q.get('position') || '', moves, actors,
        q.has('ply') ? Number(q.get('ply')) : null);
      return true;
    } catch (e) {
      showError('the address names no game kibitz can open: ' + e.message);
      return false;
    }
  },
};

// A game on the server named by the address: its game and variant first,
// then its view.
async function reopen(id) {
  try {
    const tokens = JSON.parse(localStorage.getItem('kibitz-game-' + id) || 'null');
    const seat = tokens ? tokens.findIndex((t) => t) : -1;
    if (seat < 0) throw new Error('this browser holds no seat of game ' + id);
    const view = await api('/api/match/view', { id, token: tokens[seat] });
    chooseGame(view.game, view.variant);
    app.variant = variantText();
    app.start = '';
    resetLine();
    await reopenMatch(id);
  } catch (e) {
    showError(e);
    chooseGame(app.games[0].name);
  }
}

// Open `moves` (made by `actors`) from `start` in `game`.
function openLine(game, variant, start, moves, actors, ply) {
  app.match = null; // a line explored on this page, not a game on the server
  chooseGame(game, variant);
  app.variant = variantText();
  app.start = start;
  resetLine();
  app.moves = moves;
  app.actors = actors;
  app.playedCells = moves.map(() => []);
  app.viewPly = ply === null || ply >= moves.length ? null : Math.max(0, ply);
  buildSeats();
  refresh();
}

// ---- the game record ----
async function recordDocument() {
  const first = await api('/api/state', { game: app.game.name, variant: app.variant, position: app.start, moves: [] });
  const names = players();
  const moves = app.moves.map((m, i) => {
    const a = app.actors[i];
    if (a === -2 && m && m.joint)
      return { turn: 'simultaneous', choices: m.joint.map((x, p) => (x === null ? null : { player: names[p], move: x })).filter(Boolean) };
    return { turn: a >= 0 ? names[a] : 'chance', move: m };
  });
  const st = app.state;
  let result = null;
  if (st.over && !looking() && st.returns) {
    const best = Math.max(...st.returns);
    const winners = names.filter((_, p) => st.returns[p] === best);
    result = { returns: st.returns, winner: winners.length === 1 ? winners[0] : null };
  }
  return { schema: 1, kind: 'record', game: app.game.name, variant: app.variant, seed: null,
    start: first.position, players: app.seats.map((s) => (s.kind === 'person' ? 'human' : s.spec)),
    moves, result };
}

async function downloadRecord() {
  try {
    // A game on the server: its own record, once over (it holds every
    // hidden choice).
    const doc = app.match ? await matchRecord() : await recordDocument();
    const blob = new Blob([JSON.stringify(doc) + '\n'], { type: 'application/json' });
    const a = document.createElement('a');
    a.href = URL.createObjectURL(blob);
    a.download = app.game.name + '-game.json';
    document.body.append(a);
    a.click();
    a.remove();
    app.lastRecord = doc; // for the browser tests
  } catch (e) {
    showError(e);
  }
}

// A record read back: its game, variant, start and moves (seats as recorded).
function loadRecord(text) {
  let doc;
  try {
    doc = JSON.parse(text);
  } catch (e) {
    return showError('not a game record: the file is not JSON (' + e.message + ')');
  }
  if (!doc || doc.kind !== 'record' || !Array.isArray(doc.moves))
    return showError('not a game record: it has no "kind": "record" with "moves"');
  const game = app.games.find((g) => g.name === doc.game);
  if (!game) return showError('the record is of a game this server does not play: ' + doc.game);
  const names = game.player_names;
  const moves = [], actors = [];
  for (const m of doc.moves) {
    if (m.turn === 'simultaneous') {
      const joint = names.map((n) => { const c = (m.choices || []).find((x) => x.player === n); return c ? c.move : null; });
      moves.push({ joint });
      actors.push(-2);
    } else {
      const p = names.indexOf(m.turn);
      if (p < 0 && m.turn !== 'chance') return showError('the record names no player "' + m.turn + '"');
      moves.push(m.move);
      actors.push(p);
    }
  }
  openLine(game.name, doc.variant || game.variant, doc.start || '', moves, actors, null);
  if (Array.isArray(doc.players))
    doc.players.forEach((spec, p) => {
      if (app.seats[p]) app.seats[p] = spec === 'human' ? { kind: 'person', spec: app.seats[p].spec } : { kind: 'engine', spec };
    });
  app.running = false; // a loaded game waits: step or resume to go on
  buildSeats();
  renderControls();
}

// ---- keys and buttons ----
function shownPly() { return app.viewPly === null ? app.moves.length : app.viewPly; }

document.addEventListener('keydown', (e) => {
  const t = e.target;
  if (t && (t.tagName === 'INPUT' || t.tagName === 'TEXTAREA' || t.tagName === 'SELECT')) return;
  if (!app.state || e.altKey || e.ctrlKey || e.metaKey) return;
  const to = { ArrowLeft: shownPly() - 1, ArrowRight: shownPly() + 1, Home: 0, End: app.moves.length }[e.key];
  if (to === undefined) return;
  e.preventDefault();
  lookAt(to);
});

document.addEventListener('DOMContentLoaded', () => {
  $('back-to-game').onclick = () => lookAt(app.moves.length);
  $('flip').onclick = () => { app.flip = !app.flip; $('flip').setAttribute('aria-pressed', app.flip); render(); };
  $('confirm-moves').onchange = () => { app.confirm = $('confirm-moves').checked; app.pendingMove = null; render(); };
  $('download-record').onclick = downloadRecord;
  $('resign').onclick = matchResign;
  $('upload-record').onchange = async () => {
    const f = $('upload-record').files[0];
    if (f) loadRecord(await f.text());
    $('upload-record').value = '';
  };
  $('share').onclick = async () => {
    try { await navigator.clipboard.writeText(location.href); $('share').textContent = 'Link copied'; } catch (e) {
      $('share').textContent = 'Copy the address bar';
    }
  };
});
