// A rematch by clicking: after a resignation both players ask, and both land in the new room with
// the seats swapped, the second player of the first game now moving first.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { skipReason, world } from './support/env.js';
import { assertNoErrors, createRoom, joinFromLobby, openPlayer } from './support/pages.js';

const w = world();

const roomOf = (page) => page.evaluate(() => location.hash.split('/').pop());

test('both players ask for a rematch and play it with the seats swapped', { skip: skipReason() }, async () => {
  const alice = await openPlayer(w.browser, w.url, 'alice');
  const bob = await openPlayer(w.browser, w.url, 'bob');
  const room = await createRoom(alice, { game: 'amazons', params: { board_size: 6 } });
  await bob.waitForSelector(`tr[data-room="${room}"]`);
  await joinFromLobby(bob, room);
  await alice.waitForSelector('section.room[data-status="playing"]');

  // Resign (the button asks to be clicked twice), then ask for the rematch.
  await alice.click('button:has-text("Resign")');
  await alice.click('button:has-text("Really resign?")');
  for (const page of [alice, bob]) await page.waitForSelector('section.room[data-status="finished"]');
  await alice.click('button:has-text("Rematch")');
  await alice.locator('.actions .note', { hasText: 'Rematch asked; waiting for bob.' }).waitFor();
  await bob.locator('.message', { hasText: 'alice asks for a rematch.' }).waitFor();
  await bob.click('button:has-text("Rematch")');

  // Both pages go to the new room, where Bob holds the first seat and moves first.
  for (const page of [alice, bob]) {
    await page.waitForFunction((old) => /^#\/room\/r/.test(location.hash) && !location.hash.endsWith(old), room);
    await page.waitForSelector('section.room[data-status="playing"]');
  }
  const next = await roomOf(alice);
  assert.notEqual(next, room);
  assert.equal(await roomOf(bob), next);
  await bob.waitForSelector('section.room[data-my-turn="true"]');
  assert.match(await bob.textContent('.seats li:first-child'), /bob \(you\)/);
  assert.match(await alice.textContent('.seats li:nth-child(2)'), /alice \(you\)/);
  assertNoErrors(alice, bob);
});
