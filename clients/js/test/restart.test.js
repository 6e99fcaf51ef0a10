// The server crashes mid-game (SIGKILL) and is started again on its port and data: the clients
// reconnect by themselves, resume their seats, catch up, and the game is played to its end.

import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';

import { playRandomly } from '../examples/random_bot.js';
import {
  assertDeliveredInOrder,
  assertMirrorMatchesServer,
  connected,
  recordEvents,
  startedGame,
  until,
} from './support/play.js';
import { TestServer, binaryOrSkip } from './support/server.js';

const skip = binaryOrSkip();
const server = new TestServer();
const clients = [];

before(async () => {
  if (!skip) await server.start();
});
after(async () => {
  for (const c of clients) c.close();
  await server.stop();
});

test('a game goes on after the server is killed and started again', { skip }, async () => {
  const alice = await connected(server.url, 'alice');
  const bob = await connected(server.url, 'bob');
  clients.push(alice, bob);
  const [a, b] = await startedGame(alice, bob);
  const seen = [recordEvents(a), recordEvents(b)];
  const resumed = [alice, bob].map(
    (c) => new Promise((resolve) => c.on('connected', ({ hello, reconnected }) => {
      if (reconnected) resolve(hello);
    })),
  );
  const games = [playRandomly(a), playRandomly(b)];
  await until(a, (r) => r.state.moves.length >= 4);
  await server.kill();
  await new Promise((resolve) => setTimeout(resolve, 200)); // down for a while
  await server.start();
  const hellos = await Promise.all(resumed);
  assert.deepEqual(hellos.map((h) => [h.resumed, h.rooms]), [[true, [a.id]], [true, [a.id]]]);
  await Promise.all(games);
  assert.equal(a.state.status, 'finished');
  await assertMirrorMatchesServer(alice, a);
  await assertMirrorMatchesServer(bob, b);
  assertDeliveredInOrder(seen[0], a);
  assertDeliveredInOrder(seen[1], b);
  // The restart told both seats dropped, then back.
  for (const type of ['player_dropped', 'player_returned']) {
    assert.deepEqual(seen[0].filter((e) => e.type === type).map((e) => e.seat).sort(), [0, 1]);
  }
});
