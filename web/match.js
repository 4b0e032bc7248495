// kibitz serve's page: games kept on the server (docs/API.md, "Games kept
// on the server"), the way to play. The server holds the game, its hidden
// information and its engines; the page holds the game's id (in its
// address) and the tokens of the person seats (in the browser's storage),
// and only ever receives the view of the seat it shows. Each view is turned
// into the shape of a position document so that app.js draws it as any
// other; looking back uses the stateless endpoints, and only where every
// move of the line is known to this seat.
'use strict';

const matchStore = (id) => 'kibitz-game-' + id;

// Is the next game played on the server? (The checkbox: on by default.)
function serverPlay() { return $('server-game').checked && app.seats.some((s) => s.kind === 'person'); }

async function newMatch() {
  const seats = app.seats.map((s) => (s.kind === 'person' ? 'person' : s.spec));
  const body = { game: app.game.name, variant: app.variant, seats, seed: randomSeed() };
  if (app.start) body.position = app.start;
  const doc = await api('/api/match/new', body);
  openMatch(doc.id, doc.tokens, doc.view);
}

// Start showing game `id` with the person seats' `tokens` (null for
// engines), from one seat's `view`.
function openMatch(id, tokens, view) {
  localStorage.setItem(matchStore(id), JSON.stringify(tokens));
  app.match = { id, tokens, seat: view.seat, version: -1 };
  showView(view);
}

// Reopen a game named by the address (a reload, a shared link in the
// browser that created it).
async function reopenMatch(id) {
  const tokens = JSON.parse(localStorage.getItem(matchStore(id)) || 'null');
  if (!tokens) throw new Error('this browser holds no seat of game ' + id);
  const seat = tokens.findIndex((t) => t);
  app.match = { id, tokens, seat, version: -1 };
  await pollMatch();
}

function matchBody(extra, seat) {
  const s = seat === undefined ? app.match.seat : seat;
  return Object.assign({ id: app.match.id, token: app.match.tokens[s] }, extra || {});
}

// The view of the person seat that must act now (another person's at a
// hot seat), else of the seat shown; redrawn when the game changed.
async function pollMatch() {
  clearTimeout(app.timer);
  const m = app.match;
  let view = await api('/api/match/view', matchBody());
  if (!view.to_act && !view.over) {
    for (let s = 0; s < m.tokens.length; s++) {
      if (!m.tokens[s] || s === view.seat) continue;
      const other = await api('/api/match/view', matchBody({}, s));
      if (other.to_act) { view = other; break; }
    }
  }
  if (app.match !== m) return;
  showView(view);
}

// Draw a view: its board, moves and history, in the shape app.js draws.
function showView(view) {
  const m = app.match;
  const changed = view.version !== m.version || view.seat !== m.seat;
  m.seat = view.seat;
  m.version = view.version;
  if (changed) {
    const names = view.seats.map((s) => s.player);
    app.moves = [];
    app.actors = [];
    for (const h of view.history) {
      if (h.by === 'simultaneous') {
        app.moves.push({ joint: names.map((n) => (h.choices && n in h.choices ? h.choices[n] : null)) });
        app.actors.push(-2);
      } else {
        app.moves.push(h.move);
        app.actors.push(h.by === 'chance' ? -1 : names.indexOf(h.by));
      }
    }
    while (app.playedCells.length > app.moves.length) app.playedCells.pop();
    while (app.playedCells.length < app.moves.length) app.playedCells.push([]);
    app.seats = view.seats.map((s) => (s.who === 'person' ? { kind: 'person', spec: defaultEngine(app.game) }
      : { kind: 'engine', spec: s.who }));
    const previous = app.state, ply = app.moves.length;
    const st = stateOfView(view, names);
    app.state = st;
    app.viewPly = null;
    app.selection = [];
    app.pendingMove = null;
    app.fullPlayed = st.played;
    markLastMove(previous, ply);
    buildSeats();
    render();
    if (window.kibitzPage) window.kibitzPage.afterState(ply);
    app.query = null;
    askValues(++app.token);
  }
  // Nobody here acts (an engine or another player is still to move): look
  // again shortly.
  if (!view.over && !view.to_act) app.timer = setTimeout(() => pollMatch().catch(showError), 500);
}

function stateOfView(view, names) {
  const simultaneous = view.turn === 'simultaneous';
  const moves = view.to_act ? view.moves || [] : [];
  const cells = view.to_act ? view.move_cells || [] : [];
  return {
    game: view.game, variant: view.variant, position: view.position, view_position: view.position,
    players: names, board: view.board, over: view.over, returns: view.result, reason: view.ending,
    turn: view.turn, to_act: view.to_act && !simultaneous ? view.seat : names.indexOf(view.turn),
    played: view.history.map((h) => (h.by === 'simultaneous'
      ? Object.entries(h.choices || {}).map(([p, c]) => p + ' ' + c).join(', ')
      : h.move === null ? (h.seen || '(hidden)') : h.move)),
    acting: simultaneous ? (view.to_act ? [{ player: view.seat, name: view.player, moves }] : []) : undefined,
    waiting_for: view.waiting_for, chosen: view.chosen, moves, move_cells: cells,
    legal: moves.map((mv, i) => ({ move: mv, cells: cells[i] || [] })), outcomes: [], seat: view.seat,
  };
}

// A person's move (or pick at a simultaneous node) sent to the server;
// the engines' and chance's replies come back in the same answer.
async function matchMove(move) {
  const legal = app.state.legal.find((x) => x.move === move);
  try {
    const view = await api('/api/match/move', matchBody({ move }));
    app.playedCells[app.moves.length] = legal ? legal.cells : [];
    showError(null);
    showView(view);
    if (!view.to_act && !view.over) await pollMatch();
  } catch (e) {
    showError(e);
  }
}

async function matchUndo() {
  try {
    showView(await api('/api/match/undo', matchBody()));
  } catch (e) {
    showError(e);
  }
}

async function matchResign() {
  try {
    showView(await api('/api/match/resign', matchBody()));
  } catch (e) {
    showError(e);
  }
}

// The record of a finished game, from the server (which alone holds every
// hidden choice).
async function matchRecord() {
  return api('/api/match/record', matchBody());
}
