// Tournaments, read over HTTP: the public list, and one tournament's standings and rounds with
// links to their games.

import { getJson } from '../lib/api.js';
import { h, put } from '../lib/dom.js';

export function tournamentsPage(host) {
  const body = h('tbody');
  const error = h('p', { class: 'error', role: 'alert' });
  put(host, h('section', { class: 'tournaments' }, h('h1', {}, 'Tournaments'),
    h('table', {}, h('thead', {}, h('tr', {}, ['Name', 'Game', 'System', 'Status', 'Players', 'Round'].map((t) => h('th', {}, t)))), body),
    error));
  getJson('/api/v1/tournaments').then(({ tournaments }) => {
    put(body, tournaments.length
      ? tournaments.map((t) => h('tr', {},
        h('td', {}, h('a', { href: `#/tournament/${t.tournament}` }, t.name)),
        h('td', {}, t.spec), h('td', {}, t.system), h('td', {}, t.status),
        h('td', {}, String(t.players)), h('td', {}, String(t.round))))
      : h('tr', {}, h('td', { colspan: 6, class: 'note' }, 'No public tournaments.')));
  }, (e) => (error.textContent = e.message));
}

export function tournamentPage(host, { id }) {
  const section = h('section', { class: 'tournament' }, h('h1', {}, 'Tournament'));
  put(host, section);
  getJson(`/api/v1/tournaments/${encodeURIComponent(id)}`).then((t) => {
    const { summary } = t;
    put(section,
      h('h1', {}, summary.name),
      h('p', { class: 'spec' }, `${summary.spec} · ${summary.system} · ${summary.status} · round ${summary.round}`),
      h('h2', {}, 'Standings'),
      h('table', {},
        h('thead', {}, h('tr', {}, ['Place', 'Player', 'Points', 'Tie-breaks'].map((x) => h('th', {}, x)))),
        h('tbody', {}, t.standings.map((row) => h('tr', {},
          h('td', {}, String(row.place)), h('td', {}, row.name), h('td', {}, String(row.points)),
          h('td', {}, Object.entries(row.tiebreaks ?? {}).map(([k, v]) => `${k} ${v}`).join(', ')))))),
      h('h2', {}, 'Rounds'),
      t.rounds.map((round) => h('section', {}, h('h3', {}, `Round ${round.round}`),
        h('ul', {}, round.tables.map((table) => h('li', {},
          `Board ${table.board}: ${table.seats.map((x) => x.name).join(' – ')} `,
          table.result ? `(${table.result.points.join('–')}) ` : '',
          h('a', { href: `#/${table.result ? 'replay' : 'room'}/${table.room}` }, table.result ? 'replay' : 'watch')))))));
  }, (e) => section.append(h('p', { class: 'error', role: 'alert' }, e.message)));
}
