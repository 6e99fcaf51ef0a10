// A player's seat survives a reload of the page and a restart of the server: the page resumes
// its identity from localStorage, and the client library reconnects and catches up by itself.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { skipReason, world } from './support/env.js';
import { assertNoErrors, createRoom, joinFromLobby, myTurnOrOver, openPlayer, played, waitForMoves } from './support/pages.js';

const w = world();

async function playFirstMove(page) {
  assert.ok(await myTurnOrOver(page));
  await played(page, async () => {
    await page.locator('.board .cell.selectable').first().click();
    await page.locator('.board .cell.target').first().click();
    await page.locator('.board .cell.target-arrow').first().click();
  });
}

test('a reload mid-game and a server restart mid-game: both pages play on in their seats', { skip: skipReason() }, async () => {
  const alice = await openPlayer(w.browser, w.url, 'alice');
  const bob = await openPlayer(w.browser, w.url, 'bob');
  const room = await createRoom(alice, { game: 'amazons', params: { board_size: 6 } });
  await bob.waitForSelector(`tr[data-room="${room}"]`);
  await joinFromLobby(bob, room);
  await playFirstMove(alice);

  // Bob reloads: the same room, the same seat, and it is his move.
  await bob.reload();
  await bob.waitForSelector('section.room .seat:has-text("(you)")');
  assert.match(await bob.textContent('.seat:has-text("(you)") .role'), /Black/);
  await waitForMoves(bob, 1);
  await playFirstMove(bob);
  await waitForMoves(alice, 2);

  // The server goes down and comes back on the same data; nobody touches the pages.
  await w.server.kill();
  await alice.waitForSelector('#connection[data-state="lost"]');
  await w.server.start();
  for (const page of [alice, bob]) await page.waitForSelector('#connection[data-state="open"]', { timeout: 30000 });
  await playFirstMove(alice);
  await waitForMoves(bob, 3);
  await playFirstMove(bob);
  await waitForMoves(alice, 4);
  assertNoErrors(alice, bob);
});
