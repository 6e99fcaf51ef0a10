// The server's read-only HTTP routes (docs/protocol.md section 11), from the page's own origin.

export async function getJson(path) {
  const response = await fetch(path, { headers: { accept: 'application/json' } });
  const body = await response.json().catch(() => null);
  if (!response.ok) {
    const error = new Error(body?.error?.message ?? `${path}: HTTP ${response.status}`);
    error.code = body?.error?.code ?? `http_${response.status}`;
    throw error;
  }
  return body;
}

let catalogue = null;

// The game catalogue, fetched once: keys, names, seat names, parameters.
export function games() {
  catalogue ??= getJson('/api/v1/games').then((r) => r.games, (error) => {
    catalogue = null;
    throw error;
  });
  return catalogue;
}

export async function gameInfo(key) {
  return (await games()).find((g) => g.key === key) ?? null;
}
