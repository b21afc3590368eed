// The page as a person uses it: painting, validation, pasting, switching puzzles, solving by
// hints, scrambling. Playwright drives headless Chromium.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, openPage, sticker, status, useField, netColors, isSolvedNet, solveByHints } from './helpers.mjs';

let env;
before(async () => {
  env = await launch();
});
after(async () => {
  await env?.close();
});

const SOLVED3 = 'UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB';

test('painting shows counts per colour and what is left to paint', async () => {
  const page = await openPage(env);
  await page.getByRole('button', { name: 'Clear' }).click();
  await assert.doesNotReject(status(page).getByText('Cleared').waitFor());
  const white = page.locator('[data-color="U"].swatch');
  assert.match(await white.textContent(), /1\/9/); // only the centre
  await white.click();
  for (const name of ['U1', 'U2', 'U3']) await sticker(page, name).click();
  assert.match(await white.textContent(), /4\/9/);
  assert.equal(await sticker(page, 'U2').getAttribute('aria-label'), 'U2: white');
  await page.locator('[data-color="R"].swatch').click();
  await sticker(page, 'U4').click();
  assert.match(await status(page).textContent(), /44 stickers left to paint/);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('a twisted corner is named and its stickers are highlighted', async () => {
  const page = await openPage(env);
  // Twist the URF corner clockwise by painting its three stickers.
  await page.locator('[data-color="F"].swatch').click();
  await sticker(page, 'U9').click();
  await page.locator('[data-color="U"].swatch').click();
  await sticker(page, 'R1').click();
  await page.locator('[data-color="R"].swatch').click();
  await sticker(page, 'F3').click();
  const text = await status(page).textContent();
  assert.match(text, /twist/);
  assert.match(text, /the corner at U9 R1 F3 is twisted clockwise/);
  const highlighted = await page.locator('.sticker.problem').evaluateAll((els) => els.map((e) => e.dataset.facelet));
  assert.deepEqual(highlighted.sort(), ['F3', 'R1', 'U9']);
  assert.equal(await page.getByRole('button', { name: 'Solve' }).isDisabled(), true);
  await page.close();
});

test('a pasted sticker string or move sequence is shown on the net', async () => {
  const page = await openPage(env);
  const fState = 'UUUUUULLLURRURRURRFFFFFFFFFRRRDDDDDDLLDLLDLLDBBBBBBBBB';
  await useField(page, fState);
  assert.equal(await netColors(page), fState);
  assert.equal(await sticker(page, 'U7').getAttribute('data-color'), 'L');
  await useField(page, "R U R' U'");
  const after = await page.getByTestId('facelets').inputValue();
  assert.equal(after.length, 54);
  assert.equal(await netColors(page), after);
  await useField(page, 'R U Q');
  assert.match(await status(page).textContent(), /move 3 'Q'/);
  assert.equal(await page.getByTestId('facelets').inputValue(), 'R U Q', 'what was typed is kept');
  await page.close();
});

test('the field: a sticker string of the wrong length, colour letters, lower case and an empty field', async () => {
  const page = await openPage(env);
  const fState = 'UUUUUULLLURRURRURRFFFFFFFFFRRRDDDDDDLLDLLDLLDBBBBBBBBB';
  await useField(page, fState);
  // One letter short: refused with its length, not read as 53 turns; the cube stays.
  await useField(page, fState.slice(0, 53));
  assert.match(await status(page).textContent(), /has 53 letters: a 3x3 needs 54 and a 2x2 24/);
  assert.equal(await netColors(page), fState);
  assert.equal(await page.getByTestId('facelets').inputValue(), fState.slice(0, 53), 'what was typed is kept');
  // Grouped by face with spaces, one letter too many.
  await useField(page, `${fState.match(/.{9}/g).join(' ')}U`);
  assert.match(await status(page).textContent(), /has 55 letters/);
  assert.equal(await netColors(page), fState);
  // Nothing typed: said so, and nothing changes.
  await useField(page, '  ');
  assert.match(await status(page).textContent(), /Type a sticker string/);
  assert.equal(await netColors(page), fState);
  // Colour letters (white red green yellow orange blue), either case: F applied to solved.
  const colours = { U: 'w', R: 'r', F: 'g', D: 'y', L: 'o', B: 'b' };
  await useField(page, [...fState].map((l) => colours[l]).join('').toUpperCase());
  assert.equal(await netColors(page), fState);
  assert.match(await status(page).textContent(), /Read as colours/);
  // Face letters in lower case.
  await useField(page, 'UFUFRRRRFDFDDBDBLLLLUBUB'.toLowerCase());
  assert.equal(await netColors(page), 'UFUFRRRRFDFDDBDBLLLLUBUB');
  // Moves are still moves (on the 2x2 now shown).
  await useField(page, "R U'");
  assert.match(await status(page).textContent(), /Applied R U' to a solved cube/);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('switching to 2x2 and back keeps each cube', async () => {
  const page = await openPage(env);
  await useField(page, 'R U');
  const three = await netColors(page);
  await page.getByRole('button', { name: '2x2', exact: true }).click();
  assert.equal(await page.locator('[data-facelet]').count(), 24);
  assert.equal(await sticker(page, 'B4').count(), 1);
  await useField(page, 'UFUFRRRRFDFDDBDBLLLLUBUB');
  await page.getByRole('button', { name: '3x3', exact: true }).click();
  assert.equal(await page.locator('[data-facelet]').count(), 54);
  assert.equal(await netColors(page), three);
  await page.getByRole('button', { name: '2x2', exact: true }).click();
  assert.equal(await netColors(page), 'UFUFRRRRFDFDDBDBLLLLUBUB');
  await page.close();
});

test('2x2: solve a pasted state by following every hint, then step back once', async () => {
  const page = await openPage(env);
  await page.getByRole('button', { name: '2x2', exact: true }).click();
  // A rotated, scrambled 2x2 (x y applied after R U F' R2).
  await useField(page, "R U F' R2 x y");
  const start = await netColors(page);
  const moves = await solveByHints(page);
  assert.ok(moves.length >= 1 && moves.length <= 11);
  assert.ok(await isSolvedNet(page), `net solved after ${moves.join(' ')}`);
  assert.equal((await page.locator('#left').textContent()).trim(), '', 'no "0 moves left" once solved');
  await page.getByRole('button', { name: 'Previous move' }).click();
  assert.ok(!(await isSolvedNet(page)));
  assert.match(await page.locator('#left').textContent(), /^1 move left/);
  for (let i = 1; i < moves.length; i++) await page.getByRole('button', { name: 'Previous move' }).click();
  assert.equal(await netColors(page), start, 'stepping back all the way restores the start');
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('2x2 in the quarter-turn metric counts half turns as two', async () => {
  const page = await openPage(env);
  await page.getByRole('button', { name: '2x2', exact: true }).click();
  await page.getByLabel('2x2 moves counted in').selectOption('qtm');
  await useField(page, 'R2 U');
  const moves = await solveByHints(page);
  assert.deepEqual(moves, ["U'", 'R2']);
  assert.ok(await isSolvedNet(page));
  await page.getByRole('button', { name: 'Previous move' }).click();
  assert.match(await page.locator('#left').textContent(), /^2 quarter turns left/);
  await page.close();
});

test('2x2 and 3x3: Scramble then Solve', async () => {
  const page = await openPage(env);
  for (const size of ['2x2', '3x3']) {
    await page.getByRole('button', { name: size, exact: true }).click();
    await page.getByRole('button', { name: 'Scramble' }).click();
    await status(page).getByText('Scrambled with').waitFor({ timeout: 20000 });
    assert.ok(!(await isSolvedNet(page)));
    const moves = await solveByHints(page);
    assert.ok(moves.length > 0 && moves.length <= 20, `${size}: ${moves.length} moves`);
    assert.ok(await isSolvedNet(page), `${size} solved by following the hints`);
  }
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('3x3: paint a state sticker by sticker, solve, follow every hint', async () => {
  const page = await openPage(env);
  // Paint the stickers that "R" changes, as a person copying their cube would.
  const target = 'UUFUUFUUFRRRRRRRRRFFDFFDFFDDDBDDBDDBLLLLLLLLLUBBUBBUBB';
  const letters = [...target];
  for (let i = 0; i < 54; i++) {
    if (letters[i] === SOLVED3[i]) continue;
    await page.locator(`[data-color="${letters[i]}"].swatch`).click();
    await page.locator('[data-facelet]').nth(i).click();
  }
  assert.equal(await page.getByTestId('facelets').inputValue(), target);
  assert.match(await status(page).textContent(), /real cube state/);
  const moves = await solveByHints(page);
  assert.deepEqual(moves, ["R'"]);
  assert.ok(await isSolvedNet(page));
  assert.match(await page.locator('#hint').textContent(), /Solved/);
  await page.close();
});

test('hints speak of the face by its centre colour and direction', async () => {
  const page = await openPage(env);
  await useField(page, "F'");
  await page.getByRole('button', { name: 'Solve' }).click();
  await page.getByTestId('solution').getByText('F').waitFor();
  const hint = await page.locator('#hint').textContent();
  assert.match(hint, /front face \(the one with the green centre\) a quarter turn clockwise/);
  assert.equal(await page.locator('.face-turn.turn').getAttribute('data-direction'), 'cw');
  await page.close();
});
