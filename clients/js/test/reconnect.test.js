// Connections that fail: the client reconnects by itself, resumes its identity (and its seat),
// catches its rooms up, and hands every event to the application once and in order. A relay
// between the client and the server cuts connections, refuses new ones, and loses chosen frames.

import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';

import { playRandomly } from '../examples/random_bot.js';
import { reconnectDelay } from '../src/backoff.js';
import {
  assertDeliveredInOrder,
  assertMirrorMatchesServer,
  connected,
  recordEvents,
  SMALL_GAME,
  startedGame,
  until,
} from './support/play.js';
import { Proxy } from './support/proxy.js';
import { TestServer, binaryOrSkip } from './support/server.js';

const skip = binaryOrSkip();
const server = new TestServer();
let proxy;
const clients = [];

before(async () => {
  if (skip) return;
  await server.start();
  proxy = new Proxy(server.port);
  await proxy.listen();
});
after(async () => {
  for (const c of clients) c.close();
  await proxy?.close();
  await server.stop();
});

// alice through the relay, bob directly.
async function players(a, b) {
  const alice = await connected(proxy.url, a);
  const bob = await connected(server.url, b);
  clients.push(alice, bob);
  return [alice, bob];
}

function next(emitter, name) {
  return new Promise((resolve) => emitter.once(name, resolve));
}

async function playOne(room) {
  const { moves, version } = await room.legalMoves();
  await room.move(moves[0], { version });
}

test('a dropped connection is resumed: same identity, same seat', { skip }, async () => {
  const [alice, bob] = await players('alice', 'bob');
  const [a, b] = await startedGame(alice, bob);
  const token = alice.resumeToken;
  const reconnected = next(alice, 'connected');
  proxy.cut();
  await until(b, (r) => !r.state.seats[0].connected);
  const { hello } = await reconnected;
  assert.equal(hello.resumed, true);
  assert.equal(hello.player, alice.player);
  assert.equal(alice.resumeToken, token);
  assert.deepEqual(hello.rooms, [a.id]);
  await until(b, (r) => r.state.seats[0].connected);
  assert.equal(a.mySeat, 0);
  await playOne(a);
  await until(b, (r) => r.state.moves.length === 1);
  await assertMirrorMatchesServer(alice, a);
});

test('events missed while away are caught up, once each, in order', { skip }, async () => {
  const [alice, bob] = await players('carl', 'dana');
  const [a, b] = await startedGame(alice, bob);
  const seen = recordEvents(a);
  await playOne(a);
  await until(b, (r) => r.isMyTurn);
  proxy.refuse(true);
  proxy.cut();
  await until(b, (r) => !r.state.seats[0].connected);
  await playOne(b); // while alice is away
  const movesBefore = b.state.moves.length;
  proxy.refuse(false);
  await until(a, (r) => r.state.moves.length === movesBefore && r.state.seats[0].connected);
  await assertMirrorMatchesServer(alice, a);
  await Promise.all([playRandomly(a), playRandomly(b)]);
  await assertMirrorMatchesServer(alice, a);
  assertDeliveredInOrder(seen, a);
  assert.ok(seen.some((e) => e.type === 'player_dropped' && e.seat === 0));
});

test('a lost event is noticed at the next one and fetched with room.sync', { skip }, async () => {
  const [alice, bob] = await players('erin', 'fred');
  const [a, b] = await startedGame(alice, bob);
  const seen = recordEvents(a);
  const synced = [];
  a.on('synced', (s) => synced.push(s));
  // Lose the event of bob's first move on its way to alice (a notification: bob's own comes in
  // the answer to his move).
  let lost = 0;
  proxy.lose = (text) => {
    if (lost > 0 || !text.includes('"method":"room.event"')) return false;
    if (!text.includes('"type":"move"') || !text.includes('"seat":1')) return false;
    lost += 1;
    return true;
  };
  await playOne(a);
  await until(b, (r) => r.isMyTurn);
  await playOne(b);
  await b.offerDraw(); // the next event alice gets shows the gap
  await until(a, (r) => r.state.draw_offers?.includes(1));
  proxy.lose = () => false;
  assert.equal(lost, 1);
  assert.equal(synced.length, 1);
  assert.equal(a.state.moves.length, 2);
  await assertMirrorMatchesServer(alice, a);
  assertDeliveredInOrder(seen, a);
  await Promise.all([playRandomly(a), playRandomly(b)]);
  await assertMirrorMatchesServer(alice, a);
  assertDeliveredInOrder(seen, a);
});

test('a spectator watches again after a reconnect', { skip }, async () => {
  const alice = await connected(server.url, 'gwen');
  const bob = await connected(server.url, 'hank');
  const watcher = await connected(proxy.url, 'ivy');
  clients.push(alice, bob, watcher);
  const [a, b] = await startedGame(alice, bob);
  const w = await watcher.spectateRoom({ room: a.id });
  const seen = recordEvents(w);
  proxy.refuse(true);
  proxy.cut();
  await Promise.all([playRandomly(a), playRandomly(b)]);
  proxy.refuse(false);
  await until(w, (r) => r.state.status === 'finished');
  await assertMirrorMatchesServer(watcher, w);
  assertDeliveredInOrder(seen, w);
});

test('a lobby subscription is renewed on the new connection', { skip }, async () => {
  const alice = await connected(proxy.url, 'kate');
  const bob = await connected(server.url, 'liam');
  clients.push(alice, bob);
  const updates = alice.notifications('lobby.update');
  await alice.subscribeLobby({ game: 'amazons' });
  const renewed = next(alice, 'resubscribed');
  proxy.cut();
  const { method, params, result } = await renewed;
  assert.deepEqual([method, params], ['lobby.subscribe', { game: 'amazons' }]);
  assert.ok(Array.isArray(result.rooms));
  const room = await bob.createRoom(SMALL_GAME);
  for await (const update of updates) {
    if (update.room.room === room.id) {
      assert.equal(update.change, 'opened');
      break;
    }
  }
});

test('reconnect delays double up to a cap, spread over the upper half', () => {
  const options = { initialDelayMs: 100, maxDelayMs: 1000, factor: 2 };
  const delays = (r) => [1, 2, 3, 4, 5, 6].map((n) => reconnectDelay(n, options, () => r));
  assert.deepEqual(delays(0), [50, 100, 200, 400, 500, 500]);
  assert.deepEqual(delays(1), [100, 200, 400, 800, 1000, 1000]);
});
