// Our command-line solutions checked by an independent simulator: cubing.js's KPuzzle (run in
// Node, no browser) applies each scramble and then our solution, and must find the cube solved.
// This checks the sticker-string reading, the solvers and the move notation against code we did
// not write.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cube2x2x2, cube3x3x3 } from 'cubing/puzzles';
import { Alg } from 'cubing/alg';
import { count, run, scrambles } from './cli.mjs';

test('3x3: random states and hard positions, solved within 20 moves as cubing.js applies them', async () => {
  const hard = [
    ['superflip', "U R2 F B R B2 R U2 L B2 R U' D' R2 F R' L B2 U2 F2"],
    ['checkerboard', 'U2 D2 F2 B2 L2 R2'],
    ['J-perm', "R U R' F' R U R' U' R' F R2 U' R' U'"],
    ['six spots', "U D' R L' F B' U D'"],
    ['solved', ''],
  ].map(([name, moves]) => ({ name, moves, facelets: run(['apply', '--size', '3', ...moves.split(' ').filter(Boolean)]).trim() }));
  const states = [...scrambles('3x3', 300, 11), ...hard];
  const solutions = run(['solve'], states.map((s) => s.facelets).join('\n') + '\n').split('\n');
  const k = await cube3x3x3.kpuzzle();
  const solved = k.defaultPattern();
  states.forEach((s, i) => {
    const solution = solutions[i];
    assert.ok(!solution.startsWith('error'), `${s.name ?? s.facelets}: ${solution}`);
    const after = solved.applyAlg(new Alg(s.moves)).applyAlg(new Alg(solution));
    assert.ok(after.isIdentical(solved), `${s.name ?? s.facelets}: ${s.moves} then ${solution} leaves it unsolved`);
    assert.ok(count(solution) <= 20, `${solution} is longer than 20 moves`);
  });
  // Within 10 moves the two-phase solver is optimal: the checkerboard takes 6, solved none.
  assert.equal(count(solutions[states.length - 4]), 6);
  assert.equal(solutions[states.length - 1], '');
});

test('2x2: random states solved optimally as cubing.js applies them', async () => {
  const states = scrambles('2x2', 200, 11);
  const solutions = run(['solve'], states.map((s) => s.facelets).join('\n') + '\n').split('\n');
  const k = await cube2x2x2.kpuzzle();
  states.forEach((s, i) => {
    const after = k.defaultPattern().applyAlg(new Alg(s.moves)).applyAlg(new Alg(solutions[i]));
    // Our 2x2 solutions keep one corner in place, so the cube may end up turned as a whole.
    assert.ok(
      after.experimentalIsSolved({ ignorePuzzleOrientation: true, ignoreCenterOrientation: true }),
      `${s.moves} then ${solutions[i]} leaves it unsolved`,
    );
    assert.ok(count(solutions[i]) <= 11, `${solutions[i]}: no 2x2 state needs more than 11 moves`);
  });
});

test('3x3 optimal (h0 tables): short scrambles solved at the two-phase length, as cubing.js applies them', async () => {
  // Within 10 moves the two-phase solver is optimal too, so the lengths must agree.
  const dir = mkdtempSync(join(tmpdir(), 'cubehint-optimal-'));
  try {
    const states = scrambles('3x3', 40, 5)
      .map((s) => s.moves.split(' ').slice(0, 6 + (s.moves.length % 5)).join(' '))
      .map((moves) => ({ moves, facelets: run(['apply', '--size', '3', ...moves.split(' ')]).trim() }));
    const input = states.map((s) => s.facelets).join('\n') + '\n';
    const twoPhase = run(['solve'], input).split('\n');
    const optimal = run(['solve', '--optimal', '--table', 'medium', '--tables', dir], input).split('\n');
    const k = await cube3x3x3.kpuzzle();
    const solved = k.defaultPattern();
    states.forEach((s, i) => {
      const after = solved.applyAlg(new Alg(s.moves)).applyAlg(new Alg(optimal[i]));
      assert.ok(after.isIdentical(solved), `${s.moves} then ${optimal[i]} leaves it unsolved`);
      assert.equal(count(optimal[i]), count(twoPhase[i]), `${s.moves}: optimal ${optimal[i]}, two-phase ${twoPhase[i]}`);
      assert.ok(count(optimal[i]) <= count(s.moves));
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  // A table size it does not have: a clear error naming the sizes, nothing built.
  assert.throws(() => run(['solve', '--optimal', '--table', 'giant'], ''), (e) =>
    /h0-2bit, h0, h3, h4, h5 or h6/.test(String(e.stderr)),
  );
});
