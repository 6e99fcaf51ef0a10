// A finished game, move by move, from its record (GET /api/v1/records/{room}). A record has the
// position text after each move but not the structured view the boards draw; while the room is
// still open (10 minutes after the end) its events carry the views, so the board is drawn from
// them; otherwise the page shows the position text.

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
  let views = new Map(); // ply -> view
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
    views = await eventViews(client, id).catch(() => new Map());
    if (gone) return;
    const info = await gameInfo(record.game).catch(() => null);
    title.textContent = `Replay: ${info?.name ?? record.game}`;
    about.textContent = [specParams(record.spec, info),
      record.players.map((p) => p.name).join(' – '),
      resultText(record.outcome, record.players)].filter(Boolean).join(' · ');
    const createBoard = views.size ? await boardFor(record.game) : null;
    if (gone) return;
    if (createBoard) board = createBoard({ host: boardHost, toolbar: h('div'), controller: null });
    put(list, record.moves.map((m, i) => h('li', {}, h('button', { class: 'link', onclick: () => show(i + 1) }, m.move))));
    const step = (label, to) => h('button', { onclick: () => show(to()), 'aria-label': label }, label);
    put(controls,
      step('First', () => 0), step('Previous', () => ply - 1), step('Next', () => ply + 1),
      step('Last', () => record.moves.length));
    show(record.moves.length);
  })();

  function show(to) {
    ply = Math.max(0, Math.min(record.moves.length, to));
    const position = ply === 0 ? record.start_position : record.moves[ply - 1].position;
    const view = views.get(ply);
    if (board && view) {
      board.update({ view, position, toAct: [], mySeat: null, myDecision: null,
        lastMove: ply > 0 ? record.moves[ply - 1].move : null, key: `replay ${ply}`, seats: record.players });
    } else {
      put(boardHost, h('pre', { class: 'position' }, position));
      board = null;
    }
    where.textContent = ply === 0 ? 'The start position.' : `After move ${ply} of ${record.moves.length}: ${record.moves[ply - 1].move}`;
    list.querySelectorAll('li').forEach((li, i) => li.classList.toggle('last', i === ply - 1));
  }

  return () => {
    gone = true;
    removeEventListener('keydown', onKey);
  };
}

// The views of the room's events, by ply (0: the start), while the room is open. A visitor
// watches it for as long as it takes to read them.
async function eventViews(client, id) {
  let room = client.room(id);
  const watching = !room;
  if (watching) room = await client.spectateRoom({ room: id });
  try {
    const { events } = await client.request('room.sync', { room: id, since: 0 });
    const views = new Map();
    for (const e of events ?? []) {
      if (e.type === 'game_started' && e.view) views.set(0, e.view);
      if (e.type === 'move' && e.view) views.set(e.ply, e.view);
    }
    return views;
  } finally {
    if (watching) room.leave().catch(() => {});
  }
}
