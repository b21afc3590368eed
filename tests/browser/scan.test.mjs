// Scanning a cube: photos of its six faces through the page's "Use photos", and the live view
// with Chromium's fake camera. The faces are rendered (scan-fixtures.mjs) from seeded random
// states under varied lighting, white balance, noise, blur, tilt and glare; what the page reads
// is compared with the state, sticker by sticker.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { inView, launch, openPage, netColors, status } from './helpers.mjs';
import { bmp, faces, launchWithCamera, randomMoves, realColours, renderFace, rng, scanCube, waitForFace, y4m } from './scan-fixtures.mjs';

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

// A seeded random legal state of a puzzle of `n`: 25 random face turns from solved.
function randomState(n, random) {
  return wasm.apply_moves(n, '', randomMoves(random));
}

// Reads the cubes of a test set through the page's Use photos; what lands on the net against
// each state, sticker by sticker.
async function readThroughPage(page, set, total) {
  let stickers = 0;
  let stickersRight = 0;
  let cubesRight = 0;
  let marked = 0;
  let wrongUnmarked = 0;
  let size = 0;
  for (let k = 0; k < total; k++) {
    const { n, state, images } = scanCube(set, k, total, wasm.apply_moves);
    const files = images.map((img, i) => ({ name: `${k}-${'URFDLB'[i]}.bmp`, mimeType: 'image/bmp', buffer: bmp(img) }));
    if (await page.evaluate(() => document.body.dataset.flow === 'follow')) await page.getByRole('button', { name: 'Edit the cube' }).click();
    if (n !== size) {
      await page.getByRole('button', { name: `${n}x${n}`, exact: true }).click();
      size = n;
    }
    await page.evaluate(() => (document.getElementById('status').textContent = ''));
    await page.getByLabel('Use photos').setInputFiles(files);
    await page.waitForFunction(() => /read from six photos/.test(document.getElementById('status').textContent));
    const read = await netColors(page);
    const doubt = await page.locator('#net [data-facelet]').evaluateAll((els) => els.map((e, i) => (e.classList.contains('doubt') ? i : -1)).filter((i) => i >= 0));
    let right = 0;
    for (let i = 0; i < state.length; i++) {
      if (read[i] === state[i]) right++;
      else if (!doubt.includes(i)) wrongUnmarked++;
    }
    marked += doubt.length;
    stickers += state.length;
    stickersRight += right;
    if (right === state.length) cubesRight++;
  }
  return {
    stickers: stickersRight / stickers,
    cubes: cubesRight,
    report: `${set}: stickers right ${stickersRight} of ${stickers} (${((100 * stickersRight) / stickers).toFixed(2)}%), cubes exact ${cubesRight} of ${total}; ${marked} marked doubtful, ${wrongUnmarked} wrong and not marked`,
  };
}

test('photos of 100 rendered cubes (80 3x3, 20 2x2) under varied light: stickers and cubes read right', async (t) => {
  const page = await openPage(env);
  const r = await readThroughPage(page, 'rendered', 100);
  t.diagnostic(r.report);
  console.log(`# scan accuracy: ${r.report}`);
  assert.ok(r.stickers >= 0.995, r.report);
  assert.ok(r.cubes >= 97, r.report);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('photos with real-world colours on a phone: 100 cubes filling the guide, 40 taken freely', async (t) => {
  const page = await openPage(env, { viewport: { width: 375, height: 740 } });
  for (const [set, total, cubes] of [['real', 100, 85], ['free', 40, 33]]) {
    const r = await readThroughPage(page, set, total);
    t.diagnostic(r.report);
    console.log(`# scan accuracy: ${r.report}`);
    assert.ok(r.stickers >= 0.985, r.report);
    assert.ok(r.cubes >= cubes, r.report);
  }
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('doubtful stickers: asked in one tap each, the legal cube following every answer, painting one answers too', async () => {
  const page = await openPage(env, { viewport: { width: 375, height: 740 } });
  // Cubes of the real-colour set that come with questions.
  let asked = 0;
  for (const k of [6, 10, 22, 30]) {
    const { state, images } = scanCube('real', k, 100, wasm.apply_moves);
    if (await page.evaluate(() => document.body.dataset.flow === 'follow')) await page.getByRole('button', { name: 'Edit the cube' }).click();
    await page.evaluate(() => (document.getElementById('status').textContent = ''));
    await page.getByLabel('Use photos').setInputFiles(images.map((img, i) => ({ name: `${i}.bmp`, mimeType: 'image/bmp', buffer: bmp(img) })));
    await page.waitForFunction(() => /read from six photos/.test(document.getElementById('status').textContent));
    const ask = page.locator('#scan-ask');
    if (!(await ask.isVisible())) continue;
    assert.ok(await inView(page, ask), 'the question is on screen');
    for (let round = 0; round < 12 && (await ask.isVisible()); round++) {
      const text = await page.locator('#scan-ask-text').textContent();
      const [, name, a, b] = text.match(/^Check ([URFDLB]\d) \(outlined\): (\w+) or (\w+)\?/);
      const i = 'URFDLB'.indexOf(name[0]) * 9 + Number(name.slice(1)) - 1;
      const want = { U: 'white', R: 'red', F: 'green', D: 'yellow', L: 'orange', B: 'blue' }[state[i]];
      assert.ok([a, b].includes(want), `${name}: ${want} is offered (${a} or ${b})`);
      // The sticker asked about is marked on the face in view.
      assert.equal(await page.locator('#face-grid .asking').count(), 1);
      if (round === 1) {
        // Painting it answers too.
        await page.locator(`#palette button[data-color-index="${['white', 'red', 'green', 'yellow', 'orange', 'blue'].indexOf(want)}"]`).click();
        await page.locator(`[data-facelet="${name}"]`).evaluate((e) => e.click());
      } else {
        await page.locator('#scan-ask-choices').getByRole('button', { name: want, exact: true }).click();
      }
      await page.waitForFunction((n) => document.getElementById('status').textContent.startsWith(`${n} is`), name);
      asked++;
    }
    assert.equal(await netColors(page), state, `cube ${k}: every sticker right after the answers`);
  }
  assert.ok(asked >= 2, `${asked} questions answered`);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('photos: not six of them, or not images, change nothing and say why', async () => {
  const page = await openPage(env);
  const before = await netColors(page);
  const one = bmp(renderFace('UUUUUUUUU', 3, { random: rng(5) }));
  await page.getByLabel('Use photos').setInputFiles([{ name: 'u.bmp', mimeType: 'image/bmp', buffer: one }]);
  await page.waitForFunction(() => /Choose six photos/.test(document.getElementById('scan-status').textContent));
  assert.equal(await netColors(page), before);
  const junk = Array.from({ length: 6 }, (_, i) => ({ name: `${i}.bmp`, mimeType: 'image/bmp', buffer: Buffer.from('not an image') }));
  await page.getByLabel('Use photos').setInputFiles(junk);
  await page.waitForFunction(() => /could not be read as an image/.test(document.getElementById('scan-status').textContent));
  assert.equal(await netColors(page), before);
  await page.close();
});

test('the live view with a fake camera: each face captured by itself as it holds still, read into the net', async () => {
  // A video that shows the six faces in turn after a second of nothing, two seconds each, a
  // white mark along the top whose place says which; real-world colours.
  const random = rng(77);
  const state = randomState(3, random);
  const colours = realColours(state, 3, random);
  const blank = renderFace('UUUUUUUUU', 3, { w: 320, h: 240, random, paint: Array(9).fill([24, 24, 26]), glare: false });
  const frames = [blank, ...faces(state).flatMap((f, i) => {
    const img = renderFace(f, 3, { w: 320, h: 240, random, light: 0, balance: 0, noise: 4, blur: 1, tilt: 3, glare: false, marker: i, paint: colours.slice(i * 9, i * 9 + 9) });
    return [img, img];
  })];
  const dir = mkdtempSync(join(tmpdir(), 'cubehint-camera-'));
  const file = join(dir, 'cube.y4m');
  writeFileSync(file, y4m(frames, 1));
  const browser = await launchWithCamera(file);
  try {
    const page = await browser.newPage({ viewport: { width: 375, height: 740 } });
    const errors = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(env.base);
    await page.waitForSelector('body[data-ready="true"]');
    await page.getByRole('button', { name: 'Scan with camera' }).click();
    await page.waitForFunction(() => document.getElementById('scan-video').videoWidth > 0);
    assert.match(await page.locator('#scan-step').textContent(), /Face 1 of 6 \(U\): show the top face.*captured by itself/);
    // Nobody presses Capture: the six faces go in as the video shows them.
    await page.waitForFunction(() => /All six faces captured/.test(document.getElementById('scan-step').textContent), null, { timeout: 40000 });
    await page.getByRole('button', { name: 'Use these' }).click();
    await page.waitForFunction(() => /read from the camera/.test(document.getElementById('status').textContent));
    const read = await page.locator('[data-facelet]').evaluateAll((els) => els.map((e) => e.dataset.color).join(''));
    assert.equal(read, state, 'every sticker read right');
    assert.equal(await page.getByTestId('facelets').inputValue(), state, 'and in the sticker string field');
    // On a phone the cube read is solved at once; the editor is one tap away.
    await page.waitForFunction(() => document.body.dataset.flow === 'follow');
    await page.getByRole('button', { name: 'Edit the cube' }).click();
    // A rescan of one face: the other five are kept, and the faces captured already are named
    // when they come round instead of being taken for the front.
    await page.getByRole('button', { name: 'Scan with camera' }).click();
    await page.waitForFunction(() => document.getElementById('scan-video').videoWidth > 0);
    assert.equal(await page.getByRole('button', { name: 'Use these' }).isEnabled(), true);
    // While the right face is shown: the front is asked for, and the right face is named, not
    // taken for the front, by itself or by a press.
    await waitForFace(page, 1);
    await page.getByRole('button', { name: 'F: capture this face again' }).click();
    assert.match(await page.locator('#scan-step').textContent(), /Face 3 of 6 \(F\)/);
    await page.getByRole('button', { name: 'Capture', exact: true }).click();
    assert.match(await page.locator('#scan-status').textContent(), /That is the right face \(R\) again: show the front face/);
    assert.match(await page.locator('#scan-step').textContent(), /Face 3 of 6 \(F\)/);
    await page.waitForFunction(() => /All six faces captured/.test(document.getElementById('scan-step').textContent), null, { timeout: 20000 });
    await page.evaluate(() => (document.getElementById('status').textContent = ''));
    await page.getByRole('button', { name: 'Use these' }).click();
    await page.waitForFunction(() => /read from the camera/.test(document.getElementById('status').textContent));
    assert.equal(await page.locator('[data-facelet]').evaluateAll((els) => els.map((e) => e.dataset.color).join('')), state);
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

test('no camera allowed: said clearly, and the net still works', async () => {
  const page = await openPage(env);
  await page.evaluate(() => {
    navigator.mediaDevices.getUserMedia = () => Promise.reject(Object.assign(new Error('denied'), { name: 'NotAllowedError' }));
  });
  await page.getByRole('button', { name: 'Scan with camera' }).click();
  await page.waitForFunction(() => /camera was not allowed/.test(document.getElementById('scan-status').textContent));
  await page.locator('[data-facelet="U1"]').click();
  assert.match(await status(page).textContent(), /./);
  await page.close();
});
