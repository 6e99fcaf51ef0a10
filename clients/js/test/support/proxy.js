// A TCP relay between a client and the real server that a test can misbehave with: cut every
// connection (a network that fails), refuse new ones for a while, or lose chosen frames from the
// server (an event that never arrives). It reads the server's WebSocket frames, which are never
// masked or fragmented (docs/protocol.md 1), and passes everything else through untouched.

import net from 'node:net';

export class Proxy {
  #server;
  #pairs = new Set();
  #refusing = false;
  // Frames from the server whose text this returns true for are lost.
  lose = () => false;

  constructor(targetPort) {
    this.#server = net.createServer((client) => this.#accept(client, targetPort));
  }

  get port() {
    return this.#server.address().port;
  }

  get url() {
    return `ws://127.0.0.1:${this.port}/ws`;
  }

  listen() {
    return new Promise((resolve) => this.#server.listen(0, '127.0.0.1', resolve));
  }

  // Every connection through the relay ends at once, both ways, without a close frame.
  cut() {
    for (const { client, upstream } of this.#pairs) {
      client.destroy();
      upstream.destroy();
    }
    this.#pairs.clear();
  }

  // While refusing, new connections get the answer of a full server (503) and are closed.
  refuse(on) {
    this.#refusing = on;
  }

  close() {
    this.cut();
    return new Promise((resolve) => this.#server.close(resolve));
  }

  #accept(client, targetPort) {
    if (this.#refusing) {
      client.on('error', () => {});
      client.end('HTTP/1.1 503 Service Unavailable\r\nContent-Length: 0\r\n\r\n', () =>
        client.destroy(),
      );
      return;
    }
    const upstream = net.connect(targetPort, '127.0.0.1');
    const pair = { client, upstream };
    this.#pairs.add(pair);
    const end = () => {
      client.destroy();
      upstream.destroy();
      this.#pairs.delete(pair);
    };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
    client.pipe(upstream);
    upstream.on('data', this.#frames((bytes) => client.write(bytes)));
  }

  // Splits the server's stream into the HTTP answer and whole frames; passes on all but lost
  // ones.
  #frames(write) {
    let input = Buffer.alloc(0);
    let upgraded = false;
    return (chunk) => {
      input = Buffer.concat([input, chunk]);
      if (!upgraded) {
        const end = input.indexOf('\r\n\r\n');
        if (end < 0) return;
        write(input.subarray(0, end + 4));
        input = input.subarray(end + 4);
        upgraded = true;
      }
      for (;;) {
        const frame = nextFrame(input);
        if (!frame) return;
        input = input.subarray(frame.size);
        const text = frame.opcode === 0x1 ? frame.payload.toString('utf8') : null;
        if (text === null || !this.lose(text)) write(frame.bytes);
      }
    };
  }
}

function nextFrame(b) {
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
  const size = offset + length;
  if (b.length < size) return null;
  const payload = b.subarray(offset, size);
  return { opcode: b[0] & 0x0f, payload, bytes: b.subarray(0, size), size };
}
