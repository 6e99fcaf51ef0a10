// The room's chat: a line reaches the other players as text (markup shows literally), the
// spectators have a channel of their own, and a muted writer's lines disappear. The game is
// Amazons with the swap rule, which Black then takes.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { skipReason, world } from './support/env.js';
import {
  assertNoErrors, createRoom, joinFromLobby, openPlayer, played, waitForMoves, watchFromLobby,
} from './support/pages.js';

const w = world();

async function say(page, text) {
  await page.fill('.chat-form input', text);
  await page.press('.chat-form input', 'Enter');
  await page.waitForFunction(() => document.querySelector('.chat-form input').value === '');
}

const lines = (page) => page.locator('.chat-lines li .chat-text').allTextContents();

test('chat lines are text, channels are apart, and a writer can be muted', { skip: skipReason() }, async () => {
  const alice = await openPlayer(w.browser, w.url, 'alice');
  const bob = await openPlayer(w.browser, w.url, 'bob');
  const carol = await openPlayer(w.browser, w.url, 'carol');
  const room = await createRoom(alice, { game: 'amazons', params: { board_size: 6, swap: true } });
  await bob.waitForSelector(`tr[data-room="${room}"]`);
  await joinFromLobby(bob, room);
  await watchFromLobby(carol, room);

  await say(alice, '<b>x</b>');
  await bob.waitForSelector('.chat-lines li');
  assert.deepEqual(await lines(bob), ['<b>x</b>']);
  assert.equal(await bob.locator('.chat-lines b').count(), 0, 'no markup made from the line');
  assert.equal(await bob.textContent('.chat-lines li .chat-name'), 'alice');
  assert.equal(await bob.textContent('.chat h2'), "Players' chat");

  // The spectators' channel: Carol does not read the players, nor they her.
  await say(carol, 'hello from the gallery');
  assert.equal(await carol.textContent('.chat h2'), "Spectators' chat");
  assert.deepEqual(await lines(carol), ['hello from the gallery']);
  await say(bob, 'good luck');
  await alice.waitForFunction(() => document.querySelectorAll('.chat-lines li').length === 2);
  assert.deepEqual(await lines(alice), ['<b>x</b>', 'good luck']);
  assert.deepEqual(await lines(carol), ['hello from the gallery']);

  // Bob mutes Alice: her line goes, and her next one never shows.
  await bob.click('.chat-lines li:has-text("<b>x</b>") button:has-text("mute")');
  await bob.waitForFunction(() => document.querySelectorAll('.chat-lines li').length === 1);
  await say(alice, 'are you there?');
  await say(bob, 'still here');
  await alice.waitForFunction(() => document.querySelectorAll('.chat-lines li').length === 4);
  assert.deepEqual(await lines(bob), ['good luck', 'still here']);

  // The pie rule: Black answers White's first move by taking White's side.
  await played(alice, async () => {
    await alice.locator('.board .cell.selectable').first().click();
    await alice.locator('.board .cell.target').first().click();
    await alice.locator('.board .cell.target-arrow').first().click();
  });
  await played(bob, () => bob.click('.toolbar button:has-text("Swap colours")'));
  await waitForMoves(carol, 2);
  assert.equal(await carol.textContent('.side .moves li:last-child'), 'swap');
  await alice.waitForSelector('section.room[data-my-turn="true"]');
  assertNoErrors(alice, bob, carol);
});
