// The scanner's reading, in Node (the page's own pure reader, www/scan.js), on the two seeded
// test sets: the rendered one (varied light, white balance, noise, blur, tilt, glare) and the
// real-colour one (colours as phones read real cubes: close red and orange, washed yellow,
// clipped white, deep shadows, a light per face). The browser test reads the same sets through
// the page's Use photos.
//
//   node tools/bench-scan.mjs [--cubes 100] [--set rendered|real|free|all]
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { scanCube } from '../tests/browser/scan-fixtures.mjs';
import { readCube } from '../www/scan.js';

const arg = (name, dflt) => (process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : dflt);
const cubes = Number(arg('--cubes', 100));
const which = arg('--set', 'all');
const pkg = fileURLToPath(new URL('../www/pkg/', import.meta.url));
const wasm = await import(`${pkg}cubehint.js`);
wasm.initSync({ module: readFileSync(`${pkg}cubehint_bg.wasm`) });
const PALETTE = [[255, 255, 255], [208, 2, 27], [0, 155, 72], [255, 213, 0], [255, 108, 0], [0, 70, 173]];
const LETTER_OF_COLOUR = 'URFDLB';

export const testCube = (set, k, total) => scanCube(set, k, total, wasm.apply_moves);

for (const set of which === 'all' ? ['rendered', 'real', 'free'] : [which]) {
  let stickers = 0;
  let right = 0;
  let exact = 0;
  let flagged = 0;
  let wrongUnflagged = 0;
  const started = performance.now();
  for (let k = 0; k < cubes; k++) {
    const { n, state, images } = testCube(set, k, cubes);
    const read = readCube(images, n, PALETTE);
    const letters = read.colors.map((c) => LETTER_OF_COLOUR[c]).join('');
    let ok = 0;
    for (let i = 0; i < state.length; i++) {
      if (letters[i] === state[i]) ok++;
      else if (!read.doubtful.includes(i)) wrongUnflagged++;
    }
    flagged += read.doubtful.length;
    stickers += state.length;
    right += ok;
    if (ok === state.length) exact++;
    else if (process.argv.includes('--verbose')) console.log(`  ${set} cube ${k} (${n}x${n}): ${state.length - ok} wrong at ${[...state].map((l, i) => (letters[i] !== l ? `${i}:${l}->${letters[i]}${read.doubtful.includes(i) ? '?' : ''}` : '')).filter(Boolean).join(' ')}${read.problem ? ` problem: ${read.problem}` : ''}`);
  }
  const ms = (performance.now() - started) / cubes;
  console.log(`${set}: stickers right ${right} of ${stickers} (${((100 * right) / stickers).toFixed(2)} %), cubes exact ${exact} of ${cubes}; ${flagged} doubtful, ${wrongUnflagged} wrong and not doubtful; ${ms.toFixed(0)} ms a cube with rendering`);
}
