// The request queue keeps a burst of requests within the server's rate limit: with the server's
// defaults, with limits the server announces in hello, and, when a client is told wrong limits,
// by retrying what the server refused with rate_limited.

import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';

import { connected } from './support/play.js';
import { TestServer, binaryOrSkip } from './support/server.js';

const skip = binaryOrSkip();
const servers = {
  defaults: new TestServer(),
  strict: new TestServer(['--requests-per-second', '20', '--request-burst', '10']),
};
const clients = [];

before(async () => {
  if (skip) return;
  await Promise.all(Object.values(servers).map((s) => s.start()));
});
after(async () => {
  for (const c of clients) c.close();
  await Promise.all(Object.values(servers).map((s) => s.stop()));
});

async function client(server, name, options) {
  const c = await connected(server.url, name, options);
  clients.push(c);
  return c;
}

// boardroom_errors_total{code="rate_limited"} from the server's metrics.
async function refusedForRate(server) {
  const text = await (await fetch(`http://127.0.0.1:${server.port}/metrics`)).text();
  const m = /boardroom_errors_total\{code="rate_limited"\} (\d+)/.exec(text);
  return m ? Number(m[1]) : 0;
}

test('a burst of 500 requests earns no rate_limited answer', { skip }, async () => {
  const alice = await client(servers.defaults, 'alice');
  const answers = await Promise.allSettled(
    Array.from({ length: 500 }, (_, i) => alice.listRooms(i % 2 ? { game: 'amazons' } : undefined)),
  );
  const failed = answers.filter((a) => a.status === 'rejected').map((a) => a.reason.code);
  assert.deepEqual(failed, []);
  assert.equal(await refusedForRate(servers.defaults), 0);
});

test('the client keeps to the limits the server announces', { skip }, async () => {
  const bob = await client(servers.strict, 'bob');
  assert.equal(bob.hello.limits.requests_per_second, 20);
  const answers = await Promise.allSettled(Array.from({ length: 40 }, () => bob.listGames()));
  assert.deepEqual(answers.filter((a) => a.status === 'rejected'), []);
  assert.equal(await refusedForRate(servers.strict), 0);
});

test('requests refused with rate_limited are sent again', { skip }, async () => {
  // Told to send far faster than the server allows: the server refuses, the client retries.
  const carol = await client(servers.strict, 'carol', {
    rateLimit: { requestsPerSecond: 1000, requestBurst: 1000 },
  });
  const before = await refusedForRate(servers.strict);
  // Frames held while the server is paused reach it at once: past its burst it refuses them.
  await servers.strict.pause();
  const requests = Array.from({ length: 20 }, () => carol.request('lobby.unsubscribe'));
  await new Promise((resolve) => setTimeout(resolve, 100));
  servers.strict.resume();
  const answers = await Promise.allSettled(requests);
  assert.deepEqual(answers.filter((a) => a.status === 'rejected'), []);
  const refused = (await refusedForRate(servers.strict)) - before;
  assert.ok(refused > 0, `${refused} refused`);
});
