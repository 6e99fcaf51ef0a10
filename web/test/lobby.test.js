// The rest of the lobby: a private room reached by its invite link, playing the computer, quick
// pairing with the live list of seeks, and the tournament pages.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { skipReason, world } from './support/env.js';
import { assertNoErrors, createRoom, openPlayer } from './support/pages.js';

const w = world();

test('a private room is joined through its invite link', { skip: skipReason() }, async () => {
  const alice = await openPlayer(w.browser, w.url, 'alice');
  const bob = await openPlayer(w.browser, w.url, 'bob');
  await alice.uncheck('#create-public');
  const room = await createRoom(alice, { game: 'sisyphos' });
  const link = await alice.textContent('.actions code');
  assert.match(link, new RegExp(`#/room/${room}\\?invite=\\w+$`));
  assert.equal(await bob.locator(`tr[data-room="${room}"]`).count(), 0, 'a private room is not listed');
  await bob.goto(link);
  await bob.click('.seat.free button:has-text("Take seat")');
  await bob.waitForSelector('.seat:has-text("(you)")');
  await alice.waitForSelector('section.room[data-status="playing"]');
  assertNoErrors(alice, bob);
});

test('"Play the computer" seats the search bot and it answers', { skip: skipReason() }, async () => {
  const alice = await openPlayer(w.browser, w.url, 'alice');
  const room = await createRoom(alice, { game: 'amazons', params: { board_size: 6 }, button: 'Play the computer' });
  assert.match(room, /^r/);
  await alice.waitForSelector('.seat:has-text("mcts bot")');
  await alice.waitForSelector('section.room[data-status="playing"]');
  assertNoErrors(alice);
});

test('two people pressing "Quick pairing" are seated in one room', { skip: skipReason() }, async () => {
  const carol = await openPlayer(w.browser, w.url, 'carol');
  const dave = await openPlayer(w.browser, w.url, 'dave');
  await carol.selectOption('#create-game', 'sisyphos');
  await carol.click('button:has-text("Quick pairing")');
  await carol.waitForSelector('.waiting button:has-text("Cancel")');
  // Dave's lobby lists Carol's seek as it arrives.
  await dave.waitForSelector('ul.seeks li:has-text("carol")');
  const [carolRoom, daveRoom] = await Promise.all([
    carol.waitForSelector('section.room').then(() => carol.evaluate(() => location.hash)),
    (async () => {
      await dave.selectOption('#create-game', 'sisyphos');
      await dave.click('button:has-text("Quick pairing")');
      await dave.waitForSelector('section.room');
      return dave.evaluate(() => location.hash);
    })(),
  ]);
  assert.equal(carolRoom, daveRoom);
  await carol.waitForSelector('section.room[data-status="playing"]');
  await dave.waitForSelector('section.room[data-status="playing"]');
  assertNoErrors(carol, dave);
});

test('the tournament list links to a tournament\'s standings and games', { skip: skipReason() }, async () => {
  const director = await openPlayer(w.browser, w.url, 'director');
  // A round robin of two bots, made through the client library from the page itself.
  const id = await director.evaluate(async () => {
    const { Client } = await import('/sdk/index.js');
    const client = new Client({ url: `ws://${location.host}/ws`, name: 'organiser' });
    await client.connect();
    const { tournament } = await client.request('tournament.create', { name: 'Bots <cup>', game: 'sisyphos', system: 'round_robin' });
    for (let i = 0; i < 2; i++) await client.request('tournament.add_player', { tournament, bot: 'random' });
    await client.request('tournament.start', { tournament });
    client.close();
    return tournament;
  });
  await director.click('nav a:has-text("Tournaments")');
  await director.click('a:has-text("Bots <cup>")');
  await director.waitForFunction(() => location.hash.startsWith('#/tournament/'));
  assert.equal(await director.evaluate(() => location.hash), `#/tournament/${id}`);
  await director.waitForSelector('.tournament h2:has-text("Rounds")');
  assert.match(await director.textContent('.tournament h3'), /Round 1/);
  assert.equal(await director.locator('.tournament ul li a').count(), 1);
  assertNoErrors(director);
});
