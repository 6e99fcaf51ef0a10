// The form that opens a room: the game, its parameters as the catalogue describes them (type,
// range, choices, default), the seats, the clocks, public or private, bots for the other seats.
// Its three buttons: a room of one's own, a game against the computer (the search bot in every
// other seat), or quick pairing (a seek for a game on these terms). `onSubmit(request, how)`
// gets the room.create params and "room", "computer" or "seek".

import { h, put } from '../lib/dom.js';

// Example values offered for each kind of time control (docs/protocol.md 5.2).
const CLOCKS = {
  none: '',
  sudden_death: '5m',
  fischer: '5m+3s',
  per_move: '30s',
  correspondence: '3d',
  arimaa: '30s/5m/100/0/0/0',
};

export function createForm(games, onSubmit) {
  const game = h('select', { name: 'game', id: 'create-game' },
    games.map((g) => h('option', { value: g.key }, g.name)));
  const params = h('fieldset', { class: 'params' });
  const seats = h('select', { name: 'seats', id: 'create-seats' });
  const clockKind = h('select', { name: 'clock', id: 'create-clock' });
  const clockValue = h('input', { name: 'clock_value', size: 14, 'aria-label': 'Time control value' });
  const isPublic = h('input', { type: 'checkbox', name: 'public', id: 'create-public', checked: true });
  const bots = h('input', { type: 'checkbox', name: 'bots', id: 'create-bots' });
  const error = h('p', { class: 'error', role: 'alert' });
  let inputs = [];

  function chosen() {
    return games.find((g) => g.key === game.value);
  }

  function showGame() {
    const info = chosen();
    inputs = info.params.map(paramInput);
    put(params, h('legend', {}, `${info.name}: parameters`), inputs.map((i) => i.node));
    if (!info.params.length) params.append(h('p', { class: 'note' }, 'This game has no parameters.'));
    put(seats, range(info.min_players, info.max_players).map((n) => h('option', { value: n }, String(n))));
    const kinds = Object.keys(CLOCKS).filter((k) => k !== 'arimaa' || info.key === 'arimaa');
    put(clockKind, kinds.map((k) => h('option', { value: k }, k.replace('_', ' '))));
    clockValue.value = '';
  }

  clockKind.addEventListener('change', () => {
    clockValue.value = CLOCKS[clockKind.value];
  });
  game.addEventListener('change', showGame);

  const form = h(
    'form',
    {
      class: 'create',
      onsubmit: async (event) => {
        event.preventDefault();
        const how = event.submitter?.value ?? 'room';
        error.textContent = '';
        const info = chosen();
        const count = Number(seats.value);
        const request = {
          game: info.key,
          params: Object.fromEntries(inputs.map((i) => [i.name, i.value()])),
          seats: count,
          public: isPublic.checked,
        };
        if (clockKind.value !== 'none') request.time_control = `${clockKind.value}:${clockValue.value.trim()}`;
        // The computer is the search bot where the game has it; the box asks for random players.
        const computer = info.bots.find((b) => b.name === 'mcts') ?? info.bots[0];
        if (how === 'computer' || bots.checked) {
          const bot = how === 'computer' ? computer.name : info.bots[0].name;
          request.bots = range(1, count - 1).map((seat) => ({ seat, bot }));
        }
        try {
          await onSubmit(request, how);
        } catch (e) {
          error.textContent = e.field ? `${e.field}: ${e.message}` : e.message;
        }
      },
    },
    h('h2', {}, 'New room'),
    h('p', {}, h('label', { for: 'create-game' }, 'Game '), game),
    params,
    h('p', {}, h('label', { for: 'create-seats' }, 'Players '), seats),
    h('p', {}, h('label', { for: 'create-clock' }, 'Clock '), clockKind, ' ', clockValue),
    h('p', {}, isPublic, h('label', { for: 'create-public' }, ' Public (listed in the lobby)')),
    h('p', {}, bots, h('label', { for: 'create-bots' }, ' The other seats are played by the random bot')),
    h('p', { class: 'buttons' },
      h('button', { type: 'submit', value: 'room' }, 'Create room'), ' ',
      h('button', { type: 'submit', value: 'computer', id: 'play-computer' }, 'Play the computer'), ' ',
      h('button', { type: 'submit', value: 'seek', id: 'quick-pairing' }, 'Quick pairing')),
    error,
  );
  showGame();
  return form;
}

// One parameter's input, from its catalogue entry (docs/protocol.md, lobby.games).
function paramInput(param) {
  const id = `param-${param.name}`;
  const label = h('label', { for: id, title: param.description }, param.name.replaceAll('_', ' '));
  const help = h('small', { class: 'note' }, param.description);
  let input;
  let value;
  if (param.type === 'boolean') {
    input = h('input', { type: 'checkbox', id, name: param.name, checked: param.default });
    value = () => input.checked;
  } else if (param.choices) {
    input = h('select', { id, name: param.name },
      param.choices.map((c) => h('option', { value: c, selected: c === param.default }, String(c))));
    value = () => (param.type === 'integer' ? Number(input.value) : input.value);
  } else {
    input = h('input', { type: 'number', id, name: param.name, min: param.min, max: param.max, value: param.default, required: true });
    value = () => Number(input.value);
  }
  return { name: param.name, value, node: h('p', { class: 'param' }, label, ' ', input, ' ', help) };
}

function range(from, to) {
  return Array.from({ length: Math.max(0, to - from + 1) }, (_, i) => from + i);
}
