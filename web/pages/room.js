// A room: its seats and clocks, the board, the game's controls, the moves so far and the chat.
// Everything is drawn from the client library's mirror of the room (room.state, room.toAct),
// redrawn on each change; the board asks the server for legal moves itself.
//
// The board model: { view, position, toAct, mySeat, myDecision ('move' | 'setup' |
// 'displacement' | null), lastMove, key (changes with every position), seats }. The controller:
// { legal(params), play(move), message(text) }.

import { boardFor } from '../boards/index.js';
import { gameInfo } from '../lib/api.js';
import { enterWhenMirrored } from '../lib/assigned.js';
import { clockReadings } from '../lib/clock.js';
import { h, put } from '../lib/dom.js';
import { clockText, resultText, specParams } from '../lib/format.js';
import { go } from '../lib/router.js';
import { chatPanel } from './chat.js';

const CLOCK_TICK_MS = 200;

export function roomPage(host, { id, invite }, client) {
  const title = h('h1', {}, 'Room');
  const spec = h('p', { class: 'spec' });
  const status = h('p', { class: 'status', role: 'status', 'aria-live': 'polite' });
  const message = h('p', { class: 'message', role: 'alert' });
  const boardHost = h('div', { class: 'board-host' });
  const toolbar = h('div', { class: 'toolbar' });
  const seats = h('ul', { class: 'seats', 'aria-label': 'Seats' });
  const actions = h('div', { class: 'actions' });
  const moves = h('ol', { class: 'moves', 'aria-label': 'Moves' });
  const page = h(
    'section',
    { class: 'room' },
    h('header', { class: 'room-head' }, title, spec, status),
    h(
      'div',
      { class: 'room-body' },
      h('div', { class: 'play' }, boardHost, toolbar, message),
      h(
        'aside',
        { class: 'side' },
        h('section', {}, h('h2', {}, 'Seats'), seats),
        actions,
        h('section', {}, h('h2', {}, 'Moves'), moves),
      ),
    ),
  );
  put(host, page);

  let room = null;
  let board = null;
  let boardLoading = false;
  let chat = null;
  let clockNodes = [];
  let confirming = null; // the action waiting for a second click
  const offs = [];
  let gone = false;
  let info = null; // the game's catalogue entry
  let rematch = null; // { asked: this player asked, waiting: seats still to ask, room: the new room }
  const timer = setInterval(tickClocks, CLOCK_TICK_MS);

  const controller = {
    legal: (params) => room.legalMoves(params),
    play: (move) => room.move(move),
    message: (text) => {
      message.textContent = text;
    },
  };

  (async () => {
    room = client.room(id);
    if (!room) {
      try {
        room = await client.spectateRoom(invite ? { room: id, invite_code: invite } : { room: id });
      } catch (error) {
        if (gone) return;
        status.textContent = error.code === 'unknown_room'
          ? 'This room is closed.'
          : `This room cannot be watched: ${error.message}`;
        put(actions, h('a', { href: `#/replay/${encodeURIComponent(id)}` }, 'Replay its record'));
        return;
      }
    }
    if (gone) return;
    chat = chatPanel(client, room);
    page.querySelector('.side').append(chat.node);
    offs.push(
      room.on('change', render),
      room.on('detached', detached),
      // A rematch (room.rematch): who asked, where it opened (players go there), or why not.
      client.on('room.rematch_asked', (n) => {
        if (n.room !== id) return;
        rematch = { ...rematch, waiting: n.waiting_for };
        message.textContent = `${n.name} asks for a rematch.`;
        render();
      }),
      client.on('room.rematch_called_off', (n) => {
        if (n.room !== id) return;
        rematch = null;
        message.textContent = `No rematch: ${n.reason}.`;
        render();
      }),
      client.on('room.rematched', (n) => {
        if (n.room !== id) return;
        rematch = { ...rematch, room: n.rematch };
        render();
      }),
      client.on('game.assigned', (a) => {
        if (a.via === 'rematch' && a.rematch === id) offs.push(enterWhenMirrored(client, a.room));
      }),
    );
    render();
    if (room.detached) detached(room.detached);
    info = await gameInfo(room.state.game).catch(() => null);
    if (info && !gone) {
      title.textContent = info.name;
      render();
    }
  })();

  function model(state) {
    const toAct = room.toAct ??
      (state.to_move !== null && state.to_move !== undefined ? [{ seat: state.to_move, decision: 'move' }] : []);
    const mine = state.status === 'playing' && state.your_seat !== null
      ? toAct.find((a) => a.seat === state.your_seat)
      : null;
    return {
      view: state.view,
      position: state.position,
      toAct,
      mySeat: state.your_seat,
      myDecision: mine?.decision ?? null,
      lastMove: state.moves.at(-1) ?? null,
      key: `${state.moves.length} ${state.status} ${state.position} ${JSON.stringify(toAct)}`,
      seats: state.seats,
    };
  }

  function render() {
    const state = room.state;
    if (!state || gone) return;
    spec.textContent = [specParams(state.spec, info), state.time_control && state.time_control !== 'none' ? state.time_control : null,
      state.public ? null : `private, invite code ${state.invite_code ?? ''}`].filter(Boolean).join(' · ');
    status.textContent = statusText(state);
    page.dataset.status = state.status;
    page.dataset.myTurn = String(model(state).myDecision !== null);
    renderSeats(state);
    renderActions(state);
    put(moves, state.moves.map((m, i) => h('li', { class: i === state.moves.length - 1 ? 'last' : null }, m)));
    moves.lastElementChild?.scrollIntoView?.({ block: 'nearest' });
    chat.update(state);
    drawBoard(state);
  }

  async function drawBoard(state) {
    if (!state.view) {
      boardHost.replaceChildren(h('p', { class: 'note' }, state.status === 'waiting' ? 'The board appears when the game starts.' : state.position ?? ''));
      return;
    }
    if (!board) {
      if (boardLoading) return;
      boardLoading = true;
      const createBoard = await boardFor(state.game);
      boardHost.replaceChildren();
      board = createBoard
        ? createBoard({ host: boardHost, toolbar, controller })
        : { update: (m) => put(boardHost, h('pre', {}, m.position)), destroy() {} };
      if (gone) return board.destroy();
    }
    board.update(model(room.state));
  }

  function statusText(state) {
    const name = (seat) => state.seats[seat]?.name || state.seats[seat]?.role || `seat ${seat}`;
    if (state.status === 'waiting') {
      const taken = state.seats.filter((x) => x.player !== null).length;
      return `Waiting for players: ${taken} of ${state.seats.length} seats taken.`;
    }
    if (state.status === 'finished' || state.status === 'closed') return resultText(state.outcome, state.seats);
    const { toAct, myDecision } = model(state);
    if (myDecision) return { move: 'Your move.', setup: 'Set up your pieces.', displacement: 'Move your displaced stone.' }[myDecision] ?? 'Your turn.';
    if (toAct.length === 0) return 'Playing.';
    return `Waiting for ${toAct.map((a) => `${name(a.seat)} (${a.decision})`).join(', ')}.`;
  }

  function renderSeats(state) {
    const acting = new Set(model(state).toAct.map((a) => a.seat));
    clockNodes = [];
    put(
      seats,
      state.seats.map((seat) => {
        const clock = h('span', { class: 'clock' });
        clockNodes[seat.seat] = clock;
        const free = seat.player === null;
        const flags = [
          seat.seat === state.your_seat ? 'you' : null,
          seat.bot ? `${seat.bot} bot` : null,
          !free && !seat.connected && !seat.bot ? 'away' : null,
          seat.retired ? 'retired' : null,
          seat.berserk ? 'berserk' : null,
          state.draw_offers?.includes(seat.seat) ? 'offers a draw' : null,
        ].filter(Boolean);
        return h(
          'li',
          { class: ['seat', acting.has(seat.seat) && state.status === 'playing' ? 'acting' : null, free ? 'free' : null].filter(Boolean).join(' ') },
          h('span', { class: `swatch swatch-${seat.role.toLowerCase()}`, 'aria-hidden': 'true' }),
          h('span', { class: 'role' }, seat.role),
          ' ',
          h('span', { class: 'name' }, free ? 'free' : seat.name),
          flags.length ? h('span', { class: 'flags' }, ` (${flags.join(', ')})`) : null,
          free && state.status === 'waiting' && state.your_seat === null
            ? h('button', { onclick: () => join(seat.seat) }, 'Take seat')
            : null,
          clock,
        );
      }),
    );
    tickClocks();
  }

  function tickClocks() {
    if (!room?.state) return;
    const readings = clockReadings(room.state, room.clocksAt);
    if (!readings) return;
    readings.forEach((ms, seat) => {
      if (clockNodes[seat]) clockNodes[seat].textContent = clockText(ms);
    });
  }

  function renderActions(state) {
    const seated = state.your_seat !== null && !state.seats[state.your_seat]?.retired;
    const playing = state.status === 'playing';
    const list = [];
    const act = (label, run, { confirm } = {}) =>
      h('button', {
        onclick: async () => {
          if (confirm && confirming !== label) {
            confirming = label;
            render();
            setTimeout(() => {
              if (confirming === label) (confirming = null), render();
            }, 4000);
            return;
          }
          confirming = null;
          message.textContent = '';
          try {
            await run();
          } catch (error) {
            message.textContent = error.message;
          }
        },
      }, confirming === label ? `Really ${label.toLowerCase()}?` : label);
    if (state.status === 'waiting' && state.creator === client.player) {
      list.push(act('Start now', () => room.start()));
    }
    if (playing && seated) {
      const offers = state.draw_offers ?? [];
      if (offers.includes(state.your_seat)) list.push(act('Withdraw draw offer', () => room.declineDraw()));
      else if (offers.length) {
        list.push(act('Accept draw', () => room.offerDraw()), act('Decline draw', () => room.declineDraw()));
      } else if (info?.draw_offers !== false) list.push(act('Offer draw', () => room.offerDraw()));
      if (state.berserk && !state.seats[state.your_seat].berserk) list.push(act('Berserk', () => room.berserk()));
      list.push(act('Resign', () => room.resign(), { confirm: true }));
    }
    const forfeits = playing && seated && state.seats.length === 2;
    list.push(act(forfeits ? 'Leave (forfeits)' : 'Leave room', async () => {
      await room.leave();
      go('/');
    }, { confirm: forfeits }));
    if (state.status === 'finished' && state.your_seat !== null && !rematch?.room) {
      list.push(rematch?.asked
        ? h('p', { class: 'note' }, rematch.waiting.length
          ? `Rematch asked; waiting for ${rematch.waiting.map((seat) => state.seats[seat]?.name).join(', ')}.`
          : 'Rematch asked; opening it.')
        : act('Rematch', async () => {
          const r = await room.rematch();
          rematch = { ...rematch, asked: true, waiting: r.waiting_for, room: r.rematch };
          render();
        }));
    }
    if (rematch?.room && state.your_seat === null) {
      // A private room's rematch keeps its invite code.
      const invited = state.invite_code ? `?invite=${encodeURIComponent(state.invite_code)}` : '';
      list.push(h('a', { href: `#/room/${encodeURIComponent(rematch.room)}${invited}` }, 'Watch the rematch'));
    }
    if (state.status === 'finished') list.push(h('a', { href: `#/replay/${encodeURIComponent(room.id)}` }, 'Replay'));
    if (!state.public && state.invite_code) {
      const link = `${location.origin}/#/room/${room.id}?invite=${state.invite_code}`;
      list.push(h('p', { class: 'note' }, 'Invite link: ', h('code', {}, link)));
    }
    put(actions, list);
  }

  async function join(seat) {
    message.textContent = '';
    try {
      // Spectators sit down with room.join (docs/protocol.md, room.join).
      await client.joinRoom(invite ? { room: id, seat, invite_code: invite } : { room: id, seat });
    } catch (error) {
      message.textContent = error.message;
    }
  }

  function detached({ reason }) {
    if (gone) return;
    const why = { left: 'You left this room.', rematched: 'The rematch has opened.', closed: 'The room has closed.', lost: 'You are no longer in this room.', client_closed: 'Disconnected.' }[reason];
    message.textContent = why ?? 'This room is no longer followed.';
  }

  return () => {
    gone = true;
    clearInterval(timer);
    for (const off of offs) off();
    board?.destroy();
    // A spectator stops watching when it leaves the page; a player keeps the seat.
    if (room && !room.detached && room.mySeat === null) room.leave().catch(() => {});
  };
}
