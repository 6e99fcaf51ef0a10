// A second web server for the tests: it serves web/ at / and the client library at /sdk/ with
// the game server's Content-Security-Policy, so that a page can come from an origin other than
// the game server's (the refused-origin test), and it can pass /ws and /api/ on to a game server
// (then the page is served as the game server would serve it itself).

import { createServer, request } from 'node:http';
import { connect } from 'node:net';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const TYPES = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8', '.svg': 'image/svg+xml' };
export const CSP = "default-src 'self'; connect-src 'self' ws: wss:; img-src 'self' data:; " +
  "style-src 'self' 'unsafe-inline'; frame-ancestors 'none'";

// `extra`: { '/path': absolute file } served besides web/ (test pages).
export async function startStaticServer({ backendPort = null, extra = {} } = {}) {
  const server = createServer(async (req, res) => {
    const url = new URL(req.url, 'http://x');
    if (backendPort && (url.pathname.startsWith('/api/') || url.pathname === '/ws')) {
      const upstream = request({ port: backendPort, host: '127.0.0.1', path: req.url, method: req.method, headers: req.headers },
        (answer) => {
          res.writeHead(answer.statusCode, answer.headers);
          answer.pipe(res);
        });
      upstream.on('error', () => res.destroy());
      req.pipe(upstream);
      return;
    }
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
  // WebSocket upgrades go to the game server as they came, headers and all.
  server.on('upgrade', (req, socket, head) => {
    if (!backendPort) return socket.destroy();
    const upstream = connect(backendPort, '127.0.0.1', () => {
      const lines = [`${req.method} ${req.url} HTTP/1.1`];
      for (let i = 0; i < req.rawHeaders.length; i += 2) lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
      upstream.write(`${lines.join('\r\n')}\r\n\r\n`);
      upstream.write(head);
      upstream.pipe(socket);
      socket.pipe(upstream);
    });
    const end = () => {
      upstream.destroy();
      socket.destroy();
    };
    upstream.on('error', end);
    socket.on('error', end);
    upstream.on('close', end);
    socket.on('close', end);
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
