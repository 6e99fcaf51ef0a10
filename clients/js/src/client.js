// The client: one identity on one server, across as many connections as it takes. It says
// `hello` (as a guest, or logging in to an account), keeps the resume token, and when a
// connection is lost reconnects by itself (backing off), resumes the identity and catches every
// room up before the application's requests go out again. Requests wait in a queue paced by the
// server's rate limit.

import { DEFAULT_RECONNECT, reconnectDelay } from './backoff.js';
import { Connection } from './connection.js';
import { ConnectionError } from './errors.js';
import { Emitter } from './emitter.js';
import { EventStream } from './event_stream.js';
import { RequestQueue, SERVER_DEFAULT_LIMITS, TokenBucket } from './rate_limit.js';
import { Room, detach, installSnapshot, receiveEvent, resume } from './room.js';

export const PROTOCOL_VERSION = 1;

const DEFAULTS = Object.freeze({
  requestTimeoutMs: 15000,
  connectTimeoutMs: 10000,
  rateLimitedRetries: 5,
});
// A rate_limited answer is retried after this, times the attempt, once a token is back.
const RATE_LIMITED_DELAY_MS = 250;
// Rooms left lately: their late events are dropped rather than taken for a room to adopt.
const DEPARTED_KEPT = 1024;
// The close reason of a connection whose identity said hello elsewhere (docs/protocol.md 6.3):
// reconnecting would only take it back, and so on.
const REPLACED = 'replaced by a newer connection';

export class Client extends Emitter {
  #options;
  #WebSocket;
  #name;
  #password;
  #token;
  #hello = null;
  #state = 'idle'; // idle, connecting, open, reconnecting, closed
  #connection = null;
  #ready = false; // the connection has said hello
  #attempt = 0;
  #reconnectTimer = null;
  #bucket;
  #queue;
  #rateLimitFixed;
  #rooms = new Map();
  #departed = new Set();
  #creating = 0; // room.create, room.join, room.spectate in flight
  #unclaimed = new Set(); // rooms met through an event while #creating > 0
  #subscriptions = new Map(); // what to ask again on a new connection
  #streams = new Set();

  constructor(options) {
    super();
    const { url, name, password, resumeToken, WebSocket, rateLimit, reconnect } = options ?? {};
    if (!url || !name) throw new TypeError('a Client needs a url and a name');
    this.#WebSocket = WebSocket ?? globalThis.WebSocket;
    if (typeof this.#WebSocket !== 'function') {
      throw new TypeError(
        'no WebSocket: pass one in the options (Node 20: run with --experimental-websocket)',
      );
    }
    this.url = url;
    this.#name = name;
    this.#password = password;
    this.#token = resumeToken;
    this.#options = {
      ...DEFAULTS,
      ...options,
      reconnect: { ...DEFAULT_RECONNECT, ...reconnect },
    };
    // Without explicit limits the client starts from the server's defaults and takes the
    // server's own from its hello.
    this.#rateLimitFixed = rateLimit?.requestsPerSecond !== undefined;
    this.#bucket = new TokenBucket(
      { ...SERVER_DEFAULT_LIMITS, ...rateLimit },
      { headroom: rateLimit?.headroom ?? 0.05 },
    );
    this.#queue = new RequestQueue(this.#bucket, (item) => this.#dispatch(item));
  }

  get state() {
    return this.#state;
  }

  // The last hello result (player, name, resume_token, account, rooms, limits).
  get hello() {
    return this.#hello;
  }

  get player() {
    return this.#hello?.player ?? null;
  }

  // Secret: whoever has it can play this identity's seats. Keep it to resume in a later session.
  get resumeToken() {
    return this.#token ?? null;
  }

  get rooms() {
    return [...this.#rooms.values()];
  }

  room(id) {
    return this.#rooms.get(id) ?? null;
  }

  // Opens the first connection and says hello. Resolves with the hello result once the rooms it
  // lists are mirrored; rejects when the server cannot be reached or refuses the hello.
  async connect() {
    if (this.#state !== 'idle') throw new Error(`connect() on a client that is ${this.#state}`);
    this.#state = 'connecting';
    try {
      const { hello, adopted } = await this.#openSession();
      await adopted;
      return hello;
    } catch (error) {
      if (this.#state === 'connecting') this.#state = 'idle';
      throw error;
    }
  }

  // Closes for good: the connection, the reconnecting, every request still waiting.
  close() {
    this.#shutdown(new ConnectionError('closed', 'the client was closed'));
  }

  // Any method of the protocol. The answer's result, or a BoardroomError. `timeoutMs` counts
  // from the moment the request is sent; until then it waits for a connection and a token.
  request(method, params, { timeoutMs } = {}) {
    if (method === 'hello') return Promise.reject(new Error('the client says hello itself'));
    return this.#send(method, params, { timeoutMs });
  }

  async createRoom(params, options) {
    const result = await this.request('room.create', params, options);
    return this.#rooms.get(result.room);
  }

  async joinRoom(params, options) {
    const result = await this.request('room.join', params, options);
    return this.#rooms.get(result.room);
  }

  async spectateRoom(params, options) {
    const result = await this.request('room.spectate', params, options);
    return this.#rooms.get(result.room);
  }

  listGames(options) {
    return this.request('lobby.games', undefined, options);
  }

  listRooms(params, options) {
    return this.request('lobby.list', params, options);
  }

  // Hides (or, with muted false, shows again) a player's chat lines in every room.
  mute(player, muted = true, options) {
    return this.request('chat.mute', { player, muted }, options);
  }

  // lobby.update and lobby.tournament arrive as the client's events of those names; the
  // subscription is renewed on every new connection (the 'resubscribed' event has the lists).
  subscribeLobby(params, options) {
    return this.request('lobby.subscribe', params, options);
  }

  unsubscribeLobby(options) {
    return this.request('lobby.unsubscribe', undefined, options);
  }

  // The params of every notification `method` (lobby.update, tournament.pairings, ...) from now
  // on, until the client closes.
  notifications(method) {
    const off = this.on(method, (params) => stream.push(params));
    const stream = new EventStream(() => {
      off();
      this.#streams.delete(stream);
    });
    if (this.#state === 'closed') stream.end();
    else this.#streams.add(stream);
    return stream;
  }

  // --- requests ---

  // `track: false` leaves the room mirrors and subscriptions alone (a room's own requests).
  #send(method, params, { timeoutMs, first = false, onResult, track: tracked = true } = {}) {
    if (this.#state === 'closed') {
      return Promise.reject(new ConnectionError('closed', 'the client is closed', { method }));
    }
    if (this.#state === 'idle') return Promise.reject(new Error('call connect() first'));
    const track = tracked ? this.#tracking(method, params) : {};
    return new Promise((resolve, reject) => {
      this.#queue.add(
        {
          method,
          params,
          timeoutMs: timeoutMs ?? this.#options.requestTimeoutMs,
          onResult: (result) => {
            track.onResult?.(result);
            onResult?.(result);
          },
          resolve,
          reject,
          retries: 0,
        },
        { first },
      );
    })
      .catch((error) => {
        track.failed?.(error);
        throw error;
      })
      .finally(track.settled);
  }

  // What the client itself keeps from a request's answer: the rooms it is in, its
  // subscriptions.
  #tracking(method, params) {
    switch (method) {
      case 'room.create':
      case 'room.join':
      case 'room.spectate':
        this.#creating += 1;
        return {
          onResult: (result) => this.#roomFor(result.room)[installSnapshot](result.snapshot),
          settled: () => {
            this.#creating -= 1;
            if (this.#creating === 0) this.#claimUnclaimed();
          },
        };
      case 'room.leave':
        return { onResult: () => this.#rooms.get(params.room)?.[detach]('left') };
      case 'game.move':
        // The move's event comes in the answer (move_event_in_result at hello), taken in its
        // message handler: before any event after it. An answer that never came (a timeout) took
        // the event with it, so the room catches up.
        return {
          onResult: (result) => result.event && this.#roomEvent(result.event),
          failed: (error) => {
            if (error.code === 'timeout') this.#rooms.get(params.room)?.sync().catch(() => {});
          },
        };
      case 'lobby.subscribe':
        return { onResult: () => this.#subscriptions.set('lobby', { method, params }) };
      case 'lobby.unsubscribe':
        return { onResult: () => this.#subscriptions.delete('lobby') };
      case 'tournament.watch':
        return {
          onResult: () =>
            this.#subscriptions.set(`tournament ${params.tournament}`, { method, params }),
        };
      case 'tournament.unwatch':
        return { onResult: () => this.#subscriptions.delete(`tournament ${params.tournament}`) };
      default:
        return {};
    }
  }

  // Sends a request from the queue (which holds a token for it).
  #dispatch(item) {
    if (!this.#connection?.isOpen) {
      // The socket is closing; its close event is on the way. The request waits for the next.
      this.#queue.stop();
      this.#queue.add(item, { first: true });
      return;
    }
    this.#connection
      .call(item.method, item.params, { timeoutMs: item.timeoutMs, onResult: item.onResult })
      .then(item.resolve, (error) => {
        if (error.code === 'rate_limited' && item.retries < this.#options.rateLimitedRetries) {
          // Not executed: the server's bucket ran dry sooner than ours. Ours is emptied too.
          item.retries += 1;
          this.#bucket.drain();
          setTimeout(() => {
            if (this.#state === 'closed') item.reject(error);
            else this.#queue.add(item, { first: true });
          }, RATE_LIMITED_DELAY_MS * item.retries);
          return;
        }
        item.reject(error);
      });
  }

  // --- connections ---

  async #openSession() {
    const connection = new Connection({
      WebSocket: this.#WebSocket,
      url: this.url,
      onNotification: (method, params) => this.#notified(method, params),
      onClose: (info) => this.#lost(connection, info),
    });
    this.#connection = connection;
    try {
      await connection.open(this.#options.connectTimeoutMs);
      this.#bucket.refill(); // a new connection starts with a full bucket on the server
      this.#bucket.tryTake();
      // Our own moves' events come in the answers to them (#tracking applies them): one frame
      // fewer per move.
      const params = { protocol: PROTOCOL_VERSION, name: this.#name, move_event_in_result: true };
      if (this.#token) params.resume_token = this.#token;
      else if (this.#password !== undefined) params.password = this.#password;
      let adopted;
      const options = {
        timeoutMs: this.#options.requestTimeoutMs,
        onResult: (result) => {
          adopted = this.#established(result);
        },
      };
      const hello = await connection.call('hello', params, options).catch((error) => {
        // A server from before move_event_in_result does not know it: hello again without (its
        // answers to moves have no event, and the events come as notifications).
        if (error.code !== 'unknown_field' || error.field !== 'move_event_in_result') throw error;
        delete params.move_event_in_result;
        return connection.call('hello', params, options);
      });
      return { hello, adopted };
    } catch (error) {
      connection.close();
      throw error;
    }
  }

  // In the hello answer's message handler: the rooms' catch-up requests go first, before any
  // event of theirs is applied and before the application's queued requests.
  #established(hello) {
    const reconnected = this.#hello !== null;
    this.#hello = hello;
    this.#token = hello.resume_token;
    this.#password = undefined; // from now on the token resumes the identity
    if (!this.#rateLimitFixed) {
      this.#bucket.configure({
        requestsPerSecond: hello.limits.requests_per_second,
        requestBurst: hello.limits.request_burst,
      });
    }
    this.#ready = true;
    this.#state = 'open';
    this.#attempt = 0;
    const listed = new Set(hello.rooms);
    for (const room of this.#rooms.values()) room[resume](listed.has(room.id));
    const adopted = hello.rooms
      .filter((id) => !this.#rooms.has(id))
      .map((id) => this.#adopt(id));
    for (const { method, params } of this.#subscriptions.values()) {
      this.#send(method, params, { first: true }).then(
        (result) => this.emit('resubscribed', { method, params, result }),
        (error) => this.emit('error', error),
      );
    }
    this.#queue.start();
    this.emit('connected', { hello, reconnected });
    return Promise.allSettled(adopted);
  }

  #lost(connection, info) {
    if (connection !== this.#connection) return;
    this.#connection = null;
    const wasReady = this.#ready;
    this.#ready = false;
    this.#queue.stop();
    if (!wasReady || this.#state === 'closed') return; // a failed attempt reports itself
    this.emit('disconnected', info);
    if (info.code === 1008 && info.reason === REPLACED) {
      const message = 'this identity said hello on another connection';
      this.#shutdown(new ConnectionError('closed', message));
      return;
    }
    this.#reconnectLater();
  }

  #reconnectLater() {
    this.#state = 'reconnecting';
    this.#attempt += 1;
    const { reconnect } = this.#options;
    if (this.#attempt > reconnect.maxAttempts) {
      const message = `no connection after ${reconnect.maxAttempts} attempts`;
      this.#shutdown(new ConnectionError('closed', message));
      return;
    }
    const delayMs = reconnectDelay(this.#attempt, reconnect);
    this.emit('reconnecting', { attempt: this.#attempt, delayMs });
    this.#reconnectTimer = setTimeout(async () => {
      this.#reconnectTimer = null;
      try {
        await this.#openSession();
      } catch (error) {
        if (this.#state === 'closed') return;
        this.emit('error', error);
        this.#reconnectLater();
      }
    }, delayMs);
  }

  #shutdown(error) {
    if (this.#state === 'closed') return;
    this.#state = 'closed';
    clearTimeout(this.#reconnectTimer);
    this.#queue.stop();
    for (const item of this.#queue.takeAll()) item.reject(error);
    this.#connection?.close(1000, 'client closed');
    this.#connection = null;
    this.#ready = false;
    for (const room of [...this.#rooms.values()]) room[detach]('client_closed', error);
    for (const stream of [...this.#streams]) stream.end();
    this.emit('closed', { error });
  }

  // --- rooms ---

  #notified(method, params) {
    if (method === 'room.event') return this.#roomEvent(params);
    // A rematch moved the players on: they are no longer members of the finished room.
    if (method === 'room.rematched') {
      const room = this.#rooms.get(params.room);
      if (room && room.mySeat !== null) room[detach]('rematched');
    }
    this.emit(method, params);
  }

  #roomEvent(event) {
    if (this.#departed.has(event.room)) return;
    const known = this.#rooms.has(event.room);
    const room = this.#roomFor(event.room);
    room[receiveEvent](event);
    if (known) return;
    // A room this client did not open (a tournament seats its players itself), or one whose
    // room.create answer is still to come: wait for those answers before fetching it.
    if (this.#creating > 0) this.#unclaimed.add(room.id);
    else room.sync().catch(() => {});
  }

  #claimUnclaimed() {
    for (const id of this.#unclaimed) {
      const room = this.#rooms.get(id);
      if (room && room.state === null) room.sync().catch(() => {});
    }
    this.#unclaimed.clear();
  }

  #adopt(id) {
    return this.#roomFor(id).sync();
  }

  #roomFor(id) {
    let room = this.#rooms.get(id);
    if (room) return room;
    this.#departed.delete(id);
    room = new Room(
      id,
      {
        send: (method, params, options) => this.#send(method, params, options),
        forget: (r) => this.#forget(r),
      },
      this.player,
    );
    this.#rooms.set(id, room);
    this.emit('room', room);
    return room;
  }

  #forget(room) {
    if (this.#rooms.get(room.id) !== room) return;
    this.#rooms.delete(room.id);
    this.#departed.add(room.id);
    if (this.#departed.size > DEPARTED_KEPT) {
      this.#departed.delete(this.#departed.values().next().value);
    }
  }
}
