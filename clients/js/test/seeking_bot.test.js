// examples/seeking_bot.js, the guide's bot account (docs/writing-a-bot.md), on the real server:
// it registers itself as a bot account, takes a challenge and then a seek's pairing, and plays
// both games to the end with nothing but what the server pushes to it.

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { after, before, test } from 'node:test';

import { playRandomly } from '../examples/random_bot.js';
import { connectBot, playGames } from '../examples/seeking_bot.js';
import { SMALL_GAME, connected } from './support/play.js';
import { TestServer, binaryOrSkip } from './support/server.js';
import { WebSocketImpl } from './support/websocket.js';

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

test('a bot account plays a challenge and a seek to the end', { skip }, async () => {
  const bot = await connectBot(server.url, 'seeker', 'bot password', { WebSocket: WebSocketImpl });
  clients.push(bot);
  const alice = await connected(server.url, 'alice');
  clients.push(alice);
  const played = [];
  alice.on('room', (room) => played.push(playRandomly(room).then(() => room)));
  const botGames = playGames(bot, SMALL_GAME, 2);

  // First a challenge by name; the bot accepts it on its own.
  const challenge = await alice.request('challenge.create', { to: 'seeker', ...SMALL_GAME });
  assert.equal(challenge.accepted, false);
  // Then a seek, which the pool pairs with the bot's.
  while (played.length < 1) await new Promise((r) => setTimeout(r, 20));
  await played[0];
  await alice.request('seek.create', SMALL_GAME);
  const outcomes = await botGames;
  assert.equal(outcomes.length, 2);
  const rooms = await Promise.all(played);
  assert.equal(rooms.length, 2);
  for (const room of rooms) {
    assert.equal(room.state.status, 'finished');
    const seat = room.state.seats.find((s) => s.name === 'seeker');
    assert.equal(seat.bot_account, true, 'the bot account is flagged on its seat');
  }
});

test('a second run logs in to the bot account it registered', { skip }, async () => {
  const again = await connectBot(server.url, 'seeker', 'bot password', { WebSocket: WebSocketImpl });
  clients.push(again);
  const listed = await again.request('seek.create', SMALL_GAME);
  assert.equal(listed.summary.bot_account, true);
});

test('the guide shows the example as it is', () => {
  const path = (relative) => fileURLToPath(new URL(relative, import.meta.url));
  const example = readFileSync(path('../examples/seeking_bot.js'), 'utf8');
  const guide = readFileSync(path('../../../docs/writing-a-bot.md'), 'utf8');
  assert.ok(guide.includes(example), 'docs/writing-a-bot.md holds examples/seeking_bot.js verbatim');
});
