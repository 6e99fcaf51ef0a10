// Placeholder until this board is drawn: the position text.
import { h, put } from '../lib/dom.js';

export function createBoard({ host }) {
  return { update: (m) => put(host, h('pre', { class: 'position' }, m.position)), destroy() {} };
}
