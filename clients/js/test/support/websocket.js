// The WebSocket the tests give the client: the runtime's own (Node 22, or Node 20.10+ with
// --experimental-websocket), else this minimal RFC 6455 client with the browser's interface
// (Debian 12's Node 18 has none). Text messages, fragments, ping and close; no TLS, no extensions.

import { createHash, randomBytes } from 'node:crypto';
import net from 'node:net';

const GUID = '258EAFA5-E914-47DA-95CA-C5AB0DC85B11';

export class MinimalWebSocket {
  static CONNECTING = 0;
  static OPEN = 1;
  static CLOSING = 2;
  static CLOSED = 3;

  readyState = MinimalWebSocket.CONNECTING;
  onopen = null;
  onmessage = null;
  onclose = null;
  onerror = null;
  #socket;
  #key = randomBytes(16).toString('base64');
  #input = Buffer.alloc(0);
  #upgraded = false;
  #fragments = [];
  #closeSent = false;
  #closeInfo = { code: 1006, reason: '' };

  constructor(url) {
    const u = new URL(url);
    if (u.protocol !== 'ws:') throw new SyntaxError(`only ws:// URLs: ${url}`);
    this.#socket = net.connect(Number(u.port || 80), u.hostname);
    this.#socket.setNoDelay(true);
    this.#socket.on('connect', () =>
      this.#socket.write(
        `GET ${u.pathname}${u.search} HTTP/1.1\r\nHost: ${u.host}\r\nUpgrade: websocket\r\n` +
          `Connection: Upgrade\r\nSec-WebSocket-Key: ${this.#key}\r\n` +
          'Sec-WebSocket-Version: 13\r\n\r\n',
      ),
    );
    this.#socket.on('data', (chunk) => this.#read(chunk));
    this.#socket.on('error', () => this.onerror?.({ type: 'error' }));
    this.#socket.on('close', () => {
      this.readyState = MinimalWebSocket.CLOSED;
      const wasClean = this.#closeInfo.code !== 1006;
      this.onclose?.({ type: 'close', ...this.#closeInfo, wasClean });
    });
  }

  send(text) {
    if (this.readyState !== MinimalWebSocket.OPEN) throw new Error('the WebSocket is not open');
    this.#write(0x1, Buffer.from(text, 'utf8'));
  }

  close(code = 1000, reason = '') {
    if (this.readyState === MinimalWebSocket.CONNECTING) {
      this.readyState = MinimalWebSocket.CLOSING;
      this.#socket.destroy();
      return;
    }
    if (this.readyState !== MinimalWebSocket.OPEN) return;
    this.readyState = MinimalWebSocket.CLOSING;
    this.#sendClose(code, reason);
    // The server echoes the close frame and ends the TCP connection; do not wait forever.
    setTimeout(() => this.#socket.destroy(), 2000).unref();
  }

  #read(chunk) {
    this.#input = Buffer.concat([this.#input, chunk]);
    if (!this.#upgraded) {
      const end = this.#input.indexOf('\r\n\r\n');
      if (end < 0) return;
      const head = this.#input.subarray(0, end).toString('latin1');
      this.#input = this.#input.subarray(end + 4);
      const accept = createHash('sha1').update(this.#key + GUID).digest('base64');
      if (!/^HTTP\/1\.1 101 /.test(head) || !head.includes(accept)) {
        this.#socket.destroy();
        return;
      }
      this.#upgraded = true;
      this.readyState = MinimalWebSocket.OPEN;
      this.onopen?.({ type: 'open' });
    }
    for (let frame = this.#nextFrame(); frame; frame = this.#nextFrame()) this.#handle(frame);
  }

  #nextFrame() {
    const b = this.#input;
    if (b.length < 2) return null;
    let length = b[1] & 0x7f;
    let offset = 2;
    if (length === 126) {
      if (b.length < 4) return null;
      length = b.readUInt16BE(2);
      offset = 4;
    } else if (length === 127) {
      if (b.length < 10) return null;
      length = Number(b.readBigUInt64BE(2));
      offset = 10;
    }
    if (b.length < offset + length) return null; // the server never masks its frames
    this.#input = b.subarray(offset + length);
    const payload = b.subarray(offset, offset + length);
    return { fin: (b[0] & 0x80) !== 0, opcode: b[0] & 0x0f, payload };
  }

  #handle({ fin, opcode, payload }) {
    if (opcode === 0x1 || opcode === 0x0) {
      this.#fragments.push(payload);
      if (!fin) return;
      const data = Buffer.concat(this.#fragments).toString('utf8');
      this.#fragments = [];
      if (this.readyState === MinimalWebSocket.OPEN) this.onmessage?.({ type: 'message', data });
    } else if (opcode === 0x8) {
      const code = payload.length >= 2 ? payload.readUInt16BE(0) : 1005;
      this.#closeInfo = { code, reason: payload.subarray(2).toString('utf8') };
      if (!this.#closeSent) this.#sendClose(code === 1005 ? 1000 : code, '');
      this.readyState = MinimalWebSocket.CLOSING;
      this.#socket.end();
    } else if (opcode === 0x9) {
      this.#write(0xa, payload);
    }
  }

  #sendClose(code, reason) {
    this.#closeSent = true;
    const payload = Buffer.alloc(2 + Buffer.byteLength(reason));
    payload.writeUInt16BE(code, 0);
    payload.write(reason, 2);
    this.#write(0x8, payload);
  }

  #write(opcode, payload) {
    const mask = randomBytes(4);
    const length = payload.length;
    const head =
      length < 126
        ? Buffer.from([0x80 | opcode, 0x80 | length])
        : length < 65536
          ? Buffer.from([0x80 | opcode, 0x80 | 126, length >> 8, length & 0xff])
          : Buffer.concat([Buffer.from([0x80 | opcode, 0x80 | 127]), bigLength(length)]);
    const masked = Buffer.alloc(length);
    for (let i = 0; i < length; i++) masked[i] = payload[i] ^ mask[i % 4];
    if (!this.#socket.destroyed) this.#socket.write(Buffer.concat([head, mask, masked]));
  }
}

function bigLength(length) {
  const b = Buffer.alloc(8);
  b.writeBigUInt64BE(BigInt(length));
  return b;
}

export const WebSocketImpl =
  process.env.BOARDROOM_TEST_WEBSOCKET === 'minimal'
    ? MinimalWebSocket
    : (globalThis.WebSocket ?? MinimalWebSocket);
