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
};
window.kibitz = app; // for the browser tests

// ---- talking to the server ----
async function api(path, body) {
  app.pending++;
  try {
    const init = body === undefined ? {} : {
      method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body),
    };
    const res = await fetch(path, init);
    const data = await res.json();
    if (!res.ok) throw new Error(data.error || res.statusText);
    return data;
  } finally {
    app.pending--;
  }
}

function request(extra) {
  return Object.assign({ game: app.game.name, variant: app.variant, position: app.start,
    moves: app.moves }, extra || {});
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
function defaultEngine(g) {
  if (g.zero_sum && !g.chance && !g.hidden && !g.simultaneous) return 'alphabeta:depth=6';
  if (g.hidden) return 'mcts:iterations=300';
  return 'mcts:iterations=500';
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
    for (const k of ['person', 'engine']) kind.add(new Option(k, k, false, app.seats[p].kind === k));
    const spec = document.createElement('input');
    spec.id = 'seat-spec-' + p;
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
  if (!app.game.hidden) return undefined;
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
  chooseGame(app.games[0].name);
}

function chooseGame(name) {
  app.game = app.games.find((g) => g.name === name);
  $('game').value = name;
  $('summary').textContent = app.game.summary;
  const box = $('variant');
  box.textContent = '';
  const current = {};
  for (const kv of app.game.variant.split(',')) { const [k, v] = kv.split('='); current[k] = v; }
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
  $('analysis-engine').value = defaultEngine(app.game);
  newGame();
}

function variantText() {
  return [...document.querySelectorAll('#variant input')]
    .map((i) => i.dataset.key + '=' + i.value.trim()).join(',');
}

function newGame() {
  app.variant = variantText();
  app.start = '';
  app.moves = [];
  app.actors = [];
  app.redo = [];
  app.secret = {};
  app.running = true;
  app.query = null;
  $('analysis').textContent = '';
  buildSeats();
  refresh();
}

// ---- the main loop: ask for the state, draw it, let engines and chance act ----
async function refresh() {
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
  // The position document lists moves as texts; the cells each touches and
  // the odds of chance outcomes come in arrays of the same order.
  st.legal = st.moves.map((m, i) => ({ move: m, cells: (st.move_cells || [])[i] || [] }));
  st.outcomes = st.chance ? st.moves.map((m, i) => ({ move: m, probability: st.chance[i] })) : [];
  const seatsChanged = !app.state || app.state.players.length !== st.players.length;
  app.state = st;
  app.selection = [];
  if (seatsChanged) buildSeats();
  app.query = null;
  render();
  if ($('show-values').checked && !app.game.hidden) {
    try {
      const q = await api('/api/query', request({ history: true }));
      if (token !== app.token) return;
      app.query = q;
      render();
    } catch (e) {
      showError(e);
    }
  }
  schedule();
}

function pace() { return Number($('pace').value); }

function schedule() {
  clearTimeout(app.timer);
  const st = app.state;
  if (!app.running || !st || st.over) return;
  if (engineWork()) app.timer = setTimeout(() => step(), pace());
}

// Is there something for chance or an engine to do now?
function engineWork() {
  const st = app.state;
  if (!st || st.over) return false;
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
  app.moves.push(move);
  app.actors.push(actor);
  app.redo = [];
  app.secret = {};
  refresh();
}

// A simultaneous node is played when every acting player has chosen.
function jointReady() {
  const st = app.state;
  if (st.turn !== 'simultaneous') return;
  if (!st.acting.every((a) => a.player in app.secret)) return render();
  const joint = players().map((_, p) => (p in app.secret ? app.secret[p] : null));
  play({ joint }, -2);
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

function drawBoard() {
  const st = app.state, svg = $('board');
  svg.textContent = '';
  if (!st.board) return;
  const b = st.board;
  svg.setAttribute('viewBox', `0 0 ${b.width} ${b.height}`);
  app.cells = new Map();
  const showLabels = b.cells.length <= 120;
  for (const c of b.cells) {
    app.cells.set(c.id, c);
    const cls = 'cell' + (c.zone !== undefined ? ' zone' + c.zone : '') + (c.mark ? ' m-' + c.mark : '');
    const shape = c.points
      ? el('polygon', { points: c.points.join(' '), class: cls }, svg)
      : el('circle', { cx: c.x, cy: c.y, r: c.r, class: cls }, svg);
    shape.dataset.cell = c.id;
    shape.addEventListener('click', () => clickCell(c.id));
    const t = document.createElementNS(SVG, 'title');
    t.textContent = c.label + (c.mark ? ' (' + c.mark + ')' : '');
    shape.append(t);
    if (showLabels && c.label && c.points) {
      const s = cellSize(c);
      el('text', { x: c.x - s * 0.42, y: c.y + s * 0.42, class: 'cell-label' }, svg).textContent = c.label;
      if (c.mark) el('text', { x: c.x - s * 0.42, y: c.y - s * 0.3, class: 'cell-mark' }, svg).textContent = c.mark;
    }
  }
  const byCell = new Map();
  for (const p of b.pieces) {
    if (!byCell.has(p.cell)) byCell.set(p.cell, []);
    byCell.get(p.cell).push(p);
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
  drawValues(svg);
  drawSelection();
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

function clickCell(id) {
  if (!humanToAct()) return;
  let pre = app.selection;
  let next = candidates(pre).filter((m) => m.cells[pre.length] === id);
  if (!next.length) { // a click on the last cell of a move ends it at once
    const ending = candidates(pre).filter((m) => m.cells[m.cells.length - 1] === id);
    if (ending.length && new Set(ending.map((m) => m.cells.slice(0, pre.length + 1).join())).size === 1)
      return finish(ending);
    pre = [];
    next = candidates([]).filter((m) => m.cells[0] === id);
  }
  if (!next.length) {
    app.selection = [];
    return renderChooser([]);
  }
  const sel = pre.concat([id]);
  const complete = next.filter((m) => m.cells.length === sel.length);
  const longer = next.filter((m) => m.cells.length > sel.length);
  if (complete.length && !longer.length) return finish(complete);
  app.selection = sel;
  drawSelection();
  renderChooser(complete);
}

function finish(moves) {
  app.selection = [];
  if (moves.length === 1) return play(moves[0].move, app.state.to_act);
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
  }
  b.onclick = onClick;
  return b;
}

// Moves a click on the board cannot tell apart, or that touch no cell.
function renderChooser(choices) {
  const box = $('chooser'), other = $('other-moves'), st = app.state;
  box.textContent = '';
  other.textContent = '';
  if (st.turn === 'simultaneous') return renderSecret(box);
  if (!humanToAct()) {
    box.textContent = st.over ? '' : 'waiting for ' + st.turn;
    return;
  }
  if (choices.length) {
    const p = document.createElement('div');
    p.textContent = 'Which one?';
    box.append(p);
    for (const m of choices) box.append(moveButton(m.move, () => play(m.move, st.to_act)));
  }
  const cellLess = st.legal.filter((m) => !m.cells.length);
  for (const m of cellLess) other.append(moveButton(m.move, () => play(m.move, st.to_act)));
  if (!choices.length && !cellLess.length) box.textContent = 'click a piece, then where it goes';
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
  if (!waiting.length) return;
  const a = waiting[0];
  const d = document.createElement('div');
  d.textContent = a.name + ', choose secretly:';
  box.append(d);
  for (const m of a.moves) {
    box.append(moveButton(m, () => { app.secret[a.player] = m; jointReady(); schedule(); }));
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

function resultText(st) {
  if (!st.returns) return '';
  const best = Math.max(...st.returns);
  const winners = st.players.filter((_, p) => st.returns[p] === best);
  if (winners.length === st.players.length) return 'game over: a draw';
  return 'game over: ' + winners.join(' and ') + (winners.length > 1 ? ' win' : ' wins') +
    ' (' + st.returns.map((r) => r.toFixed(2)).join(' / ') + ')';
}

function renderControls() {
  $('run').textContent = app.running ? 'Pause' : 'Resume';
  $('undo').disabled = !app.moves.length;
  $('redo').disabled = !app.redo.length;
}

function renderMoveList() {
  const list = $('move-list'), st = app.state, seen = viewer();
  list.textContent = '';
  st.played.forEach((text, i) => {
    const li = document.createElement('li');
    const actor = app.actors[i];
    // With hidden information a person sees only their own moves' text.
    const hide = seen !== undefined && actor >= 0 && actor !== seen;
    li.textContent = (actor >= 0 ? st.players[actor] + ': ' : actor === -1 ? 'throw: ' : '') +
      (hide ? '(hidden)' : text);
    list.append(li);
  });
  if (list.lastChild) { list.lastChild.classList.add('current'); list.lastChild.scrollIntoView({ block: 'nearest' }); }
}

function render() {
  const st = app.state;
  drawBoard();
  let status = st.over ? resultText(st) : st.turn === 'chance' ? 'chance: throw'
    : st.turn === 'simultaneous' ? 'secret choice: ' + st.acting.map((a) => a.name).join(', ')
      : st.turn + ' to move' + (isPerson(st.to_act) ? ' (you)' : ' (engine)');
  $('status').textContent = status;
  const notes = $('notes');
  notes.textContent = '';
  for (const n of st.board ? st.board.notes : []) {
    const li = document.createElement('li');
    li.textContent = n.text;
    if (n.player >= 0) li.style.borderLeft = '6px solid ' + colourOf(n.player);
    notes.append(li);
  }
  $('position').value = st.view_position || st.position;
  renderChooser([]);
  renderChance();
  renderMoveList();
  renderControls();
  renderDatabase();
  app.renders++;
  document.body.dataset.renders = app.renders;
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
    const dot = el('circle', { cx: X(p.i), cy: Y(p), r: 3, fill: colour }, chart);
    dot.dataset.ply = p.i;
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

// ---- buttons ----
function wire() {
  $('new-game').onclick = newGame;
  $('undo').onclick = () => {
    if (!app.moves.length) return;
    app.redo.push([app.moves.pop(), app.actors.pop()]);
    app.running = false; // so an engine does not answer at once
    app.secret = {};
    refresh();
  };
  $('redo').onclick = () => {
    if (!app.redo.length) return;
    const [m, a] = app.redo.pop();
    app.moves.push(m);
    app.actors.push(a);
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
    app.moves = [];
    app.actors = [];
    app.redo = [];
    app.secret = {};
    refresh();
  };
}

wire();
loadGames().catch(showError);
