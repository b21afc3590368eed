// The page's optimal mode: Find optimal builds (or loads) its table with progress, finds the
// shortest solution, feeds the hints; Cancel stops a search and leaves the page usable; the
// table is kept for the next visit, and a damaged copy is rebuilt.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { launch, openPage, useField, status, isSolvedNet, damageStored } from './helpers.mjs';

test('Find optimal: table built with progress, then an optimal solution followed to solved', { timeout: 300_000 }, async () => {
  const env = await launch();
  try {
    // The medium tables (h0 alone) build in seconds; the large ones are measured by
    // tools/bench-optimal-browser.mjs.
    const page = await openPage(env, { query: '?table=medium' });
    // Thirteen moves that a shorter sequence undoes: R R is R2, so the optimal solution has 12
    // (cubehint solve --optimal), more than Solve proves shortest on its own.
    await useField(page, "R R U F' D2 L B' U' F2 R' D B L2");
    const t0 = Date.now();
    await page.getByRole('button', { name: 'Find optimal' }).click();
    await page.waitForSelector('#optimal-box:not([hidden])');
    await page.waitForSelector('body[data-optimal="done"]', { timeout: 280_000 });
    console.log(`optimal table ${await page.evaluate(() => document.body.dataset.tablesOptimal)}; answer after ${Date.now() - t0} ms`);
    await assert.doesNotReject(status(page).filter({ hasText: 'Found an optimal solution: 12 moves' }).waitFor());
    const moves = (await page.getByTestId('solution').textContent()).trim().split(/\s+/);
    assert.equal(moves.length, 12);
    for (let i = 0; i < 12; i++) await page.getByRole('button', { name: 'Next move' }).click();
    assert.ok(await isSolvedNet(page), 'the hints solve the cube');
    assert.deepEqual(page.errors, []);

    // Cancel: a random state takes long; cancel it and check the page still solves.
    await page.getByRole('button', { name: 'Scramble' }).click();
    await status(page).filter({ hasText: 'Scrambled with' }).waitFor();
    const before = await page.getByTestId('facelets').inputValue();
    await page.getByRole('button', { name: 'Find optimal' }).click();
    await page.waitForSelector('body[data-optimal-lower]');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.waitForSelector('body[data-optimal="cancelled"]');
    assert.equal(await page.getByTestId('facelets').inputValue(), before, 'the cube is kept');
    await page.getByRole('button', { name: 'Solve', exact: true }).click();
    await status(page).filter({ hasText: 'Found a' }).waitFor({ timeout: 30_000 });
    assert.ok(await page.getByRole('button', { name: 'Find optimal' }).isEnabled());
    assert.deepEqual(page.errors, []);

    // The next visit reads the stored table (kept in 32 MB pieces); a damaged piece is caught
    // and the table rebuilt.
    const findAgain = async () => {
      await page.reload();
      await page.waitForSelector('body[data-ready="true"]');
      await useField(page, "L F' U2 B R' D L2 F U' B2 R D'");
      await page.getByRole('button', { name: 'Find optimal' }).click();
      await page.waitForSelector('body[data-optimal="done"]', { timeout: 120_000 });
      await status(page).filter({ hasText: 'Found an optimal solution: 12 moves' }).waitFor();
      // A helper that loaded its copy first may have answered before the first worker, whose
      // report says where the tables came from, had loaded its own.
      await page.waitForSelector('body[data-tables-optimal]');
      return page.evaluate(() => document.body.dataset.tablesOptimal);
    };
    assert.equal(await findAgain(), 'cache');
    await damageStored(page, 'optimal-large:1', 1000, 1100);
    assert.match(await findAgain(), /rebuilt/);
    assert.deepEqual(page.errors, []);
  } finally {
    await env.close();
  }
});

test('Find optimal answers at once where Solve has proven its solution shortest', async () => {
  const env = await launch();
  try {
    const page = await openPage(env, { query: '?table=medium' });
    // Eight moves that a shorter sequence undoes: R R is R2, so the optimal solution has 7;
    // Solve proves cubes within 10 moves of solved shortest itself.
    await useField(page, "R R U F' D2 L B' U'");
    await page.getByRole('button', { name: 'Solve', exact: true }).click();
    await status(page).filter({ hasText: 'Found a 7-move optimal solution' }).waitFor({ timeout: 30_000 });
    // Halfway along it, the rest is the shortest from there: no table is built or read.
    for (let i = 0; i < 3; i++) await page.getByRole('button', { name: 'Next move' }).click();
    await page.getByRole('button', { name: 'Find optimal' }).click();
    await page.waitForSelector('body[data-optimal="done"]', { timeout: 5_000 });
    await status(page).filter({ hasText: 'Found an optimal solution: 4 moves, and no shorter one exists: the rest of the one you are following' }).waitFor();
    // A cube with no solution on show: Solve is asked, and its proof is the answer.
    await useField(page, "F2 L' U B2");
    await page.getByRole('button', { name: 'Find optimal' }).click();
    await status(page).filter({ hasText: 'Found an optimal solution: 4 moves, and no shorter' }).waitFor({ timeout: 10_000 });
    for (let i = 0; i < 4; i++) await page.getByRole('button', { name: 'Next move' }).click();
    assert.ok(await isSolvedNet(page), 'the hints solve the cube');
    assert.equal(await page.evaluate(() => document.body.dataset.tablesOptimal), undefined, 'no optimal table was needed');
    assert.deepEqual(page.errors, []);
  } finally {
    await env.close();
  }
});

test('Find optimal shared by three workers: the shortest solutions, then hints to solved', { timeout: 300_000 }, async () => {
  const env = await launch();
  try {
    const page = await openPage(env, { query: '?table=medium&workers=3' });
    // 13 moves scrambled; the optimal solution has 13 too (cubehint solve --optimal).
    await useField(page, "R U F' D2 L B' U' F2 R' D B L2 U");
    await page.getByRole('button', { name: 'Find optimal' }).click();
    await page.waitForSelector('body[data-optimal="done"]', { timeout: 280_000 });
    await assert.doesNotReject(status(page).filter({ hasText: 'Found an optimal solution: 13 moves' }).waitFor());
    // The first search may end before the other workers have loaded the kept tables (the
    // answer does not wait for them); given a few seconds they are ready for the next, long
    // enough for them to take a share (2.4 s natively on one thread): a 16-move cube (seed 11's
    // eleventh, 16 optimal, cubehint solve --optimal).
    await page.waitForTimeout(5000);
    await useField(page, "L' D2 B2 R F2 D2 B2 L2 R' D2 R2 U2 D' R2 B L2 R' D B R");
    await page.getByRole('button', { name: 'Find optimal' }).click();
    await status(page).filter({ hasText: 'Found an optimal solution: 16 moves' }).waitFor({ timeout: 240_000 });
    const workers = Number(await page.evaluate(() => document.body.dataset.optimalWorkers));
    console.log(`${workers} workers took part in the search`);
    assert.ok(workers >= 2, 'the workers shared the search');
    const moves = (await page.getByTestId('solution').textContent()).trim().split(/\s+/);
    assert.equal(moves.length, 16);
    for (let i = 0; i < 16; i++) await page.getByRole('button', { name: 'Next move' }).click();
    assert.ok(await isSolvedNet(page), 'the hints solve the cube');
    assert.deepEqual(page.errors, []);
  } finally {
    await env.close();
  }
});
