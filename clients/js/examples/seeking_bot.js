// A bot account that finds its own games: it accepts every challenge for its game, seeks a game
// whenever it has none, and plays random legal moves in each game the server seats it in. As a
// program it plays GAMES games and prints each result:
//   node --experimental-websocket examples/seeking_bot.js ws://localhost:8080/ws NAME PASSWORD [GAME] [GAMES]
// The first run registers NAME as a bot account; later runs log in with the password.
import { pathToFileURL } from 'node:url';
import { Client } from '../index.js'; // installed: from 'boardroom-client'
import { playRandomly } from './random_bot.js';

// Connects as the bot account NAME, registering it on the first run.
export async function connectBot(url, name, password, options = {}) {
  const client = new Client({ url, name, password, ...options });
  try {
    await client.connect();
  } catch (error) {
    client.close();
    if (error.code !== 'bad_credentials') throw error;
    // No account of that name yet: say hello as a guest and claim the name as a bot account.
    const guest = new Client({ url, name, ...options });
    await guest.connect();
    await guest.request('account.register', { password, bot: true });
    guest.close();
    return connectBot(url, name, password, options);
  }
  return client;
}

// Plays `games` games of `game` (a key from lobby.games, or { game, params }); resolves with their
// outcomes. Everything arrives pushed: challenges, the rooms it is seated in, their events.
export function playGames(client, game, games) {
  const terms = typeof game === 'string' ? { game } : game;
  const outcomes = [];
  let seeking = null;
  return new Promise((resolve) => {
    const seekIfIdle = async () => {
      if (seeking || outcomes.length >= games) return;
      seeking = client.request('seek.create', terms).catch(() => null);
      const answer = await seeking;
      if (!answer) seeking = null; // refused (limits): the next game's end tries again
    };
    client.on('challenge.received', ({ challenge, game: offered }) => {
      const answer = offered === terms.game ? 'challenge.accept' : 'challenge.decline';
      client.request(answer, { challenge }).catch(() => {});
    });
    // game.assigned comes first; the room itself is mirrored when its first event arrives.
    client.on('game.assigned', ({ via }) => {
      if (via === 'seek') seeking = null; // paired: the seek is gone
    });
    client.on('room', async (room) => {
      const outcome = await playRandomly(room);
      outcomes.push(outcome);
      console.log(`${room.id}: ${outcome?.description ?? 'no result'}`);
      if (outcomes.length >= games) resolve(outcomes);
      else seekIfIdle();
    });
    seekIfIdle();
  });
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [url = 'ws://localhost:8080/ws', name = 'seeking-bot', password = 'change me', game = 'amazons', games = '1'] =
    process.argv.slice(2);
  const client = await connectBot(url, name, password);
  await playGames(client, game, Number(games));
  client.close();
}
