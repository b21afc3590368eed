// The page for people: sharing links, undo and redo, keyboard painting, hint modes, colours,
// accessibility, a phone-sized screen, and which tables come first.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { launch, openPage, sticker, status, useField, netColors, isSolvedNet } from './helpers.mjs';
import { bmp, scanCube } from './scan-fixtures.mjs';

const pkg = fileURLToPath(new URL('../../www/pkg/', import.meta.url));
const wasm = await import(`${pkg}cubehint.js`);
wasm.initSync({ module: readFileSync(`${pkg}cubehint_bg.wasm`) });

let env;
before(async () => {
  env = await launch();
});
after(async () => {
  await env?.close();
});

test('the address bar holds puzzle, state and hint step, and a fresh browser restores them', async () => {
  const page = await openPage(env);
  await useField(page, "R U F'");
  await page.getByRole('button', { name: 'Solve' }).click();
  await page.getByTestId('solution').locator('button').first().waitFor();
  await page.getByRole('button', { name: 'Next move' }).click();
  await page.getByRole('button', { name: 'Next move' }).click();
  const colors = await netColors(page);
  const url = page.url();
  assert.match(url, /#.*step=2/);
  await page.close();
  // A new browser context: no storage shared, only the link.
  const context = await env.browser.newContext();
  const fresh = await context.newPage();
  await fresh.goto(url);
  await fresh.waitForSelector('body[data-ready="true"]');
  assert.equal(await netColors(fresh), colors);
  assert.match(await fresh.locator('#hint').textContent(), /^Move 3 of 3/);
  await fresh.getByRole('button', { name: 'Next move' }).click();
  assert.ok(await isSolvedNet(fresh));
  // And a reload keeps it.
  await fresh.reload();
  await fresh.waitForSelector('body[data-ready="true"]');
  assert.ok(await isSolvedNet(fresh));
  assert.match(await fresh.locator('#hint').textContent(), /Solved/);
  assert.equal(await fresh.getByRole('button', { name: 'Previous move' }).isEnabled(), true, 'the solution is kept, at its end');
  await context.close();
});

test('switching puzzles and pressing Solve keep what was entered', async () => {
  const page = await openPage(env);
  await page.getByRole('button', { name: 'Clear' }).click();
  await page.locator('.swatch').nth(1).click();
  await sticker(page, 'U1').click();
  const painted = await netColors(page);
  await page.getByRole('button', { name: '2x2', exact: true }).click();
  await page.getByRole('button', { name: '3x3', exact: true }).click();
  assert.equal(await netColors(page), painted);
  await page.reload();
  await page.waitForSelector('body[data-ready="true"]');
  assert.equal(await netColors(page), painted, 'kept across a reload');
  await page.close();
});

test('undo and redo, by buttons and by keyboard', async () => {
  const page = await openPage(env);
  await page.getByRole('button', { name: 'Reset' }).click();
  const solved = await netColors(page);
  await page.locator('.swatch').nth(1).click();
  await sticker(page, 'U1').click();
  await sticker(page, 'U2').click();
  const two = await netColors(page);
  await page.getByRole('button', { name: 'Undo' }).click();
  await page.keyboard.press('Control+z');
  assert.equal(await netColors(page), solved);
  await page.getByRole('button', { name: 'Redo' }).click();
  await page.keyboard.press('Control+y');
  assert.equal(await netColors(page), two);
  await page.close();
});

test('the net can be painted with the keyboard alone', async () => {
  const page = await openPage(env);
  await page.getByRole('button', { name: 'Reset' }).click();
  await sticker(page, 'U1').focus();
  await page.keyboard.press('ArrowRight'); // U2
  await page.keyboard.press('ArrowDown'); // U5
  await page.keyboard.press('ArrowDown'); // U8
  await page.keyboard.press('2'); // red, then focus moves on to U9
  assert.equal(await sticker(page, 'U8').getAttribute('data-color'), 'R');
  await page.keyboard.press('ArrowDown'); // U9 -> F3
  assert.equal(await page.evaluate(() => document.activeElement.dataset.facelet), 'F3');
  await page.keyboard.press('g');
  assert.equal(await sticker(page, 'F3').getAttribute('data-color'), 'F');
  assert.match(await status(page).textContent(), /cannot exist|real cube/);
  await page.close();
});

test('hint modes: next move only, moves left only; clicking a move jumps there', async () => {
  const page = await openPage(env);
  await useField(page, "R U2 F'");
  await page.getByRole('button', { name: 'Solve' }).click();
  const list = page.getByTestId('solution');
  await list.locator('button').first().waitFor();
  assert.equal((await list.textContent()).trim().split(/\s+/).length, 3);
  await page.getByLabel('the next move only').check();
  assert.deepEqual((await list.textContent()).trim().split(/\s+/), ['F', '•', '•']);
  await page.getByLabel('moves left only').check();
  assert.equal(await list.isHidden(), true);
  assert.match(await page.locator('#left').textContent(), /3 moves left/);
  await page.getByLabel('the whole solution').check();
  await list.getByRole('button', { name: 'Go to move 3' }).click();
  assert.match(await page.locator('#hint').textContent(), /^Move 3 of 3/);
  await page.close();
});

test('a forced last sticker is filled in', async () => {
  const page = await openPage(env);
  await page.getByRole('button', { name: 'Reset' }).click();
  // Blank the URF corner, then paint two of its stickers: the third can only be one colour.
  await page.getByRole('button', { name: 'Clear' }).click();
  await page.locator('.swatch').nth(0).click();
  await sticker(page, 'U9').click();
  assert.equal(await sticker(page, 'R1').getAttribute('data-color'), '');
  await page.locator('.swatch').nth(1).click();
  await sticker(page, 'R1').click();
  assert.equal(await sticker(page, 'F3').getAttribute('data-color'), 'F', 'green is forced');
  assert.match(await status(page).textContent(), /Filled in 1 sticker/);
  await page.close();
});

test('moves are spoken when asked, and the turn animates unless motion is reduced', async () => {
  const page = await openPage(env);
  await page.evaluate(() => {
    window.spoken = [];
    speechSynthesis.speak = (u) => window.spoken.push(u.text);
  });
  await useField(page, "R U'");
  await page.getByRole('button', { name: 'Solve' }).click();
  await page.getByTestId('solution').locator('button').first().waitFor();
  await page.getByLabel('Speak moves').check();
  await page.getByRole('button', { name: 'Next move' }).click();
  const spoken = await page.evaluate(() => window.spoken);
  assert.match(spoken.at(-1), /^Turn the right face \(the one with the red centre\) a quarter turn counter-clockwise/);
  const moving = await page.evaluate(() => document.getAnimations().length);
  assert.ok(moving > 0, 'stickers travel');
  await page.getByRole('button', { name: 'Previous move' }).click();
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.evaluate(() => document.getAnimations().forEach((a) => a.finish()));
  await page.getByRole('button', { name: 'Next move' }).click();
  assert.equal(await page.evaluate(() => document.getAnimations().length), 0, 'no motion when reduced');
  await page.close();
});

test('colour schemes and face letters', async () => {
  const page = await openPage(env);
  await page.getByRole('button', { name: 'Reset' }).click();
  await page.getByText('Colours and display').click();
  await page.getByLabel('Colour scheme').selectOption('yellow');
  assert.equal(await sticker(page, 'U5').getAttribute('data-color'), 'D', 'yellow on top');
  assert.equal(await sticker(page, 'F5').getAttribute('data-color'), 'R', 'red in front');
  assert.match(await page.locator('#orientation').textContent(), /yellow centre on top and the red centre facing you/);
  assert.equal(await page.getByTestId('facelets').inputValue(), 'UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB');
  await page.getByLabel(/face letter on every sticker/).check();
  const letter = await sticker(page, 'R1').evaluate((b) => getComputedStyle(b, '::after').content);
  assert.equal(letter, '"R"');
  await page.getByLabel('Colour scheme').selectOption('standard');
  await page.close();
});

test('no serious or critical accessibility violations (axe-core), on a desktop and a phone, editing and following', async () => {
  for (const viewport of [{ width: 1200, height: 900 }, { width: 375, height: 740 }]) {
    const context = await env.browser.newContext({ bypassCSP: true, viewport });
    const page = await context.newPage();
    await page.goto(env.base);
    await page.waitForSelector('body[data-ready="true"]');
    await page.evaluate(readFileSync('node_modules/axe-core/axe.min.js', 'utf8'));
    const check = async (what) => {
      const result = await page.evaluate(() => window.axe.run(document, { resultTypes: ['violations'] }));
      const bad = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      assert.deepEqual(bad.map((v) => `${v.id}: ${v.nodes.length} (${v.nodes[0]?.target})`), [], `${viewport.width} px, ${what}`);
    };
    await check('editing');
    // A scan with a sticker in doubt: the question above the net.
    const { images } = scanCube('real', 6, 100, wasm.apply_moves);
    await page.getByLabel('Use photos').setInputFiles(images.map((img, i) => ({ name: `${i}.bmp`, mimeType: 'image/bmp', buffer: bmp(img) })));
    await page.locator('#scan-ask').waitFor();
    await check('asking about a scanned sticker');
    await useField(page, 'R U');
    await page.getByRole('button', { name: 'Solve' }).click();
    await page.getByTestId('solution').locator('button').first().waitFor();
    await check('following');
    await context.close();
  }
});

test('works on a phone-sized screen (375 px) and on desktop', async () => {
  mkdirSync('tests/browser/test-results', { recursive: true });
  for (const [name, viewport] of [['phone', { width: 375, height: 740 }], ['desktop', { width: 1280, height: 900 }]]) {
    const page = await openPage(env, { viewport });
    await page.getByRole('button', { name: '2x2', exact: true }).click();
    assert.ok((await page.evaluate(() => document.documentElement.scrollWidth)) <= viewport.width, `${name}: 2x2 fits`);
    await page.getByRole('button', { name: '3x3', exact: true }).click();
    await page.screenshot({ path: `tests/browser/test-results/${name}.png`, fullPage: true });
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(width <= viewport.width, `${name}: page is ${width}px wide`);
    // A phone shows a face at a time (large stickers) instead of the small net; a desktop the net.
    const box = await (name === 'phone' ? page.locator('[data-face-sticker="8"]') : sticker(page, 'B9')).boundingBox();
    assert.ok(box.x + box.width <= viewport.width, `${name}: the stickers fit`);
    if (name === 'phone') assert.ok(await page.locator('#net').isHidden(), 'one way to paint at a time');
    for (const label of ['Solve', 'Scramble', 'Next move'].slice(0, 2)) {
      const b = await page.getByRole('button', { name: label }).boundingBox();
      assert.ok(b.height >= 44, `${label} is a finger-sized target`);
    }
    await page.close();
  }
});

test('the puzzle on screen gets its tables first', async () => {
  for (const [hash, first] of [
    ['', 'data-tables3'],
    ['#p=2', 'data-tables2'],
  ]) {
    const page = await env.browser.newPage();
    await page.addInitScript(() => {
      window.tableOrder = [];
      new MutationObserver((records) => {
        for (const r of records) {
          if (!window.tableOrder.includes(r.attributeName)) window.tableOrder.push(r.attributeName);
        }
      }).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-tables2', 'data-tables3'] });
    });
    await page.goto(env.base + hash);
    await page.waitForFunction(() => window.tableOrder.length === 2, null, { timeout: 20000 });
    assert.equal((await page.evaluate(() => window.tableOrder))[0], first);
    await page.close();
  }
});

test('a browser without WebAssembly SIMD is told so, and keeps the net', async () => {
  const page = await env.browser.newPage();
  // Such a browser refuses the page's probe (and the solver's module).
  await page.addInitScript(() => {
    const validate = WebAssembly.validate;
    WebAssembly.validate = (bytes) => (new Uint8Array(bytes).includes(253) ? false : validate(bytes));
  });
  await page.goto(env.base);
  await page.waitForSelector('body[data-ready="true"]');
  assert.match(await status(page).textContent(), /cannot run the solver: it needs WebAssembly with SIMD/);
  // Painting still works.
  const before = await netColors(page);
  await page.locator('.swatch').nth(1).click();
  await sticker(page, 'U1').click();
  assert.notEqual(await netColors(page), before);
  // The same page with SIMD starts its solver as usual.
  const ok = await openPage(env);
  assert.doesNotMatch(await status(ok).textContent(), /SIMD/);
  await ok.close();
  await page.close();
});
