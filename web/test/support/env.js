// What each test starts with: a real boardroom server (BOARDROOM_BINARY, a fresh data directory,
// a free port) serving the browser client itself, and headless Chromium (Debian's, never a
// downloaded one) to open it in.

import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { after, before } from 'node:test';
import { chromium } from 'playwright-core';
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

export async function startServer(args = []) {
  const server = new TestServer(args);
  await server.start();
  return server;
}

export async function launchBrowser() {
  return chromium.launch({ executablePath: CHROMIUM });
}

// A test file's server, the address of its page and a browser, started before the file's tests
// and stopped after them.
export function world(serverArgs) {
  const w = {};
  before(async () => {
    if (skipReason()) return;
    w.server = await startServer(serverArgs);
    w.url = `http://127.0.0.1:${w.server.port}/`;
    w.browser = await launchBrowser();
  });
  after(async () => {
    await w.browser?.close();
    await w.server?.stop();
  });
  return w;
}
