// One room the client is in: its mirror, the room's events handed to the application once each
// and in version order, the catch-up (`room.sync`) after a gap or a reconnect, and the room and
// game requests.
//
// The rules of docs/protocol.md 4.3: an event with version last + 1 is applied; one at or below
// last is a repeat and dropped; one above last + 1 means events were missed: it waits, with
// every later one, while `room.sync` fetches what is missing (the events, or a snapshot when the
// server no longer keeps them all), and then they are applied in order.

import { Emitter } from './emitter.js';
import { EventStream } from './event_stream.js';
import { RoomMirror } from './room_mirror.js';

// The client's side of a room; not for applications.
export const receiveEvent = Symbol('receiveEvent');
export const installSnapshot = Symbol('installSnapshot');
export const resume = Symbol('resume');
export const detach = Symbol('detach');

// Events kept for events({ since }), as many as the server keeps for room.sync.
const HISTORY = 256;
// room.sync from beyond the room's version answers with a snapshot (docs/protocol.md, room.sync).
const SNAPSHOT_SINCE = Number.MAX_SAFE_INTEGER;
const RETRY_MS = 1000;

export class Room extends Emitter {
  #client; // { send(method, params, options) -> Promise, forget(room) }
  #mirror;
  #buffer = []; // events waiting for a catch-up or a snapshot
  #history = [];
  #streams = new Set();
  #catchingUp = null; // the promise of the room.sync in flight
  #stale = false; // events may be missing: catch up (again) until a room.sync succeeds
  #detached = null;

  constructor(id, client, me) {
    super();
    this.id = id;
    this.#client = client;
    this.#mirror = new RoomMirror(me);
  }

  // The mirror: a frozen object shaped like the server's snapshot. null until the first
  // snapshot arrives (a room found through an event is fetched first).
  get state() {
    return this.#mirror.state;
  }

  get version() {
    return this.#mirror.version;
  }

  // Who may act and what they decide, from the last event that changed the position (null
  // until known).
  get toAct() {
    return this.#mirror.toAct;
  }

  // When the clocks in state.clocks were read: the event's `at`, or for a snapshot the moment
  // it arrived (ms since the epoch).
  get clocksAt() {
    return this.#mirror.clocksAt;
  }

  get mySeat() {
    return this.#mirror.state?.your_seat ?? null;
  }

  get isMyTurn() {
    const s = this.#mirror.state;
    if (!s || s.status !== 'playing' || s.your_seat === null) return false;
    const toAct = this.#mirror.toAct;
    return toAct ? toAct.some((a) => a.seat === s.your_seat) : s.to_move === s.your_seat;
  }

  // null while the client is in the room; else why not: { reason: 'left' | 'closed' | 'lost' |
  // 'client_closed', error }.
  get detached() {
    return this.#detached;
  }

  // The room's events from now on (with `since`: also the kept ones after that version), ending
  // when the client leaves the room or it closes.
  events({ since } = {}) {
    const stream = new EventStream(() => this.#streams.delete(stream));
    if (since !== undefined) {
      for (const e of this.#history) if (e.version > since) stream.push(e);
    }
    if (this.#detached) stream.end();
    else this.#streams.add(stream);
    return stream;
  }

  move(move, { version } = {}) {
    const params = { room: this.id, move };
    if (version !== undefined) params.version = version;
    return this.#request('game.move', params);
  }

  legalMoves(params = {}) {
    return this.#request('game.legal_moves', { ...params, room: this.id });
  }

  view() {
    return this.#request('game.view', { room: this.id });
  }

  analyze() {
    return this.#request('game.analyze', { room: this.id });
  }

  start() {
    return this.#request('room.start', { room: this.id });
  }

  resign() {
    return this.#request('game.resign', { room: this.id });
  }

  offerDraw() {
    return this.#request('game.offer_draw', { room: this.id });
  }

  declineDraw() {
    return this.#request('game.decline_draw', { room: this.id });
  }

  // Half the initial time and no increment, for a bonus in an arena (before the seat's first
  // move, in rooms created with `berserk`).
  berserk() {
    return this.#request('game.berserk', { room: this.id });
  }

  // Once the game is over: another game with the same players, the seats turned by one. The
  // answer names the new room once every player has asked (game.assigned follows for each).
  rematch() {
    return this.#request('room.rematch', { room: this.id });
  }

  // A chat line, in the players' channel from a seat in play, else the spectators'.
  say(text) {
    return this.#request('chat.send', { room: this.id, text });
  }

  // Leaves for good (in a playing game: forfeits, docs/protocol.md 5).
  leave() {
    return this.#request('room.leave', { room: this.id });
  }

  // Catches up now; resolves once the mirror has every event the server had.
  sync() {
    this.#stale = true;
    return this.#catchUp();
  }

  // Replaces the mirror by a fresh snapshot (also updates what events do not tell: spectators,
  // clocks), without skipping events.
  refresh() {
    return this.#client
      .send('room.sync', { room: this.id, since: SNAPSHOT_SINCE }, {
        onResult: (result) => this.#refreshed(result.snapshot),
      })
      .then(() => this.state);
  }

  [receiveEvent](event) {
    if (this.#detached) return;
    if (this.#catchingUp || !this.#mirror.known) this.#buffer.push(event);
    else this.#accept(event);
  }

  // A snapshot from room.create, room.join or room.spectate.
  [installSnapshot](snapshot) {
    if (this.#mirror.known && snapshot.version < this.#mirror.version) return;
    this.#replace(snapshot);
  }

  // After a reconnect: `listed` says whether hello's `rooms` names this room.
  [resume](listed) {
    if (this.#detached) return;
    const s = this.#mirror.state;
    if (!listed && s && s.your_seat === null && s.status !== 'closed') {
      // A spectator stops watching with its connection: watch again, then fetch the events
      // missed (the snapshot would skip them).
      const params = { room: this.id };
      if (s.invite_code) params.invite_code = s.invite_code;
      this.#client
        .send('room.spectate', params, {
          first: true,
          track: false,
          onResult: () => this.sync().catch(() => {}),
        })
        .catch((error) => this.#failed(error));
      return;
    }
    this.sync().catch(() => {});
  }

  [detach](reason, error = null) {
    if (this.#detached) return;
    this.#detached = { reason, error };
    this.#buffer = [];
    for (const stream of [...this.#streams]) stream.end();
    this.#client.forget(this);
    this.emit('detached', this.#detached);
  }

  // Through the client, which also keeps what the answer changes (room.leave detaches).
  #request(method, params) {
    return this.#client.send(method, params);
  }

  #accept(event) {
    const last = this.#mirror.version;
    if (event.version <= last) return;
    if (event.version > last + 1) {
      this.#buffer.push(event);
      this.#stale = true;
      this.#catchUp().catch(() => {});
      return;
    }
    const { needsSnapshot } = this.#mirror.apply(event);
    this.#history.push(event);
    if (this.#history.length > HISTORY) this.#history.shift();
    this.emit('event', event);
    for (const stream of this.#streams) stream.push(event);
    this.emit('change', this.state);
    if (event.type === 'room_closed') this[detach]('closed');
    else if (needsSnapshot) this.refresh().catch(() => {});
  }

  // Applies what waited, in version order; a gap left starts another catch-up.
  #drain() {
    const waiting = this.#buffer.sort((a, b) => a.version - b.version);
    this.#buffer = [];
    for (const event of waiting) {
      if (this.#catchingUp || this.#detached) this.#buffer.push(event);
      else this.#accept(event);
    }
  }

  #catchUp() {
    if (this.#catchingUp) return this.#catchingUp;
    if (this.#detached) return Promise.resolve();
    // A room known only from an event so far starts from a snapshot.
    const since = this.#mirror.known ? this.#mirror.version : SNAPSHOT_SINCE;
    this.#catchingUp = this.#client
      .send('room.sync', { room: this.id, since }, {
        first: true,
        onResult: (result) => this.#caughtUp(result),
      })
      .then(
        () => undefined,
        (error) => {
          this.#catchingUp = null;
          this.#failed(error);
          throw error;
        },
      );
    return this.#catchingUp;
  }

  // In the message handler of room.sync's answer: before any later event.
  #caughtUp(result) {
    this.#catchingUp = null;
    this.#stale = false;
    if (result.snapshot) this.#replace(result.snapshot);
    else for (const event of result.events) this.#accept(event);
    this.#drain();
    this.emit('synced', { version: this.version });
    this.emit('change', this.state);
  }

  #refreshed(snapshot) {
    const last = this.#mirror.version;
    if (!this.#mirror.known || snapshot.version === last) this.#replace(snapshot);
    else if (snapshot.version > last) {
      // Events are missing: deliver them first, then take the snapshot again.
      this.#stale = true;
      this.#catchUp().then(() => this.refresh()).catch(() => {});
    }
  }

  #replace(snapshot) {
    this.#mirror.reset(snapshot);
    if (snapshot.position !== undefined) {
      // A snapshot does not say who acts (Arimaa's setups, Shiamgon's displacements): ask.
      this.#client
        .send('game.view', { room: this.id }, {
          onResult: (view) => {
            this.#mirror.setToAct(view);
            this.emit('change', this.state);
          },
        })
        .catch(() => {});
    }
    this.emit('snapshot', this.state);
    this.emit('change', this.state);
    if (!this.#catchingUp) this.#drain();
  }

  // A catch-up or a resumption failed: the room is gone, this client is not in it any more, or
  // the answer did not come (then try again while the connection lasts; a reconnect resumes).
  #failed(error) {
    if (error?.code === 'unknown_room') this[detach]('closed', error);
    else if (error?.code === 'not_in_room') this[detach]('lost', error);
    else if (this.#stale && error?.code !== 'disconnected') {
      setTimeout(() => {
        if (this.#stale && !this.#detached) this.#catchUp().catch(() => {});
      }, RETRY_MS);
    }
  }
}
