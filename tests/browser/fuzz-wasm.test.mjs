// Fuzzing the wasm entry points in Node (the same module the page loads): random and mutated
// sticker strings, move strings and table bytes through validate, apply_moves, the solvers and
// the table loaders. Nothing may trap (a Rust panic is a RuntimeError "unreachable") or hang;
// every refusal is an Error with a message that names the problem. FUZZ_CASES sets the count
// (default 10,000; `./build.sh fuzz` runs a million).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const pkg = fileURLToPath(new URL('../../www/pkg/', import.meta.url));
const wasm = await import(`${pkg}cubehint.js`);
wasm.initSync({ module: readFileSync(`${pkg}cubehint_bg.wasm`) });
const { validate, apply_moves, is_solved, Solver, OptimalSolver } = wasm;

const CASES = Number(process.env.FUZZ_CASES ?? 10000);
const CODES = ['length', 'letter', 'center', 'count', 'piece', 'duplicate', 'twist', 'flip', 'parity'];

// A small seeded generator (xorshift), so a failure repeats.
function rng(seed) {
  let s = BigInt(seed) | 1n;
  return (n) => {
    s ^= (s << 13n) & 0xffffffffffffffffn;
    s ^= s >> 7n;
    s ^= (s << 17n) & 0xffffffffffffffffn;
    return Number(s % BigInt(n));
  };
}

const ALPHABET = 'URFDLBurfdlbwrgyobWRGYOB *x-9\n\té';
const pick = (r, s) => s[r(s.length)];

const FACE_TURNS = ['U', 'R', 'F', 'D', 'L', 'B'].flatMap((f) => [f, `${f}'`, `${f}2`]);

function stickerString(r) {
  const kind = r(5);
  if (kind === 0) return Array.from({ length: r(70) }, () => pick(r, ALPHABET)).join('');
  // A legal cube: random face turns from solved (cheap, so a million cases stay minutes).
  const size = r(2) ? 3 : 2;
  const chars = [...apply_moves(size, '', Array.from({ length: 25 }, () => pick(r, FACE_TURNS)).join(' '))];
  if (kind === 1) return chars.join('');
  for (let k = 0; k <= r(4); k++) {
    const i = r(Math.max(chars.length, 1));
    const op = r(4);
    if (op === 0) chars[i] = pick(r, 'URFDLB');
    else if (op === 1) [chars[i], chars[r(chars.length)]] = [chars[r(chars.length)], chars[i]];
    else if (op === 2) chars.splice(i, 1);
    else chars.splice(i, 0, pick(r, ALPHABET));
  }
  return chars.join('');
}

const TOKENS = ['U', 'R', 'F', 'D', 'L', 'B', "U'", 'R2', "F2'", 'D1', 'L3', 'x', "y'", 'z2', 'Rw', "r'", 'M', 'E2', "S'", '(', "'", '2', 'Q', 'UU', 'R22', '  ', 'é', "Lw2'", '#'];
const moveString = (r) => Array.from({ length: r(30) }, () => pick(r, TOKENS) + (r(4) ? ' ' : '')).join('');

// A refusal is an Error (not a trap) whose message is worth showing.
function assertClearError(e, what) {
  assert.ok(e instanceof Error, `${what}: threw ${e}`);
  assert.ok(!(e instanceof WebAssembly.RuntimeError), `${what}: the wasm trapped: ${e.message}`);
  assert.ok(e.message.length > 5, `${what}: "${e.message}"`);
}

test('sticker strings through validate and the solvers', () => {
  const r = rng(2024);
  const solver = new Solver();
  while (solver.table_step('pocket-htm') < 1);
  let [legal, refused] = [0, 0];
  // Every legal 2x2 is solved; one case in 20 also goes through the 3x3 solver (a two-phase
  // solve is what costs time: a million cases stay minutes).
  const solveAll = (i) => i % 20 === 0;
  for (let i = 0; i < CASES; i++) {
    const text = stickerString(r);
    const v = validate(text);
    if (v.ok) {
      legal++;
      if (v.size === 2 || solveAll(i)) {
        let solution = null;
        try {
          solution = v.size === 2 ? solver.solve_2x2(text, 'htm') : solver.solve_3x3(text, 20, 2e6);
        } catch (e) {
          // The node budget keeps the run short; a stop is the one refusal a legal cube may get.
          assert.match(e.message, /error\[stopped\]/, `case ${i}: legal ${text} refused`);
        }
        if (solution) {
          assert.ok(is_solved(apply_moves(v.size, text, solution.moves)), `case ${i}: ${text} + ${solution.moves}`);
          solution.free();
        }
      }
    } else {
      // Each read of `problems` makes new objects: read once, each freed after use.
      const problems = v.problems;
      assert.ok(problems.length > 0, `case ${i}: refused without a problem: ${text}`);
      for (const p of problems) {
        assert.ok(CODES.includes(p.code), `case ${i}: code ${p.code}`);
        assert.ok(p.message.length > 5 && p.stickers.length <= p.indices.length);
        p.free();
      }
      const calls = [() => solver.solve_2x2(text, 'htm')];
      if (solveAll(i)) calls.push(() => solver.solve_3x3(text, 20, 1e5));
      for (const call of calls) {
        assert.throws(call, (e) => (assertClearError(e, `case ${i}`), /error\[/.test(e.message)));
      }
      refused++;
    }
    v.free();
  }
  assert.ok(legal > 0 && refused > 0, `${legal} legal, ${refused} refused`);
});

test('move strings apply or name the bad token', () => {
  const r = rng(77);
  let [applied, refused] = [0, 0];
  for (let i = 0; i < CASES; i++) {
    const text = moveString(r);
    const size = r(2) ? 2 : 3;
    try {
      assert.equal(apply_moves(size, '', text).length, size * size * 6);
      applied++;
    } catch (e) {
      assertClearError(e, `case ${i}: ${text}`);
      refused++;
    }
  }
  assert.ok(applied > 0 && refused > 0, `${applied} applied, ${refused} refused`);
});

test('table bytes are checked, never trusted', () => {
  const r = rng(99);
  const solver = new Solver();
  while (solver.table_step('pocket-htm') < 1);
  const good = solver.table_bytes('pocket-htm');
  const n = Math.max(100, Math.floor(CASES / 20));
  for (let i = 0; i < n; i++) {
    const bad = Uint8Array.from(good);
    const cut = r(3) === 0;
    const bytes = cut ? bad.subarray(0, r(bad.length)) : bad;
    if (!cut) for (let k = 0; k <= r(3); k++) bytes[r(r(2) ? 200 : bytes.length)] ^= 1 << r(8);
    const fresh = new Solver();
    try {
      fresh.table_offer('pocket-htm', bytes);
      assert.deepEqual(fresh.table_bytes('pocket-htm'), good, `case ${i}: took changed bytes`);
    } catch (e) {
      assertClearError(e, `case ${i}`);
    }
    fresh.free();
    // The optimal solver's loaders on random headers: refused, and the solver still usable.
    const junk = Uint8Array.from({ length: r(300) }, () => r(256));
    if (junk.length >= 8) junk.set(new TextEncoder().encode('CUBEHINT'));
    const optimal = new OptimalSolver('h0-2bit');
    assert.throws(() => optimal.table_offer('h0', junk), (e) => (assertClearError(e, `case ${i}`), true));
    assert.throws(() => optimal.table_offer('phase1', junk), (e) => (assertClearError(e, `case ${i}`), true));
    assert.equal(optimal.ready(), false);
    optimal.free();
  }
});

test('a 3x3 search ends on the clock when given one, and answers within it otherwise', () => {
  const solver = new Solver();
  while (!solver.table_ready('two-phase')) solver.table_step('two-phase');
  // The phone tests' hard cube: no 20 within any quick search. 100 million nodes (most of a
  // minute here, far more than 5 s on any machine) and 100 ms of the clock: the clock ends it.
  const hard = 'RBFLURBFLBUUFRBBDDRUURFLRDDBFLLDRRBFFUUBLFFDDLUULBRLDD';
  const t0 = Date.now();
  assert.throws(() => solver.solve_3x3(hard, 20, 1e8, 100), /error\[stopped\]/);
  const ms = Date.now() - t0;
  assert.ok(ms < 5_000, `stopped after ${ms} ms, not on the clock`);
  // Within the clock, a cube is answered as without it; a 30-move cap is met at once.
  const capped = solver.solve_3x3(hard, 30, 1e9, 5_000);
  assert.ok(capped.moves.split(' ').length <= 30);
  assert.ok(is_solved(apply_moves(3, hard, capped.moves)), capped.moves);
  const easy = apply_moves(3, '', "R U F' L2 D B' R2 U' F2 L");
  const s = solver.solve_3x3(easy, 20, 1e6, 5_000);
  assert.ok(is_solved(apply_moves(3, easy, s.moves)), s.moves);
  solver.free();
});
