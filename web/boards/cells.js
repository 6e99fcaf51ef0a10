// What every board has in common: an SVG of cells (squares, pits, ring sectors, triangles), each
// a keyboard-focusable button, redrawn from a description of what each cell holds, how it is
// marked (last move, selectable, target, ...) and what activating it does. A cell with an action
// is in the tab order; the others are not, so Tab walks only through what can be played.

import { activatable, s } from '../lib/dom.js';

// cells: [{ id, shape }] where `shape` is the cell's SVG outline; `decorations` are drawn below
// the cells (labels, frames). Returns { svg, draw }.
export function cellBoard(host, { viewBox, cells, label, decorations = [] }) {
  let actions = new Map();
  const groups = new Map();
  const svg = s('svg', { viewBox, class: 'board', role: 'group', 'aria-label': label });
  svg.append(...decorations);
  for (const { id, shape } of cells) {
    const group = s('g', { class: 'cell', 'data-cell': id });
    shape.classList.add('cell-shape');
    group.append(shape);
    activatable(group, id, () => actions.get(id)?.());
    groups.set(id, group);
    svg.append(group);
  }
  host.append(svg);

  // content: Map id -> SVG nodes; marks: Map id -> class names; actions: Map id -> function;
  // labels: Map id -> what a screen reader says besides the cell's name.
  function draw({ content = new Map(), marks = new Map(), actions: next = new Map(), labels = new Map() }) {
    actions = next;
    for (const [id, group] of groups) {
      while (group.childNodes.length > 1) group.lastChild.remove();
      const nodes = content.get(id);
      if (nodes) group.append(...[nodes].flat());
      group.setAttribute('class', ['cell', ...(marks.get(id) ?? [])].join(' '));
      const playable = actions.has(id);
      group.setAttribute('tabindex', playable ? '0' : '-1');
      group.setAttribute('aria-disabled', playable ? 'false' : 'true');
      const said = labels.get(id);
      group.setAttribute('aria-label', said ? `${id}: ${said}` : id);
    }
  }

  return { svg, draw };
}

// Adds `name` to the marks of each id.
export function mark(marks, ids, name) {
  for (const id of ids) {
    if (!marks.has(id)) marks.set(id, []);
    marks.get(id).push(name);
  }
}

// A stone or ball: a circle at (x, y) in the board's colours (CSS class `piece-<colour>`).
export function disc(x, y, r, colour, extra = '') {
  return s('circle', { cx: x, cy: y, r, class: `piece piece-${colour} ${extra}`.trim() });
}

// Legal moves fetched for one position: an answer that comes after the position moved on is
// dropped. `key` names the position the board shows now.
export function freshness() {
  let current = null;
  return {
    set(key) {
      current = key;
    },
    get key() {
      return current;
    },
    // Resolves with the answer, or null when the position changed meanwhile.
    async ask(promise) {
      const asked = current;
      const answer = await promise;
      return asked === current ? answer : null;
    },
  };
}

// Sends a chosen move. What the board had chosen is cleared first (`clear`, then `redraw`); when
// the server refuses, the reason is shown and the decision starts again from the server's list
// (`again`, with the legal moves asked anew).
export async function sendMove(controller, legal, move, { clear, redraw, again }) {
  clear();
  redraw();
  try {
    await controller.play(move);
  } catch (error) {
    controller.message(error.message);
    legal.set(null);
    again();
  }
}
