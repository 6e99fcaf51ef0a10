// examples/random_bot.js, run as the program it is, plays a whole game against another client
// on the real server; the README shows the same code.

import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { after, before, test } from 'node:test';

import { playRandomly } from '../examples/random_bot.js';
import {
  SMALL_GAME,
  WAIT_MS,
  assertMirrorMatchesServer,
  connected,
  until,
} from './support/play.js';
import { TestServer, binaryOrSkip } from './support/server.js';

const skip = binaryOrSkip();
const server = new TestServer();
const clients = [];
const path = (relative) => fileURLToPath(new URL(relative, import.meta.url));

before(async () => {
  if (!skip) await server.start();
});
after(async () => {
  for (const c of clients) c.close();
  await server.stop();
});

// Runs the bot for `room`; resolves with its output when it exits 0.
function runBot(roomId) {
  const args = [
    ...process.execArgv,
    '--import',
    new URL('./support/global_websocket.js', import.meta.url).href,
    path('../examples/random_bot.js'),
    server.url,
    roomId,
  ];
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), WAIT_MS);
    child.on('exit', (code) => {
      clearTimeout(timer);
      if (code === 0) resolve(output);
      else reject(new Error(`the bot exited with ${code}:\n${output}`));
    });
  });
}

test('the random bot plays a whole game against another client', { skip }, async () => {
  const alice = await connected(server.url, 'alice');
  clients.push(alice);
  const room = await alice.createRoom(SMALL_GAME);
  const [output, outcome] = await Promise.all([runBot(room.id), playRandomly(room)]);
  await until(room, (r) => r.state.status === 'finished');
  assert.equal(room.state.seats[1].name, 'random-bot');
  assert.match(output, new RegExp(`playing in ${room.id}`));
  assert.ok(output.includes(outcome.description), output);
  assert.ok(room.state.moves.length > 0);
  await assertMirrorMatchesServer(alice, room);
});

test('the README shows the example as it is', () => {
  const example = readFileSync(path('../examples/random_bot.js'), 'utf8');
  const readme = readFileSync(path('../README.md'), 'utf8');
  assert.ok(readme.includes(example), 'README.md holds examples/random_bot.js verbatim');
});
