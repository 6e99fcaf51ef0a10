// A finished game, move by move, from its record (GET /api/v1/records/{room}); the board of each
// ply is drawn from the view the server reads off the recorded position
// (GET /api/v1/records/{room}?ply=N), fetched as the ply is shown and kept.

import { boardFor } from '../boards/index.js';
import { gameInfo, getJson } from '../lib/api.js';
import { h, put } from '../lib/dom.js';
import { resultText, specParams } from '../lib/format.js';

export function replayPage(host, { id }, client) {
  const title = h('h1', {}, 'Replay');
  const about = h('p', { class: 'spec' });
  const boardHost = h('div', { class: 'board-host' });
  const where = h('p', { class: 'status', role: 'status', 'aria-live': 'polite' });
  const list = h('ol', { class: 'moves replay-moves', 'aria-label': 'Moves' });
  const controls = h('div', { class: 'toolbar' });
  put(host, h('section', { class: 'room replay' },
    h('header', { class: 'room-head' }, title, about),
    h('div', { class: 'room-body' },
      h('div', { class: 'play' }, boardHost, controls, where),
      h('aside', { class: 'side' }, h('h2', {}, 'Moves'), list))));

  let record = null;
  const views = new Map(); // ply -> view
  let board = null;
  let ply = 0;
  let gone = false;

  const onKey = (event) => {
    if (event.target.closest?.('input, textarea, select')) return;
    const to = { ArrowLeft: ply - 1, ArrowRight: ply + 1, Home: 0, End: record?.moves.length }[event.key];
    if (to !== undefined && record) {
      event.preventDefault();
      show(to);
    }
  };
  addEventListener('keydown', onKey);

  (async () => {
    try {
      record = await getJson(`/api/v1/records/${encodeURIComponent(id)}`);
    } catch (error) {
      where.textContent = error.code === 'not_finished' ? 'The game is not over yet.' : error.message;
      return;
    }
    const info = await gameInfo(record.game).catch(() => null);
    const createBoard = await boardFor(record.game).catch(() => null);
    if (gone) return;
    title.textContent = `Replay: ${info?.name ?? record.game}`;
    about.textContent = [specParams(record.spec, info),
      record.players.map((p) => p.name).join(' – '),
      resultText(record.outcome, record.players)].filter(Boolean).join(' · ');
    if (createBoard) board = createBoard({ host: boardHost, toolbar: h('div'), controller: null });
    put(list, record.moves.map((m, i) => h('li', {}, h('button', { class: 'link', onclick: () => show(i + 1) }, m.move))));
    const step = (label, to) => h('button', { onclick: () => show(to()), 'aria-label': label }, label);
    put(controls,
      step('First', () => 0), step('Previous', () => ply - 1), step('Next', () => ply + 1),
      step('Last', () => record.moves.length));
    show(record.moves.length);
  })();

  async function show(to) {
    ply = Math.max(0, Math.min(record.moves.length, to));
    const shown = ply;
    where.textContent = ply === 0 ? 'The start position.' : `After move ${ply} of ${record.moves.length}: ${record.moves[ply - 1].move}`;
    list.querySelectorAll('li').forEach((li, i) => li.classList.toggle('last', i === ply - 1));
    if (!views.has(shown)) {
      const answer = await getJson(`/api/v1/records/${encodeURIComponent(id)}?ply=${shown}`).catch(() => null);
      views.set(shown, answer?.view ?? null);
    }
    if (gone || shown !== ply) return;
    const view = views.get(shown);
    const position = shown === 0 ? record.start_position : record.moves[shown - 1].position;
    if (board && view) {
      board.update({ view, position, toAct: [], mySeat: null, myDecision: null,
        lastMove: shown > 0 ? record.moves[shown - 1].move : null, key: `replay ${shown}`, seats: record.players });
    } else {
      put(boardHost, h('pre', { class: 'position' }, position));
      board = null;
    }
  }

  return () => {
    gone = true;
    removeEventListener('keydown', onKey);
  };
}
