// What each test starts with: a real boardroom server (BOARDROOM_BINARY, a fresh data directory,
// a free port) serving the browser client itself, and headless Chromium (Debian's, never a
// downloaded one) to open it in.

import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { after, before } from 'node:test';
import { chromium } from 'playwright-core';
import { startStaticServer } from './static_server.js';
import { TestServer } from '../../../clients/js/test/support/server.js';

export const CHROMIUM = process.env.BOARDROOM_CHROMIUM ?? '/usr/bin/chromium';

export function skipReason() {
  return process.env.BOARDROOM_BINARY ? false : 'BOARDROOM_BINARY is not set (the path of a built boardroom binary)';
}

// Where screenshots go: $BOARDROOM_ARTIFACTS, else web-artifacts beside the binary.
export function artifactsDir() {
  const dir = process.env.BOARDROOM_ARTIFACTS ?? path.join(path.dirname(process.env.BOARDROOM_BINARY), 'web-artifacts');
  mkdirSync(dir, { recursive: true });
  return dir;
}

export async function startServer(args = ['--allowed-origins', '*']) {
  const server = new TestServer(args);
  await server.start();
  return server;
}

// The page's address: the game server's own, or (a server that does not serve the page yet) a
// static server in front of it. Returns { url, close }.
export async function pageServer(server) {
  const own = `http://127.0.0.1:${server.port}/`;
  const answer = await fetch(`${own}index.html`).catch(() => null);
  if (answer?.ok) return { url: own, close: async () => {} };
  const proxy = await startStaticServer({ backendPort: server.port });
  return { url: `${proxy.url}/`, close: proxy.close };
}

export async function launchBrowser() {
  return chromium.launch({ executablePath: CHROMIUM });
}

// A test file's server, page address and browser, started before its tests and stopped after.
export function world(serverArgs) {
  const w = {};
  before(async () => {
    if (skipReason()) return;
    w.server = await startServer(serverArgs);
    w.site = await pageServer(w.server);
    w.browser = await launchBrowser();
  });
  after(async () => {
    await w.browser?.close();
    await w.site?.close();
    await w.server?.stop();
  });
  return w;
}
