// Arimaa (engine/arimaa/rules.md). The setup: the standard arrangement the server lists is laid
// out on the player's two ranks and pieces are swapped two at a time, then sent as one setup. A
// turn is built step by step: game.legal_moves with `after` (the steps chosen so far) lists the
// next steps, pushes and pulls included, each with the capture it causes, and whether the turn
// may end; the steps are drawn on the board as they are chosen and sent as one move.

import { h, s } from '../lib/dom.js';
import { disc, freshness, mark } from './cells.js';
import { squareBoard } from './grid.js';

const STEP = /^([EMHDCR])([a-h][1-8])([nesw])$/i;
const CAPTURE = /^([EMHDCR])([a-h][1-8])x$/i;
const PLACE = /^([EMHDCR])([a-h][1-8])$/i;
const KINDS = { e: 'elephant', m: 'camel', h: 'horse', d: 'dog', c: 'cat', r: 'rabbit' };
const SIDES = ['gold', 'silver'];

export function createBoard({ host, toolbar, controller }) {
  let board = null;
  let model = null;
  const legal = freshness();
  let steps = []; // the steps of the turn so far, as listed ("Ed2n", "Cc2n Cc3x")
  let next = null; // the answer for `after` = steps: { moves, can_end }
  let from = null;
  let setup = null; // Map square -> piece letter while arranging a setup

  function update(m) {
    model = m;
    board ??= squareBoard(host, {
      files: m.view.files,
      ranks: m.view.ranks,
      flipped: m.mySeat === 1,
      label: 'Arimaa board',
      special: m.view.traps,
    });
    if (legal.key !== m.key) {
      legal.set(m.key);
      steps = [];
      next = from = setup = null;
      if (m.myDecision === 'setup') {
        legal.ask(controller.legal({})).then((r) => r && ((setup = placements(r.moves[0])), draw()), failed);
      } else if (m.myDecision === 'move') askNext();
    }
    draw();
  }

  function failed(error) {
    controller.message(error.message);
  }

  function askNext() {
    next = null;
    legal.ask(controller.legal({ after: steps.join(' ') })).then((r) => r && ((next = r), draw()), failed);
  }

  async function send(move) {
    next = null;
    setup = null;
    draw();
    try {
      await controller.play(move);
    } catch (error) {
      failed(error);
      legal.set(null); // start the turn again
      update(model);
    }
  }

  function draw() {
    const { view } = model;
    const pieces = piecesOf(view);
    const content = new Map();
    const marks = new Map();
    const actions = new Map();
    const labels = new Map();
    mark(marks, touched(model.lastMove ?? ''), 'last');
    if (setup) {
      for (const [square, letter] of setup) pieces.set(square, { letter, owner: model.mySeat });
      mark(marks, setup.keys(), 'selectable');
      if (from) mark(marks, [from], 'selected');
      for (const square of setup.keys()) actions.set(square, () => swap(square));
    } else {
      applySteps(pieces, steps);
      if (steps.length === 0) for (const square of view.frozen ?? []) content.set(square, frozenMark(board.centre(square)));
      if (next) playable(next.moves, marks, actions);
    }
    for (const [square, piece] of pieces) {
      content.set(square, [...(content.get(square) ?? []), ...pieceNodes(board.centre(square), piece)]);
      labels.set(square, `${SIDES[piece.owner]} ${KINDS[piece.letter.toLowerCase()]}`);
    }
    for (const trap of view.traps) labels.set(trap, `${labels.get(trap) ?? 'empty'}, trap`);
    board.draw({ content, marks, actions, labels });
    toolbar.replaceChildren(...buttons());
  }

  // The squares whose pieces may take the next step, and once one is chosen, where it may go.
  function playable(moves, marks, actions) {
    const bySource = new Map();
    for (const move of moves) {
      const [, , square, direction] = STEP.exec(move.split(' ')[0]);
      if (!bySource.has(square)) bySource.set(square, []);
      bySource.get(square).push({ move, to: neighbour(square, direction) });
    }
    if (from && bySource.has(from)) {
      mark(marks, [from], 'selected');
      actions.set(from, () => ((from = null), draw()));
      for (const { move, to } of bySource.get(from)) {
        mark(marks, [to], 'target');
        actions.set(to, () => {
          steps.push(move);
          from = null;
          askNext();
          draw();
        });
      }
    } else {
      mark(marks, bySource.keys(), 'selectable');
      for (const square of bySource.keys()) actions.set(square, () => ((from = square), draw()));
    }
  }

  function swap(square) {
    if (!from) from = square;
    else {
      const a = setup.get(from);
      setup.set(from, setup.get(square));
      setup.set(square, a);
      from = null;
    }
    draw();
  }

  function buttons() {
    const list = [];
    if (setup) {
      list.push(
        h('span', { class: 'note' }, 'Click two pieces to swap them. '),
        h('button', { onclick: () => send(`${model.view.turn} ${[...setup].map(([q, p]) => p + q).join(' ')}`) }, 'Send setup'),
      );
    }
    if (model.myDecision === 'move') {
      const taken = steps.length;
      list.push(h('span', { class: 'note' }, `Steps: ${taken} of 4. `));
      if (taken) list.push(h('button', { onclick: () => (steps.pop(), (from = null), askNext(), draw()) }, 'Undo step'));
      list.push(h('button', {
        disabled: !next?.can_end,
        onclick: () => send(`${model.view.turn} ${steps.join(' ')}`),
      }, 'End turn'));
    }
    return list;
  }

  return { update, destroy: () => board?.svg.remove() };
}

// Square -> { letter, owner } from the view.
function piecesOf(view) {
  return new Map(view.board.map((p) => [p.square, { letter: p.piece, owner: p.owner }]));
}

// The steps (and the captures they caused) played on a copy of the board.
function applySteps(pieces, steps) {
  for (const token of steps.join(' ').split(' ').filter(Boolean)) {
    const step = STEP.exec(token);
    const capture = CAPTURE.exec(token);
    if (step) {
      const piece = pieces.get(step[2]);
      pieces.delete(step[2]);
      pieces.set(neighbour(step[2], step[3]), piece);
    } else if (capture) pieces.delete(capture[2]);
  }
}

// A setup as listed ("1g Ra1 Rb1 ...") as square -> piece letter.
function placements(setupMove) {
  return new Map(setupMove.split(' ').map((t) => PLACE.exec(t)).filter(Boolean).map(([, p, q]) => [q, p]));
}

// Every square a turn's record names: where steps began and ended, where pieces fell.
function touched(move) {
  const squares = [];
  for (const token of move.split(' ')) {
    const step = STEP.exec(token);
    if (step) squares.push(step[2], neighbour(step[2], step[3]));
    const capture = CAPTURE.exec(token);
    if (capture) squares.push(capture[2]);
  }
  return squares;
}

function neighbour(square, direction) {
  const file = square.charCodeAt(0) + ({ e: 1, w: -1 }[direction] ?? 0);
  const rank = Number(square[1]) + ({ n: 1, s: -1 }[direction] ?? 0);
  return `${String.fromCharCode(file)}${rank}`;
}

function pieceNodes({ x, y }, { letter, owner }) {
  return [disc(x, y, 0.4, SIDES[owner]), s('text', { x, y, class: 'piece-letter' }, letter.toUpperCase())];
}

function frozenMark({ x, y }) {
  return [s('circle', { cx: x, cy: y, r: 0.46, class: 'frozen-mark' })];
}
