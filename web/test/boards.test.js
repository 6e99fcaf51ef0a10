// Every game's board, played by clicking against the random bot, with a screenshot of each
// (in the artifacts folder) taken while legal targets are highlighted.

import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';
import { artifactsDir, skipReason, world } from './support/env.js';
import { assertNoErrors, createRoom, myTurnOrOver, openPlayer, played, waitForMoves } from './support/pages.js';

const w = world();
let page;

async function shot(name) {
  await page.screenshot({ path: path.join(artifactsDir(), `${name}.png`) });
}

async function clickFirst(selector) {
  await page.locator(`.board ${selector}`).first().click();
}

test('every board is drawn and played by clicking', { skip: skipReason() }, async (t) => {
  page = await openPlayer(w.browser, w.url, 'painter');
  const lobby = w.url;

  await t.test('Amazons 10x10, timed', async () => {
    await createRoom(page, { game: 'amazons', bots: true, clock: { kind: 'sudden_death', value: '5m' } });
    // The running clock counts down between readings.
    await page.waitForFunction(() => /^4:5\d$/.test(document.querySelector('.seat.acting .clock')?.textContent ?? ''));
    const first = await page.textContent('.seat.acting .clock');
    await page.waitForFunction((t) => document.querySelector('.seat.acting .clock').textContent !== t, first);
    await clickFirst('.cell.selectable');
    await clickFirst('.cell.target');
    await page.locator('.board .cell.target-arrow').first().waitFor();
    await shot('amazons');
    await clickFirst('.cell.target-arrow');
    await waitForMoves(page, 2);
  });

  await t.test('Sisyphos', async () => {
    await page.goto(lobby);
    await createRoom(page, { game: 'sisyphos', bots: true });
    // By keyboard: Tab reaches only the cells that can be played; Enter and Space activate them.
    await page.locator('.board .cell.selectable').first().waitFor();
    const playable = await page.locator('.board .cell[tabindex="0"]').count();
    assert.equal(playable, await page.locator('.board .cell.selectable').count());
    await page.locator('.board .cell.selectable').first().focus();
    await page.keyboard.press('Enter');
    await page.locator('.board .cell.target').first().waitFor();
    await shot('sisyphos');
    await page.locator('.board .cell.target').first().focus();
    await page.keyboard.press(' ');
    await waitForMoves(page, 2);
  });

  await t.test('Arimaa', async () => {
    await page.goto(lobby);
    await createRoom(page, { game: 'arimaa', bots: true });
    await page.click('button:has-text("Send setup")');
    await waitForMoves(page, 2);
    await page.locator('.board .cell.selectable[data-cell="e2"]').click();
    await page.locator('.board .cell.target[data-cell="e3"]').click();
    await page.locator('.board .cell.selectable[data-cell="e3"]').click();
    await page.locator('.board .cell.target[data-cell="e4"]').waitFor();
    await shot('arimaa');
    await page.locator('.board .cell.target[data-cell="e4"]').click();
    await page.click('button:has-text("End turn"):enabled');
    await waitForMoves(page, 4);
    assert.match(await page.textContent('.side .moves li:nth-child(3)'), /^2g Ee2n Ee3n$/);
  });

  await t.test('Esiema: placements, then a sowing built pit by pit', async () => {
    await page.goto(lobby);
    await createRoom(page, { game: 'esiema', params: { setup_balls: 3 }, seats: 3, bots: true });
    // The mother and two small balls, all into f6.
    for (let placed = 0; placed < 3; placed++) {
      assert.ok(await myTurnOrOver(page));
      await played(page, () => page.locator('.board .cell.target[data-cell="f6"]').click());
    }
    assert.ok(await myTurnOrOver(page));
    await page.locator('.board .cell.selectable').first().click();
    const before = await played(page, async () => {
      for (let dropped = 0; await page.locator('.toolbar button:has-text("Cancel sowing")').count(); dropped++) {
        if (dropped === 1) await shot('esiema');
        await clickFirst('.cell.target');
      }
    });
    assert.match(await page.textContent(`.side .moves li:nth-child(${before + 1})`), /^[a-k]\d+(-[a-k]\d+[a-zA-Z])+$/);
    assert.equal(await page.textContent('.message'), '');
  });

  for (const board of ['disc-large', 'disc-small', 'triangle-64', 'triangle-256']) {
    await t.test(`Shiamgon on ${board}`, async () => {
      await page.goto(lobby);
      await createRoom(page, { game: 'shiamgon', params: { board }, seats: 3, bots: true });
      assert.ok(await myTurnOrOver(page));
      await page.locator('.board .cell.target').first().waitFor();
      await shot(`shiamgon-${board}`);
      await played(page, () => clickFirst('.cell.target'));
    });
  }

  await t.test('Shiamgon: a displacement, decided out of turn by the player whose stone is pushed', async () => {
    // Three players who each click the first cell offered: the same game every time.
    const players = [page, await openPlayer(w.browser, w.url, 'blue'), await openPlayer(w.browser, w.url, 'green')];
    await page.goto(lobby);
    const room = await createRoom(page, { game: 'shiamgon', params: { board: 'triangle-64' }, seats: 3 });
    for (const p of players.slice(1)) {
      await p.locator(`tr[data-room="${room}"] button:has-text("Join")`).click();
      await p.waitForSelector('section.room');
    }
    for (let turn = 0; ; turn++) {
      assert.ok(turn < 100, 'a displacement comes up');
      const mover = await Promise.race(players.map(async (p) => (await p.waitForSelector('section.room[data-my-turn="true"]'), p)));
      await mover.locator('.board .cell.target').first().waitFor();
      if (await mover.locator('.toolbar .decide').count()) {
        page = mover;
        await shot('shiamgon-displacement');
        assert.equal(await mover.locator('.board .cell.displaced').count(), 1);
        // The others see who must decide, and the cells to choose from (once the move reaches
        // their pages, which may be a moment after the mover's).
        for (const other of players.filter((p) => p !== mover)) {
          await other.locator('.toolbar', { hasText: /must move the stone on/ }).waitFor();
          await other.locator('.board .cell.choice').first().waitFor();
        }
        await played(mover, () => mover.locator('.board .cell.target').first().click());
        assertNoErrors(...players);
        page = players[0];
        return;
      }
      await played(mover, () => mover.locator('.board .cell.target').first().click());
    }
  });
  assertNoErrors(page);
});
