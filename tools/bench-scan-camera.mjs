// The scanner's accuracy through the live view with Chromium's fake camera: for each of many
// cubes (seeded random states, every face under varied light, white balance, noise, blur, tilt
// and glare) a video of its six faces in turn, with marks along the top edge that say which
// cube and face a frame shows, played by a browser of its own (the fake camera takes one file);
// the page captures each face when its frame is up, reads the cube, and what lands in the net
// is compared with the state.
//
//   node tools/bench-scan-camera.mjs [--cubes 100]
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launch } from '../tests/browser/helpers.mjs';
import { faces, launchWithCamera, randomMoves, renderFace, rng, waitForFace, y4m } from '../tests/browser/scan-fixtures.mjs';

const cubes = Number(process.argv[process.argv.indexOf('--cubes') + 1] || 100);
const pkg = fileURLToPath(new URL('../www/pkg/', import.meta.url));
const wasm = await import(`${pkg}cubehint.js`);
wasm.initSync({ module: readFileSync(`${pkg}cubehint_bg.wasm`) });

// Marks: face f lights square f of the first row; cube k lights the squares of its bits in the
// second row (x = 4 + 16 * bit, y 16..26).
function mark(img, k) {
  for (let bit = 0; bit < 8; bit++) {
    if (!(k & (1 << bit))) continue;
    for (let y = 16; y < 26; y++) for (let x = 4 + 16 * bit; x < 14 + 16 * bit; x++) img.data.fill(255, (y * img.width + x) * 4, (y * img.width + x) * 4 + 3);
  }
  return img;
}

const env = await launch();
const dir = mkdtempSync(join(tmpdir(), 'cubehint-camera-'));
let stickers = 0;
let right = 0;
let cubesRight = 0;
try {
  for (let k = 0; k < cubes; k++) {
    const random = rng(5000 + k);
    const state = wasm.apply_moves(3, '', randomMoves(random));
    const hard = k % 4 === 3;
    const frames = faces(state).flatMap((f, i) => {
      const img = mark(
        renderFace(f, 3, { w: 256, h: 192, random, light: hard ? 0.6 : 0.3, balance: hard ? 0.2 : 0.1, noise: hard ? 14 : 6, blur: k % 3, tilt: hard ? 6 : 3, glare: k % 2 === 0, marker: i }),
        k,
      );
      return [img, img, img];
    });
    const file = join(dir, `cube-${k}.y4m`);
    writeFileSync(file, y4m(frames, 5));
    const browser = await launchWithCamera(file);
    try {
      const page = await browser.newPage({ viewport: { width: 375, height: 740 } });
      await page.goto(env.base);
      await page.waitForSelector('body[data-ready="true"]', { timeout: 120000 });
      await page.getByRole('button', { name: 'Scan with camera' }).click();
      await page.waitForFunction(() => document.getElementById('scan-video').videoWidth > 0);
      for (let f = 0; f < 6; f++) {
        await waitForFace(page, f, { cube: k, timeout: 60000 });
        await page.getByRole('button', { name: 'Capture', exact: true }).click();
      }
      await page.getByRole('button', { name: 'Use these' }).click();
      await page.waitForFunction(() => /read from the camera/.test(document.getElementById('status').textContent));
      const read = await page.locator('[data-facelet]').evaluateAll((els) => els.map((e) => e.dataset.color).join(''));
      const ok = [...state].filter((l, i) => read[i] === l).length;
      stickers += 54;
      right += ok;
      if (ok === 54) cubesRight++;
    } finally {
      await browser.close();
    }
  }
} finally {
  await env.close();
  rmSync(dir, { recursive: true, force: true });
}
console.log(`fake camera, ${cubes} cubes: stickers right ${right} of ${stickers} (${((100 * right) / stickers).toFixed(2)}%), cubes right ${cubesRight} of ${cubes}`);
