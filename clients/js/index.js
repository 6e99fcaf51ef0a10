// boardroom-client: a client for the boardroom game server (docs/protocol.md), for browsers and
// Node. No dependencies; the WebSocket is the runtime's own or one passed to the Client.

export { Client, PROTOCOL_VERSION } from './src/client.js';
export { Room } from './src/room.js';
export {
  BoardroomError,
  CONNECTION_ERROR_CODES,
  ConnectionError,
  ServerError,
} from './src/errors.js';
export { SERVER_DEFAULT_LIMITS } from './src/rate_limit.js';
