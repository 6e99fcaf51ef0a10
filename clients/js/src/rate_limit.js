// Pacing requests so that the server's rate limit is never reached. The server keeps a token
// bucket per connection (docs/protocol.md 6.1: 50 requests a second, bursts of 200, every frame
// costs a token, a refused frame is not executed, 100 refusals in a second close the connection);
// the client keeps the same bucket on its side and sends a request only when it holds a token.
// Frames sent evenly can still arrive bunched (network, a busy server), so the client keeps a
// `headroom` fraction of the burst and the rate in reserve.

export const SERVER_DEFAULT_LIMITS = Object.freeze({ requestsPerSecond: 50, requestBurst: 200 });

const now = () => globalThis.performance.now();

export class TokenBucket {
  #rate = 0; // tokens per millisecond
  #capacity = 0;
  #tokens = 0;
  #updated = now();
  #headroom;

  constructor(limits = SERVER_DEFAULT_LIMITS, { headroom = 0.05 } = {}) {
    this.#headroom = headroom;
    this.configure(limits);
    this.refill();
  }

  configure({ requestsPerSecond, requestBurst }) {
    this.#settle();
    const keep = 1 - this.#headroom;
    this.#rate = (requestsPerSecond * keep) / 1000;
    this.#capacity = Math.max(1, Math.floor(requestBurst * keep));
    this.#tokens = Math.min(this.#tokens, this.#capacity);
  }

  // A new connection starts with a full bucket on the server.
  refill() {
    this.#tokens = this.#capacity;
    this.#updated = now();
  }

  // The server answered rate_limited: its bucket is empty, whatever ours says.
  drain() {
    this.#tokens = 0;
    this.#updated = now();
  }

  tryTake() {
    this.#settle();
    if (this.#tokens < 1) return false;
    this.#tokens -= 1;
    return true;
  }

  // Milliseconds until a token is there (0: now).
  waitMs() {
    this.#settle();
    if (this.#tokens >= 1) return 0;
    if (this.#rate <= 0) return Infinity;
    return Math.ceil((1 - this.#tokens) / this.#rate);
  }

  #settle() {
    const t = now();
    this.#tokens = Math.min(this.#capacity, this.#tokens + (t - this.#updated) * this.#rate);
    this.#updated = t;
  }
}

// Requests waiting for a token, in order; `first` puts one ahead of the others (the client's own
// catch-up requests after a reconnect, a request to retry). Sends only while started: between a
// connection's hello and its end.
export class RequestQueue {
  #items = [];
  #bucket;
  #send;
  #running = false;
  #timer = null;

  constructor(bucket, send) {
    this.#bucket = bucket;
    this.#send = send;
  }

  get length() {
    return this.#items.length;
  }

  add(item, { first = false } = {}) {
    if (first) this.#items.unshift(item);
    else this.#items.push(item);
    this.#pump();
  }

  start() {
    this.#running = true;
    this.#pump();
  }

  stop() {
    this.#running = false;
    this.#clearTimer();
  }

  // Empties the queue (the client is closing) and hands back what was waiting.
  takeAll() {
    this.#clearTimer();
    return this.#items.splice(0);
  }

  #pump() {
    while (this.#running && this.#items.length > 0) {
      if (!this.#bucket.tryTake()) {
        this.#schedule(this.#bucket.waitMs());
        return;
      }
      this.#send(this.#items.shift());
    }
  }

  #schedule(ms) {
    if (this.#timer !== null || !Number.isFinite(ms)) return;
    this.#timer = setTimeout(() => {
      this.#timer = null;
      this.#pump();
    }, ms);
  }

  #clearTimer() {
    if (this.#timer !== null) clearTimeout(this.#timer);
    this.#timer = null;
  }
}
