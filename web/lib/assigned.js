// A room the server seated this player in (game.assigned: quick pairing, a challenge, a
// rematch): the page goes there once the client mirrors it (its first event follows the notice).
// Returns a function that stops waiting.

import { go } from './router.js';

export function enterWhenMirrored(client, id) {
  let went = false;
  const offs = [];
  const stop = () => offs.splice(0).forEach((off) => off());
  const open = (room) => {
    const enter = () => {
      if (went || !room.state) return;
      went = true;
      stop();
      go(`/room/${id}`);
    };
    offs.push(room.on('change', enter));
    enter();
  };
  const known = client.room(id);
  if (known) open(known);
  else {
    const off = client.on('room', (room) => {
      if (room.id !== id) return;
      off();
      open(room);
    });
    offs.push(off);
  }
  return stop;
}
