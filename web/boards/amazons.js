// Game of the Amazons (engine/amazons/rules.md): a turn is a queen move and an arrow shot from
// the landing square, sent as one move, "d1-d7/g7". The legal queen moves come from
// game.legal_moves with `after: ""`, the arrows from `after: "d1-d7"`; pass and swap, where the
// rules allow them, are buttons.

import { h, s } from '../lib/dom.js';
import { disc, freshness, mark, sendMove } from './cells.js';
import { squareBoard } from './grid.js';

const MOVE = /^([a-j]\d+)-([a-j]\d+)\/([a-j]\d+)$/;

export function createBoard({ host, toolbar, controller }) {
  let board = null;
  let model = null;
  const legal = freshness();
  let queenMoves = null; // ["b1-b4", ..., "pass", "swap"] once loaded
  let from = null; // the amazon chosen
  let to = null; // where it lands; then the arrow is chosen
  let arrows = null;

  function update(next) {
    model = next;
    const { view } = next;
    board ??= squareBoard(host, {
      files: view.files,
      ranks: view.ranks,
      flipped: next.mySeat === 1,
      label: 'Amazons board',
    });
    if (legal.key !== next.key) {
      legal.set(next.key);
      queenMoves = arrows = from = to = null;
      if (next.myDecision) load(legal.ask(controller.legal({ after: '' })), (r) => (queenMoves = r.moves));
    }
    draw();
  }

  function load(answer, take) {
    answer.then((r) => r && (take(r), draw()), (error) => controller.message(error.message));
  }

  function reset() {
    from = to = arrows = null;
    draw();
  }

  function play(move) {
    return sendMove(controller, legal, move, {
      clear: () => {
        queenMoves = null;
      },
      redraw: () => draw(),
      again: () => update(model),
    });
  }

  function draw() {
    const { view } = model;
    const content = new Map();
    const marks = new Map();
    const actions = new Map();
    const labels = new Map();
    const last = MOVE.exec(model.lastMove ?? '');
    if (last) {
      mark(marks, [last[1], last[2]], 'last');
      mark(marks, [last[3]], 'last-arrow');
    }
    for (const square of view.arrows) {
      content.set(square, arrowMark(board.centre(square)));
      labels.set(square, 'arrow');
    }
    for (const { square, colour } of view.amazons) {
      const at = square === from && to ? to : square;
      content.set(at, amazon(board.centre(at), colour));
      labels.set(at, `${colour} amazon`);
    }
    if (queenMoves && !from) {
      const origins = new Set(queenMoves.filter((m) => m.includes('-')).map((m) => m.split('-')[0]));
      mark(marks, origins, 'selectable');
      for (const o of origins) actions.set(o, () => ((from = o), draw()));
    } else if (from && !to) {
      mark(marks, [from], 'selected');
      actions.set(from, reset);
      const targets = queenMoves.filter((m) => m.startsWith(`${from}-`)).map((m) => m.split('-')[1]);
      mark(marks, targets, 'target');
      for (const t of targets) {
        actions.set(t, () => {
          to = t;
          draw();
          load(legal.ask(controller.legal({ after: `${from}-${to}` })), (r) => (arrows = r.moves));
        });
      }
    } else if (to) {
      mark(marks, [from], 'vacated');
      mark(marks, [to], 'selected');
      actions.set(to, reset);
      if (arrows) {
        mark(marks, arrows, 'target-arrow');
        for (const a of arrows) {
          actions.set(a, () => play(`${from}-${to}/${a}`));
          labels.set(a, `${labels.get(a) ?? 'empty'}, shoot the arrow here`);
        }
      }
    }
    board.draw({ content, marks, actions, labels });
    toolbar.replaceChildren(...buttons());
  }

  function buttons() {
    const list = [];
    if (queenMoves?.includes('pass')) list.push(h('button', { onclick: () => play('pass') }, 'Pass'));
    if (queenMoves?.includes('swap')) list.push(h('button', { onclick: () => play('swap') }, 'Swap colours'));
    if (from) list.push(h('button', { onclick: reset }, 'Cancel'));
    if (model.view.komi > 0) {
      const passes = model.view.players.map((p) => `${p.colour} ${p.passes_left}`).join(', ');
      list.push(h('span', { class: 'note' }, `Passes left: ${passes}`));
    }
    return list;
  }

  return { update, destroy: () => board?.svg.remove() };
}

function amazon({ x, y }, colour) {
  const crown = [[-0.2, 0.12], [-0.2, -0.12], [-0.1, 0], [0, -0.18], [0.1, 0], [0.2, -0.12], [0.2, 0.12]]
    .map(([dx, dy]) => `${x + dx},${y + dy}`)
    .join(' ');
  return [disc(x, y, 0.38, colour), s('polygon', { points: crown, class: `crown crown-${colour}` })];
}

function arrowMark({ x, y }) {
  const d = 0.28;
  return s('path', {
    d: `M${x - d},${y - d}L${x + d},${y + d}M${x + d},${y - d}L${x - d},${y + d}`,
    class: 'arrow',
  });
}
