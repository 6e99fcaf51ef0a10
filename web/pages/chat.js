// A room's chat: the players' channel for a seat in play, the spectators' for everyone else (the
// server decides and sends each reader only its own). Names and lines are text nodes, never
// markup. A writer can be muted: the server stops sending their lines to this identity, and the
// lines already shown are hidden here.

import { h } from '../lib/dom.js';
import { timeOfDay } from '../lib/format.js';

const muted = new Set(); // players muted in this session, across rooms as on the server

export function chatPanel(client, room) {
  const heading = h('h2', {}, 'Chat');
  const lines = h('ol', { class: 'chat-lines', 'aria-live': 'polite', 'aria-label': 'Chat lines' });
  const input = h('input', { name: 'chat', maxlength: 500, autocomplete: 'off', 'aria-label': 'Chat message' });
  const error = h('p', { class: 'error', role: 'alert' });
  const form = h(
    'form',
    {
      class: 'chat-form',
      onsubmit: async (event) => {
        event.preventDefault();
        const text = input.value.trim();
        if (!text) return;
        error.textContent = '';
        try {
          await room.say(text);
          input.value = '';
        } catch (e) {
          error.textContent = e.message;
        }
      },
    },
    input,
    h('button', { type: 'submit' }, 'Send'),
  );
  const node = h('section', { class: 'chat' }, heading, lines, form, error);
  let last = null;

  function update(state) {
    const seat = state.your_seat === null ? null : state.seats[state.your_seat];
    heading.textContent = seat && !seat.retired ? "Players' chat" : "Spectators' chat";
    last = state;
    const shown = (state.chat ?? []).filter((line) => !muted.has(line.player));
    const atBottom = lines.scrollTop + lines.clientHeight >= lines.scrollHeight - 4;
    lines.replaceChildren(...shown.map((line) => lineItem(line, state)));
    if (atBottom) lines.scrollTop = lines.scrollHeight;
  }

  function lineItem(line, state) {
    const mine = line.player === client.player;
    return h(
      'li',
      { 'data-line': line.line },
      h('time', { class: 'chat-time' }, timeOfDay(line.at)),
      ' ',
      h('span', { class: 'chat-name' }, line.name),
      ' ',
      h('span', { class: 'chat-text' }, line.text),
      mine ? null : h('button', {
        class: 'link',
        'aria-label': `Mute ${line.name}`,
        onclick: () => mute(line.player, state),
      }, 'mute'),
    );
  }

  async function mute(player) {
    try {
      await client.mute(player, true);
      muted.add(player);
      if (last) update(last);
    } catch (e) {
      error.textContent = e.message;
    }
  }

  return { node, update };
}
