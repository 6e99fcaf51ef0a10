// A bot that plays random legal moves until the game ends. As a program it joins the room given
// (or opens a game of Amazons on the 6x6 board) and prints the result:
//   node --experimental-websocket examples/random_bot.js ws://localhost:8080/ws [ROOM]
import { pathToFileURL } from 'node:url';
import { Client } from '../index.js'; // installed: from 'boardroom-client'

// Resolves with the outcome (null if there is none) once the game is over.
export function playRandomly(room) {
  return new Promise((resolve) => {
    let busy = false;
    const act = async () => {
      if (!room.state) return; // a room the server seated us in: mirrored at its first change
      const { status, outcome } = room.state;
      if (room.detached || status === 'finished' || status === 'closed') return resolve(outcome);
      if (busy || !room.isMyTurn) return;
      busy = true;
      try {
        // One legal move drawn by the server: works for every game, even where lists are huge.
        const { moves, version } = await room.legalMoves({ sample: 1 });
        await room.move(moves[0], { version });
      } catch {
        // The position moved on, or the connection did: the room tells what happened.
      }
      busy = false;
      act(); // what changed meanwhile
    };
    room.on('change', act);
    room.on('detached', act);
    act();
  });
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [url = 'ws://localhost:8080/ws', roomId] = process.argv.slice(2);
  const client = new Client({ url, name: 'random-bot' });
  await client.connect();
  const room = roomId
    ? await client.joinRoom({ room: roomId })
    : await client.createRoom({ game: 'amazons', params: { board_size: 6 } });
  console.log(`playing in ${room.id}`);
  console.log((await playRandomly(room))?.description ?? 'no result');
  client.close();
}
