// The clocks as a timed room's last reading left them (docs/protocol.md 5.2): the running seat
// counts down from the moment of the reading, the others stand.

export function clockReadings(state, clocksAt, now = Date.now()) {
  const clocks = state?.clocks;
  if (!clocks) return null;
  return clocks.remaining_ms.map((ms, seat) =>
    seat === clocks.running && state.status === 'playing' && clocksAt !== null
      ? Math.max(0, ms - (now - clocksAt))
      : ms,
  );
}
