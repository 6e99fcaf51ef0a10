// Two players play a whole game of Amazons on the 6x6 board by clicking, from the lobby to the
// result, while a third page watches and sees every move.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { skipReason, world } from './support/env.js';
import {
  assertNoErrors, createRoom, joinFromLobby, myTurnOrOver, openPlayer, waitForMoves, watchFromLobby,
} from './support/pages.js';

const w = world();

test('two pages play Amazons 6x6 to the end by clicking; a spectator sees every move', { skip: skipReason() }, async () => {
  const alice = await openPlayer(w.browser, w.url, 'alice');
  const bob = await openPlayer(w.browser, w.url, 'bob');
  const carol = await openPlayer(w.browser, w.url, 'carol');
  // The catalogue's board_size parameter offers 6.
  const room = await createRoom(alice, { game: 'amazons', params: { board_size: 6 } });
  // The lobby is live: the room appears in the other pages without a reload.
  await bob.waitForSelector(`tr[data-room="${room}"]`);
  await carol.waitForSelector(`tr[data-room="${room}"]`);
  await joinFromLobby(bob, room);
  await watchFromLobby(carol, room);

  const players = [alice, bob];
  let ply = 0;
  for (;;) {
    const mover = players[ply % 2];
    if (!(await myTurnOrOver(mover))) break;
    // A queen move and its arrow: the first amazon that can move, its first target, its first
    // arrow square; each highlighted from the server's answer.
    await mover.locator('.cell.selectable').first().click();
    await mover.locator('.cell.target').first().click();
    await mover.locator('.cell.target-arrow').first().click();
    ply += 1;
    await waitForMoves(carol, ply);
    await waitForMoves(players[ply % 2], ply);
    assert.ok(ply < 40, 'a 6x6 game has at most 32 moves');
  }
  for (const page of [alice, bob, carol]) {
    await page.waitForSelector('section.room[data-status="finished"]');
    assert.match(await page.textContent('.status'), /won: .*(no move|cannot move)/i);
  }
  assert.equal(await carol.locator('.side .moves li').count(), ply);

  // The finished game, replayed from its record: the board of each move, stepping backwards.
  const arrows = (page, n) => page.waitForFunction((k) => document.querySelectorAll('.replay .board .arrow').length === k, n);
  await carol.click('a:has-text("Replay")');
  await carol.waitForSelector('.replay .board');
  assert.equal(await carol.locator('.replay-moves li').count(), ply);
  assert.match(await carol.textContent('.replay .status'), new RegExp(`After move ${ply} of ${ply}`));
  await carol.click('button:has-text("First")');
  assert.equal(await carol.textContent('.replay .status'), 'The start position.');
  await arrows(carol, 0);
  assert.equal(await carol.locator('.board .piece').count(), 8);
  await carol.keyboard.press('ArrowRight');
  assert.match(await carol.textContent('.replay .status'), /After move 1 of/);
  await arrows(carol, 1);

  // Once everybody has left, the room closes and its events with it; the record still draws the
  // board of every ply (the server reads the view off the recorded position).
  for (const page of [alice, bob]) {
    await page.click('button:has-text("Leave room")');
    await page.waitForSelector('#create-game');
  }
  await carol.reload();
  await carol.waitForSelector('.replay .board');
  await carol.keyboard.press('Home');
  assert.equal(await carol.textContent('.replay .status'), 'The start position.');
  await arrows(carol, 0);
  assert.equal(await carol.locator('.board .piece').count(), 8);
  await carol.keyboard.press('End');
  await arrows(carol, ply);
  assertNoErrors(alice, bob, carol);
});
