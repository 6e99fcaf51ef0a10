// An async iterator over values pushed to it: what `for await (const e of room.events())` reads.
// Values wait in order until they are read; end() lets the reader finish what is queued, then
// stops it. Leaving the loop early (break, return, throw) calls return(), which unsubscribes.

export class EventStream {
  #queue = [];
  #readers = [];
  #ended = false;
  #onEnd;

  constructor(onEnd = () => {}) {
    this.#onEnd = onEnd;
  }

  push(value) {
    if (this.#ended) return;
    const reader = this.#readers.shift();
    if (reader) reader({ value, done: false });
    else this.#queue.push(value);
  }

  end() {
    if (this.#ended) return;
    this.#ended = true;
    for (const reader of this.#readers.splice(0)) reader({ value: undefined, done: true });
    this.#onEnd();
  }

  next() {
    if (this.#queue.length > 0) return Promise.resolve({ value: this.#queue.shift(), done: false });
    if (this.#ended) return Promise.resolve({ value: undefined, done: true });
    return new Promise((resolve) => this.#readers.push(resolve));
  }

  return() {
    this.#queue.length = 0;
    this.end();
    return Promise.resolve({ value: undefined, done: true });
  }

  [Symbol.asyncIterator]() {
    return this;
  }
}
