// The browser client of boardroom: asks for a name (or resumes the identity this browser kept),
// connects through the client library, and shows the page the location's hash names.

import { h, put } from './lib/dom.js';
import { startRouter } from './lib/router.js';
import { forgetIdentity, startSession, storedIdentity } from './lib/session.js';
import { lobbyPage } from './pages/lobby.js';
import { replayPage } from './pages/replay.js';
import { roomPage } from './pages/room.js';
import { tournamentPage, tournamentsPage } from './pages/tournaments.js';

const main = document.getElementById('main');
const connection = document.getElementById('connection');
const identity = document.getElementById('identity');

function welcome(problem) {
  const name = h('input', { name: 'name', id: 'name', required: true, maxlength: 40, autocomplete: 'nickname', value: storedIdentity()?.name ?? '' });
  const password = h('input', { name: 'password', id: 'password', type: 'password', autocomplete: 'current-password' });
  const error = h('p', { class: 'error', role: 'alert' }, problem ?? '');
  put(
    main,
    h(
      'form',
      {
        class: 'welcome',
        onsubmit: async (event) => {
          event.preventDefault();
          error.textContent = '';
          try {
            enter(await startSession(name.value.trim(), password.value));
          } catch (e) {
            error.textContent = e.message;
          }
        },
      },
      h('h1', {}, 'Welcome to boardroom'),
      h('p', {}, h('label', { for: 'name' }, 'Your name '), name),
      h('p', {}, h('label', { for: 'password' }, 'Password (only for an account) '), password),
      h('button', { type: 'submit' }, 'Enter'),
      error,
    ),
  );
  name.focus();
}

function enter(client) {
  put(identity, h('span', { class: 'who' }, client.hello.name), ' ',
    h('button', { class: 'link', onclick: () => (client.close(), forgetIdentity(), location.reload()) }, 'sign out'));
  const say = (text, state) => {
    connection.textContent = text;
    connection.dataset.state = state;
  };
  say('online', 'open');
  client.on('connected', () => say('online', 'open'));
  client.on('disconnected', () => say('connection lost', 'lost'));
  client.on('reconnecting', ({ attempt }) => say(`reconnecting (attempt ${attempt})`, 'lost'));
  client.on('closed', ({ error }) => say(`disconnected: ${error?.message ?? 'closed'}; reload to reconnect`, 'closed'));
  const page = (render) => (host, params) => render(host, params, client);
  startRouter(
    [
      [/^\/$/, page(lobbyPage)],
      [/^\/room\/([\w-]+)$/, page(roomPage)],
      [/^\/replay\/([\w-]+)$/, page(replayPage)],
      [/^\/tournaments$/, page(tournamentsPage)],
      [/^\/tournament\/([\w-]+)$/, page(tournamentPage)],
    ],
    main,
  );
}

const stored = storedIdentity();
if (stored) {
  startSession(stored.name).then(enter, (e) => welcome(e.message));
} else {
  welcome();
}
