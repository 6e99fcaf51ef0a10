// What the tests share: clients on the test server, the server's own snapshot of a room to
// compare the mirror with, waiting for a room to reach a state.

import assert from 'node:assert/strict';

import { Client } from '../../index.js';
import { WebSocketImpl } from './websocket.js';

// A game that ends in a few dozen plies.
export const SMALL_GAME = Object.freeze({ game: 'amazons', params: { board_size: 6 } });
// Generous, for servers built with sanitizers.
export const WAIT_MS = 30000;

export async function connected(url, name, options = {}) {
  const client = new Client({
    url,
    name,
    WebSocket: WebSocketImpl,
    reconnect: { initialDelayMs: 50, maxDelayMs: 500 },
    ...options,
  });
  await client.connect();
  return client;
}

// Two players in a started game of SMALL_GAME: [alice's room, bob's room].
export async function startedGame(alice, bob) {
  const a = await alice.createRoom(SMALL_GAME);
  const b = await bob.joinRoom({ room: a.id });
  await until(a, (r) => r.state.status === 'playing');
  await until(b, (r) => r.state.status === 'playing');
  return [a, b];
}

// The server's snapshot of the room for this client: room.sync from beyond the last version
// answers with one.
export async function serverSnapshot(client, roomId) {
  const since = Number.MAX_SAFE_INTEGER;
  const result = await client.request('room.sync', { room: roomId, since });
  return result.snapshot;
}

// The mirror against the server's snapshot, but for what no event brings (src/room_mirror.js):
// the spectator count, the clock readings, and connections in a finished room.
export async function assertMirrorMatchesServer(client, room) {
  const snapshot = await serverSnapshot(client, room.id);
  assert.deepEqual(comparable(room.state), comparable(snapshot));
  if (snapshot.position !== undefined) {
    const view = await room.view();
    assert.deepEqual(room.toAct, view.to_act);
    assert.deepEqual(room.state.view, view.view);
  }
}

function comparable(snapshot) {
  const { spectators, clocks, ...rest } = snapshot;
  if (rest.status !== 'finished') return rest;
  return { ...rest, seats: rest.seats.map(({ connected, ...seat }) => seat) };
}

// Resolves when `predicate(room)` holds, checked at every change of the room.
export function until(room, predicate, timeoutMs = WAIT_MS) {
  if (room.state && predicate(room)) return Promise.resolve(room);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      off();
      const state = JSON.stringify(room.state);
      reject(new Error(`room ${room.id} did not get there in ${timeoutMs} ms: ${state}`));
    }, timeoutMs);
    const off = room.on('change', () => {
      if (!room.state || !predicate(room)) return;
      clearTimeout(timer);
      off();
      resolve(room);
    });
  });
}

// Every event the application is handed, from now on.
export function recordEvents(room) {
  const seen = [];
  room.on('event', (e) => seen.push(e));
  return seen;
}

// The events handed on were each version once, in order, up to the room's version.
export function assertDeliveredInOrder(events, room) {
  const versions = events.map((e) => e.version);
  const first = versions[0];
  assert.deepEqual(versions, versions.map((_, i) => first + i), `versions ${versions}`);
  assert.equal(versions.at(-1), room.version);
}
