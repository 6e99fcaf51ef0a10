// Esiema (engine/esiema/rules.md): 91 pits in a hexagon, rows a (bottom) to k, each pit named by
// its row and a number that stays the same along the lines up and to the right. In the setup a
// pit is chosen from the server's list. A sowing is built pit by pit: the pit to empty, then each
// pit of the path with the ball dropped there ("f6-f7b-g8r-g9R"); the board offers the pits next
// to the path's end that are not on it and not full, and the server judges the whole sowing (it
// lists no sowings and no parts of one: a pit can be sown along millions of paths). A
// reproduction ("f6+5") is chosen from the list.

import { h, s } from '../lib/dom.js';
import { cellBoard, disc, freshness, mark, sendMove } from './cells.js';

const ROW_LETTERS = 'abcdefghijk';
const FULL = 12;
const SOWING = /^([a-k]\d+)((?:-[a-k]\d+[a-zA-Z])+)$/;
const DROP = /-([a-k]\d+)([a-zA-Z])/g;
const PIT = /^@?([a-k]\d+)/;

export function createBoard({ host, toolbar, controller }) {
  let board = null;
  let model = null;
  const legal = freshness();
  let listed = null; // placements and reproductions the server lists
  let sowing = null; // { from, hand: [ball], path: [{ pit, ball }] } while a sowing is built
  let chosen = 0; // index in the hand of the ball to drop next
  let grow = 1;

  function update(m) {
    model = m;
    board ??= drawPits(host, m.view.rows);
    if (legal.key !== m.key) {
      legal.set(m.key);
      listed = sowing = null;
      if (m.myDecision) {
        legal.ask(controller.legal({})).then((r) => r && ((listed = r.moves), draw()), (e) => controller.message(e.message));
      }
    }
    draw();
  }

  function play(move) {
    return sendMove(controller, legal, move, {
      clear: () => {
        listed = sowing = null;
      },
      redraw: () => draw(),
      again: () => update(model),
    });
  }

  const me = () => model.view.players[model.mySeat];

  function draw() {
    const { view } = model;
    const pits = new Map(view.pits.map((p) => [p.pit, balls(p)]));
    const content = new Map();
    const marks = new Map();
    const actions = new Map();
    mark(marks, pitsOf(model.lastMove ?? ''), 'last');
    if (listed && view.phase === 'setup') {
      for (const move of listed) {
        const pit = PIT.exec(move)[1];
        mark(marks, [pit], 'target');
        actions.set(pit, () => play(move));
      }
    } else if (sowing) {
      pits.set(sowing.from, []);
      for (const { pit, ball } of sowing.path) pits.set(pit, [...(pits.get(pit) ?? []), ball]);
      mark(marks, [sowing.from], 'vacated');
      mark(marks, sowing.path.map((p) => p.pit), 'selected');
      const end = sowing.path.at(-1)?.pit ?? sowing.from;
      const visited = new Set([sowing.from, ...sowing.path.map((p) => p.pit)]);
      for (const pit of board.neighbours(end)) {
        if (visited.has(pit) || (pits.get(pit)?.length ?? 0) >= FULL) continue;
        mark(marks, [pit], 'target');
        actions.set(pit, () => drop(pit));
      }
    } else if (listed && !view.must_reproduce) {
      const mine = view.pits.filter((p) => p.small[me().colour] || p.mothers.includes(me().colour)).map((p) => p.pit);
      mark(marks, mine, 'selectable');
      for (const pit of mine) actions.set(pit, () => startSowing(pit));
    }
    const labels = new Map();
    for (const [pit, list] of pits) {
      content.set(pit, list.map((ball, i) => ballNode(board.centre(pit), ball, i, list)));
      labels.set(pit, describe(list));
    }
    board.draw({ content, marks, actions, labels });
    toolbar.replaceChildren(...controls());
  }

  function startSowing(pit) {
    const p = model.view.pits.find((x) => x.pit === pit);
    sowing = { from: pit, hand: balls(p), path: [] };
    chooseDefault();
    draw();
  }

  // Someone else's ball first, so that one's own is left for the end, where it must be.
  function chooseDefault() {
    const { hand } = sowing;
    const other = hand.findIndex((b) => b.colour !== me().colour);
    const small = hand.findIndex((b) => b.colour === me().colour && !b.mother);
    chosen = other >= 0 && hand.length > 1 ? other : small >= 0 ? small : 0;
  }

  function drop(pit) {
    const [ball] = sowing.hand.splice(chosen, 1);
    sowing.path.push({ pit, ball });
    if (sowing.hand.length === 0) {
      const letters = new Map(model.view.players.map((p) => [p.colour, p.letter]));
      const path = sowing.path.map(({ pit: at, ball: b }) => {
        const letter = letters.get(b.colour);
        return `-${at}${b.mother ? letter.toUpperCase() : letter}`;
      });
      play(`${sowing.from}${path.join('')}`);
      return;
    }
    chooseDefault();
    draw();
  }

  function controls() {
    const { view } = model;
    const list = [];
    if (sowing) {
      list.push(h('span', { class: 'note' }, `Sowing from ${sowing.from}; next ball: `));
      const kinds = new Map(); // ball name -> { i: its first place in the hand, n }
      sowing.hand.forEach((ball, i) => {
        if (!kinds.has(ballName(ball))) kinds.set(ballName(ball), { i, n: 0 });
        kinds.get(ballName(ball)).n += 1;
      });
      const next = ballName(sowing.hand[chosen]);
      for (const [name, { i, n }] of kinds) {
        list.push(h('button', { 'aria-pressed': String(name === next), onclick: () => ((chosen = i), draw()) }, `${name} ×${n}`));
      }
      list.push(h('button', { onclick: () => ((sowing = null), draw()) }, 'Cancel sowing'));
    }
    const reproductions = (listed ?? []).filter((m) => m.includes('+'));
    if (reproductions.length && !sowing) {
      const most = reproductions.length;
      const count = h('input', { type: 'number', min: 1, max: most, value: Math.min(grow, most), 'aria-label': 'Balls to add to your mother', class: 'small-number' });
      count.addEventListener('change', () => (grow = Number(count.value)));
      list.push(h('span', { class: 'note' }, 'Reproduce: '), count,
        h('button', { onclick: () => play(`${reproductions[0].split('+')[0]}+${count.value}`) }, 'Add to the mother'));
    }
    list.push(h('p', { class: 'note' }, view.players.map((p) =>
      `${p.colour}: ${p.on_board} on the board, ${p.reserve} in reserve, ${p.captured} captured${p.eliminated ? ', out' : ''}`).join(' · ')));
    return list;
  }

  return { update, destroy: () => board?.svg.remove() };
}

// The balls of a pit from the view, mothers last (drawn in the middle).
function balls(pit) {
  const list = [];
  for (const [colour, n] of Object.entries(pit.small)) for (let i = 0; i < n; i++) list.push({ colour, mother: false });
  for (const colour of pit.mothers) list.push({ colour, mother: true });
  return list;
}

const ballName = (ball) => (ball.mother ? `${ball.colour} mother` : ball.colour);

function describe(list) {
  if (!list.length) return 'empty';
  const counts = new Map();
  for (const b of list) counts.set(ballName(b), (counts.get(ballName(b)) ?? 0) + 1);
  return [...counts].map(([name, n]) => `${n} ${name}`).join(', ');
}

function pitsOf(move) {
  const sowing = SOWING.exec(move);
  if (sowing) return [sowing[1], ...[...sowing[2].matchAll(DROP)].map((m) => m[1])];
  const pit = PIT.exec(move);
  return pit ? [pit[1]] : [];
}

// The hexagon: row r (a = 0) and number n lie at x = n - r / 2, rows a cell's height apart.
function drawPits(host, rows) {
  const ROW_HEIGHT = Math.sqrt(3) / 2;
  const top = rows.length - 1;
  const centres = new Map();
  const cells = [];
  rows.forEach(({ row, first, last }, r) => {
    for (let n = first; n <= last; n++) {
      const id = `${row}${n}`;
      const x = n - r / 2;
      const y = (top - r) * ROW_HEIGHT;
      centres.set(id, { x, y });
      cells.push({ id, shape: s('circle', { cx: x, cy: y, r: 0.47, class: 'pit' }) });
    }
  });
  const xs = [...centres.values()].map((c) => c.x);
  const minX = Math.min(...xs) - 0.6;
  const width = Math.max(...xs) + 0.6 - minX;
  const height = top * ROW_HEIGHT + 1.2;
  // The six corner pits, round the hexagon, outlined by a thick stroke.
  const [a, f, k] = [rows[0], rows[Math.floor(top / 2)], rows[top]];
  const corners = [`a${a.first}`, `a${a.last}`, `f${f.last}`, `k${k.last}`, `k${k.first}`, `f${f.first}`]
    .map((id) => centres.get(id));
  const frame = s('polygon', { class: 'hex-frame', points: corners.map((p) => `${p.x},${p.y}`).join(' ') });
  const board = cellBoard(host, { viewBox: `${minX} -0.6 ${width} ${height}`, cells, label: 'Esiema board', decorations: [frame] });
  const neighbours = (id) => {
    const r = ROW_LETTERS.indexOf(id[0]);
    const n = Number(id.slice(1));
    return [[r, n - 1], [r, n + 1], [r + 1, n], [r + 1, n + 1], [r - 1, n - 1], [r - 1, n]]
      .map(([rr, nn]) => `${ROW_LETTERS[rr] ?? ''}${nn}`)
      .filter((pit) => centres.has(pit));
  };
  return { ...board, centre: (id) => centres.get(id), neighbours };
}

// Small balls round the rim of the pit, mothers bigger in the middle.
function ballNode({ x, y }, ball, i, list) {
  const mothers = list.filter((b) => b.mother).length;
  if (ball.mother) {
    const k = i - (list.length - mothers);
    return disc(x + (k - (mothers - 1) / 2) * 0.22, y, 0.19, ball.colour, 'mother');
  }
  const small = list.length - mothers;
  const angle = (2 * Math.PI * i) / Math.max(small, 6) - Math.PI / 2;
  const radius = small === 1 && mothers === 0 ? 0 : 0.3;
  return disc(x + radius * Math.cos(angle), y + radius * Math.sin(angle), 0.075, ball.colour);
}
