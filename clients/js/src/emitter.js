// A small event emitter (Node's EventEmitter is not in browsers, and EventTarget wraps every
// value in an Event). A listener that throws does not stop the client: the error is thrown again
// on its own, where the runtime reports uncaught errors.

export class Emitter {
  #listeners = new Map();

  on(name, listener) {
    if (!this.#listeners.has(name)) this.#listeners.set(name, new Set());
    this.#listeners.get(name).add(listener);
    return () => this.off(name, listener);
  }

  once(name, listener) {
    const off = this.on(name, (...args) => {
      off();
      listener(...args);
    });
    return off;
  }

  off(name, listener) {
    this.#listeners.get(name)?.delete(listener);
  }

  emit(name, ...args) {
    const listeners = this.#listeners.get(name);
    if (!listeners) return;
    for (const listener of [...listeners]) {
      try {
        listener(...args);
      } catch (error) {
        queueMicrotask(() => {
          throw error;
        });
      }
    }
  }
}
