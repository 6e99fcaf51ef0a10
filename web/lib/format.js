// How times, results and game specs read on the page.

export function clockText(ms) {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = String(total % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}` : `${minutes}:${seconds}`;
}

export function timeOfDay(ms) {
  return new Date(ms).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
}

// "amazons(board_size=6,komi=0,swap=false)" -> "board size 6", the parameters that differ from
// the defaults in the game's catalogue entry (`info`; all of them without it).
export function specParams(spec, info) {
  const open = spec.indexOf('(');
  if (open < 0) return '';
  const defaults = new Map((info?.params ?? []).map((p) => [p.name, String(p.default)]));
  return spec.slice(open + 1, -1).split(',')
    .map((pair) => pair.split('='))
    .filter(([name, value]) => defaults.get(name) !== value)
    .map(([name, value]) => `${name.replaceAll('_', ' ')} ${value}`)
    .join(', ');
}

export function resultText(outcome, seats) {
  if (!outcome) return 'the game ended without a result';
  const who = (seat) => seats?.[seat]?.name || seats?.[seat]?.role || `seat ${seat}`;
  const winners = outcome.winners ?? [];
  const head =
    winners.length === 0 ? 'No winner' :
    winners.length === seats?.length ? 'Draw' :
    `${winners.map(who).join(' and ')} won`;
  return `${head}: ${outcome.description}`;
}
