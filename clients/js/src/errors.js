// The errors a request can end with. Applications switch on `code`: a ServerError carries the
// server's stable code (error.data.code, see docs/protocol.md section 3), a ConnectionError one
// of the client's own, which the server never sends.

export class BoardroomError extends Error {
  constructor(code, message, options = {}) {
    super(message, options.cause ? { cause: options.cause } : undefined);
    this.name = 'BoardroomError';
    this.code = code;
    this.method = options.method ?? null;
  }
}

// The server refused the request; nothing of it was carried out unless the code says otherwise.
export class ServerError extends BoardroomError {
  constructor(error, method) {
    const data = error?.data ?? {};
    super(data.code ?? 'unknown_error', error?.message ?? 'the server refused the request', {
      method,
    });
    this.name = 'ServerError';
    this.rpcCode = error?.code ?? null; // JSON-RPC's: -32700, -32600, -32601, -32602, -32000
    this.field = data.field ?? null;
    this.url = data.url ?? null; // room_elsewhere, desk_elsewhere: the cluster node to ask
  }
}

// What the client says when no answer came: `timeout` (none within the request's time),
// `disconnected` (the connection was lost first: whether a change happened is told by the room's
// events after the automatic resync), `closed` (the client was closed, or gave up reconnecting).
export const CONNECTION_ERROR_CODES = Object.freeze(['timeout', 'disconnected', 'closed']);

export class ConnectionError extends BoardroomError {
  constructor(code, message, options = {}) {
    super(code, message, options);
    this.name = 'ConnectionError';
  }
}
