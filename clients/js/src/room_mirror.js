// A room as the client knows it: the server's snapshot (docs/protocol.md section 9), brought
// forward event by event the way the server's own fold does (section 8). `state` has the
// snapshot's shape and members, so it can be compared with a snapshot the server sends.
//
// What no event tells, and a snapshot does: the spectator count, the clocks between two
// readings (`clocks` is the last reading, taken at `clocksAt`), and in a finished room whether a
// player is still connected (docs/protocol.md 5: held "without events"). Two events leave what the
// snapshot would show unsaid: the roles of a game started before every seat was taken (the game
// names the seats for the players it has) and the identity a built-in player holds a seat under
// after `seat_taken_over`; apply() says so (`needsSnapshot`) and the room fetches a snapshot.

// The events after which the position is another (4.4): a move decided before them is stale.
const POSITION_EVENTS = new Set(['game_started', 'move', 'seat_retired', 'game_over']);
const FREE_SEAT = Object.freeze({
  player: null,
  name: '',
  connected: false,
  bot: null,
  retired: false,
});

export class RoomMirror {
  #state = null; // the snapshot, as mutable plain data
  #frozen = null; // what `state` hands out until the next change
  #me;
  #toAct = null; // null: not known (a snapshot does not carry it)
  #clocksAt = null;
  #positionVersion = 0;

  // `me`: the client's player id, to tell which seat is its own (`your_seat`).
  constructor(me) {
    this.#me = me;
  }

  get known() {
    return this.#state !== null;
  }

  get version() {
    return this.#state?.version ?? 0;
  }

  // The version of the last event that changed the position.
  get positionVersion() {
    return this.#positionVersion;
  }

  // Read-only: a frozen copy, made again after each change.
  get state() {
    if (this.#state === null) return null;
    this.#frozen ??= deepFreeze(structuredClone(this.#state));
    return this.#frozen;
  }

  get toAct() {
    return this.#toAct;
  }

  get clocksAt() {
    return this.#clocksAt;
  }

  // Replaces everything by a snapshot (room.create, room.join, room.spectate, room.sync).
  reset(snapshot) {
    this.#state = structuredClone(snapshot);
    this.#frozen = null;
    this.#toAct = null;
    this.#clocksAt = snapshot.clocks ? Date.now() : null;
    this.#positionVersion = snapshot.version;
  }

  // Who acts, from game.view, once it is known to describe the current position.
  setToAct(result) {
    if (result.version >= this.#positionVersion && result.version <= this.version) {
      this.#toAct = structuredClone(result.to_act);
    }
  }

  // Applies the event that follows the current version. Returns { needsSnapshot }.
  apply(event) {
    if (event.version !== this.version + 1) {
      throw new Error(`event ${event.version} does not follow version ${this.version}`);
    }
    let needsSnapshot = false;
    this.#changed(() => {
      needsSnapshot = this.#fold(event);
      this.#state.version = event.version;
      if (POSITION_EVENTS.has(event.type)) this.#positionVersion = event.version;
    });
    return { needsSnapshot };
  }

  // One branch per event type, as the server folds it (server/match/match.cpp). Returns whether
  // the snapshot holds something the event does not say.
  #fold(e) {
    const s = this.#state;
    const seat = s.seats[e.seat];
    switch (e.type) {
      case 'player_joined':
        Object.assign(seat, {
          player: e.player,
          name: e.name,
          connected: true,
          bot: e.bot ?? null,
          retired: false,
        });
        this.#findMySeat();
        return false;
      case 'player_left':
        Object.assign(seat, FREE_SEAT);
        if ('berserk' in seat) seat.berserk = false; // a member servers before berserk lack
        this.#findMySeat();
        return false;
      case 'player_dropped':
        seat.connected = false;
        return false;
      case 'player_returned':
        seat.connected = true;
        return false;
      case 'game_started': {
        // Starting early drops the empty seats; the seated players keep their order.
        const early = e.players.length < s.seats.length;
        if (early) {
          s.seats = s.seats.filter((x) => x.player !== null).map((x, i) => ({ ...x, seat: i }));
        }
        s.status = 'playing';
        if (e.time_control !== undefined) s.time_control = e.time_control;
        this.#takePosition(e);
        this.#findMySeat();
        return early;
      }
      case 'move':
        s.moves.push(e.move);
        delete s.draw_offers; // a move answers every offer
        this.#takePosition(e);
        return false;
      case 'seat_retired':
        seat.retired = true;
        delete s.draw_offers;
        this.#takePosition(e);
        return false;
      case 'seat_taken_over':
        seat.bot = e.bot;
        seat.connected = true; // a built-in player is always there
        return true;
      case 'draw_offered':
        s.draw_offers = [...new Set([...(s.draw_offers ?? []), e.seat])].sort((a, b) => a - b);
        return false;
      case 'draw_declined':
        delete s.draw_offers;
        return false;
      case 'time_added':
        this.#takeClocks(e);
        return false;
      case 'berserk':
        seat.berserk = true;
        this.#takeClocks(e);
        return false;
      case 'chat':
        // A hidden line (another channel, a muted writer) is only a version.
        if (!e.hidden) {
          s.chat = [
            ...(s.chat ?? []),
            { line: e.version, at: e.at, channel: e.channel, player: e.player, name: e.name, text: e.text },
          ];
        }
        return false;
      case 'chat_removed':
        s.chat = (s.chat ?? []).filter((l) => l.line !== e.line);
        return false;
      case 'game_over':
        // The position and who is to move stay as the last event left them.
        if (e.outcome) s.outcome = e.outcome;
        s.status = 'finished';
        return false;
      case 'room_closed':
        s.status = 'closed';
        return false;
      default:
        return false; // `forced`, and types of later versions: nothing a snapshot shows
    }
  }

  // The members game_started, move and seat_retired carry about the position.
  #takePosition(e) {
    const s = this.#state;
    s.to_move = e.to_move;
    s.position = e.position;
    // Events written before protocol 1.1 have no view (and no to_act): unknown until a snapshot.
    s.view = e.view ?? null;
    this.#toAct = e.to_act ?? null;
    this.#takeClocks(e);
  }

  #takeClocks(e) {
    if (e.clocks === undefined) return;
    this.#state.clocks = e.clocks;
    this.#clocksAt = e.at;
  }

  // The viewer's seat is the one its player holds, as the server decides it.
  #findMySeat() {
    const mine = this.#state.seats.findIndex((x) => x.player !== null && x.player === this.#me);
    this.#state.your_seat = mine >= 0 ? mine : null;
  }

  #changed(change) {
    change();
    this.#frozen = null;
  }
}

function deepFreeze(value) {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const member of Object.values(value)) deepFreeze(member);
  }
  return value;
}
