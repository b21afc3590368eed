// Unit tests of the scanner's reading (plain modules, run in Node): the likeliest legal cube,
// the questions and answers, the faces that look wrong. Cubes are checked by the wasm module's
// own validation, not by the reader's idea of a legal cube.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { decide, readColours, readCube, sampleFace } from '../../www/scan.js';
import { legalCubes, likeliestCubes, ROTATIONS } from '../../www/scan-legal.js';
import { randomMoves, realColours, rng, scanCube } from './scan-fixtures.mjs';

const pkg = fileURLToPath(new URL('../../www/pkg/', import.meta.url));
const wasm = await import(`${pkg}cubehint.js`);
wasm.initSync({ module: readFileSync(`${pkg}cubehint_bg.wasm`) });

const PALETTE = [[255, 255, 255], [208, 2, 27], [0, 155, 72], [255, 213, 0], [255, 108, 0], [0, 70, 173]];
const STANDARD = [0, 1, 2, 3, 4, 5];
const LETTERS = 'URFDLB';
const coloursOf = (state) => [...state].map((l) => LETTERS.indexOf(l));

// Palette colours to face letters: on the 3x3 by the centres, on the 2x2 by the scheme.
function lettersOf(n, colours) {
  if (n === 2) return colours.map((c) => LETTERS[c]).join('');
  return colours.map((c) => LETTERS[[0, 1, 2, 3, 4, 5].find((f) => colours[f * 9 + 4] === c)] ?? '?').join('');
}
const legal = (n, colours) => wasm.validate(lettersOf(n, colours)).ok;

test('exact readings: the legal cube read is the cube, for 3x3 and 2x2 states, held any of 24 ways', () => {
  const random = rng(11);
  for (let k = 0; k < 120; k++) {
    const n = k % 3 === 2 ? 2 : 3;
    const state = wasm.apply_moves(n, '', randomMoves(random));
    // Held another way: the colours of a cube turned whole (on the 3x3 its centres move too).
    const rot = ROTATIONS[k % 24];
    const colours = coloursOf(state).map((c) => rot[c]);
    // Every sticker sure of its colour, a little noise in the rest.
    const cost = colours.map((c) => STANDARD.map((x) => (x === c ? 0 : 8 + 4 * random())));
    const { cubes } = likeliestCubes(n, cost, STANDARD, { keep: 3 });
    assert.deepEqual(cubes[0].colours, colours, `cube ${k}`);
    assert.ok(legal(n, cubes[0].colours));
    // The next likeliest are legal too, and each differs in at least two stickers.
    for (const alt of cubes.slice(1)) {
      assert.ok(legal(n, alt.colours), `cube ${k}: an alternative is legal`);
      assert.ok(alt.colours.filter((c, i) => c !== colours[i]).length >= 2);
    }
  }
});

test('the legal cube mends a reading: an edge with two reds, a twisted corner, a swapped pair', () => {
  const random = rng(12);
  for (let k = 0; k < 40; k++) {
    const state = wasm.apply_moves(3, '', randomMoves(random));
    const colours = coloursOf(state);
    // Sure stickers, but one doubtful sticker's pixels look likelier another colour.
    const wrong = [0, 1, 2, 3, 5, 6, 7, 8][k % 8] + 9 * (k % 6);
    const other = (colours[wrong] + 1 + (k % 5)) % 6;
    const cost = colours.map((c, i) => STANDARD.map((x) => (i === wrong ? (x === other ? 0 : x === c ? 2 : 30) : x === c ? 0 : 30)));
    const { cubes } = legalCubes(3, cost.map((row) => row), { keep: 1 });
    assert.deepEqual(cubes[0].colours, colours, `cube ${k}: sticker ${wrong} mended`);
  }
});

// The reader on a test set: its cubes, read, with what the pixels alone say.
function readSet(set, total) {
  return Array.from({ length: total }, (_, k) => {
    const { n, state, images } = scanCube(set, k, total, wasm.apply_moves);
    return { n, state, images, read: readCube(images, n, PALETTE, STANDARD) };
  });
}
const sets = { rendered: readSet('rendered', 40), real: readSet('real', 40) };

test('every cube read is legal, and a reading that is a legal cube already is never changed', () => {
  for (const [name, cubes] of Object.entries(sets)) {
    cubes.forEach(({ n, read }, k) => {
      assert.equal(read.problem, null, `${name} ${k}`);
      assert.ok(legal(n, read.colors), `${name} ${k}: legal`);
      if (legal(n, read.raw)) assert.deepEqual(read.colors, read.raw, `${name} ${k}: a legal reading kept`);
      else assert.ok(read.changed.length > 0, `${name} ${k}: what changed is said`);
    });
  }
});

test('answers: each doubtful sticker answered as the cube shows it reaches the cube', () => {
  let asked = 0;
  for (const { n, state, read } of sets.real) {
    if (!read.doubtful.length) continue;
    const truth = coloursOf(state);
    const answers = new Map();
    let now = read;
    for (let round = 0; round < 12 && now.doubtful.some((i) => !answers.has(i)); round++) {
      const i = now.doubtful.find((j) => !answers.has(j));
      // The question offers the right colour (the two likeliest).
      assert.ok(now.ask.get(i).includes(truth[i]) || now.colors[i] === truth[i], 'the right colour among the two offered');
      answers.set(i, truth[i]);
      asked++;
      now = decide(read.reading, answers);
      for (const [j, c] of answers) assert.equal(now.colors[j], c, 'an answer is kept');
      assert.ok(legal(n, now.colors));
    }
    if (now.colors.some((c, i) => c !== truth[i])) continue; // wrong and sure: painting fixes it
    assert.deepEqual(now.colors, truth);
  }
  assert.ok(asked > 0, 'some questions were asked');
});

test('a face shown twice, or turned, is named instead of a forced cube', () => {
  let named = 0;
  let tried = 0;
  for (const [k, { n, state, images }] of sets.real.entries()) {
    if (n !== 3 || k % 4) continue;
    tried += 2;
    const f = k % 6;
    const twice = images.map((img, i) => (i === f ? images[(f + 1) % 6] : img));
    const a = readCube(twice, n, PALETTE, STANDARD);
    if (a.problem) {
      assert.match(a.problem, /look alike|does not fit|looks turned/);
      named++;
    } else assert.notEqual(lettersOf(n, a.colors), state);
    // The face's photo turned upside down.
    const flipped = images.map((img, i) => (i === f ? { ...img, data: upsideDown(img) } : img));
    const b = readCube(flipped, n, PALETTE, STANDARD);
    if (b.problem) {
      assert.match(b.problem, new RegExp(`Face ${LETTERS[f]} looks turned a half turn|does not fit|look alike`));
      named++;
    }
  }
  assert.ok(named >= tried * 0.6, `${named} of ${tried} named`);
});

function upsideDown({ width, height, data }) {
  const out = new Uint8ClampedArray(data.length);
  for (let p = 0; p < width * height; p++) out.set(data.subarray(p * 4, p * 4 + 4), (width * height - 1 - p) * 4);
  return out;
}

test('reading is the same through readColours and decide as through readCube', () => {
  const { n, images } = sets.real[3];
  const rgb = images.flatMap((img) => sampleFace(img, n));
  assert.deepEqual(decide(readColours(rgb, n, PALETTE, STANDARD)).colors, sets.real[3].read.colors);
});

test('a 3x3 of another colour scheme (green and yellow swapped): its faces are read right by their centres', () => {
  let exact = 0;
  for (let k = 0; k < 10; k++) {
    const random = rng(500 + k);
    const state = wasm.apply_moves(3, '', randomMoves(random));
    // The cube's plastic: the front green → yellow, the bottom yellow → green.
    const swapped = [...state].map((l) => ({ F: 'D', D: 'F' })[l] ?? l).join('');
    const rgb = realColours(swapped, 3, random);
    const read = decide(readColours(rgb, 3, PALETTE, STANDARD));
    assert.ok(wasm.validate(lettersOf(3, read.colors)).ok, `cube ${k}: legal`);
    if (lettersOf(3, read.colors) === state) exact++;
  }
  assert.ok(exact >= 8, `${exact} of 10 exact`);
});
