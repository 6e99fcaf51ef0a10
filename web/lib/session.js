// The player's identity in this browser: the name and the resume token, kept in localStorage so
// that a reload (or a new tab after the old one closed) resumes the same identity and its seats.
// The client library does the rest: reconnecting, resuming, catching rooms up.

import { Client } from '/sdk/index.js';

const KEY = 'boardroom.identity';

export function storedIdentity() {
  try {
    const value = JSON.parse(localStorage.getItem(KEY));
    return typeof value?.name === 'string' ? value : null;
  } catch {
    return null;
  }
}

export function forgetIdentity() {
  localStorage.removeItem(KEY);
}

// Connects as `name`, resuming the stored identity when there is one. Rejects with the server's
// refusal (bad_name, name_taken, ...) or a connection error.
export async function startSession(name, password) {
  const stored = storedIdentity();
  const client = new Client({
    url: `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}/ws`,
    name,
    password: password || undefined,
    resumeToken: password ? undefined : stored?.token,
  });
  const save = () =>
    localStorage.setItem(KEY, JSON.stringify({ name: client.hello?.name ?? name, token: client.resumeToken }));
  client.on('connected', save);
  await client.connect();
  save();
  return client;
}
