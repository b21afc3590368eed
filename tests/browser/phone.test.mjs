// The page on a phone (375 x 740, touch): a new user's way from the cube in hand to solved, with
// each control needed for the next step measured to be on screen when that step begins, and
// the paths that broke on phones (typed text lost, a hard cube's search that would not stop).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { inView, launch, netColors, openPage, status, useField } from './helpers.mjs';
import { faces, launchWithCamera, randomMoves, renderFace, rng, y4m } from './scan-fixtures.mjs';

const pkg = fileURLToPath(new URL('../../www/pkg/', import.meta.url));
const wasm = await import(`${pkg}cubehint.js`);
wasm.initSync({ module: readFileSync(`${pkg}cubehint_bg.wasm`) });

const PHONE = { width: 375, height: 740 };
const SOLVED = 'UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB';
const HARD = 'RBFLURBFLBUUFRBBDDRUURFLRDDBFLLDRRBFFUUBLFFDDLUULBRLDD';

let env;
before(async () => {
  env = await launch();
});
after(async () => {
  await env?.close();
});

// A person's taps, and the scrolling they had to do to find a control (none, if the page shows
// each one when its step begins). `need` names what must be in view; a control that is not is
// scrolled to (as a person would, the distance counted) and named in `missed`.
function walker(page) {
  const w = { taps: 0, scrolled: 0, missed: [] };
  w.need = async (name, locator) => {
    await locator.waitFor({ state: 'visible' });
    if (await inView(page, locator)) return;
    w.missed.push(name);
    const y0 = await page.evaluate(() => window.scrollY);
    await locator.scrollIntoViewIfNeeded();
    w.scrolled += Math.abs((await page.evaluate(() => window.scrollY)) - y0);
  };
  w.tap = async (name, locator) => {
    await w.need(name, locator);
    await locator.tap();
    w.taps++;
  };
  return w;
}

test('on a phone: scan by camera, then follow every hint to solved, each control in view when its step begins', { timeout: 240_000 }, async (t) => {
  const random = rng(4401);
  const state = wasm.apply_moves(3, '', randomMoves(random));
  const frames = faces(state).flatMap((f, i) => {
    const img = renderFace(f, 3, { w: 320, h: 240, random, light: 0.3, balance: 0.1, noise: 6, blur: 1, tilt: 3, glare: true, marker: i });
    return [img, img];
  });
  const dir = mkdtempSync(join(tmpdir(), 'cubehint-phone-'));
  const file = join(dir, 'cube.y4m');
  writeFileSync(file, y4m(frames, 1));
  const browser = await launchWithCamera(file);
  try {
    const page = await browser.newPage({ viewport: PHONE, hasTouch: true, isMobile: true });
    const errors = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    // What the faster search's note said while it was on show.
    await page.addInitScript(() => {
      window.noteSaid = [];
      document.addEventListener('DOMContentLoaded', () => {
        const note = document.getElementById('search-note');
        new MutationObserver(() => note.hidden || window.noteSaid.push(note.textContent)).observe(note, { attributes: true, childList: true, characterData: true, subtree: true });
      });
    });
    await page.goto(env.base);
    await page.waitForSelector('body[data-ready="true"]');
    const w = walker(page);

    // The first screen offers the camera.
    await w.tap('Scan with camera', page.getByRole('button', { name: 'Scan with camera' }));
    await page.waitForFunction(() => document.getElementById('scan-video').videoWidth > 0);
    await w.need('the video', page.locator('#scan-video'));
    assert.ok(await page.getByRole('group', { name: 'Capture again:' }).isVisible(), 'the face buttons under the video have a visible label');
    const capture = page.getByRole('button', { name: 'Capture', exact: true });
    // The faces go in by themselves as the cube is held still: no Capture to press.
    assert.match(await page.locator('#scan-step').textContent(), /^Face 1 of 6 \(U\).*captured by itself/);
    await page.waitForFunction(() => /^All six faces captured/.test(document.getElementById('scan-step').textContent), null, { timeout: 40000 });
    // All six: Capture waits for a face to be picked.
    assert.equal(await capture.isDisabled(), true);
    // One face again: the prompt names it, and after it, all six again (not the next face).
    await w.tap('Capture again: F', page.getByRole('button', { name: 'F: capture this face again' }));
    assert.match(await page.locator('#scan-step').textContent(), /^Face 3 of 6 \(F\)/);
    await page.waitForFunction(() => /^All six faces captured/.test(document.getElementById('scan-step').textContent), null, { timeout: 20000 });
    assert.match(await page.locator('#scan-status').textContent(), /^Captured the front face \(F\)/, 'the cue says which face went in, and no older prompt stays beside it');

    // Use these: the cube is solved at once, and the hint, the 3D cube and Next are on screen.
    await w.tap('Use these', page.getByRole('button', { name: 'Use these' }));
    await page.waitForFunction(() => !document.getElementById('hints').hidden && document.body.dataset.flow === 'follow');
    assert.equal(await page.locator('#scan-status').textContent(), '', 'the scan note is gone');
    assert.equal(await netColors(page), state, 'every sticker read right');
    const next = page.getByRole('button', { name: 'Next move' });
    for (const [name, loc] of [['the hint', page.locator('#hint')], ['the 3D cube', page.locator('#scene3d')], ['Next move', next], ['Previous move', page.getByRole('button', { name: 'Previous move' })]]) {
      assert.ok(await inView(page, loc), `${name} on screen after Use these`);
    }
    const scene = await page.locator('#scene3d').boundingBox();
    assert.ok(scene.width >= 0.6 * PHONE.width, `the 3D cube is ${Math.round(scene.width)} px wide`);
    assert.ok(Math.abs(scene.x + scene.width / 2 - PHONE.width / 2) < 24, 'and centred');
    const nextBox = await next.boundingBox();
    assert.ok(nextBox.y > PHONE.height / 2, `Next move in reach of a thumb (y = ${Math.round(nextBox.y)})`);
    assert.ok(await page.locator('#net').isHidden(), 'the editor folds away');
    assert.equal(await page.locator('#scene3d .plate3d').count(), 6, 'a dark plate under each face of the 3D cube (no specks through the corners)');

    const moves = (await page.getByTestId('solution').textContent()).trim().split(/\s+/);
    assert.ok(moves.length >= 1 && moves.length <= 20, `${moves.length} moves`);
    for (let i = 0; i < moves.length; i++) {
      // Words, net and 3D on the same move: the move to make next.
      assert.match(await page.locator('#hint').textContent(), new RegExp(`^Move ${i + 1} of ${moves.length}:`));
      assert.equal(await page.locator('.face-turn.turn').getAttribute('data-face-turn'), moves[i][0], `net marks move ${i + 1}`);
      await page.waitForFunction((m) => {
        const arrows = [...document.querySelectorAll('#scene3d .turn-arrow')];
        return arrows.length > 0 && arrows.every((a) => a.dataset.arrow === m);
      }, moves[i], { timeout: 5000 });
      await w.tap(`Next move (${i + 1})`, next);
    }
    assert.equal(await netColors(page), SOLVED, 'solved');
    assert.match(await page.locator('#hint').textContent(), /Solved/);
    assert.equal(await page.locator('#scene3d .turn-arrow').count(), 0, 'no arrow once solved');
    // Edit the cube: one tap back to the editor.
    await w.tap('Edit the cube', page.getByRole('button', { name: 'Edit the cube' }));
    assert.ok(await page.locator('#face-grid').isVisible(), 'the editor is back');
    // The faster search's note went once its table was ready, and never said 100 % before.
    await page.waitForFunction(() => document.body.dataset.tablesPhase1, null, { timeout: 120_000 });
    assert.ok(await page.locator('#search-note').isHidden(), 'the note is gone');
    assert.deepEqual((await page.evaluate(() => window.noteSaid)).filter((t) => /100\s*%/.test(t)), []);
    const report = `${w.taps} taps, ${w.scrolled} px scrolled by hand, ${w.missed.length} controls out of view${w.missed.length ? ` (${w.missed.join(', ')})` : ''}; ${moves.length} moves followed`;
    t.diagnostic(report);
    console.log(`# phone flow: ${report}`);
    assert.deepEqual(w.missed, [], 'every control in view when its step begins');
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

test('painting on a phone: a face at a time, the palette in view on every face', async () => {
  const page = await openPage(env, { viewport: PHONE });
  const palette = page.locator('#palette');
  for (let f = 0; f < 6; f++) {
    assert.ok(await inView(page, palette), `the palette in view on face ${f + 1}`);
    await page.getByRole('button', { name: /^3 Green/ }).click();
    await page.locator('[data-face-sticker="0"]').click();
    await page.getByRole('button', { name: 'Next face' }).click();
  }
  assert.ok(await page.locator('#net').isHidden(), 'the small net gives way to the face view');
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('typed text is never lost: Solve with a pasted string not yet used solves that string and keeps it', async () => {
  for (const viewport of [PHONE, { width: 1200, height: 900 }]) {
    const page = await openPage(env, { viewport });
    const pasted = wasm.apply_moves(3, '', "R U F' L2 D B'");
    await page.getByTestId('facelets').fill(pasted);
    await page.getByRole('button', { name: 'Solve', exact: true }).click();
    await page.waitForFunction(() => !document.getElementById('hints').hidden);
    const moves = (await page.getByTestId('solution').textContent()).trim().split(/\s+/);
    assert.equal(wasm.apply_moves(3, pasted, moves.join(' ')), SOLVED, `${viewport.width}: the pasted cube is the one solved`);
    assert.equal(await page.getByTestId('facelets').inputValue(), pasted, `${viewport.width}: the field still holds it`);
    if (viewport.width <= 700) {
      // The editor folded away while the solution is followed; back, the text is there.
      await page.getByRole('button', { name: 'Edit the cube' }).click();
      assert.equal(await page.getByTestId('facelets').inputValue(), pasted);
    } else {
      // A step through the solution leaves text typed meanwhile alone.
      await page.getByTestId('facelets').fill("R U R'");
      await page.getByRole('button', { name: 'Next move' }).click();
      assert.equal(await page.getByTestId('facelets').inputValue(), "R U R'");
      // A wrong text is refused with its reason, and kept.
      const wrong = `${pasted.slice(0, 53)}U`;
      await page.getByTestId('facelets').fill(wrong);
      await page.getByRole('button', { name: 'Solve', exact: true }).click();
      // Not searched for: the problems stay said.
      await page.waitForTimeout(500);
      assert.match(await status(page).textContent(), /cannot exist/);
      assert.equal(await page.getByTestId('facelets').inputValue(), wrong);
    }
    assert.deepEqual(page.errors, []);
    await page.close();
  }
});

test('a hard cube on a phone: a solution on screen within a second, never swapped while followed, Stop always stops', { timeout: 120_000 }, async () => {
  const page = await openPage(env, { viewport: PHONE });
  await page.waitForFunction(() => document.body.dataset.tables3, null, { timeout: 60_000 });
  await useField(page, HARD);
  const t0 = Date.now();
  await page.waitForFunction(() => !document.getElementById('hints').hidden, null, { timeout: 30_000 });
  const firstMs = Date.now() - t0;
  const first = (await page.getByTestId('solution').textContent()).trim();
  assert.ok(firstMs < 1500, `first solution on screen after ${firstMs} ms`);
  const next = page.getByRole('button', { name: 'Next move' });
  for (let i = 0; i < 3; i++) await next.click();
  // Whatever the search finds meanwhile, the solution being followed stays.
  await page.waitForTimeout(3000);
  assert.equal((await page.getByTestId('solution').textContent()).trim(), first, 'the solution followed is not replaced');
  // The search for 20 or fewer goes on (this cube has no 20 within the quick search's 10 s),
  // and Stop ends it at once.
  assert.match(await status(page).textContent(), /Searching for 20 or fewer|Still searching/);
  await page.getByRole('button', { name: 'Stop searching' }).first().click();
  await page.waitForFunction(() => /Stopped\. The \d+-move solution stays/.test(document.getElementById('status').textContent), null, { timeout: 3000 });
  // Back to the cube as entered; Solve again, then Next within a second, then Stop: stopped,
  // and the steps taken stay.
  const prev = page.getByRole('button', { name: 'Previous move' });
  while (await prev.isEnabled()) await prev.click();
  await page.getByRole('button', { name: 'Solve', exact: true }).click();
  await next.click();
  const stop = page.getByRole('button', { name: 'Stop searching' }).first();
  await stop.waitFor({ timeout: 5000 });
  const step = await page.locator('#solution .move.current').textContent();
  await stop.click();
  await page.waitForFunction(() => /Stopped\./.test(document.getElementById('status').textContent), null, { timeout: 3000 });
  assert.equal(await page.locator('#solution .move.current').textContent(), step, 'the step reached stays');
  // Following it to the end solves the cube.
  while (await next.isEnabled()) await next.click();
  assert.equal(await netColors(page), wasm.apply_moves(3, '', ''), 'solved');
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('words on a phone: "an 8-move", no "0 moves left", a 2x2 face view without centres, settings that show they open', async () => {
  const page = await openPage(env, { viewport: PHONE });
  await useField(page, "R U F' L2 D B' R2 U'");
  await page.waitForFunction(() => !document.getElementById('hints').hidden);
  assert.match(await status(page).textContent(), /Found an 8-move/);
  const next = page.getByRole('button', { name: 'Next move' });
  while (await next.isEnabled()) await next.click();
  assert.equal((await page.locator('#left').textContent()).trim(), '', 'nothing said of moves left once solved');
  assert.doesNotMatch(await page.locator('#hints').textContent(), /\b0 moves left|At most 0/);
  await page.getByRole('button', { name: 'Edit the cube' }).click();
  await page.getByRole('button', { name: '2x2', exact: true }).click();
  const hold = await page.locator('#face-hold').textContent();
  assert.doesNotMatch(hold, /centre/, hold);
  // "Colours and display" shows that it opens.
  const summary = page.locator('.settings summary');
  const sign = await summary.evaluate((s) => getComputedStyle(s, '::before').content + getComputedStyle(s, '::after').content);
  assert.match(sign, /tap to open/);
  assert.deepEqual(page.errors, []);
  await page.close();
});
