// The room mirror against what the server reports: through a whole game, for both players and a
// spectator; through draw offers; and the events as an async iteration.

import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';

import { playRandomly } from '../examples/random_bot.js';
import {
  assertDeliveredInOrder,
  assertMirrorMatchesServer,
  connected,
  recordEvents,
  SMALL_GAME,
  startedGame,
  until,
} from './support/play.js';
import { TestServer, binaryOrSkip } from './support/server.js';

const skip = binaryOrSkip();
const server = new TestServer();
// Where a dropped player's seat is given to a bot soon.
const shortGrace = new TestServer(['--reconnect-grace-ms', '300']);
const clients = [];

before(async () => {
  if (!skip) await Promise.all([server.start(), shortGrace.start()]);
});
after(async () => {
  for (const c of clients) c.close();
  await Promise.all([server.stop(), shortGrace.stop()]);
});

async function client(name, on = server) {
  const c = await connected(on.url, name);
  clients.push(c);
  return c;
}

test('after a game, players\' and spectators\' mirrors are the server\'s', { skip }, async () => {
  const [alice, bob, carol] = [await client('alice'), await client('bob'), await client('carol')];
  const a = await alice.createRoom({ ...SMALL_GAME, auto_start: false });
  await assertMirrorMatchesServer(alice, a);
  const c = await carol.spectateRoom({ room: a.id });
  const b = await bob.joinRoom({ room: a.id });
  const seen = [recordEvents(a), recordEvents(b), recordEvents(c)];
  await until(a, (r) => r.state.seats[1].player === bob.player);
  await assertMirrorMatchesServer(alice, a);
  await a.start();
  await Promise.all([playRandomly(a), playRandomly(b)]);
  await until(c, (r) => r.state.status === 'finished');
  for (const [owner, room] of [[alice, a], [bob, b], [carol, c]]) {
    await assertMirrorMatchesServer(owner, room);
  }
  assert.ok(a.state.moves.length > 0);
  assert.equal(a.state.your_seat, 0);
  assert.equal(b.state.your_seat, 1);
  assert.equal(c.state.your_seat, null);
  seen.forEach((events, i) => assertDeliveredInOrder(events, [a, b, c][i]));
});

test('draw offers, declines and a move that answers them', { skip }, async () => {
  const [alice, bob] = [await client('dora'), await client('eve')];
  const [a, b] = await startedGame(alice, bob);
  await a.offerDraw();
  await until(b, (r) => r.state.draw_offers?.[0] === 0);
  await assertMirrorMatchesServer(bob, b);
  await b.declineDraw();
  await until(a, (r) => r.state.draw_offers === undefined);
  await assertMirrorMatchesServer(alice, a);
  await b.offerDraw();
  const { moves } = await a.legalMoves();
  await a.move(moves[0]);
  await until(b, (r) => r.state.moves.length === 1);
  assert.equal(b.state.draw_offers, undefined);
  await assertMirrorMatchesServer(bob, b);
  await b.resign();
  await until(a, (r) => r.state.status === 'finished');
  assert.equal(a.state.outcome.reason, 'resignation');
  await assertMirrorMatchesServer(alice, a);
  await assertMirrorMatchesServer(bob, b);
});

test('events as an async iteration, in order, until the client leaves', { skip }, async () => {
  const [alice, bob] = [await client('fay'), await client('gus')];
  const a = await alice.createRoom(SMALL_GAME);
  const iterated = [];
  const reading = (async () => {
    for await (const e of a.events({ since: 0 })) iterated.push(e);
  })();
  const b = await bob.joinRoom({ room: a.id });
  await Promise.all([playRandomly(a), playRandomly(b)]);
  await a.leave();
  await reading; // ends when the client leaves the room
  assert.equal(a.detached.reason, 'left');
  // From the version after room.create's snapshot (which has the creator seated) to the end.
  const versions = iterated.map((e) => e.version);
  assert.deepEqual(versions, versions.map((_, i) => i + 2));
  assert.deepEqual(iterated.map((e) => e.type).slice(0, 2), ['player_joined', 'game_started']);
  assert.equal(iterated.at(-1).type, 'game_over');
});

test('a seat that goes berserk: the mirror\'s seat and clocks say so', { skip }, async () => {
  const [alice, bob] = [await client('kim'), await client('lea')];
  const timed = { ...SMALL_GAME, time_control: 'fischer:1m+1s', berserk: true };
  const a = await alice.createRoom(timed);
  const b = await bob.joinRoom({ room: a.id });
  await until(b, (r) => r.state.status === 'playing');
  await a.berserk();
  await until(b, (r) => r.state.seats[0].berserk);
  assert.deepEqual(b.state.clocks.berserk, [true, false]);
  assert.equal(b.state.berserk, true);
  await assertMirrorMatchesServer(bob, b);
  const again = await a.berserk().catch((e) => e);
  assert.equal(again.code, 'already_berserk');
});

test('what events leave unsaid (early start, seat taken over) is fetched', { skip }, async () => {
  const [alice, bob, carl] = await Promise.all(
    ['hugo', 'iris', 'jack'].map((name) => client(name, shortGrace)),
  );
  // Shiamgon for five, started with three: the empty seats go, the others are renamed.
  const a = await alice.createRoom({ game: 'shiamgon', seats: 5, auto_start: false });
  const seen = recordEvents(a);
  await bob.joinRoom({ room: a.id });
  const c = await carl.joinRoom({ room: a.id, seat: 3 });
  await until(a, (r) => r.state.seats[3].player === carl.player);
  await a.start();
  await until(c, (r) => r.state.seats.length === 3 && r.mySeat === 2);
  await assertMirrorMatchesServer(alice, a);
  await assertMirrorMatchesServer(carl, c);
  // carl goes for good: after the grace period the random bot plays his seat on.
  carl.close();
  await until(a, (r) => r.state.seats[2].player?.startsWith('bot:'));
  assert.equal(a.state.seats[2].bot, 'random');
  await assertMirrorMatchesServer(alice, a);
  assertDeliveredInOrder(seen, a);
  assert.ok(seen.some((e) => e.type === 'seat_taken_over'));
});

test('a player\'s own moves come in their answers and need no catch-up', { skip }, async () => {
  const [alice, bob] = [await client('mia'), await client('noah')];
  const [a, b] = await startedGame(alice, bob);
  const seen = recordEvents(a);
  const synced = [];
  a.on('synced', (s) => synced.push(s));
  const answer = await a.move((await a.legalMoves()).moves[0]);
  // The answer carries the move's event (hello's move_event_in_result), and the room handed it on.
  assert.equal(answer.event?.type, 'move');
  assert.equal(answer.event.version, answer.version);
  assert.deepEqual(seen.at(-1), answer.event);
  await Promise.all([playRandomly(a), playRandomly(b)]);
  await until(a, (r) => r.state.status === 'finished');
  await assertMirrorMatchesServer(alice, a);
  assertDeliveredInOrder(seen, a);
  assert.ok(seen.some((e) => e.type === 'move' && e.seat === 0));
  assert.deepEqual(synced, [], 'no event of its own was missing');
});
