// Come on, Sisyphos (docs/protocol.md section 10): a stone steps ("e3-d4", "e3xd4" when it
// captures) or comes back from the hand ("@a4"). The whole list of legal moves is short, so it
// is asked for at once; a stone is chosen, then its target, and the re-entry squares are played
// with one click.

import { h } from '../lib/dom.js';
import { disc, freshness, mark, sendMove } from './cells.js';
import { squareBoard } from './grid.js';

const STEP = /^([a-e][1-5])[-x]([a-e][1-5])$/;
const REENTRY = /^@([a-e][1-5])$/;
const SIDES = ['sisyphos', 'spirits'];

export function createBoard({ host, toolbar, controller }) {
  let board = null;
  let model = null;
  const legal = freshness();
  let moves = null;
  let from = null;

  function update(m) {
    model = m;
    // The goals: a5 for Sisyphos, e1 for the spirits.
    board ??= squareBoard(host, { files: m.view.files, ranks: m.view.ranks, label: 'Sisyphos board', special: ['a5', 'e1'] });
    if (legal.key !== m.key) {
      legal.set(m.key);
      moves = from = null;
      if (m.myDecision) {
        legal.ask(controller.legal({})).then((r) => r && ((moves = r.moves), draw()), (e) => controller.message(e.message));
      }
    }
    draw();
  }

  function play(move) {
    return sendMove(controller, legal, move, {
      clear: () => {
        moves = from = null;
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
    const last = STEP.exec(model.lastMove ?? '') ?? REENTRY.exec(model.lastMove ?? '');
    if (last) mark(marks, last.slice(1), 'last');
    for (const { square, owner } of view.board) {
      const { x, y } = board.centre(square);
      content.set(square, disc(x, y, 0.36, SIDES[owner]));
      labels.set(square, owner === 0 ? 'Sisyphos stone' : 'spirit');
    }
    if (moves) {
      const steps = moves.map((m) => STEP.exec(m)).filter(Boolean);
      if (from) {
        mark(marks, [from], 'selected');
        actions.set(from, () => ((from = null), draw()));
        for (const [move, , to] of steps.filter(([, f]) => f === from)) {
          mark(marks, [to], 'target');
          actions.set(to, () => play(move));
        }
      } else {
        const sources = new Set(steps.map(([, f]) => f));
        mark(marks, sources, 'selectable');
        for (const source of sources) actions.set(source, () => ((from = source), draw()));
        for (const [move, square] of moves.map((m) => REENTRY.exec(m)).filter(Boolean)) {
          mark(marks, [square], 'target');
          labels.set(square, 'bring a stone back from the hand here');
          actions.set(square, () => play(move));
        }
      }
    }
    board.draw({ content, marks, actions, labels });
    toolbar.replaceChildren(h('span', { class: 'note' },
      `Sisyphos's turns: ${view.sisyphos_turns} of ${view.move_limit}. In hand: Sisyphos ${view.hands[0]}, spirits ${view.hands[1]}.`));
  }

  return { update, destroy: () => board?.svg.remove() };
}
