// The 3x3 search's large table: built in the background while Solve keeps working, kept in
// IndexedDB for the next visit, and rebuilt when the stored copy is damaged.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { launch, openPage, useField, isSolvedNet, solveByHints, damageStored } from './helpers.mjs';

const phase1 = (page) => page.evaluate(() => document.body.dataset.tablesPhase1 ?? null);

test('phase-1 table: background build, Solve meanwhile, cached, damage caught', { timeout: 300_000 }, async () => {
  const env = await launch();
  try {
    const page = await openPage(env);
    // Solve works while the table is being built (the note shows its progress).
    await page.waitForSelector('#search-note:not([hidden])', { timeout: 30_000 });
    await useField(page, "R U2 F' L D' B2 R' U F2 D L' B U' R2 F D2");
    await solveByHints(page);
    assert.ok(await isSolvedNet(page), 'solved with the small tables');
    await page.waitForFunction(() => document.body.dataset.tablesPhase1, null, { timeout: 240_000 });
    assert.equal(await phase1(page), 'built');
    assert.ok(await page.locator('#search-note').isHidden(), 'the note goes once the table is ready');
    await useField(page, "L2 B' D R F2 U' L B2 D' R2 F U2 L' B D2 R'");
    const moves = await solveByHints(page);
    assert.ok(moves.length <= 20, `at most 20 moves: ${moves.join(' ')}`);
    const left = await page.locator('#left').textContent();
    assert.ok(await isSolvedNet(page), `solved with the table: ${moves.join(' ')} (${left}; ${page.errors.join('; ')})`);

    // The next visit reads the stored copy.
    await page.reload();
    await page.waitForSelector('body[data-ready="true"]');
    await page.waitForFunction(() => document.body.dataset.tablesPhase1, null, { timeout: 60_000 });
    assert.equal(await phase1(page), 'cache');

    // A damaged copy is rejected and rebuilt.
    await damageStored(page, 'phase1', 5_000_000, 5_000_100);
    await page.reload();
    await page.waitForSelector('body[data-ready="true"]');
    await page.waitForFunction(() => document.body.dataset.tablesPhase1, null, { timeout: 240_000 });
    assert.match(await phase1(page), /rebuilt/);
    assert.deepEqual(page.errors, []);
  } finally {
    await env.close();
  }
});
