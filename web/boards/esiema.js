// Esiema (engine/esiema/rules.md): 91 pits in a hexagon, rows a (bottom) to k, each pit named by
// its row and a number that stays the same along the lines up and to the right. In the setup a
// pit is chosen from the server's list. A sowing is built pit by pit with the server's answers
// (game.legal_moves with `after`): first the pits one may sow from, then after each drop the next
// pits with the balls that may go there ("g7r"), never one that leads to a dead end; the move is
// the parts joined by "-" ("f6-f7b-g8r-g9R"). A reproduction ("f6+5") is chosen from the list.

import { h, s } from '../lib/dom.js';
import { cellBoard, disc, freshness, mark, sendMove } from './cells.js';

const SOWING = /^([a-k]\d+)((?:-[a-k]\d+[a-zA-Z])+)$/;
const DROP = /-([a-k]\d+)([a-zA-Z])/g;
const PIT = /^@?([a-k]\d+)/;
const PART = /^([a-k]\d+)([a-zA-Z])$/;

export function createBoard({ host, toolbar, controller }) {
  let board = null;
  let model = null;
  const legal = freshness();
  let listed = null; // placements and reproductions the server lists
  let starts = null; // the pits the server says one may sow from
  let sowing = null; // { from, hand: [ball], path: [{ pit, ball }], parts } while a sowing is built
  let chosen = 0; // index in the hand of the ball to drop next
  let grow = 1;

  function update(m) {
    model = m;
    board ??= drawPits(host, m.view.rows);
    if (legal.key !== m.key) {
      legal.set(m.key);
      listed = starts = sowing = null;
      if (m.myDecision) {
        legal.ask(controller.legal({})).then((r) => r && ((listed = r.moves), draw()), failed);
        if (m.view.phase === 'play' && !m.view.must_reproduce) {
          legal.ask(controller.legal({ after: '' })).then((r) => r && ((starts = r.moves), draw()), failed);
        }
      }
    }
    draw();
  }

  function failed(error) {
    controller.message(error.message);
  }

  function play(move) {
    return sendMove(controller, legal, move, {
      clear: () => {
        listed = starts = sowing = null;
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
      for (const pit of new Set((sowing.parts ?? []).map((part) => PART.exec(part)[1]))) {
        mark(marks, [pit], 'target');
        actions.set(pit, () => drop(pit));
      }
    } else if (starts) {
      mark(marks, starts, 'selectable');
      for (const pit of starts) actions.set(pit, () => startSowing(pit));
    }
    const labels = new Map();
    for (const [pit, list] of pits) {
      content.set(pit, list.map((ball, i) => ballNode(board.centre(pit), ball, i, list)));
      labels.set(pit, describe(list));
    }
    board.draw({ content, marks, actions, labels });
    toolbar.replaceChildren(...controls());
  }

  const letterOf = (ball) => {
    const letter = model.view.players.find((p) => p.colour === ball.colour).letter;
    return ball.mother ? letter.toUpperCase() : letter;
  };
  const sown = () => [sowing.from, ...sowing.path.map(({ pit, ball }) => `${pit}${letterOf(ball)}`)].join('-');

  function startSowing(pit) {
    const p = model.view.pits.find((x) => x.pit === pit);
    sowing = { from: pit, hand: balls(p), path: [], parts: null };
    askParts();
  }

  // The server's next parts for the sowing so far; the ball to drop next defaults to one they
  // allow, someone else's first so that one's own is left for the end, where it must be.
  function askParts() {
    const asked = sowing;
    const after = sown();
    asked.parts = null;
    // The hand has just changed (a new sowing, or a ball dropped): the old `chosen` may point past
    // its end (the ball chosen was the last one, or another sowing's hand was longer), and draw()
    // reads it before the answer picks again.
    chosen = 0;
    draw();
    legal.ask(controller.legal({ after })).then((r) => {
      if (!r || sowing !== asked || sown() !== after) return;
      asked.parts = r.moves;
      const allowed = new Set(r.moves.map((part) => PART.exec(part)[2]));
      const order = [...asked.hand.keys()].sort((i, j) => (asked.hand[i].colour === me().colour) - (asked.hand[j].colour === me().colour));
      chosen = order.find((i) => allowed.has(letterOf(asked.hand[i]))) ?? 0;
      draw();
    }, (error) => {
      failed(error);
      if (sowing === asked) sowing = null;
      draw();
    });
  }

  // The chosen ball into `pit` where the server allows it there, else the first ball it allows.
  function drop(pit) {
    const here = sowing.parts.filter((part) => PART.exec(part)[1] === pit);
    const wanted = `${pit}${letterOf(sowing.hand[chosen])}`;
    const letter = PART.exec(here.includes(wanted) ? wanted : here[0])[2];
    const at = sowing.hand.findIndex((ball) => letterOf(ball) === letter);
    const [ball] = sowing.hand.splice(at, 1);
    sowing.path.push({ pit, ball });
    if (sowing.hand.length === 0) {
      play(sown());
      return;
    }
    askParts();
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
  return { ...board, centre: (id) => centres.get(id) };
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
