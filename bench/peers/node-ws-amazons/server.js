// A hand-written Node.js `ws` server for Game of the Amazons (10x10), the peer boardroom is
// measured against per move (docs/performance.md, "Against a Node.js peer"). It speaks the part of
// boardroom's protocol that `boardroom load --game amazons` plays: hello, room.create, room.join,
// room.spectate, room.leave, game.move (with move_event_in_result) and room.rematch, and sends the
// same room.event notifications (game_started, move, game_over with the position's text). It
// checks every move against the rules as boardroom does, and keeps nothing durable: it is what a
// lean, in-memory game server costs, written the way such servers are written in Node.
//
// Usage: node server.js PORT   (prints "listening" once it accepts connections)
'use strict';
const { WebSocketServer } = require('ws');

const N = 10;
const EMPTY = 0, WHITE = 1, BLACK = 2, ARROW = 3;
const START = '3B2B3/10/10/B8B/10/10/W8W/10/10/3W2W3';
const DIRS = [[1, 0], [-1, 0], [0, 1], [0, -1], [1, 1], [1, -1], [-1, 1], [-1, -1]];

function startBoard() {
  const board = new Uint8Array(N * N);
  const ranks = START.split('/');
  for (let r = 0; r < N; ++r) {
    let file = 0;
    const rank = N - 1 - r;
    for (const token of ranks[r].match(/\d+|[WBx]/g)) {
      if (/\d/.test(token)) file += Number(token);
      else board[rank * N + file++] = token === 'W' ? WHITE : token === 'B' ? BLACK : ARROW;
    }
  }
  return board;
}

function boardText(board, toMove) {
  const ranks = [];
  for (let rank = N - 1; rank >= 0; --rank) {
    let text = '', run = 0;
    for (let file = 0; file < N; ++file) {
      const v = board[rank * N + file];
      if (v === EMPTY) { ++run; continue; }
      if (run) { text += run; run = 0; }
      text += v === WHITE ? 'W' : v === BLACK ? 'B' : 'x';
    }
    if (run) text += run;
    ranks.push(text);
  }
  return `${ranks.join('/')} ${toMove === WHITE ? 'w' : 'b'} - w0b0`;
}

function square(text) {
  const m = /^([a-j])(10|[1-9])$/.exec(text);
  return m ? (Number(m[2]) - 1) * N + (m[1].charCodeAt(0) - 97) : -1;
}

// Whether `to` is reached from `from` along a queen line over empty squares (`from` itself may
// hold anything: the amazon stands there, or has just left it).
function reachable(board, from, to) {
  const df = (to % N) - (from % N), dr = Math.floor(to / N) - Math.floor(from / N);
  if ((df === 0 && dr === 0) || (df !== 0 && dr !== 0 && Math.abs(df) !== Math.abs(dr))) return false;
  const step = Math.sign(dr) * N + Math.sign(df);
  for (let s = from + step; ; s += step) {
    if (board[s] !== EMPTY) return false;
    if (s === to) return true;
  }
}

// A side can move exactly when one of its amazons has an empty neighbour: it steps there and
// shoots back to where it stood.
function canMove(board, colour) {
  for (let s = 0; s < N * N; ++s) {
    if (board[s] !== colour) continue;
    const f = s % N, r = Math.floor(s / N);
    for (const [df, dr] of DIRS) {
      const nf = f + df, nr = r + dr;
      if (nf >= 0 && nf < N && nr >= 0 && nr < N && board[nr * N + nf] === EMPTY) return true;
    }
  }
  return false;
}

// Plays `text` ("d1-d7/g7") for `colour`; returns an error message, or null when played.
function play(board, colour, text) {
  const m = /^\s*([a-j](?:10|[1-9]))-?([a-j](?:10|[1-9]))[\/,]?([a-j](?:10|[1-9]))\s*$/.exec(text);
  if (!m) return 'bad_notation';
  const from = square(m[1]), to = square(m[2]), arrow = square(m[3]);
  if (board[from] !== colour || !reachable(board, from, to)) return 'illegal_move';
  board[from] = EMPTY;
  if (!reachable(board, to, arrow)) { board[from] = colour; return 'illegal_move'; }
  board[to] = colour;
  board[arrow] = ARROW;
  return null;
}

let nextRoom = 1;
const rooms = new Map();

function newRoom(players) {  // players: connections by seat (may hold nulls until joined)
  const room = { id: 'r' + (nextRoom++).toString(36), players, watchers: new Set(), board: null,
    toMove: WHITE, version: 0, over: false, rematch: new Set() };
  rooms.set(room.id, room);
  return room;
}

function send(conn, message) { conn.send(JSON.stringify(message)); }

function broadcast(room, event, except) {
  const text = JSON.stringify({ jsonrpc: '2.0', method: 'room.event', params: event });
  for (const p of room.players) if (p && p !== except) p.send(text);
  for (const w of room.watchers) if (w !== except) w.send(text);
}

function start(room) {
  room.board = startBoard();
  room.toMove = WHITE;
  broadcast(room, { room: room.id, version: ++room.version, type: 'game_started',
    position: boardText(room.board, WHITE) });
}

function handle(conn, frame) {
  let req;
  try { req = JSON.parse(frame); } catch { return fail(conn, null, 'parse_error'); }
  const { id, method, params = {} } = req;
  const room = params.room !== undefined ? rooms.get(params.room) : undefined;
  switch (method) {
    case 'hello':
      conn.eventInResult = params.move_event_in_result === true;
      return send(conn, { jsonrpc: '2.0', id, result: { protocol: 1 } });
    case 'room.create': {
      const created = newRoom(new Array(params.seats || 2).fill(null));
      created.players[0] = conn;
      return send(conn, { jsonrpc: '2.0', id, result: { room: created.id } });
    }
    case 'room.join': {
      if (!room || room.players[params.seat] !== null) return fail(conn, id, 'seat_taken');
      room.players[params.seat] = conn;
      send(conn, { jsonrpc: '2.0', id, result: { room: room.id, seat: params.seat } });
      if (room.players.every((p) => p)) start(room);
      return;
    }
    case 'room.spectate':
      if (!room) return fail(conn, id, 'no_such_room');
      room.watchers.add(conn);
      return send(conn, { jsonrpc: '2.0', id, result: { room: room.id } });
    case 'room.leave':
      if (room) room.watchers.delete(conn);
      return send(conn, { jsonrpc: '2.0', id, result: {} });
    case 'game.move': {
      if (!room || !room.board || room.over) return fail(conn, id, 'not_in_play');
      const seat = room.players.indexOf(conn);
      if (seat !== (room.toMove === WHITE ? 0 : 1)) return fail(conn, id, 'not_your_turn');
      const error = play(room.board, room.toMove, String(params.move));
      if (error) return fail(conn, id, error);
      room.toMove = room.toMove === WHITE ? BLACK : WHITE;
      const event = { room: room.id, version: ++room.version, type: 'move', seat,
        move: params.move, position: boardText(room.board, room.toMove) };
      if (conn.eventInResult) {
        send(conn, { jsonrpc: '2.0', id, result: { version: event.version, event } });
        broadcast(room, event, conn);
      } else {
        send(conn, { jsonrpc: '2.0', id, result: { version: event.version } });
        broadcast(room, event);
      }
      if (!canMove(room.board, room.toMove)) {
        room.over = true;
        broadcast(room, { room: room.id, version: ++room.version, type: 'game_over',
          winners: [seat] });
      }
      return;
    }
    case 'room.rematch': {
      if (!room || !room.over) return fail(conn, id, 'not_over');
      room.rematch.add(conn);
      send(conn, { jsonrpc: '2.0', id, result: {} });
      if (room.rematch.size < room.players.length) return;
      const next = newRoom([...room.players].reverse());  // the same players, seats swapped
      next.players.forEach((p, seat) => send(p, { jsonrpc: '2.0', method: 'game.assigned',
        params: { room: next.id, seat, via: 'rematch' } }));
      for (const w of room.watchers) send(w, { jsonrpc: '2.0', method: 'room.rematched',
        params: { room: room.id, rematch: next.id } });
      rooms.delete(room.id);
      start(next);
      return;
    }
    default:
      return fail(conn, id, 'unknown_method');
  }
}

function fail(conn, id, code) {
  send(conn, { jsonrpc: '2.0', id, error: { code: -32000, message: code, data: { code } } });
}

const wss = new WebSocketServer({ host: '127.0.0.1', port: Number(process.argv[2] || 18600),
  path: '/ws' });
wss.on('connection', (conn, request) => {
  request.socket.setNoDelay(true);
  conn.on('message', (data) => handle(conn, data.toString()));
});
wss.on('listening', () => console.log('listening'));
