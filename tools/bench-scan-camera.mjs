// The scanner's accuracy through the live view with Chromium's fake camera, nobody pressing
// Capture: for each of many cubes (seeded random states, real-world colours as in the
// real-colour set) a video of its six faces in turn, two seconds each, played by a browser of
// its own (the fake camera takes one file); the page captures each face by itself as it holds
// still, reads the cube, and what lands in the net is compared with the state.
//
//   node tools/bench-scan-camera.mjs [--cubes 100]
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launch } from '../tests/browser/helpers.mjs';
import { faces, launchWithCamera, randomMoves, realColours, renderFace, rng, y4m } from '../tests/browser/scan-fixtures.mjs';

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
    // Real-world colours (as the real-colour set), a second of nothing first, each face held
    // two seconds: the page captures each by itself as it holds still.
    const colours = realColours(state, 3, random);
    const blank = mark(renderFace('UUUUUUUUU', 3, { w: 256, h: 192, random, paint: Array(9).fill([24, 24, 26]), glare: false }), k);
    const frames = [...Array(5).fill(blank), ...faces(state).flatMap((f, i) => {
      const img = mark(renderFace(f, 3, { w: 256, h: 192, random, light: 0, balance: 0, noise: 5, blur: k % 3, tilt: 3, glare: false, marker: i, paint: colours.slice(i * 9, i * 9 + 9) }), k);
      return Array(10).fill(img);
    })];
    const file = join(dir, `cube-${k}.y4m`);
    writeFileSync(file, y4m(frames, 5));
    const browser = await launchWithCamera(file);
    try {
      const page = await browser.newPage({ viewport: { width: 375, height: 740 } });
      await page.goto(env.base);
      await page.waitForSelector('body[data-ready="true"]', { timeout: 120000 });
      await page.getByRole('button', { name: 'Scan with camera' }).click();
      await page.waitForFunction(() => document.getElementById('scan-video').videoWidth > 0);
      await page.waitForFunction(() => /All six faces captured/.test(document.getElementById('scan-step').textContent), null, { timeout: 60000 });
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
