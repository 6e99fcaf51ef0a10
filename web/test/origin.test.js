// A page from another origin may not open a WebSocket to a server that does not allow that
// origin (the default: only pages from the server's own host).

import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { launchBrowser, skipReason, startServer } from './support/env.js';
import { startStaticServer } from './support/static_server.js';

const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures');
let browser;
let elsewhere;
const servers = [];

before(async () => {
  if (skipReason()) return;
  browser = await launchBrowser();
  elsewhere = await startStaticServer({
    extra: { '/foreign.html': path.join(fixtures, 'foreign.html'), '/foreign.js': path.join(fixtures, 'foreign.js') },
  });
});

after(async () => {
  await browser?.close();
  await elsewhere?.close();
  for (const server of servers) await server.stop();
});

async function visit(server) {
  const page = await browser.newPage();
  await page.goto(`${elsewhere.url}/foreign.html?server=ws://127.0.0.1:${server.port}/ws`);
  await page.waitForFunction(() => document.getElementById('result').textContent !== 'connecting');
  const text = await page.textContent('#result');
  await page.close();
  return text;
}

test('a page from another origin is refused by a server started without --allowed-origins', { skip: skipReason() }, async () => {
  const server = await startServer([]);
  servers.push(server);
  assert.match(await visit(server), /^refused/);
});

test('the same page is let in where its origin is allowed', { skip: skipReason() }, async () => {
  const server = await startServer(['--allowed-origins', elsewhere.url]);
  servers.push(server);
  assert.equal(await visit(server), 'connected');
});
