// One WebSocket and the JSON-RPC 2.0 exchange on it: requests numbered by id, each answer matched
// to its request whatever the order (each room answers in its own time), a time limit per
// request, notifications handed on in the order they arrive.
//
// Every answer is handled in the frame's own message handler, before the next frame: a request's
// `onResult` runs there, so that a snapshot is in place before the events that follow it (several
// frames in one network read are dispatched one after the other, with no promise continuation in
// between).

import { ConnectionError, ServerError } from './errors.js';

const OPEN = 1;

export class Connection {
  #socket;
  #pending = new Map(); // id -> { method, resolve, reject, onResult, timer }
  #nextId = 1;
  #onNotification;
  #onClose;
  #closed = false;

  // `WebSocket` is a constructor with the browser's interface (onopen, onmessage, onclose,
  // onerror, send, close, readyState).
  constructor({ WebSocket, url, onNotification, onClose }) {
    this.#onNotification = onNotification;
    this.#onClose = onClose;
    this.#socket = new WebSocket(url);
    this.#socket.onmessage = (event) => this.#receive(event.data);
  }

  // Resolves once the socket is open; rejects when it fails or takes longer than `timeoutMs`.
  open(timeoutMs) {
    return new Promise((resolve, reject) => {
      const fail = (message) => {
        clearTimeout(timer);
        this.#finish({ code: 1006, reason: message }); // before close(), which may fire events
        try {
          this.#socket.close();
        } catch {
          // never opened
        }
        reject(new ConnectionError('disconnected', message));
      };
      const timer = setTimeout(() => fail(`no connection within ${timeoutMs} ms`), timeoutMs);
      this.#socket.onopen = () => {
        clearTimeout(timer);
        this.#socket.onclose = (event) =>
          this.#finish({ code: event.code, reason: event.reason ?? '' });
        resolve();
      };
      // Some implementations (Node 20's) fire only `error` when the connection cannot be
      // established, and nothing at all when the socket ends during the handshake: hence the
      // timer.
      this.#socket.onerror = () => fail('the connection could not be established');
      this.#socket.onclose = (event) =>
        fail(`the connection failed (${event.code}${event.reason ? ` ${event.reason}` : ''})`);
    });
  }

  get isOpen() {
    return !this.#closed && this.#socket.readyState === OPEN;
  }

  // Sends a request; the promise settles with its result, a ServerError, or a ConnectionError
  // (`timeout`, `disconnected`). `onResult(result)` runs in the message handler, before the
  // promise settles.
  call(method, params, { timeoutMs, onResult } = {}) {
    if (!this.isOpen) {
      return Promise.reject(new ConnectionError('disconnected', 'not connected', { method }));
    }
    const id = this.#nextId++;
    const frame = { jsonrpc: '2.0', id, method };
    if (params !== undefined) frame.params = params;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.#pending.delete(id);
        reject(new ConnectionError('timeout', `no answer to ${method} within ${timeoutMs} ms`, {
          method,
        }));
      }, timeoutMs);
      this.#pending.set(id, { method, resolve, reject, onResult, timer });
      try {
        this.#socket.send(JSON.stringify(frame));
      } catch (error) {
        clearTimeout(timer);
        this.#pending.delete(id);
        const message = `${method} could not be sent`;
        reject(new ConnectionError('disconnected', message, { method, cause: error }));
      }
    });
  }

  // Closes on purpose: requests still waiting fail with `closed`.
  close(code = 1000, reason = '') {
    if (this.#closed) return;
    try {
      this.#socket.close(code, reason);
    } catch {
      // already closing
    }
    this.#finish({ code, reason }, 'closed');
  }

  #receive(text) {
    if (this.#closed) return;
    let message;
    try {
      message = JSON.parse(text);
    } catch {
      return; // the server sends JSON only; nothing to match a broken frame to
    }
    if (message.id === undefined || message.id === null) {
      if (typeof message.method === 'string') this.#onNotification(message.method, message.params);
      return; // an error with "id": null answers a frame the server could not read
    }
    const request = this.#pending.get(message.id);
    if (!request) return; // answered after its time ran out
    this.#pending.delete(message.id);
    clearTimeout(request.timer);
    if (message.error) {
      request.reject(new ServerError(message.error, request.method));
      return;
    }
    try {
      request.onResult?.(message.result);
    } catch (error) {
      request.reject(error);
      return;
    }
    request.resolve(message.result);
  }

  // The socket is gone: every request still waiting fails (`disconnected`, or `closed` when the
  // client closed it).
  #finish({ code, reason }, errorCode = 'disconnected') {
    if (this.#closed) return;
    this.#closed = true;
    this.#socket.onopen = this.#socket.onmessage = this.#socket.onclose = null;
    this.#socket.onerror = null;
    for (const request of this.#pending.values()) {
      clearTimeout(request.timer);
      const message = `the connection ended before ${request.method} was answered`;
      request.reject(new ConnectionError(errorCode, message, { method: request.method }));
    }
    this.#pending.clear();
    this.#onClose?.({ code, reason });
  }
}
