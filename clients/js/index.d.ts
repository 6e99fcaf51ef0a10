// Types of boardroom-client. What goes to and comes from the server keeps the protocol's names
// (docs/protocol.md; the JSON Schemas in protocol/schema/); test/types.test.js checks that every
// method and error code of the schemas is here.

// ---------------------------------------------------------------------------------------------
// Errors

/** The server's stable codes (error.data.code), docs/protocol.md section 3. */
export type ErrorCode =
  | 'parse_error'
  | 'invalid_request'
  | 'method_not_found'
  | 'missing_field'
  | 'wrong_type'
  | 'out_of_range'
  | 'unknown_field'
  | 'bad_name'
  | 'bad_note'
  | 'rate_limited'
  | 'hello_required'
  | 'already_hello'
  | 'unsupported_version'
  | 'unknown_game'
  | 'bad_parameter'
  | 'bad_seats'
  | 'bad_seat'
  | 'too_many_rooms'
  | 'room_rate'
  | 'identity_rate'
  | 'name_taken'
  | 'bad_credentials'
  | 'bad_password'
  | 'already_registered'
  | 'password_rate'
  | 'account_required'
  | 'unknown_room'
  | 'room_elsewhere'
  | 'room_moving'
  | 'desk_elsewhere'
  | 'cluster_unavailable'
  | 'bad_invite_code'
  | 'already_seated'
  | 'game_started'
  | 'seat_taken'
  | 'room_full'
  | 'not_in_room'
  | 'not_creator'
  | 'not_enough_players'
  | 'not_your_seat'
  | 'game_not_started'
  | 'game_over'
  | 'not_your_turn'
  | 'unknown_bot'
  | 'analysis_not_allowed'
  | 'no_analysis'
  | 'no_table'
  | 'no_steps'
  | 'stale_version'
  | 'illegal_move'
  | 'bad_notation'
  | 'storage_failed'
  | 'bad_time_control'
  | 'bad_vacated_seats'
  | 'draws_not_allowed'
  | 'berserk_not_allowed'
  | 'already_berserk'
  | 'berserk_too_late'
  | 'bad_text'
  | 'chat_too_fast'
  | 'unknown_chat_line'
  | 'no_draw_offer'
  | 'game_not_over'
  | 'rematch_unavailable'
  | 'not_admin'
  | 'bad_ranks'
  | 'not_timed'
  | 'unknown_tournament'
  | 'bad_system'
  | 'not_director'
  | 'entry_closed'
  | 'already_entered'
  | 'not_entered'
  | 'tournament_full'
  | 'rating_out_of_range'
  | 'too_many_tournaments'
  | 'bad_pairing'
  | 'round_in_progress'
  | 'tournament_over'
  | 'tournament_not_running'
  | 'bad_start_time'
  | 'bad_result'
  | 'unknown_seek'
  | 'too_many_seeks'
  | 'unknown_challenge'
  | 'unknown_player'
  | 'too_many_challenges';

/** The client's own: no answer in time, the connection lost first, the client closed. */
export type ConnectionErrorCode = 'timeout' | 'disconnected' | 'closed';

export class BoardroomError extends Error {
  readonly code: ErrorCode | ConnectionErrorCode;
  /** The request's method, when the error ends a request. */
  readonly method: Method | null;
}

/** The server refused the request. */
export class ServerError extends BoardroomError {
  readonly code: ErrorCode;
  /** The JSON-RPC error code. */
  readonly rpcCode: -32700 | -32600 | -32601 | -32602 | -32000;
  /** The offending request field or game parameter, when there is one. */
  readonly field: string | null;
  /** `room_elsewhere`, `desk_elsewhere`: the WebSocket URL of the cluster node to ask instead. */
  readonly url: string | null;
}

export class ConnectionError extends BoardroomError {
  readonly code: ConnectionErrorCode;
}

export const CONNECTION_ERROR_CODES: readonly ConnectionErrorCode[];

// ---------------------------------------------------------------------------------------------
// Shared shapes (docs/protocol.md section 9)

export type RoomId = string;
export type PlayerId = string;
export type TournamentId = string;
export type SeatIndex = number;
/** The number of room events so far. */
export type Version = number;
/** Milliseconds since the Unix epoch. */
export type UnixMs = number;
export type ParamValue = number | boolean | string;
export type RoomStatus = 'waiting' | 'playing' | 'finished' | 'closed';

export interface Limits {
  max_frame_bytes: number;
  requests_per_second: number;
  request_burst: number;
  idle_timeout_ms: number;
  reconnect_grace_ms: number;
  rooms_per_identity: number;
}

export interface Seat {
  seat: SeatIndex;
  role: string;
  player: PlayerId | null;
  name: string;
  connected: boolean;
  bot: string | null;
  retired: boolean;
  /** The seat went berserk (game.berserk); absent from servers before berserk. */
  berserk?: boolean;
  /** A program plays the seat's account (a bot account). */
  bot_account?: boolean;
}

export interface Outcome {
  ranks: number[];
  scores: number[];
  winners: SeatIndex[];
  reason: string;
  description: string;
}

export interface Clocks {
  running: SeatIndex | null;
  remaining_ms: number[];
  reserve_ms?: number[];
  game_ms?: number;
  /** Per seat: went berserk (no increment); present once a seat has. */
  berserk?: boolean[];
}

export interface ToAct {
  seat: SeatIndex;
  decision: 'move' | 'setup' | 'displacement';
}

/** A room as one viewer sees it. `view` is game-specific. */
export interface Snapshot {
  room: RoomId;
  version: Version;
  game: string;
  spec: string;
  params: Record<string, ParamValue>;
  status: RoomStatus;
  public: boolean;
  creator: PlayerId;
  invite_code?: string;
  seats: Seat[];
  spectators: number;
  your_seat: SeatIndex | null;
  moves: string[];
  to_move?: SeatIndex | null;
  /** Who must decide now (empty once the game is over). */
  to_act?: ToAct[];
  position?: string;
  view?: Record<string, unknown> | null;
  outcome: Outcome | null;
  practice: boolean;
  time_control?: string;
  vacated_seats?: 'bot' | 'retire';
  rated?: boolean;
  /** Players may go berserk (game.berserk). */
  berserk?: boolean;
  clocks?: Clocks;
  draw_offers?: SeatIndex[];
  /** The last chat lines the viewer may read, oldest first. */
  chat?: ChatLine[];
}

export interface ChatLine {
  /** The chat event's version. */
  line: Version;
  at: UnixMs;
  channel: 'players' | 'spectators';
  player: PlayerId;
  name: string;
  text: string;
}

export interface RoomSummary {
  room: RoomId;
  game: string;
  spec: string;
  status: RoomStatus;
  seats: number;
  seats_taken: number;
  time_control: string;
  rated: boolean;
  players: { seat: SeatIndex; name: string }[];
  spectators: number;
  created_at: UnixMs;
}

export interface ParamSpec {
  name: string;
  type: 'integer' | 'boolean' | 'choice';
  default: ParamValue;
  description: string;
  min?: number;
  max?: number;
  choices?: ParamValue[];
  players_by_choice?: Record<string, number[]>;
}

export interface GameInfo {
  key: string;
  name: string;
  min_players: number;
  max_players: number;
  player_names: string[];
  draw_offers: boolean;
  params: ParamSpec[];
  bots: { name: string; description: string }[];
}

// ---------------------------------------------------------------------------------------------
// Room events (docs/protocol.md section 8)

interface EventBase {
  room: RoomId;
  version: Version;
  at: UnixMs;
}
/** What game_started, move and seat_retired say about the position (to_act, view: since 1.1). */
interface PositionChange {
  to_move: SeatIndex | null;
  position: string;
  clocks?: Clocks;
  to_act?: ToAct[];
  view?: Record<string, unknown>;
}

export interface PlayerJoinedEvent extends EventBase {
  type: 'player_joined';
  seat: SeatIndex;
  player: PlayerId;
  name: string;
  bot?: string;
}
export interface PlayerLeftEvent extends EventBase {
  type: 'player_left';
  seat: SeatIndex;
  player: PlayerId;
  name: string;
  reason?: 'timeout';
}
export interface PlayerDroppedEvent extends EventBase {
  type: 'player_dropped';
  seat: SeatIndex;
  player: PlayerId;
  grace_ms: number;
}
export interface PlayerReturnedEvent extends EventBase {
  type: 'player_returned';
  seat: SeatIndex;
  player: PlayerId;
}
export interface GameStartedEvent extends EventBase, PositionChange {
  type: 'game_started';
  players: { player: PlayerId; name: string }[];
  time_control?: string;
  source?: Record<string, unknown>;
}
export interface MoveEvent extends EventBase, PositionChange {
  type: 'move';
  seat: SeatIndex;
  ply: number;
  move: string;
}
export interface GameOverEvent extends EventBase {
  type: 'game_over';
  outcome: Outcome | null;
  error?: string;
}
export interface RoomClosedEvent extends EventBase {
  type: 'room_closed';
}
export interface DrawEvent extends EventBase {
  type: 'draw_offered' | 'draw_declined';
  seat: SeatIndex;
}
export interface ForcedEvent extends EventBase {
  type: 'forced';
  kind: 'pass' | 'elimination';
  seat: SeatIndex;
  description: string;
}
export interface SeatTakenOverEvent extends EventBase {
  type: 'seat_taken_over';
  seat: SeatIndex;
  player: PlayerId;
  bot: string;
  reason: 'abandonment' | 'timeout' | 'resignation' | 'left';
}
export interface SeatRetiredEvent extends EventBase, PositionChange {
  type: 'seat_retired';
  seat: SeatIndex;
  player: PlayerId;
  reason: 'resignation' | 'left' | 'abandonment' | 'timeout';
}
export interface TimeAddedEvent extends EventBase {
  type: 'time_added';
  seat: SeatIndex;
  added_ms: number;
  clocks: Clocks;
}
export interface BerserkEvent extends EventBase {
  type: 'berserk';
  seat: SeatIndex;
  clocks: Clocks;
}
/** Whole to those whose channel it is; `hidden` (no player, name, text) to the others. */
export interface ChatEvent extends EventBase {
  type: 'chat';
  channel: 'players' | 'spectators';
  player?: PlayerId;
  name?: string;
  text?: string;
  hidden?: true;
}
export interface ChatRemovedEvent extends EventBase {
  type: 'chat_removed';
  line: Version;
}

export type RoomEvent =
  | PlayerJoinedEvent
  | PlayerLeftEvent
  | PlayerDroppedEvent
  | PlayerReturnedEvent
  | GameStartedEvent
  | MoveEvent
  | GameOverEvent
  | RoomClosedEvent
  | DrawEvent
  | TimeAddedEvent
  | BerserkEvent
  | ChatEvent
  | ChatRemovedEvent
  | SeatTakenOverEvent
  | SeatRetiredEvent
  | ForcedEvent;
export type RoomEventType = RoomEvent['type'];

// ---------------------------------------------------------------------------------------------
// Tournaments (docs/protocol.md section 12)

export interface TournamentSummary {
  tournament: TournamentId;
  name: string;
  creator: PlayerId;
  game: string;
  spec: string;
  table_size: number;
  time_control: string;
  system: 'round_robin' | 'swiss' | 'knockout' | 'tables' | 'arena';
  rounds: number;
  fixed_schedule?: boolean;
  manual_pairing?: boolean;
  duration_ms?: number;
  accelerated?: boolean;
  berserk?: boolean;
  starts_at_ms?: UnixMs;
  rated: boolean;
  is_public: boolean;
  min_rating?: number;
  max_rating?: number;
  max_players: number;
  no_show_ms: number;
  created_ms: UnixMs;
  status: 'entry' | 'running' | 'finished' | 'cancelled';
  players: number;
  round: number;
  planned_rounds: number;
}

export interface EntrantRef {
  player: string;
  name: string;
}

export interface TournamentRound {
  tournament: TournamentId;
  round: number;
  tables: {
    board: number;
    room?: RoomId;
    seats: EntrantRef[];
    result?: {
      ranks: number[];
      points: number[];
      reason: string;
      forfeited: boolean[];
      moves?: number;
      berserk?: boolean[];
    };
  }[];
  byes: { player: string; name: string; kind: 'pairing' | 'half' | 'zero'; points: number }[];
}

export interface TournamentResult {
  tournament: TournamentId;
  round: number;
  board: number;
  ranks: number[];
  reason: string;
  forfeited: boolean[];
  /** Moves played, every seat's; absent when a director set the result. */
  moves?: number;
  /** Per seat: went berserk; absent when nobody did. */
  berserk?: boolean[];
}

export interface StandingRow {
  place: number;
  player: string;
  name: string;
  rating: number;
  points: number;
  tiebreaks: Record<string, number>;
  withdrawn?: boolean;
  bot?: string;
  on_fire?: boolean;
  berserk_wins?: number;
}

export interface TournamentStandings {
  tournament: TournamentId;
  round: number;
  final: boolean;
  standings: StandingRow[];
}

export interface TournamentDetails {
  summary: TournamentSummary;
  entrants: {
    player: string;
    name: string;
    rating: number;
    withdrawn?: boolean;
    bot?: string;
    first_round?: number;
  }[];
  rounds: TournamentRound[];
  standings: StandingRow[];
}

export interface TournamentUpdate {
  tournament: TournamentId;
  change:
    | 'entered'
    | 'withdrew'
    | 'started'
    | 'finished'
    | 'cancelled'
    | 'pairing_failed'
    | 'pairing_due'
    | 'result_needed';
  player?: string;
  name?: string;
  reason?: string;
  round?: number;
  board?: number;
}

// ---------------------------------------------------------------------------------------------
// Requests: every method with its params and its result (docs/protocol.md sections 7 and 12)

export interface RoomOnly {
  room: RoomId;
}
export interface TournamentOnly {
  tournament: TournamentId;
}
export interface DirectorParams extends TournamentOnly {
  /** The admin token: an administrator directs every tournament. */
  token?: string;
}
export interface RoomVersion {
  room: RoomId;
  version: Version;
}
export interface RoomSnapshotResult {
  room: RoomId;
  snapshot: Snapshot;
}
export interface LobbyListResult {
  rooms: RoomSummary[];
  tournaments?: TournamentSummary[];
  seeks?: SeekSummary[];
}

// ---------------------------------------------------------------------------------------------
// Finding an opponent: seeks, challenges (docs/protocol.md section 13)

export type SeekId = string;
export type ChallengeId = string;
export interface SeekSummary {
  seek: SeekId;
  game: string;
  spec: string;
  time_control: string;
  rated: boolean;
  player: PlayerId;
  name: string;
  bot_account: boolean;
  rating: number;
  min_players: number;
  max_players: number;
  created_at: number;
}
export interface SeekCreateParams {
  game: string;
  params?: Record<string, ParamValue>;
  time_control?: string;
  rated?: boolean;
  max_gap?: number;
  min_players?: number;
  max_players?: number;
  /** A built-in bot to play when nobody is paired in time (casual only). */
  bot?: string;
}
export interface ChallengeCreateParams {
  /** A connected player's id or name, or bot:NAME for a built-in bot. */
  to: string;
  game: string;
  params?: Record<string, ParamValue>;
  time_control?: string;
  rated?: boolean;
  seat?: 0 | 1;
  expires_in_ms?: number;
}
export interface PairedPlayer {
  seat?: SeatIndex;
  player: PlayerId | null;
  name: string;
  bot?: string | null;
  bot_account: boolean;
}
/** A room was opened with you seated; its events follow on this connection. */
export interface GameAssigned {
  room: RoomId;
  seat: SeatIndex;
  game: string;
  spec: string;
  time_control: string;
  rated: boolean;
  via: 'seek' | 'challenge' | 'rematch';
  seek?: SeekId;
  challenge?: ChallengeId;
  /** via rematch: the room whose game this one follows. */
  rematch?: RoomId;
  players: PairedPlayer[];
}
/** room.rematch's answer: the new room once every player asked, else who is still to ask. */
export interface RoomRematchResult {
  room: RoomId;
  rematch: RoomId | null;
  /** With `rematch`: your seat there. */
  seat?: SeatIndex;
  waiting_for: SeatIndex[];
}
export interface RematchAsked {
  room: RoomId;
  seat: SeatIndex;
  name: string;
  waiting_for: SeatIndex[];
}
export interface ChallengeReceived {
  challenge: ChallengeId;
  from: PairedPlayer;
  game: string;
  spec: string;
  time_control: string;
  rated: boolean;
  /** The seat you would play; null: drawn when you accept. */
  seat: SeatIndex | null;
  expires_at_ms: number;
}
export interface ChallengeEnded {
  challenge: ChallengeId;
  reason?: string;
}

export interface HelloParams {
  protocol: 1;
  name: string;
  resume_token?: string;
  password?: string;
  /** The event of one's own move in the answer to game.move, and not as a notification. */
  move_event_in_result?: boolean;
}
export interface HelloResult {
  protocol: 1;
  server: 'boardroom';
  player: PlayerId;
  name: string;
  resume_token: string;
  resumed: boolean;
  account?: boolean;
  bot_account?: boolean;
  rooms: RoomId[];
  limits: Limits;
}

export interface RoomCreateParams {
  game: string;
  params?: Record<string, ParamValue>;
  seats?: number;
  public?: boolean;
  seat?: number;
  auto_start?: boolean;
  bots?: { seat: SeatIndex; bot: string }[];
  practice?: boolean;
  time_control?: string;
  vacated_seats?: 'bot' | 'retire';
  rated?: boolean;
  berserk?: boolean;
}
export interface RoomJoinParams {
  room: RoomId;
  seat?: SeatIndex;
  invite_code?: string;
}
export interface RoomSpectateParams {
  room: RoomId;
  invite_code?: string;
}
export interface RoomSyncParams {
  room: RoomId;
  since: Version;
}
export type RoomSyncResult =
  | { room: RoomId; version: Version; events: RoomEvent[] }
  | { room: RoomId; version: Version; snapshot: Snapshot };
export interface GameMoveParams {
  room: RoomId;
  move: string;
  version?: Version;
}
export interface GameLegalMovesParams {
  room: RoomId;
  offset?: number;
  limit?: number;
  after?: string;
  sample?: number;
}
export interface GameLegalMovesResult {
  room: RoomId;
  version: Version;
  to_move: SeatIndex;
  to_act?: ToAct[];
  moves: string[];
  complete: boolean;
  offset?: number;
  total?: number;
  sampled?: true;
  after?: string;
  can_end?: boolean;
}
export interface GameViewResult {
  room: RoomId;
  version: Version;
  to_act: ToAct[];
  position: string;
  view: Record<string, unknown>;
}
export interface AdminParams {
  room: RoomId;
  token: string;
  note?: string;
}

export interface TournamentCreateParams {
  name: string;
  game: string;
  system: TournamentSummary['system'];
  params?: Record<string, ParamValue>;
  table_size?: number;
  rounds?: number;
  time_control?: string;
  fixed_schedule?: boolean;
  manual_pairing?: boolean;
  accelerated?: boolean;
  berserk?: boolean;
  duration_seconds?: number;
  starts_at_ms?: UnixMs;
  rated?: boolean;
  public?: boolean;
  min_rating?: number;
  max_rating?: number;
  max_players?: number;
  no_show_seconds?: number;
}

export interface Methods {
  'hello': { params: HelloParams; result: HelloResult };
  'account.register': {
    params: { password: string; bot?: boolean };
    result: { player: PlayerId; name: string; account: true; bot_account?: boolean };
  };
  'lobby.games': { params: Record<string, never> | undefined; result: { games: GameInfo[] } };
  'lobby.list': { params: { game?: string } | undefined; result: LobbyListResult };
  'lobby.subscribe': { params: { game?: string } | undefined; result: LobbyListResult };
  'lobby.unsubscribe': {
    params: Record<string, never> | undefined;
    result: { subscribed: false };
  };
  'room.create': {
    params: RoomCreateParams;
    result: { room: RoomId; snapshot: Snapshot; invite_code?: string };
  };
  'room.join': { params: RoomJoinParams; result: RoomSnapshotResult };
  'room.spectate': { params: RoomSpectateParams; result: RoomSnapshotResult };
  'room.leave': { params: RoomOnly; result: { room: RoomId; left: true } };
  'room.start': { params: RoomOnly; result: RoomVersion };
  'room.rematch': { params: RoomOnly; result: RoomRematchResult };
  'room.sync': { params: RoomSyncParams; result: RoomSyncResult };
  'game.move': {
    params: GameMoveParams;
    /** `event`: the move's event (the client asks for it at hello and applies it to the room). */
    result: { room: RoomId; move: string; version: Version; event?: MoveEvent };
  };
  'game.resign': { params: RoomOnly; result: RoomVersion };
  'game.legal_moves': { params: GameLegalMovesParams; result: GameLegalMovesResult };
  'game.view': { params: RoomOnly; result: GameViewResult };
  'game.analyze': {
    params: RoomOnly;
    result: { room: RoomId; version: Version; analysis: Record<string, unknown> };
  };
  'game.offer_draw': { params: RoomOnly; result: RoomVersion };
  'game.decline_draw': { params: RoomOnly; result: RoomVersion };
  'game.berserk': { params: RoomOnly; result: RoomVersion };
  'chat.send': { params: { room: RoomId; text: string }; result: { room: RoomId; line: Version } };
  'chat.mute': {
    params: { player: PlayerId; muted?: boolean };
    result: { player: PlayerId; muted: boolean };
  };
  'admin.remove_chat': { params: { room: RoomId; token: string; line: Version }; result: RoomVersion };
  'admin.abort': { params: AdminParams; result: RoomVersion };
  'admin.adjudicate': { params: AdminParams & { ranks: number[] }; result: RoomVersion };
  'admin.add_time': {
    params: { room: RoomId; token: string; seat: SeatIndex; seconds: number };
    result: RoomVersion;
  };
  'tournament.create': {
    params: TournamentCreateParams;
    result: { tournament: TournamentId; summary: TournamentSummary; invite_code?: string };
  };
  'tournament.list': {
    params: Record<string, never> | undefined;
    result: { tournaments: TournamentSummary[] };
  };
  'tournament.get': { params: TournamentOnly; result: TournamentDetails };
  'tournament.watch': { params: TournamentOnly; result: TournamentDetails };
  'tournament.unwatch': { params: TournamentOnly; result: Record<string, never> };
  'tournament.join': {
    params: TournamentOnly & { invite_code?: string };
    result: TournamentSummary;
  };
  'tournament.withdraw': { params: TournamentOnly; result: TournamentSummary };
  'tournament.start': { params: DirectorParams; result: TournamentSummary };
  'tournament.cancel': { params: DirectorParams; result: TournamentSummary };
  'tournament.pair': {
    params: DirectorParams & { tables: string[][]; byes?: string[] };
    result: TournamentRound;
  };
  'tournament.set_result': {
    params: DirectorParams & { round: number; board: number; ranks: number[] };
    result: TournamentRound;
  };
  'tournament.add_player': {
    params: DirectorParams & { player?: string; bot?: string };
    result: { player: string; summary: TournamentSummary };
  };
  'tournament.remove_player': {
    params: DirectorParams & { player: string };
    result: TournamentSummary;
  };
  'seek.create': { params: SeekCreateParams; result: { seek: SeekId; summary: SeekSummary } };
  'seek.cancel': { params: { seek: SeekId }; result: { seek: SeekId; cancelled: true } };
  'seek.list': { params: { game?: string } | undefined; result: { seeks: SeekSummary[] } };
  'challenge.create': {
    params: ChallengeCreateParams;
    result: {
      challenge: ChallengeId;
      accepted: boolean;
      expires_at_ms?: number;
      room?: RoomId;
      seat?: SeatIndex;
    };
  };
  'challenge.accept': {
    params: { challenge: ChallengeId };
    result: { challenge: ChallengeId; room: RoomId; seat: SeatIndex };
  };
  'challenge.decline': {
    params: { challenge: ChallengeId; reason?: string };
    result: { challenge: ChallengeId; declined: true };
  };
  'challenge.cancel': {
    params: { challenge: ChallengeId };
    result: { challenge: ChallengeId; cancelled: true };
  };
}
export type Method = keyof Methods;
export type Params<M extends Method> = Methods[M]['params'];
export type Result<M extends Method> = Methods[M]['result'];

/** What the server sends without being asked, by method. */
export interface Notifications {
  'room.event': RoomEvent;
  'lobby.update': { change: 'opened' | 'updated' | 'closed'; room: RoomSummary };
  'lobby.tournament': { change: 'opened' | 'updated' | 'closed'; tournament: TournamentSummary };
  'tournament.update': TournamentUpdate;
  'tournament.pairings': TournamentRound;
  'tournament.result': TournamentResult;
  'tournament.standings': TournamentStandings;
  'lobby.seek': { change: 'added' | 'removed'; seek: SeekSummary };
  'game.assigned': GameAssigned;
  'game.unassigned': { via: 'seek' | 'challenge'; reason: string };
  'challenge.received': ChallengeReceived;
  'challenge.declined': ChallengeEnded;
  'challenge.cancelled': ChallengeEnded;
  'challenge.expired': ChallengeEnded;
  'room.rematch_asked': RematchAsked;
  'room.rematched': { room: RoomId; rematch: RoomId };
  'room.rematch_called_off': { room: RoomId; reason: string };
}

// ---------------------------------------------------------------------------------------------
// The client

export const PROTOCOL_VERSION: 1;
export const SERVER_DEFAULT_LIMITS: Readonly<{ requestsPerSecond: number; requestBurst: number }>;

/** The browser's WebSocket interface, which is all the client uses. */
export interface WebSocketLike {
  readonly readyState: number;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: { code: number; reason: string }) => void) | null;
  onerror: ((event: unknown) => void) | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}

export interface ClientOptions {
  /** ws://HOST:PORT/ws or wss://HOST:PORT/ws */
  url: string;
  name: string;
  /** Logs in to the account `name` (docs/protocol.md, accounts); used once, then the token. */
  password?: string;
  /** Resumes an identity from an earlier session. */
  resumeToken?: string;
  /** Default: globalThis.WebSocket. */
  WebSocket?: new (url: string) => WebSocketLike;
  /** For each request, from the moment it is sent. Default 15000. */
  requestTimeoutMs?: number;
  /** For opening a connection. Default 10000. */
  connectTimeoutMs?: number;
  reconnect?: {
    /** Default 250. */
    initialDelayMs?: number;
    /** Default 10000. */
    maxDelayMs?: number;
    /** Default 2. */
    factor?: number;
    /** Default Infinity: never give up. */
    maxAttempts?: number;
  };
  /**
   * The rate the client keeps to. Default: the server's defaults until hello, then the limits
   * the server announces; `headroom` (default 0.05) is the share of both kept in reserve.
   */
  rateLimit?: { requestsPerSecond?: number; requestBurst?: number; headroom?: number };
  /** How often a request refused with rate_limited is sent again. Default 5. */
  rateLimitedRetries?: number;
}

export interface RequestOptions {
  timeoutMs?: number;
}

export type ClientState = 'idle' | 'connecting' | 'open' | 'reconnecting' | 'closed';

type SubscriptionMethod = 'lobby.subscribe' | 'tournament.watch';

export interface ClientEvents {
  connected: { hello: HelloResult; reconnected: boolean };
  disconnected: { code: number; reason: string };
  reconnecting: { attempt: number; delayMs: number };
  closed: { error: BoardroomError };
  error: Error;
  /** A room the client is in from now on (created, joined, watched, or found through hello). */
  room: Room;
  /** A subscription asked again on a new connection, with its fresh answer. */
  resubscribed: {
    [M in SubscriptionMethod]: { method: M; params: Params<M>; result: Result<M> };
  }[SubscriptionMethod];
  'lobby.update': Notifications['lobby.update'];
  'lobby.tournament': Notifications['lobby.tournament'];
  'tournament.update': TournamentUpdate;
  'tournament.pairings': TournamentRound;
  'tournament.result': TournamentResult;
  'tournament.standings': TournamentStandings;
  'lobby.seek': Notifications['lobby.seek'];
  'game.assigned': GameAssigned;
  'game.unassigned': Notifications['game.unassigned'];
  'challenge.received': ChallengeReceived;
  'challenge.declined': ChallengeEnded;
  'challenge.cancelled': ChallengeEnded;
  'challenge.expired': ChallengeEnded;
  'room.rematch_asked': RematchAsked;
  'room.rematched': { room: RoomId; rematch: RoomId };
  'room.rematch_called_off': { room: RoomId; reason: string };
}

interface Listening<Events> {
  /** Returns a function that removes the listener. */
  on<E extends keyof Events>(name: E, listener: (value: Events[E]) => void): () => void;
  once<E extends keyof Events>(name: E, listener: (value: Events[E]) => void): () => void;
  off<E extends keyof Events>(name: E, listener: (value: Events[E]) => void): void;
}

export interface Client extends Listening<ClientEvents> {}
export class Client {
  constructor(options: ClientOptions);
  readonly url: string;
  readonly state: ClientState;
  readonly hello: HelloResult | null;
  readonly player: PlayerId | null;
  /** Secret: whoever has it can play this identity's seats. */
  readonly resumeToken: string | null;
  readonly rooms: Room[];
  room(id: RoomId): Room | null;
  /** Resolves once the hello is answered and the rooms it lists are mirrored. */
  connect(): Promise<HelloResult>;
  close(): void;
  request<M extends Exclude<Method, 'hello'>>(
    method: M,
    params?: Params<M>,
    options?: RequestOptions,
  ): Promise<Result<M>>;
  createRoom(params: RoomCreateParams, options?: RequestOptions): Promise<Room>;
  joinRoom(params: RoomJoinParams, options?: RequestOptions): Promise<Room>;
  spectateRoom(params: RoomSpectateParams, options?: RequestOptions): Promise<Room>;
  listGames(options?: RequestOptions): Promise<Result<'lobby.games'>>;
  mute(player: PlayerId, muted?: boolean, options?: RequestOptions): Promise<Result<'chat.mute'>>;
  listRooms(params?: Params<'lobby.list'>, options?: RequestOptions): Promise<LobbyListResult>;
  subscribeLobby(
    params?: Params<'lobby.subscribe'>,
    options?: RequestOptions,
  ): Promise<LobbyListResult>;
  unsubscribeLobby(options?: RequestOptions): Promise<Result<'lobby.unsubscribe'>>;
  notifications<N extends Exclude<keyof Notifications, 'room.event'>>(
    method: N,
  ): AsyncIterableIterator<Notifications[N]>;
}

export type DeepReadonly<T> = T extends (infer U)[]
  ? readonly DeepReadonly<U>[]
  : T extends object
    ? { readonly [K in keyof T]: DeepReadonly<T[K]> }
    : T;

export interface RoomEvents {
  /** Each room event, once, in version order, after the mirror applied it. */
  event: RoomEvent;
  /** The mirror was replaced by a snapshot (events between were not handed on). */
  snapshot: DeepReadonly<Snapshot>;
  /** A catch-up (room.sync) finished. */
  synced: { version: Version };
  /** After every change of the mirror: an event, a snapshot, a catch-up. */
  change: DeepReadonly<Snapshot>;
  detached: RoomDetached;
}

export interface RoomDetached {
  reason: 'left' | 'rematched' | 'closed' | 'lost' | 'client_closed';
  error: BoardroomError | null;
}

export interface Room extends Listening<RoomEvents> {}
export class Room {
  readonly id: RoomId;
  /** The mirror, shaped as the server's snapshot; null until the first snapshot arrives. */
  readonly state: DeepReadonly<Snapshot> | null;
  readonly version: Version;
  /** Who may act, from the last event that changed the position; null until known. */
  readonly toAct: readonly ToAct[] | null;
  /** When state.clocks was read (ms since the epoch). */
  readonly clocksAt: UnixMs | null;
  readonly mySeat: SeatIndex | null;
  readonly isMyTurn: boolean;
  readonly detached: RoomDetached | null;
  events(options?: { since?: Version }): AsyncIterableIterator<RoomEvent>;
  move(move: string, options?: { version?: Version }): Promise<Result<'game.move'>>;
  legalMoves(params?: Omit<GameLegalMovesParams, 'room'>): Promise<GameLegalMovesResult>;
  view(): Promise<GameViewResult>;
  analyze(): Promise<Result<'game.analyze'>>;
  start(): Promise<RoomVersion>;
  resign(): Promise<RoomVersion>;
  offerDraw(): Promise<RoomVersion>;
  declineDraw(): Promise<RoomVersion>;
  berserk(): Promise<RoomVersion>;
  /** Once the game is over: another with the same players, the seats turned by one. */
  rematch(): Promise<RoomRematchResult>;
  say(text: string): Promise<Result<'chat.send'>>;
  leave(): Promise<Result<'room.leave'>>;
  /** Resolves once every event the server had is applied. */
  sync(): Promise<void>;
  /** A fresh snapshot (spectators, clocks) without skipping events. */
  refresh(): Promise<DeepReadonly<Snapshot>>;
}
