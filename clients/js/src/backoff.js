// How long to wait before reconnect attempt `attempt` (1, 2, ...): doubling from
// `initialDelayMs` up to `maxDelayMs`, then spread over the upper half of that interval so that
// the clients of a restarted server do not all come back in the same instant.

export const DEFAULT_RECONNECT = Object.freeze({
  initialDelayMs: 250,
  maxDelayMs: 10000,
  factor: 2,
  maxAttempts: Infinity,
});

export function reconnectDelay(attempt, options = DEFAULT_RECONNECT, random = Math.random) {
  const { initialDelayMs, maxDelayMs, factor } = { ...DEFAULT_RECONNECT, ...options };
  const ceiling = Math.min(maxDelayMs, initialDelayMs * factor ** Math.max(0, attempt - 1));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}
