// The lobby: the public rooms, kept up to date by a lobby subscription (lobby.subscribe, then
// lobby.update), the rooms this identity is in, and the form that opens a room.

import { games } from '../lib/api.js';
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
        error),
      formHost,
    ),
  );

  const reset = (list) => {
    rooms.clear();
    for (const room of list) rooms.set(room.room, room);
    render();
  };
  const offs = [
    client.on('lobby.update', ({ change, room }) => {
      if (change === 'closed') rooms.delete(room.room);
      else rooms.set(room.room, room);
      render();
    }),
    // After a reconnect the client subscribes again; its answer is the whole list.
    client.on('resubscribed', ({ method, result }) => method === 'lobby.subscribe' && reset(result.rooms)),
    client.on('room', () => renderMine()),
  ];
  client.subscribeLobby().then(({ rooms: list }) => reset(list), (e) => (error.textContent = e.message));
  games().then(
    (list) => {
      catalogue = new Map(list.map((g) => [g.key, g]));
      render();
      formHost.append(createForm(list, async (request) => {
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
