// Preloaded (node --import) into a program a test runs: the tests' WebSocket as the global one,
// which is where the program looks for it.
import { WebSocketImpl } from './websocket.js';

globalThis.WebSocket = WebSocketImpl;
