// A second web server for the tests, for a page from an origin other than the game server's
// (the refused-origin test): it serves web/ at / and the client library at /sdk/ with the game
// server's Content-Security-Policy, and test pages besides.

import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const TYPES = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8', '.svg': 'image/svg+xml' };
const CSP = "default-src 'self'; connect-src 'self' ws: wss:; img-src 'self' data:; " +
  "style-src 'self' 'unsafe-inline'; frame-ancestors 'none'";

// `extra`: { '/path': absolute file } served besides web/ (test pages).
export async function startStaticServer({ extra = {} } = {}) {
  const server = createServer(async (req, res) => {
    const url = new URL(req.url, 'http://x');
    const file = fileFor(url.pathname, extra);
    try {
      if (!file) throw new Error('no such file');
      const body = await readFile(file);
      res.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream', 'content-security-policy': CSP, 'cache-control': 'no-cache' });
      res.end(body);
    } catch {
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('not found');
    }
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: server.address().port,
    url: `http://127.0.0.1:${server.address().port}`,
    close: () => new Promise((resolve) => {
      server.closeAllConnections();
      server.close(resolve);
    }),
  };
}

function fileFor(pathname, extra) {
  if (extra[pathname]) return extra[pathname];
  const clean = path.posix.normalize(pathname);
  if (clean.includes('..')) return null;
  if (clean === '/sdk/index.js') return path.join(ROOT, 'clients/js/index.js');
  if (clean.startsWith('/sdk/src/')) return path.join(ROOT, 'clients/js/src', path.basename(clean));
  if (clean.startsWith('/test/')) return null;
  return path.join(ROOT, 'web', clean === '/' ? 'index.html' : clean);
}
