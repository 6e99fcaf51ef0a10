// Shiamgon (engine/shiamgon/rules.md), on the four boards the server describes in the view's
// `geometry`: a disc's cells as ring sectors (ring, start and end angles clockwise from north),
// a triangle's as their three corners. A turn places a stone on a cell the server lists; a stone
// pushed out of the way is moved by its owner out of turn ("i10-j10"), a decision the board
// highlights for everyone and offers to the player who must make it.

import { h, s } from '../lib/dom.js';
import { cellBoard, disc, freshness, mark, sendMove } from './cells.js';

const SHIFT = /^([a-z]\d+|o)-([a-z]\d+|o)$/;

export function createBoard({ host, toolbar, controller }) {
  let board = null;
  let model = null;
  const legal = freshness();
  let listed = null;

  function update(m) {
    model = m;
    board ??= drawCells(host, m.view.geometry);
    if (legal.key !== m.key) {
      legal.set(m.key);
      listed = null;
      if (m.myDecision) {
        legal.ask(controller.legal({})).then((r) => r && ((listed = r.moves), draw()), (e) => controller.message(e.message));
      }
    }
    draw();
  }

  function play(move) {
    return sendMove(controller, legal, move, {
      clear: () => {
        listed = null;
      },
      redraw: () => draw(),
      again: () => update(model),
    });
  }

  function draw() {
    const { view } = model;
    const names = view.geometry.names;
    const content = new Map();
    const marks = new Map();
    const actions = new Map();
    const labels = new Map();
    const shift = SHIFT.exec(model.lastMove ?? '');
    mark(marks, shift ? shift.slice(1) : [model.lastMove].filter(Boolean), 'last');
    for (const capture of view.last_captures) mark(marks, capture.cells, 'captured');
    const pending = view.displacement;
    if (pending) {
      mark(marks, [pending.stone], 'displaced');
      mark(marks, pending.choices, 'choice');
    }
    view.owners.forEach((owner, i) => {
      if (owner < 0) return;
      const { x, y, r } = board.spot(names[i]);
      const colour = view.players[owner].colour;
      content.set(names[i], disc(x, y, r, colour));
      labels.set(names[i], `${colour} stone`);
    });
    for (const move of listed ?? []) {
      const target = SHIFT.exec(move)?.[2] ?? move;
      mark(marks, [target], 'target');
      actions.set(target, () => play(move));
      labels.set(target, `${labels.get(target) ?? 'empty'}, ${move.includes('-') ? 'move the stone here' : 'place here'}`);
    }
    board.draw({ content, marks, actions, labels });
    toolbar.replaceChildren(...notes());
  }

  function notes() {
    const { view } = model;
    const list = [];
    const pending = view.displacement;
    if (pending) {
      const who = view.players[pending.player];
      const text = pending.player === model.mySeat
        ? `Your stone on ${pending.stone} is pushed by the new stone on ${pending.cell}: choose where it goes.`
        : `${who.name} must move the stone on ${pending.stone} away from ${pending.cell}.`;
      list.push(h('p', { class: pending.player === model.mySeat ? 'decide' : 'note' }, text));
    }
    list.push(h('p', { class: 'note' }, view.players.map((p) =>
      `${p.name}: score ${p.score} (${p.stones} stones, ${p.prisoners_won} prisoners won, ${p.stones_lost} lost)`).join(' · ')));
    return list;
  }

  return { update, destroy: () => board?.svg.remove() };
}

// The cells from the view's geometry, with the spot where each cell's stone is drawn.
function drawCells(host, geometry) {
  const spots = new Map();
  const cells = [];
  if (geometry.shape === 'disc') {
    geometry.names.forEach((id, i) => {
      const ring = geometry.ring[i];
      if (ring === 0) {
        spots.set(id, { x: 0, y: 0, r: 0.45 });
        cells.push({ id, shape: s('circle', { cx: 0, cy: 0, r: 1, class: 'ring-cell' }) });
        return;
      }
      const [from, to] = [geometry.start_degrees[i], geometry.end_degrees[i]];
      const mid = polar(ring + 0.5, (from + to) / 2);
      const arc = ((to - from) * Math.PI * (ring + 0.5)) / 180;
      spots.set(id, { ...mid, r: Math.min(0.4, arc * 0.4) });
      cells.push({ id, shape: s('path', { d: sector(ring, ring + 1, from, to), class: 'ring-cell' }) });
    });
    const outer = geometry.ring_sizes.length + 1;
    return {
      ...cellBoard(host, { viewBox: `${-outer - 0.2} ${-outer - 0.2} ${2 * outer + 0.4} ${2 * outer + 0.4}`, cells, label: 'Shiamgon board' }),
      spot: (id) => spots.get(id),
    };
  }
  const c = geometry.corners;
  geometry.names.forEach((id, i) => {
    const points = [0, 1, 2].map((k) => ({ x: c[6 * i + 2 * k], y: c[6 * i + 2 * k + 1] }));
    spots.set(id, { x: (points[0].x + points[1].x + points[2].x) / 3, y: (points[0].y + points[1].y + points[2].y) / 3, r: 0.2 });
    cells.push({ id, shape: s('polygon', { points: points.map((p) => `${p.x},${p.y}`).join(' '), class: 'ring-cell' }) });
  });
  const xs = c.filter((_, k) => k % 2 === 0);
  const ys = c.filter((_, k) => k % 2 === 1);
  const [x0, x1, y0, y1] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  return {
    ...cellBoard(host, { viewBox: `${x0 - 0.2} ${y0 - 0.2} ${x1 - x0 + 0.4} ${y1 - y0 + 0.4}`, cells, label: 'Shiamgon board' }),
    spot: (id) => spots.get(id),
  };
}

// A point at `radius` and `degrees` clockwise from north (SVG's y grows downwards).
function polar(radius, degrees) {
  const a = (degrees * Math.PI) / 180;
  return { x: radius * Math.sin(a), y: -radius * Math.cos(a) };
}

function sector(inner, outer, from, to) {
  const large = to - from > 180 ? 1 : 0;
  const [a, b, c, d] = [polar(outer, from), polar(outer, to), polar(inner, to), polar(inner, from)];
  return `M${a.x},${a.y}A${outer},${outer} 0 ${large} 1 ${b.x},${b.y}L${c.x},${c.y}A${inner},${inner} 0 ${large} 0 ${d.x},${d.y}Z`;
}
