// The lobby: the public rooms and the seeks waiting for quick pairing, kept up to date by a lobby
// subscription (lobby.subscribe, then lobby.update and lobby.seek), the rooms this identity is
// in, and the form that opens a room, plays the computer or seeks a game (game.assigned then
// leads to the room).

import { games } from '../lib/api.js';
import { enterWhenMirrored } from '../lib/assigned.js';
import { h, put } from '../lib/dom.js';
import { specParams } from '../lib/format.js';
import { go } from '../lib/router.js';
import { createForm } from './create_form.js';

export function lobbyPage(host, _params, client) {
  const rooms = new Map();
  let catalogue = new Map(); // game key -> catalogue entry
  const mine = h('ul', { class: 'my-rooms' });
  const body = h('tbody');
  const error = h('p', { class: 'error', role: 'alert' });
  const formHost = h('div', { class: 'create-host' });
  const seeks = new Map();
  const seekList = h('ul', { class: 'seeks' });
  const waiting = h('p', { class: 'waiting', role: 'status' });
  put(
    host,
    h(
      'section',
      { class: 'lobby' },
      h('div', { class: 'lobby-rooms' },
        h('h1', {}, 'Lobby'),
        h('section', {}, h('h2', {}, 'Your rooms'), mine),
        h('h2', {}, 'Public rooms'),
        h('table', { class: 'rooms' },
          h('thead', {}, h('tr', {}, ['Game', 'Parameters', 'Status', 'Players', 'Watching', ''].map((t) => h('th', {}, t)))),
          body),
        h('h2', {}, 'Waiting for an opponent'),
        seekList,
        waiting,
        error),
      formHost,
    ),
  );

  const reset = (list, seekListed = []) => {
    rooms.clear();
    for (const room of list) rooms.set(room.room, room);
    seeks.clear();
    for (const seek of seekListed) seeks.set(seek.seek, seek);
    render();
  };
  const offs = [
    client.on('lobby.update', ({ change, room }) => {
      if (change === 'closed') rooms.delete(room.room);
      else rooms.set(room.room, room);
      render();
    }),
    // After a reconnect the client subscribes again; its answer is the whole list.
    client.on('resubscribed', ({ method, result }) => method === 'lobby.subscribe' && reset(result.rooms, result.seeks)),
    client.on('room', () => renderMine()),
    client.on('lobby.seek', ({ change, seek }) => {
      if (change === 'removed') seeks.delete(seek.seek);
      else seeks.set(seek.seek, seek);
      render();
    }),
    // A seek of ours was paired (or a challenge accepted): to the room, once it is mirrored (its
    // first event follows game.assigned).
    client.on('game.assigned', ({ room: id }) => {
      put(waiting);
      offs.push(enterWhenMirrored(client, id));
    }),
  ];
  client.subscribeLobby().then(({ rooms: list, seeks: listed }) => reset(list, listed), (e) => (error.textContent = e.message));
  games().then(
    (list) => {
      catalogue = new Map(list.map((g) => [g.key, g]));
      render();
      formHost.append(createForm(list, async (request, how) => {
        if (how === 'seek') return seek(request);
        const room = await client.createRoom(request);
        go(`/room/${room.id}`);
      }));
    },
    (e) => (error.textContent = e.message),
  );

  function render() {
    renderMine();
    const list = [...rooms.values()].sort((a, b) => b.created_at - a.created_at);
    put(body, list.length ? list.map(row) : h('tr', {}, h('td', { colspan: 6, class: 'note' }, 'No public rooms yet.')));
    const sought = [...seeks.values()].sort((a, b) => a.created_at - b.created_at);
    put(seekList, sought.length
      ? sought.map((s) => h('li', { 'data-seek': s.seek },
        `${s.name}${s.bot_account ? ' (bot)' : ''} (${s.rating}): ${catalogue.get(s.game)?.name ?? s.game}`,
        s.time_control !== 'none' ? ` · ${s.time_control}` : '', s.rated ? ' · rated' : ''))
      : h('li', { class: 'note' }, 'Nobody is waiting.'));
  }

  async function seek(request) {
    const { game, params, time_control: timeControl, seats } = request;
    const terms = { game, params, min_players: seats, max_players: seats };
    if (timeControl) terms.time_control = timeControl;
    const { seek: id } = await client.request('seek.create', terms);
    put(waiting, `Looking for ${seats > 2 ? `${seats - 1} opponents` : 'an opponent'}… `,
      h('button', {
        onclick: async () => {
          await client.request('seek.cancel', { seek: id }).catch(() => {});
          put(waiting);
        },
      }, 'Cancel'));
  }

  function renderMine() {
    const list = client.rooms.filter((r) => r.state);
    put(mine, list.length
      ? list.map((r) => h('li', {}, h('a', { href: `#/room/${r.id}` }, `${catalogue.get(r.state.game)?.name ?? r.state.game} (${r.state.status})`)))
      : h('li', { class: 'note' }, 'None.'));
  }

  function row(room) {
    const open = room.status === 'waiting' && room.seats_taken < room.seats;
    const member = client.room(room.room) !== null;
    const link = (label, path) => h('a', { href: `#${path}`, class: 'button' }, label);
    return h(
      'tr',
      { 'data-room': room.room },
      h('td', {}, catalogue.get(room.game)?.name ?? room.game),
      h('td', {}, [specParams(room.spec, catalogue.get(room.game)),
        room.time_control !== 'none' ? room.time_control : null, room.rated ? 'rated' : null].filter(Boolean).join(' · ')),
      h('td', {}, room.status),
      h('td', {}, `${room.players.map((p) => p.name).join(', ')} (${room.seats_taken}/${room.seats})`),
      h('td', {}, String(room.spectators)),
      h(
        'td',
        { class: 'row-actions' },
        member ? link('Open', `/room/${room.room}`) : null,
        !member && open ? h('button', { onclick: () => join(room.room) }, 'Join') : null,
        !member ? link('Watch', `/room/${room.room}`) : null,
        room.status === 'finished' ? link('Replay', `/replay/${room.room}`) : null,
      ),
    );
  }

  async function join(id) {
    error.textContent = '';
    try {
      await client.joinRoom({ room: id });
      go(`/room/${id}`);
    } catch (e) {
      error.textContent = e.message;
    }
  }

  return () => {
    for (const off of offs) off();
    client.unsubscribeLobby().catch(() => {});
  };
}
