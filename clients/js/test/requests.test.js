// Requests and their answers: matched by id, with a time limit that holds when the server stops
// answering (its process paused), and refusals as typed errors with the server's code.

import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';

import { BoardroomError, ConnectionError, ServerError } from '../index.js';
import { SMALL_GAME, connected, recordEvents, startedGame, until } from './support/play.js';
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

async function client(name, options) {
  const c = await connected(server.url, name, options);
  clients.push(c);
  return c;
}

test('answers reach the request they answer, however many are in flight', { skip }, async () => {
  const [alice, bob] = [await client('alice'), await client('bob')];
  const [a] = await startedGame(alice, bob);
  const [games, rooms, view, legal, sync, moved] = await Promise.all([
    alice.listGames(),
    alice.listRooms({ game: 'amazons' }),
    a.view(),
    a.legalMoves({ offset: 0, limit: 3 }),
    alice.request('room.sync', { room: a.id, since: 0 }),
    a.legalMoves().then(({ moves }) => a.move(moves[0])),
  ]);
  assert.ok(games.games.some((g) => g.key === 'amazons'));
  assert.ok(rooms.rooms.some((r) => r.room === a.id));
  assert.equal(view.view.board_size, 6);
  assert.equal(legal.moves.length, 3);
  assert.equal(legal.total, 544);
  assert.deepEqual(sync.events.map((e) => e.version), [1, 2, 3]);
  assert.equal(moved.version, 4);
});

test('a request the server does not answer times out with a typed error', { skip }, async () => {
  const alice = await client('carol', { requestTimeoutMs: 400 });
  await server.pause();
  try {
    const started = Date.now();
    const error = await alice.listGames().then(
      () => assert.fail('answered by a paused server'),
      (e) => e,
    );
    assert.ok(error instanceof ConnectionError);
    assert.ok(error instanceof BoardroomError);
    assert.equal(error.code, 'timeout');
    assert.equal(error.method, 'lobby.games');
    assert.ok(Date.now() - started >= 390);
    const own = await alice.listRooms(undefined, { timeoutMs: 100 }).catch((e) => e);
    assert.equal(own.code, 'timeout');
  } finally {
    server.resume();
  }
  // The connection is fine; the late answers are dropped, the next request is answered.
  const { games } = await alice.listGames();
  assert.ok(games.length > 0);
});

// The move's event comes in its answer (move_event_in_result): when the answer is given up on,
// the room catches up and the event is not lost.
test('a move whose answer timed out still reaches the room\'s events', { skip }, async () => {
  const [alice, bob] = [await client('fay', { requestTimeoutMs: 400 }), await client('gus')];
  const [a] = await startedGame(alice, bob);
  const before = a.version;
  const { moves } = await a.legalMoves();
  const seen = recordEvents(a);
  await server.pause();
  let error;
  try {
    error = await a.move(moves[0]).then(() => assert.fail('answered by a paused server'), (e) => e);
  } finally {
    server.resume();
  }
  assert.equal(error.code, 'timeout');
  await until(a, (r) => r.version > before);
  assert.deepEqual(seen.map((e) => [e.type, e.version]), [['move', before + 1]]);
  assert.equal(a.state.moves.length, 1);
});

test('a refusal is a ServerError: the server\'s code, field and message', { skip }, async () => {
  const [alice, bob] = [await client('dave'), await client('erin')];
  const [a, b] = await startedGame(alice, bob);
  const refusal = (promise) => promise.then(() => assert.fail('accepted'), (e) => e);

  const illegal = await refusal(a.move('b1-b6/b5'));
  assert.ok(illegal instanceof ServerError);
  assert.ok(illegal instanceof BoardroomError);
  assert.equal(illegal.code, 'illegal_move');
  assert.equal(illegal.field, 'move');
  assert.equal(illegal.rpcCode, -32000);
  assert.equal(illegal.method, 'game.move');
  assert.match(illegal.message, /b6/);

  const turn = await refusal(b.move('a5-a4/a5'));
  assert.equal(turn.code, 'not_your_turn');
  assert.equal(turn.field, null);

  const unknown = await refusal(alice.request('lobby.list', { colour: 'red' }));
  assert.deepEqual(
    [unknown.code, unknown.rpcCode, unknown.field],
    ['unknown_field', -32602, 'colour'],
  );

  const method = await refusal(alice.request('lobby.chat', {}));
  assert.deepEqual([method.code, method.rpcCode], ['method_not_found', -32601]);

  const room = await refusal(alice.joinRoom({ room: 'rnosuchroom' }));
  assert.deepEqual([room.code, room.field], ['unknown_room', 'room']);

  const game = await refusal(alice.createRoom({ ...SMALL_GAME, game: 'chess' }));
  assert.equal(game.code, 'unknown_game');
});

test('an account logs in with its password, and comes back with its token', { skip }, async () => {
  const guest = await client('Maria');
  await guest.request('account.register', { password: 'correct horse' });
  guest.close();
  const account = await client('maria', { password: 'correct horse' });
  assert.deepEqual(
    [account.hello.account, account.hello.resumed, account.hello.name],
    [true, true, 'Maria'],
  );
  assert.equal(account.player, guest.player);
  // The token resumes the account; the connection it replaces is closed, and stays closed.
  const replaced = new Promise((resolve) => account.once('closed', resolve));
  const again = await client('maria', { resumeToken: account.resumeToken });
  assert.deepEqual([again.player, again.hello.account], [guest.player, true]);
  assert.match((await replaced).error.message, /another connection/);
  assert.equal(account.state, 'closed');
  const refused = await client('maria', { password: 'wrong horse' }).catch((e) => e);
  assert.equal(refused.code, 'bad_credentials');
  const taken = await client('MARIA').catch((e) => e);
  assert.deepEqual([taken.code, taken.field], ['name_taken', 'name']);
});
