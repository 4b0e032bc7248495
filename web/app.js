// kibitz serve's page. It knows no game rule: the server describes the board
// (cells, pieces, notes), the legal moves and the cells each touches, chance
// outcomes with their odds, and database values; this file only draws them
// and sends back what a person clicks. API: docs/API.md.
'use strict';

const $ = (id) => document.getElementById(id);
const SVG = 'http://www.w3.org/2000/svg';
const NAMED_COLOURS = {
  black: '#222', white: '#fafafa', red: '#c62828', blue: '#1565c0', green: '#2e7d32',
  gold: '#d4a017', silver: '#aeb6bf',
};
const PALETTE = ['#c62828', '#1565c0', '#2e7d32', '#6a1b9a'];

const app = {
  games: [], game: null, variant: '', start: '', moves: [], actors: [], redo: [],
  seats: [], state: null, query: null, running: true, selection: [], secret: {},
  token: 0, renders: 0, pending: 0, timer: null,
  // The cells each played move touched (for the last-move mark), the ply
  // shown when looking back (null: the game as it stands), the board turned
  // round, moves played only after a confirming click, the message saying
  // why a click did nothing.
  playedCells: [], viewPly: null, flip: false, confirm: false, pendingMove: null, hint: '',
  retries: 0, shownPly: -1,
  perfect: {}, // "game/variant": does a database answer it (findPerfectPlayer)
};
window.kibitz = app; // for the browser tests

// ---- talking to the server ----
async function api(path, body) {
  app.pending++;
  try {
    const init = body === undefined ? {} : {
      method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body),
    };
    for (let attempt = 0; ; attempt++) {
      const res = await fetch(path, init);
      // 503: the server is busy; wait longer each time and say so.
      if (res.status === 503 && attempt < 5) {
        const wait = 250 * 2 ** attempt;
        $('error').textContent = `server busy, trying again in ${(wait / 1000).toFixed(2)} s`;
        await new Promise((ok) => setTimeout(ok, wait));
        continue;
      }
      const data = await res.json();
      if (!res.ok) throw new Error(data.error || res.statusText);
      if (attempt) $('error').textContent = '';
      return data;
    }
  } finally {
    app.pending--;
  }
}

// The moves of the position shown: all of them, or those up to the ply
// looked at.
function shownMoves() {
  return app.viewPly === null ? app.moves : app.moves.slice(0, app.viewPly);
}
function looking() { return app.viewPly !== null && app.viewPly < app.moves.length; }

function request(extra) {
  return Object.assign({ game: app.game.name, variant: app.variant, position: app.start,
    moves: shownMoves() }, extra || {});
}

function showError(e) {
  $('error').textContent = e ? String(e.message || e) : '';
  if (e) app.lastError = String(e.message || e);
}

// ---- seats ----
function players() { return app.state ? app.state.players : app.game.player_names; }
function colourOf(p) {
  const name = players()[p];
  return NAMED_COLOURS[name] || PALETTE[p % PALETTE.length];
}
// The engine a seat gets unless one is typed: the perfect player (`db`:
// the database's best move; the search where it does not answer) wherever
// the server's databases answer the game and variant, else a search suited
// to the game.
function searchEngine(g) {
  if (g.zero_sum && !g.chance && !g.hidden && !g.simultaneous) return 'alphabeta:depth=6';
  if (g.hidden) return 'mcts:iterations=300';
  return 'mcts:iterations=500';
}
function defaultEngine(g) {
  const base = searchEngine(g);
  return app.perfect[g.name + '/' + app.variant] ? 'db:fallback=' + base : base;
}
function isDefaultEngine(spec, g) {
  return spec === searchEngine(g) || spec === 'db:fallback=' + searchEngine(g);
}
// Does a database of the server answer this game and variant? Asked once
// per variant, before the seats are drawn (never for hidden information:
// databases hold whole positions).
async function findPerfectPlayer() {
  const key = app.game.name + '/' + app.variant;
  if (app.game.hidden || key in app.perfect) return;
  try {
    const q = await api('/api/query', { game: app.game.name, variant: app.variant });
    app.perfect[key] = !!q.database;
  } catch (e) {
    app.perfect[key] = false;
  }
}
function buildSeats() {
  const box = $('seats');
  box.textContent = '';
  const names = players();
  while (app.seats.length < names.length)
    app.seats.push({ kind: app.seats.length === 0 ? 'person' : 'engine', spec: defaultEngine(app.game) });
  app.seats.length = names.length;
  names.forEach((name, p) => {
    const seat = document.createElement('span');
    seat.className = 'seat';
    const sw = document.createElement('span');
    sw.className = 'swatch';
    sw.style.background = colourOf(p);
    const label = document.createElement('b');
    label.textContent = name;
    const kind = document.createElement('select');
    kind.id = 'seat-kind-' + p;
    kind.setAttribute('aria-label', name + ': person or engine');
    for (const k of ['person', 'engine']) kind.add(new Option(k, k, false, app.seats[p].kind === k));
    const spec = document.createElement('input');
    spec.id = 'seat-spec-' + p;
    spec.setAttribute('aria-label', name + ': engine setting');
    spec.setAttribute('list', 'engines');
    spec.size = 20;
    spec.value = app.seats[p].spec;
    spec.disabled = app.seats[p].kind !== 'engine';
    kind.onchange = () => { app.seats[p].kind = kind.value; spec.disabled = kind.value !== 'engine'; schedule(); };
    spec.onchange = () => { app.seats[p].spec = spec.value.trim(); };
    seat.append(sw, label, kind, spec);
    box.append(seat);
  });
}
function isPerson(p) { return p >= 0 && app.seats[p] && app.seats[p].kind === 'person'; }

// For hidden information: whose view is drawn. One person at the table sees
// their own view; with several, the one to act; with none (watching
// engines) everything is shown.
function viewer() {
  if (!app.game.hidden || app.match) return undefined; // a game on the server sends a view
  const people = app.seats.map((s, p) => (s.kind === 'person' ? p : -1)).filter((p) => p >= 0);
  if (people.length === 0) return undefined;
  const last = app.state ? app.state.to_act : -1;
  return people.includes(last) ? last : people[0];
}

// ---- the game list and variants ----
async function loadGames() {
  const doc = await api('/api/games');
  app.games = doc.games.filter((g) => g.board);
  const select = $('game');
  for (const g of app.games) select.add(new Option(g.name, g.name));
  select.onchange = () => chooseGame(select.value);
  if (window.kibitzPage && window.kibitzPage.restore()) return;
  chooseGame(app.games[0].name);
}

function chooseGame(name, variant) {
  app.game = app.games.find((g) => g.name === name);
  $('game').value = name;
  $('summary').textContent = app.game.summary;
  const box = $('variant');
  box.textContent = '';
  const current = {};
  for (const kv of (variant || app.game.variant).split(',')) { const [k, v] = kv.split('='); current[k] = v; }
  for (const key of app.game.variant_keys) {
    const label = document.createElement('label');
    label.title = key.meaning + ' (' + key.values + ')';
    label.textContent = key.key + ' ';
    const input = document.createElement('input');
    input.id = 'variant-' + key.key;
    input.dataset.key = key.key;
    input.value = current[key.key] !== undefined ? current[key.key] : key.default;
    label.append(input);
    box.append(label);
  }
  app.seats = [];
  app.state = null;
  $('analysis-engine').value = searchEngine(app.game); // analysis scores moves: a search
  if (variant === undefined) newGame();
}

function variantText() {
  return [...document.querySelectorAll('#variant input')]
    .map((i) => i.dataset.key + '=' + i.value.trim()).join(',');
}

async function newGame() {
  app.variant = variantText();
  app.start = '';
  app.match = null;
  resetLine();
  await findPerfectPlayer();
  for (const seat of app.seats) if (isDefaultEngine(seat.spec, app.game)) seat.spec = defaultEngine(app.game);
  buildSeats();
  if (serverPlay()) return newMatch().catch(showError); // match.js
  refresh();
}

// A fresh line of moves from app.start.
function resetLine() {
  app.moves = [];
  app.actors = [];
  app.playedCells = [];
  app.redo = [];
  app.viewPly = null;
  app.shownPly = -1;
  app.hint = '';
  app.captured = [];
  app.fullPlayed = null;
  app.announced = -1;
  app.secret = {};
  app.running = true;
  app.query = null;
  $('analysis').textContent = '';
}

// ---- the main loop: ask for the state, draw it, let engines and chance act ----
async function refresh() {
  if (app.match && !looking()) return pollMatch().catch(showError); // match.js
  const token = ++app.token;
  clearTimeout(app.timer);
  let st;
  try {
    st = await api('/api/state', request({ viewer: viewer() }));
  } catch (e) {
    showError(e);
    return;
  }
  if (token !== app.token) return;
  showError(null);
  const previous = app.state, ply = shownMoves().length;
  // The position document lists moves as texts; the cells each touches and
  // the odds of chance outcomes come in arrays of the same order.
  st.legal = st.moves.map((m, i) => ({ move: m, cells: (st.move_cells || [])[i] || [] }));
  st.outcomes = st.chance ? st.moves.map((m, i) => ({ move: m, probability: st.chance[i] })) : [];
  const seatsChanged = !app.state || app.state.players.length !== st.players.length;
  app.state = st;
  app.selection = [];
  app.pendingMove = null;
  markLastMove(previous, ply);
  if (!looking()) app.fullPlayed = st.played;
  if (seatsChanged) buildSeats();
  app.query = null;
  render();
  if (window.kibitzPage) window.kibitzPage.afterState(ply);
  await askValues(token);
  schedule();
}

// The database's values of the line shown (not for hidden information).
async function askValues(token) {
  if (!$('show-values').checked || app.game.hidden) return;
  try {
    const q = await api('/api/query', request({ history: true }));
    if (token !== app.token) return;
    app.query = q;
    render();
  } catch (e) {
    showError(e);
  }
}

function pace() { return Number($('pace').value); }

function schedule() {
  clearTimeout(app.timer);
  const st = app.state;
  if (!app.running || !st || st.over || looking() || app.match) return;
  if (engineWork()) app.timer = setTimeout(() => step(), pace());
}

// Is there something for chance or an engine to do now?
function engineWork() {
  const st = app.state;
  if (!st || st.over || app.match) return false; // on the server, engines move there
  if (st.turn === 'chance') return true;
  if (st.turn === 'simultaneous')
    return (st.acting || []).some((a) => !isPerson(a.player) && !(a.player in app.secret));
  return st.to_act >= 0 && !isPerson(st.to_act);
}

async function step() {
  const st = app.state;
  const token = app.token;
  if (!st || st.over) return;
  try {
    if (st.turn === 'chance') return roll();
    if (st.turn === 'simultaneous') {
      for (const a of st.acting) {
        if (isPerson(a.player) || a.player in app.secret) continue;
        const doc = await api('/api/search', request({ engine: app.seats[a.player].spec,
          player: a.player, seed: randomSeed() }));
        if (token !== app.token) return;
        app.secret[a.player] = chosenOption(doc, a.player);
      }
      if (token !== app.token) return;
      return jointReady();
    }
    const doc = await api('/api/search', request({ engine: app.seats[st.to_act].spec,
      seed: randomSeed(), viewer: viewer() === st.to_act ? st.to_act : undefined }));
    if (token !== app.token) return;
    showError(null);
    play(doc.move, st.to_act);
  } catch (e) {
    showError(e);
    app.running = false;
    renderControls();
  }
}

// An engine's choice at a simultaneous node: its "move", or the option the
// search document recommends for this player.
function chosenOption(doc, p) {
  if (doc.move) return doc.move;
  const mine = (doc.players || []).find((x) => x.player === players()[p]);
  return mine ? mine.move : null;
}

function randomSeed() { return Math.floor(Math.random() * 2147483647); }

// Nature's draw: an outcome picked with the odds the server gave.
function roll(chosen) {
  const outcomes = app.state.outcomes || [];
  if (!outcomes.length) return;
  let move = chosen;
  if (!move) {
    let x = Math.random();
    move = outcomes[outcomes.length - 1].move;
    for (const o of outcomes) {
      if (x < o.probability) { move = o.move; break; }
      x -= o.probability;
    }
  }
  play(move, -1);
}

function play(move, actor) {
  if (looking()) return; // the position looked back at is read-only
  if (app.match) return matchMove(move); // match.js
  const legal = app.state && typeof move === 'string' && app.state.legal.find((m) => m.move === move);
  app.moves.push(move);
  app.actors.push(actor);
  app.playedCells.push(legal ? legal.cells : []);
  app.viewPly = null;
  app.redo = [];
  app.secret = {};
  refresh();
}

// A typed line (a shorthand the game offers): the server says which moves
// it stands for, and they are played in order.
async function playLine(line) {
  const st = app.state;
  try {
    const doc = await api('/api/state', request({ line, seed: randomSeed() }));
    if (app.state !== st) return;
    if (app.match) { // on the server: each move in turn, as the person's
      for (const m of doc.line_moves || []) await matchMove(m);
      return;
    }
    for (const m of doc.line_moves || []) {
      app.moves.push(m);
      app.actors.push(st.to_act);
      app.playedCells.push([]);
    }
    app.redo = [];
    refresh();
  } catch (e) {
    showError(e);
  }
}

// A simultaneous node is played when every acting player has chosen.
function jointReady() {
  const st = app.state;
  if (st.turn !== 'simultaneous') return;
  if (!st.acting.every((a) => a.player in app.secret)) return render();
  const joint = players().map((_, p) => (p in app.secret ? app.secret[p] : null));
  play({ joint }, -2);
}

// The last move's cells and the pieces it took off the board (pieces of
// another owner there before and gone after), kept per ply so that looking
// back shows them too.
function markLastMove(previous, ply) {
  app.captured = app.captured || [];
  if (ply > 0 && previous && previous.board && app.state.board && app.shownPly === ply - 1) {
    const now = new Set(app.state.board.pieces.map((p) => p.cell + ':' + p.owner));
    const mover = app.actors[ply - 1];
    app.captured[ply - 1] = previous.board.pieces
      .filter((p) => p.owner >= 0 && p.owner !== mover && !now.has(p.cell + ':' + p.owner))
      .map((p) => p.cell);
  }
  app.shownPly = ply;
  app.lastMove = ply > 0 ? { cells: app.playedCells[ply - 1] || [], captured: app.captured[ply - 1] || [] } : null;
}

// ---- drawing ----
function el(name, attrs, parent) {
  const e = document.createElementNS(SVG, name);
  for (const k in attrs) e.setAttribute(k, attrs[k]);
  if (parent) parent.append(e);
  return e;
}

function cellSize(c) {
  if (c.r !== undefined) return 2 * c.r;
  const xs = c.points.filter((_, i) => i % 2 === 0), ys = c.points.filter((_, i) => i % 2 === 1);
  const size = Math.min(Math.max(...xs) - Math.min(...xs), Math.max(...ys) - Math.min(...ys));
  return c.points.length === 6 ? size * 0.75 : size; // a triangle holds less
}

function textColour(fill) {
  const n = parseInt(fill.slice(1), 16);
  const lum = 0.299 * (n >> 16) + 0.587 * ((n >> 8) & 255) + 0.114 * (n & 255);
  return lum > 140 ? '#111' : '#fff';
}

// A cell turned half round when the board is flipped (the server's
// coordinates otherwise).
function placed(c, b) {
  if (!app.flip) return c;
  const f = Object.assign({}, c, { x: b.width - c.x, y: b.height - c.y });
  if (c.points) f.points = c.points.map((v, i) => (i % 2 ? b.height - v : b.width - v));
  return f;
}

// What a screen reader says for a cell: its name and what stands on it.
function cellName(c, pieces) {
  const what = (pieces || []).map((p) => p.unknown ? (players()[p.owner] || '') + ' hidden piece'
    : (p.owner >= 0 ? players()[p.owner] + ' ' : '') + (p.label || 'piece'));
  return c.label + ': ' + (what.length ? what.join(', ') : 'empty') + (c.mark ? ' (' + c.mark + ')' : '');
}

function drawBoard() {
  const st = app.state, svg = $('board');
  svg.textContent = '';
  if (!st.board) return;
  const b = st.board;
  svg.setAttribute('viewBox', `0 0 ${b.width} ${b.height}`);
  app.cells = new Map();
  const showLabels = b.cells.length <= 120;
  const byCell = new Map();
  for (const p of b.pieces) {
    if (!byCell.has(p.cell)) byCell.set(p.cell, []);
    byCell.get(p.cell).push(p);
  }
  // Small cells get an invisible ring around them so that a tap target is
  // at least 24 CSS pixels across.
  const scale = (svg.getBoundingClientRect().width || 600) / b.width;
  const last = app.lastMove || { cells: [], captured: [] };
  for (const raw of b.cells) {
    const c = placed(raw, b);
    app.cells.set(c.id, c);
    const cls = 'cell' + (c.zone !== undefined ? ' zone' + c.zone : '') + (c.mark ? ' m-' + c.mark : '') +
      (last.cells.includes(c.id) ? ' last' : '');
    const small = cellSize(c) * scale < 24;
    const drawn = c.points
      ? el('polygon', { points: c.points.join(' '), class: cls }, svg)
      : el('circle', { cx: c.x, cy: c.y, r: c.r, class: cls }, svg);
    let shape = drawn;
    if (small) { // the drawing stays as it is; a wider ring takes the taps
      drawn.classList.add('drawn');
      shape = el('circle', { cx: c.x, cy: c.y, r: 12.5 / scale, class: cls + ' hit' }, svg);
    }
    shape.dataset.cell = c.id;
    shape.setAttribute('tabindex', '0');
    shape.setAttribute('role', 'button');
    shape.setAttribute('aria-label', cellName(c, byCell.get(c.id)));
    shape.addEventListener('click', () => clickCell(c.id));
    shape.addEventListener('keydown', (e) => {
      if (e.key !== 'Enter' && e.key !== ' ') return;
      e.preventDefault();
      app.focusCell = c.id;
      clickCell(c.id);
    });
    const t = document.createElementNS(SVG, 'title');
    t.textContent = c.label + (c.mark ? ' (' + c.mark + ')' : '');
    shape.append(t);
    if (showLabels && c.label && c.points) {
      const s = cellSize(c);
      el('text', { x: c.x - s * 0.42, y: c.y + s * 0.42, class: 'cell-label' }, svg).textContent = c.label;
      if (c.mark) el('text', { x: c.x - s * 0.42, y: c.y - s * 0.3, class: 'cell-mark' }, svg).textContent = c.mark;
    }
  }
  for (const [id, list] of byCell) {
    const c = app.cells.get(id);
    if (!c) continue;
    const s = cellSize(c), n = list.length;
    const r = n === 1 ? s * 0.32 : s * 0.2;
    list.forEach((p, k) => {
      const a = (2 * Math.PI * k) / n;
      const x = n === 1 ? c.x : c.x + s * 0.22 * Math.cos(a);
      const y = n === 1 ? c.y : c.y + s * 0.22 * Math.sin(a);
      const fill = p.owner >= 0 ? colourOf(p.owner) : '#999';
      const piece = el('circle', { cx: x, cy: y, r, fill, class: 'piece' + (p.unknown ? ' unknown' : '') }, svg);
      piece.dataset.owner = p.owner;
      piece.dataset.cell = id;
      const label = p.unknown ? '?' : p.label;
      if (label) {
        const t = el('text', { x, y, class: 'piece-label', fill: textColour(fill) }, svg);
        t.style.fontSize = (r * (label.length > 2 ? 0.7 : 1.1)) + 'px';
        t.textContent = label;
      }
    });
  }
  for (const id of last.captured) {
    const c = app.cells.get(id);
    if (!c) continue;
    const s = cellSize(c) * 0.3;
    el('path', { d: `M${c.x - s},${c.y - s}L${c.x + s},${c.y + s}M${c.x + s},${c.y - s}L${c.x - s},${c.y + s}`,
      class: 'captured-mark' }, svg).dataset.captured = id;
  }
  drawValues(svg);
  drawSelection();
  // Keyboard play: the focus stays on the cell last chosen after a redraw.
  if (app.focusCell && document.activeElement === document.body) cellElement(app.focusCell)?.focus();
}

// Every legal move coloured by its database value (GamesmanUni style).
function moveValues() {
  const map = new Map();
  if (app.query && app.query.moves) for (const m of app.query.moves) if (m.value) map.set(m.move, m.value);
  return map;
}

function drawValues(svg) {
  const values = moveValues();
  if (!values.size || !$('show-values').checked) return;
  for (const m of app.state.legal) {
    const v = values.get(m.move);
    if (!v || !m.cells.length) continue;
    const cells = m.cells.map((id) => app.cells.get(id)).filter(Boolean);
    if (!cells.length) continue;
    const last = cells[cells.length - 1];
    let mark;
    if (cells.length === 1) {
      mark = el('circle', { cx: last.x, cy: last.y, r: cellSize(last) * 0.45, class: 'move-ring ' + v.result }, svg);
    } else {
      const pts = cells.map((c) => c.x + ',' + c.y).join(' ');
      mark = el('polyline', { points: pts, class: 'move-arrow ' + v.result }, svg);
      el('circle', { cx: last.x, cy: last.y, r: cellSize(last) * 0.12, class: 'move-ring ' + v.result }, svg);
    }
    mark.dataset.move = m.move;
    mark.dataset.result = v.result;
    if (v.distance !== undefined) {
      mark.dataset.distance = v.distance;
      const t = el('text', { x: last.x + cellSize(last) * 0.3, y: last.y - cellSize(last) * 0.25, class: 'move-dist ' + v.result }, svg);
      t.textContent = v.distance;
    }
  }
}

function drawSelection() {
  document.querySelectorAll('#board .cell.selected, #board .cell.target')
    .forEach((e) => e.classList.remove('selected', 'target'));
  if (!humanToAct()) return;
  const sel = app.selection;
  for (const id of sel) cellElement(id)?.classList.add('selected');
  for (const m of candidates(sel)) cellElement(m.cells[sel.length])?.classList.add('target');
}

function cellElement(id) { return document.querySelector(`#board .cell[data-cell="${id}"]`); }

// ---- a person's moves ----
function humanToAct() {
  const st = app.state;
  return st && !st.over && st.to_act >= 0 && isPerson(st.to_act);
}

function candidates(prefix) {
  return app.state.legal.filter((m) => m.cells.length > prefix.length &&
    prefix.every((c, i) => m.cells[i] === c));
}

// A click names a move only step by step: a piece (or the hand or reserve
// the move starts from), then where it goes. A move is played when the
// cells clicked name it alone; a click on a destination alone plays only
// when the position has exactly one move and it ends there (an entry from
// the hand, say). Anything else selects, offers a chooser, or says why
// nothing can go there.
function clickCell(id) {
  if (!humanToAct()) return;
  app.hint = '';
  const sel = app.selection;
  if (sel.length) {
    const next = candidates(sel).filter((m) => m.cells[sel.length] === id);
    if (next.length) return extend(sel.concat([id]), next);
    if (sel[sel.length - 1] === id) { // the selected cell again: deselect
      app.selection = [];
      return renderChooser([]);
    }
  }
  const starting = candidates([]).filter((m) => m.cells[0] === id);
  if (starting.length) return extend([id], starting);
  const legal = app.state.legal;
  if (!sel.length && legal.length === 1 && legal[0].cells[legal[0].cells.length - 1] === id)
    return finish(legal);
  app.selection = [];
  app.hint = whyNothing(id, sel);
  renderChooser([]);
}

// The clicked cells `cells` begin the moves `next`.
function extend(cells, next) {
  const complete = next.filter((m) => m.cells.length === cells.length);
  const longer = next.filter((m) => m.cells.length > cells.length);
  if (complete.length === 1 && !longer.length) return finish(complete);
  app.selection = cells;
  drawSelection();
  renderChooser(complete);
}

// Why a click on `id` plays and selects nothing, in words.
function whyNothing(id, sel) {
  const c = app.cells.get(id), name = c ? c.label : id;
  const starts = [...new Set(app.state.legal.filter((m) => m.cells.length)
    .map((m) => (app.cells.get(m.cells[0]) || { label: m.cells[0] }).label))];
  const label = (cell) => (app.cells.get(cell) || { label: String(cell) }).label;
  const from = sel.length ? label(sel[sel.length - 1]) : null;
  const into = app.state.legal.filter((m) => m.cells.length > 1 && m.cells[m.cells.length - 1] === id);
  if (!from && into.length)
    return `to play to ${name}, first click where the move starts: ` +
      [...new Set(into.map((m) => label(m.cells[0])))].join(', ');
  const where = from ? `${from} cannot go to ${name}` : `no move starts at ${name}`;
  const captures = app.state.legal.length && app.state.legal.every((m) => /x/.test(m.move));
  return where + (captures ? '; a capture is compulsory, from ' : '; moves start at ') +
    (starts.join(', ') || 'no cell (see the buttons)');
}

function finish(moves) {
  app.selection = [];
  if (moves.length === 1) {
    if (!app.confirm) return play(moves[0].move, app.state.to_act);
    app.pendingMove = moves[0].move; // "confirm moves": one more click
    drawSelection();
    return renderChooser([]);
  }
  drawSelection();
  renderChooser(moves);
}

function moveButton(text, onClick) {
  const b = document.createElement('button');
  b.textContent = text;
  b.dataset.move = text;
  const v = moveValues().get(text);
  if (v) {
    b.classList.add(v.result);
    b.title = v.result + (v.distance !== undefined ? ' in ' + v.distance : '');
    // The value in words too, not by colour alone.
    const tag = document.createElement('span');
    tag.className = 'value-tag';
    tag.textContent = ' ' + valueTag(v);
    b.append(tag);
    b.setAttribute('aria-label', text + ': ' + b.title);
  }
  b.onclick = onClick;
  return b;
}

// W/D/L and the distance: "W72", "D", "L12".
function valueTag(v) {
  return ({ win: 'W', draw: 'D', loss: 'L' }[v.result] || '?') + (v.distance !== undefined && v.result !== 'draw' ? v.distance : '');
}

// Moves a click on the board cannot tell apart, or that touch no cell.
function renderChooser(choices) {
  const box = $('chooser'), other = $('other-moves'), st = app.state;
  box.textContent = '';
  other.textContent = '';
  if (st.turn === 'simultaneous') return renderSecret(box);
  if (looking()) {
    box.textContent = 'looking back at move ' + app.viewPly + ': read-only';
    return;
  }
  if (!humanToAct()) {
    box.textContent = st.over ? '' : 'waiting for ' + st.turn;
    return;
  }
  if (app.hint) {
    const h = document.createElement('div');
    h.id = 'hint';
    h.textContent = app.hint;
    box.append(h);
  }
  if (app.pendingMove) {
    const m = app.pendingMove;
    const p = document.createElement('div');
    p.textContent = 'Play ' + m + '?';
    box.append(p, moveButton('play ' + m, () => play(m, st.to_act)));
    const cancel = document.createElement('button');
    cancel.textContent = 'cancel';
    cancel.onclick = () => { app.pendingMove = null; renderChooser([]); };
    box.append(cancel);
    return;
  }
  if (choices.length) {
    const p = document.createElement('div');
    p.textContent = 'Which one?';
    box.append(p);
    for (const m of choices) box.append(moveButton(m.move, () => play(m.move, st.to_act)));
  }
  // Shorthands the game offers here (Kotra's setup presets).
  for (const n of (st.board ? st.board.notes : []).filter((x) => x.line && x.player === st.to_act)) {
    const b = moveButton(n.line, () => playLine(n.line));
    b.classList.add('offer');
    b.title = n.text;
    b.setAttribute('aria-label', n.line + ': ' + n.text);
    other.append(b);
  }
  const cellLess = st.legal.filter((m) => !m.cells.length);
  for (const m of cellLess) other.append(moveButton(m.move, () => play(m.move, st.to_act)));
  if (!choices.length && !cellLess.length && !app.hint) box.textContent = 'click a piece, then where it goes';
  // On a phone the chooser sits below the board: bring it into sight.
  if (choices.length || app.hint) box.scrollIntoView({ block: 'nearest' });
}

// Secret simultaneous choices: every person at the table picks in turn
// without seeing the others' picks; the choices are revealed together.
function renderSecret(box) {
  const st = app.state;
  const waiting = st.acting.filter((a) => isPerson(a.player) && !(a.player in app.secret));
  const chosen = st.acting.filter((a) => a.player in app.secret).map((a) => a.name);
  if (chosen.length) {
    const d = document.createElement('div');
    d.textContent = 'chosen (hidden): ' + chosen.join(', ');
    box.append(d);
  }
  if (!waiting.length) {
    if (st.waiting_for && st.waiting_for.length) {
      const w = document.createElement('div');
      w.textContent = 'waiting for ' + st.waiting_for.join(', ') + (st.chosen ? ' (your pick: ' + st.chosen + ')' : '');
      box.append(w);
    }
    return;
  }
  const a = waiting[0];
  // Several people at one table: each pick is made out of the others'
  // sight, so the page first asks for the device to be handed over.
  const people = app.seats.filter((s) => s.kind === 'person').length;
  if (people > 1 && app.handedTo !== a.player) {
    const d = document.createElement('div');
    d.id = 'hand-over';
    d.textContent = 'Hand the device to ' + a.name + ' (the others look away).';
    const ready = document.createElement('button');
    ready.id = 'hand-over-ready';
    ready.textContent = 'I am ' + a.name + ': show my choices';
    ready.onclick = () => { app.handedTo = a.player; renderChooser([]); };
    box.append(d, ready);
    return;
  }
  const d = document.createElement('div');
  d.textContent = a.name + ', choose secretly:';
  box.append(d);
  for (const m of a.moves) {
    box.append(moveButton(m, () => {
      app.handedTo = null;
      if (app.match) return play(m, a.player); // the pick stays on the server
      app.secret[a.player] = m;
      jointReady();
      schedule();
    }));
  }
}

function renderChance() {
  const box = $('chance'), st = app.state;
  box.textContent = '';
  const lastChance = app.actors.lastIndexOf(-1);
  if (lastChance >= 0 && st.played[lastChance] !== undefined) {
    const d = document.createElement('div');
    d.id = 'last-throw';
    d.textContent = 'last throw: ' + st.played[lastChance];
    box.append(d);
  }
  if (st.turn !== 'chance') return;
  const roller = document.createElement('button');
  roller.id = 'roll';
  roller.textContent = 'Throw';
  roller.onclick = () => roll();
  const pick = document.createElement('select');
  pick.id = 'chance-outcome';
  pick.add(new Option('or choose the outcome…', ''));
  for (const o of st.outcomes) pick.add(new Option(`${o.move} (${(100 * o.probability).toFixed(1)}%)`, o.move));
  pick.onchange = () => pick.value && roll(pick.value);
  box.append(roller, pick);
}

// Why the game ended, in words, from the game's own reason where it gives
// one.
const ENDINGS = {
  capital: 'the capital was taken', surrender: 'no move was left', limit: 'the move limit',
  length: 'the move limit', 'move limit': 'the move limit',
  repetition: 'a position came back three times',
};
function resultText(st) {
  if (!st.returns) return '';
  const best = Math.max(...st.returns);
  const winners = st.players.filter((_, p) => st.returns[p] === best);
  // "end": the game's rules ended it, and said no more.
  const why = st.reason && st.reason !== 'end' ? ' (' + (ENDINGS[st.reason] || st.reason) + ')' : '';
  if (winners.length === st.players.length) return 'Game over: a draw' + why;
  return 'Game over: ' + winners.join(' and ') + (winners.length > 1 ? ' win' : ' wins') + why;
}

function renderControls() {
  $('run').textContent = app.running ? 'Pause' : 'Resume';
  // On the server the engines move there: the pace controls have no work.
  for (const id of ['run', 'step', 'engine-move', 'redo']) $(id).disabled = !!app.match;
  $('resign').hidden = !app.match || !app.state || app.state.over;
  $('undo').disabled = !app.moves.length;
  if (!app.match) $('redo').disabled = !app.redo.length;
}

// One entry per move with its number, who made it and what it was (with
// hidden information a person sees only their own moves' text); a click
// shows the position after it.
function renderMoveList() {
  const list = $('move-list'), st = app.state, seen = viewer();
  list.textContent = '';
  const shown = app.viewPly === null ? app.moves.length : app.viewPly;
  const texts = app.fullPlayed || st.played;
  app.moves.forEach((move, i) => {
    const li = document.createElement('li');
    const actor = app.actors[i];
    const hide = seen !== undefined && actor >= 0 && actor !== seen;
    let text = texts[i] !== undefined ? texts[i] : typeof move === 'string' ? move : '';
    if (actor === -2 && move && move.joint) // simultaneous: every player's choice, named
      text = move.joint.map((m, p) => (m === null ? null : players()[p] + ' ' + m)).filter(Boolean).join(', ');
    const who = actor >= 0 ? st.players[actor] + ': ' : actor === -1 ? 'throw: ' : actor === -2 ? 'together: ' : '';
    const b = document.createElement('button');
    b.className = 'ply';
    b.textContent = (i + 1) + '. ' + who + (hide ? '(hidden)' : text);
    b.onclick = () => lookAt(i + 1);
    li.dataset.ply = i + 1;
    li.append(b);
    if (i + 1 === shown) li.classList.add('current');
    list.append(li);
  });
  const current = list.querySelector('li.current');
  if (current) current.scrollIntoView({ block: 'nearest' });
  $('back-to-game').hidden = !looking();
}

// Show the position after `ply` moves (read-only while it is not the last).
function lookAt(ply) {
  // The stateless endpoints replay the line: every move must be known.
  if (app.match && app.moves.some((m) => m === null))
    return showError('looking back needs every move of the game, and this seat does not see them all');
  ply = Math.max(0, Math.min(app.moves.length, ply));
  app.viewPly = ply === app.moves.length ? null : ply;
  app.selection = [];
  app.hint = '';
  refresh();
}

function render() {
  const st = app.state;
  drawBoard();
  let status = st.over ? resultText(st) : st.turn === 'chance' ? 'chance: throw'
    : st.turn === 'simultaneous' ? 'secret choice: ' + st.acting.map((a) => a.name).join(', ')
      : st.turn + ' to move' + (isPerson(st.to_act) ? ' (you)' : ' (engine)');
  if (looking()) status = 'after move ' + app.viewPly + ' of ' + app.moves.length + ' (looking back)';
  $('status').textContent = status;
  $('status').classList.toggle('over', !!st.over && !looking());
  const notes = $('notes');
  notes.textContent = '';
  for (const n of st.board ? st.board.notes : []) {
    if (n.line) continue; // an offer: a button of the chooser
    const li = document.createElement('li');
    li.textContent = n.text;
    if (n.player >= 0) li.style.borderLeft = '6px solid ' + colourOf(n.player);
    notes.append(li);
  }
  $('position').value = st.view_position || st.position;
  renderChooser([]);
  renderChance();
  renderMoveList();
  announce(st);
  renderControls();
  renderDatabase();
  app.renders++;
  document.body.dataset.renders = app.renders;
}

// The live region tells screen readers each new move and the end.
function announce(st) {
  if (looking()) return;
  const n = app.moves.length;
  if (n === app.announced) return;
  const parts = [];
  if (n > app.announced && n > 0) {
    const items = $('move-list').querySelectorAll('li');
    if (items[n - 1]) parts.push(items[n - 1].textContent.replace(/^\d+\. /, '') + '.');
  }
  if (st.over) parts.push(resultText(st) + '.');
  app.announced = n;
  if (parts.length) $('announce').textContent = parts.join(' ');
}

// ---- solved values: status line and the value-history chart ----
function renderDatabase() {
  const q = app.query, box = $('db-status'), chart = $('chart');
  chart.textContent = '';
  if (app.game.hidden) { box.textContent = 'no database for a game of hidden information'; return; }
  if (!q) { box.textContent = $('show-values').checked ? 'asking the database…' : ''; return; }
  if (!q.database) { box.textContent = 'no database answers this game and variant'; return; }
  box.textContent = 'database ' + q.database + ': ' +
    (q.value ? q.value.result + (q.value.distance !== undefined ? ' in ' + q.value.distance : '') +
      ' for ' + q.turn : app.state.over ? 'game over' : 'position not held');
  if (!q.history) return;
  // Value for the first player after every move: up is good for them; the
  // shorter the win, the higher (GamesmanUni's value history).
  const pts = q.history.map((h, i) => {
    if (!h.value) return null;
    const sign = (h.value.score || 0) * (h.to_act === 0 ? 1 : -1);
    return { i, sign, d: h.value.distance || 0, text: h.value.result };
  });
  const known = pts.filter(Boolean);
  if (!known.length) return;
  const maxD = Math.max(1, ...known.map((p) => p.d));
  const w = Math.max(10, q.history.length - 1), W = 300, H = 140, pad = 12;
  chart.setAttribute('viewBox', `0 0 ${W} ${H}`);
  const X = (i) => pad + (i / w) * (W - 2 * pad);
  const Y = (p) => H / 2 - p.sign * (1 - p.d / (maxD + 1)) * (H / 2 - pad);
  el('line', { x1: pad, y1: H / 2, x2: W - pad, y2: H / 2, stroke: '#bbb' }, chart);
  el('text', { x: 2, y: 10, 'font-size': 9, fill: '#555' }, chart).textContent = st0() + ' wins';
  el('text', { x: 2, y: H - 3, 'font-size': 9, fill: '#555' }, chart).textContent = st0() + ' loses';
  el('polyline', { points: known.map((p) => X(p.i) + ',' + Y(p)).join(' '), fill: 'none', stroke: '#555' }, chart);
  for (const p of known) {
    const colour = p.sign > 0 ? 'var(--win)' : p.sign < 0 ? 'var(--loss)' : 'var(--draw)';
    const dot = el('circle', { cx: X(p.i), cy: Y(p), r: 4, fill: colour, class: 'chart-dot' }, chart);
    dot.dataset.ply = p.i;
    dot.addEventListener('click', () => lookAt(p.i)); // the position after p.i moves
    const t = document.createElementNS(SVG, 'title');
    t.textContent = `after ${p.i} moves: ${p.sign > 0 ? 'win' : p.sign < 0 ? 'loss' : 'draw'} in ${p.d} for ${st0()}`;
    dot.append(t);
  }
}
function st0() { return players()[0]; }

// ---- analysis ----
// A value object (docs/JSON.md): a proof with its distance, or an estimate.
function valueText(v) {
  if (v.result !== 'unknown') return v.result + (v.distance !== undefined ? ' in ' + v.distance : '');
  return v.score === undefined ? '?' : (v.score >= 0 ? '+' : '') + v.score.toFixed(3);
}

async function analyse() {
  const st = app.state;
  const box = $('analysis');
  box.textContent = 'thinking…';
  try {
    const body = { engine: $('analysis-engine').value.trim(), analyse: true, seed: 1 };
    const seen = viewer();
    if (seen !== undefined) body.viewer = seen;
    if (st.turn === 'simultaneous') body.player = st.acting[0].player;
    const doc = await api('/api/search', request(body));
    box.textContent = '';
    const head = document.createElement('div');
    const v = doc.value;
    head.textContent = `${doc.spec}: best ${doc.move || (doc.players || []).map((a) => a.player + ' ' + a.move).join(', ') || '-'}` +
      (v ? ` (${valueText(v)})` : '') +
      (doc.pv ? '  pv ' + doc.pv.join(' ') : '');
    box.append(head);
    const rows = doc.moves || (doc.players ? doc.players.flatMap((a) => a.options.map((o) =>
      Object.assign({}, o, { move: a.player + ': ' + o.move }))) : []);
    const table = document.createElement('table');
    table.innerHTML = '<tr><th>move</th><th>value</th><th>visits</th></tr>';
    for (const m of rows.slice(0, 12)) {
      const tr = table.insertRow();
      tr.insertCell().textContent = m.move;
      tr.insertCell().textContent = m.value ? valueText(m.value) : '';
      tr.insertCell().textContent = m.visits !== undefined ? m.visits : '';
    }
    box.append(table);
  } catch (e) {
    box.textContent = '';
    showError(e);
  }
}

async function engineMoveForSideToAct() {
  const st = app.state;
  if (!st || st.over) return;
  if (st.turn === 'chance') return roll();
  if (st.turn === 'simultaneous') return;
  try {
    const doc = await api('/api/search', request({ engine: $('analysis-engine').value.trim(),
      seed: randomSeed(), viewer: viewer() === st.to_act ? st.to_act : undefined }));
    play(doc.move, st.to_act);
  } catch (e) {
    showError(e);
  }
}

// Take back moves until a person is to act again (an engine's reply and the
// throws before it go with the person's move), so that engines go on
// playing afterwards; with engines only, one move, and the engines pause.
function undo() {
  if (app.match) return matchUndo(); // match.js
  if (!app.moves.length) return;
  const people = app.seats.some((s) => s.kind === 'person');
  app.viewPly = null;
  for (;;) {
    const actor = app.actors[app.actors.length - 1];
    app.redo.push([app.moves.pop(), app.actors.pop(), app.playedCells.pop()]);
    if (!people || isPerson(actor) || !app.moves.length) break;
  }
  app.running = people;
  app.secret = {};
  showError(null);
  refresh();
}

// ---- buttons ----
function wire() {
  $('new-game').onclick = newGame;
  $('undo').onclick = undo;
  $('redo').onclick = () => {
    if (!app.redo.length) return;
    const [m, a, c] = app.redo.pop();
    app.moves.push(m);
    app.actors.push(a);
    app.playedCells.push(c);
    app.viewPly = null;
    app.secret = {};
    refresh();
  };
  $('run').onclick = () => { app.running = !app.running; renderControls(); schedule(); };
  $('step').onclick = () => { if (engineWork()) step(); };
  $('engine-move').onclick = engineMoveForSideToAct;
  $('analyse').onclick = analyse;
  $('show-values').onchange = refresh;
  $('copy').onclick = async () => {
    const text = $('position').value;
    try { await navigator.clipboard.writeText(text); } catch (e) {
      $('position').select();
      document.execCommand('copy');
    }
  };
  $('load').onclick = () => {
    app.start = $('position').value.trim();
    app.match = null; // a position loaded is explored here
    resetLine();
    refresh();
  };
}

// After every script of the page (share.js adds links, records and keys).
document.addEventListener('DOMContentLoaded', () => {
  wire();
  loadGames().catch(showError);
});
