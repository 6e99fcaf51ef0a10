// Driving the client as a person would: typing a name, filling the room form, clicking cells.
// Every page records the errors its scripts throw; a test ends by checking there were none.

import assert from 'node:assert/strict';

const VIEWPORT = { width: 1200, height: 900 };

// A player in a browser context of their own (their own localStorage: their own identity).
export async function openPlayer(browser, url, name) {
  const context = await browser.newContext({ viewport: VIEWPORT });
  const page = await context.newPage();
  page.errors = [];
  page.on('pageerror', (error) => page.errors.push(error.message));
  // The browser's own reports of failed connections (while a server restarts) are not errors of
  // the page's scripts.
  page.on('console', (m) => {
    if (m.type() === 'error' && !/^(WebSocket connection to|Failed to load resource)/.test(m.text())) page.errors.push(m.text());
  });
  await page.goto(url);
  await page.fill('#name', name);
  await page.click('button:has-text("Enter")');
  await page.waitForSelector('#create-game');
  return page;
}

// Opens a room from the lobby's form. params: { param name: value }; bots: the other seats.
// Fills the lobby's form and presses `button` ("Create room", "Play the computer", "Quick
// pairing"); resolves with the room's id once its page is shown.
export async function createRoom(page, { game, params = {}, seats, bots = false, clock, button = 'Create room' }) {
  await page.selectOption('#create-game', game);
  for (const [name, value] of Object.entries(params)) {
    const input = page.locator(`#param-${name}`);
    if ((await input.getAttribute('type')) === 'checkbox') await input.setChecked(Boolean(value));
    else if ((await input.evaluate((n) => n.tagName)) === 'SELECT') await input.selectOption(String(value));
    else await input.fill(String(value));
  }
  if (seats) await page.selectOption('#create-seats', String(seats));
  if (bots) await page.check('#create-bots');
  if (clock) {
    await page.selectOption('#create-clock', clock.kind);
    await page.fill('input[name="clock_value"]', clock.value);
  }
  await page.click(`button:has-text("${button}")`);
  await page.waitForSelector('section.room');
  return page.evaluate(() => location.hash.split('/').pop());
}

export async function joinFromLobby(page, roomId) {
  const row = page.locator(`tr[data-room="${roomId}"]`);
  await row.locator('button:has-text("Join")').click();
  await page.waitForSelector(`section.room`);
}

export async function watchFromLobby(page, roomId) {
  await page.locator(`tr[data-room="${roomId}"] a:has-text("Watch")`).click();
  await page.waitForSelector('section.room .seats li');
}

export const cell = (page, id) => page.locator(`.board [data-cell="${id}"]`);

// Waits until it is this page's turn (true) or the game is over (false).
export async function myTurnOrOver(page, timeout = 30000) {
  await page.waitForSelector('section.room[data-my-turn="true"], section.room[data-status="finished"]', { timeout });
  return (await page.getAttribute('section.room', 'data-status')) !== 'finished';
}

export async function movesShown(page) {
  return page.locator('.side .moves li').count();
}

export async function waitForMoves(page, count, timeout = 30000) {
  await page.waitForFunction((n) => document.querySelectorAll('.side .moves li').length === n, count, { timeout });
}

export function assertNoErrors(...pages) {
  for (const page of pages) assert.deepEqual(page.errors, [], 'the page reported errors');
}

// Does `act` (a click that plays a move) and waits until the move is on the page's list.
export async function played(page, act) {
  const before = await page.locator('.side .moves li').count();
  await act();
  await page.waitForFunction((n) => document.querySelectorAll('.side .moves li').length > n, before);
  return before;
}
