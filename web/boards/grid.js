// A board of squares (Amazons, Arimaa, Sisyphos): files a.. left to right, ranks 1.. bottom to
// top, turned round for the second player. Squares are named as in the games' notation ("e4").

import { s } from '../lib/dom.js';
import { cellBoard } from './cells.js';

const LABEL = 0.5; // room for the file and rank labels, in squares

export function squareBoard(host, { files, ranks, flipped = false, label, special = [] }) {
  const width = files.length;
  // Column and row on screen (0 at the left and top) of a square.
  const place = (file, rank) =>
    flipped ? { x: width - 1 - file, y: rank } : { x: file, y: ranks - 1 - rank };
  const cells = [];
  const centres = new Map();
  for (let rank = 0; rank < ranks; rank++) {
    for (let file = 0; file < width; file++) {
      const id = `${files[file]}${rank + 1}`;
      const { x, y } = place(file, rank);
      const tone = (file + rank) % 2 === 0 ? 'dark' : 'light';
      const extra = special.includes(id) ? ' special' : '';
      cells.push({ id, shape: s('rect', { x, y, width: 1, height: 1, class: `square ${tone}${extra}` }) });
      centres.set(id, { x: x + 0.5, y: y + 0.5 });
    }
  }
  const labels = [];
  for (let file = 0; file < width; file++) {
    const { x } = place(file, 0);
    labels.push(s('text', { x: x + 0.5, y: ranks + 0.35, class: 'coord' }, files[file]));
  }
  for (let rank = 0; rank < ranks; rank++) {
    const { y } = place(0, rank);
    labels.push(s('text', { x: -0.25, y: y + 0.6, class: 'coord' }, String(rank + 1)));
  }
  const viewBox = `${-LABEL} 0 ${width + LABEL} ${ranks + LABEL}`;
  const board = cellBoard(host, { viewBox, cells, label, decorations: labels });
  return { ...board, centre: (id) => centres.get(id) };
}
